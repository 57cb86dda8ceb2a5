// Telling a player whose tab is hidden that his turn has come: the page's title says so until
// he looks, a short tone if he asked for one, a browser notification if he allowed them. All
// off for a visible page: he sees the table itself.
import { t } from "./i18n.js";

const SOUND = "parlour.turnSound";
const NOTIFY = "parlour.turnNotify";

let mine = false;  // whether the table shown is waiting for this page's seat
let baseTitle = null;  // the title before it was flagged
let shown = null;  // the notification on screen

export function soundWanted() { return localStorage.getItem(SOUND) === "1"; }
export function setSound(on) { localStorage.setItem(SOUND, on ? "1" : "0"); }

export function notifyWanted() {
  return localStorage.getItem(NOTIFY) === "1" && "Notification" in window && Notification.permission === "granted";
}

// Switching notifications on asks the browser's permission (only ever after the player's click);
// refused, the switch stays off. Returns whether they are on.
export async function setNotify(on) {
  let granted = false;
  if (on && "Notification" in window) {
    const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
    granted = answer === "granted";
  }
  localStorage.setItem(NOTIFY, granted ? "1" : "0");
  return granted;
}

// A short two-note chime made on the spot with WebAudio: no sound file to serve.
export function tone() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  try {
    const audio = new Context();
    const gain = audio.createGain();
    gain.connect(audio.destination);
    const now = audio.currentTime;
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.15, now + 0.03);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.45);
    [660, 880].forEach((pitch, i) => {
      const note = audio.createOscillator();
      note.frequency.value = pitch;
      note.connect(gain);
      note.start(now + i * 0.15);
      note.stop(now + 0.45);
    });
    setTimeout(() => audio.close?.(), 800);
  } catch { /* no sound is no harm */ }
}

// The page's own title ("Lobby · Parlour"): kept under the "(Your turn)" flag while it shows.
export function setTitle(text) {
  if (baseTitle !== null) {
    baseTitle = text;
    document.title = `(${t("turn_flag")}) ${text}`;
  } else document.title = text;
}

function flag() {
  if (baseTitle === null) baseTitle = document.title;
  document.title = `(${t("turn_flag")}) ${baseTitle}`;
}

function unflag() {
  if (baseTitle !== null) { document.title = baseTitle; baseTitle = null; }
  shown?.close?.();
  shown = null;
}

// Called at every state the table page receives: `now` whether it is this seat's turn.
export function turnIs(now, tableTitle = "") {
  const starts = now && !mine;
  mine = now;
  if (!now) { unflag(); return; }
  if (!document.hidden) return;
  flag();
  if (!starts) return;
  if (soundWanted()) tone();
  if (notifyWanted()) {
    try {
      shown = new Notification(t("turn_note"), { body: tableTitle, tag: "parlour-turn" });
      shown.onclick = () => window.focus();
    } catch { shown = null; }
  }
}

// Leaving the table page: nothing is waiting for the player any more.
export function turnReset() { mine = false; unflag(); }

document.addEventListener("visibilitychange", () => {
  if (!document.hidden) unflag();
  else if (mine) flag();
});
