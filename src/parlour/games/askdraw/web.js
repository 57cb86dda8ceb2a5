// What the ask-and-draw games' web drawings share (served at /static/games/askdraw.js): the
// memory hint option and its panel, computed by the server from the events this seat saw (the
// game's tracker): who surely holds which card, who surely holds a card of a group, who surely
// lacks which card, and the likeliest find.
import { colon, esc, lang } from "../i18n.js";

const WORDS = {
  memory: ["What the table knows", "Ce que la table sait"],
  lacks: ["does not hold", "n'a pas"],
  likeliest: ["Likeliest find: {card}, with {name} ({p}%)", "Meilleure piste\u00a0: {card}, chez {name} ({p}\u00a0%)"],
  nothing: ["nothing known", "rien de connu"],
};
const w = (key, values = {}) => {
  let text = WORDS[key][lang === "fr" ? 1 : 0];
  for (const [k, v] of Object.entries(values)) text = text.replaceAll(`{${k}}`, v);
  return text;
};

export function hintOptions() { return [{ key: "memory_hint", text: "show_memory" }]; }

// `look` draws the game's cards (`card(c, cls)`), names one (`text(c)`), draws a group
// (`group(g)`) and names what a seat surely holds some of (`groupWord`).
export function memoryPanel(hint, players, look) {
  if (!hint || hint.kind !== "memory") return "";
  const rows = hint.players.map((known) => {
    const holds = known.holds.map((c) => look.card(c, "small")).join("");
    const groups = known.groups.map((g) => look.group(g)).join(" ");
    const lacks = known.lacks.map((c) => look.card(c, "small lacked")).join("");
    const empty = holds || groups || lacks ? "" : ` <span class="muted">${w("nothing")}</span>`;
    return `<div class="memory-row" data-seat="${known.seat}"><strong>${esc(players[known.seat])}</strong>${empty}
      ${holds ? `<div class="cards">${holds}</div>` : ""}${groups ? `<div>${look.groupWord}${colon()} ${groups}</div>` : ""}
      ${lacks ? `<div class="lacks">${w("lacks")}${colon()} <span class="cards">${lacks}</span></div>` : ""}</div>`;
  }).join("");
  const best = hint.likeliest;
  const likeliest = best ? `<div class="hint" id="likeliest">${esc(w("likeliest", {
    card: look.text(best.card), name: players[best.seat], p: Math.round(100 * best.chance) }))}</div>` : "";
  return `<div class="panel" style="color:#222;margin-top:.6em" id="memory"><strong>${w("memory")}</strong>${rows}${likeliest}</div>`;
}
