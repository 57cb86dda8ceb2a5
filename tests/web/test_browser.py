"""The page in a real browser: two people and a bot play each game; a server is killed.

Playwright drives the system Chromium (never a downloaded one); without it these tests are
skipped. Every WebSocket frame each page receives is recorded and checked against the game's
record: a page only ever holds its own seat's view and events.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from parlour.core.capabilities import offers
from parlour.core.records import start_from_record
from parlour.core.registry import get_game
from parlour.web.app import available_games
from tests.web.conftest import CHROMIUM, IN_CI, Server, turn_cap
from tests.web.privacy import check_frames

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists() and not IN_CI, reason="the system Chromium is absent"
)
# Every registered game is played. Form settings that keep a game short, a deal number and
# options, where the default (deal number 1, the default rules) would make it long.
QUICK: dict[str, dict[str, Any]] = {
    "beggar": {"seed": 24, "options": {}},
    "flip7": {"seed": 1, "options": {"target": "40"}},
    "familles": {"seed": 2, "options": {}},
    "panoplies": {"seed": 3, "options": {}},
    "gofish": {"seed": 1, "options": {}},
}

Shot = tuple[set[str], set[str], str]  # the board's cards, one's hand, the status line
GAMES = [g["name"] for g in available_games("en")]


def quick(game: str) -> dict[str, Any]:
    # A game not named above (an outside game installed beside Parlour): the engine's turn cap
    # ends a long one drawn.
    cap = {name: str(value) for name, value in turn_cap(game).items()}
    return QUICK.get(game, {"seed": 1, "options": cap})


class Tab:
    """A page in its own browser context, recording every WebSocket frame it receives."""

    def __init__(self, browser: Any, phone: bool = False, game: str | None = None) -> None:
        self.game = game  # an ask-and-draw game's grouping guides the asks (see play_one)
        size = {"width": 390, "height": 844} if phone else {"width": 1200, "height": 850}
        self.context = browser.new_context(viewport=size)
        self.page = self.context.new_page()
        self.frames: list[dict[str, Any]] = []
        self.sent: list[dict[str, Any]] = []  # every WebSocket frame the page sent
        self.page_errors: list[str] = []
        self.requested: list[str] = []  # every address the page asked for
        self.page.on("request", lambda request: self.requested.append(request.url))
        # What the browser refused under the site's Content-Security-Policy (none expected).
        self.refused: list[str] = []
        self.page.on(
            "console",
            lambda m: self.refused.append(m.text) if "Content Security Policy" in m.text else None,
        )
        self.page.on("websocket", self._watch)
        self.page.on("pageerror", lambda err: self.page_errors.append(str(err)))

    def _watch(self, socket: Any) -> None:
        socket.on("framereceived", lambda payload: self.frames.append(json.loads(payload)))
        socket.on("framesent", lambda payload: self.sent.append(json.loads(payload)))

    def close(self) -> None:
        self.context.close()

    def states(self) -> list[dict[str, Any]]:
        return [f for f in self.frames if f["type"] == "state" and f["view"] is not None]

    def play_one(self, rng: random.Random) -> bool:
        """Click one of the moves the page offers, if any.

        For the ask-and-draw games, a person's common sense (ask whoever holds most cards
        for a card of the group one holds most of: a family, a character, a rank) keeps the
        game short; the choice is made from this seat's own view, then clicked in the page
        like a person would.
        """
        states = self.states()
        legal = states[-1]["legal"] if states else []
        if legal and legal[0].get("type") == "ask":
            return self._ask(states[-1]["view"], legal, rng)
        moves = self.page.query_selector_all(
            "#actions button:not([disabled]):visible, #board [data-act]"
        )
        if not moves:
            return False
        return self._click(rng.choice(moves))

    def _ask(self, view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random) -> bool:
        assert self.game is not None, "a Tab that plays an ask-and-draw game is told which"
        group_of = get_game(self.game).grouping(None).group_of

        def group(ask: dict[str, Any]) -> int:  # an ask for a card, or for a whole group
            return int(group_of[ask["card"]]) if "card" in ask else int(ask[_group_key(ask)])

        held = [group_of[card] for card in view["hand"]]
        best = rng.choice(legal)  # now and then a whim, so that nobody asks in circles
        if rng.random() > 0.3:
            best = max(
                legal,
                key=lambda a: (view["hand_sizes"][a["target"]], held.count(group(a)), rng.random()),
            )
        chip = self.page.query_selector(f'.target-chip[data-target="{best["target"]}"]')
        if chip is not None and not self._click(chip):
            return False
        # The drawing names each move it offers by the move's JSON form (`data-act`).
        for element in self.page.query_selector_all("#board [data-act]"):
            if json.loads(element.get_attribute("data-act") or "null") == best:
                return self._click(element)
        return False

    @staticmethod
    def _click(element: Any) -> bool:
        try:
            element.click(timeout=1000)
        except Exception:  # the page re-rendered under the click: try again next time
            return False
        return True

    def over(self) -> bool:
        return self.page.query_selector(".banner") is not None

    def snapshot(self) -> tuple[int, Shot] | None:
        """At one instant: the step shown, the cards on the board and those of one's hand."""
        got = self.page.evaluate(
            """() => {
              const felt = document.getElementById("felt");
              if (!felt || felt.dataset.step === undefined) return null;
              const cards = (sel) => [...document.querySelectorAll(sel)].map(e => e.dataset.card);
              return {step: Number(felt.dataset.step), board: cards("#board [data-card]"),
                      hand: cards("#my-hand [data-card]"),
                      status: document.getElementById("status-line").textContent};
            }"""
        )
        if got is None:
            return None
        return got["step"], (set(got["board"]), set(got["hand"]), got["status"])


def create_table(host: Tab, server: Server, game: str) -> str:
    """The host fills the creation form: herself, a free seat, a bot; returns the table id."""
    page = host.page
    page.goto(f"{server.url}/new?game={game}")
    page.wait_for_selector("#create")
    page.fill("#my-name", "Alice")
    page.select_option("#count", str(min(3, get_game(game).max_players)))  # a bot where allowed
    page.fill("#seed", str(quick(game)["seed"]))
    if quick(game)["options"]:
        page.click("details summary")
        for name, value in quick(game)["options"].items():
            page.fill(f"#opt-{name}", value)
    page.click("#create button[type=submit]")
    page.wait_for_selector("#start")
    return page.url.rsplit("/", 1)[1]


def join(guest: Tab, invitation: str) -> None:
    page = guest.page
    page.goto(invitation)
    page.wait_for_selector("button.join")
    page.fill("#join-name", "Bob")
    page.click("button.join")
    page.wait_for_selector(".seat.me")


CHANGED = """(step) => {
  const felt = document.getElementById("felt");
  return (felt && felt.dataset.step !== step)
    || !!document.querySelector(".banner, #actions button:not([disabled]), #board [data-act]");
}"""


def wait_for_change(tabs: list[Tab], seconds: float = 20.0) -> None:
    """Wait, within a deadline, until some page shows a new step, offers a move or the end
    (the bots' and the other page's moves arrive in their own time)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    steps = [tab.page.get_attribute("#felt", "data-step") for tab in tabs]
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for tab, step in zip(tabs, steps, strict=True):
            try:
                tab.page.wait_for_function(CHANGED, arg=step, timeout=250)
                return
            except PlaywrightTimeout:
                continue
    raise AssertionError(f"no page changed in {seconds} s")


def play_until_over(tabs: list[Tab], rng: random.Random, limit: int = 3000) -> None:
    for _ in range(limit):
        if all(tab.over() for tab in tabs):
            return
        moved = False
        for tab in tabs:
            moved |= tab.play_one(rng)
        if not moved:
            wait_for_change(tabs)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", GAMES)
def test_two_people_and_a_bot_play_a_whole_game(browser: Any, server: Server, game: str) -> None:
    host, guest = Tab(browser, game=game), Tab(browser, phone=True, game=game)
    # What the page offers a seated player beside its moves, by what the game declares: the
    # seat's memory of the asks (an ask-and-draw game), or public odds (`hint`), each shown
    # in the drawing's own box (`#memory`; `#<game>-hint`).
    asks, odds = offers(get_game(game), "grouping"), offers(get_game(game), "hint")
    try:
        table_id = create_table(host, server, game)
        invitation = host.page.input_value("#invite")
        assert invitation.endswith(f"/t/{table_id}")
        join(guest, invitation)
        # Before the start: the host has the start button, the guest waits for it.
        assert host.page.is_visible("#start") and not guest.page.is_visible("#start")
        host.page.wait_for_function("document.querySelectorAll('.seat .dot.on').length === 2")
        host.page.click("#start")
        for tab in (host, guest):
            tab.page.wait_for_selector("#felt[data-step]")
        # The game's own stylesheet is linked once it is drawn, and only for a game with one.
        sheets = host.page.evaluate(
            "[...document.querySelectorAll('link[rel=stylesheet]')].map((l) => l.href)"
        )
        styled = next(g["style"] for g in available_games("en") if g["name"] == game)
        assert (f"{server.url}/static/games/{game}.css" in sheets) == styled, sheets
        # The hints are an option of each page, off until asked for; the server computes
        # them for the seat and the page shows them.
        if asks:
            assert host.page.query_selector("#memory") is None
            host.page.check('[data-hint="memory_hint"]')
            host.page.wait_for_selector("#memory")
            others = min(3, get_game(game).max_players) - 1  # the seats but one's own
            assert len(host.page.query_selector_all("#memory .memory-row")) == others
            assert guest.page.query_selector("#memory") is None
        odds_seen: list[str] = []
        if odds:
            assert host.page.query_selector(f"#{game}-hint") is None
            host.page.check(f'[data-hint="{game}_hint"]')
        private_snapshots: list[tuple[int, int, Shot]] = []
        rng = random.Random(game)
        for _ in range(3000):
            if host.over() and guest.over():
                break
            for seat, tab in enumerate((host, guest)):
                shot = tab.snapshot() if rng.random() < 0.2 else None
                if shot is not None:
                    private_snapshots.append((seat, *shot))
                if odds and seat == 0:
                    shown = tab.page.evaluate(
                        f"document.getElementById('{game}-hint')?.textContent ?? null"
                    )
                    if shown is not None:
                        odds_seen.append(shown)
                if tab.play_one(rng):
                    status = tab.page.text_content("#status-line") or ""
                    assert status  # says whose turn it is, or how the game ended
            if not (
                host.page.query_selector("#actions button")
                or guest.page.query_selector("[data-act]")
            ):
                wait_for_change([host, guest])
        assert host.over() and guest.over()
        if odds:
            # The odds (Flip 7: the bust risk and the expected value of a hit), on the host's
            # turns only: the guest did not ask for them.
            assert odds_seen and all(text.strip() for text in odds_seen)
            assert guest.page.query_selector(f"#{game}-hint") is None
        record = server.get(f"/api/tables/{table_id}/games/1/record")
        winners = [record["seats"][i]["name"] for i in record["result"]["winners"]]
        banner = host.page.text_content(".banner") or ""
        assert all(name in banner for name in winners)
        # Only the host may start another game, and the guest is told so; anyone may replay it.
        assert host.page.is_visible("#again") and not guest.page.is_visible("#again")
        assert guest.page.is_visible("#next-game") and not host.page.is_visible("#next-game")
        check_standings(host, record)
        review = check_review(server, host, table_id, "#review-box", 0)
        if game == "flip7":  # the last round's points stay shown, not "this round 0"
            assert "last round" in (host.page.text_content("#board") or "")
        for seat, tab in enumerate((host, guest)):
            assert check_frames(record, [f for f in tab.frames if f.get("number") == 1], seat)
            assert not tab.page_errors and not tab.refused
        check_dom_privacy(record, private_snapshots)
        # The FR/EN button switches the page only: the narration is the English table's.
        english_log = host.page.text_content("#log")
        host.page.click("#lang-toggle")
        host.page.wait_for_function("document.documentElement.lang === 'fr'")
        host.page.wait_for_function(
            "document.getElementById('status-line').textContent.startsWith('Partie terminée')"
        )
        assert host.page.text_content("#log") == english_log
        host.page.click("#lang-toggle")  # back to English for what follows
        # The finished game replays step by step in the browser.
        guest.page.click("#after a[href^='/replay/']")
        guest.page.wait_for_selector("#slider")
        steps = len(record["actions"])
        assert guest.page.text_content("#where") == f"Step 0 of {steps}"
        guest.page.click("#next")
        assert guest.page.text_content("#where") == f"Step 1 of {steps}"
        guest.page.fill("#slider", str(steps))
        guest.page.dispatch_event("#slider", "input")
        assert "Game over" in (guest.page.text_content("#status-line") or "")
        rows = guest.page.query_selector_all("#replay-standings tr[data-seat]")
        assert len(rows) == min(3, get_game(game).max_players)  # the bot too, where seated
        # Any seat's review at the end of the replay: the record is public by then.
        assert check_review(server, guest, table_id, "#replay-review", 0) == review
        if review is not None:
            guest.page.select_option("#review-seat", "1")
            check_review(server, guest, table_id, "#replay-review", 1)
    finally:
        host.close()
        guest.close()


def check_review(
    server: Server, tab: Tab, table_id: str, box: str, seat: int
) -> dict[str, Any] | None:
    """The page shows the seat's review of game 1 as the server gives it (its summary and each
    mistake, in the page's language), or nothing for a game without one."""
    answer = httpx.get(f"{server.url}/api/tables/{table_id}/games/1/review?seat={seat}", timeout=60)
    if answer.status_code == 404:
        assert answer.json()["error"] == "no_review"
        tab.page.wait_for_timeout(500)
        assert not tab.page.query_selector(f"{box} #review")
        # The page knows the game has no review (the game list says so) and never asks: an
        # answer of 404 would show as an error in the browser's console.
        assert not [url for url in tab.requested if "/review?" in url]
        return None
    review: dict[str, Any] = answer.json()
    summary = review["summary"]["text"]["en"]
    tab.page.wait_for_function(
        "([box, text]) => document.querySelector(`${box} #review-summary`)?.textContent === text",
        arg=[box, summary],
    )
    shown = [
        li.text_content() or "" for li in tab.page.query_selector_all(f"{box} #review-mistakes li")
    ]
    mistakes = [d["text"]["en"] for d in review["decisions"] if d["mistake"]]
    assert len(shown) == len(mistakes)
    assert all(line.startswith(text) for line, text in zip(shown, mistakes, strict=True))
    return review


def check_standings(tab: Tab, record: dict[str, Any]) -> None:
    """The end screen ranks every player, in rank order, each with a score in words whose
    count agrees with its noun ("1 family", never "1 families")."""
    rows = tab.page.query_selector_all("#standings tr[data-seat]")
    assert len(rows) == len(record["seats"])
    ranks = record["result"]["ranks"]
    seats = [int(row.get_attribute("data-seat") or -1) for row in rows]
    assert [ranks[s] for s in seats] == sorted(ranks)
    for row in rows:
        # The score cell alone: a seat's name may end in a digit ("Bot 3").
        text = row.query_selector_all("td")[-1].text_content() or ""
        assert not re.search(r"(?<!\d)1 (families|cards|books|garments|rounds)\b", text), text
        assert not re.search(r"(?<!\d)([02-9]|\d\d+) (family|card|book|garment)\b", text), text


def check_dom_privacy(record: dict[str, Any], snapshots: list[tuple[int, int, Shot]]) -> None:
    """What a page drew at a step: its own hand exactly, no card of the other's hand, and
    whose turn it is."""
    snapshots.sort(key=lambda s: s[1])
    state = start_from_record(record)
    for seat, step, (board, hand, status) in snapshots:
        while len(state.actions) < step:
            state.apply(state.action_from_json(record["actions"][len(state.actions)]))
        mine = state.view(seat)
        if state.is_over:
            assert status.startswith("Game over")
        elif state.to_move == seat:
            assert status.startswith("Your turn")
        else:
            assert status.startswith(f"{state.seats[state.to_move].name} to play")
        if "hand" in mine:
            assert hand == {str(c) for c in mine["hand"]}, f"seat {seat} at step {step}"
            theirs = {str(c) for c in state.view(1 - seat)["hand"]}
            assert not hand & theirs
        else:
            shown = {str(c) for c in json_leaves(mine)}
            assert board <= shown, f"seat {seat} at step {step} drew {board - shown}"


def json_leaves(obj: Any) -> Iterator[Any]:
    if isinstance(obj, dict):
        for value in obj.values():
            yield from json_leaves(value)
    elif isinstance(obj, list):
        for value in obj:
            yield from json_leaves(value)
    else:
        yield obj


def test_pages_resume_the_same_game_after_the_server_is_killed(browser: Any, db_url: str) -> None:
    server = Server(db_url)
    server.start()
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human"}, {"kind": "bot"}]
    made = server.post("/api/tables", {"game": "beggar", "seats": seats, "sit": 0, "seed": 24})
    table_id, host_token = made["id"], made["token"]
    guest_token = server.post(f"/api/tables/{table_id}/join", {"seat": 1, "name": "Bob"})["token"]
    tabs = [Tab(browser), Tab(browser)]
    try:
        for seat, (tab, token) in enumerate(zip(tabs, (host_token, guest_token), strict=True)):
            held = json.dumps({"token": token, "seat": seat, "host": seat == 0})
            tab.context.add_init_script(
                f"localStorage.setItem('parlour.seat.{table_id}', {json.dumps(held)})"
            )
            tab.page.goto(f"{server.url}/t/{table_id}")
            tab.page.wait_for_selector(".seat.me")
        tabs[0].page.click("#start")
        rng = random.Random(1)
        moves = 0
        for _ in range(500):
            if moves >= 12:
                break
            played = sum(tab.play_one(rng) for tab in tabs)
            moves += played
            if not played:
                wait_for_change(tabs)
        assert moves >= 12
        # A step shown is a step stored (a move is broadcast only once committed): no wait.
        before = [tab.page.get_attribute("#felt", "data-step") for tab in tabs]
        server.kill()
        for tab in tabs:
            tab.page.wait_for_selector(".connection.lost")
        server.start()
        for tab, step in zip(tabs, before, strict=True):
            # Reconnected by itself, at the very step it showed when the server died.
            tab.page.wait_for_selector(".connection:not(.lost)", state="attached", timeout=15000)
            tab.page.wait_for_function(
                f"document.getElementById('felt').dataset.step >= {step}", timeout=15000
            )
        play_until_over(tabs, rng)
        record = server.get(f"/api/tables/{table_id}/games/1/record")
        for seat, tab in enumerate(tabs):
            frames = [f for f in tab.frames if f.get("number") == 1]
            assert check_frames(record, frames, seat)
            # Nothing lost: every step a page saw before the kill is in the stored game.
            assert max(f["step"] for f in frames) <= len(record["actions"])
    finally:
        for tab in tabs:
            tab.close()
        server.stop()


def test_a_seat_kept_for_a_guest_and_the_host_closing_the_table(
    browser: Any, server: Server
) -> None:
    host, stranger, guest = Tab(browser), Tab(browser), Tab(browser)
    try:
        page = host.page
        page.goto(f"{server.url}/new?game=beggar")
        page.wait_for_selector("#create")
        page.fill("#my-name", "Alice")
        page.select_option("#count", "3")
        assert not page.is_visible(".seat-editor[data-seat='0'] .reserved")  # her own seat
        page.check(".seat-editor[data-seat='1'] .reserved")
        page.click("#create button[type=submit]")
        page.wait_for_selector("#start")
        table_id = page.url.rsplit("/", 1)[1]
        link = page.input_value(".seat-invite[data-seat='1']")
        assert link.startswith(f"{server.url}/t/{table_id}?invite=")
        # A stranger with the table's plain link is not offered the kept seat, shown as kept,
        # and the server refuses it to him all the same...
        stranger.page.goto(f"{server.url}/t/{table_id}")
        stranger.page.wait_for_selector(".kept-seat[data-seat='1']")
        assert stranger.page.query_selector("button.join[data-seat='1']") is None
        refused = httpx.post(
            f"{server.url}/api/tables/{table_id}/join",
            json={"seat": 1, "name": "Mallory"},
            timeout=10,
        )
        assert refused.status_code >= 400 and "kept for the guest" in refused.text
        assert stranger.page.query_selector(".seat.me") is None
        # ...the guest with its invitation sits there.
        join(guest, link)
        assert guest.page.get_attribute(".seat.me", "data-seat") == "1"
        assert stranger.page_errors == [] and guest.page_errors == []
        # The host closes the table: it is gone from the server.
        page.once("dialog", lambda dialog: dialog.accept())
        page.click("#close-table")
        page.wait_for_url(f"{server.url}/")
        assert httpx.get(f"{server.url}/api/tables/{table_id}").status_code == 404
    finally:
        for tab in (host, stranger, guest):
            tab.close()


def _group_key(ask: dict[str, Any]) -> str:
    """The key of an ask's group in its JSON form (`rank`, say, for an ask for a whole rank)."""
    return next(key for key in ask if key not in ("type", "target"))


def test_a_whole_beggar_game_plays_itself_with_no_click_after_start(
    browser: Any, server: Server
) -> None:
    host, guest = Tab(browser), Tab(browser, phone=True)
    try:
        page = host.page
        page.goto(f"{server.url}/new?game=beggar")
        page.wait_for_selector("#create")
        # A plain checkbox, up front (not folded in the options), and ticked.
        assert page.is_visible("#opt-speed") and page.is_checked("#opt-speed")
        assert "by themselves" in (page.text_content("label.opt-headline") or "")
        page.fill("#my-name", "Alice")
        page.select_option("#count", "3")
        page.fill("#seed", "24")
        page.click("details summary")
        page.fill("#opt-pace_ms", "100")
        page.click("#create button[type=submit]")
        page.wait_for_selector("#start")
        table_id = page.url.rsplit("/", 1)[1]
        join(guest, host.page.input_value("#invite"))
        host.page.wait_for_function("document.querySelectorAll('.seat .dot.on').length === 2")
        host.page.click("#start")
        for tab in (host, guest):
            tab.page.wait_for_selector(".banner", timeout=90000)
        record = server.get(f"/api/tables/{table_id}/games/1/record")
        assert record["rules"]["speed"] is True and record["rules"]["pace_ms"] == 100
        # Both people had flips to make, and neither page sent one: the server played them.
        flips = {e["seat"] for tab in (host, guest) for f in tab.states() for e in f["events"]
                 if e["type"] == "flip"}  # fmt: skip
        assert {0, 1} <= flips
        for seat, tab in enumerate((host, guest)):
            assert not [m for m in tab.sent if m.get("type") == "act"]
            assert check_frames(record, [f for f in tab.frames if f.get("number") == 1], seat)
            assert not tab.page_errors
    finally:
        host.close()
        guest.close()


def seated_tabs(browser: Any, server: Server, request: dict[str, Any]) -> tuple[str, list[Tab]]:
    """A table made through the API, the host at seat 0 and a guest at seat 1, each in a page
    that holds its seat's token."""
    made = server.post("/api/tables", request)
    table_id, host_token = made["id"], made["token"]
    guest_token = server.post(f"/api/tables/{table_id}/join", {"seat": 1, "name": "Bob"})["token"]
    tabs = [Tab(browser), Tab(browser)]
    for seat, (tab, token) in enumerate(zip(tabs, (host_token, guest_token), strict=True)):
        held = json.dumps({"token": token, "seat": seat, "host": seat == 0})
        tab.context.add_init_script(
            f"localStorage.setItem('parlour.seat.{table_id}', {json.dumps(held)})"
        )
        tab.page.goto(f"{server.url}/t/{table_id}")
        tab.page.wait_for_selector(".seat.me")
    return table_id, tabs


def test_another_page_of_the_site_mid_game_is_not_being_away(browser: Any, server: Server) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human"}]
    request = {"game": "beggar", "seats": seats, "sit": 0, "seed": 5, "turn_timer": 1}
    table_id, tabs = seated_tabs(browser, server, {**request, "rules": {"speed": False}})
    host, guest = tabs
    try:
        # The host chose the deal (5): the guest is told, as the host could know every hand,
        # but not the number, which would tell every hand to him too.
        chosen = guest.page.text_content("#chosen-deal") or ""
        assert chosen.startswith("The host chose this deal's number") and "5" not in chosen
        host.page.click("#start")
        guest.page.wait_for_selector("#felt[data-step]")
        assert guest.page.is_visible("#chosen-deal")  # and while the game lasts
        step = server.get(f"/api/tables/{table_id}")
        guest.page.click("header a[href='/']")  # another page of the site
        guest.page.wait_for_selector("#new-buttons")
        time.sleep(2.5)  # over twice the turn timer
        info = server.get(f"/api/tables/{table_id}")
        assert info["seats"][1]["connected"] and not info["seats"][1]["stand_in"]
        assert not host.page.query_selector(".seat[data-seat='1'] .badge")
        assert info["to_move"] == step["to_move"]  # nobody played for him
        # Back at the table, the page takes the seat over again and plays on.
        guest.page.go_back()
        guest.page.wait_for_selector(".seat.me")
        guest.page.wait_for_selector("#felt[data-step]")
        assert server.get(f"/api/tables/{table_id}")["seats"][1]["connected"]
        assert not guest.page_errors and not host.page_errors
    finally:
        for tab in tabs:
            tab.close()


def french_form(tab: Tab, server: Server, game: str) -> Any:
    """The tab's page on the new-table form of `game`, read in French."""
    tab.context.add_init_script("localStorage.setItem('parlour.lang', 'fr')")
    tab.page.goto(f"{server.url}/new?game={game}")
    tab.page.wait_for_selector("#create")
    return tab.page


def test_the_french_form_shows_words_and_the_table_language_picks_the_deck(
    browser: Any, server: Server
) -> None:
    tab = Tab(browser, phone=True)
    try:
        page = french_form(tab, server, "beggar")
        page.click("details summary")
        form = page.text_content("#create") or ""
        assert "Un payeur n'a plus de cartes" in form and "le suivant paie" in form
        assert "exhausted_payer" not in form and "next_pays" not in form
        # Counted words agree with their count in both languages (French: 0 and 1 singular).
        counted = page.evaluate(
            """async () => {
              const i18n = await import("/static/i18n.js");
              const w = i18n.wordsOf(
                {f: [["{n} family", "{n} families"], ["{n} famille", "{n} familles"]]});
              const out = [0, 1, 2].map((n) => w("f", {n}));
              i18n.setLang("en");
              out.push(...[0, 1, 2].map((n) => w("f", {n})));
              i18n.setLang("fr");
              return out;
            }"""
        )
        french, english = counted[:3], counted[3:]
        assert french == ["0 famille", "1 famille", "2 familles"]
        assert english == ["0 families", "1 family", "2 families"]
        page.goto(f"{server.url}/new?game=familles")
        page.wait_for_selector("#create")
        assert page.input_value("#opt-deck") == "fr"  # the table's language: French
        page.select_option("#table-lang", "en")
        assert page.input_value("#opt-deck") == "en"  # an English table deals the English deck
        page.fill("#my-name", "Anne")
        page.select_option("#count", "2")
        page.select_option(".seat-editor[data-seat='1'] .kind", "bot")
        page.click("#create button[type=submit]")
        page.wait_for_selector("#start")
        table_id = page.url.rsplit("/", 1)[1]
        info = server.get(f"/api/tables/{table_id}")
        assert info["lang"] == "en" and info["rules"].get("deck", "fr") == "en"
        assert [s["name"] for s in info["seats"]] == ["Anne", "Bot 2"]
        assert not tab.page_errors
    finally:
        tab.close()


def test_a_table_the_database_cannot_read_for_a_moment_says_so_then_opens(
    browser: Any, server: Server
) -> None:
    """A dormant table must be read to be shown: while the database is down its API answers
    503 `unavailable`. The page says that (not "This table does not exist.") and opens the
    table by itself once the server answers."""
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human"}]
    table_id = server.post("/api/tables", {"game": "flip7", "seats": seats})["id"]
    tab = Tab(browser)
    refused: list[str] = []

    def once_unavailable(route: Any) -> None:
        if refused:
            route.continue_()
            return
        refused.append(route.request.url)
        body = {"error": "unavailable", "message": "down", "text": "The database is down."}
        route.fulfill(status=503, content_type="application/json", body=json.dumps(body))

    try:
        tab.page.route(re.compile(rf"/api/tables/{table_id}\?"), once_unavailable)
        tab.page.goto(f"{server.url}/t/{table_id}")
        tab.page.wait_for_selector("text=The table cannot be opened just now")
        assert "The database is down." in (tab.page.text_content("main") or "")
        assert "does not exist" not in (tab.page.text_content("main") or "")
        tab.page.wait_for_selector(".seat", timeout=10_000)  # opened once it could be read
        assert len(refused) == 1 and not tab.page_errors
    finally:
        tab.close()


def test_the_form_reads_numbers_as_the_box_does_and_asks_for_an_empty_one(
    browser: Any, server: Server
) -> None:
    """ "2e2" is 200, as the number box says (parseInt read 2); an emptied number is asked for
    by the browser, not sent as null; Go Fish's -1 cards is shown in words and kept."""
    tab = Tab(browser, phone=False)
    try:
        page = tab.page
        page.goto(f"{server.url}/new?game=gofish")
        page.wait_for_selector("#create")
        page.click("details summary")
        assert page.input_value("#opt-initial_cards") == ""
        assert page.get_attribute("#opt-initial_cards", "placeholder") == "automatic"
        page.select_option("#table-lang", "fr")  # the options follow the table's language
        assert page.input_value("#opt-initial_cards") == ""  # still in words, never -1
        page.fill("#my-name", "Anne")
        page.click("#create button[type=submit]")
        page.wait_for_selector("#start")
        made = server.get(f"/api/tables/{page.url.rsplit('/', 1)[1]}")
        assert "initial_cards" not in made["rules"]  # the default: dealt as its rule says
        page.goto(f"{server.url}/new?game=flip7")
        page.wait_for_selector("#create")
        page.click("details summary")
        page.fill("#my-name", "Anne")
        page.fill("#opt-target", "")
        page.click("#create button[type=submit]")
        page.wait_for_timeout(300)
        assert page.query_selector("#create") is not None  # the browser asked for a value
        assert page.evaluate("document.getElementById('opt-target').validity.valueMissing")
        page.fill("#opt-target", "2e2")
        page.fill("#opt-flip7_bonus", "1e1")
        page.click("#create button[type=submit]")
        page.wait_for_selector("#start")
        made = server.get(f"/api/tables/{page.url.rsplit('/', 1)[1]}")
        assert made["rules"].get("target", 200) == 200 and made["rules"]["flip7_bonus"] == 10
        assert not tab.page_errors
    finally:
        tab.close()


def create_and_start(page: Any) -> str:
    """Send the new-table form, start the game as its host, wait for the felt; the table id."""
    page.click("#create button[type=submit]")
    page.wait_for_selector("#start")
    table_id = str(page.url.rsplit("/", 1)[1])
    page.click("#start")
    page.wait_for_selector("#felt[data-step]")
    return table_id


def test_the_form_chooses_a_panoplies_character_and_an_age_for_a_seat(
    browser: Any, server: Server
) -> None:
    tab = Tab(browser, phone=True)
    try:
        page = french_form(tab, server, "panoplies")
        page.fill("#my-name", "Anne")
        page.select_option("#count", "3")
        second = ".seat-editor[data-seat='1']"
        labels = page.eval_on_selector_all(
            f"{second} .seat-data option", "os => os.map(o => o.text)"
        )
        assert labels[:3] == ["Personnage\u00a0: au choix du jeu", "Le grand-père", "La grand-mère"]
        page.select_option(f"{second} .kind", "bot")
        page.select_option(f"{second} .seat-data", "mother")
        page.fill(f"{second} .seat-age", "6")
        table_id = create_and_start(page)
        # Seat 1 plays the mother it was given (dropped, it would be the grandmother), and,
        # the youngest, starts (without ages the first seat does).
        mannequin = page.text_content(".mannequin[data-seat='1']") or ""
        assert "· mère" in mannequin and "grand" not in mannequin
        page.wait_for_function("document.body.innerText.includes('Robot 2 commence')")
        assert not tab.page_errors
    finally:
        tab.close()
    assert server.get(f"/api/tables/{table_id}")["status"] == "playing"


def test_the_form_offers_a_character_while_the_option_that_adds_it_is_on(
    browser: Any, server: Server
) -> None:
    tab = Tab(browser, phone=True)
    try:
        page = french_form(tab, server, "panoplies")
        page.fill("#my-name", "Anne")
        second = ".seat-editor[data-seat='1']"
        shown = "os => os.filter(o => !o.hidden && !o.disabled).map(o => o.value)"
        assert "aunt" not in page.eval_on_selector_all(f"{second} .seat-data option", shown)
        page.click("#create details summary")
        page.check("#opt-hats")
        assert page.eval_on_selector_all(f"{second} .seat-data option", shown)[-2:] == [
            "aunt",
            "uncle",
        ]
        page.select_option(f"{second} .seat-data", "aunt")
        page.uncheck("#opt-hats")  # the aunt goes with her hats: the game chooses again
        assert page.input_value(f"{second} .seat-data") == ""
        page.check("#opt-hats")
        page.select_option(f"{second} .kind", "bot")
        page.select_option(f"{second} .seat-data", "aunt")
        create_and_start(page)
        mannequin = page.text_content(".mannequin[data-seat='1']") or ""
        assert "· tante" in mannequin
        assert not tab.page_errors
    finally:
        tab.close()
