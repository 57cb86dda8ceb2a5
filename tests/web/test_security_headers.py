"""Security headers (`parlour.web.headers`): every HTTP answer carries a Content-Security-Policy
that allows only the site's own scripts, `nosniff`, a referrer kept on the site, and a refusal
to be framed; and the real pages break none of that policy in Chromium (a blocked script or
style is a console error there, which the browser test collects).

The browser test drives the system Chromium with Playwright (see test_browser); without it,
and outside CI, it is skipped.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from parlour.web.headers import POLICY, policy_for
from tests.web.conftest import CHROMIUM, IN_CI, Server

browser_test = pytest.mark.skipif(
    not CHROMIUM.exists() and not IN_CI, reason="the system Chromium is absent"
)
PATHS = ["/", "/t/nosuch", "/static/app.js", "/static/style.css", "/api/games", "/api/nosuch"]


def test_every_answer_carries_the_headers(server: Server, finished: str) -> None:
    host = server.url.removeprefix("http://")
    paths = [*PATHS, f"/api/tables/{finished}/games/1/record", "/static/games/flip7.js"]
    for path in paths:
        response = httpx.get(server.url + path, timeout=10)
        headers = response.headers
        assert headers["content-security-policy"] == f"{POLICY} ws://{host} wss://{host}", path
        assert "script-src 'self';" in headers["content-security-policy"]
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff", path
        assert headers["x-frame-options"] == "DENY", path
        assert headers["referrer-policy"] == "same-origin", path
    # A refused request too (a body too large): the headers do not depend on the answer.
    response = httpx.post(server.url + "/api/tables", content=b"x" * 20000, timeout=10)
    assert response.status_code >= 400 and response.headers["x-frame-options"] == "DENY"


def test_an_odd_host_header_is_not_copied_into_the_policy() -> None:
    assert policy_for("example.org:8000").endswith("ws://example.org:8000 wss://example.org:8000")
    assert policy_for("[::1]:8000").endswith("wss://[::1]:8000")
    for odd in ["a; script-src *", "x y", "", None]:
        assert policy_for(odd) == POLICY


@browser_test
def test_the_pages_break_none_of_the_policy_and_cannot_be_framed(
    browser: Any, server: Server
) -> None:
    bots = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "memory"}]
    made = server.post("/api/tables", {"game": "familles", "seats": bots, "sit": 0, "seed": 3})
    table = made["id"]
    with connect(f"{server.ws_url}/ws/{table}") as ws:
        ws.send(json.dumps({"type": "hello", "token": made["token"]}))
        ws.send(json.dumps({"type": "start", "token": made["token"]}))
    context = browser.new_context(viewport={"width": 1200, "height": 850})
    held = {"token": made["token"], "seat": 0, "host": True, "invites": {}}
    context.add_init_script(
        f"localStorage.setItem('parlour.seat.{table}', {json.dumps(json.dumps(held))});"
    )
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    try:
        for path, ready in [
            ("/", "#main h1"),
            ("/new?game=familles", "form"),
            ("/rules", "#main h1"),
            ("/about", "#main h1"),
            (f"/t/{table}", ".card"),  # the seat's hand, drawn in the deck's colours
        ]:
            page.goto(server.url + path)
            page.wait_for_selector(ready)
        # A card of the hand keeps the colours its inline style gives it.
        page.wait_for_selector("#board svg")
        refused = [text for text in console if "Content Security Policy" in text]
        assert not refused and not errors
        # Another site's page that frames a table gets nothing of it.
        framing = context.new_page()
        framing.set_content(f'<iframe id="f" src="{server.url}/t/{table}"></iframe>')
        framing.wait_for_timeout(1500)
        frame = framing.frame_locator("#f")
        assert frame.locator("#main").count() == 0
        framing.close()
    finally:
        context.close()
