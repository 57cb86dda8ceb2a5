"""Operations findings: a move sent twice, abandoned tables, the server's address and exit."""

from __future__ import annotations

import contextlib
import json
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from parlour.cli import main
from parlour.web.cli import server_url
from parlour.web.hall import WAITING_WINDOW
from parlour.web.protocol import Session
from parlour.web.storage import Storage
from parlour.web.tables import Client, Hall, Table, TableError
from tests.web.conftest import Server, free_port

BEGGAR_TWO = {"game": "beggar", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human"}]}
GOFISH_TWO = {"game": "gofish", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human"}]}


def replies(client: Client) -> list[dict[str, Any]]:
    out = []
    while not client.outbox.empty():
        out.append(client.outbox.get_nowait())
    return out


def repeatable_ask(hall: Hall) -> tuple[Table, Session, dict[str, Any]]:
    """A Go Fish table where the player to move has a move that keeps the turn and stays
    legal once played: the case where a move sent twice could be played twice."""
    for seed in range(1000, 1040):
        table, host = hall.create({**GOFISH_TWO, "sit": 0, "seed": seed})
        guest = table.join(1, "Bob")
        table.start(host)
        state = table.state
        assert state is not None
        for action in state.legal_actions():
            trial = state.clone()
            trial.apply(action, state.to_move)
            if trial.to_move == state.to_move and action in trial.legal_actions():
                session = Session(table, rate=1e9, burst=1e9)
                token = host if state.to_move == 0 else guest
                session.handle(json.dumps({"type": "hello", "token": token}))
                assert session.client is not None
                replies(session.client)
                return table, session, action.to_json()
    raise AssertionError("no Go Fish deal with a repeatable ask")


def test_the_same_move_sent_twice_with_its_step_is_played_once(hall: Hall) -> None:
    table, session, action = repeatable_ask(hall)
    assert table.state is not None and session.client is not None
    step = len(table.state.actions)
    for ref in ("click1", "click2"):
        session.handle(json.dumps({"type": "act", "action": action, "step": step, "id": ref}))
    answers = [m for m in replies(session.client) if m["type"] in ("ok", "error")]
    assert answers[0] == {"type": "ok", "id": "click1"}
    assert answers[1]["code"] == "stale" and answers[1]["id"] == "click2"
    assert answers[1]["message"] == (
        f"the game has moved on: this move was for step {step}, the game is at step {step + 1}"
    )
    assert len(table.state.actions) == step + 1
    assert len(hall.storage.load_game(table.id, table.number)["actions"]) == step + 1  # type: ignore[index]


def test_a_move_for_an_old_step_is_refused_and_a_bad_step_too(hall: Hall) -> None:
    table, session, action = repeatable_ask(hall)
    assert table.state is not None and session.client is not None
    session.handle(json.dumps({"type": "act", "action": action, "step": 0}))
    step = len(table.state.actions)
    assert step == 1
    replies(session.client)
    for bad in (step - 1, step + 5, "3", True, -1, 1.5):
        session.handle(json.dumps({"type": "act", "action": action, "step": bad}))
    codes = [m.get("code") for m in replies(session.client)]
    assert codes == ["stale", "stale", "bad_step", "bad_step", "bad_step", "bad_step"]
    assert len(table.state.actions) == step


def test_a_move_without_a_step_plays_as_before(hall: Hall) -> None:
    table, session, action = repeatable_ask(hall)
    assert table.state is not None and session.client is not None
    step = len(table.state.actions)
    session.handle(json.dumps({"type": "act", "action": action}))
    session.handle(json.dumps({"type": "act", "action": action}))
    assert [m["type"] for m in replies(session.client) if m["type"] in ("ok", "error")] == [
        "ok",
        "ok",
    ]
    assert len(table.state.actions) == step + 2


def test_tables_abandoned_long_ago_do_not_lock_their_address_out(db_url: str) -> None:
    hall = Hall(Storage(db_url), create_burst=1)  # 1 table a minute, 2 waiting
    address = "203.0.113.7"
    made = []
    for _ in range(2):
        made.append(hall.create(BEGGAR_TWO, client=address)[0])
        hall._created.clear()  # the minute's limit is not what this test is about
    with pytest.raises(TableError, match="tables waiting for players"):
        hall.create(BEGGAR_TWO, client=address)
    hall._created.clear()
    for table in made:  # created more than WAITING_WINDOW ago, nobody ever came
        table.created -= WAITING_WINDOW + 1
    hall.create(BEGGAR_TWO, client=address)
    hall._created.clear()
    hall.create(BEGGAR_TWO, client=address)
    hall._created.clear()
    with pytest.raises(TableError, match="tables waiting for players"):  # recent ones count
        hall.create(BEGGAR_TWO, client=address)


def test_the_lobby_leaves_out_a_table_nobody_has_waited_at_for_an_hour(db_url: str) -> None:
    hall = Hall(Storage(db_url))
    deserted, _ = hall.create({**BEGGAR_TWO, "sit": 0})
    waited_at, _ = hall.create({**BEGGAR_TWO, "sit": 0})
    watched, _ = hall.create(BEGGAR_TWO)  # its host sits nowhere
    fresh, _ = hall.create({**BEGGAR_TWO, "sit": 0})
    for table in (deserted, waited_at, watched):
        table.created -= WAITING_WINDOW + 1
    waited_at.attach(Client(0, "en"))  # its host still has the page open
    watched.attach(Client(None, "en"))
    listed = {entry["id"] for entry in hall.lobby()}
    assert listed == {waited_at.id, watched.id, fresh.id}
    # Not closed: its link still opens it, and it is listed again once its host is back.
    assert hall.get(deserted.id) is deserted
    deserted.attach(Client(0, "en"))
    assert deserted.id in {entry["id"] for entry in hall.lobby()}
    # Elsewhere (another process of the same database): its word on the seat counts too.
    deserted.clients.clear()
    deserted.presence_heard("another-process", [0])
    assert deserted.id in {entry["id"] for entry in hall.lobby()}


def test_serve_refuses_an_empty_host_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["serve", "--host", "", "--port", "8999"])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "--host is empty" in err and "Traceback" not in err


def test_the_banner_brackets_an_ipv6_address() -> None:
    assert server_url("::1", 18113) == "http://[::1]:18113/"
    assert server_url("127.0.0.1", 18113) == "http://127.0.0.1:18113/"


def test_a_busy_port_is_refused_before_anything_is_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "parlour.db"
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        with pytest.raises(SystemExit) as exited:
            main(["serve", "--port", str(port), "--db", f"sqlite:///{database}"])
    assert exited.value.code == 2
    out, err = capsys.readouterr()
    assert f"port {port} is already in use" in err and "Traceback" not in err
    assert "Parlour web table on" not in out  # no banner
    assert not database.exists()  # no database created nor migrated


def test_sigterm_stops_the_server_with_status_0(tmp_path: Path) -> None:
    port = free_port()
    command = [sys.executable, "-m", "parlour.cli", "serve", "--port", str(port)]
    command += ["--db", f"sqlite:///{tmp_path / 'parlour.db'}"]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert server.poll() is None, server.stderr.read() if server.stderr else ""
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/tables", timeout=1)
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        server.send_signal(signal.SIGTERM)
        assert server.wait(15) == 0
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()


def test_mysql_is_refused_as_unsupported_not_as_a_missing_driver(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["serve", "--db", "mysql://u:p@localhost/db", "--port", str(free_port())])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "supports only SQLite" in err and "mysql" in err and "pip install" not in err


def test_a_page_closed_normally_is_not_logged_as_a_failure(server: Server) -> None:
    for _ in range(5):
        made = server.post("/api/tables", {**GOFISH_TWO, "sit": 0})
        guest = server.post(f"/api/tables/{made['id']}/join", {"seat": 1, "name": "Bob"})
        with contextlib.ExitStack() as stack:  # closed in turn: each close is told the other
            for token in (made["token"], guest["token"]):
                page = stack.enter_context(connect(f"{server.ws_url}/ws/{made['id']}"))
                page.send(json.dumps({"type": "hello", "token": token}))
                page.recv(timeout=10)
    time.sleep(0.5)
    assert "connection failed" not in server.errors()


def test_a_move_for_the_previous_game_is_refused_even_at_the_same_step(hall: Hall) -> None:
    # Steps start again at 0 with each game: the game number tells a leftover move apart.
    table, host = hall.create({**BEGGAR_TWO, "sit": 0, "rules": {"max_turns": 1}})
    table.join(1, "Bob")
    table.start(host)
    assert table.state is not None and table.state.to_move is not None
    table.act(table.state.to_move, {"type": "flip"}, step=0, game=1)  # game 1 is over
    table.again(host)
    assert table.number == 2 and table.state is not None and table.state.to_move is not None
    mover = table.state.to_move
    with pytest.raises(TableError) as refused:
        table.act(mover, {"type": "flip"}, step=0, game=1)
    assert refused.value.code == "stale_game" and len(table.state.actions) == 0
    table.act(mover, {"type": "flip"}, step=0, game=2)
    assert len(table.state.actions) == 1


def test_a_move_whose_game_is_not_a_number_is_refused(hall: Hall) -> None:
    table, session, action = repeatable_ask(hall)
    assert table.state is not None and session.client is not None
    for bad in ("1", True, 0, 1.5):
        session.handle(json.dumps({"type": "act", "action": action, "game": bad}))
    codes = [m.get("code") for m in replies(session.client)]
    assert codes == ["bad_game"] * 4 and len(table.state.actions) == 0
