// Flip 7: every player's line of cards, the deck, and the choice of a target for an action card.
import { esc, lang, wordsOf } from "../i18n.js";
import { back, face } from "../cards.js";
import { wordOver } from "../effects.js";

const WORDS = {
  hit: ["Hit (one more card)", "Tirer une carte"],
  stay: ["Stay (bank)", "S'arrêter (encaisser)"],
  give: ["Give {card} to {name}", "Donner {card} à {name}"],
  freeze: ["Freeze", "Stop"],  // as the French rules, narration and terminal name it
  flip_three: ["Flip Three", "Trois à la suite"],
  second_chance: ["Second Chance", "Seconde chance"],
  // An action card with its article, as the terminal gives it (« Donner le Stop à Anne »).
  the_freeze: ["the Freeze", "le Stop"],
  the_flip_three: ["the Flip Three", "le Trois à la suite"],
  the_second_chance: ["the Second Chance", "la Seconde chance"],
  deck: ["Deck: {n}", "Pioche\u00a0: {n}"],
  total: ["{n} pts", "{n} pts"],
  round_pts: ["this round {n}", "cette manche {n}"],
  last_round: ["last round {n}", "dernière manche {n}"],
  active: ["in play", "en jeu"], stayed: ["stayed", "arrêté"], frozen: ["frozen", "stop"], bust: ["bust", "perdu"],
  // Counted by {n}, the cards that would bust: « 1 carte sur 12 », « 2 cartes sur 12 ».
  hint: [["Risk of a bust on the next card: {p}% ({bust} of {size} cards)", "Risk of a bust on the next card: {p}% ({bust} of {size} cards)"],
    ["Risque de perdre à la prochaine carte\u00a0: {p}\u00a0% ({bust} carte sur {size})", "Risque de perdre à la prochaine carte\u00a0: {p}\u00a0% ({bust} cartes sur {size})"]],
  hint_ev: ["Expected after a hit: {ev} pts ({gain} on your {now} now)", "Espérance après une carte\u00a0: {ev} pts ({gain} sur vos {now} actuels)"],
  target: ["First to {n}", "Premier à {n}"],
  bust_word: ["{name}: Bust!", "{name}\u00a0: Perdu\u00a0!"],
  flip7_word: ["{name}: Flip 7!", "{name}\u00a0: Flip 7\u00a0!"],
  pending: ["{name} assigns {card}", "{name} attribue {card}"],
  show_hint: ["Show the odds", "Afficher les chances"],
};
const w = wordsOf(WORDS);

// Number cards take the colours of the published deck's spirit: one hue per value.
const HUES = ["#6b7280", "#a16207", "#b91c1c", "#c2410c", "#15803d", "#0e7490", "#1d4ed8", "#7e22ce", "#be185d", "#4d7c0f", "#0f766e", "#9333ea", "#b45309"];

export function cardName(card) {
  if (["freeze", "flip_three", "second_chance"].includes(card)) return w(card);
  return card;
}

// An action card with its article: "the Freeze", « le Stop », « la Seconde chance ».
function theCard(card) {
  return WORDS[`the_${card}`] ? w(`the_${card}`) : cardName(card);
}

export function cardSvg(card, cls = "") {
  const data = `data-card="${esc(card)}"`;
  if (/^\d+$/.test(card)) return face({ big: card, color: HUES[Number(card)] || "#222", cls, data });
  if (card.startsWith("+") || card === "x2") return face({ big: card, color: "#b45309", fill: "#fff4d6", cls, data, caption: lang === "fr" ? "bonus" : "modifier" });
  const colours = { freeze: "#0369a1", flip_three: "#a21caf", second_chance: "#dc2626" };
  const marks = { freeze: "❄", flip_three: "3", second_chance: "♥" };
  return face({ big: marks[card] || "?", corner: marks[card] || "?", caption: cardName(card), color: colours[card] || "#222", fill: "#f5f3ff", cls, data });
}

export function seatExtra(view, seat) {
  const row = view.table[seat];
  return `<span style="color:#d1fae5;font-size:.85rem">${w("total", { n: view.totals[seat] })} · ${w(row.status)}</span>`;
}

export function hintOptions() { return [{ key: "flip7_hint", text: "show_hint" }]; }

// The odds come from the server (the game's own public score helper), for this seat only.
function oddsText(odds) {
  const one = (x) => (Math.round(x * 10) / 10).toLocaleString(lang === "fr" ? "fr-FR" : "en-GB");
  const gain = odds.hit_gain >= 0 ? `+${one(odds.hit_gain)}` : one(odds.hit_gain);
  return [
    w("hint", { p: Math.round(100 * odds.bust_probability), bust: odds.bust_cards, size: odds.draw_size, n: odds.bust_cards }),
    w("hint_ev", { ev: one(odds.hit_ev), gain, now: one(odds.points) }),
  ];
}

export function render(view, ctx) {
  const rows = view.players.map((name, seat) => {
    const row = view.table[seat];
    const cards = [...row.numbers.map((c) => cardSvg(c)), ...row.modifiers.map((c) => cardSvg(c)),
      ...(row.second_chance ? [cardSvg("second_chance")] : [])].join("");
    const turn = !view.over && view.to_move === seat;
    // Once over, the finished round's cards are gone from the view: say what it gave each.
    const roundText = view.over && view.last_round ? w("last_round", { n: view.last_round[seat] }) : w("round_pts", { n: row.points });
    return `<div class="player-row ${row.status} ${turn ? "turn" : ""}" data-seat="${seat}">
      <div class="who"><strong>${esc(name)}</strong>${seat === ctx.you ? " ★" : ""}<br>
      <span style="font-size:.85rem">${w("total", { n: view.totals[seat] })} · ${roundText}</span></div>
      <div class="cards">${cards}</div></div>`;
  }).join("");
  let pending = "";
  if (view.pending && !view.over) {
    pending = `<div class="hint">${esc(w("pending", { name: view.players[view.pending.seat], card: theCard(view.pending.kind) }))}</div>`;
  }
  let hint = "";
  const odds = ctx.serverHints;
  if (ctx.hints.flip7_hint && ctx.you !== null && odds?.kind === "odds") {
    const [risk, ev] = oddsText(odds);
    hint = `<div class="hint" id="flip7-hint">${esc(risk)} · <span id="flip7-ev">${esc(ev)}</span></div>`;
  }
  return `<div class="row" style="justify-content:space-between"><span>${esc(w("target", { n: view.target }))}</span>
      <span class="row">${back({ count: view.deck_size, title: w("deck", { n: view.deck_size }), cls: "small" })}
      ${view.discard.length ? cardSvg(view.discard[view.discard.length - 1], "small") : ""}</span></div>
    ${pending}${hint}<div id="rows">${rows}</div>`;
}

export function label(action, view) {
  if (action.type === "hit") return w("hit");
  if (action.type === "stay") return w("stay");
  if (action.type === "target") {
    const card = view.pending ? theCard(view.pending.kind) : "";
    return w("give", { card, name: view.players[action.seat] });
  }
  return action.type;
}

// A bust or a Flip 7 says whose it is, over that player's own row.
export function animate(events, root, ctx) {
  for (const event of events) {
    const row = root.querySelector(`.player-row[data-seat="${event.seat}"]`);
    const name = ctx?.names?.[event.seat] ?? "";
    if (event.type === "draw") row?.querySelector(".cards .card:last-child")?.classList.add("anim-draw");
    if (event.type === "bust") { row?.classList.add("anim-bust"); wordOver(root, row, w("bust_word", { name }), { seat: event.seat }); }
    if (event.type === "flip7") { row?.classList.add("anim-flip7"); wordOver(root, row, w("flip7_word", { name }), { seat: event.seat }); }
  }
}

// The end screen's line for a seat: its total, and what the last round gave it (the engine
// clears the cards of a finished round; the view keeps its points).
export function standing(view, seat) {
  const last = view.last_round ? ` · ${w("last_round", { n: view.last_round[seat] })}` : "";
  return `${w("total", { n: view.totals[seat] })}${last}`;
}
