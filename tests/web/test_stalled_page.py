"""A page that stops reading is not queued for without end: past OUTBOX_LIMIT unread messages
its connection is closed (it had every state queued for it, 35 MB in 30 s at a fast table of
bots), and a page that comes back reconnects and is sent the whole state again."""

from __future__ import annotations

import json
import os
import socket
import struct
import time
from collections.abc import Iterator

import pytest

from parlour.web.transport import OUTBOX_LIMIT, Client
from tests.web.conftest import Server, fresh_db_url, start_table


def test_a_page_that_leaves_too_much_unread_is_closed_once_and_queued_for_no_more() -> None:
    stops: list[int] = []
    client = Client(None, "en", on_overflow=lambda: stops.append(1))
    for n in range(OUTBOX_LIMIT):
        client.send({"type": "state", "n": n})
    assert client.outbox.qsize() == OUTBOX_LIMIT and not stops
    for n in range(OUTBOX_LIMIT, 3 * OUTBOX_LIMIT):
        client.send({"type": "state", "n": n})
    assert stops == [1] and client.overflowed
    assert client.outbox.empty()  # what it would never read is let go at once


@pytest.fixture
def fast_server(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> Iterator[Server]:
    running = Server(fresh_db_url(tmp_path_factory.mktemp("db"), request), bot_delay=0.0)
    running.start()
    yield running
    running.stop()


def masked_text(text: str) -> bytes:
    """A client's WebSocket text frame (a client masks what it sends)."""
    data, mask = text.encode(), os.urandom(4)
    size = (
        bytes([0x80 | len(data)])
        if len(data) < 126
        else bytes([0x80 | 126]) + struct.pack("!H", len(data))
    )
    return bytes([0x81]) + size + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def test_a_spectator_that_stops_reading_is_disconnected(fast_server: Server) -> None:
    # Six bots racing to a target they will not reach while the test runs: states never stop.
    seats = [{"kind": "bot", "bot": "threshold:20"}] * 6
    table_id, _ = start_table(
        fast_server, {"game": "flip7", "seats": seats, "rules": {"target": 100000}}
    )
    # A raw connection that says hello and then reads nothing (a client library would read
    # into its own memory behind the test's back).
    page = socket.socket()
    page.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    page.connect(("127.0.0.1", fast_server.port))
    with page:
        page.sendall(
            f"GET /ws/{table_id} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += page.recv(1)
        assert answer.startswith(b"HTTP/1.1 101")
        page.sendall(masked_text(json.dumps({"type": "hello"})))
        said = "unread; its connection is closed"
        for _ in range(600):  # at most a minute: only a server that never closes it takes that
            if said in fast_server.errors():
                break
            time.sleep(0.1)
        assert said in fast_server.errors()
        # What the kernel still held for it arrives, then the end of the connection.
        page.settimeout(10)
        deadline = time.monotonic() + 60
        while page.recv(1 << 20):
            assert time.monotonic() < deadline, "the connection was never closed"
