"""One client address holds at most `--connections-per-address` table pages (WebSockets) open:
the next is told why and closed, changing nothing, and a page closed frees its place."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.web.conftest import Server, fresh_db_url
from tests.web.test_browser import Tab
from tests.web.test_browser import pytestmark as browser_mark

CAP = 3


@pytest.fixture(scope="module")
def capped(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> Iterator[Server]:
    running = Server(fresh_db_url(tmp_path_factory.mktemp("db"), request), connections=CAP)
    running.start()
    yield running
    running.stop()


def table_of(server: Server) -> str:
    made = server.post("/api/tables", {"game": "flip7", "seats": [{"kind": "human"}] * 2})
    return str(made["id"])


@pytest.fixture
def stack() -> Iterator[ExitStack]:
    """Closes, whatever happens, every page a test opened: the server is the module's."""
    with ExitStack() as pages:
        yield pages


def watching(stack: ExitStack, server: Server, table_id: str) -> ClientConnection:
    """A page of the table, let in. A page just closed gives its place back once the server
    has seen it go, a moment after the client's close: only that wait is retried."""
    for _ in range(100):
        page = stack.enter_context(connect(f"{server.ws_url}/ws/{table_id}?lang=fr"))
        page.send(json.dumps({"type": "hello"}))
        first = json.loads(page.recv(timeout=10))
        if first.get("code") != "too_many_connections":
            assert first["type"] != "error", first
            return page
        page.close()
        time.sleep(0.05)
    raise AssertionError("a place was never given back")


def test_a_page_over_the_cap_is_told_why_and_closed(capped: Server, stack: ExitStack) -> None:
    tables = [table_of(capped) for _ in range(2)]
    # Over two tables: the cap is the address's, not a table's.
    pages = [watching(stack, capped, tables[i % 2]) for i in range(CAP)]
    with connect(f"{capped.ws_url}/ws/{tables[0]}?lang=fr") as extra:
        refused = json.loads(extra.recv(timeout=10))
        assert refused["code"] == "too_many_connections"
        assert (
            refused["message"]
            == f"this address already has as many table pages open as it may ({CAP}); "
            "close one first"
        )
        assert refused["text"].startswith(
            "cette adresse a déjà autant de pages de table ouvertes qu'elle peut"
        )
        with pytest.raises(ConnectionClosed):
            extra.recv(timeout=10)
        assert extra.close_code == 1008
    for page in pages:  # the pages already open carry on
        page.send(json.dumps({"type": "ping"}))
    pages.pop().close()
    again = watching(stack, capped, tables[1])  # a page closed freed its place
    for page in [*pages, again]:
        page.close()


def test_pages_closed_give_every_place_back(capped: Server, stack: ExitStack) -> None:
    table_id = table_of(capped)
    for _ in range(3):  # opened and closed again and again: no place is kept by a closed page
        pages = [watching(stack, capped, table_id) for _ in range(CAP)]
        for page in pages:
            page.close()
    last = [watching(stack, capped, table_id) for _ in range(CAP)]
    for page in last:
        page.close()


def test_an_unknown_table_s_page_is_counted_out_too(capped: Server, stack: ExitStack) -> None:
    for _ in range(CAP + 2):
        with connect(f"{capped.ws_url}/ws/nosuchtable") as page:
            assert json.loads(page.recv(timeout=10))["code"] == "no_table"
    table_id = table_of(capped)
    pages = [watching(stack, capped, table_id) for _ in range(CAP)]
    for page in pages:
        page.close()


@browser_mark
def test_the_refused_page_says_why(browser: Any, capped: Server, stack: ExitStack) -> None:
    table_id = table_of(capped)
    holders = [watching(stack, capped, table_id) for _ in range(CAP)]  # the address's every place
    tab = Tab(browser)
    try:
        tab.page.goto(f"{capped.url}/t/{table_id}")
        # Shown where the connection's state is, and kept there while the page waits, not
        # replaced by "reconnecting" when the server closes the connection.
        said = "this address already has as many table pages open as it may"
        for _ in range(100):  # the site's policy refuses a string predicate: polled from here
            if said in (tab.page.text_content("#connection") or ""):
                break
            tab.page.wait_for_timeout(100)
        tab.page.wait_for_timeout(1500)  # the close has come and gone by now
        box = tab.page.text_content("#connection") or ""
        assert said in box and "reconnect" not in box.lower()
        assert not tab.page_errors
    finally:
        tab.close()
        for page in holders:
            page.close()
