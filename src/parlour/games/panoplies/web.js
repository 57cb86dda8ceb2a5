// Panoplies: each player's mannequin with the garments it still wears, the wardrobe of the
// garments lost, your hand of garment cards, and the asks (by character).
import { colon, esc, lang, wordsOf } from "../i18n.js";
import { back } from "../cards.js";
import { wordOver } from "../effects.js";
import { hintOptions, memoryPanel } from "./askdraw.js";

const NAMES = {
  shoes: ["shoes", "chaussures"], socks: ["socks", "chaussettes"], trousers: ["trousers", "pantalon"],
  shirt: ["shirt", "chemise"], jumper: ["jumper", "pull"], jacket: ["jacket", "veste"], coat: ["coat", "manteau"],
  hat: ["hat", "chapeau"], scarf: ["scarf", "écharpe"], belt: ["belt", "ceinture"],
  grandfather: ["grandfather", "grand-père"], grandmother: ["grandmother", "grand-mère"],
  father: ["father", "père"], mother: ["mother", "mère"], son: ["son", "fils"], daughter: ["daughter", "fille"],
  aunt: ["aunt", "tante"], uncle: ["uncle", "oncle"], cousin_f: ["cousin (f)", "cousine"],
  cousin_m: ["cousin (m)", "cousin"], daughter_in_law: ["daughter-in-law", "belle-fille"],
  son_in_law: ["son-in-law", "gendre"],
  ask: ["Ask {name} for:", "Demander à {name}\u00a0:"], ask_whom: ["Ask:", "Demander à\u00a0:"],
  hand: ["Your hand", "Votre main"], pile: ["Draw pile: {n}", "Pioche\u00a0: {n}"],
  wardrobe: ["Wardrobe", "Armoire"], safe: ["safe", "à l'abri"], jokers: ["jokers", "jokers"],
  cards: [["{n} card", "{n} cards"], ["{n} carte", "{n} cartes"]], outfits: ["Outfits laid down", "Tenues posées"],
  lost: ["{name} loses a garment!", "{name} perd un vêtement\u00a0!"],
  garments_lost: [["{n} garment lost", "{n} garments lost"], ["{n} vêtement perdu", "{n} vêtements perdus"]],
  games_lost: [["{n} game lost", "{n} games lost"], ["{n} partie perdue", "{n} parties perdues"]],
  game_of: ["Game {n} of {games}", "Partie {n} sur {games}"],
  last_game: ["last game: {garments}", "dernière partie\u00a0: {garments}"],
  holds_of: ["holds a card of", "a une carte de"],
  lost_garment: ["{garment}, lost", "{garment}, {lost}"],
};
// A lost garment's French past participle agrees with it (« chaussures, perdues »).
const LOST_FR = { shoes: "perdues", socks: "perdues", shirt: "perdue", jacket: "perdue", scarf: "perdue", belt: "perdue" };
const w = wordsOf(NAMES);
const COLOURS = ["#b91c1c", "#c2410c", "#a16207", "#15803d", "#0e7490", "#1d4ed8", "#7e22ce", "#be185d", "#4d7c0f", "#0f766e", "#9333ea", "#b45309"];

// A small drawing of each garment, in a character's colour.
const SHAPES = {
  shoes: "M14 40 L14 30 L24 30 L26 36 L38 38 L38 44 L14 44 Z",
  socks: "M22 14 L32 14 L32 34 L40 38 L38 46 L22 42 Z",
  trousers: "M18 10 L42 10 L44 50 L34 50 L30 24 L26 50 L16 50 Z",
  shirt: "M20 12 L26 10 Q30 14 34 10 L40 12 L46 20 L40 24 L40 48 L20 48 L20 24 L14 20 Z",
  jumper: "M18 12 L42 12 L48 34 L42 36 L40 22 L40 48 L20 48 L20 22 L18 36 L12 34 Z",
  jacket: "M18 10 L28 10 L30 30 L32 10 L42 10 L46 48 L14 48 Z",
  coat: "M18 8 L28 8 L30 26 L32 8 L42 8 L48 54 L12 54 Z",
  hat: "M16 36 L44 36 L40 32 L38 18 L22 18 L20 32 Z",
  scarf: "M14 16 L46 16 L46 24 L34 24 L36 48 L28 48 L26 24 L14 24 Z",
  belt: "M10 26 L50 26 L50 34 L10 34 Z M26 24 L34 24 L34 36 L26 36 Z",
};

function colourOf(view, character) { return COLOURS[view.characters.indexOf(character) % COLOURS.length]; }

export function garmentIcon(garment, colour, cls = "", size = 34) {
  return `<svg class="${cls}" width="${size}" height="${size}" viewBox="0 0 60 60" role="img" aria-label="${esc(w(garment))}" data-garment="${esc(garment)}">
    <title>${esc(w(garment))}</title><path d="${SHAPES[garment] || "M15 15 H45 V45 H15 Z"}" fill="${colour}" stroke="#0006" stroke-width="1.5"/></svg>`;
}

// A garment a mannequin has lost: named so ("shoes, lost"), and drawn faint with a dashed white
// outline and a strike across it, which stand out from the felt (3:1 and more) whatever one
// makes of colours.
export function lostIcon(garment, size = 34) {
  const name = w("lost_garment", { garment: w(garment), lost: LOST_FR[garment] || "perdu" });
  return `<svg class="garment-lost" width="${size}" height="${size}" viewBox="0 0 60 60" role="img" aria-label="${esc(name)}" data-garment="${esc(garment)}" data-lost="true">
    <title>${esc(name)}</title><path d="${SHAPES[garment] || "M15 15 H45 V45 H15 Z"}" fill="#ffffff22" stroke="#ffffff" stroke-width="2" stroke-dasharray="4 3"/>
    <path d="M10 50 L50 10" stroke="#ffffff" stroke-width="3" stroke-linecap="round"/></svg>`;
}

export function cardSvg(view, card, cls = "", extra = "") {
  const n = view.characters.length;
  const garment = view.garments[Math.floor(card / n)];
  const character = view.characters[card % n];
  const colour = colourOf(view, character);
  return `<svg class="card ${cls}" viewBox="0 0 60 84" role="img" data-card="${card}" ${extra}>
    <title>${esc(w(garment))} · ${esc(w(character))}</title>
    <rect x="1" y="1" width="58" height="82" rx="6" fill="#fffdf7" stroke="#333" stroke-width="1.2"/>
    <path d="M1 21 L1 7 Q1 1 7 1 L53 1 Q59 1 59 7 L59 21 Z" fill="${colour}"/>
    <text class="caption" x="30" y="16" font-size="11" font-weight="700" text-anchor="middle" fill="#fff">${esc(w(character))}</text>
    <g transform="translate(8 21) scale(.73)"><path d="${SHAPES[garment] || ""}" fill="${colour}" stroke="#0006" stroke-width="1.5"/></g>
    <text class="caption" x="30" y="79" font-size="11" font-weight="700" text-anchor="middle" fill="#222">${esc(w(garment))}</text></svg>`;
}

export { hintOptions };
export const customActions = true;
const chosen = { target: null };

export function bind(board, ctx) {
  board.querySelectorAll(".target-chip").forEach((chip) => chip.addEventListener("click", () => {
    chosen.target = Number(chip.dataset.target);
    ctx.repaint();
  }));
}

export function seatExtra(view, seat) {
  const m = view.mannequins[seat];
  const lost = inMatch(view) ? ` · ${w("games_lost", { n: view.match.losses[seat] })}` : "";
  return `<span style="color:#d1fae5;font-size:.85rem">${esc(w(m.character))} · ${w("cards", { n: view.hand_sizes[seat] })}${m.can_lose ? "" : ` · ${w("safe")}`}${lost}</span>`;
}

const inMatch = (view) => Boolean(view.match && view.match.games > 1);

// In a match, which game this is: the felt is dressed again between games, the log scrolls.
export function status(view) {
  return inMatch(view) && !view.over ? w("game_of", { n: view.match.game, games: view.match.games }) : "";
}

export function render(view, ctx) {
  const mannequins = view.mannequins.map((m) => {
    const colour = colourOf(view, m.character);
    const worn = view.garments.map((g) => m.wearing.includes(g) ? garmentIcon(g, colour) : lostIcon(g)).join("");
    return `<div class="mannequin" data-seat="${m.seat}"><strong>${esc(view.players[m.seat])}</strong> · ${esc(w(m.character))}
      ${m.can_lose ? "" : `<span class="badge safe">✓ ${w("safe")}</span>`}${m.jokers.length ? ` <span class="badge jokers">★ ${w("jokers")}${colon()} ${m.jokers.length}</span>` : ""}
      <div class="garments">${worn}</div></div>`;
  }).join("");
  const wardrobe = view.wardrobe.map((item) => garmentIcon(item.garment, colourOf(view, item.character), "", 26)).join("");
  const others = view.players.map((name, seat) => seat === view.seat ? "" :
    `<div style="text-align:center">${back({ count: view.hand_sizes[seat], title: name, cls: "small" })}<div style="font-size:.8rem">${esc(name)}</div></div>`).join("");
  const hand = (view.hand || []).map((c) => cardSvg(view, c)).join("");
  let asks = "";
  if (ctx.legal.length) {
    const byTarget = new Map();
    for (const a of ctx.legal) { if (!byTarget.has(a.target)) byTarget.set(a.target, []); byTarget.get(a.target).push(a); }
    if (!byTarget.has(chosen.target)) chosen.target = byTarget.keys().next().value;
    const chips = [...byTarget.keys()].map((target) => `<button type="button" class="target-chip ${target === chosen.target ? "chosen" : ""}" aria-pressed="${target === chosen.target}"
      data-target="${target}">${esc(view.players[target])}</button>`).join("");
    asks = `<div class="ask-row"><div class="row">${w("ask_whom")} ${chips}</div>
      <div style="margin:.4em 0">${esc(w("ask", { name: view.players[chosen.target] }))}</div>
      <div class="cards">${byTarget.get(chosen.target).map((a) => cardSvg(view, a.card, "", `data-act='${JSON.stringify(a)}' style="cursor:pointer" tabindex="0"`)).join("")}</div></div>`;
  }
  const outfits = view.outfits.length ? `<div><strong>${w("outfits")}</strong>${colon()} ${view.outfits.map((o) =>
    `${esc(view.players[o.seat])} (${esc(w(o.character))})`).join(", ")}</div>` : "";
  return `<div class="mannequins">${mannequins}</div>
    <div class="center" style="justify-content:space-around;min-height:80px">${others}
      <div style="text-align:center">${back({ count: view.pile_size, title: w("pile", { n: view.pile_size }), color: "#7c2d12", cls: "small" })}<div>${w("pile", { n: view.pile_size })}</div></div>
      <div class="wardrobe-box"><strong>${w("wardrobe")}</strong><div class="wardrobe" id="wardrobe">${wardrobe}</div></div></div>
    ${outfits}
    ${view.hand ? `<div style="margin-top:.6em"><strong>${w("hand")}</strong><div class="cards" id="my-hand">${hand}</div></div>` : ""}
    <div id="asks" style="margin-top:.6em">${asks}</div>${memory(view, ctx)}`;
}

// The memory hint: the server's tracker for this seat, groups being the characters.
function memory(view, ctx) {
  if (!ctx.hints.memory_hint || ctx.you === null) return "";
  const n = view.characters.length;
  return memoryPanel(ctx.serverHints, view.players, {
    card: (c, cls) => cardSvg(view, c, cls),
    text: (c) => `${w(view.garments[Math.floor(c / n)])} · ${w(view.characters[c % n])}`,
    group: (g) => `<span class="family-tag" style="background:${colourOf(view, view.characters[g])}">${esc(w(view.characters[g]))}</span>`,
    groupWord: w("holds_of"),
  });
}

export function label(action, view) {
  return `${view.players[action.target]}${colon()} ${action.card}`;
}

// A garment lost flies from the mannequin to the wardrobe; the word says whose, over his mannequin.
export function animate(events, root, ctx) {
  for (const e of events) {
    if (e.type === "garment_lost") {
      const box = root.querySelector(`.mannequin[data-seat="${e.seat}"] .garments`);
      const garment = e.garment || null;
      const icon = garment ? box?.querySelector(`[data-garment="${garment}"]`) : null;
      if (icon) {
        const ghost = icon.cloneNode(true);
        ghost.classList.add("anim-wardrobe");
        // A picture in flight, not a garment of the view: no second name for a screen reader.
        ghost.setAttribute("aria-hidden", "true");
        ghost.removeAttribute("role");
        ghost.removeAttribute("aria-label");
        ghost.style.position = "absolute";
        icon.after(ghost);
        setTimeout(() => ghost.remove(), 1000);
      }
      root.querySelector("#wardrobe svg:last-child")?.classList.add("anim-pop");
      const mannequin = root.querySelector(`.mannequin[data-seat="${e.seat}"]`);
      wordOver(root, mannequin, w("lost", { name: ctx?.names?.[e.seat] ?? "" }), { seat: e.seat });
    }
    if (e.type === "draw" || e.type === "give" || e.type === "bonne_pioche") {
      if (e.card !== undefined) root.querySelector(`#my-hand [data-card="${e.card}"]`)?.classList.add("anim-draw");
    }
  }
}

// The end screen's line for a seat: its character and the garments its mannequin lost. In a
// series the games it lost decide the ranks: they are its score, and the last game's garments
// follow as a detail.
export function standing(view, seat) {
  const m = view.mannequins[seat];
  const garments = w("garments_lost", { n: m.lost.length });
  const match = view.match;
  if (!match || match.games <= 1) return `${w(m.character)} · ${garments}`;
  return { score: `${w(m.character)} · ${w("games_lost", { n: match.losses[seat] })}`, detail: `(${w("last_game", { garments })})` };
}
