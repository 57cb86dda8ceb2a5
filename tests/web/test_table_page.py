"""The table page in a real browser, in English and French, on a laptop and on a phone: this
game's rules beside the table, the alerts of a hidden tab, the terminal's keys, animations that
name their player over his row, the newest event in sight on a phone, captions of 11 px at
least, and no empty panel before the start.

Playwright drives the system Chromium; without it these tests are skipped (see test_browser).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from parlour.core.registry import get_game
from tests.web.conftest import CHROMIUM, IN_CI, Server

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists() and not IN_CI, reason="the system Chromium is absent"
)

SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
LANGS = ["en", "fr"]
EVERYWHERE = pytest.mark.parametrize(
    ("lang", "size"), [(lang, size) for lang in LANGS for size in SIZES]
)
YOUR_TURN = {"en": "Your turn", "fr": "À vous de jouer"}

# A page whose visibility a test decides: `window.__hide(true)` makes it hidden.
HIDDEN = """
window.__hidden = false;
Object.defineProperty(document, "hidden", { configurable: true, get: () => window.__hidden });
Object.defineProperty(document, "visibilityState", { configurable: true,
  get: () => (window.__hidden ? "hidden" : "visible") });
window.__hide = (hidden) => {
  window.__hidden = hidden;
  document.dispatchEvent(new Event("visibilitychange"));
};
"""
# The sound and the notifications, counted instead of made; the permission is kept for the
# session (in localStorage, as a browser keeps it for the site).
ALERTS = """
window.__tones = 0;
window.__notes = [];
window.__closed = 0;
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  createOscillator() { window.__tones += 1; return super.createOscillator(); }
};
window.Notification = class {
  constructor(title, options) { window.__notes.push({ title, body: options?.body }); }
  close() { window.__closed += 1; }
  static get permission() { return localStorage.getItem("test.permission") || "default"; }
  static requestPermission() {
    localStorage.setItem("test.permission", "granted");
    return Promise.resolve("granted");
  }
};
"""
# Every transient word of an animation, with its box and its player's row's box at that time.
WORDS = """
window.__words = [];
new MutationObserver((changes) => {
  for (const change of changes) for (const node of change.addedNodes) {
    if (!(node instanceof HTMLElement) || !node.classList.contains("big-word")) continue;
    const felt = node.closest(".felt");
    const seat = node.dataset.seat;
    const row = seat === undefined ? null :
      felt.querySelector(`.player-row[data-seat="${seat}"], .mannequin[data-seat="${seat}"]`);
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return [r.left, r.top, r.right, r.bottom];
    };
    window.__words.push({ text: node.textContent, seat: seat === undefined ? null : Number(seat),
      onRow: node.classList.contains("on-row"), word: box(node), row: row ? box(row) : null,
      cut: [...node.children].some((text) => text.scrollWidth > text.clientWidth + 1) });
  }
}).observe(document, { childList: true, subtree: true });
"""


class Seat:
    """The host's page at a table made through the API: Ann at seat 0, bots at the others."""

    def __init__(
        self,
        browser: Any,
        server: Server,
        game: str,
        lang: str,
        size: str,
        seed: int = 1,
        scripts: tuple[str, ...] = (),
        rules: dict[str, Any] | None = None,
        bots: int = 1,
    ) -> None:
        seats = [{"kind": "human", "name": "Ann"}] + [{"kind": "bot"}] * bots
        request = {"game": game, "seats": seats, "sit": 0, "lang": lang, "seed": seed}
        made = server.post("/api/tables", {**request, "rules": rules or {}})
        self.server, self.lang, self.size = server, lang, size
        self.table_id = made["id"]
        # Animations play in full: the boxes measured are those the player sees.
        self.context = browser.new_context(viewport=SIZES[size], bypass_csp=True)
        held = json.dumps({"token": made["token"], "seat": 0, "host": True, "invites": {}})
        self.context.add_init_script(
            f"localStorage.setItem('parlour.lang', '{lang}');"
            f"localStorage.setItem('parlour.seat.{self.table_id}', {json.dumps(held)});"
        )
        for script in scripts:
            self.context.add_init_script(script)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.sent: list[dict[str, Any]] = []
        self.page.on("pageerror", lambda err: self.errors.append(str(err)))
        self.page.on(
            "websocket",
            lambda ws: ws.on("framesent", lambda payload: self.sent.append(json.loads(payload))),
        )
        self.page.goto(f"{server.url}/t/{self.table_id}")
        self.page.wait_for_selector(".seat.me")

    def start(self) -> None:
        self.page.click("#start")
        self.page.wait_for_selector("#felt[data-step]")

    def acts(self) -> int:
        return sum(1 for message in self.sent if message.get("type") == "act")

    def sent_one_more(self, before: int) -> None:
        """Waits until the page has sent a move since it had sent `before`."""
        for _ in range(250):
            if self.acts() > before:
                return
            self.page.wait_for_timeout(20)
        raise AssertionError("the page sent no move")

    def next_step(self, step: str | None) -> None:
        self.page.wait_for_function(
            "(step) => document.getElementById('felt').dataset.step !== step", arg=step
        )

    def my_turn(self, timeout: float = 30_000) -> None:
        """Waits until the page offers this seat a move."""
        self.page.wait_for_function(
            "document.querySelector('#actions button:not([disabled]), #board [data-act]') !== null",
            timeout=timeout,
        )

    def moves(self) -> list[Any]:
        return self.page.query_selector_all(
            "#actions button:not([disabled]):visible, #board [data-act]"
        )

    def over(self) -> bool:
        return self.page.query_selector(".banner") is not None

    def close(self) -> None:
        assert not self.errors, self.errors
        self.context.close()


def rules_opening(game: str, lang: str) -> str:
    """The first words of the game's rules, as its `rules_text` capability gives them."""
    return " ".join(get_game(game).rules_text(lang).split())[:80]


def shown_text(page: Any, selector: str) -> str:
    return " ".join((page.text_content(selector) or "").split())


# ----- the rules beside the table ----------------------------------------------------------


@EVERYWHERE
def test_the_rules_of_this_game_open_beside_the_table(
    browser: Any, server: Server, lang: str, size: str
) -> None:
    ann = Seat(browser, server, "flip7", lang, size, seed=3)
    watcher = browser.new_context(viewport=SIZES[size], bypass_csp=True)
    try:
        ann.start()
        spectator = watcher.new_page()
        spectator.goto(f"{server.url}/t/{ann.table_id}")
        spectator.wait_for_selector("#felt[data-step]")
        page = ann.page
        # The header's Rules link opens this game's rules, in the table's language, on the page.
        page.click("header a[href='/rules']")
        page.wait_for_selector("#drawer #rules-text")
        assert page.url.endswith(f"/t/{ann.table_id}")
        assert rules_opening("flip7", lang) in shown_text(page, "#rules-text")
        assert page.get_attribute("#rules-text", "lang") == lang
        assert page.query_selector("#rules-beggar, #rules-familles") is None  # this game only
        assert page.evaluate("document.activeElement.id") == "drawer-close"  # keyboard first
        page.wait_for_timeout(1500)  # what made the others see "away" before
        seat = server.get(f"/api/tables/{ann.table_id}")["seats"][0]
        assert seat["connected"] and not seat["stand_in"]
        assert spectator.query_selector(".seat[data-seat='0'] .dot.on") is not None
        assert spectator.query_selector(".seat[data-seat='0'] .badge") is None
        # Closed by its button, by Escape, and by the key that opens it.
        page.click("#drawer-close")
        assert page.is_hidden("#drawer")
        page.click("#rules-button")
        page.wait_for_selector("#drawer #rules-text")
        page.keyboard.press("Escape")
        assert page.is_hidden("#drawer")
        assert page.evaluate("document.activeElement.id") == "rules-button"  # focus given back
        page.keyboard.press("r")
        page.wait_for_selector("#drawer #rules-text")
        page.keyboard.press("r")
        assert page.is_hidden("#drawer")
    finally:
        watcher.close()
        ann.close()


# ----- your turn in a hidden tab -----------------------------------------------------------


@EVERYWHERE
def test_a_hidden_tab_is_told_when_its_turn_comes(
    browser: Any, server: Server, lang: str, size: str
) -> None:
    ann = Seat(browser, server, "familles", lang, size, seed=2, scripts=(HIDDEN, ALERTS))
    page = ann.page
    try:
        # Both alerts are off until asked for; asking for notifications asks the browser.
        assert not page.is_checked("#turn-sound") and not page.is_checked("#turn-notify")
        page.check("#turn-sound")
        page.check("#turn-notify")
        page.wait_for_function("localStorage.getItem('test.permission') === 'granted'")
        tones_of_the_switch = page.evaluate("window.__tones")  # a sample of the sound
        title = page.title()  # the page's own: "Happy Families (Jeu des 7 familles) · Parlour"
        assert title.endswith(" · Parlour")
        flagged = {"en": "(Your turn) ", "fr": "(À vous) "}[lang] + title
        page.evaluate("window.__hide(true)")
        ann.start()
        page.wait_for_function("(title) => document.title === title", arg=flagged)
        assert page.evaluate("window.__tones") > tones_of_the_switch
        notes = page.evaluate("window.__notes")
        assert [n["title"] for n in notes] == [
            {"en": "Your turn to play", "fr": "À vous de jouer"}[lang]
        ]
        # Looking at the tab again: the title is the page's own, the notification closed.
        page.evaluate("window.__hide(false)")
        assert page.title() == title
        assert page.evaluate("window.__closed") == 1
        # A visible page is not flagged: it plays, and its next turns leave the title alone.
        moves, step = ann.acts(), page.get_attribute("#felt", "data-step")
        # The digits count the players to ask first, then the cards: the first card's digit.
        page.keyboard.press(str(len(page.query_selector_all("#board .target-chip")) + 1))
        ann.sent_one_more(moves)
        ann.next_step(step)
        ann.my_turn()
        assert page.title() == title and len(page.evaluate("window.__notes")) == 1
        # The switches are remembered.
        page.reload()
        page.wait_for_selector(".seat.me")
        assert page.is_checked("#turn-sound") and page.is_checked("#turn-notify")
    finally:
        ann.close()


@EVERYWHERE
def test_turns_the_server_plays_are_not_told(
    browser: Any, server: Server, lang: str, size: str
) -> None:
    rules = {"speed": True, "pace_ms": 100}  # Beggar's flips turn up by themselves
    ann = Seat(
        browser, server, "beggar", lang, size, seed=24, scripts=(HIDDEN, ALERTS), rules=rules
    )
    page = ann.page
    try:
        page.check("#turn-sound")
        tones = page.evaluate("window.__tones")
        title = page.title()
        page.evaluate("window.__hide(true)")
        ann.start()
        page.wait_for_function("Number(document.getElementById('felt').dataset.step) >= 6")
        assert page.title() == title and page.evaluate("window.__tones") == tones
    finally:
        ann.close()


# ----- the terminal's keys -----------------------------------------------------------------


@EVERYWHERE
def test_the_terminals_keys_work_at_the_table(
    browser: Any, server: Server, lang: str, size: str
) -> None:
    ann = Seat(browser, server, "flip7", lang, size, seed=3)
    page = ann.page
    try:
        ann.start()
        ann.my_turn()
        # ? lists the keys.
        page.keyboard.press("?")
        page.wait_for_selector("#drawer #keys-list")
        listed = shown_text(page, "#keys-list")
        assert all(key in listed for key in ("h", "r", "1 … 9", "?"))
        page.keyboard.press("Escape")
        # h shows the hint (Flip 7's odds), and hides it again.
        assert page.query_selector("#flip7-hint") is None
        page.keyboard.press("h")
        page.wait_for_selector("#flip7-hint")
        page.focus('[data-hint="flip7_hint"]')  # a checkbox keeps the focus: keys still work
        page.keyboard.press("h")
        page.wait_for_selector("#flip7-hint", state="detached")
        # Nothing happens while the player types in a field.
        page.focus("#invite")
        page.keyboard.press("r")
        page.keyboard.press("1")
        page.wait_for_timeout(300)
        assert page.is_hidden("#drawer") and ann.acts() == 0
        page.evaluate("document.activeElement.blur()")
        # A digit plays the move of that rank: 1, the first button (a hit).
        first = page.text_content("#actions button:not([disabled])")
        assert first == {"en": "Hit (one more card)", "fr": "Tirer une carte"}[lang]
        page.keyboard.press("1")
        ann.sent_one_more(0)
        assert [m["action"] for m in ann.sent if m.get("type") == "act"] == [{"type": "hit"}]
    finally:
        ann.close()


@EVERYWHERE
def test_the_arrows_step_a_replay(
    browser: Any, server: Server, finished: str, lang: str, size: str
) -> None:
    context = browser.new_context(viewport=SIZES[size], bypass_csp=True)
    context.add_init_script(f"localStorage.setItem('parlour.lang', '{lang}')")
    page = context.new_page()
    try:
        page.goto(f"{server.url}/replay/{finished}/1")
        page.wait_for_selector("#slider")
        where = page.text_content("#where") or ""
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        after = page.text_content("#where") or ""
        assert where.split()[1] == "0" and after.split()[1] == "2", (where, after)
        page.keyboard.press("ArrowLeft")
        assert (page.text_content("#where") or "").split()[1] == "1"
        page.keyboard.press("?")
        page.wait_for_selector("#drawer #keys-list")
        assert "← →" in shown_text(page, "#keys-list")
    finally:
        context.close()


# ----- animations that name their player, over his row ------------------------------------

ANIMATED = {
    "flip7": {"en": ": Bust!", "fr": "\u00a0: Perdu\u00a0!"},  # French: no-break spaces
    "panoplies": {"en": " loses a garment!", "fr": " perd un vêtement\u00a0!"},
}


@pytest.mark.parametrize("game", sorted(ANIMATED))
@EVERYWHERE
def test_an_animation_names_its_player_over_his_row(
    browser: Any, server: Server, game: str, lang: str, size: str
) -> None:
    ann = Seat(browser, server, game, lang, size, seed=5, scripts=(WORDS,))
    page = ann.page
    rng = random.Random(game)
    try:
        ann.start()
        names = [s["name"] for s in server.get(f"/api/tables/{ann.table_id}")["seats"]]
        words: list[dict[str, Any]] = []
        for _ in range(400):
            words = [w for w in page.evaluate("window.__words") if w["onRow"]]
            if words or ann.over():
                break
            moves = ann.moves()
            if not moves:
                page.wait_for_timeout(50)
                continue
            # Flip 7: Ann always hits (the first move), so that somebody busts soon.
            move = moves[0] if game == "flip7" else rng.choice(moves)
            try:
                move.click(timeout=1000)
            except Exception:  # the page was drawn again under the click
                continue
        assert words, "no animation named a player"
        for word in words:
            assert word["text"] == f"{names[word['seat']]}{ANIMATED[game][lang]}"
            assert not word["cut"]  # the whole sentence fits in the row
            left, top, right, bottom = word["word"]
            row_left, row_top, row_right, row_bottom = word["row"]
            assert row_left - 1 <= left and right <= row_right + 1
            assert row_top - 1 <= top and bottom <= row_bottom + 1
    finally:
        ann.close()


# ----- a phone: the newest event in sight, captions that can be read -----------------------


@EVERYWHERE
def test_the_newest_event_is_in_sight_when_it_is_your_turn(
    browser: Any, server: Server, lang: str, size: str
) -> None:
    ann = Seat(browser, server, "familles", lang, size, seed=2)
    page = ann.page
    try:
        ann.start()
        ann.my_turn()
        for _ in range(3):  # a few asks, so that the newest event is the result of one
            step = page.get_attribute("#felt", "data-step")
            page.click("#board [data-act]")
            ann.next_step(step)
            ann.my_turn()
        newest = shown_text(page, "#log p:first-child")
        assert newest
        strip = "#last-event p:last-child" if size == "phone" else "#log p:first-child"
        assert shown_text(page, strip) == newest
        height = SIZES[size]["height"]
        # At the top of the page, and scrolled down to the moves.
        for where in (
            "window.scrollTo(0, 0)",
            "document.querySelector('#board [data-act]').scrollIntoView()",
        ):
            page.evaluate(where)
            box = page.locator(strip).bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, where
    finally:
        ann.close()


CAPTIONED = ["familles", "panoplies", "gofish", "flip7"]
CAPTIONS = """() => [...document.querySelectorAll("svg.card text.caption")]
  .filter((text) => text.getClientRects().length)
  .map((text) => {
    const card = text.ownerSVGElement.getBoundingClientRect();
    const box = text.getBoundingClientRect();
    const px = parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a;
    const inside = box.left >= card.left - 0.5 && box.right <= card.right + 0.5;
    return { text: text.textContent, px, inside };
  })"""


@pytest.mark.parametrize("game", CAPTIONED)
@EVERYWHERE
def test_card_captions_are_11_px_at_least(
    browser: Any, server: Server, game: str, lang: str, size: str
) -> None:
    ann = Seat(browser, server, game, lang, size, seed=2)
    page = ann.page
    try:
        ann.start()
        if game != "flip7":  # Flip 7's number cards have no caption: its action cards do
            ann.my_turn()
        else:
            page.evaluate("""async () => {
              const draw = await import("/static/games/flip7.js");
              const box = document.createElement("div");
              box.id = "sample";
              const cards = ["second_chance", "flip_three", "freeze", "+4"];
              box.innerHTML = cards.map((c) => draw.cardSvg(c)).join("");
              document.getElementById("board").before(box);
            }""")
        page.wait_for_timeout(100)  # a frame: the captions are fitted once drawn
        captions = page.evaluate(CAPTIONS)
        assert captions, "no caption to measure"
        small = [c for c in captions if c["px"] < 11]
        assert not small, small
        assert all(c["inside"] for c in captions), [c for c in captions if not c["inside"]]
    finally:
        ann.close()


# ----- before the start ----------------------------------------------------------------------


@EVERYWHERE
def test_no_empty_panel_before_the_start(
    browser: Any, server: Server, lang: str, size: str
) -> None:
    ann = Seat(browser, server, "panoplies", lang, size)
    visitor = browser.new_context(viewport=SIZES[size], bypass_csp=True)  # one who has not sat down
    try:
        page = visitor.new_page()
        page.goto(f"{server.url}/t/{ann.table_id}")
        page.wait_for_selector("#seats .seat")
        for shown in (ann.page, page):
            empty = shown.evaluate(EMPTY_PANELS)
            assert empty == []
            felt = shown.locator("#felt").bounding_box()
            seats = shown.locator("#seats").bounding_box()
            assert felt and seats and felt["height"] < seats["height"] + 60  # no empty felt
        assert ann.page.is_visible("#start")
    finally:
        visitor.close()
        ann.close()


EMPTY_PANELS = """() => [...document.querySelectorAll(".panel, .log, .last-event")]
  .filter((el) => el.getClientRects().length && !el.textContent.trim())
  .map((el) => el.id || el.className)"""


# ----- a Panoplies match: which game, and the games each player lost ----------------------

GAME_OF = {"en": "Game {n} of 3", "fr": "Partie {n} sur 3"}
LOST = {"en": ("0 games lost", "1 game lost"), "fr": ("0 partie perdue", "1 partie perdue")}


@pytest.mark.parametrize("lang", LANGS)
def test_a_panoplies_match_says_which_game_it_is_and_the_games_lost(
    browser: Any, server: Server, lang: str
) -> None:
    """Between games the mannequins are only dressed again and the log scrolls on: the status
    line names the game and each seat's row its games lost, as the terminal does."""
    ann = Seat(browser, server, "panoplies", lang, "laptop", seed=4, rules={"games": 3}, bots=2)
    page = ann.page
    rng = random.Random(lang)
    try:
        ann.start()
        assert GAME_OF[lang].format(n=1) in (page.text_content("#status-line") or "")
        rows = page.text_content("#seats") or ""
        assert rows.count(LOST[lang][0]) == 3, rows
        for _ in range(2000):
            status = page.text_content("#status-line") or ""
            if GAME_OF[lang].format(n=2) in status or ann.over():
                break
            moves = ann.moves()
            if not moves:
                page.wait_for_timeout(20)
                continue
            try:
                rng.choice(moves).click(timeout=1000)
            except Exception:  # the page was drawn again under the click
                continue
        assert GAME_OF[lang].format(n=2) in (page.text_content("#status-line") or "")
        rows = page.text_content("#seats") or ""
        # Game 1 had one loser, or none when everybody got dressed in time.
        assert rows.count(LOST[lang][1]) + rows.count(LOST[lang][0]) == 3, rows
        assert rows.count(LOST[lang][1]) <= 1, rows
    finally:
        ann.close()
