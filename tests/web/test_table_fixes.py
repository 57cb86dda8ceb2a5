"""The page in a real browser: replays drawn, the review's marks, kept seats, the keyboard's
place after a redraw, the About page and the header's tap targets.

Playwright drives the system Chromium (never a downloaded one); without it these tests are
skipped (see conftest.py).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.web.conftest import CHROMIUM, IN_CI, Server

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists() and not IN_CI, reason="the system Chromium is absent"
)


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    """A fresh browser context (its own localStorage), English unless a test says otherwise."""
    made = browser.new_context(viewport={"width": 1200, "height": 850})
    made.add_init_script("localStorage.setItem('parlour.lang', 'en');")
    yield made
    made.close()


def errors_of(page: Any) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    return errors


def finished_bot_game(server: Server, game: str, rules: dict[str, Any], seed: int) -> str:
    """A table of bots that has played its first game to the end; returns its id and token."""
    bots = [{"kind": "bot", "bot": "random"}] * 3
    made = server.post("/api/tables", {"game": game, "seats": bots, "seed": seed, "rules": rules})
    with connect(f"{server.ws_url}/ws/{made['id']}") as ws:
        ws.send(json.dumps({"type": "hello", "token": made["token"], "lang": "en"}))
        ws.send(json.dumps({"type": "start", "token": made["token"]}))
        while True:
            message = json.loads(ws.recv(timeout=60))
            assert message["type"] != "error", message
            if message["type"] == "state" and message["view"] and message["view"]["over"]:
                break
    return f"{made['id']} {made['token']}"


# What the replay's felt shows: its step, and the size of its board, status line and cards.
FELT = """() => {
  const felt = document.getElementById("replay-felt");
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.width, r.height]; };
  const cards = [...document.querySelectorAll("#board svg.card")].map(box);
  return {step: felt.dataset.step, board: box(document.getElementById("board")),
          shown: getComputedStyle(document.getElementById("board")).display !== "none",
          status: getComputedStyle(document.getElementById("status-line")).display !== "none",
          cards: cards.filter(([w, h]) => w > 0 && h > 0).length, all: cards.length};
}"""


@pytest.mark.parametrize(
    ("game", "rules", "seed"), [("flip7", {"target": 40}, 1), ("familles", {}, 2)]
)
def test_a_replay_shows_the_cards_at_every_step(
    context: Any, server: Server, game: str, rules: dict[str, Any], seed: int
) -> None:
    table_id, token = finished_bot_game(server, game, rules, seed).split()
    page = context.new_page()
    errors = errors_of(page)
    page.goto(f"{server.url}/replay/{table_id}/1")
    page.wait_for_selector("#slider")
    seen = []
    for move in ("start", "#next", "ArrowRight", "#next"):
        if move == "ArrowRight":
            page.keyboard.press("ArrowRight")
        elif move != "start":
            page.click(move)
        felt = page.evaluate(FELT)
        seen.append(felt["step"])
        assert felt["shown"] and felt["status"], felt
        assert felt["board"][0] > 0 and felt["board"][1] > 50, felt
        assert felt["all"] > 0 and felt["cards"] == felt["all"], felt
    assert seen == ["0", "1", "2", "3"]
    # The last step: the outcome on the status line, drawn too.
    page.fill("#slider", page.get_attribute("#slider", "max") or "0")
    page.dispatch_event("#slider", "input")
    assert page.is_visible("#status-line")
    assert page.text_content("#status-line").startswith("Game over")  # type: ignore[union-attr]
    # The way back names where it leads: the table while it is open...
    back = page.locator("#replay-back")
    assert back.text_content() == "← Back to the table"
    assert back.get_attribute("href") == f"/t/{table_id}"
    # ...the lobby once it is closed (its replays with it).
    server.post(f"/api/tables/{table_id}/close", {"token": token})
    page.reload()
    page.wait_for_selector("#replay-back")
    assert page.text_content("#replay-back") == "← Back to the lobby"
    assert page.get_attribute("#replay-back", "href") == "/"
    assert errors == []


REVIEW = {
    "game": "flip7",
    "seat": 0,
    "measure": "points",
    "note": {"en": "note", "fr": "note"},
    "decisions": [
        {"index": 0, "mistake": True, "part": 1, "loss": 5, "text": {"en": "R1 a", "fr": "M1 a"}},
        {"index": 1, "mistake": True, "part": 1, "loss": 2, "text": {"en": "R1 b", "fr": "M1 b"}},
        {"index": 2, "mistake": False, "part": 2, "loss": 0, "text": {"en": "R2 a", "fr": "M2 a"}},
        {"index": 3, "mistake": True, "part": 2, "loss": 8, "text": {"en": "R2 b", "fr": "M2 b"}},
        {"index": 4, "mistake": True, "part": 3, "loss": 1, "text": {"en": "R3 a", "fr": "M3 a"}},
    ],
    "summary": {
        "decisions": 5,
        "mistakes": 4,
        "lost": 16,
        "biggest": 3,
        "text": {"en": "summary", "fr": "résumé"},
        "parts": [{"part": 1, "biggest": 0}, {"part": 2, "biggest": 3}, {"part": 3, "biggest": 4}],
    },
}
MISTAKES = """async ([review, lang]) => {
  const i18n = await import("/static/i18n.js");
  const { reviewHtml } = await import("/static/review.js");
  i18n.setLang(lang);
  const box = document.createElement("div");
  box.innerHTML = reviewHtml(review, "heading");
  return [...box.querySelectorAll("#review-mistakes li")].map((li) => li.textContent);
}"""


def test_only_the_games_costliest_mistake_is_called_the_biggest(
    context: Any, server: Server
) -> None:
    page = context.new_page()
    page.goto(f"{server.url}/about")
    page.wait_for_selector("#credits")
    assert page.evaluate(MISTAKES, [REVIEW, "en"]) == [
        "R1 a (the biggest of round 1)",
        "R1 b",
        "R2 b (the biggest mistake)",
        "R3 a",  # the only mistake of its round is no biggest of anything
    ]
    assert page.evaluate(MISTAKES, [REVIEW, "fr"]) == [
        "M1 a (la plus grosse de la manche 1)",
        "M1 b",
        "M2 b (la plus grosse erreur)",
        "M3 a",
    ]
    # A single mistake in the whole game: nothing to compare it with, no mark.
    alone = {**REVIEW, "decisions": REVIEW["decisions"][3:4]}
    alone["summary"] = {**REVIEW["summary"], "mistakes": 1, "parts": [{"part": 2, "biggest": 3}]}
    assert page.evaluate(MISTAKES, [alone, "en"]) == ["R2 b"]


def test_a_kept_seat_is_shown_kept_to_a_visitor_without_its_invitation(
    browser: Any, server: Server
) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "reserved": True}]
    seats += [{"kind": "human"}]
    made = server.post("/api/tables", {"game": "beggar", "seats": seats, "sit": 0})
    table_id, code = made["id"], made["invites"]["1"]
    stranger = browser.new_context()
    guest = browser.new_context()
    try:
        page = stranger.new_page()
        page.goto(f"{server.url}/t/{table_id}")
        page.wait_for_selector("button.join[data-seat='2']")
        assert page.query_selector("button.join[data-seat='1']") is None
        assert page.text_content(".kept-seat[data-seat='1']") == "Seat 2: kept for a guest"
        # The lobby's list says so too: a kept seat is not a free one.
        page.goto(server.url)
        summary = page.wait_for_selector(f".tablecard[data-table='{table_id}'] .seats-mini")
        assert summary.text_content().split(" · ")[1:] == ["kept for a guest", "free"]
        # The guest with the invitation is offered the seat, and sits there.
        invited = guest.new_page()
        invited.goto(f"{server.url}/t/{table_id}?invite={code}")
        invited.wait_for_selector("button.join[data-seat='1']")
        assert invited.query_selector(".kept-seat") is None
        invited.fill("#join-name", "Bob")
        invited.click("button.join[data-seat='1']")
        invited.wait_for_selector(".seat.me[data-seat='1']")
    finally:
        stranger.close()
        guest.close()


FOCUSED = """() => {
  const el = document.activeElement;
  return {tag: el.tagName, target: el.dataset?.target ?? null, act: el.dataset?.act ?? null,
          pressed: el.getAttribute("aria-pressed"), id: el.id};
}"""


def test_the_keyboard_stays_on_the_table_after_choosing_whom_to_ask_and_after_a_move(
    context: Any, server: Server
) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot"}, {"kind": "bot"}]
    made = server.post("/api/tables", {"game": "familles", "seats": seats, "sit": 0, "seed": 2})
    held = json.dumps({"token": made["token"], "seat": 0, "host": True})
    context.add_init_script(
        f"localStorage.setItem('parlour.seat.{made['id']}', {json.dumps(held)});"
    )
    page = context.new_page()
    errors = errors_of(page)
    page.goto(f"{server.url}/t/{made['id']}")
    page.click("#start")
    page.wait_for_selector("#board .target-chip:not(.chosen)", timeout=30000)
    assert page.get_attribute("#board .target-chip.chosen", "aria-pressed") == "true"
    other = page.query_selector("#board .target-chip:not(.chosen)")
    assert other is not None and other.get_attribute("aria-pressed") == "false"
    target = other.get_attribute("data-target")
    other.focus()
    page.keyboard.press("Enter")
    focused = page.evaluate(FOCUSED)
    assert focused["target"] == target and focused["pressed"] == "true", focused
    # Tab to a card to ask for, Enter: after the redraws the focus is still on the table.
    step = page.get_attribute("#felt", "data-step")
    page.focus("#board [data-act]")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(step) => document.getElementById('felt').dataset.step !== step", arg=step
    )
    page.wait_for_timeout(300)
    focused = page.evaluate(FOCUSED)
    assert focused["tag"] != "BODY", focused
    assert focused["act"] or focused["target"] or focused["id"] == "status-line", focused
    assert errors == []


def test_the_header_links_are_tap_targets_on_a_phone_and_the_bar_keeps_its_height(
    browser: Any, server: Server
) -> None:
    heights = {}
    for width, height in ((390, 844), (1200, 850)):
        made = browser.new_context(viewport={"width": width, "height": height})
        try:
            page = made.new_page()
            page.goto(f"{server.url}/about")
            page.wait_for_selector("#credits")
            boxes = [link.bounding_box() for link in page.query_selector_all(".bar nav a")]
            assert len(boxes) == 3
            assert all(box is not None and box["height"] >= 24 for box in boxes), boxes
            tops = {round(box["y"]) for box in boxes if box is not None}
            assert len(tops) == 1  # on one line
            bar = page.query_selector(".bar")
            assert bar is not None
            heights[width] = (bar.bounding_box() or {"height": 0})["height"]
        finally:
            made.close()
    assert heights[1200] <= 60 and heights[390] <= 60, heights


@pytest.mark.parametrize(("lang", "words"), [("en", "free software"), ("fr", "logiciel libre")])
def test_the_about_page_says_free_software_once(
    browser: Any, server: Server, lang: str, words: str
) -> None:
    made = browser.new_context()
    made.add_init_script(f"localStorage.setItem('parlour.lang', '{lang}');")
    try:
        page = made.new_page()
        page.goto(f"{server.url}/about")
        page.wait_for_selector("#credits")
        text = page.text_content("main") or ""
        assert text.count(words) == 1, text
        about = httpx.get(f"{server.url}/api/about?lang={lang}", timeout=10).json()
        assert page.text_content("#credits") == about["credits"]
    finally:
        made.close()
