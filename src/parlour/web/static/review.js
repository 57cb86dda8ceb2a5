// The review of a finished game (GET /api/tables/<id>/games/<n>/review?seat=k): a seat's
// decisions graded from what it could know, shown on the end screen (the seat's own) and at the
// end of a replay (any seat's, as the record is public then). The texts come from the server in
// both languages; the page picks its own.
import { esc, lang, t } from "./i18n.js";

const loaded = new Map();  // "table/number/seat" -> the review, or null for a game with none
const pending = new Map();  // the same keys -> the request under way

const keyOf = (tableId, number, seat) => `${tableId}/${number}/${seat}`;

// The review if it has come (null: the game has none), undefined until then.
export function reviewFor(tableId, number, seat) { return loaded.get(keyOf(tableId, number, seat)); }

// Asks the server once; a failure (the server busy, the network) may be asked again 2 s later.
export function loadReview(tableId, number, seat) {
  const key = keyOf(tableId, number, seat);
  if (loaded.has(key)) return Promise.resolve(loaded.get(key));
  if (!pending.has(key)) {
    pending.set(key, fetch(`/api/tables/${tableId}/games/${number}/review?seat=${seat}`)
      .then(async (response) => {
        const body = await response.json();
        if (response.ok) loaded.set(key, body);
        else if (body.error === "no_review") loaded.set(key, null);
        else setTimeout(() => pending.delete(key), 2000);
        return loaded.get(key);
      })
      .catch(() => { setTimeout(() => pending.delete(key), 2000); return undefined; }));
  }
  return pending.get(key);
}

function said(text) { return text ? text[lang === "fr" ? "fr" : "en"] : ""; }

// The label of a mistake that stands out: "the biggest mistake" for the costliest of the game,
// "the biggest of round N" for the costliest of a part (Flip 7's rounds) that is not it. A label
// is said only among several mistakes: the only one is no biggest of anything.
function labels(review, mistakes) {
  const out = new Map();
  const inPart = (part) => mistakes.filter((d) => d.part === part).length;
  for (const p of review.summary.parts || []) {
    if (p.biggest !== null && p.biggest !== undefined && inPart(p.part) > 1) {
      out.set(p.biggest, { cls: "biggest-part", text: t("review_biggest_part", { n: p.part }) });
    }
  }
  const overall = review.summary.biggest;
  if (overall !== null && overall !== undefined && mistakes.length > 1) {
    out.set(overall, { cls: "biggest", text: t("review_biggest") });
  }
  return out;
}

export function reviewHtml(review, heading) {
  if (!review) return "";
  const wrong = review.decisions.filter((d) => d.mistake);
  const label = labels(review, wrong);
  const mistakes = wrong.map((d) => {
    const mark = label.get(d.index);
    return `<li data-index="${d.index}"${mark ? ` class="${mark.cls}"` : ""}>${esc(said(d.text))}${
      mark ? ` <strong>(${esc(mark.text)})</strong>` : ""}</li>`;
  }).join("");
  return `<section class="panel" id="review" aria-label="${esc(heading)}"><h2>${esc(heading)}</h2>
    <p id="review-summary">${esc(said(review.summary.text))}</p>
    ${mistakes ? `<ol id="review-mistakes">${mistakes}</ol>` : ""}
    <p class="muted">${esc(said(review.note))}</p></section>`;
}

// Fills `box` with the review of `seat` once it has come (a page that does not redraw `box`).
export async function showReview(box, tableId, number, seat, heading) {
  const review = await loadReview(tableId, number, seat);
  if (box.isConnected) box.innerHTML = reviewHtml(review, heading);
}
