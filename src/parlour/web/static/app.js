// Parlour's page: lobby, table creation, the table itself, replays, rules and credits.
// Plain ES modules, no build step. The server owns every game: this page only shows the
// seat's view it receives and sends the moves the player chooses among the legal ones.
import { esc, lang, pick, setLang, t } from "./i18n.js";
import * as generic from "./games/generic.js";
import { loadReview, reviewFor, reviewHtml, showReview } from "./review.js";
import { fitCaptions } from "./cards.js";
import { closeDrawer, openDrawer, openPanel, toggleDrawer } from "./drawer.js";
import { setShortcuts, shortcutsWanted, useKeys } from "./keys.js";
import { notifyWanted, setNotify, setSound, setTitle, soundWanted, tone, turnIs, turnReset } from "./turnalert.js";

const main = document.getElementById("main");
const renderers = {};
let games = null;
let leaveView = () => {};

async function renderer(name) {
  if (!renderers[name]) {
    try { renderers[name] = await import(`/static/games/${name}.js`); }
    catch { renderers[name] = generic; }
    // A game's own classes and animations (its package's web.css), linked once, and only for
    // a game that has them: the others would leave a 404 in the console.
    if ((await gameList()).some((g) => g.name === name && g.style)) {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = `/static/games/${name}.css`;
      document.head.append(link);
    }
  }
  return renderers[name];
}

async function api(path, body) {
  const options = body === undefined ? {} :
    { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  // The page's language, for the text of an error (its `message` stays English).
  const url = /[?&]lang=/.test(path) ? path : `${path}${path.includes("?") ? "&" : "?"}lang=${lang}`;
  const response = await fetch(url, options);
  const data = await response.json();
  if (!response.ok) {
    const err = new Error(data.text || data.message || response.statusText);
    err.status = response.status;  // 503: the server's database, not the request (try again)
    throw err;
  }
  return data;
}

async function gameList() {
  if (!games || games.lang !== lang) games = { lang, list: await api(`/api/games?lang=${lang}`) };
  return games.list;
}

// A game as told in a language other than the page's (a table's rules, in the table's language).
const gamesIn = new Map();
async function gameIn(name, language) {
  if (language === lang) return (await gameList()).find((g) => g.name === name);
  if (!gamesIn.has(language)) gamesIn.set(language, api(`/api/games?lang=${language}`));
  return (await gamesIn.get(language)).find((g) => g.name === name);
}

export function toast(text) {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.classList.add("show");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => box.classList.remove("show"), 2600);
}

// What a screen reader hears of a game: every new line of the newest move, in order, in one
// update of one small polite region outside the page's content (never the whole table each time
// it is drawn again), read in the narration's language (`language`, the table's); then, once,
// "Your turn" in the page's own language when the turn has come to this seat.
function announce(lines, { language = null, turn = false } = {}) {
  const box = document.getElementById("announce");
  const said = (lines || []).filter(Boolean);
  if (!box || (!said.length && !turn)) return;
  if (language) box.setAttribute("lang", language); else box.removeAttribute("lang");
  const parts = [];
  if (said.length) parts.push(esc(said.join(" ")));
  if (turn) parts.push(`<span lang="${esc(lang)}">${esc(t("your_turn"))}.</span>`);
  box.innerHTML = parts.join(" ");
}

function silence() {
  const box = document.getElementById("announce");
  if (!box) return;
  box.textContent = "";
  box.removeAttribute("lang");
}

// A page's title: what it is, then the site ("Lobby · Parlour").
function titled(text) { setTitle(text ? `${text} · ${t("site")}` : t("site")); }

// A seat's connection: a dot (its colour) with a title, and its word for a screen reader.
function presence(connected) {
  const word = t(connected ? "connected" : "away_short");
  return `<span class="dot ${connected ? "on" : ""}" title="${esc(word)}" aria-hidden="true"></span>`;
}
function presenceText(connected) {
  return `<span class="sr-only presence"> (${esc(t(connected ? "connected" : "away_short"))})</span>`;
}

// The focus after a new page is drawn: on its main heading (or its main region), where a
// keyboard or screen reader user starts reading it, never left on the document's body.
function focusPage() {
  const target = main.querySelector("h1") || main;
  target.tabIndex = -1;
  target.focus();
}

// The narration's box: a region that scrolls, so one the keyboard reaches, named; not a live
// region (see announce).
function narrationBox(box) {
  box.tabIndex = 0;
  box.setAttribute("role", "region");
  box.setAttribute("aria-label", t("narration"));
}

function tokenFor(tableId) {
  try { return JSON.parse(localStorage.getItem(`parlour.seat.${tableId}`)); } catch { return null; }
}
function keepToken(tableId, info) { localStorage.setItem(`parlour.seat.${tableId}`, JSON.stringify(info)); }

// The keyboard's place on the table outlives a redraw: a control is found again by what it is
// (the move it makes, the player it picks, the hint it toggles), not by the element, which the
// redraw replaces.
const FOCUS_KEYS = ["data-act", "data-target", "data-legal", "data-hint"];
function focusKey(el) {
  for (const name of FOCUS_KEYS) {
    if (el.hasAttribute?.(name)) return `[${name}="${CSS.escape(el.getAttribute(name))}"]`;
  }
  return el.id ? `#${CSS.escape(el.id)}` : null;
}
const shown = (el) => el && el.getClientRects().length > 0 && el.style.pointerEvents !== "none" && !el.disabled;

function hintsWanted() {
  try { return JSON.parse(localStorage.getItem("parlour.hints")) || {}; } catch { return {}; }
}

// A focused control scrolls clear of the sticky header and of a phone's "newest event" strip at
// the bottom: the page's scroll-padding (style.css) is their heights, measured as they change.
const measureSticky = () => {
  const rootStyle = document.documentElement.style;
  const bar = document.querySelector("header.bar");
  const last = document.getElementById("last-event");
  const lastHeight = last && getComputedStyle(last).position === "sticky" ? last.offsetHeight : 0;
  rootStyle.setProperty("--bar-h", `${bar ? bar.offsetHeight : 0}px`);
  rootStyle.setProperty("--last-h", `${lastHeight}px`);
};
const sticky = new ResizeObserver(measureSticky);
sticky.observe(document.querySelector("header.bar"));

// ----- routing ------------------------------------------------------------------------------
function go(path) { history.pushState({}, "", path); route({ focus: true }); }
document.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-link]");
  if (!link || link.origin !== location.origin) return;
  event.preventDefault();
  // At a table the header's Rules link opens this game's rules beside it: leaving the table
  // would be leaving one's seat.
  if (link.pathname === "/rules" && current.showRules) current.showRules();
  else go(link.pathname + link.search);
});
window.addEventListener("popstate", () => route({ focus: true }));

function translateChrome() {
  document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = t(el.dataset.t); });
  const toggle = document.getElementById("lang-toggle");
  toggle.textContent = lang === "fr" ? "EN" : "FR";
  toggle.setAttribute("aria-label", t("lang_toggle"));
}
document.getElementById("lang-toggle").addEventListener("click", () => {
  setLang(lang === "fr" ? "en" : "fr");
  translateChrome();
  if (current.onLang) current.onLang(); else route();
});

let current = {};
// `focus`: the page was reached by a link (not loaded, nor redrawn in the other language), so
// the keyboard's focus moves to its heading instead of falling to the document's body.
async function route({ focus = false } = {}) {
  leaveView();
  leaveView = () => {};
  current = {};
  closeDrawer();
  useKeys(null);
  turnReset();
  silence();
  translateChrome();
  const path = location.pathname;
  let m;
  if (path === "/") await lobby();
  else if (path === "/new") await newTable(new URLSearchParams(location.search).get("game"));
  else if (path === "/about") await about();
  else if ((m = path.match(/^\/rules(?:\/(\w+))?$/))) await rules(m[1]);
  else if ((m = path.match(/^\/t\/([\w-]+)$/))) await tablePage(m[1]);
  else if ((m = path.match(/^\/replay\/([\w-]+)\/(\d+)$/))) await replayPage(m[1], Number(m[2]));
  else { main.innerHTML = `<h1>404</h1>`; titled("404"); }
  if (focus) focusPage();
}

// ----- lobby --------------------------------------------------------------------------------
function seatsSummary(table) {
  return table.seats.map((s) => s.kind === "bot" ? `<span class="botmark">${t("bot")}</span> ${esc(s.name)}` :
    s.taken ? `${presence(s.connected)}${esc(s.name)}${presenceText(s.connected)}` :
    `<em>${t(s.reserved ? "kept" : "free")}</em>`).join(" · ");
}

async function lobby() {
  const list = await gameList();
  titled(t("lobby"));
  // One element per action: a link that looks like a button (one Tab stop, one name).
  main.innerHTML = `<h1>${t("new_table")}</h1>
    <div class="row" id="new-buttons">${list.map((g) =>
      `<a class="button" href="/new?game=${g.name}" data-link>${esc(g.title)}</a>`).join("")}</div>
    <h1 style="margin-top:1em" id="tables-title">${t("open_tables")}</h1><div id="tables" class="grid"></div>`;
  let revision = -1;
  const refresh = async () => {
    const data = await api("/api/tables");
    if (data.revision === revision) return;
    revision = data.revision;
    const box = document.getElementById("tables");
    if (!box) return;
    // The keyboard's place in the list outlives its redraw: the same table's link (by the
    // table's id), else the one that took its place, else the list's heading.
    const active = document.activeElement;
    const card = box.contains(active) ? active.closest(".tablecard") : null;
    const at = card ? [...box.querySelectorAll(".tablecard")].indexOf(card) : -1;
    box.innerHTML = data.tables.length ? data.tables.map((table) => {
      const mine = tokenFor(table.id);
      const action = mine ? t("open") : table.status === "open" && table.seats.some((s) => !s.taken && !s.reserved) ? t("join") : t("watch");
      return `<div class="tablecard" data-table="${table.id}">
        <div class="title">${esc(pick(table.title))} <span class="badge ${table.status}">${t("status_" + table.status)}</span></div>
        <div class="seats-mini">${seatsSummary(table)}</div>
        <div class="row"><a class="button" href="/t/${table.id}" data-link>${action}</a>
        ${table.number > 1 ? `<span class="muted">${t("game_n", { n: table.number })}</span>` : ""}</div></div>`;
    }).join("") : `<p class="muted">${t("no_tables")}</p>`;
    if (card) {
      const links = [...box.querySelectorAll(".tablecard a")];
      const same = box.querySelector(`.tablecard[data-table="${CSS.escape(card.dataset.table)}"] a`);
      const target = same || links[Math.min(at, links.length - 1)];
      if (target) target.focus({ preventScroll: true });
      else { const heading = document.getElementById("tables-title"); heading.tabIndex = -1; heading.focus(); }
    }
  };
  await refresh();
  const timer = setInterval(refresh, 2500);
  leaveView = () => clearInterval(timer);
}

// ----- creating a table ---------------------------------------------------------------------
function optionInput(option) {
  const id = `opt-${option.name}`;
  const label = option.label || option.name;
  if (option.headline && option.type === "bool") {
    // A game's headline switch (Beggar's flips playing themselves): a plain checkbox, up front.
    return `<label class="opt-headline"><input type="checkbox" id="${id}" data-opt="${option.name}" data-type="bool" ${option.default ? "checked" : ""}>
      ${esc(label)}</label><div class="help">${esc(option.help)}</div>`;
  }
  let input;
  if (option.choices) {
    // Each value by its name in the page's language ("the next player pays", not next_pays).
    input = `<select id="${id}" data-opt="${option.name}" data-type="${option.type}">${option.choices.map((c, i) =>
      `<option value="${esc(c)}" ${c === option.default ? "selected" : ""}>${esc(option.choice_labels?.[i] ?? c)}</option>`).join("")}</select>`;
    // A deck of one's own is sent as the file's text (checked by the server, in memory).
    if (option.upload) input += ` <input type="file" accept=".toml,text/plain" data-upload="${option.name}" aria-label="${esc(t("deck_file"))}">`;
  } else if (option.type === "bool") {
    input = `<input type="checkbox" id="${id}" data-opt="${option.name}" data-type="bool" ${option.default ? "checked" : ""}>`;
  } else {
    const numeric = option.type.includes("int") || option.type.includes("float");
    const optional = option.type.startsWith("optional");
    // A default that stands for a rule (Go Fish's -1 cards: 7 at two players, else 5) is shown
    // in words, the box left empty; any other number is needed: the browser asks for it.
    const worded = !optional && option.default_label !== undefined && option.default_label !== String(option.default);
    const shown = worded ? `value="" placeholder="${esc(option.default_label)}" data-blank="default"`
      : `value="${option.default ?? ""}" ${optional ? 'placeholder="—"' : "required"}`;
    input = `<input type="${numeric ? "number" : "text"}" id="${id}" data-opt="${option.name}" data-type="${option.type}" ${shown}>`;
  }
  return `<div class="opt"><label for="${id}">${esc(label)}</label><div>${input}<div class="help">${esc(option.help)}</div></div></div>`;
}

function readOption(el, option) {
  const type = el.dataset.type;
  if (type === "bool") return el.checked;
  const text = el.value.trim();
  if (type.startsWith("optional") && text === "") return null;
  if (text === "" && el.dataset.blank === "default") return option?.default;
  // As the box reads it ("2e2" is 200, where parseInt read 2); what is no number goes to the
  // server as typed, which refuses it saying why.
  const number = Number(text);
  if (type.includes("int")) return text !== "" && Number.isInteger(number) ? number : text;
  if (type.includes("float")) return text !== "" && Number.isFinite(number) ? number : text;
  const numberChoice = Number(text);
  return el.tagName === "SELECT" && text !== "" && !Number.isNaN(numberChoice) && String(numberChoice) === text ? numberChoice : text;
}

async function newTable(name) {
  const list = await gameList();
  const game = list.find((g) => g.name === name) || list[0];
  const seatCount = Math.min(Math.max(game.min_players, 3), game.max_players);
  const myName = localStorage.getItem("parlour.name") || "";
  titled(t("new_table_of", { game: game.title }));
  main.innerHTML = `<h1>${t("new_table_of", { game: esc(game.title) })}</h1>
  <form class="panel form" id="create">
    <label>${t("your_name")} <input type="text" id="my-name" maxlength="24" value="${esc(myName)}" required></label>
    <label><input type="checkbox" id="sit" checked> ${t("i_sit")}</label>
    <label><input type="checkbox" id="private"> ${t("private_table")}</label>
    <label>${t("players")} <select id="count">${Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => game.min_players + i)
      .map((n) => `<option ${n === seatCount ? "selected" : ""}>${n}</option>`).join("")}</select></label>
    <div id="seat-editors"></div>
    <label>${t("language")} <select id="table-lang"><option value="en" ${lang === "en" ? "selected" : ""}>English</option><option value="fr" ${lang === "fr" ? "selected" : ""}>Français</option></select></label>
    <label>${t("turn_timer")} <input type="number" id="timer" min="0" max="600" value="0"></label>
    <label>${t("deal_number")} <input type="text" id="seed" inputmode="numeric" autocomplete="off" placeholder="—"></label>
    ${game.options.filter((o) => o.headline).map(optionInput).join("")}
    <details><summary>${t("options")}</summary>${game.options.filter((o) => !o.headline).map(optionInput).join("")}</details>
    <p><button type="submit" class="big">${t("create")}</button></p>
  </form>`;
  const editors = document.getElementById("seat-editors");
  const drawSeats = () => {
    const n = Number(document.getElementById("count").value);
    editors.innerHTML = Array.from({ length: n }, (_, i) => `<div class="seat-editor" data-seat="${i}">
      <strong>${t("seat")} ${i + 1}</strong>
      <select class="kind" aria-label="${esc(t("seat_kind", { n: i + 1 }))}"><option value="human" ${i < 2 ? "selected" : ""}>${t("human")}</option><option value="bot" ${i >= 2 ? "selected" : ""}>${t("bot")}</option></select>
      <select class="bot" aria-label="${esc(t("seat_bot", { n: i + 1 }))}">${game.bots.map((b) => `<option ${b === game.default_bot ? "selected" : ""}>${esc(b)}</option>`).join("")}</select>
      <input type="text" class="seat-name" maxlength="24" placeholder="${t("name_optional")}" aria-label="${esc(t("seat_name", { n: i + 1 }))}">
      ${game.ages ? `<input type="number" class="seat-age" min="0" max="150" placeholder="${t("age_optional")}" aria-label="${esc(t("seat_age", { n: i + 1 }))}">` : ""}
      ${Object.entries(game.seat_choices || {}).map(([key, choices]) => `<select class="seat-data" data-key="${esc(key)}" aria-label="${esc(t(`seat_${key}`, { n: i + 1 }))}">
        <option value="">${t(`${key}_free`)}</option>${choices.map((c) => `<option value="${esc(c.value)}"${c.option ? ` data-option="${esc(c.option)}"` : ""}>${esc(c.label)}</option>`).join("")}</select>`).join("")}
      <label class="reserve"><input type="checkbox" class="reserved"> ${t("reserve_seat")}</label></div>`).join("");
    editors.querySelectorAll(".seat-editor").forEach((row) => {
      const sync = () => {
        const bot = row.querySelector(".kind").value === "bot";
        row.querySelector(".bot").style.display = bot ? "" : "none";
        const host = row.dataset.seat === "0" && document.getElementById("sit").checked && !bot;
        row.querySelector(".seat-name").style.display = host ? "none" : "";
        // Only a seat for somebody else can be kept for a guest who has its invitation.
        row.querySelector(".reserve").style.display = bot || host ? "none" : "";
      };
      row.querySelector(".kind").addEventListener("change", sync);
      document.getElementById("sit").addEventListener("change", sync);
      sync();
    });
    offerChoices();
  };
  // A seat choice an option adds (the hats' aunt and uncle) is offered while its option is on;
  // one chosen and then switched off goes back to "the game chooses".
  const offerChoices = () => {
    editors.querySelectorAll(".seat-data option[data-option]").forEach((choice) => {
      const offered = Boolean(document.querySelector(`[data-opt="${choice.dataset.option}"]`)?.checked);
      choice.hidden = !offered;
      choice.disabled = !offered;
      if (!offered && choice.selected) choice.parentElement.value = "";
    });
  };
  document.querySelectorAll("[data-type='bool']").forEach((el) => el.addEventListener("change", offerChoices));
  document.getElementById("count").addEventListener("change", drawSeats);
  drawSeats();
  // A web table's defaults follow its language (an English 7 familles table deals the English
  // deck): an option the host has not touched follows the "table language" field.
  const tableLang = () => document.getElementById("table-lang").value;
  const defaultOf = (option) => {
    const byLang = game.lang_defaults?.[tableLang()] || {};
    return option.name in byLang ? byLang[option.name] : option.default;
  };
  document.querySelectorAll("[data-opt]").forEach((el) => el.addEventListener("change", () => { el.dataset.touched = "1"; }));
  document.getElementById("table-lang").addEventListener("change", () => {
    for (const el of document.querySelectorAll("[data-opt]")) {
      const option = game.options.find((o) => o.name === el.dataset.opt);
      if (el.dataset.touched || !option) continue;
      const value = defaultOf(option);
      // A default shown in words keeps its empty box (Go Fish's "automatic", not -1).
      const worded = el.dataset.blank === "default" && value === option.default;
      if (el.type === "checkbox") el.checked = Boolean(value); else el.value = worded ? "" : value ?? "";
    }
  });
  document.getElementById("create").addEventListener("submit", async (event) => {
    event.preventDefault();
    const me = document.getElementById("my-name").value.trim() || "Player 1";
    localStorage.setItem("parlour.name", me);
    const sit = document.getElementById("sit").checked;
    const seats = [...editors.querySelectorAll(".seat-editor")].map((row, i) => {
      const kind = row.querySelector(".kind").value;
      const seat = { kind, bot: row.querySelector(".bot").value };
      const typed = row.querySelector(".seat-name").value.trim();
      if (kind === "bot" && typed) seat.name = typed;
      // A seat left unnamed is named by the server in the table's language ("Joueur 2").
      if (kind === "human" && i === 0 && sit) seat.name = me;
      else if (kind === "human" && typed) seat.name = typed;
      const hostSeat = kind === "human" && i === 0 && sit;
      if (kind === "human" && !hostSeat && row.querySelector(".reserved").checked) seat.reserved = true;
      const age = row.querySelector(".seat-age")?.value.trim() ?? "";
      if (age !== "") seat.age = Number(age);
      const data = {};
      row.querySelectorAll(".seat-data").forEach((el) => { if (el.value) data[el.dataset.key] = el.value; });
      if (Object.keys(data).length) seat.data = data;
      return seat;
    });
    const rulesValues = {};
    for (const el of document.querySelectorAll("[data-opt]")) {
      const option = game.options.find((o) => o.name === el.dataset.opt);
      const value = readOption(el, option);
      if (JSON.stringify(value) !== JSON.stringify(defaultOf(option))) rulesValues[option.name] = value;
    }
    const request = {
      game: game.name, seats, rules: rulesValues, lang: document.getElementById("table-lang").value,
      turn_timer: Number(document.getElementById("timer").value) || 0,
    };
    if (sit && seats[0].kind === "human") request.sit = 0;
    const upload = document.querySelector("[data-upload]");
    if (upload && upload.files.length) {
      request.deck_upload = await upload.files[0].text();
      delete rulesValues[upload.dataset.upload];
    }
    if (document.getElementById("private").checked) request.private = true;
    // The digits as typed, in a string: a JavaScript number would round those above 2^53 (the
    // table would deal another deal than the one asked for). The server reads them exactly and
    // refuses those past 2^63 - 1; anything but digits is refused here, with its reason.
    const seed = document.getElementById("seed").value.trim();
    if (seed !== "" && !/^[0-9]+$/.test(seed)) {
      toast(t("error_is", { why: t("bad_deal_number") }));
      document.getElementById("seed").focus();
      return;
    }
    if (seed !== "") request.seed = seed;
    try {
      const made = await api("/api/tables", request);
      keepToken(made.id, {
        token: made.token, seat: request.sit ?? null, host: true, invites: made.invites || {},
      });
      go(`/t/${made.id}`);
    } catch (err) { toast(t("error_is", { why: err.message })); }
  });
}

// ----- the table ----------------------------------------------------------------------------
// A seated player who goes to another page of the site (the rules, the lobby) is still at his
// table: its socket stays open, its messages unread, until he opens a table again or closes
// the tab, so the others never see him "away" and no stand-in plays for him.
let background = null;
function dropBackground() {
  if (background) { background.close(); background = null; }
}

// This game's rules as the table plays them, in the table's language: its text, then the options
// the host changed.
async function rulesHtml(name, language, changed) {
  const game = await gameIn(name, language);
  if (!game) return "";
  const text = game.rules_text.split(/\n\s*\n/).map((part) => `<p>${esc(part).replaceAll("\n", "<br>")}</p>`).join("");
  const valueOf = (option, value) => {
    const at = (option.choices || []).findIndex((c) => JSON.stringify(c) === JSON.stringify(value));
    return at >= 0 && option.choice_labels ? option.choice_labels[at] : typeof value === "boolean" ? t(value ? "yes" : "no") : String(value);
  };
  const rows = game.options.filter((o) => o.name in changed).map((o) =>
    `<tr><td>${esc(o.label)}</td><td>${esc(valueOf(o, changed[o.name]))}</td></tr>`).join("");
  return `<div id="rules-text" lang="${esc(language)}"><h3>${esc(game.title)}</h3>${text}
    ${rows ? `<table class="opts"><caption>${t("table_options")}</caption>${rows}</table>` : ""}</div>`;
}

// The keys of the table page (or of a replay), as the terminal has them.
function keysHtml(replay) {
  const rows = replay ? [["← →", "key_steps"], ["?", "key_help"], ["Esc", "key_close"]] :
    [["h", "key_hint"], ["r", "key_rules"], ["1 … 9", "key_moves"], ["?", "key_help"], ["Esc", "key_close"]];
  return `${shortcutsWanted() ? "" : `<p id="keys-off"><strong>${esc(t("keys_off"))}</strong></p>`}
    <table class="opts" id="keys-list"><tr><th>${t("key")}</th><th>${t("key_does")}</th></tr>${rows.map(([key, text]) =>
    `<tr><td><kbd>${esc(key)}</kbd></td><td>${esc(t(text))}</td></tr>`).join("")}</table>
    <p class="muted" id="keys-where">${esc(t("keys_where"))}</p>`;
}
const showKeys = (replay) => toggleDrawer("keys", t("keys_title"), () => keysHtml(replay));

// The table page's tools: the rules beside the table, the keys, and how a hidden tab tells the
// player that his turn has come (a tone, a notification; both off until he asks).
function tableTools(info, draw, stateBox, repaint, hints) {
  const showRules = async () => {
    if (openPanel() === "rules") { closeDrawer(); return; }
    const table = stateBox.table;
    const html = await rulesHtml(info.game, table.lang || info.lang, table.rules || {});
    openDrawer("rules", t("rules_title", { game: pick(table.title) }), html);
  };
  current.showRules = showRules;
  document.getElementById("rules-button").addEventListener("click", showRules);
  document.getElementById("keys-button").addEventListener("click", () => showKeys(false));
  document.getElementById("key-shortcuts").addEventListener("change", (event) => setShortcuts(event.target.checked));
  document.getElementById("turn-sound").addEventListener("change", (event) => {
    setSound(event.target.checked);
    if (event.target.checked) tone();  // what it will sound like
  });
  const notify = document.getElementById("turn-notify");
  if (!("Notification" in window)) notify.closest("label").style.display = "none";
  notify.addEventListener("change", async () => {
    const asked = notify.checked;
    notify.checked = await setNotify(asked);
    if (asked && !notify.checked) toast(t("notify_refused"));
  });
  const toggleHints = () => {
    const toggles = draw.hintOptions ? draw.hintOptions() : [];
    if (!toggles.length || stateBox.seat === null) { toast(t("no_hints")); return; }
    const on = !toggles.every((h) => hints[h.key]);
    for (const h of toggles) hints[h.key] = on;
    localStorage.setItem("parlour.hints", JSON.stringify(hints));
    repaint();
  };
  // The n-th move offered, in the page's order: a move button, or a card of the game's own
  // drawing, or one of its player chips (whom to ask, in the ask-and-draw games).
  const moves = () => [...document.querySelectorAll("#actions button:not(:disabled), #board [data-act], #board .target-chip")]
    .filter((el) => el.getClientRects().length && el.style.pointerEvents !== "none");
  const keys = { h: toggleHints, r: showRules, "?": () => showKeys(false) };
  for (let n = 1; n <= 9; n++) {
    keys[String(n)] = () => moves()[n - 1]?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  }
  useKeys(keys);
}

async function tablePage(tableId) {
  let info;
  try { info = await api(`/api/tables/${tableId}`); }
  catch (err) {
    if (err.status === 503) {
      // The database is down for a moment (a table not in the server's memory must be read):
      // say so, and open the table once it answers, unless the visitor has gone elsewhere.
      main.innerHTML = `<h1>${t("unavailable")}</h1><p role="status">${esc(err.message)}</p>`;
      titled(t("unavailable"));
      const here = location.pathname;
      setTimeout(() => { if (location.pathname === here) tablePage(tableId); }, 3000);
      return;
    }
    main.innerHTML = `<h1>${t("no_table")}</h1>`; titled(t("no_table")); return;
  }
  const draw = await renderer(info.game);
  // Only a game that reviews its moves is asked for a review (Beggar has none to give).
  const reviewable = Boolean((await gameList()).find((g) => g.name === info.game)?.review);
  const mine = tokenFor(tableId);
  const stateBox = { table: info, message: null, seat: mine?.seat ?? null, host: false, log: [], myTurn: false };
  titled(pick(info.title));
  // The narration is in the table's language, whatever the page's: read with its voice.
  const tableLang = () => stateBox.table.lang || info.lang || null;
  main.innerHTML = `<div class="layout"><section>
      <div class="row" style="justify-content:space-between"><h1 id="table-title">${esc(pick(info.title))}</h1>
      <span class="connection" id="connection"></span></div>
      <div class="row table-tools" id="table-tools">
        <button type="button" class="secondary" id="rules-button" aria-haspopup="dialog" data-t="rules">${t("rules")}</button>
        <button type="button" class="secondary" id="keys-button" aria-haspopup="dialog" data-t="keys_button">${t("keys_button")}</button>
        <label><input type="checkbox" id="turn-sound" ${soundWanted() ? "checked" : ""}> <span data-t="turn_sound">${t("turn_sound")}</span></label>
        <label><input type="checkbox" id="key-shortcuts" ${shortcutsWanted() ? "checked" : ""}> <span data-t="key_shortcuts">${t("key_shortcuts")}</span></label>
        <label><input type="checkbox" id="turn-notify" ${notifyWanted() ? "checked" : ""}> <span data-t="turn_notify">${t("turn_notify")}</span></label>
      </div>
      <div id="lobby-box"></div>
      <div class="felt" id="felt"><div class="seats" id="seats"></div><div id="board"></div>
        <div class="status-line" id="status-line"></div><div class="actions" id="actions"></div></div>
      <div class="last-event" id="last-event" aria-hidden="true"></div>
      <div id="after"></div>
      <div class="panel" id="hints-box" style="margin-top:1em;display:none"></div>
    </section><aside><div class="log" id="log"></div>
      <div class="panel invite" style="margin-top:1em"><span>${t("invite")}</span>
      <input type="text" id="invite" readonly value="${esc(location.origin + "/t/" + tableId)}">
      <button type="button" class="secondary" id="copy">${t("copy")}</button></div>
      <div id="host-box"></div></aside></div>`;
  narrationBox(document.getElementById("log"));
  sticky.observe(document.getElementById("last-event"));
  if (tableLang()) document.getElementById("log").setAttribute("lang", tableLang());
  document.getElementById("invite").setAttribute("aria-label", t("invite"));
  // The host's own links for the seats kept for guests, and the button that closes the table.
  const held = mine?.host ? mine : null;
  if (held) {
    const invites = Object.entries(held.invites || {});
    document.getElementById("host-box").innerHTML = invites.map(([seat, code]) =>
      `<div class="panel invite" style="margin-top:1em"><span>${t("seat_invite", { n: Number(seat) + 1 })}</span>
      <input type="text" readonly class="seat-invite" data-seat="${esc(seat)}" aria-label="${esc(t("seat_invite", { n: Number(seat) + 1 }))}"
        value="${esc(`${location.origin}/t/${tableId}?invite=${encodeURIComponent(code)}`)}"></div>`).join("")
      + `<p><button type="button" class="secondary" id="close-table">${t("close_table")}</button></p>`;
    document.getElementById("close-table").addEventListener("click", async () => {
      if (!confirm(t("close_confirm"))) return;
      try {
        await api(`/api/tables/${tableId}/close`, { token: held.token });
        toast(t("table_closed"));
        go("/");
      } catch (err) { toast(t("error_is", { why: err.message })); }
    });
  }
  document.getElementById("copy").addEventListener("click", async () => {
    const field = document.getElementById("invite");
    field.select();
    try { await navigator.clipboard.writeText(field.value); } catch { document.execCommand?.("copy"); }
    toast(t("copied"));
  });

  // `closed`: this page was left; `shut`: the table was closed (by its host or the admin).
  // `crowded`: the server refused this page, too many pages being open from this address.
  let socket = null, closed = false, shut = false, crowded = false, retry = 0, retryTimer = null;
  const tableShut = () => stateBox.table?.status === "closed";
  const hints = hintsWanted();
  tableTools(info, draw, stateBox, () => paintGame([]), hints);
  const connect = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/${tableId}?lang=${lang}`);
    socket.addEventListener("open", () => {
      retry = 0;
      crowded = false;
      const hello = { type: "hello", lang };  // the language of its error texts
      const held = tokenFor(tableId);
      if (held?.token) hello.token = held.token;
      socket.send(JSON.stringify(hello));
      dropBackground();  // this page speaks for the seat now
      document.getElementById("connection").textContent = "";
      document.getElementById("connection").className = "connection";
    });
    socket.addEventListener("message", (event) => { if (!closed) onMessage(JSON.parse(event.data)); });
    socket.addEventListener("close", () => {
      if (closed || shut) return;
      const box = document.getElementById("connection");
      // Refused for too many pages, the box keeps saying why until the next try.
      if (box && !crowded) { box.textContent = t("reconnecting"); box.className = "connection lost"; }
      retryTimer = setTimeout(connect, crowded ? 10000 : Math.min(2000, 250 * 2 ** retry++));
      crowded = false;  // a later try that fails otherwise goes back to the usual pace
    });
  };
  const send = (message) => {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };
  // The step of the state shown: a click sent twice, or from a second tab of the same seat,
  // is refused (`stale`) rather than played again.
  const act = (action) => send({
    type: "act", action, step: stateBox.message?.step, game: stateBox.message?.number,
  });

  const onMessage = (message) => {
    if (message.type === "welcome") {
      stateBox.seat = message.seat; stateBox.host = message.host;
    } else if (message.type === "error") {
      if (message.code === "bad_token") {
        localStorage.removeItem(`parlour.seat.${tableId}`);
        socket.close();
        return;
      }
      if (message.code === "too_many_connections") {
        // Too many pages open from this address: said where the connection's state is shown,
        // and tried again slowly, until another page closes.
        crowded = true;
        const box = document.getElementById("connection");
        if (box) { box.textContent = message.text || message.message; box.className = "connection lost"; }
        return;
      }
      if (message.code === "no_table") {
        // The table this page showed is gone: closed while the page was reconnecting.
        stateBox.table = { ...stateBox.table, status: "closed" };
        tableClosed();
        return;
      }
      toast(message.text || message.message);  // the text is in the page's language
      paintGame([]);  // enable the move buttons again
    } else if (message.type === "table") {
      stateBox.table = message.table;
      if (message.table?.status === "open") stateBox.sawOpen = true;
      if (tableShut()) { tableClosed(); return; }
      paintTable();
    } else if (message.type === "state") {
      const before = stateBox.message?.view ?? null;
      // A game's first state tells its deal: said when this page saw the game start (Start,
      // Play again), not when it comes back to a game under way (its whole story again).
      const started = message.initial && (stateBox.sawOpen || Boolean(before?.over));
      stateBox.table = message.table;
      stateBox.sawOpen = message.table?.status === "open";
      // Whether the turn has just come to this seat (a turn the server plays for it, Beggar's
      // flips, is none): said once, after the move's lines, in the same announcement.
      const view = message.view;
      const waiting = Boolean(view && !view.over && stateBox.seat !== null && view.to_move === stateBox.seat &&
        message.legal?.length && !draw.playsItself?.(view));
      const turnCame = waiting && !stateBox.myTurn;
      stateBox.myTurn = waiting;
      // Every line of the move, unless the game says which matter (Beggar's flips that play
      // themselves: the captures and the payments, not every card); the log keeps them all.
      const lines = message.initial && !started ? [] : draw.spoken ? draw.spoken(message.narration, message.events || [], view, before)
        : message.narration;
      announce(lines, { language: tableLang(), turn: turnCame });
      if (message.initial) stateBox.log = [];
      stateBox.log = [...message.narration.slice().reverse(), ...stateBox.log].slice(0, 200);
      stateBox.message = message;
      if (message.narration.length) stateBox.lastLines = message.narration;
      paintTable();
      paintGame(message.initial ? [] : message.events);
      // A turn the server plays for the seat (Beggar's flips) is nothing to be told of.
      turnIs(waiting, pick(stateBox.table.title));
    }
  };

  // The table was closed: said once (on the page and to a screen reader), no move is offered
  // any more, the way back to the lobby is, and the page stops reconnecting.
  const tableClosed = () => {
    if (shut) return;
    shut = true;
    clearTimeout(retryTimer);
    socket?.close();
    stateBox.myTurn = false;
    turnIs(false, pick(stateBox.table.title));
    announce([t("table_closed_note")]);
    document.getElementById("close-table")?.closest("p")?.remove();
    const box = document.getElementById("connection");
    if (box) { box.textContent = ""; box.className = "connection"; }
    paintTable();
    paintGame([]);
  };

  const names = () => stateBox.table.seats.map((s) => s.name);
  const context = () => ({
    you: stateBox.seat, legal: tableShut() ? [] : stateBox.message?.legal || [], names: names(), lang, act,
    hints, serverHints: stateBox.message?.hints ?? null, table: stateBox.table, repaint: () => paintGame([]),
  });

  const paintTable = () => {
    const table = stateBox.table;
    const seatsBox = document.getElementById("seats");
    if (!seatsBox) return;
    const view = stateBox.message?.view;
    seatsBox.innerHTML = table.seats.map((s, i) => {
      const turn = view && !view.over && !tableShut() && view.to_move === i;
      const won = view && view.over && view.outcome && view.outcome.winners.includes(i);
      let extra = view && draw.seatExtra ? draw.seatExtra(view, i, context()) : "";
      if (s.kind === "human" && s.taken && !s.connected && table.status === "playing") {
        const away = s.stand_in ? t("away_bot") : table.turn_timer ? t("away_timer", { n: table.turn_timer }) : t("away");
        extra += ` <span class="badge away">${away}</span>`;
      }
      return `<div class="seat ${turn ? "turn" : ""} ${won ? "won" : ""} ${i === stateBox.seat ? "me" : ""}" data-seat="${i}">
        <span class="name">${s.kind === "bot" ? `<span class="botmark">${t("bot")}</span> ` : presence(s.connected)}${esc(s.name)}${i === stateBox.seat ? ` (${t("you")})` : ""}${s.kind === "bot" ? "" : presenceText(s.connected)}</span>
        ${extra}</div>`;
    }).join("");
    const lobbyBox = document.getElementById("lobby-box");
    let html = "";
    if (table.status === "closed") {
      html += `<div class="panel" id="table-closed"><p><strong>${esc(t("table_closed_note"))}</strong></p>
        <p><a id="closed-back" href="/" data-link>${esc(t("back_to_lobby"))}</a></p></div>`;
    }
    if (table.status === "open") {
      const held = tokenFor(tableId);
      if (!held) {
        // A seat kept for a guest is offered only to a visitor who came by an invitation (the
        // server checks the code); to the others it is shown as kept, not as a seat to take.
        const invited = new URLSearchParams(location.search).has("invite");
        const free = table.seats.map((s, i) => ({ s, i })).filter(({ s }) => s.kind === "human" && !s.taken);
        const offered = free.filter(({ s }) => invited || !s.reserved);
        const kept = free.filter(({ s }) => !invited && s.reserved).map(({ i }) =>
          `<span class="kept-seat" data-seat="${i}">${esc(t("seat_reserved", { n: i + 1 }))}</span>`).join("");
        const buttons = offered.map(({ i }) =>
          `<button type="button" class="join" data-seat="${i}">${t("join_seat", { n: i + 1 })}</button>`).join("");
        // No panel at all when no seat is free: an empty box would sit above the table.
        if (buttons || kept) {
          html += `<div class="panel">${buttons ? `<div class="row"><label>${t("your_name")} <input type="text" id="join-name" maxlength="24" value="${esc(localStorage.getItem("parlour.name") || "")}"></label></div>` : ""}
          <div class="row" style="margin-top:.5em">${buttons}${kept}</div></div>`;
        }
      }
      html += `<div class="panel"><p>${stateBox.host ? "" : t("waiting_host")} <span class="muted">${t("waiting_players")}</span></p>
        ${stateBox.host ? `<button type="button" class="big" id="start">${t("start")}</button>` : ""}</div>`;
    }
    if (table.deal_chosen) {
      html += `<p id="chosen-deal" role="note">${esc(t("chosen_deal"))}</p>`;
    }
    if (table.spectators) html += `<p class="muted">${t("spectators", { n: table.spectators })}</p>`;
    if (tableLang()) document.getElementById("log")?.setAttribute("lang", tableLang());
    // The keyboard in this box (Start, a seat to take) keeps its place across the redraw; when
    // its control is gone (the game started), it goes to the table (see focusAfter).
    const active = document.activeElement;
    const inBox = lobbyBox.contains(active) && active !== lobbyBox;
    const key = inBox ? focusKey(active) || (active.dataset.seat !== undefined ? `[data-seat="${CSS.escape(active.dataset.seat)}"]` : null) : null;
    const typed = document.getElementById("join-name")?.value;
    lobbyBox.innerHTML = html;
    const nameField = document.getElementById("join-name");
    if (nameField && typed !== undefined) nameField.value = typed;  // what the guest typed stays
    lobbyBox.querySelectorAll("button.join").forEach((button) => button.addEventListener("click", async () => {
      const name = document.getElementById("join-name").value.trim();
      if (!name) { toast(t("name_prompt")); return; }
      localStorage.setItem("parlour.name", name);
      try {
        const joined = await api(`/api/tables/${tableId}/join`, { seat: Number(button.dataset.seat), name,
          invite: new URLSearchParams(location.search).get("invite") || undefined });
        keepToken(tableId, { token: joined.token, seat: joined.seat, host: false });
        socket.close();
      } catch (err) { toast(err.message); }
    }));
    document.getElementById("start")?.addEventListener("click", () =>
      send({ type: "start", token: tokenFor(tableId)?.token }));
    if (inBox && !lobbyBox.contains(document.activeElement)) {
      const same = key ? [...lobbyBox.querySelectorAll(key)].find(shown) : null;
      if (same) same.focus({ preventScroll: true });
      else { keyboardAtTable = true; focusAfter(null); }
    }
    document.getElementById("log").innerHTML = stateBox.log.map((line) => `<p>${esc(line)}</p>`).join("");
  };

  const paintGame = (events) => {
    const message = stateBox.message;
    const board = document.getElementById("board");
    if (!board || !message?.view) return;
    const view = message.view;
    const ctx = context();
    const before = focusBefore();
    document.getElementById("felt").dataset.step = message.step;
    board.innerHTML = draw.render(view, ctx);
    if (draw.bind) draw.bind(board, ctx);
    // A card one may play is a button to the keyboard and to assistive technology.
    board.querySelectorAll("[data-act]:not(button)").forEach((el) => { el.setAttribute("role", "button"); el.setAttribute("tabindex", "0"); });
    board.querySelectorAll("[data-act]").forEach((el) => el.addEventListener("click", () => {
      board.querySelectorAll("[data-act]").forEach((other) => { other.style.pointerEvents = "none"; });
      act(JSON.parse(el.dataset.act));
    }));
    board.querySelectorAll("[data-act]").forEach((el) => el.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); el.dispatchEvent(new Event("click")); }
    }));
    const actions = document.getElementById("actions");
    actions.style.display = draw.customActions ? "none" : "";
    actions.innerHTML = ctx.legal.map((action, i) =>
      `<button type="button" data-legal="${i}">${esc(draw.label ? draw.label(action, view, ctx) : generic.label(action))}</button>`).join("");
    actions.querySelectorAll("button").forEach((button) => button.addEventListener("click", () => {
      actions.querySelectorAll("button").forEach((b) => { b.disabled = true; });
      act(ctx.legal[Number(button.dataset.legal)]);
    }));
    // On a phone the log is below the table: the newest event stays in sight at the bottom.
    const last = document.getElementById("last-event");
    const lines = view.over ? [] : (stateBox.lastLines || []).slice(-2);
    last.innerHTML = lines.map((line) => `<p>${esc(line)}</p>`).join("");
    const status = document.getElementById("status-line");
    if (tableShut()) status.textContent = t("table_closed");
    else if (view.over) status.textContent = outcomeText(view, ctx.names);
    else if (stateBox.seat === null) status.textContent = `${t("spectator")} · ${t("turn_of", { name: ctx.names[view.to_move] ?? "" })}`;
    else status.textContent = view.to_move === stateBox.seat ? t("your_turn") : t("turn_of", { name: ctx.names[view.to_move] ?? "" });
    if (draw.status && !tableShut()) { const extra = draw.status(view, ctx); if (extra) status.textContent += ` · ${extra}`; }
    // The seat's own review, drawn once it has come (the page is drawn again then).
    const seat = stateBox.seat;
    const reviewed = view.over && seat !== null && reviewable;
    const review = reviewed ? reviewFor(tableId, message.number, seat) : undefined;
    if (reviewed && review === undefined && !tableShut()) {
      loadReview(tableId, message.number, seat).then((got) => { if (got && !closed) paintGame([]); });
    }
    const after = document.getElementById("after");
    // A closed table keeps its last standings, with no next game nor replay to offer.
    if (tableShut()) after.innerHTML = view.over ? standings(view, ctx.names, draw) : "";
    else after.innerHTML = view.over ? `<div class="banner">${esc(outcomeText(view, ctx.names))}</div>
      ${standings(view, ctx.names, draw)}
      ${stateBox.host ? "" : `<p class="muted" id="next-game">${t("host_starts_next")}</p>`}
      <div class="row">${stateBox.host ? `<button type="button" class="big" id="again">${t("again")}</button>` : ""}
      <a class="button secondary" href="/replay/${tableId}/${message.number}" data-link>${t("replay")}</a></div>
      <div id="review-box">${review ? reviewHtml(review, t("your_review")) : ""}</div>` : "";
    document.getElementById("again")?.addEventListener("click", () => send({ type: "again", token: tokenFor(tableId)?.token }));
    const hintsBox = document.getElementById("hints-box");
    const toggles = draw.hintOptions ? draw.hintOptions() : [];
    hintsBox.style.display = toggles.length && stateBox.seat !== null ? "" : "none";
    hintsBox.innerHTML = toggles.map((h) => `<label><input type="checkbox" data-hint="${h.key}" ${hints[h.key] ? "checked" : ""}> ${esc(t(h.text))}</label>`).join(" ");
    hintsBox.querySelectorAll("[data-hint]").forEach((box) => box.addEventListener("change", () => {
      hints[box.dataset.hint] = box.checked;
      localStorage.setItem("parlour.hints", JSON.stringify(hints));
      paintGame([]);
    }));
    if (events.length && draw.animate) draw.animate(events, document.getElementById("felt"), ctx);
    focusAfter(before);
  };

  // Where the keyboard was before a redraw of the table: in it (the control's key), or elsewhere.
  let keyboardAtTable = false;
  const zones = () => ["felt", "after", "hints-box"].map((id) => document.getElementById(id)).filter(Boolean);
  const focusBefore = () => {
    const active = document.activeElement;
    const parked = active?.id === "status-line";
    if (active && active !== document.body && !parked) {
      keyboardAtTable = zones().some((zone) => zone.contains(active));
    }
    return keyboardAtTable && !parked && active !== document.body ? focusKey(active) : null;
  };
  // After it: the same control if it is still offered, else the first move offered, else the
  // status line (which says whose turn it is), where the next redraw finds it again. Only when
  // the redraw took the focus away: a player reading the log or the rules is left there.
  const focusAfter = (key) => {
    const active = document.activeElement;
    const status = document.getElementById("status-line");
    if (!keyboardAtTable || (active && active !== document.body && active !== status)) return;
    const same = key && zones().flatMap((zone) => [...zone.querySelectorAll(key)]).find(shown);
    const first = [...document.querySelectorAll("#board [data-act], #board .target-chip, #actions button")].find(shown);
    const target = same || first;
    if (target) target.focus({ preventScroll: true });
    else if (active !== status) { status.tabIndex = -1; status.focus({ preventScroll: true }); }
  };

  // The FR/EN button changes the page only: the narration, the deck and the seats' names are
  // the table's, in its own language.
  // The socket is told too: its error texts follow the page.
  current.onLang = () => { send({ type: "lang", lang }); titled(pick(stateBox.table.title)); paintTable(); paintGame([]); };
  connect();
  leaveView = () => {
    closed = true;
    clearTimeout(retryTimer);
    const seated = stateBox.seat !== null && socket?.readyState === WebSocket.OPEN;
    if (seated && stateBox.table.status === "playing") { dropBackground(); background = socket; }
    else socket?.close();
  };
}

export function outcomeText(view, names) {
  const outcome = view.outcome;
  if (!outcome) return t("game_over");
  const winners = outcome.winners.map((i) => names[i]);
  if (!winners.length) return `${t("game_over")} · ${t("draw")}`;
  const list = winners.join(lang === "fr" ? " et " : " and ");
  return `${t("game_over")} · ${t(winners.length > 1 ? "winners" : "winner", { names: list })}`;
}

// The end screen: every player's rank and score (the game's own words for it when its drawing
// has `standing`: "3 families", "212 pts · last round 23", or {score, detail}, the detail in
// secondary text: a Panoplies series' games lost, then its last game's garments), the winners
// first.
function ordinal(n) {
  if (lang === "fr") return n === 1 ? "1er" : `${n}e`;
  const suffix = ["th", "st", "nd", "rd"], v = n % 100;
  return n + (suffix[(v - 20) % 10] || suffix[v] || suffix[0]);
}

export function standings(view, names, draw) {
  const outcome = view.outcome;
  if (!outcome?.ranks) return "";
  const order = names.map((_, i) => i).sort((a, b) => outcome.ranks[a] - outcome.ranks[b] || a - b);
  const rows = order.map((i) => {
    const said = draw.standing ? draw.standing(view, i) : String(outcome.scores[i]);
    const { score, detail } = typeof said === "string" ? { score: said } : said;
    const more = detail ? ` <span class="muted standing-detail">${esc(detail)}</span>` : "";
    return `<tr data-seat="${i}"><td>${ordinal(outcome.ranks[i])}</td><td>${esc(names[i])}</td><td>${esc(score)}${more}</td></tr>`;
  }).join("");
  return `<table class="opts" id="standings"><caption>${t("standings")}</caption>
    <tr><th>${t("rank")}</th><th>${t("player")}</th><th>${t("score")}</th></tr>${rows}</table>`;
}

// ----- replays ------------------------------------------------------------------------------
// At the end of a replay: any seat's review (the record of a finished game is public).
function reviewPicker(box, tableId, number, seats) {
  box.dataset.shown = "1";
  box.innerHTML = `<label>${t("review_pick")} <select id="review-seat">${
    seats.map((name, i) => `<option value="${i}">${esc(name)}</option>`).join("")}</select></label><div id="review-one"></div>`;
  const pick = () => {
    const seat = Number(document.getElementById("review-seat").value);
    showReview(document.getElementById("review-one"), tableId, number, seat, t("review_of", { name: seats[seat] }));
  };
  document.getElementById("review-seat").addEventListener("change", pick);
  pick();
}

async function replayPage(tableId, number) {
  let data;
  // The way back names where it leads: the table, which serves its replays while it exists;
  // the lobby where there is no replay to show (the table closed, or gone).
  const lobbyLink = `<p><a id="replay-back" href="/" data-link>${esc(t("back_to_lobby"))}</a></p>`;
  try { data = await api(`/api/tables/${tableId}/games/${number}/replay?lang=${lang}`); }
  catch (err) { main.innerHTML = `<h1>${t("replay_of", { n: number })}</h1><p>${esc(err.message)}</p>${lobbyLink}`; titled(t("replay_of", { n: number })); return; }
  const draw = await renderer(data.game);
  const about = (await gameList()).find((g) => g.name === data.game);
  const gameTitle = about?.title;
  titled(gameTitle ? `${t("replay_of", { n: number })} · ${gameTitle}` : t("replay_of", { n: number }));
  let index = 0, timer = null;
  main.innerHTML = `<h1>${t("replay_of", { n: number })}</h1>
    <div class="replay-controls"><button type="button" id="prev">${t("prev")}</button>
    <button type="button" id="play">${t("play")}</button><button type="button" id="next">${t("next")}</button>
    <input type="range" id="slider" aria-label="${esc(t("replay_step"))}" min="0" max="${data.steps.length - 1}" value="0"><span id="where"></span></div>
    <div class="layout"><div><div class="felt" id="replay-felt" data-step="0"><div id="board"></div><div class="status-line" id="status-line"></div></div>
    <div id="replay-standings"></div><div id="replay-review"></div></div>
    <div class="log" id="log"></div></div>
    <p><a id="replay-back" href="/t/${tableId}" data-link>${esc(t("back_to_table"))}</a></p>`;
  narrationBox(document.getElementById("log"));
  // `said`: the step was reached by the player (a button, a key, the slider): its narration is
  // announced, in the page's language, as the table announces a move.
  const show = (said = false) => {
    const step = data.steps[index];
    if (said) announce(step.narration.length ? step.narration : [t("step", { i: index, n: data.steps.length - 1 })]);
    const ctx = { you: null, legal: [], names: data.seats, lang, act: () => {}, hints: {}, serverHints: null, table: null };
    // A felt with a step is drawn whole (style.css shows the seats only before a game starts).
    document.getElementById("replay-felt").dataset.step = index;
    document.getElementById("board").innerHTML = draw.render(step.view, ctx);
    document.getElementById("status-line").textContent = step.view.over ? outcomeText(step.view, data.seats) : "";
    document.getElementById("replay-standings").innerHTML = step.view.over ? standings(step.view, data.seats, draw) : "";
    const reviewBox = document.getElementById("replay-review");
    if (!step.view.over) { reviewBox.innerHTML = ""; delete reviewBox.dataset.shown; }
    else if (!reviewBox.dataset.shown && about?.review) reviewPicker(reviewBox, tableId, number, data.seats);
    document.getElementById("where").textContent = t("step", { i: index, n: data.steps.length - 1 });
    document.getElementById("slider").value = index;
    document.getElementById("slider").setAttribute("aria-valuetext", t("step", { i: index, n: data.steps.length - 1 }));
    const lines = [];
    for (let i = index; i >= 0 && lines.length < 60; i--) lines.push(...data.steps[i].narration.slice().reverse());
    document.getElementById("log").innerHTML = lines.map((l) => `<p>${esc(l)}</p>`).join("");
  };
  const move = (delta) => {
    const next = Math.max(0, Math.min(data.steps.length - 1, index + delta));
    if (next === index) return;
    index = next;
    show(true);
  };
  document.getElementById("prev").addEventListener("click", () => move(-1));
  document.getElementById("next").addEventListener("click", () => move(1));
  document.getElementById("slider").addEventListener("input", (e) => { index = Number(e.target.value); show(true); });
  useKeys({ ArrowLeft: () => move(-1), ArrowRight: () => move(1), "?": () => showKeys(true) });
  document.getElementById("play").addEventListener("click", (e) => {
    if (timer) { clearInterval(timer); timer = null; e.target.textContent = t("play"); return; }
    e.target.textContent = t("pause");
    timer = setInterval(() => { if (index >= data.steps.length - 1) { clearInterval(timer); timer = null; } else move(1); }, 600);
  });
  leaveView = () => clearInterval(timer);
  show();
}

// ----- rules and credits --------------------------------------------------------------------
async function rules(name) {
  const list = await gameList();
  const shown = name ? list.filter((g) => g.name === name) : list;
  titled(shown.length === 1 ? `${t("rules")} · ${shown[0].title}` : t("rules"));
  main.innerHTML = `<h1>${t("rules")}</h1>` + shown.map((g) => `<section class="panel" id="rules-${g.name}">
    <h2>${esc(g.title)}</h2><p>${esc(g.rules_text).replaceAll("\n", "<br>")}</p>
    <table class="opts"><tr><th>${t("options")}</th><th></th><th></th></tr>${g.options.map((o) =>
      `<tr><td>${esc(o.label)}</td><td>${esc(o.default_label)}</td><td>${esc(o.help)}</td></tr>`).join("")}</table>
    ${g.credits ? `<p class="muted">${esc(g.credits)}</p>` : ""}</section>`).join("");
}

async function about() {
  const data = await api(`/api/about?lang=${lang}`);
  titled(t("about"));
  main.innerHTML = `<h1>${t("about")}</h1><section class="panel"><h2>Parlour ${esc(data.version)}</h2>
    <p id="credits">${esc(data.credits)}</p><h2>${t("credits_title")}</h2>
    <ul>${data.games.map((g) => `<li>${esc(g.title)} — ${esc(g.credits)}</li>`).join("")}</ul></section>`;
}

// Every card's caption drawn at its full size (at least 11 px) and squeezed to the card's width
// where a long name would overflow it: done once a drawing is on the page and laid out.
let fitting = false;
new MutationObserver(() => {
  if (fitting) return;
  fitting = true;
  requestAnimationFrame(() => { fitting = false; fitCaptions(main); });
}).observe(main, { childList: true, subtree: true });

route();
