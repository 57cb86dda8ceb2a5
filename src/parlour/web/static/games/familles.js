// The Jeu des 7 familles: your hand in the deck's colours, the families laid down, the asks.
import { esc, lang } from "../i18n.js";
import { back, face } from "../cards.js";

const ROLES_EN = ["grandfather", "grandmother", "father", "mother", "son", "daughter"];
const WORDS = {
  ask: ["Ask {name} for:", "Demander à {name} :"],
  hand: ["Your hand", "Votre main"],
  pile: ["Draw pile: {n}", "Pioche : {n}"],
  families: ["{n} families", "{n} familles"],
  laid: ["Families laid down", "Familles posées"],
  memory: ["What the table knows", "Ce que la table sait"],
  holds: ["holds", "a"],
  has_family: ["has some", "a de la famille"],
  nothing: ["nothing known", "rien de connu"],
  cards: ["{n} cards", "{n} cartes"],
};
export const w = (key, values = {}) => {
  let text = WORDS[key][lang === "fr" ? 1 : 0];
  for (const [k, v] of Object.entries(values)) text = text.replaceAll(`{${k}}`, v);
  return text;
};

export const wantsHistory = true;
export function hintOptions() { return [{ key: "memory_hint", text: "show_memory" }]; }

export function familyOf(card) { return Math.floor(card / 6); }

export function cardSvg(deck, card, cls = "", extra = "") {
  const family = deck.families[familyOf(card)];
  const member = family.members[card % 6];
  return face({ big: family.name.slice(0, 2), corner: family.name, caption: member, color: family.colour,
    band: family.colour, cls, data: `data-card="${card}" ${extra}`, title: `${member} ${family.name}`, bigSize: 22 });
}

export function seatExtra(view, seat) {
  const laid = view.families ? view.families[seat] : 0;
  return `<span style="color:#d1fae5;font-size:.85rem">${w("cards", { n: view.hand_sizes[seat] })} · ${w("families", { n: laid })}</span>`;
}

// Public memory from the events this seat saw: who surely holds which card, who holds a family.
export function memory(history, players) {
  const holds = players.map(() => new Set());
  const families = players.map(() => new Set());
  for (const e of history) {
    if (e.type === "ask") { families[e.seat].add(familyOf(e.card)); holds[e.seat].delete(e.card); }
    if (e.type === "give") { holds[e.seat].delete(e.card); holds[e.to].add(e.card); }
    if (e.type === "pioche") holds[e.seat].delete(e.card);
    if (e.type === "bonne_pioche") holds[e.seat].add(e.card);
    if (e.type === "lay") {
      for (const h of holds) for (const c of e.cards) h.delete(c);
      for (const f of families) f.delete(e.group);
    }
  }
  return { holds, families };
}

export function render(view, ctx, options = {}) {
  const deck = view.deck;
  const laid = view.laid.map((l) => `<div style="text-align:center">${cardSvg(deck, l.group * 6, "small")}
    <div style="font-size:.75rem">${esc(view.players[l.seat])}</div></div>`).join("");
  const hand = (view.hand || []).map((c) => cardSvg(deck, c, ctx.legal.length ? "" : "")).join("");
  const others = view.players.map((name, seat) => seat === view.seat ? "" :
    `<div style="text-align:center">${back({ count: view.hand_sizes[seat], title: name, cls: "small" })}<div style="font-size:.8rem">${esc(name)}</div></div>`).join("");
  let asks = "";
  if (ctx.legal.length) {
    const byTarget = new Map();
    for (const a of ctx.legal) { if (!byTarget.has(a.target)) byTarget.set(a.target, []); byTarget.get(a.target).push(a); }
    asks = [...byTarget.entries()].map(([target, list]) => `<div class="ask-row" data-target="${target}"><div>${esc(w("ask", { name: view.players[target] }))}</div>
      <div class="cards">${list.map((a) => cardSvg(deck, a.card, "small", `data-act='${JSON.stringify(a)}' style="cursor:pointer" tabindex="0"`)).join("")}</div></div>`).join("");
  }
  let memo = "";
  if (ctx.hints.memory_hint && ctx.you !== null) {
    const known = memory(ctx.history, view.players);
    memo = `<div class="panel" style="color:#222;margin-top:.6em" id="memory"><strong>${w("memory")}</strong>${view.players.map((name, seat) => {
      if (seat === ctx.you) return "";
      const cards = [...known.holds[seat]].map((c) => cardSvg(deck, c, "small")).join("");
      const fams = [...known.families[seat]].map((f) => `<span class="family-tag" style="background:${deck.families[f].colour}">${esc(deck.families[f].name)}</span>`).join(" ");
      return `<div class="row"><span style="min-width:90px">${esc(name)}</span>${cards || fams ? "" : `<span class="muted">${w("nothing")}</span>`}
        <span class="cards">${cards}</span>${fams ? ` ${w("has_family")}: ${fams}` : ""}</div>`;
    }).join("")}</div>`;
  }
  return `<div class="center" style="justify-content:space-around">${others}
      <div style="text-align:center">${back({ count: view.pile_size, title: w("pile", { n: view.pile_size }), color: "#7c2d12" })}<div>${w("pile", { n: view.pile_size })}</div></div></div>
    ${laid ? `<div><strong>${w("laid")}</strong><div class="cards wardrobe">${laid}</div></div>` : ""}
    ${view.hand ? `<div style="margin-top:.6em"><strong>${w("hand")}</strong><div class="cards" id="my-hand">${hand}</div></div>` : ""}
    <div id="asks" style="margin-top:.6em">${asks}</div>${memo}${options.after || ""}`;
}

export const customActions = true;

export function label(action, view) {
  const family = view.deck.families[familyOf(action.card)];
  return `${view.players[action.target]}: ${family.members[action.card % 6]} ${family.name}`;
}

export function animate(events, root) {
  for (const e of events) {
    if (e.type === "give" || e.type === "bonne_pioche" || e.type === "draw") {
      if (e.card !== undefined) root.querySelector(`#my-hand [data-card="${e.card}"]`)?.classList.add("anim-draw");
    }
    if (e.type === "lay") root.querySelector(`.wardrobe [data-card="${e.group * 6}"]`)?.classList.add("anim-pop");
  }
}
export { ROLES_EN };
