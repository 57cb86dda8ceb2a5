"""The real server over HTTP and WebSockets: a whole game, hostile messages, a SIGKILL."""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from parlour.core.records import replay, start_from_record
from parlour.core.registry import get_game
from parlour.web.app import available_games
from parlour.web.protocol import FLOOD_NOTICE_EVERY
from tests.web.conftest import Server, turn_cap
from tests.web.players import Player
from tests.web.privacy import check_frames

THREE_SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "human"}, {"kind": "bot"}]


def seat_table(server: Server, game: str = "beggar", **extra: Any) -> tuple[str, str, str]:
    seats = THREE_SEATS[: get_game(game).max_players]  # two humans, and a bot where allowed
    made = server.post("/api/tables", {"game": game, "seats": seats, "sit": 0, **extra})
    guest = server.post(f"/api/tables/{made['id']}/join", {"seat": 1, "name": "Bob"})["token"]
    return made["id"], made["token"], guest


def start(server: Server, table_id: str, host: str) -> None:
    with connect(f"{server.ws_url}/ws/{table_id}") as ws:
        ws.send(json.dumps({"type": "hello", "token": host}))
        ws.send(json.dumps({"type": "start", "token": host, "id": 1}))
        while (message := json.loads(ws.recv(timeout=10)))["type"] != "ok":
            assert message["type"] != "error", message


def check_privacy(record: dict[str, Any], player: Player, seat: int | None) -> None:
    """Every state a client received is exactly its seat's view and filtered events."""
    assert check_frames(record, [f for f in player.frames if f.get("number") == 1], seat) > 0


# Settings that keep a game short: a deal number, or a lower target. Every game is played; one
# not named here (an outside game installed beside Parlour) with deal number 1 and the engine's
# turn cap, so that a long game ends drawn instead of outlasting the test.
QUICK: dict[str, dict[str, Any]] = {
    "beggar": {"seed": 24},
    "flip7": {"seed": 1, "rules": {"target": 40}},
    "familles": {"seed": 2},
    "panoplies": {"seed": 3},
    "gofish": {"seed": 1},
}


@pytest.mark.parametrize("game", [g["name"] for g in available_games("en")])
def test_two_players_and_a_bot_play_a_whole_game(server: Server, game: str) -> None:
    quick = QUICK.get(game, {"seed": 1, "rules": turn_cap(game)})  # an outside game: capped
    table_id, host, guest = seat_table(server, game, **quick)
    players = [
        Player(server.ws_url, table_id, token, seed=i) for i, token in enumerate((host, guest))
    ]
    watcher = Player(server.ws_url, table_id, None)
    for player in [*players, watcher]:
        player.start()
    start(server, table_id, host)
    for player in [*players, watcher]:
        player.join(60)
        assert player.over.is_set()
    record = server.get(f"/api/tables/{table_id}/games/1/record")
    state, _ = replay(record)
    assert state.is_over and record["game"] == game
    for seat, player in enumerate(players):
        check_privacy(record, player, seat)
    check_privacy(record, watcher, None)
    assert watcher.states()[-1]["view"]["outcome"] == record["result"]
    steps = server.get(f"/api/tables/{table_id}/games/1/replay")["steps"]
    assert len(steps) == len(record["actions"]) + 1
    assert steps[-1]["view"] == json.loads(json.dumps(state.view(None)))


def test_every_registered_game_is_offered() -> None:
    # The web offers only the games that load (a game still being written is left out, not
    # fatal), and the tests below go over the games offered: a shipped game that stopped
    # loading would leave them, not fail them.
    from parlour.core.registry import game_names

    shipped = {"beggar", "flip7", "familles", "panoplies", "gofish"}
    assert shipped <= set(game_names())
    assert shipped <= {g["name"] for g in available_games("en")}


def test_each_game_brings_its_drawing_and_only_its_own_stylesheet(server: Server) -> None:
    games = available_games("en")
    for game in games:
        drawing = httpx.get(f"{server.url}/static/games/{game['name']}.js", timeout=10)
        assert drawing.status_code == 200 and "export function render" in drawing.text
        style = httpx.get(f"{server.url}/static/games/{game['name']}.css", timeout=10)
        if game["style"]:  # the page links it: served from the game's package
            assert style.status_code == 200, game["name"]
            assert style.headers["content-type"].startswith("text/css")
            sheet = get_game(game["name"]).web_style()
            assert sheet is not None and style.text == sheet.read_text("utf-8")
        else:  # the page does not link it; asked anyway, it is not there
            assert style.status_code == 404, game["name"]
    # The games' own rules left the shared sheet for theirs: some game brings one.
    assert any(game["style"] for game in games)
    for name in ("nosuchgame", "generic"):
        assert httpx.get(f"{server.url}/static/games/{name}.css", timeout=10).status_code == 404


def test_every_module_a_drawing_imports_is_served_and_no_game_imports_another(
    server: Server,
) -> None:
    """A drawing's relative imports resolve against /static/games/: the page's shared modules,
    or a package the games share (the ask-and-draw games' memory panel), never another game."""
    names = [game["name"] for game in available_games("en")]
    shared: set[str] = set()
    for name in names:
        drawing = httpx.get(f"{server.url}/static/games/{name}.js", timeout=10).text
        for target in re.findall(r'from "\./([a-z_]+)\.js"', drawing):
            assert target not in names, f"{name} imports the drawing of {target}"
            shared.add(target)
    assert "askdraw" in shared  # the familles, Panoplies and Go Fish share it
    for target in shared:
        module = httpx.get(f"{server.url}/static/games/{target}.js", timeout=10)
        assert module.status_code == 200 and "export function" in module.text, target
    for name in ("__init__", "no_such_package"):
        assert httpx.get(f"{server.url}/static/games/{name}.js", timeout=10).status_code == 404


def test_the_api_refuses_bad_requests_clearly(server: Server) -> None:
    table_id, _, _ = seat_table(server)
    cases = [
        ("/api/tables", {"game": "chess", "seats": THREE_SEATS}, "bad_game"),
        ("/api/tables", "not an object", "bad_request"),
        (f"/api/tables/{table_id}/join", {"seat": 0, "name": "Eve"}, "seat_taken"),
        (f"/api/tables/{table_id}/join", {"seat": 2, "name": "Eve"}, "seat_taken"),
        (f"/api/tables/{table_id}/join", {"seat": "x", "name": "Eve"}, "bad_seat"),
        ("/api/tables/nope/join", {"seat": 1, "name": "Eve"}, "no_table"),
    ]
    for path, body, code in cases:
        response = httpx.post(server.url + path, json=body)
        assert response.status_code in (400, 404)
        assert response.json()["error"] == code
    big = httpx.post(server.url + "/api/tables", content=b"{" + b" " * 20000 + b"}")
    assert big.json()["error"] == "too_large"
    unfinished = httpx.get(server.url + f"/api/tables/{table_id}/games/1/record")
    assert unfinished.status_code == 404


def hostile_messages(rng: random.Random, table_id: str, host: str, guest: str) -> list[Any]:
    """Thousands of malformed, forged and illegal messages."""
    forged = "A" * 32
    pool: list[Any] = [
        "",
        "{",
        "null",
        "[1, 2]",
        '"act"',
        "[" * 5000 + "]" * 5000,
        "x" * 9000,
        b"\x00\xff binary",
        {"type": None},
        {"type": "dance"},
        {"type": "act"},
        {"type": "act", "action": None},
        {"type": "act", "action": {"type": "flip"}},
        {"type": "act", "action": {"type": "flip"}, "token": host},
        {"type": "act", "action": {"type": "flip"}, "token": guest},
        {"type": "act", "action": {"type": "flip"}, "token": forged},
        {"type": "act", "action": {"type": "hit"}, "token": guest},
        {"type": "act", "action": "flip"},
        {"type": "start", "token": guest},
        {"type": "start", "token": forged},
        {"type": "start"},
        {"type": "again", "token": host},
        {"type": "again", "token": {"$ne": None}},
        {"type": "hello", "token": host},
        {"type": "hello", "token": forged},
        {"type": "lang", "lang": "klingon"},
        {"type": "act", "action": {"type": "flip", "seat": 1}, "id": "x" * 100},
    ]
    out = []
    for _ in range(3000):
        item = rng.choice(pool)
        out.append(item if isinstance(item, str | bytes) else json.dumps(item))
    return out


def test_thousands_of_hostile_messages_each_get_an_error_and_change_nothing(
    db_url: str,
) -> None:
    server = Server(db_url, rate=1e6)
    server.start()
    try:
        table_id, host, guest = seat_table(server, seed=162)
        bystander, _, _ = seat_table(server, seed=12)
        before = server.get(f"/api/tables/{bystander}")
        players = [Player(server.ws_url, table_id, t, seed=i) for i, t in enumerate((host, guest))]
        for player in players:
            player.start()
        start(server, table_id, host)
        rng = random.Random(5)
        for target in (table_id, bystander):
            messages = hostile_messages(rng, target, host, guest)
            with connect(f"{server.ws_url}/ws/{target}", max_size=1 << 22) as ws:
                ws.send(json.dumps({"type": "hello"}))  # a spectator
                errors = 0
                # Read as they come, a hundred at a time: a page leaving more than
                # OUTBOX_LIMIT messages unread is closed (test_stalled_page.py).
                for first in range(0, len(messages), 100):
                    batch = messages[first : first + 100]
                    for raw in batch:
                        ws.send(raw)
                    expected = errors + len(batch)
                    while errors < expected:
                        message = json.loads(ws.recv(timeout=20))
                        assert message["type"] not in ("ok", "welcome") or errors == 0
                        errors += message["type"] == "error"
                # The connection survives: it still answers.
                ws.send(json.dumps({"type": "ping"}))
                while json.loads(ws.recv(timeout=10))["type"] != "pong":
                    pass
        for player in players:
            player.join(60)
            assert player.over.is_set()
        record = server.get(f"/api/tables/{table_id}/games/1/record")
        state, _ = replay(record)
        assert state.is_over
        for seat, player in enumerate(players):
            check_privacy(record, player, seat)
        after = server.get(f"/api/tables/{bystander}")
        assert after["seats"] == before["seats"] and after["status"] == "open"
    finally:
        server.stop()


def test_a_flood_is_answered_with_errors_and_the_connection_survives(server: Server) -> None:
    table_id, _, _ = seat_table(server)
    with connect(f"{server.ws_url}/ws/{table_id}") as ws:
        ws.send(json.dumps({"type": "hello"}))
        # 2,000 messages unread, far past the burst (twice the test server's 40 a second): one
        # error each would pass a page's 256 unread messages (OUTBOX_LIMIT), past which the
        # server closes the page. A flood gets one error a second at most.
        started = time.monotonic()
        for _ in range(2000):
            ws.send(json.dumps({"type": "ping"}))
        time.sleep(0.5)  # the bucket refills: the next message is let through
        ws.send(json.dumps({"type": "dance", "id": "after"}))  # answered by an error with its id
        codes = []
        while True:
            message = json.loads(ws.recv(timeout=10))
            if message["type"] in ("pong", "error"):
                codes.append(message.get("code", "pong"))
            if message.get("id") == "after":
                break
        seconds = time.monotonic() - started
        assert codes[-1] == "unknown_type" and "pong" in codes
        assert 1 <= codes.count("flood") <= seconds / FLOOD_NOTICE_EVERY + 1


@pytest.mark.parametrize("game", ["beggar"])
def test_a_killed_server_restarts_with_every_table_exactly(db_url: str, game: str) -> None:
    server = Server(db_url)
    server.start()
    try:
        kill_and_restart(server, game)
    finally:
        server.stop()


def kill_and_restart(server: Server, game: str) -> None:
    table_id, host, guest = seat_table(server, game, seed=24)
    players = [Player(server.ws_url, table_id, t, seed=i) for i, t in enumerate((host, guest))]
    for player in players:
        player.stop_after = 4
        player.start()
    start(server, table_id, host)
    while all(p.is_alive() for p in players):  # until one player leaves mid-game
        players[0].join(0.05)
    server.kill()
    for player in players:
        player.join(30)
    before = [p.states()[-1] for p in players]
    server.start()
    again = [Player(server.ws_url, table_id, t, seed=i + 5) for i, t in enumerate((host, guest))]
    for player in again:
        player.start()
    for old, player in zip(before, again, strict=True):
        assert player.first_state.wait(20)
        first = player.states()[0]
        assert first["step"] >= old["step"]
    for player in again:
        player.join(60)
        assert player.over.is_set()
    record = server.get(f"/api/tables/{table_id}/games/1/record")
    # The game after the restart continues the one before it, move for move.
    for seat, (old, player) in enumerate(zip(before, again, strict=True)):
        check_privacy(record, player, seat)
        state = start_from_record(record)
        for obj in record["actions"][: old["step"]]:
            state.apply(state.action_from_json(obj))
        assert old["view"] == json.loads(json.dumps(state.view(seat)))
