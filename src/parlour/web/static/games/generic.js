// The fallback for a game without its own renderer: its seat's view as it is, and a button
// per legal move named from its JSON form.
import { esc } from "../i18n.js";

export function label(action) {
  const extra = Object.entries(action).filter(([k]) => k !== "type").map(([k, v]) => `${k} ${v}`).join(", ");
  return extra ? `${action.type} (${extra})` : action.type;
}

export function render(view) {
  return `<pre class="view">${esc(JSON.stringify(view, null, 1))}</pre>`;
}
