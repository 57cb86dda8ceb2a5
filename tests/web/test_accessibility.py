"""Accessibility: axe-core scans every page of the web table in a real browser.

axe-core (Deque's engine, the npm package, pinned) is installed by npm into pytest's cache
folder the first time, then injected into each page by Playwright. Every page a player meets
(the lobby, each game's new-table form, the rules, each game's table during play and at its
end, the replay) must have no `serious` or `critical` violation, in both languages and at a
laptop's and a phone's size. Beside the scans, the points a scan cannot see: only the newest
move's narration is announced, the focus is visible, badges are distinct by more than colour.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from parlour.core.registry import get_game
from parlour.games.familles.decks import get_deck
from parlour.web.app import available_games
from tests.web.conftest import IN_CI, Server, turn_cap
from tests.web.test_browser import pytestmark as browser_mark

pytestmark = browser_mark  # skipped, like the other browser tests, without Chromium

AXE_VERSION = "4.10.3"
SIZES = {"laptop": (1280, 800), "phone": (390, 844)}
LANGS = ("en", "fr")
GAMES = [g["name"] for g in available_games("en")]
# Short games: a deal number, and options that end a game soon (Beggar's cards turn up by
# themselves, fast; Flip 7 to 40 points).
QUICK: dict[str, dict[str, Any]] = {
    "beggar": {"seed": 24, "rules": {"pace_ms": 50}},
    "flip7": {"seed": 1, "rules": {"target": 40}},
    "familles": {"seed": 2, "rules": {}},
    "panoplies": {"seed": 3, "rules": {}},
    "gofish": {"seed": 1, "rules": {}},
}

BLOCKING = ("serious", "critical")


@pytest.fixture(scope="session")
def axe_script(request: pytest.FixtureRequest) -> str:
    """The text of axe.min.js, installed once by npm (the registry's checksum checked) into
    pytest's cache folder and reused by later runs."""
    folder = Path(request.config.cache.mkdir(f"axe-core-{AXE_VERSION}"))
    script = folder / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        npm = shutil.which("npm")
        if npm is None:
            if IN_CI:
                pytest.fail("CI must scan the pages with axe-core, but npm is absent")
            pytest.skip("npm is absent: axe-core cannot be installed")
        command = [npm, "install", "--no-save", "--no-audit", "--no-fund", "--prefix", str(folder)]
        subprocess.run([*command, f"axe-core@{AXE_VERSION}"], check=True, capture_output=True)
    return script.read_text()


def new_page(browser: Any, lang: str, size: str, init: str = "") -> Any:
    """A page in a fresh context of that size, its language chosen as the FR/EN button does."""
    width, height = SIZES[size]
    # axe-core is injected as an inline script, which the site's Content-Security-Policy
    # refuses (as it should): the scan's pages are told to let it in.
    context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
    context.add_init_script(f"localStorage.setItem('parlour.lang', {json.dumps(lang)});{init}")
    page = context.new_page()
    page.states = []  # the seat's views and moves, as the page received them
    page.on("websocket", lambda socket: socket.on("framereceived", lambda f: keep(page, f)))
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.errors = errors  # checked by the tests: a scan of a broken page proves nothing
    return page


def keep(page: Any, payload: Any) -> None:
    frame = json.loads(payload)
    if frame.get("type") == "state" and frame.get("view") is not None:
        page.states.append(frame)


SETTLED = """() => document.getAnimations().every(
    a => a.playState !== 'running' || a.effect.getComputedTiming().endTime === Infinity)"""


def scan(page: Any, axe: str, found: list[str], where: str) -> None:
    """Run axe-core on the whole page; add each serious or critical violation to `found`
    (a test scans all its pages, then fails with every violation it found)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe)
    # A fading element (the toast's 0.3 s transition) has the colours of no steady state:
    # axe measured one half faded in under load. Finite transitions and animations end first.
    page.wait_for_function(SETTLED, timeout=10000)
    results = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    for v in results["violations"]:
        if v["impact"] in BLOCKING:
            nodes = "; ".join(
                f"{n['target']} {n['failureSummary'].splitlines()[1:2]}" for n in v["nodes"][:4]
            )
            found.append(f"{where}: {v['id']} ({v['impact']}): {v['help']}: {nodes}")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_lobby_forms_and_rules(
    browser: Any, server: Server, axe_script: str, lang: str, size: str
) -> None:
    # A table in the lobby's list, so that its cards (and their badges) are scanned too.
    server.post("/api/tables", {"game": "flip7", "seats": [{"kind": "human"}, {"kind": "bot"}]})
    page = new_page(browser, lang, size)
    found: list[str] = []
    try:
        page.goto(server.url + "/")
        page.wait_for_selector(".tablecard")
        scan(page, axe_script, found, f"lobby {lang} {size}")
        for game in GAMES:
            page.goto(f"{server.url}/new?game={game}")
            page.wait_for_selector("#create")
            page.click("#create details summary")  # the options folded away, scanned open
            scan(page, axe_script, found, f"new {game} table {lang} {size}")
        page.goto(server.url + "/rules")
        page.wait_for_selector("#rules-beggar")
        scan(page, axe_script, found, f"rules {lang} {size}")
        assert not page.errors
        assert not found, "\n".join(found)
    finally:
        page.context.close()


def play_a_move(page: Any, rng: random.Random, game: str = "") -> bool:
    """Click a move the page offers, as a person would; False when it offers none. An ask is
    a player's common sense (whoever holds most cards, for a card of the group one holds most
    of: random asks make long games), chosen from the seat's view the page received."""
    states = page.states
    legal = states[-1]["legal"] if states else []
    if game and legal and legal[0].get("type") == "ask":
        return ask(page, game, states[-1]["view"], legal)
    moves = page.query_selector_all("#actions button:not([disabled]):visible, #board [data-act]")
    return bool(moves) and click(rng.choice(moves))


def ask(page: Any, game: str, view: dict[str, Any], legal: list[dict[str, Any]]) -> bool:
    group_of = get_game(game).grouping(None).group_of
    held = [group_of[card] for card in view["hand"]]

    def group(move: dict[str, Any]) -> int:  # an ask for a card, or for a whole group
        if "card" in move:
            return int(group_of[move["card"]])
        return int(next(v for k, v in move.items() if k not in ("type", "target")))

    best = max(legal, key=lambda a: (view["hand_sizes"][a["target"]], held.count(group(a))))
    chip = page.query_selector(f'#board .target-chip[data-target="{best["target"]}"]:not(.chosen)')
    if chip is not None:
        return click(chip) and False  # the asks are drawn again: the card on the next look
    for element in page.query_selector_all("#board [data-act]"):
        if json.loads(element.get_attribute("data-act") or "null") == best:
            return click(element)
    return False


def click(element: Any) -> bool:
    try:
        element.click(timeout=1000)
    except Exception:  # the page was drawn again under the click: the next try will do
        return False
    return True


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_a_table_in_play_at_its_end_and_its_replay(
    browser: Any, server: Server, axe_script: str, game: str, lang: str, size: str
) -> None:
    quick = QUICK.get(game, {"seed": 1, "rules": turn_cap(game)})  # an outside game: capped
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot"}, {"kind": "bot"}]
    seats = seats[: get_game(game).max_players]  # two bots where the game allows them
    request = {"game": game, "seats": seats, "sit": 0, "lang": lang, **quick}
    made = server.post("/api/tables", request)
    table_id = made["id"]
    held = json.dumps({"token": made["token"], "seat": 0, "host": True})
    hints = json.dumps({"memory_hint": True, f"{game}_hint": True})  # every panel drawn
    init = (
        f"localStorage.setItem('parlour.seat.{table_id}', {json.dumps(held)});"
        f"localStorage.setItem('parlour.hints', {json.dumps(hints)});"
    )
    page = new_page(browser, lang, size, init)
    found: list[str] = []
    try:
        page.goto(f"{server.url}/t/{table_id}")
        page.wait_for_selector("#start")
        scan(page, axe_script, found, f"{game} before the start {lang} {size}")
        page.click("#start")
        page.wait_for_selector("#felt[data-step]")
        rng = random.Random(f"{game}{lang}{size}")
        scanned = False
        for _ in range(4000):
            if page.query_selector(".banner"):
                break
            if not scanned:
                # No move before the scan in play: a move offered just after the check would
                # otherwise be played unscanned, and a short game could end without a scan.
                if game == "beggar" or play_offered(page):
                    scan(page, axe_script, found, f"{game} in play {lang} {size}")
                    scanned = True
                else:
                    page.wait_for_timeout(30)
                continue
            if not play_a_move(page, rng, game):
                page.wait_for_timeout(30)
        assert scanned
        page.wait_for_selector(".banner", timeout=60000)
        scan(page, axe_script, found, f"{game} at its end {lang} {size}")
        page.click("#after a[href^='/replay/']")  # a link drawn as a button, nothing inside
        page.wait_for_selector("#slider")
        scan(page, axe_script, found, f"{game} replay, first step {lang} {size}")
        last = page.get_attribute("#slider", "max")
        page.fill("#slider", str(last))
        page.dispatch_event("#slider", "input")
        page.wait_for_selector("#replay-standings #standings")
        scan(page, axe_script, found, f"{game} replay, last step {lang} {size}")
        assert not page.errors
        assert not found, "\n".join(found)
    finally:
        page.context.close()


def play_offered(page: Any) -> bool:
    return bool(page.query_selector("#actions button:not([disabled]):visible, #board [data-act]"))


# The contrast ratio of an element's text on its own background (WCAG 2's formula).
CONTRAST = """(el) => {
  const rgb = (text) => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = (c) => {
    const [r, g, b] = c.map((v) => v / 255)
      .map((v) => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const style = getComputedStyle(el);
  const [a, b] = [lum(rgb(style.color)), lum(rgb(style.backgroundColor))];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def seated_page(browser: Any, server: Server, request: dict[str, Any], lang: str = "en") -> Any:
    """The host's page (seat 0) of a table made through the API."""
    made = server.post("/api/tables", {"sit": 0, "lang": lang, **request})
    held = json.dumps({"token": made["token"], "seat": 0, "host": True})
    init = f"localStorage.setItem('parlour.seat.{made['id']}', {json.dumps(held)});"
    page = new_page(browser, lang, "laptop", init)
    page.table_id = made["id"]
    page.goto(f"{server.url}/t/{made['id']}")
    page.wait_for_selector("#start")
    return page


def test_only_the_newest_move_is_announced(browser: Any, server: Server) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot"}, {"kind": "bot"}]
    page = seated_page(browser, server, {"game": "flip7", "seats": seats, "seed": 1})
    try:
        page.click("#start")
        rng = random.Random(0)
        announced: set[str] = set()
        for _ in range(400):
            if page.query_selector(".banner") or len(announced) >= 6:
                break
            play_a_move(page, rng) or page.wait_for_timeout(30)
            # The one live region holds the newest move's lines (its last is the log's newest),
            # and nothing older.
            newest, said = page.evaluate(
                """() => [document.querySelector('#log p')?.textContent ?? '',
                          document.getElementById('announce').textContent]"""
            )
            if said:
                assert newest in said
                announced.add(said)
        assert len(announced) >= 6  # a new announcement at each event, the older ones gone
        live = page.evaluate(
            """() => [...document.querySelectorAll('[aria-live], [role=log], [role=alert]')]
                     .map((el) => el.id)"""
        )
        assert live == ["announce"]  # the table itself is not a live region
        assert page.evaluate("document.getElementById('main').contains(announce)") is False
        assert not page.errors
    finally:
        page.context.close()


def test_the_keyboard_focus_is_visible_on_buttons_and_cards(browser: Any, server: Server) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot"}, {"kind": "bot"}]
    page = seated_page(browser, server, {"game": "familles", "seats": seats, "seed": 2})
    try:
        page.click("#start")
        page.wait_for_selector("#board [data-act]")
        focused: dict[str, dict[str, Any]] = {}
        for _ in range(80):  # Tab through the page as a keyboard user does
            page.keyboard.press("Tab")
            got = page.evaluate(
                """() => { const el = document.activeElement, s = getComputedStyle(el);
                  return {kind: el.matches('[data-act]') ? 'card' : el.tagName.toLowerCase(),
                          role: el.getAttribute('role'), style: s.outlineStyle,
                          width: parseFloat(s.outlineWidth)}; }"""
            )
            focused.setdefault(got["kind"], got)
            if "card" in focused and "button" in focused:
                break
        for kind in ("card", "button"):
            assert focused[kind]["style"] == "solid" and focused[kind]["width"] >= 2, focused
        assert focused["card"]["role"] == "button"  # a card one may ask for is a button
        assert not page.errors
    finally:
        page.context.close()


def test_badges_are_readable_and_distinct_by_more_than_colour(browser: Any, server: Server) -> None:
    # A guest who took his seat and has no page open: "away" on the table of the host.
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human"}, {"kind": "bot"}]
    page = seated_page(browser, server, {"game": "flip7", "seats": seats, "turn_timer": 30})
    try:
        server.post(f"/api/tables/{page.table_id}/join", {"seat": 1, "name": "Bob"})
        page.click("#start")
        away = ".seat[data-seat='1'] .badge"
        # Found and measured in one script: the seats are drawn again as the game goes on, and
        # `eval_on_selector` finds and measures in two steps, between which a redraw can detach
        # the badge (its computed colours then read empty).
        ratio = page.wait_for_function(
            f"""() => {{
              const el = document.querySelector({away!r});
              return el && el.isConnected ? ({CONTRAST})(el) : null;
            }}"""
        ).json_value()
        assert ratio >= 4.5
        # Panoplies: a safe mannequin and one with jokers, drawn from a real view.
        view = get_game("panoplies").new_state(3, seed=3).view(0)
        view["mannequins"][1]["can_lose"] = False
        view["mannequins"][2]["jokers"] = ["joker"]
        badges = page.evaluate(
            """async (view) => {
              const link = document.createElement("link");
              link.rel = "stylesheet"; link.href = "/static/games/panoplies.css";
              document.head.append(link);
              await new Promise((done) => { link.onload = done; });
              const drawing = await import("/static/games/panoplies.js");
              const felt = document.createElement("div");
              felt.className = "felt";
              const ctx = {you: 0, legal: [], hints: {}, serverHints: null};
              felt.innerHTML = drawing.render(view, ctx);
              document.getElementById("main").append(felt);
              return [...felt.querySelectorAll(".mannequin .badge")].map((el) => {
                const s = getComputedStyle(el);
                return {text: el.textContent, radius: s.borderRadius, border: s.borderTopWidth};
              });
            }""",
            view,
        )
        safe, jokers = badges
        assert safe["text"].startswith("✓") and jokers["text"].startswith("★")
        assert (safe["radius"], safe["border"]) != (jokers["radius"], jokers["border"])
        ratios = page.eval_on_selector_all(".mannequin .badge", f"(els) => els.map({CONTRAST})")
        assert len(ratios) == 2 and min(ratios) >= 4.5
        assert not page.errors
    finally:
        page.context.close()


def test_the_english_deck_names_each_card_once(browser: Any, server: Server) -> None:
    page = new_page(browser, "en", "laptop")
    try:
        page.goto(server.url + "/rules")
        page.wait_for_selector("#rules-beggar")
        labels = {}
        for deck in ("en", "fr"):
            labels[deck] = page.evaluate(
                """async (deck) => {
                  const drawing = await import("/static/games/familles.js");
                  const box = document.createElement("div");
                  const cards = [...Array(42).keys()].map((c) => drawing.cardSvg(deck, c));
                  box.innerHTML = cards.join("");
                  return [...box.querySelectorAll("svg")].map((s) => s.getAttribute("aria-label"));
                }""",
                get_deck(deck).to_json(),
            )
        assert labels["en"][6] == "Grandpa Bones"  # not "Grandpa Bones Bones"
        assert labels["fr"][0] == "le grand-père Boulanger"
        for deck, names in labels.items():
            for card, label in enumerate(names):
                family = get_deck(deck).families[card // 6].name
                assert label.count(family) == 1, (deck, label)
    finally:
        page.context.close()
