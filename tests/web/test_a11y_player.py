"""The table as a player with a screen reader, the keyboard only, or a phone finds it.

Each test is one point of an accessibility audit of the web table (headless Chromium driven by
Playwright): every line of a move announced, "Your turn" said once, the narration read in the
table's language, a lost garment named as lost, moves that no digit plays from a form control
and single-key shortcuts one can switch off, the focus never dropped on the body, a phone's
panel that keeps the focus, a form that fits 320 px, distinct states in forced colours, seats'
connections in words, a title per page, one element per action, laid books and families named
as such, replays that speak, and Beggar's automatic flips that do not flood the live region.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from parlour.core.registry import get_game
from parlour.games.familles.decks import get_deck
from tests.web.conftest import Server
from tests.web.test_browser import pytestmark as browser_mark

pytestmark = browser_mark  # skipped, like the other browser tests, without Chromium

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
YOUR_TURN = {"en": "Your turn", "fr": "À vous de jouer"}

# Every text the live region is given, in order (one entry per update), with its language.
WATCH = """
window.__said = [];
document.addEventListener("DOMContentLoaded", () => {
  const box = document.getElementById("announce");
  new MutationObserver(() => {
    if (box.textContent) window.__said.push({ text: box.textContent, lang: box.getAttribute("lang"),
      turn: box.querySelector("span[lang]")?.getAttribute("lang") ?? null });
  }).observe(box, { childList: true, characterData: true, subtree: true });
});
"""
# What the page has the focus on, in a few words.
FOCUS = """() => { const a = document.activeElement;
  return !a || a === document.body ? "BODY" : a.tagName + (a.id ? "#" + a.id : ""); }"""


class Table:
    """The host's page at a table made through the API (Ann at seat 0, the others bots), its
    announcements and the WebSocket frames it received recorded."""

    def __init__(
        self,
        browser: Any,
        server: Server,
        request: dict[str, Any],
        lang: str = "en",
        size: dict[str, int] = LAPTOP,
        bots: int = 1,
        seated: bool = True,
        init: str = "",
    ) -> None:
        seats = [{"kind": "human", "name": "Ann"}] + [{"kind": "bot"}] * bots
        body = {"seats": seats, **request}
        if seated:
            body["sit"] = 0
        made = server.post("/api/tables", body)
        self.table_id = made["id"]
        self.token = made["token"]
        self.context = browser.new_context(viewport=size, bypass_csp=True)
        held = json.dumps({"token": made["token"], "seat": 0, "host": True, "invites": {}})
        script = f"localStorage.setItem('parlour.lang', '{lang}');"
        if seated:
            script += f"localStorage.setItem('parlour.seat.{self.table_id}', {json.dumps(held)});"
        self.context.add_init_script(script + init + WATCH)
        self.page = self.context.new_page()
        self.frames: list[dict[str, Any]] = []
        self.sent: list[dict[str, Any]] = []
        self.errors: list[str] = []
        self.page.on("pageerror", lambda err: self.errors.append(str(err)))
        self.page.on("websocket", self._watch)
        self.page.goto(f"{server.url}/t/{self.table_id}")
        self.page.wait_for_selector(".seat")

    def _watch(self, socket: Any) -> None:
        socket.on("framereceived", lambda payload: self.frames.append(json.loads(payload)))
        socket.on("framesent", lambda payload: self.sent.append(json.loads(payload)))

    def states(self) -> list[dict[str, Any]]:
        return [f for f in self.frames if f.get("type") == "state" and f.get("view")]

    def said(self) -> list[dict[str, Any]]:
        return list(self.page.evaluate("window.__said"))

    def acts(self) -> int:
        return sum(1 for m in self.sent if m.get("type") == "act")

    def my_turn(self) -> None:
        self.page.wait_for_function(
            "document.querySelector('#actions button:not([disabled]), #board [data-act]') !== null",
            timeout=30_000,
        )

    def close(self) -> None:
        assert not self.errors, self.errors
        self.context.close()


# ----- what a screen reader hears ----------------------------------------------------------


def test_every_line_of_a_move_is_announced_in_order(browser: Any, server: Server) -> None:
    # Flip 7 between Ann and two bots: a deal, a bot's Flip Three, a round's scores: moves of
    # several lines, each of which a blind player must hear, not only its last.
    ann = Table(browser, server, {"game": "flip7", "seed": 1}, bots=2)
    try:
        ann.page.click("#start")
        ann.my_turn()
        ann.page.wait_for_timeout(300)
        said = [s["text"] for s in ann.said()]
        several = [s for s in ann.states() if len(s["narration"]) > 1]
        assert several, "no move of several lines to check"
        for state in several:
            whole = " ".join(state["narration"])
            assert any(text.startswith(whole) for text in said), (whole, said)
    finally:
        ann.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_your_turn_is_announced_once_when_it_comes(browser: Any, server: Server, lang: str) -> None:
    ann = Table(browser, server, {"game": "flip7", "seed": 1, "lang": lang}, lang=lang, bots=2)
    try:
        ann.page.click("#start")
        ann.my_turn()
        ann.page.wait_for_timeout(200)
        turns = [s for s in ann.said() if YOUR_TURN[lang] in s["text"]]
        assert len(turns) == 1, ann.said()
        assert turns[0]["text"].endswith(f"{YOUR_TURN[lang]}.")
        # Her hit passes the turn round the table (Flip 7): her draw and the bots' are said
        # without "Your turn", which is said once more, last, when the turn comes back to her.
        before = ann.acts()
        said_before = len(ann.said())  # counted before the click, which the answer may outrun
        ann.page.click("#actions button[data-legal='0']")
        ann.page.wait_for_function(
            "([n, words]) => window.__said.slice(n).some((s) => s.text.includes(words))",
            arg=[said_before, YOUR_TURN[lang]],
        )
        ann.page.wait_for_timeout(200)
        assert ann.acts() == before + 1
        after = [s["text"] for s in ann.said()[said_before:]]
        assert after[0].startswith("Ann") and YOUR_TURN[lang] not in after[0], after
        assert [YOUR_TURN[lang] in text for text in after].count(True) == 1, after
        assert after[-1].endswith(f"{YOUR_TURN[lang]}."), after
    finally:
        ann.close()


def test_the_narration_is_read_in_the_tables_language(browser: Any, server: Server) -> None:
    # An English page at a French table: the narration is French, "Your turn" the page's.
    ann = Table(browser, server, {"game": "flip7", "seed": 1, "lang": "fr"}, lang="en", bots=2)
    try:
        ann.page.click("#start")
        ann.my_turn()
        assert ann.page.get_attribute("#log", "lang") == "fr"
        said = ann.said()
        assert said and all(s["lang"] == "fr" for s in said)
        turn = [s for s in said if YOUR_TURN["en"] in s["text"]]
        assert turn and turn[0]["turn"] == "en"
    finally:
        ann.close()


def test_beggars_automatic_flips_announce_only_what_matters(browser: Any, server: Server) -> None:
    rules = {"speed": True, "pace_ms": 50}
    ann = Table(browser, server, {"game": "beggar", "seed": 24, "rules": rules})
    try:
        ann.page.click("#start")
        ann.page.wait_for_function("Number(document.getElementById('felt').dataset.step) >= 40")
        said = [s["text"] for s in ann.said()]
        # A deal, a debt to pay, the pile taken, a player out, a round won: never a card
        # turned up or paid alone.
        keys = ("pile", "pay!", "out of cards", "round", "Round", "deal")
        plain = [s for s in said if not any(key in s for key in keys)]
        assert said and not plain, plain
        assert len(said) < len(ann.states()) / 2
        # The log keeps every line.
        assert ann.page.locator("#log p").count() >= 40
    finally:
        ann.close()


def test_the_replay_link_is_one_element_and_its_steps_are_announced(
    browser: Any, server: Server, finished: str
) -> None:
    context = browser.new_context(viewport=LAPTOP, bypass_csp=True)
    context.add_init_script("localStorage.setItem('parlour.lang', 'en');" + WATCH)
    page = context.new_page()
    try:
        page.goto(f"{server.url}/t/{finished}")
        page.wait_for_selector("#after .banner")
        assert page.query_selector("a button, button a") is None
        link = page.locator("#after a[href^='/replay/']")
        assert link.get_attribute("class") == "button secondary"
        link.focus()
        page.keyboard.press("Enter")
        page.wait_for_selector("#slider")
        # The new page's heading has the focus, and the tab its own title.
        assert page.evaluate(FOCUS) == "H1"
        assert page.title().startswith("Replay: game 1") and page.title().endswith("Parlour")
        steps = page.evaluate(
            f"fetch('/api/tables/{finished}/games/1/replay?lang=en').then(r => r.json())"
        )
        page.keyboard.press("ArrowRight")
        page.wait_for_function("window.__said.length > 0", timeout=5000)
        assert page.evaluate("window.__said")[-1]["text"] == " ".join(
            steps["steps"][1]["narration"]
        )
    finally:
        context.close()


# ----- the keyboard ------------------------------------------------------------------------


def test_no_digit_plays_from_a_form_control_and_shortcuts_can_be_off(
    browser: Any, server: Server
) -> None:
    ann = Table(browser, server, {"game": "flip7", "seed": 3})
    page = ann.page
    try:
        page.click("#start")
        ann.my_turn()
        # On a checkbox (the sound's switch), 1 plays nothing.
        page.focus("#turn-sound")
        page.keyboard.press("1")
        page.wait_for_timeout(300)
        assert ann.acts() == 0
        # The shortcuts switched off: 1 plays nothing anywhere, ? opens nothing.
        assert page.is_checked("#key-shortcuts")
        page.uncheck("#key-shortcuts")
        page.evaluate("document.activeElement.blur()")
        page.keyboard.press("1")
        page.keyboard.press("?")
        page.wait_for_timeout(300)
        assert ann.acts() == 0 and page.is_hidden("#drawer")
        # Remembered; switched on again, 1 plays the first move.
        page.reload()
        ann.my_turn()
        assert not page.is_checked("#key-shortcuts")
        page.check("#key-shortcuts")
        page.evaluate("document.activeElement.blur()")
        page.keyboard.press("1")
        for _ in range(100):
            if ann.acts():
                break
            page.wait_for_timeout(20)
        assert ann.acts() == 1
        label = page.text_content("label:has(#key-shortcuts)") or ""
        assert "Single-key shortcuts" in label
    finally:
        ann.close()


def test_the_focus_is_never_dropped_on_the_body(browser: Any, server: Server) -> None:
    ann = Table(browser, server, {"game": "flip7", "seed": 1}, bots=2)
    page = ann.page
    try:
        # Start, by the keyboard: the button goes, the focus goes to the table.
        page.focus("#start")
        page.keyboard.press("Enter")
        page.wait_for_selector("#felt[data-step]")
        page.wait_for_timeout(300)
        assert page.evaluate(FOCUS) != "BODY"
        assert page.evaluate("document.getElementById('felt').contains(document.activeElement)")
        # A link to another page: its heading has the focus.
        page.focus("header a[href='/']")
        page.keyboard.press("Enter")
        page.wait_for_selector("#new-buttons")
        # The lobby is drawn, then its table list is fetched, then the heading takes the focus:
        # under load the list's answer comes a moment after the buttons (the check read 'A',
        # the link still focused, in a clean-clone run).
        page.wait_for_function("document.activeElement.tagName !== 'A'", timeout=10000)
        assert page.evaluate(FOCUS) == "H1"
        # The lobby's list, redrawn when another table opens: the same table's link keeps it.
        page.wait_for_selector(f".tablecard[data-table='{ann.table_id}']")
        page.focus(f".tablecard[data-table='{ann.table_id}'] a")
        server.post("/api/tables", {"game": "gofish", "seats": [{"kind": "human"}] * 2})
        page.wait_for_function("document.querySelectorAll('.tablecard').length >= 2")
        page.wait_for_timeout(3000)  # the list is drawn again every 2.5 s
        focused = page.evaluate(
            "document.activeElement.closest('.tablecard')?.dataset.table ?? null"
        )
        assert focused == ann.table_id
    finally:
        ann.close()


def test_the_rules_panel_on_a_phone_keeps_the_focus(browser: Any, server: Server) -> None:
    ann = Table(browser, server, {"game": "flip7", "seed": 3}, size=PHONE)
    page = ann.page
    try:
        page.click("#start")
        ann.my_turn()
        page.focus("#actions button")
        page.keyboard.press("r")
        page.wait_for_selector("#drawer #rules-text")
        assert page.get_attribute("#drawer", "aria-modal") == "true"
        for _ in range(4):
            page.keyboard.press("Shift+Tab")
            assert page.evaluate(
                "document.getElementById('drawer').contains(document.activeElement)"
            )
        page.keyboard.press("Escape")
        assert page.evaluate("document.activeElement.closest('#actions') !== null")
        assert page.evaluate("document.getElementById('main').inert") is False
    finally:
        ann.close()


# ----- the page's layout, colours, words ----------------------------------------------------


def test_the_new_table_form_fits_320_px(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport={"width": 320, "height": 640}, bypass_csp=True)
    page = context.new_page()
    try:
        for game in ("familles", "beggar"):
            page.goto(f"{server.url}/new?game={game}")
            page.wait_for_selector("#create")
            page.click("#create details summary")
            wide = page.evaluate(
                "document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            assert wide <= 0, (game, wide)
    finally:
        context.close()


def test_the_chosen_player_and_the_seat_to_move_in_forced_colours(
    browser: Any, server: Server
) -> None:
    ann = Table(browser, server, {"game": "gofish", "seed": 3}, bots=2)
    page = ann.page
    try:
        page.emulate_media(forced_colors="active")
        page.click("#start")
        page.wait_for_selector(".target-chip.chosen")
        styles = page.evaluate(
            """() => { const style = (sel) => {
                 const s = getComputedStyle(document.querySelector(sel));
                 return s.borderTopStyle + " " + s.borderTopWidth; };
               return [style(".target-chip.chosen"), style(".target-chip:not(.chosen)"),
                       style(".seat.turn"), style(".seat:not(.turn)")]; }"""
        )
        assert styles[0] != styles[1] and styles[2] != styles[3], styles
    finally:
        ann.close()


def test_connections_in_words_and_a_title_per_page(browser: Any, server: Server) -> None:
    ann = Table(browser, server, {"game": "familles", "seed": 2}, lang="fr")
    page = ann.page
    try:
        assert page.title() == "Jeu des 7 familles · Parlour"
        dot = page.locator(".seat.me .dot")
        assert dot.get_attribute("title") == "connecté"
        assert "(connecté)" in (page.text_content(".seat.me .sr-only") or "")
        page.goto(f"{ann.page.url.split('/t/')[0]}/")
        page.wait_for_selector(".tablecard")
        assert page.title() == "Salon · Parlour"
        assert page.query_selector("a button, button a") is None  # one element per action
        presence = (page.text_content(".tablecard .sr-only") or "").strip()
        assert presence in ("(connecté)", "(absent)")
        page.click("#new-buttons a[href='/new?game=gofish']")
        page.wait_for_selector("#create")
        assert page.title().startswith("Nouvelle table") and page.title().endswith("Parlour")
        page.click("header a[href='/about']")
        page.wait_for_selector("#credits")
        assert page.title() == "À propos · Parlour"
    finally:
        ann.close()


# ----- the games' drawings: names of what is on the felt -------------------------------------

RENDER = """async ([game, view, lang]) => {
  localStorage.setItem("parlour.lang", lang);
  const i18n = await import("/static/i18n.js");
  i18n.setLang(lang);
  const drawing = await import(`/static/games/${game}.js`);
  const felt = document.createElement("div");
  felt.className = "felt"; felt.id = "test-felt";
  const ctx = {you: 0, legal: [], hints: {}, serverHints: null, names: view.players};
  felt.innerHTML = drawing.render(view, ctx);
  document.getElementById("main").append(felt);
  return felt;
}"""


def rendered(page: Any, game: str, view: dict[str, Any], lang: str) -> Any:
    page.evaluate("document.getElementById('test-felt')?.remove()")
    page.evaluate(RENDER, [game, view, lang])
    return page.locator("#test-felt")


def test_laid_books_and_families_are_named_as_such(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport=LAPTOP, bypass_csp=True)
    page = context.new_page()
    try:
        page.goto(server.url + "/about")
        page.wait_for_selector("#credits")
        view = get_game("gofish").new_state(3, seed=3).view(0)
        view["laid"] = [{"seat": 1, "group": 6}]
        names = {"en": "book of sevens", "fr": "livre des sept"}
        for lang, name in names.items():
            felt = rendered(page, "gofish", view, lang)
            assert felt.locator(".books svg").get_attribute("aria-label") == name
        view = get_game("familles").new_state(3, seed=2).view(0)
        for lang, name in {"en": "Bones family, laid", "fr": "famille Boulanger, posée"}.items():
            view["deck"] = get_deck(lang).to_json()
            group = next(i for i, f in enumerate(view["deck"]["families"]) if f["name"] in name)
            view["laid"] = [{"seat": 1, "group": group}]
            felt = rendered(page, "familles", view, lang)
            assert felt.locator(".wardrobe svg").get_attribute("aria-label") == name
    finally:
        context.close()


def test_a_lost_garment_is_named_and_drawn_as_lost(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport=LAPTOP, bypass_csp=True)
    page = context.new_page()
    try:
        page.goto(server.url + "/about")
        page.wait_for_selector("#credits")
        view = get_game("panoplies").new_state(3, seed=3).view(0)
        view["mannequins"][1]["wearing"].remove("shoes")
        view["mannequins"][1]["lost"] = ["shoes"]
        for lang, name in {"en": "shoes, lost", "fr": "chaussures, perdues"}.items():
            felt = rendered(page, "panoplies", view, lang)
            lost = felt.locator(".mannequin[data-seat='1'] svg[data-garment='shoes']")
            worn = felt.locator(".mannequin[data-seat='0'] svg[data-garment='shoes']")
            assert lost.get_attribute("aria-label") == name
            assert worn.get_attribute("aria-label") != name
            # Not by colour alone: a dashed outline, in white on the felt.
            dash = lost.locator("path").first.get_attribute("stroke-dasharray")
            assert dash and lost.locator("path").first.get_attribute("stroke") == "#ffffff"
        # The flight to the wardrobe is a picture: hidden from screen readers.
        hidden = page.evaluate(
            """async () => {
              const drawing = await import("/static/games/panoplies.js");
              const felt = document.getElementById("test-felt");
              const lost = {type: "garment_lost", seat: 1, garment: "shoes"};
              drawing.animate([lost], felt, {names: []});
              const ghosts = [...felt.querySelectorAll(".anim-wardrobe")];
              return ghosts.map((g) => g.getAttribute("aria-hidden"));
            }"""
        )
        assert hidden == ["true"]
    finally:
        context.close()
