"""The web table's fixes of the audit of 2026-12-07: a table closed mid-game says so on every
page, a Panoplies series ranks by its games lost, a stand-in keeps its whole "(bot)" suffix, a
deal number above 2^53 deals the deal typed, and the digits reach the players one may ask.

The browser tests drive the system Chromium with Playwright (see test_browser); without it,
and outside CI, they are skipped.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from websockets.sync.client import connect

from parlour.web.seats import MAX_NAME, SeatSlot, TableError, checked_seed, stand_in_name
from parlour.web.tables import Hall
from tests.web.conftest import CHROMIUM, IN_CI, Server

browser_test = pytest.mark.skipif(
    not CHROMIUM.exists() and not IN_CI, reason="the system Chromium is absent"
)
BAD_SEED = "a deal number is a whole number from 0 to 2^63 - 1"


class Page:
    """A page in its own browser context, in a language, holding a seat's token or none (a
    spectator); it records the WebSocket frames it sends."""

    def __init__(
        self,
        browser: Any,
        server: Server,
        lang: str = "en",
        table_id: str | None = None,
        held: dict[str, Any] | None = None,
    ) -> None:
        self.context = browser.new_context(viewport={"width": 1200, "height": 850}, bypass_csp=True)
        script = f"localStorage.setItem('parlour.lang', '{lang}');"
        if table_id is not None and held is not None:
            script += (
                f"localStorage.setItem('parlour.seat.{table_id}', {json.dumps(json.dumps(held))});"
            )
        self.context.add_init_script(script)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.sent: list[dict[str, Any]] = []
        self.posts: list[str | None] = []  # the bodies of the page's POST requests
        self.page.on("pageerror", lambda err: self.errors.append(str(err)))
        self.page.on(
            "websocket",
            lambda ws: ws.on("framesent", lambda payload: self.sent.append(json.loads(payload))),
        )
        self.page.on(
            "request", lambda r: self.posts.append(r.post_data) if r.method == "POST" else None
        )
        if table_id is not None:
            self.page.goto(f"{server.url}/t/{table_id}")

    def acts(self) -> list[dict[str, Any]]:
        return [m for m in self.sent if m.get("type") == "act"]

    def close(self) -> None:
        self.context.close()
        assert not self.errors, self.errors


def start(server: Server, table_id: str, token: str) -> None:
    """The host starts the table's game over its own WebSocket, as its page would."""
    with connect(f"{server.ws_url}/ws/{table_id}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        ws.send(json.dumps({"type": "start", "token": token}))
        while True:
            message = json.loads(ws.recv(timeout=30))
            if message["type"] == "state" and message["view"] is not None:
                return


# ----- 1. a table closed by its host mid-game ---------------------------------------------------
@browser_test
def test_a_table_closed_mid_game_says_so_on_the_guests_and_spectators_pages(
    browser: Any, server: Server
) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human"}]
    made = server.post(
        "/api/tables",
        {"game": "flip7", "seats": seats, "sit": 0, "seed": 5, "rules": {"target": 40}},
    )
    table_id, host = made["id"], made["token"]
    guest = server.post(f"/api/tables/{table_id}/join", {"seat": 1, "name": "Bob"})["token"]
    start(server, table_id, host)
    bob = Page(browser, server, "en", table_id, {"token": guest, "seat": 1, "host": False})
    watcher = Page(browser, server, "fr", table_id)
    try:
        for page in (bob.page, watcher.page):
            page.wait_for_selector("#felt[data-step]")
        assert bob.page.text_content("#status-line")  # whose turn it is
        server.post(f"/api/tables/{table_id}/close", {"token": host})
        expected = {
            bob: ("The table is closed", "This table has been closed"),
            watcher: ("La table est fermée", "Cette table a été fermée"),
        }
        for tab, (status, note) in expected.items():
            page = tab.page
            page.wait_for_selector("#table-closed")
            assert page.text_content("#status-line") == status
            assert note in (page.text_content("#table-closed") or "")
            # No move is offered any more, by button, card or key...
            assert page.query_selector_all("#actions button, #board [data-act]") == []
            page.keyboard.press("1")
            page.wait_for_timeout(300)
            assert tab.acts() == []
            assert page.query_selector(".seat.turn") is None
        # ...and the way back to the lobby is.
        bob.page.click("#table-closed a[href='/']")
        bob.page.wait_for_selector("#new-buttons")
    finally:
        bob.close()
        watcher.close()


# ----- 2. a Panoplies series' end screen --------------------------------------------------------
@pytest.fixture(scope="module")
def series(server: Server) -> tuple[str, dict[str, Any]]:
    """A Panoplies series of three games between three bots, over: its id and last view."""
    bots = [{"kind": "bot", "bot": "random"}] * 3
    request = {"game": "panoplies", "seats": bots, "seed": 11, "rules": {"games": 3}}
    made = server.post("/api/tables", request)
    with connect(f"{server.ws_url}/ws/{made['id']}") as ws:
        ws.send(json.dumps({"type": "hello", "token": made["token"]}))
        ws.send(json.dumps({"type": "start", "token": made["token"]}))
        while True:
            message = json.loads(ws.recv(timeout=120))
            if message["type"] == "state" and message["view"] and message["view"]["over"]:
                return str(made["id"]), message["view"]


@browser_test
@pytest.mark.parametrize(
    ("lang", "games", "garments"),
    [
        ("en", "game(s)? lost", "last game: "),
        ("fr", "partie(s)? perdues?", "dernière partie\u00a0: "),
    ],
)
def test_a_panoplies_series_ranks_by_games_lost_on_its_end_screen(
    browser: Any, server: Server, series: tuple[str, dict[str, Any]], lang: str, games: str,
    garments: str,
) -> None:  # fmt: skip
    table_id, view = series
    losses = view["match"]["losses"]
    tab = Page(browser, server, lang, table_id)
    try:
        tab.page.wait_for_selector("#standings tr[data-seat]")
        rows = tab.page.query_selector_all("#standings tr[data-seat]")
        seats = [int(row.get_attribute("data-seat") or -1) for row in rows]
        assert [losses[s] for s in seats] == sorted(losses)  # fewest games lost first
        for row, seat in zip(rows, seats, strict=True):
            cell = row.query_selector_all("td")[-1]
            text = cell.text_content() or ""
            # The deciding score: the games this seat lost in the series...
            assert re.search(rf"\b{losses[seat]} {games}", text), text
            # ...then the last game's garments, in secondary text.
            detail = cell.query_selector(".standing-detail")
            assert detail is not None, text
            lost = len(view["mannequins"][seat]["lost"])
            assert garments in (detail.text_content() or "")
            assert re.search(rf"\b{lost} (garments?|vêtements?) ", detail.text_content() or "")
    finally:
        tab.close()


# ----- 3. a stand-in's name keeps its whole suffix ----------------------------------------------
@pytest.mark.parametrize(
    ("lang", "name", "expected"),
    [
        ("fr", "Tante Marie-Christine", "Tante Marie-Chr… (robot)"),
        ("en", "Grandmother Elizabeth", "Grandmother Eliza… (bot)"),
        ("en", "x" * MAX_NAME, "x" * 17 + "… (bot)"),
        ("fr", "Gran", "Gran (robot)"),
        ("en", "Tante Marie-Chr", "Tante Marie-Chr (bot)"),
    ],
)
def test_a_stand_ins_name_is_shortened_never_its_suffix(
    lang: str, name: str, expected: str
) -> None:
    got = stand_in_name(SeatSlot("human", name, "random"), 1, lang)
    assert got == expected and len(got) <= MAX_NAME


def test_the_bots_that_take_long_named_empty_chairs_are_named_whole(hall: Hall) -> None:
    seats = [
        {"kind": "human", "name": "Ann"},
        {"kind": "human", "name": "Grandmother Elizabeth"},
        {"kind": "human", "name": "Tante Marie-Christine"},
    ]
    table, host = hall.create({"game": "flip7", "seats": seats, "sit": 0, "lang": "fr"})
    table.start(host)
    names = [slot.name for slot in table.seats]
    assert names[1:] == ["Grandmother Eli… (robot)", "Tante Marie-Chr… (robot)"]
    assert all(len(name) <= MAX_NAME for name in names)


# ----- 4. a deal number above 2^53 ------------------------------------------------------------
@pytest.mark.parametrize(
    ("sent", "seed"),
    [
        ("9007199254740993", 9007199254740993),
        (9007199254740993, 9007199254740993),  # a JSON integer, from an API client
        ("9223372036854775807", 2**63 - 1),
        ("0", 0),
        ("007", 7),
        (None, None),
    ],
)
def test_a_deal_number_in_digits_deals_exactly_that_deal(
    hall: Hall, sent: Any, seed: int | None
) -> None:
    table, _ = hall.create({"game": "flip7", "seats": [{"kind": "bot"}] * 2, "seed": sent})
    assert table.seed == seed


@pytest.mark.parametrize(
    "sent",
    ["9223372036854775808", "", "12a", " 1", "-1", "1.0", "1e5", "²", "٣", "9" * 5000, True,
     -1, 2**63, 1.5],
)  # fmt: skip
def test_a_deal_number_out_of_bounds_or_not_digits_is_refused_alike(sent: Any) -> None:
    with pytest.raises(TableError) as refused:
        checked_seed(sent)
    assert refused.value.code == "bad_seed" and refused.value.message == BAD_SEED


@browser_test
def test_the_form_sends_the_deal_number_typed_digit_for_digit(browser: Any, server: Server) -> None:
    tab = Page(browser, server, "en")
    page = tab.page
    try:
        page.goto(f"{server.url}/new?game=flip7")
        page.wait_for_selector("#create")
        page.fill("#my-name", "Ann")
        page.fill("#seed", "9007199254740993")  # 2^53 + 1, which a JavaScript number rounds
        page.click("#create button[type=submit]")
        page.wait_for_selector("#start")
        bodies = [json.loads(body or "{}") for body in tab.posts]
        assert [body.get("seed") for body in bodies if "game" in body] == ["9007199254740993"]
        table_id = page.url.rsplit("/", 1)[1]
        assert server.get(f"/api/tables/{table_id}")["deal_chosen"]
        # Not digits: refused on the form, with its reason, and nothing is sent.
        tab.posts.clear()
        page.goto(f"{server.url}/new?game=flip7")
        page.wait_for_selector("#create")
        page.fill("#my-name", "Ann")
        page.fill("#seed", "12a")
        page.click("#create button[type=submit]")
        page.wait_for_selector("#toast.show")
        assert page.text_content("#toast") == (
            "Error: a deal number is written in digits only: a whole number from 0 to 2^63 - 1"
        )
        page.wait_for_timeout(300)
        assert tab.posts == [] and "/new" in page.url
        # Digits past 2^63 - 1 go to the server, which refuses them as it refuses an integer.
        page.fill("#seed", "9223372036854775808")
        page.click("#create button[type=submit]")
        page.wait_for_function(
            "document.getElementById('toast').textContent.includes('2^63 - 1')"
            " && !document.getElementById('toast').textContent.includes('digits')"
        )
        assert page.text_content("#toast") == f"Error: {BAD_SEED}"
        assert [json.loads(body or "{}").get("seed") for body in tab.posts] == [
            "9223372036854775808"
        ]
    finally:
        tab.close()


# ----- 5. the digits reach the players one may ask ----------------------------------------------
@browser_test
@pytest.mark.parametrize("game", ["familles", "panoplies"])
def test_the_digits_choose_whom_to_ask_in_the_pages_order(
    browser: Any, server: Server, game: str
) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot"}, {"kind": "bot"}]
    made = server.post("/api/tables", {"game": game, "seats": seats, "sit": 0, "seed": 2})
    table_id = made["id"]
    held = {"token": made["token"], "seat": 0, "host": True, "invites": {}}
    tab = Page(browser, server, "en", table_id, held)
    page = tab.page
    try:
        page.wait_for_selector(".seat.me")
        page.click("#start")
        page.wait_for_function("document.querySelectorAll('#board .target-chip').length >= 2")
        page.evaluate("document.activeElement.blur()")
        chips = "[...document.querySelectorAll('#board .target-chip')]"
        pressed = f"() => {chips}.map((c) => c.getAttribute('aria-pressed'))"
        assert page.evaluate(pressed)[:2] == ["true", "false"]
        # 2: the second move offered in the page's order, the second player to ask.
        page.keyboard.press("2")
        page.wait_for_function(f"({pressed})()[1] === 'true'")
        assert page.evaluate(pressed)[0] == "false" and tab.acts() == []
        page.keyboard.press("1")
        page.wait_for_function(f"({pressed})()[0] === 'true'")
        # After the players, the cards: the first card asks the chosen player for it.
        count = page.evaluate(f"{chips}.length")
        target = int(page.get_attribute(".target-chip[aria-pressed='true']", "data-target") or -1)
        page.keyboard.press(str(count + 1))
        for _ in range(50):
            if tab.acts():
                break
            page.wait_for_timeout(20)
        assert [a["action"]["target"] for a in tab.acts()] == [target]
    finally:
        tab.close()
