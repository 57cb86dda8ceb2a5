// The terminal's keys at the web table (h: hint, r: rules, 1-9: moves, ?: the keys) and in
// replays (the arrows). Never while the player types in a field, nor with a modifier held; a
// move never from a form control; and the single-character keys not at all once the player
// has switched them off (WCAG 2.1.4: a speech-input user's words must not play moves).
let handlers = null;

const SHORTCUTS = "parlour.keys";

// Whether the single-key shortcuts are on (they are, until the player switches them off).
export function shortcutsWanted() { return localStorage.getItem(SHORTCUTS) !== "0"; }
export function setShortcuts(on) { localStorage.setItem(SHORTCUTS, on ? "1" : "0"); }

// The keys of the page now shown ({key: function}), or null for none.
export function useKeys(map) { handlers = map; }

// A field that takes the keys itself: text, a list, a slider's arrows. A checkbox does not (the
// hint's switch keeps the focus once clicked, and its h must still work then).
const OWN_KEYS = "textarea, select, [contenteditable=''], [contenteditable='true'], " +
  "input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]):not([type=reset])";
// Any form control, where a digit must never play a move: an input of any type (a checkbox
// too), a list, a text area, a button of a form (a move's button belongs to no form).
const CONTROL = "input, select, textarea, form button, [contenteditable=''], [contenteditable='true']";

function typing(target) {
  return Boolean(target?.closest?.(OWN_KEYS));
}

// A key that types a character (a digit, a letter, "?"), as against Escape or an arrow.
const single = (key) => key.length === 1;

document.addEventListener("keydown", (event) => {
  if (!handlers || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  if (typing(event.target)) return;
  const handler = handlers[event.key];
  if (!handler) return;
  if (single(event.key) && !shortcutsWanted()) return;
  if (/^[0-9]$/.test(event.key) && event.target?.closest?.(CONTROL)) return;
  event.preventDefault();
  handler(event);
});
