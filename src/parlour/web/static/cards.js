// Cards drawn in SVG: faces with the deck's names and colours, and backs.
import { esc } from "./i18n.js";

const W = 60, H = 84;

function frame(inner, { cls = "", data = "", title = "", fill = "#fffdf7", stroke = "#333" } = {}) {
  const label = title ? `<title>${esc(title)}</title>` : "";
  return `<svg class="card ${cls}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(title)}" ${data}>${label}` +
    `<rect x="1" y="1" width="${W - 2}" height="${H - 2}" rx="6" fill="${fill}" stroke="${stroke}" stroke-width="1.2"/>` +
    inner + `</svg>`;
}

// A face: a big central label, small corner marks, an optional caption at the bottom.
export function face({ big, corner = big, caption = "", color = "#222", fill = "#fffdf7", band = null,
                       cls = "", data = "", title = "", bigSize = null }) {
  const size = bigSize ?? (String(big).length > 3 ? 13 : String(big).length > 2 ? 18 : 26);
  let inner = "";
  if (band) inner += `<rect x="1" y="1" width="${W - 2}" height="14" rx="6" fill="${band}"/><rect x="1" y="9" width="${W - 2}" height="6" fill="${band}"/>`;
  inner += `<text x="6" y="${band ? 12 : 14}" font-size="10" font-weight="700" fill="${band ? "#fff" : color}">${esc(corner)}</text>`;
  inner += `<text x="${W / 2}" y="${H / 2 + size / 3}" font-size="${size}" font-weight="700" text-anchor="middle" fill="${color}">${esc(big)}</text>`;
  if (caption) {
    // Its size is the page's (style.css: at least 11 px on screen whatever the card's size).
    const lines = wrap(caption, 8).slice(0, 2);
    lines.forEach((line, i) => {
      inner += `<text class="caption" x="${W / 2}" y="${H - 5 - (lines.length - 1 - i) * 14}" font-size="11" text-anchor="middle" fill="#333">${esc(line)}</text>`;
    });
  }
  return frame(inner, { cls, data, title: title || `${big} ${caption}`.trim(), fill });
}

export function back({ cls = "", data = "", title = "", color = "#1e3a8a", count = null }) {
  let inner = `<rect x="5" y="5" width="${W - 10}" height="${H - 10}" rx="4" fill="${color}"/>` +
    `<path d="M5 5 L${W - 5} ${H - 5} M${W - 5} 5 L5 ${H - 5}" stroke="#ffffff33" stroke-width="6"/>` +
    `<rect x="9" y="9" width="${W - 18}" height="${H - 18}" rx="3" fill="none" stroke="#ffffff66"/>`;
  if (count !== null) {
    inner += `<circle cx="${W / 2}" cy="${H / 2}" r="14" fill="#fffdf7"/>` +
      `<text x="${W / 2}" y="${H / 2 + 5}" font-size="14" font-weight="700" text-anchor="middle" fill="${color}">${count}</text>`;
  }
  return frame(inner, { cls, data, title, fill: "#fffdf7" });
}

function wrap(text, width) {
  const words = String(text).split(/\s+/);
  const lines = [];
  let line = "";
  for (const word of words) {
    if ((line + " " + word).trim().length > width && line) { lines.push(line); line = word; }
    else line = (line + " " + word).trim();
  }
  if (line) lines.push(line);
  return lines;
}

// The widest a caption may be, in the card's units (60 wide, a margin on each side).
const CAPTION_ROOM = W - 6;

// Squeezes every caption under `root` that is wider than its card: a long name ("belle-fille",
// "daughter-in-law") keeps its height, so that it stays readable on a phone.
export function fitCaptions(root) {
  for (const text of root.querySelectorAll("svg.card text.caption")) {
    if (text.hasAttribute("textLength") || !text.getClientRects().length) continue;
    if (text.getComputedTextLength() > CAPTION_ROOM) {
      text.setAttribute("textLength", String(CAPTION_ROOM));
      text.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  }
}
