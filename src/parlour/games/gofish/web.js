// Go Fish: your hand by rank, the books laid down, the other hands and the pool, the asks
// (a player, then one of your ranks), and what the table knows of the other hands.
import { colon, esc, lang, wordsOf } from "../i18n.js";
import { back, face } from "../cards.js";
import { hintOptions } from "./askdraw.js";

export { hintOptions };

// The faces' letters: French cards mark the valet V, the dame D, the roi R (the as stays A).
const LABELS = {
  en: ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"],
  fr: ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R"],
};
const SUITS = ["♠", "♥", "♦", "♣", "★", "●", "■", "▲"];
const RANKS = {
  en: ["aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens", "kings"],
  fr: ["as", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "valets", "dames", "rois"],
};
const WORDS = {
  ask: ["Ask {name} for:", "Demander à {name}\u00a0:"],
  ask_whom: ["Ask:", "Demander à\u00a0:"],
  hand: ["Your hand", "Votre main"],
  pool: ["Pool: {n}", "Pioche\u00a0: {n}"],
  books: [["{n} book", "{n} books"], ["{n} livre", "{n} livres"]],
  laid: ["Books laid down", "Livres posés"],
  cards: [["{n} card", "{n} cards"], ["{n} carte", "{n} cartes"]],
  memory: ["What the table knows", "Ce que la table sait"],
  holds: ["holds", "a"],
  asked_for: ["asked for", "a demandé"],
  lacks: ["has none of", "n'a pas"],
  likeliest: ["Likeliest find: a card of {rank}, with {name} ({p}%)", "Meilleure piste\u00a0: des {rank}, chez {name} ({p}\u00a0%)"],
  nothing: ["nothing known", "rien de connu"],
  any: ["any {rank}", "des {rank}"],
  // A book laid down is named as the game's narration names it (« pose le livre des sept »).
  book: ["book of {rank}", "livre des {rank}"],
};
const w = wordsOf(WORDS);

export const rankLabel = (rank) => {
  const labels = LABELS[lang === "fr" ? "fr" : "en"];
  return rank < labels.length ? labels[rank] : String(rank + 1);
};
export const rankWord = (rank) => {
  const words = RANKS[lang === "fr" ? "fr" : "en"];
  return rank < words.length ? words[rank] : rankLabel(rank);
};
// The ranks a seat surely lacks: "has none of: aces, eights"; « n'a pas d'as ni de huit » (de
// elided before a vowel; « huit » starts with an aspirated h, which keeps it).
function lacksText(words) {
  if (lang !== "fr") return `${w("lacks")}${colon()} ${words.join(", ")}`;
  const de = (word) => (/^[aeiouyàâéèêëîïôûü]/i.test(word) ? `d'${word}` : `de ${word}`);
  return `${w("lacks")} ${words.map(de).join(" ni ")}`;
}

const suitLabel = (suit) => (suit < SUITS.length ? SUITS[suit] : `/${suit + 1}`);
const red = (suit) => suit === 1 || suit === 2;

export function cardSvg(view, card, cls = "", extra = "") {
  const rank = Math.floor(card / view.suits), suit = card % view.suits;
  const label = `${rankLabel(rank)}${suitLabel(suit)}`;
  return face({ big: suitLabel(suit), corner: label, caption: rankLabel(rank), color: red(suit) ? "#b91c1c" : "#222",
    cls, data: `data-card="${card}" ${extra}`, title: label });
}

// A rank: asked for ("any sevens"), or, as a book laid down, named as such ("book of sevens").
function rankChip(view, rank, extra = "", title = w("any", { rank: rankWord(rank) })) {
  return face({ big: rankLabel(rank), caption: rankWord(rank), color: "#1e3a8a", cls: "", data: `data-rank="${rank}" ${extra}`,
    title });
}


export function seatExtra(view, seat) {
  return `<span style="color:#d1fae5;font-size:.85rem">${w("cards", { n: view.hand_sizes[seat] })} · ${w("books", { n: view.books[seat] })}</span>`;
}

// The server's memory hint (the seat's tracker): cards seen, ranks asked for, ranks it lacks.
function memoryPanel(view, hint) {
  if (!hint || hint.kind !== "memory") return "";
  const suits = view.suits;
  const rows = hint.players.map((known) => {
    const holds = known.holds.map((c) => cardSvg(view, c, "small")).join("");
    const asked = known.groups.map((r) => esc(rankWord(r))).join(", ");
    const byRank = new Map();
    for (const c of known.lacks) byRank.set(Math.floor(c / suits), (byRank.get(Math.floor(c / suits)) || 0) + 1);
    const none = [...byRank.entries()].filter(([, k]) => k >= suits).map(([r]) => esc(rankWord(r)));
    const empty = holds || asked || none.length ? "" : ` <span class="muted">${w("nothing")}</span>`;
    return `<div class="memory-row" data-seat="${known.seat}"><strong>${esc(view.players[known.seat])}</strong>${empty}
      ${holds ? `<div class="cards">${holds}</div>` : ""}${asked ? `<div>${w("asked_for")}${colon()} ${asked}</div>` : ""}
      ${none.length ? `<div class="lacks">${lacksText(none)}</div>` : ""}</div>`;
  }).join("");
  const best = hint.likeliest;
  const likeliest = best ? `<div class="hint" id="likeliest">${esc(w("likeliest", {
    rank: rankWord(Math.floor(best.card / suits)), name: view.players[best.seat], p: Math.round(100 * best.chance) }))}</div>` : "";
  return `<div class="panel" style="color:#222;margin-top:.6em" id="memory"><strong>${w("memory")}</strong>${rows}${likeliest}</div>`;
}

const chosen = { target: null };  // the player this page is about to ask

export function bind(board, ctx) {
  board.querySelectorAll(".target-chip").forEach((chip) => chip.addEventListener("click", () => {
    chosen.target = Number(chip.dataset.target);
    ctx.repaint();
  }));
}

function asksPanel(view, ctx) {
  if (!ctx.legal.length) return "";
  const byTarget = new Map();
  for (const a of ctx.legal) { if (!byTarget.has(a.target)) byTarget.set(a.target, []); byTarget.get(a.target).push(a); }
  if (!byTarget.has(chosen.target)) chosen.target = byTarget.keys().next().value;
  const chips = [...byTarget.keys()].map((target) => `<button type="button" class="target-chip ${target === chosen.target ? "chosen" : ""}" aria-pressed="${target === chosen.target}"
    data-target="${target}">${esc(view.players[target])}</button>`).join("");
  const ranks = byTarget.get(chosen.target).map((a) =>
    rankChip(view, a.rank, `data-act='${JSON.stringify(a)}' style="cursor:pointer" tabindex="0"`)).join("");
  return `<div class="ask-row"><div class="row">${w("ask_whom")} ${chips}</div>
    <div style="margin:.4em 0">${esc(w("ask", { name: view.players[chosen.target] }))}</div><div class="cards">${ranks}</div></div>`;
}

export function render(view, ctx, options = {}) {
  const laid = view.laid.map((l) => `<div style="text-align:center">${rankChip(view, l.group, "", w("book", { rank: rankWord(l.group) }))}
    <div style="font-size:.75rem">${esc(view.players[l.seat])}</div></div>`).join("");
  const hand = (view.hand || []).map((c) => cardSvg(view, c)).join("");
  const others = view.players.map((name, seat) => seat === view.seat ? "" :
    `<div style="text-align:center">${back({ count: view.hand_sizes[seat], title: name, cls: "small" })}<div style="font-size:.8rem">${esc(name)}</div></div>`).join("");
  const memo = ctx.hints.memory_hint && ctx.you !== null ? memoryPanel(view, ctx.serverHints) : "";
  return `<div class="center" style="justify-content:space-around">${others}
      <div style="text-align:center">${back({ count: view.pile_size, title: w("pool", { n: view.pile_size }), color: "#0e7490" })}<div>${w("pool", { n: view.pile_size })}</div></div></div>
    ${laid ? `<div><strong>${w("laid")}</strong><div class="cards books">${laid}</div></div>` : ""}
    ${view.hand ? `<div style="margin-top:.6em"><strong>${w("hand")}</strong><div class="cards" id="my-hand">${hand}</div></div>` : ""}
    <div id="asks" style="margin-top:.6em">${asksPanel(view, ctx)}</div>${memo}${options.after || ""}`;
}

export const customActions = true;

export function label(action, view) {
  return `${view.players[action.target]}${colon()} ${w("any", { rank: rankWord(action.rank) })}`;
}

export function animate(events, root) {
  for (const e of events) {
    for (const card of e.cards || (e.card !== undefined ? [e.card] : [])) {
      if (e.type === "give" || e.type === "bonne_pioche" || e.type === "draw") {
        root.querySelector(`#my-hand [data-card="${card}"]`)?.classList.add("anim-draw");
      }
    }
    if (e.type === "lay") root.querySelector(`.books [data-rank="${e.group}"]`)?.classList.add("anim-pop");
  }
}

// The end screen's line for a seat: the books it laid down.
export function standing(view, seat) {
  return w("books", { n: view.books[seat] });
}
