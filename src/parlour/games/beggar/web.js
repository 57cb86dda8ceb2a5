// Beggar-My-Neighbour: the stacks face down, the central pile, who owes what.
import { esc, t as tr, lang, wordsOf } from "../i18n.js";
import { back, face } from "../cards.js";
import { wordOver } from "../effects.js";

const RED = new Set(["♥", "♦"]);
const WORDS = {
  flip: ["Turn up a card", "Retourner une carte"],
  owes: ["{name} owes {n}", "{name} doit {n}"],
  pile: ["Pile: {n}", "Pile\u00a0: {n}"],
  cards: [["{n} card", "{n} cards"], ["{n} carte", "{n} cartes"]],
  wins: [["{n} round won", "{n} rounds won"], ["{n} manche gagnée", "{n} manches gagnées"]],
  out: ["out", "éliminé"],
  my_stack: ["Your stack, top first", "Votre pile, du dessus"],
  capture: ["{name}: captured!", "{name}\u00a0: ramassé\u00a0!"],
  by_themselves: ["your cards turn up by themselves", "vos cartes se retournent toutes seules"],
  joker: ["Joker", "Joker"],
  beggar_joker: ["Beggar joker", "Joker mendiant"],
};
const w = wordsOf(WORDS);

export function cardFace(card, cls = "") {
  if (card === "X" || card === "B") {
    return face({ big: "★", corner: card === "B" ? "JB" : "J", caption: w(card === "B" ? "beggar_joker" : "joker"),
      color: "#7c3aed", cls, data: `data-card="${esc(card)}"` });
  }
  const suit = card.slice(-1);
  const hasSuit = "♠♥♦♣".includes(suit);
  const rank = hasSuit ? card.slice(0, -1) : card;
  const color = hasSuit && RED.has(suit) ? "#c0392b" : "#1f2328";
  const court = ["J", "Q", "K", "A"].includes(rank);
  const big = `${rank}${hasSuit ? suit : ""}`;
  return face({ big, corner: big, color, cls, data: `data-card="${esc(card)}"`,
    bigSize: big.length > 2 ? 19 : 24, fill: court ? "#fff6df" : "#fffdf7" });
}

export function seatExtra(view, seat) {
  const size = view.stack_sizes[seat];
  const out = !view.active[seat];
  const wins = view.rounds.length ? ` · ${w("wins", { n: view.wins[seat] })}` : "";
  return `<span class="muted" style="color:#d1fae5">${out ? w("out") : w("cards", { n: size })}${wins}</span>`;
}

// The pile as last drawn, so that a capture can show the cards it takes away.
let shownPile = [];
let pileBefore = [];

export function render(view, ctx) {
  pileBefore = shownPile;
  shownPile = view.pile.slice(-6);
  const names = view.players;
  const pile = view.pile.slice(-6);
  const offset = view.pile.length - pile.length;
  const pileHtml = pile.map((card, i) =>
    `<div style="position:absolute;left:${i * 24}px;top:${(i % 2) * 6}px" class="${i === pile.length - 1 ? "top" : ""}">${cardFace(card, i === pile.length - 1 ? "large" : "large")}</div>`).join("");
  const stacks = names.map((name, seat) => `<div class="stack" data-seat="${seat}" style="text-align:center">
      ${view.active[seat] ? back({ count: view.stack_sizes[seat], title: name, color: seat === ctx.you ? "#9a3412" : "#1e3a8a" }) : ""}
      <div style="font-size:.85rem">${esc(name)}</div></div>`).join("");
  let owed = "";
  if (view.owed && view.turn !== null && view.turn !== undefined) {
    owed = `<div class="hint">${esc(w("owes", { name: names[view.turn], n: view.owed }))}</div>`;
  }
  let mine = "";
  if (view.my_stack) {
    mine = `<div style="margin-top:.6em"><div class="muted" style="color:#d1fae5">${w("my_stack")}</div>
      <div class="cards">${view.my_stack.slice(0, 12).map((c) => cardFace(c, "small")).join("")}${view.my_stack.length > 12 ? "…" : ""}</div></div>`;
  }
  return `<div class="center">
      <div class="cards" style="gap:1em">${stacks}</div>
      <div><div class="pile" id="pile" data-count="${view.pile.length}" style="width:${Math.max(90, 84 + (pile.length - 1) * 24)}px">${pileHtml}</div>
      <div style="text-align:center;font-size:.9rem">${w("pile", { n: view.pile.length })}${offset ? " …" : ""}</div></div>
    </div><div style="text-align:center">${owed}</div>${mine}`;
}

export function label(action) {
  return action.type === "flip" ? w("flip") : action.type;
}

// With the speed option the server turns up every card: a hidden tab is not told of its turns.
export function playsItself(view) { return Boolean(view.pace_ms); }

// What a screen reader is told of a move (app.js announces every line otherwise). While the
// flips play themselves (a card or more a second, the whole game), only what matters: a payment
// run starting (a penalty card turned up when nothing was owed), its end (the pile taken), a
// player out, a round's end and the game's; not every card. The log keeps every line.
export function spoken(lines, events, view, before) {
  if (!view?.pace_ms || view.over) return lines;
  if (events.some((e) => e.type !== "flip")) return lines;
  const starts = (view.owed || 0) > 0 && !(before?.owed > 0);
  return starts ? lines : [];
}

export function status(view, ctx) {
  const parts = [];
  if (view.round > 1 || view.rounds.length) parts.push(tr("round", { n: view.round }));
  // The speed option: the server turns up the cards at the table's pace (a page that is
  // hidden or throttled never holds the game up), so the page only says so.
  if (view.pace_ms && !view.over && ctx?.you !== null && ctx?.you !== undefined) parts.push(w("by_themselves"));
  return parts.join(" · ");
}

export function animate(events, root, ctx) {
  const pile = root.querySelector("#pile");
  const last = events[events.length - 1];
  if (!pile || !last) return;
  if (events.some((e) => e.type === "capture")) {
    const capture = events.find((e) => e.type === "capture");
    const seatBox = root.querySelector(`.seat[data-seat="${capture.seat}"]`);
    seatBox?.classList.add("anim-pop");
    // The captured cards sweep off the table towards their new owner.
    const taken = [...pileBefore, ...events.filter((e) => e.type === "flip").map((e) => e.card)].slice(-6);
    taken.forEach((card, i) => {
      const ghost = document.createElement("div");
      ghost.style.cssText = `position:absolute;left:${i * 24}px;top:0`;
      ghost.innerHTML = cardFace(card, "large anim-capture");
      // A picture of cards already seen, on its way out: not a card of the current view.
      ghost.setAttribute("aria-hidden", "true");
      ghost.querySelectorAll("[data-card]").forEach((el) => el.removeAttribute("data-card"));
      pile.appendChild(ghost);
      setTimeout(() => ghost.remove(), 800);
    });
    // Who took the pile, over his seat at the top of the felt.
    wordOver(root, seatBox, w("capture", { name: ctx?.names?.[capture.seat] ?? "" }), { seat: capture.seat, ms: 900, cover: false });
  } else if (last.type === "flip") {
    pile.querySelector(".top")?.classList.add("anim-draw");
  }
}

// The end screen's line for a seat: the cards it holds (all of them for the winner).
export function standing(view, seat) {
  const held = view.active[seat] ? w("cards", { n: view.stack_sizes[seat] }) : w("out");
  return view.rounds.length ? `${held} · ${w("wins", { n: view.wins[seat] })}` : held;
}
