// A panel at the side of the page (a table's rules, the keys), opened over the table without
// leaving it, so the player's seat stays his. Closed by its button, by Escape or by the key
// that opened it; the focus goes into it and back to where it was.
import { esc, t } from "./i18n.js";

let returnTo = null;

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
}

export function closeDrawer() {
  const box = document.getElementById("drawer");
  if (!box || box.hidden) return;
  box.hidden = true;
  box.innerHTML = "";
  if (returnTo?.isConnected) returnTo.focus();
  returnTo = null;
}

// Opens the panel, or closes it if that one is open already.
export function toggleDrawer(name, title, html) {
  if (openPanel() === name) closeDrawer(); else openDrawer(name, title, typeof html === "function" ? html() : html);
}

document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && openPanel()) { event.preventDefault(); closeDrawer(); }
});
