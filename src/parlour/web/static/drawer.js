// A panel at the side of the page (a table's rules, the keys), opened over the table without
// leaving it, so the player's seat stays his. Closed by its button, by Escape or by the key
// that opened it; the focus goes into it and back to where it was. Where it covers the whole
// page (a phone: it is 440 px wide at most) it is a modal dialog: the page under it is inert,
// so that neither Tab nor a screen reader's cursor leaves it for controls one cannot see.
import { esc, t } from "./i18n.js";

let returnTo = null;
const COVERS = window.matchMedia("(max-width: 440px)");

function element() {
  let box = document.getElementById("drawer");
  if (!box) {
    box = document.createElement("aside");
    box.id = "drawer";
    box.className = "drawer";
    box.hidden = true;
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-labelledby", "drawer-title");
    document.body.append(box);
  }
  return box;
}

// The page under the panel: the header and the main content (not the live region, which goes
// on announcing the game, nor the toast).
const under = () => [document.querySelector("header.bar"), document.getElementById("main")].filter(Boolean);

// Modal while it covers the page, not while the table stays in sight beside it.
function setModal() {
  const box = document.getElementById("drawer");
  const modal = Boolean(box && !box.hidden && COVERS.matches);
  if (box) {
    if (modal) box.setAttribute("aria-modal", "true"); else box.removeAttribute("aria-modal");
  }
  for (const el of under()) el.inert = modal;
  if (modal && box && !box.contains(document.activeElement)) box.querySelector("#drawer-close")?.focus();
}
COVERS.addEventListener?.("change", setModal);

// The name of the panel open now ("rules", "keys"), or null.
export function openPanel() {
  const box = document.getElementById("drawer");
  return box && !box.hidden ? box.dataset.panel : null;
}

export function openDrawer(name, title, html) {
  const box = element();
  if (box.hidden) returnTo = document.activeElement;
  box.dataset.panel = name;
  box.innerHTML = `<div class="drawer-head"><h2 id="drawer-title">${esc(title)}</h2>
    <button type="button" class="ghost" id="drawer-close">${esc(t("close"))}</button></div>
    <div class="drawer-body" id="drawer-body">${html}</div>`;
  box.hidden = false;
  box.querySelector("#drawer-close").addEventListener("click", closeDrawer);
  box.querySelector("#drawer-close").focus();
  setModal();
}

export function closeDrawer() {
  const box = document.getElementById("drawer");
  if (!box || box.hidden) return;
  box.hidden = true;
  box.innerHTML = "";
  setModal();  // the page is live again before the focus goes back to it
  if (returnTo?.isConnected) returnTo.focus();
  returnTo = null;
}

// Opens the panel, or closes it if that one is open already.
export function toggleDrawer(name, title, html) {
  if (openPanel() === name) closeDrawer(); else openDrawer(name, title, typeof html === "function" ? html() : html);
}

// While it is modal, Tab and Shift+Tab go round the panel's own controls (its close button,
// its links, its scrolling body), never out of it.
const FOCUSABLE = "a[href], button:not(:disabled), input:not(:disabled), select, textarea, [tabindex]:not([tabindex='-1'])";
function loop(event) {
  const box = document.getElementById("drawer");
  if (!box || box.getAttribute("aria-modal") !== "true") return;
  const stops = [...box.querySelectorAll(FOCUSABLE)].filter((el) => el.getClientRects().length);
  if (!stops.length) return;
  const first = stops[0], last = stops[stops.length - 1];
  const at = document.activeElement;
  if (event.shiftKey && (at === first || !box.contains(at))) { event.preventDefault(); last.focus(); }
  else if (!event.shiftKey && (at === last || !box.contains(at))) { event.preventDefault(); first.focus(); }
}

document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && openPanel()) { event.preventDefault(); closeDrawer(); }
  else if (event.key === "Tab" && openPanel()) loop(event);
});
