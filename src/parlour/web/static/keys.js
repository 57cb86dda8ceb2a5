// The terminal's keys at the web table (h: hint, r: rules, 1-9: moves, ?: the keys) and in
// replays (the arrows). Never while the player types in a field, nor with a modifier held.
let handlers = null;

// The keys of the page now shown ({key: function}), or null for none.
export function useKeys(map) { handlers = map; }

function typing(target) {
  return Boolean(target?.closest?.("input, textarea, select, [contenteditable=''], [contenteditable='true']"));
}

document.addEventListener("keydown", (event) => {
  if (!handlers || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  if (typing(event.target)) return;
  const handler = handlers[event.key];
  if (!handler) return;
  event.preventDefault();
  handler(event);
});
