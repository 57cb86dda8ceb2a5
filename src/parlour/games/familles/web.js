// The Jeu des 7 familles: your hand in the deck's colours, the families laid down, the asks.
import { colon, esc, lang, wordsOf } from "../i18n.js";
import { back } from "../cards.js";
import { hintOptions, memoryPanel } from "./askdraw.js";

const ROLES_EN = ["grandfather", "grandmother", "father", "mother", "son", "daughter"];
const WORDS = {
  ask: ["Ask {name} for:", "Demander à {name}\u00a0:"],
  ask_whom: ["Ask:", "Demander à\u00a0:"],
  hand: ["Your hand", "Votre main"],
  pile: ["Draw pile: {n}", "Pioche\u00a0: {n}"],
  families: [["{n} family", "{n} families"], ["{n} famille", "{n} familles"]],
  laid: ["Families laid down", "Familles posées"],
  holds: ["holds", "a"],
  // Families a seat surely holds a card of (« a de la famille » would say it has relatives).
  has_family: ["has some", "a une carte des familles"],
  cards: [["{n} card", "{n} cards"], ["{n} carte", "{n} cartes"]],
  // A family laid down is named as the family, as the narration names it (« la famille Bones »).
  family_laid: ["{family} family, laid", "famille {family}, posée"],
};
export const w = wordsOf(WORDS);

export function familyOf(card) { return Math.floor(card / 6); }

// A card's full name: « le grand-père Boulanger »; an English deck's members already carry
// their family's name ("Grandpa Bones"), which is then not said twice.
export function memberName(family, role) {
  const member = family.members[role];
  return member.toLowerCase().includes(family.name.toLowerCase()) ? member : `${member} ${family.name}`;
}

// A member's portrait: grandparents with white hair, children smaller, in the family's colour.
function portrait(role, colour) {
  const child = role >= 4, grand = role <= 1, woman = role % 2 === 1;
  const k = child ? 0.78 : 1;
  const cy = 38 + (child ? 3 : 0);
  const head = `<circle cx="30" cy="${cy - 9 * k}" r="${7 * k}" fill="#f3d2b3" stroke="${colour}" stroke-width="1.5"/>`;
  const hair = grand ? `<path d="M${30 - 7 * k} ${cy - 10 * k} a${7 * k} ${7 * k} 0 0 1 ${14 * k} 0" fill="#e5e7eb"/>` :
    woman ? `<path d="M${30 - 7.5 * k} ${cy - 8 * k} a${7.5 * k} ${7.5 * k} 0 0 1 ${15 * k} 0 l0 6 l-3 -4 l-9 0 l-3 4 z" fill="#7c4a21"/>` :
      `<path d="M${30 - 7 * k} ${cy - 11 * k} a${7 * k} ${5 * k} 0 0 1 ${14 * k} 0" fill="#4b2e14"/>`;
  const body = woman ? `<path d="M30 ${cy - 1} L${30 - 12 * k} ${cy + 18 * k} L${30 + 12 * k} ${cy + 18 * k} Z" fill="${colour}"/>` :
    `<rect x="${30 - 9 * k}" y="${cy - 1}" width="${18 * k}" height="${19 * k}" rx="4" fill="${colour}"/>`;
  return body + head + hair;
}

// `name`: what the card stands for when it is not itself (a family laid down), else its member.
export function cardSvg(deck, card, cls = "", extra = "", name = null) {
  const family = deck.families[familyOf(card)];
  const role = card % 6;
  const member = family.members[role];
  const label = name ?? memberName(family, role);
  // The band names the family; the caption, the member without it ("Grandpa Bun": "Grandpa").
  // Both are captions, at least 11 px on screen (style.css), squeezed if too wide (cards.js).
  // An article goes too ("le grand-père": "grand-père"): the caption's room is one short line.
  const alone = member.split(" ").filter((word) => word !== family.name).join(" ").replace(/^(le|la|les|the) /i, "")
    .replace(/^l'/i, "") || member;
  return `<svg class="card ${cls}" viewBox="0 0 60 84" role="img" aria-label="${esc(label)}" data-card="${card}" ${extra}>
    <title>${esc(label)}</title>
    <rect x="1" y="1" width="58" height="82" rx="6" fill="#fffdf7" stroke="#333" stroke-width="1.2"/>
    <path d="M1 21 L1 7 Q1 1 7 1 L53 1 Q59 1 59 7 L59 21 Z" fill="${family.colour}"/>
    <text class="caption" x="30" y="16" font-size="11" font-weight="700" text-anchor="middle" fill="#fff">${esc(family.name)}</text>
    <g transform="translate(0 4)">${portrait(role, family.colour)}</g>
    <text class="caption" x="30" y="79" font-size="11" font-weight="700" text-anchor="middle" fill="#222">${esc(alone)}</text></svg>`;
}

export function seatExtra(view, seat) {
  const laid = view.families ? view.families[seat] : 0;
  return `<span style="color:#d1fae5;font-size:.85rem">${w("cards", { n: view.hand_sizes[seat] })} · ${w("families", { n: laid })}</span>`;
}

export function cardText(deck, card) {
  return memberName(deck.families[familyOf(card)], card % 6);
}

const chosen = { target: null };  // the player this page is about to ask

export function bind(board, ctx) {
  board.querySelectorAll(".target-chip").forEach((chip) => chip.addEventListener("click", () => {
    chosen.target = Number(chip.dataset.target);
    ctx.repaint();
  }));
}

export function render(view, ctx, options = {}) {
  const deck = view.deck;
  const laid = view.laid.map((l) => `<div style="text-align:center">${cardSvg(deck, l.group * 6, "", "",
    w("family_laid", { family: deck.families[l.group].name }))}
    <div style="font-size:.75rem">${esc(view.players[l.seat])}</div></div>`).join("");
  const hand = (view.hand || []).map((c) => cardSvg(deck, c, ctx.legal.length ? "" : "")).join("");
  const others = view.players.map((name, seat) => seat === view.seat ? "" :
    `<div style="text-align:center">${back({ count: view.hand_sizes[seat], title: name, cls: "small" })}<div style="font-size:.8rem">${esc(name)}</div></div>`).join("");
  let asks = "";
  if (ctx.legal.length) {
    const byTarget = new Map();
    for (const a of ctx.legal) { if (!byTarget.has(a.target)) byTarget.set(a.target, []); byTarget.get(a.target).push(a); }
    if (!byTarget.has(chosen.target)) chosen.target = byTarget.keys().next().value;
    const chips = [...byTarget.keys()].map((target) => `<button type="button" class="target-chip ${target === chosen.target ? "chosen" : ""}" aria-pressed="${target === chosen.target}"
      data-target="${target}">${esc(view.players[target])}</button>`).join("");
    const list = byTarget.get(chosen.target);
    asks = `<div class="ask-row"><div class="row">${w("ask_whom")} ${chips}</div>
      <div style="margin:.4em 0">${esc(w("ask", { name: view.players[chosen.target] }))}</div>
      <div class="cards">${list.map((a) => cardSvg(deck, a.card, "", `data-act='${JSON.stringify(a)}' style="cursor:pointer" tabindex="0"`)).join("")}</div></div>`;
  }
  let memo = "";
  if (ctx.hints.memory_hint && ctx.you !== null) {
    memo = memoryPanel(ctx.serverHints, view.players, {
      card: (c, cls) => cardSvg(deck, c, cls),
      text: (c) => cardText(deck, c),
      group: (f) => `<span class="family-tag" style="background:${deck.families[f].colour}">${esc(deck.families[f].name)}</span>`,
      groupWord: w("has_family"),
    });
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
  return `${view.players[action.target]}${colon()} ${memberName(family, action.card % 6)}`;
}

export function animate(events, root) {
  for (const e of events) {
    if (e.type === "give" || e.type === "bonne_pioche" || e.type === "draw") {
      if (e.card !== undefined) root.querySelector(`#my-hand [data-card="${e.card}"]`)?.classList.add("anim-draw");
    }
    if (e.type === "lay") root.querySelector(`.wardrobe [data-card="${e.group * 6}"]`)?.classList.add("anim-pop");
  }
}
export { ROLES_EN, hintOptions };

// The end screen's line for a seat: the families it laid down.
export function standing(view, seat) {
  return w("families", { n: view.families ? view.families[seat] : 0 });
}
