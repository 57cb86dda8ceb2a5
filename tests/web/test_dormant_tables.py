"""Dormant tables: a finished table, or a deserted waiting one, idle for a while leaves memory
and is not replayed at start-up, yet its link, its page, its replay and a rematch work as before.
"""

from __future__ import annotations

import asyncio
import gc
import json
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from parlour.web import hall as hall_module
from parlour.web.app import Settings, create_app
from parlour.web.idle import IDLE_SECONDS, STALLED_SECONDS, WAITING_WINDOW
from parlour.web.protocol import Session
from parlour.web.storage import Storage
from parlour.web.tables import Client, Hall, Table, TableError
from tests.web.pg import Cluster

HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human"}]
# Beggar capped at three flips: a whole game in three moves.
SHORT = {"game": "beggar", "seats": HUMANS, "sit": 0, "seed": 5, "rules": {"max_turns": 3}}
LONG_AGO = IDLE_SECONDS + WAITING_WINDOW + 60  # older than any window of the hall


def finish(table: Table) -> None:
    """Play the table's game to its end (every seat human: the test moves for them)."""
    state = table.state
    assert state is not None
    while not state.is_over:
        table.act(state.to_move, {"type": "flip"})  # type: ignore[arg-type]
    assert table.status == "over"


def finished(hall: Hall, **extra: Any) -> tuple[Table, str]:
    """A table whose first game is over; its host's token."""
    table, host = hall.create({**SHORT, **extra})
    table.join(1, "Bob")
    table.start(host)
    finish(table)
    return table, host


def backdate(storage: Storage, table_id: str, seconds: float = LONG_AGO) -> None:
    """Make a stored table (its creation and its moves) older, as if the server ran long."""
    with storage.engine.begin() as conn:
        conn.execute(
            sa.text("UPDATE parlour_tables SET created = created - :s WHERE id = :id"),
            {"s": seconds, "id": table_id},
        )
        conn.execute(
            sa.text("UPDATE parlour_moves SET at = at - :s WHERE table_id = :id"),
            {"s": seconds, "id": table_id},
        )


def idle(*tables: Table) -> None:
    """Tables untouched for longer than IDLE_SECONDS (and created long ago)."""
    for table in tables:
        table.touched -= IDLE_SECONDS + 1
        table.created -= LONG_AGO


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ids of the tables whose game is replayed from storage, in order."""
    played: list[str] = []
    original = Table.restore_game

    def counted(self: Table) -> None:
        played.append(self.id)
        original(self)

    monkeypatch.setattr(Table, "restore_game", counted)
    return played


def state_of(ws: Any) -> dict[str, Any]:
    """The next state message a socket receives (errors fail the test)."""
    while True:
        message: dict[str, Any] = json.loads(ws.receive_text())
        assert message["type"] != "error", message
        if message["type"] == "state":
            return message


def until_ok(ws: Any) -> None:
    while (message := json.loads(ws.receive_text()))["type"] != "ok":
        assert message["type"] != "error", message


@pytest.fixture
def app_client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(Settings(db_url, bot_delay=0))) as client:
        yield client


def test_a_restart_does_not_replay_finished_tables_idle_long_yet_they_open_as_before(
    db_url: str, replays: list[str]
) -> None:
    storage = Storage(db_url)
    hall = Hall(storage)
    old, host = finished(hall)
    no_time, _ = finished(hall)  # moves stored before the log kept their time
    recent, _ = finished(hall)
    playing, playing_host = hall.create({**SHORT, "seats": [{"kind": "human"}, {"kind": "bot"}]})
    playing.start(playing_host)
    for table in (old, no_time):
        backdate(storage, table.id)
    with storage.engine.begin() as conn:
        conn.execute(sa.text("UPDATE parlour_moves SET at = NULL WHERE table_id = :id"),
                     {"id": no_time.id})  # fmt: skip
    storage.close()
    replays.clear()

    with TestClient(create_app(Settings(db_url, bot_delay=0))) as client:
        restarted: Hall = client.app.state.hall  # type: ignore[attr-defined]
        # Only the recent and the playing tables were replayed; the others are remembered.
        assert sorted(replays) == sorted([recent.id, playing.id])
        assert set(restarted.tables) == {recent.id, playing.id}
        assert restarted.dormant == {old.id: old.revision, no_time.id: no_time.revision}
        # Not in the lobby; the recent finished one is.
        listed = {t["id"] for t in client.get("/api/tables").json()["tables"]}
        assert recent.id in listed and old.id not in listed and no_time.id not in listed
        # Its page shows the finished game, as before.
        info = client.get(f"/api/tables/{old.id}").json()
        assert info["status"] == "over" and info["games"] == [{"number": 1, "over": True}]
        assert replays[-1] == old.id and old.id in restarted.tables
        replay = client.get(f"/api/tables/{old.id}/games/1/replay")
        assert replay.status_code == 200 and len(replay.json()["steps"]) == 4
        # Its socket shows the end of the game, and its host starts another one there.
        with client.websocket_connect(f"/ws/{no_time.id}") as ws:
            ws.send_text(json.dumps({"type": "hello"}))
            first = state_of(ws)
            assert first["view"]["over"] and first["table"]["status"] == "over"
        with client.websocket_connect(f"/ws/{old.id}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": host}))
            assert state_of(ws)["view"]["over"]
            ws.send_text(json.dumps({"type": "again", "token": host}))
            until_ok(ws)
        again = restarted.tables[old.id]
        assert again.number == 2 and again.status == "playing"
    check = Storage(db_url)
    assert check.list_games(old.id) == [(1, True), (2, False)]
    check.close()


def test_a_live_hall_puts_idle_finished_and_deserted_tables_to_sleep_and_only_them(
    hall: Hall,
) -> None:
    over, _ = finished(hall)
    deserted, _ = hall.create(SHORT)
    watched, _ = finished(hall)
    seated_elsewhere, _ = finished(hall)  # a page open on another process (shared database)
    playing, host = hall.create(SHORT)
    playing.join(1, "Bob")
    playing.start(host)
    recent, _ = finished(hall)
    waiting, _ = hall.create(SHORT)  # waiting less than an hour: not deserted
    watched.attach(Client(None, "en"))
    seated_elsewhere.presence_heard("another-process", [1])
    idle(over, deserted, watched, seated_elsewhere, playing)
    waiting.touched -= IDLE_SECONDS + 1
    revision = hall.revision

    # The game in play waits for a human with no turn timer and nobody at it: it sleeps too.
    assert sorted(hall.sweep()) == sorted([over.id, deserted.id, playing.id])
    assert set(hall.tables) == {watched.id, seated_elsewhere.id, recent.id, waiting.id}
    assert hall.dormant == {
        over.id: over.revision,
        deserted.id: deserted.revision,
        playing.id: playing.revision,
    }
    assert hall.revision > revision  # the lobby's pages are told
    assert over._task is None and deserted._task is None
    assert hall.sweep() == []  # nothing idle is left

    # A dormant table asked for is back: the very object while something holds it ...
    assert hall.find(over.id) is over and over.id in hall.tables and over.id not in hall.dormant
    # ... else loaded again from storage, as it was.
    deserted_id, settings = deserted.id, deserted.settings()
    del deserted
    gc.collect()
    woken = hall.find(deserted_id)
    assert woken is not None and woken.settings() == settings and woken.status == "open"
    assert set(hall.dormant) == {playing.id}


def test_an_unknown_id_costs_no_read_and_a_dormant_one_costs_one(
    hall: Hall, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only a dormant table is looked up in storage: an unknown id is no table (on a shared
    database, where another process may have made it, it is looked up, as it always was)."""
    table, _ = finished(hall)
    idle(table)
    hall.sweep()
    reads: list[str] = []
    load = hall.storage.load_table
    monkeypatch.setattr(hall.storage, "load_table", lambda i: reads.append(i) or load(i))
    unknown = ["nosuch", "x" * 32, table.id + "x"]
    for table_id in unknown:
        assert hall.find(table_id) is None
    # On a shared database another process may have made it: looked up, as ever.
    assert reads == (unknown if hall.storage.shared else [])
    reads.clear()
    table_id = table.id
    del table
    gc.collect()
    assert hall.find(table_id) is not None and reads == [table_id]


def test_a_connection_opened_before_its_table_slept_wakes_that_very_table(hall: Hall) -> None:
    table, host = finished(hall)
    session = Session(table, rate=1e9, burst=1e9)  # connected, not greeted yet
    idle(table)
    assert hall.sweep() == [table.id]
    session.handle(json.dumps({"type": "hello", "token": host}))
    assert hall.tables[table.id] is table and table.id not in hall.dormant
    assert hall.sweep() == []  # somebody is at it
    session.handle(json.dumps({"type": "again", "token": host}))
    assert table.number == 2 and hall.find(table.id) is table


def test_the_sweep_runs_by_itself_once_the_server_runs(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hall_module, "SWEEP_EVERY", 0.01)
    storage = Storage(db_url)
    hall = Hall(storage, bot_delay=0.0)
    table, _ = finished(hall)
    idle(table)

    async def scenario() -> None:
        hall.resume()
        for _ in range(200):
            if table.id in hall.dormant:
                break
            await asyncio.sleep(0.01)
        await hall.close()

    asyncio.run(scenario())
    assert table.id in hall.dormant and table.id not in hall.tables
    storage.close()


def test_a_dormant_waiting_table_is_joined_by_its_link_and_its_game_played(
    db_url: str, replays: list[str]
) -> None:
    storage = Storage(db_url)
    table, host = Hall(storage).create(SHORT)  # its host sits at seat 0, nobody else came
    backdate(storage, table.id)
    storage.close()
    with TestClient(create_app(Settings(db_url, bot_delay=0))) as client:
        hall: Hall = client.app.state.hall  # type: ignore[attr-defined]
        assert hall.dormant == {table.id: table.revision} and hall.tables == {}
        # The page of its link: the table, then a seat taken.
        assert client.get(f"/api/tables/{table.id}").json()["status"] == "open"
        joined = client.post(f"/api/tables/{table.id}/join", json={"seat": 1, "name": "Bob"})
        assert joined.status_code == 200, joined.text
        guest = joined.json()["token"]
        tokens = {0: host, 1: guest}
        with (
            client.websocket_connect(f"/ws/{table.id}") as ann,
            client.websocket_connect(f"/ws/{table.id}") as bob,
        ):
            sockets = {0: ann, 1: bob}
            for seat, ws in sockets.items():
                ws.send_text(json.dumps({"type": "hello", "token": tokens[seat]}))
                state_of(ws)
            ann.send_text(json.dumps({"type": "start", "token": host}))
            until_ok(ann)
            live = hall.tables[table.id]
            while live.status == "playing":
                seat = live.state.to_move  # type: ignore[union-attr]
                act = {"type": "act", "action": {"type": "flip"}, "step": live.moves, "game": 1}
                sockets[seat].send_text(json.dumps(act))
                until_ok(sockets[seat])
        assert live.status == "over"
    check = Storage(db_url)
    record = check.load_game(table.id, 1)
    assert record is not None and len(record["actions"]) == 3 and "result" in record
    check.close()


def test_the_lobby_no_longer_lists_dormant_tables(app_client: TestClient) -> None:
    def listed() -> set[str]:
        return {t["id"] for t in app_client.get("/api/tables").json()["tables"]}

    hall: Hall = app_client.app.state.hall  # type: ignore[attr-defined]
    over, _ = finished(hall)
    kept, _ = finished(hall)
    waiting, _ = hall.create(SHORT)
    waiting.attach(Client(0, "en"))  # its host waits with the page open: not deserted
    idle(over, kept, waiting)
    kept.attach(Client(None, "en"))  # somebody still watches it
    assert {over.id, kept.id, waiting.id} <= listed()
    hall.sweep()
    assert over.id not in listed() and {kept.id, waiting.id} <= listed()
    # A table closed by another process that this one still holds is not listed either.
    kept.status = "closed"
    assert kept.id not in listed()


def test_a_dormant_table_another_process_changed_is_seen_fresh(pg_cluster: Cluster) -> None:
    """Two halls on one PostgreSQL database, as two processes. A table dormant in A that B
    changes (a rematch) is seen fresh by A: at once by its notification, or by the lobby's
    look at the revisions (a notification missed), which reads no dormant table unchanged."""
    import psycopg

    from parlour.web.listen import conninfo

    db_url = pg_cluster.new_database()
    storages = [Storage(db_url), Storage(db_url)]
    hall_a, hall_b = (Hall(storage, bot_delay=0.0) for storage in storages)
    told, host_told = finished(hall_a)
    missed, host_missed = finished(hall_a)
    still, _ = finished(hall_a)
    idle(told, missed, still)
    assert sorted(hall_a.sweep()) == sorted([told.id, missed.id, still.id])
    missed_id = missed.id
    del missed, still
    gc.collect()
    reads: list[str] = []
    load = storages[0].load_table
    storages[0].load_table = lambda i: reads.append(i) or load(i)  # type: ignore[method-assign]
    hall_a.discover()
    assert reads == [] and len(hall_a.dormant) == 3  # nothing changed: nothing read

    with psycopg.connect(conninfo(storages[0].url), autocommit=True) as listening:
        listening.execute("LISTEN parlour")
        in_b = hall_b.get(told.id)
        in_b.again(host_told)
        (notice,) = listening.notifies(timeout=5, stop_after=1)
    hall_a.on_notice(notice.payload)
    # The object A still held, caught up: the new game, as B started it.
    assert hall_a.tables[told.id] is told and told.number == 2 and told.status == "playing"
    assert told.state.view(None) == in_b.state.view(None)  # type: ignore[union-attr]

    other = hall_b.get(missed_id)
    other.again(host_missed)
    reads.clear()
    hall_a.discover()  # its notification was lost: the revision tells
    assert reads == [missed_id]
    fresh = hall_a.tables[missed_id]
    assert fresh.number == 2 and fresh.status == "playing" and len(hall_a.dormant) == 1
    for storage in storages:
        storage.close()


def test_the_lobbys_polls_read_every_tables_revision_at_most_every_few_seconds(
    hall: Hall, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each open lobby page asks every 2.5 s, and looking for missed tables reads a row per
    stored table: the requests of one moment share one look."""
    monkeypatch.setattr(Storage, "shared", property(lambda self: True))
    looks: list[int] = []
    revisions = hall.storage.revisions
    monkeypatch.setattr(hall.storage, "revisions", lambda: looks.append(1) or revisions())
    clock = [1000.0]
    monkeypatch.setattr(hall_module.time, "monotonic", lambda: clock[0])
    for _ in range(20):  # twenty pages polling at once
        hall.discover_now_and_then()
    assert len(looks) == 1
    clock[0] += hall_module.DISCOVER_EVERY
    hall.discover_now_and_then()
    assert len(looks) == 2


def _told(storage: Storage, count: int, act: Any) -> list[str]:
    """The payloads of the `count` notifications that `act()` makes processes send."""
    import psycopg

    from parlour.web.listen import conninfo

    with psycopg.connect(conninfo(storage.url), autocommit=True) as listening:
        listening.execute("LISTEN parlour")
        act()
        notices = list(listening.notifies(timeout=5, stop_after=count))
    assert len(notices) == count
    return [notice.payload for notice in notices]


def _dormant_in(hall: Hall, table_id: str) -> None:
    """The table as another process holds it once idle: loaded, swept, dropped (a wake reads
    it from storage)."""
    copy = hall.find(table_id)
    assert copy is not None
    idle(copy)
    assert hall.sweep() == [table_id]
    del copy
    gc.collect()
    assert table_id in hall.dormant


def test_a_seat_connected_on_another_process_wakes_a_dormant_table_and_counts(
    pg_cluster: Cluster,
) -> None:
    """Two halls on one PostgreSQL database, as two processes. A table dormant in A whose
    players open its page in B: A hears of them (B's presence notices) and knows they are
    connected, so its turn timer plays no stand-in for them when B starts another game, and
    a deserted waiting table whose host came back in B is listed in A's lobby."""
    db_url = pg_cluster.new_database()
    storages = [Storage(db_url), Storage(db_url)]
    hall_a, hall_b = (Hall(storage, bot_delay=0.0) for storage in storages)

    async def scenario() -> None:
        # Flip 7 (a player's own choices, no move plays itself) with a turn timer: game 1 over.
        flip7 = {**SHORT, "game": "flip7", "rules": {"target": 20}, "turn_timer": 5}
        timed, host = hall_b.create(flip7)
        timed.join(1, "Bob")
        timed.start(host)
        state = timed.state
        while state is not None and not state.is_over:
            timed.act(state.to_move, state.legal_actions()[0].to_json())  # type: ignore[arg-type]
        assert timed.status == "over"
        waiting, _ = hall_b.create(SHORT)  # its host, seat 0, went away long ago
        backdate(storages[1], waiting.id)
        for table in (timed, waiting):
            _dormant_in(hall_a, table.id)
        # A page closed in B (no seat connected there) leaves the table asleep in A.
        (nobody,) = _told(storages[0], 1, lambda: hall_b.tell_presence(timed))
        hall_a.on_notice(nobody)
        assert timed.id in hall_a.dormant

        # Both players open its page in B; then its host asks for another game there.
        def pages() -> None:
            for seat in (0, 1):
                timed.attach(Client(seat, "en"))

        for payload in _told(storages[0], 2, pages):
            hall_a.on_notice(payload)
        in_a = hall_a.tables[timed.id]  # awake: somebody is at it
        assert in_a.connected(0) and in_a.connected(1)
        (rematch,) = _told(storages[0], 1, lambda: timed.again(host))
        hall_a.on_notice(rematch)
        assert in_a.number == 2 and in_a.status == "playing"
        assert in_a._task is None  # no stand-in planned: both players' pages are open

        (back,) = _told(storages[0], 1, lambda: waiting.attach(Client(0, "en")))
        hall_a.on_notice(back)
        assert waiting.id in {t["id"] for t in hall_a.lobby()}
        await hall_a.close()
        await hall_b.close()

    asyncio.run(scenario())
    for storage in storages:
        storage.close()


def test_a_table_woken_by_another_processs_change_leaves_it_the_next_automatic_move(
    pg_cluster: Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A dormant table woken in A by B's rematch is loaded as B stored it: A did not make that
    change, so it waits TAKEOVER before playing an automatic move itself (B plays it), as a
    table that had followed B's notices would."""
    from parlour.web.table import TAKEOVER

    db_url = pg_cluster.new_database()
    storages = [Storage(db_url), Storage(db_url)]
    hall_a, hall_b = (Hall(storage, bot_delay=0.0) for storage in storages)
    delays: dict[str, float] = {}
    later = Table._move_later

    def spied(self: Table, delay: float) -> Any:
        delays[self.hall.origin] = delay
        return later(self, delay)

    monkeypatch.setattr(Table, "_move_later", spied)

    async def scenario() -> None:
        table, host = finished(hall_b)
        _dormant_in(hall_a, table.id)
        (rematch,) = _told(storages[0], 1, lambda: table.again(host))
        hall_a.on_notice(rematch)
        woken = hall_a.tables[table.id]
        assert woken.number == 2 and not woken.lead
        # Beggar's flips play themselves: B plays the first at once, A only after TAKEOVER.
        assert delays[hall_a.origin] >= TAKEOVER > delays[hall_b.origin]
        await hall_a.close()
        await hall_b.close()

    asyncio.run(scenario())
    for storage in storages:
        storage.close()


def test_a_dormant_table_during_an_outage_is_unavailable_not_missing(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the database is down a dormant table cannot be read: its API answers 503
    `unavailable` and its socket says so, as for a live table, not 404 `no_table`; it stays
    dormant and opens once the database is back."""
    storage = Storage(db_url)
    table, _ = finished(Hall(storage))
    backdate(storage, table.id)
    storage.close()
    with TestClient(create_app(Settings(db_url, bot_delay=0))) as client:
        hall: Hall = client.app.state.hall  # type: ignore[attr-defined]
        assert table.id in hall.dormant

        def down(*_: Any) -> Any:
            raise sa.exc.OperationalError("SELECT", {}, Exception("connection refused"))

        monkeypatch.setattr(hall.storage, "load_table", down)
        for path in ("", "/games/1/record", "/games/1/replay"):
            answer = client.get(f"/api/tables/{table.id}{path}")
            assert answer.status_code == 503 and answer.json()["error"] == "unavailable", path
        joined = client.post(f"/api/tables/{table.id}/join", json={"seat": 1, "name": "Cy"})
        assert joined.status_code == 503 and joined.json()["error"] == "unavailable"
        with client.websocket_connect(f"/ws/{table.id}") as ws:
            assert json.loads(ws.receive_text())["code"] == "unavailable"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
            assert closed.value.code == 1013  # try again later: the page reconnects
        assert table.id in hall.dormant and table.id not in hall.tables

        monkeypatch.undo()  # the database is back
        assert client.get(f"/api/tables/{table.id}").json()["status"] == "over"
        assert table.id in hall.tables and table.id not in hall.dormant


def test_a_read_that_fails_while_waking_leaves_the_table_to_be_woken_next_time(
    hall: Hall, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second read of a wake (its game, after its row) fails once: the table is not
    lost until a restart, it stays dormant and the next request wakes it."""
    table, host = finished(hall)
    idle(table)
    assert hall.sweep() == [table.id]
    table_id = table.id
    del table
    gc.collect()
    load_game = hall.storage.load_game
    failures = [sa.exc.OperationalError("SELECT", {}, Exception("database is locked"))]

    def flaky(*args: Any) -> Any:
        if failures:
            raise failures.pop()
        return load_game(*args)

    monkeypatch.setattr(hall.storage, "load_game", flaky)
    with pytest.raises(TableError) as refused:
        hall.get(table_id)
    assert refused.value.code == "unavailable"
    assert table_id in hall.dormant and table_id not in hall.tables
    woken = hall.get(table_id)
    assert woken.status == "over" and table_id not in hall.dormant
    woken.close(host)  # its host can close it, as any table
    assert table_id in hall.closed


def test_a_game_in_play_sleeps_only_while_it_waits_for_a_human_and_goes_on_when_opened(
    db_url: str,
) -> None:
    """A game whose human left with no turn timer held its memory for good (and came back at
    every restart); one whose bot is about to move must stay, as its move runs here."""
    against_bot = {
        **SHORT,
        "rules": {"speed": False},
        "seats": [{"kind": "human"}, {"kind": "bot"}],
    }
    # Beggar's first flip is seat 1's: a human there waits, a bot there plays.
    human_first = {**against_bot, "seats": [{"kind": "bot"}, {"kind": "human"}], "sit": 1}
    with TestClient(create_app(Settings(db_url, bot_delay=30))) as client:
        hall: Hall = client.app.state.hall  # type: ignore[attr-defined]
        (human, ann), (bot, bot_host) = hall.create(human_first), hall.create(against_bot)

        async def start_both() -> None:
            human.start(ann)
            bot.start(bot_host)

        client.portal.call(start_both)  # type: ignore[union-attr]
        assert human.state.to_move == 1 and bot.state.to_move == 1  # type: ignore[union-attr]
        assert not human.moves_by_itself() and bot.moves_by_itself()
        idle(human, bot)
        assert client.portal.call(lambda: _sweep(hall)) == [human.id]  # type: ignore[union-attr]
        assert human.id in hall.dormant and bot.id in hall.tables
        moves = len(human.state.actions)  # type: ignore[union-attr]
        with client.websocket_connect(f"/ws/{human.id}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": ann}))
            shown = state_of(ws)
            assert shown["you"] == 1 and shown["legal"] == [{"type": "flip"}]
            ws.send_text(json.dumps({"type": "act", "action": {"type": "flip"}}))
            until_ok(ws)
        woken = hall.tables[human.id]
        assert len(woken.state.actions) == moves + 1  # type: ignore[union-attr]
        assert woken.moves_by_itself()  # the bot's answer is on its way again


async def _sweep(hall: Hall) -> list[str]:
    return hall.sweep()


def test_a_restart_leaves_a_game_stalled_for_a_day_asleep_until_it_is_opened(
    db_url: str, replays: list[str]
) -> None:
    storage = Storage(db_url)
    hall = Hall(storage)
    stalled, host = hall.create({**SHORT, "rules": {"speed": False}})
    stalled.join(1, "Bob")
    stalled.start(host)
    stalled.act(stalled.state.to_move, {"type": "flip"})  # type: ignore[union-attr,arg-type]
    yesterday, _ = hall.create({**SHORT, "rules": {"speed": False}})
    yesterday.join(1, "Bob")
    yesterday.start(_)
    backdate(storage, stalled.id, STALLED_SECONDS + 60)
    backdate(storage, yesterday.id, STALLED_SECONDS - 600)
    storage.close()
    replays.clear()
    with TestClient(create_app(Settings(db_url, bot_delay=0))) as client:
        restarted: Hall = client.app.state.hall  # type: ignore[attr-defined]
        assert replays == [yesterday.id]  # the game stalled for over a day stays in storage
        assert restarted.dormant == {stalled.id: stalled.revision}
        with client.websocket_connect(f"/ws/{stalled.id}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": host}))
            shown = state_of(ws)
            assert shown["table"]["status"] == "playing" and not shown["view"]["over"]
            assert shown["view"]["turns"] == 1  # where it stopped


def test_the_sweep_forgets_the_addresses_that_made_no_table_for_a_while(
    hall: Hall, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An address was forgotten only when it came back: every address that ever asked for a
    table, refused ones included, stayed in memory for good."""
    clock = [1000.0]
    monkeypatch.setattr(hall_module.time, "monotonic", lambda: clock[0])
    for n in range(50):
        with pytest.raises(TableError):
            hall.create({"game": "no-such-game"}, f"10.0.0.{n}")
    hall.create(SHORT, "10.0.1.1")
    assert len(hall._created) == 51
    window = hall_module.CREATE_WINDOW
    clock[0] += window / 2
    hall.create(SHORT, "10.0.1.1")  # this one comes back
    clock[0] += window / 2 + 1
    hall.sweep()
    assert set(hall._created) == {"10.0.1.1"}  # its window is not over
    clock[0] += window / 2
    hall.sweep()
    assert hall._created == {}
