"""The web table on a real PostgreSQL: outages mid-game, and two server processes at once.

Each test starts a PostgreSQL cluster of its own (see tests/web/pg.py), which it may stop to
play an outage. Without PostgreSQL installed they are skipped, except in CI, where they fail.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from websockets.sync.client import connect

from parlour.core.records import replay
from parlour.web.storage import Storage
from parlour.web.tables import Client, Hall, TableError
from tests.web.conftest import Server
from tests.web.pg import Cluster
from tests.web.players import Player
from tests.web.privacy import check_frames
from tests.web.test_server import QUICK, check_privacy, seat_table, start
from tests.web.test_timer_and_cli import until


def moves_by_seat(db_url: str, table_id: str) -> dict[int, int]:
    """How many moves of the table's first game the log holds, seat by seat."""
    storage = Storage(db_url)
    try:
        with storage.engine.connect() as conn:
            rows = conn.execute(
                sa.text(
                    "SELECT seat, count(*) AS n FROM parlour_moves "
                    "WHERE table_id = :t AND number = 1 GROUP BY seat"
                ),
                {"t": table_id},
            ).all()
    finally:
        storage.close()
    return {int(row.seat): int(row.n) for row in rows}


def first_state(server: Server, table_id: str) -> dict[str, Any]:
    """What a page that connects now is shown (a spectator's first state)."""
    with connect(f"{server.ws_url}/ws/{table_id}") as ws:
        ws.send(json.dumps({"type": "hello"}))
        while (message := json.loads(ws.recv(timeout=10)))["type"] != "state":
            pass
    return message


def test_a_move_during_an_outage_is_refused_and_the_game_carries_on(pg_cluster: Cluster) -> None:
    db_url = pg_cluster.new_database()
    server = Server(db_url)
    server.start()
    try:
        table_id, host, guest = seat_table(server, "flip7", **QUICK["flip7"])
        players = [Player(server.ws_url, table_id, t, seed=i) for i, t in enumerate((host, guest))]
        watcher = Player(server.ws_url, table_id, None)
        for player in [*players, watcher]:
            player.start()
        start(server, table_id, host)
        while sum(p.moves for p in players) < 4:
            players[0].join(0.02)
        for player in players:
            player.go.clear()  # each holds its next move
        while not any(p.waiting.is_set() for p in players):
            players[0].join(0.02)
        mover = next(p for p in players if p.waiting.is_set())
        seen = mover.states()[-1]
        pg_cluster.stop()
        mover.go.set()
        while not mover.refused:
            mover.join(0.02)
        # Refused, and not played: a page connecting now sees the game as it was.
        assert mover.refused[0]["code"] == "unavailable"
        during = first_state(server, table_id)
        answer = httpx.get(f"{server.url}/api/tables/{table_id}", timeout=10)
        assert answer.status_code == 503 and answer.json()["error"] == "unavailable"
        assert (during["step"], during["view"]["to_move"]) == (
            seen["step"],
            seen["view"]["to_move"],
        )
        pg_cluster.start()
        # The first request after the restart is answered (stale pooled connections pinged).
        assert httpx.get(f"{server.url}/api/tables/{table_id}", timeout=10).status_code == 200
        for player in players:
            player.go.set()
        for player in [*players, watcher]:
            player.join(60)
            assert player.over.is_set()
        record = server.get(f"/api/tables/{table_id}/games/1/record")
        assert replay(record)[0].is_over
        for seat, player in enumerate(players):
            check_privacy(record, player, seat)
        check_privacy(record, watcher, None)
        # Every move a player made is in the log, once: none lost, none doubled (the refused
        # one was sent again), and each was acknowledged (the last one perhaps after the end).
        logged = moves_by_seat(db_url, table_id)
        assert [logged.get(seat, 0) for seat in (0, 1)] == [p.moves for p in players]
        assert all(p.acks >= p.moves - 1 for p in players)
        assert sum(logged.values()) == len(record["actions"])
    finally:
        server.stop()
    assert "Task exception was never retrieved" not in server.errors()


def test_bots_stalled_by_an_outage_resume_by_themselves(
    pg_cluster: Cluster, caplog: pytest.LogCaptureFixture
) -> None:
    storage = Storage(pg_cluster.new_database())

    async def scenario() -> tuple[Any, int, list[dict[str, Any]]]:
        hall = Hall(storage, bot_delay=0.0)
        bots = [{"kind": "bot"}, {"kind": "bot"}]
        table, host = hall.create({"game": "beggar", "seats": bots, "seed": 24})
        watcher = Client(None, "en", limit=sys.maxsize)  # keeps every frame, read at the end
        table.attach(watcher)
        table.start(host)
        while table.moves < 5:
            await asyncio.sleep(0.01)
        pg_cluster.stop()
        played = table.moves
        while sum("tried again" in r.getMessage() for r in caplog.records) < 2:
            await asyncio.sleep(0.02)
        assert table.moves == played  # the refused bot moves were not kept in memory
        pg_cluster.start()
        assert table.state is not None
        while not table.state.is_over:
            await asyncio.sleep(0.02)
        frames = []
        while not watcher.outbox.empty():
            frames.append(watcher.outbox.get_nowait())
        await hall.close()
        return table.id, played, frames

    with caplog.at_level(logging.WARNING, logger="parlour.web"):
        table_id, played, frames = asyncio.run(scenario())
    record = storage.load_game(table_id, 1)
    storage.close()
    assert record is not None and replay(record)[0].is_over and len(record["actions"]) > played
    assert check_frames(record, frames, None) > played
    messages = [r.getMessage() for r in caplog.records]
    assert any("the database is back" in m for m in messages)
    assert not any("never retrieved" in m for m in messages)


def test_two_processes_serve_the_same_tables(pg_cluster: Cluster) -> None:
    db_url = pg_cluster.new_database()
    servers = [Server(db_url), Server(db_url)]
    for server in servers:
        server.start()
    try:
        for game, extra in QUICK.items():
            table_id, host, guest = seat_table(servers[0], game, **extra)
            # The host plays on the first process, the guest on the second; a spectator on each.
            players = [
                Player(servers[0].ws_url, table_id, host, seed=1),
                Player(servers[1].ws_url, table_id, guest, seed=2),
            ]
            watchers = [Player(s.ws_url, table_id, None) for s in servers]
            for player in [*players, *watchers]:
                player.start()
            start(servers[1], table_id, host)
            for player in [*players, *watchers]:
                player.join(90)
                assert player.over.is_set(), game
            records = [s.get(f"/api/tables/{table_id}/games/1/record") for s in servers]
            assert records[0] == records[1] and replay(records[0])[0].is_over
            for seat, player in enumerate(players):
                check_privacy(records[0], player, seat)
                assert not player.errors, player.errors
            for watcher in watchers:
                check_privacy(records[0], watcher, None)
            logged = moves_by_seat(db_url, table_id)
            assert [logged.get(seat, 0) for seat in (0, 1)] == [p.moves for p in players]
    finally:
        for server in servers:
            server.stop()


REFUSE_AT_COMMIT = """
CREATE TABLE refuse (why text);
CREATE FUNCTION refuse_moves() RETURNS trigger AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM refuse) THEN
    RAISE EXCEPTION 'the disk is full (a test says so)';
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE CONSTRAINT TRIGGER refuse_moves AFTER INSERT ON parlour_moves
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_moves();
"""


def test_a_move_whose_commit_fails_is_rolled_back_in_memory(pg_cluster: Cluster) -> None:
    storage = Storage(pg_cluster.new_database())
    hall = Hall(storage, bot_delay=0.0)
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
    table, host = hall.create({"game": "flip7", "seats": seats, "sit": 0, "seed": 5})
    table.join(1, "Bob")
    table.start(host)
    state = table.state
    assert state is not None
    for _ in range(3):
        table.act(state.to_move, state.legal_actions()[0].to_json())
    with storage.engine.begin() as conn:
        # The database accepts the move's row, then refuses the commit (a deferred check).
        conn.exec_driver_sql(REFUSE_AT_COMMIT)
        conn.exec_driver_sql("INSERT INTO refuse VALUES ('full')")
    seat, move = state.to_move, state.legal_actions()[-1].to_json()
    before = [json.dumps(table.state.view(s)) for s in (None, 0, 1)]  # type: ignore[union-attr]
    with pytest.raises(TableError, match=r"disk is full.*nothing changed") as refused:
        table.act(seat, move)
    assert refused.value.code == "unavailable"
    after = [json.dumps(table.state.view(s)) for s in (None, 0, 1)]  # type: ignore[union-attr]
    assert after == before and table.moves == 3 == storage.count_moves(table.id, 1)
    with storage.engine.begin() as conn:
        conn.exec_driver_sql("DELETE FROM refuse")
    table.act(seat, move)  # the same move, now stored and played
    record = storage.load_game(table.id, 1)
    assert record is not None and record["actions"] == table.state.actions  # type: ignore[union-attr]
    assert len(record["actions"]) == 4
    storage.close()


def test_a_stand_in_takes_over_when_the_other_process_made_the_last_move(
    pg_cluster: Cluster,
) -> None:
    """Two halls on one database, as two processes: Bob plays on B, Ann on A. B made the last
    move, then B dies (no goodbye: its notifications and heartbeats just stop) and Ann's page on
    A closes: A's stand-in plays her turn once B has had its chance (TAKEOVER) and did not."""
    from parlour.web.table import TAKEOVER

    db_url = pg_cluster.new_database()
    storages = [Storage(db_url), Storage(db_url)]
    hall_a, hall_b = (Hall(storage, bot_delay=0.0) for storage in storages)

    async def scenario() -> tuple[float, int, int, str]:
        hall_a.resume()
        hall_b.resume()
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
        request = {"game": "beggar", "seats": seats, "sit": 0, "turn_timer": 1}
        table_a, host = hall_a.create({**request, "rules": {"speed": False}})  # a stand-in's
        guest = table_a.join(1, "Bob")
        table_b = hall_b.find(table_a.id)
        assert table_b is not None and table_b.seat_of(guest) == 1
        ann, bob = Client(0, "en"), Client(1, "en")
        table_a.attach(ann)
        table_b.attach(bob)
        table_a.start(host)
        for _ in range(400):  # until Bob, on B, has just moved and Ann is to move
            await until(lambda: table_b.revision == table_a.revision)
            state = table_a.state
            assert state is not None and not state.is_over
            if state.to_move == 0:
                table_a.act(0, {"type": "flip"})
                continue
            table_b.act(1, {"type": "flip"})
            assert table_b.state is not None
            if table_b.state.to_move == 0:
                break
        await until(lambda: table_a.revision == table_b.revision)
        assert not table_a.lead  # A heard of B's move: B plays the next automatic move
        played = table_a.moves
        await hall_b.close()  # B is gone, without a word
        table_a.detach(ann)
        gone = asyncio.get_running_loop().time()
        await until(lambda: table_a.moves > played, seconds=30)
        waited = asyncio.get_running_loop().time() - gone
        await hall_a.close()
        # Ann may owe more cards (a Beggar penalty): the stand-in, now leading, goes on at
        # once and may store another move before A is closed.
        return waited, played, table_a.moves, table_a.id

    try:
        waited, played, moves, table_id = asyncio.run(scenario())
    finally:
        for storage in storages:
            storage.close()
    assert waited >= 1 + TAKEOVER - 0.2  # the turn timer, then B's chance to play it
    logged = moves_by_seat(db_url, table_id)
    assert sum(logged.values()) == moves > played  # the stand-in's moves are stored


def test_a_move_on_the_known_revision_is_one_statement(pg_cluster: Cluster) -> None:
    """The optimistic way: a move (and a start, and a game's end) on the revision this process
    knows reaches the database as one statement, committed on its own (no BEGIN, no COMMIT,
    no liveness check), and is stored as the locked way stores it."""
    storage = Storage(pg_cluster.new_database())
    statements: list[tuple[str, bool]] = []  # each statement, and whether it commits itself

    def sent(conn: sa.Connection, _cursor: Any, sql: str, *_: Any) -> None:
        autocommit = conn.connection.dbapi_connection.autocommit  # type: ignore[union-attr]
        statements.append((sql.split()[0], autocommit))

    sa.event.listen(storage.engine, "before_cursor_execute", sent)
    pings: list[object] = []  # the pool's liveness checks (not statements SQLAlchemy sees)
    ping = storage.engine.dialect.do_ping
    storage.engine.dialect.do_ping = lambda c: bool(pings.append(c) or ping(c))  # type: ignore[method-assign]
    hall = Hall(storage, bot_delay=0.0)
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
    table, host = hall.create({"game": "beggar", "seats": seats, "sit": 0, "seed": 3})
    table.join(1, "Bob")
    statements.clear()
    table.start(host)
    state = table.state
    assert state is not None and statements == [("WITH", True)]
    while not state.is_over:
        statements.clear()
        table.act(state.to_move, {"type": "flip"})
        assert statements == [("WITH", True)]
    assert not pings
    record = storage.load_game(table.id, 1)
    assert record is not None and record["actions"] == state.actions
    assert record["result"] == state.outcome.to_json()  # type: ignore[union-attr]
    assert storage.list_games(table.id) == [(1, True)]
    assert storage.load_table(table.id)[1:] == (table.revision, table.settings())  # type: ignore[index]
    storage.close()


def test_a_change_on_a_stale_revision_is_made_again_the_locked_way(pg_cluster: Cluster) -> None:
    """Two halls on one database, as two processes, neither listening. A change that A tries
    on the revision it knows, after B moved the revision on, stores nothing; A then takes in
    B's change under the row lock and makes its own again on the latest state: stored if it
    still holds (a seat B left free), refused if it no longer does (a move B already made)."""
    db_url = pg_cluster.new_database()
    storages = [Storage(db_url), Storage(db_url)]
    hall_a, hall_b = (Hall(storage, bot_delay=0.0) for storage in storages)
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human"}, {"kind": "human"}]
    table_a, host = hall_a.create({"game": "beggar", "seats": seats, "sit": 0, "seed": 8})
    table_b = hall_b.find(table_a.id)
    assert table_b is not None and table_b.revision == table_a.revision
    table_b.join(1, "Bob")
    table_a.join(2, "Cid")  # A knows nothing of Bob: stale, then made again under the lock
    assert [s.name for s in table_a.seats] == ["Ann", "Bob", "Cid"]
    assert table_a.revision == table_b.revision + 1
    table_a.start(host)
    table_b.refresh()
    state_a, state_b = table_a.state, table_b.state
    assert state_a is not None and state_b is not None
    seat = state_b.to_move
    table_b.act(seat, {"type": "flip"})
    with pytest.raises(TableError) as refused:  # B made this very move: not stored twice
        table_a.act(seat, {"type": "flip"})
    assert refused.value.code == "out_of_turn"
    assert table_a.revision == table_b.revision and table_a.moves == 1
    table_a.act(table_a.state.to_move, {"type": "flip"})  # type: ignore[union-attr]
    record = storages[0].load_game(table_a.id, 1)
    assert record is not None and len(record["actions"]) == 2
    assert record["actions"] == table_a.state.actions  # type: ignore[union-attr]
    assert storages[0].load_table(table_a.id)[2]["seats"] == table_a.settings()["seats"]  # type: ignore[index]
    for storage in storages:
        storage.close()


def test_a_process_drops_its_own_notifications_by_their_first_characters() -> None:
    from parlour.web.storage import notice_payload, own_prefix

    mine, other = "0123456789abcdef", "fedcba9876543210"
    prefix = own_prefix(mine)
    assert notice_payload("t1", 4, mine).startswith(prefix)
    assert not notice_payload("t1", 4, other).startswith(prefix)
    assert json.loads(notice_payload("t1", 4, mine)) == {
        "origin": mine,
        "table": "t1",
        "revision": 4,
    }


def test_moves_carried_by_a_notification_are_taken_in_without_a_read(pg_cluster: Cluster) -> None:
    """A move's notification carries the move: the other process takes it in without a round
    trip to the database; a notification it cannot take in that way (a game's end, a revision
    it skipped) makes it read the table instead."""
    import psycopg

    from parlour.web.listen import conninfo

    db_url = pg_cluster.new_database()
    storages = [Storage(db_url), Storage(db_url)]
    hall_a, hall_b = (Hall(storage, bot_delay=0.0) for storage in storages)
    reads: list[str] = []
    sa.event.listen(
        storages[1].engine, "before_cursor_execute", lambda _c, _u, sql, *_: reads.append(sql)
    )
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
    table_a, host = hall_a.create({"game": "beggar", "seats": seats, "sit": 0, "seed": 4})
    table_a.join(1, "Bob")
    table_a.start(host)
    table_b = hall_b.find(table_a.id)
    assert table_b is not None and table_b.revision == table_a.revision
    with psycopg.connect(conninfo(storages[0].url), autocommit=True) as listening:
        listening.execute("LISTEN parlour")
        state = table_a.state
        assert state is not None
        while not state.is_over:
            table_a.act(state.to_move, {"type": "flip"})
            (notice,) = listening.notifies(timeout=5, stop_after=1)
            reads.clear()
            hall_b.on_notice(notice.payload)
            carried = "moves" in json.loads(notice.payload)
            assert carried != state.is_over  # the last move also ends the game: read
            assert bool(reads) == state.is_over
            assert table_b.state.actions == state.actions  # type: ignore[union-attr]
            assert table_b.revision == table_a.revision and not table_b.lead
    assert table_b.status == "over" and table_b.state.is_over  # type: ignore[union-attr]
    for storage in storages:
        storage.close()


def test_an_idle_connection_is_checked_after_a_database_restart(
    pg_cluster: Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No liveness check on a busy connection, but one on a connection idle a while: the first
    request after a restart of the database on a quiet site is answered, not refused."""
    from parlour.web import storage as storage_module

    storage = Storage(pg_cluster.new_database())
    hall = Hall(storage, bot_delay=0.0)
    table, _ = hall.create({"game": "beggar", "seats": [{"kind": "bot"}, {"kind": "bot"}]})
    assert storage.load_table(table.id) is not None  # a pooled connection, now idle
    pg_cluster.stop()
    pg_cluster.start()
    monkeypatch.setattr(storage_module, "PING_IDLE", 0.0)  # idle long enough already
    assert storage.load_table(table.id) is not None
    storage.close()


def test_a_move_made_after_another_process_closed_the_table_is_refused(
    pg_cluster: Cluster,
) -> None:
    """Two halls on one database, neither listening: A closes the table while B has not heard
    of it. B's move (and the host's next game) is refused under the row lock, nothing stored;
    they were stored after the close, at a closed table."""
    db_url = pg_cluster.new_database()
    storages = [Storage(db_url), Storage(db_url)]
    hall_a, hall_b = (Hall(storage, bot_delay=0.0) for storage in storages)
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human"}]
    table_a, host = hall_a.create({"game": "flip7", "seats": seats, "sit": 0, "seed": 8})
    table_a.join(1, "Bob")
    table_a.start(host)
    table_b = hall_b.find(table_a.id)
    assert table_b is not None and table_b.state is not None
    mover = table_b.state.to_move
    assert mover is not None
    table_a.close(host)
    assert table_b.status == "playing"  # B has not heard
    with pytest.raises(TableError) as refused:
        table_b.act(mover, {"type": "stay"}, step=0, game=1)
    assert refused.value.code == "closed"
    assert table_b.status == "closed"
    record = storages[0].load_game(table_a.id, 1)
    assert record is not None and record["actions"] == []
    for storage in storages:
        storage.close()


def test_a_stand_in_plays_for_a_player_whose_process_died_without_a_word(
    pg_cluster: Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ann plays on A, Bob on B; it is Bob's turn when B dies (kill -9: no goodbye, no more
    heartbeats). Once B's word on Bob lapses, A counts him gone, tells its pages and its turn
    timer's stand-in plays for him. Nothing did: the word lapsed unnoticed, and the game waited
    for some other event of the table, for ever in a game of two. (The time B's word holds is
    cut to 1.5 s here, 30 s in service.)"""
    import parlour.web.hall
    import parlour.web.table

    for module in (parlour.web.table, parlour.web.hall):
        monkeypatch.setattr(module, "PRESENCE_TTL", 1.5)
    db_url = pg_cluster.new_database()
    storages = [Storage(db_url), Storage(db_url)]
    hall_a, hall_b = (Hall(storage, bot_delay=0.0) for storage in storages)

    async def scenario() -> tuple[int, int, list[dict[str, Any]]]:
        hall_a.resume()
        hall_b.resume()
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
        request = {"game": "flip7", "seats": seats, "sit": 0, "turn_timer": 1, "seed": 3}
        table_a, host = hall_a.create(request)
        guest = table_a.join(1, "Bob")
        table_b = hall_b.find(table_a.id)
        assert table_b is not None and table_b.seat_of(guest) == 1
        ann, bob = Client(0, "en"), Client(1, "en")
        table_a.attach(ann)
        table_b.attach(bob)
        table_a.start(host)
        await until(lambda: table_a.connected(1))  # A heard of Bob on B
        state = table_a.state
        assert state is not None
        if state.to_move == 0:
            table_a.act(0, {"type": "hit"})  # Ann moves on A: Bob's turn, A leads
        await until(lambda: table_a.state is not None and table_a.state.to_move == 1)
        played = table_a.moves
        await hall_b.close()  # B is gone, without a word
        await until(lambda: table_a.moves > played, seconds=20)
        await hall_a.close()
        frames = []
        while not ann.outbox.empty():
            frame = ann.outbox.get_nowait()
            if frame.get("type") == "table":
                frames.append(frame)
        return played, table_a.moves, frames

    try:
        played, moves, frames = asyncio.run(scenario())
    finally:
        for storage in storages:
            storage.close()
    assert moves > played
    bob_seen = [f["table"]["seats"][1]["connected"] for f in frames]
    assert True in bob_seen and bob_seen[-1] is False  # Ann's page was told he was gone
