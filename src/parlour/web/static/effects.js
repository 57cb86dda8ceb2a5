// Transient words of the games' animations ("Ann: Bust!"), drawn over the row of the player they
// are about. They are children of the felt, not of the row: the board is drawn again at every
// move, and a word inside it would vanish with the next bot's move.

// Shows `text` over `target` (a player's row inside `root`), for `ms` milliseconds; over the
// middle of `root` when the row is not on the page. The word's box is the row's box, so that it
// never covers another player's row; with `cover` false (a row too small to hold it, such as a
// seat's chip) it is centred on the row instead, as wide as it needs.
export function wordOver(root, target, text, { seat = null, ms = 1200, cover = true } = {}) {
  root.querySelectorAll(".big-word").forEach((old) => old.remove());
  const word = document.createElement("div");
  word.className = target ? `big-word ${cover ? "on-row" : "by-row"}` : "big-word";
  // The text in its own box, cut with an ellipsis rather than on both sides if the row is narrow.
  const inner = document.createElement("span");
  inner.textContent = text;
  word.append(inner);
  if (seat !== null && seat !== undefined) word.dataset.seat = String(seat);
  if (target) {
    const box = root.getBoundingClientRect();
    const row = target.getBoundingClientRect();
    const place = cover ?
      { left: row.left - box.left, top: row.top - box.top, width: row.width, height: row.height } :
      { left: row.left - box.left + row.width / 2, top: row.top - box.top + row.height / 2 };
    for (const [key, value] of Object.entries(place)) word.style[key] = `${value}px`;
  }
  root.appendChild(word);
  setTimeout(() => word.remove(), ms);
  return word;
}
