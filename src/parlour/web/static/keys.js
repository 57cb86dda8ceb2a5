// The terminal's keys at the web table (h: hint, r: rules, 1-9: moves, ?: the keys) and in
// replays (the arrows). Never while the player types in a field, nor with a modifier held.
let handlers = null;

// The keys of the page now shown ({key: function}), or null for none.
export function useKeys(map) { handlers = map; }

// A field that takes the keys itself: text, a list, a slider's arrows. A checkbox does not (the
// hint's switch keeps the focus once clicked, and the keys must still work then).
const OWN_KEYS = "textarea, select, [contenteditable=''], [contenteditable='true'], " +
  "input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit])";

function typing(target) {
  return Boolean(target?.closest?.(OWN_KEYS));
}

document.addEventListener("keydown", (event) => {
  if (!handlers || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  if (typing(event.target)) return;
  const handler = handlers[event.key];
  if (!handler) return;
  event.preventDefault();
  handler(event);
});
