"""A table's change in progress, as `Storage.change` hands it out: the locked way (`Change`,
one transaction on the table's locked row) and the optimistic one (`Batch`, PostgreSQL: the
writes kept and sent as one statement that commits on its own), and the notifications they
send to the other processes."""

from __future__ import annotations

import functools
import json
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import insert, select, text, update
from sqlalchemy.engine import Connection
from sqlalchemy.sql.elements import TextClause

from parlour.core.errors import ParlourError
from parlour.web.schema import CHANNEL, games_table, moves_table, tables_table

if TYPE_CHECKING:
    from parlour.web.storage import Storage


class Stale(ParlourError):
    """An optimistic change found the table changed by another process: nothing was stored."""


NOTICE_MAX = 7900  # bytes: PostgreSQL refuses a notification payload of 8000 or more


@dataclass
class GameRow:
    head: dict[str, Any]
    result: dict[str, Any] | None


_BUMP_AND_NOTIFY = text(
    "WITH bumped AS (UPDATE parlour_tables SET revision = :revision WHERE id = :id RETURNING id)"
    " SELECT pg_notify(:channel, :payload) FROM bumped"
)


class Change:
    """One table's change in progress: its locked row, and the writes of the change."""

    def __init__(self, storage: Storage, conn: Connection, table_id: str) -> None:
        self.storage = storage
        self.conn = conn
        self.table_id = table_id
        query = select(tables_table.c.revision, tables_table.c.data).where(
            tables_table.c.id == table_id
        )
        if storage.is_postgres:
            query = query.with_for_update()
        row = conn.execute(query).first()
        if row is None:
            raise ParlourError(f"table {table_id} is not in the database")
        self.revision: int = int(row.revision)
        self.data: dict[str, Any] = json.loads(row.data)
        self.dirty = False  # whether the change wrote anything

    # What other processes committed, read under the lock.
    def game(self, number: int) -> GameRow | None:
        return self.storage._game_row(self.conn, self.table_id, number)

    def moves(self, number: int, since: int = 0) -> list[dict[str, Any]]:
        return self.storage._moves(self.conn, self.table_id, number, since)

    # The writes.
    def save_table(self, data: dict[str, Any]) -> None:
        self.dirty = True
        self.conn.execute(
            update(tables_table)
            .where(tables_table.c.id == self.table_id)
            .values(data=json.dumps(data))
        )

    def new_game(self, number: int, head: dict[str, Any]) -> None:
        self.dirty = True
        self.conn.execute(
            insert(games_table).values(
                table_id=self.table_id,
                number=number,
                over=False,
                record=json.dumps(head, ensure_ascii=False),
            )
        )

    def append(self, number: int, step: int, seat: int | None, action: dict[str, Any]) -> None:
        self.dirty = True
        self.conn.execute(
            insert(moves_table).values(
                table_id=self.table_id,
                number=number,
                step=step,
                seat=seat,
                action=json.dumps(action, ensure_ascii=False),
                at=time.time(),
            )
        )

    def finish(self, number: int, result: dict[str, Any]) -> None:
        self.dirty = True
        self.conn.execute(
            update(games_table)
            .where(games_table.c.table_id == self.table_id, games_table.c.number == number)
            .values(over=True, result=json.dumps(result))
        )

    def bump(self, origin: str) -> int:
        """The table's next revision, announced to the other processes on commit."""
        self.revision += 1
        if self.storage.is_postgres:
            # One round trip, not two: each costs both the server and PostgreSQL a wake-up.
            payload = notice_payload(self.table_id, self.revision, origin)
            self.conn.execute(_BUMP_AND_NOTIFY, {
                "revision": self.revision, "id": self.table_id, "channel": CHANNEL,
                "payload": payload,
            })  # fmt: skip
            return self.revision
        self.conn.execute(
            update(tables_table)
            .where(tables_table.c.id == self.table_id)
            .values(revision=self.revision)
        )
        return self.revision


class Batch(Change):
    """An optimistic change (PostgreSQL): the table is taken to be at the revision this process
    knows, its writes are kept, and `bump` sends them as one statement that commits on its own.

    The statement bumps the revision only if it is still the expected one (the update waits
    for another process's row lock, then looks again), writes the rest only if the bump did,
    and notifies the other processes: all of it or nothing, in one round trip. No row is
    read, so a change whose revision another process moved on raises Stale, nothing written.
    """

    def __init__(self, storage: Storage, conn: Connection, table_id: str, expected: int) -> None:
        self.storage = storage
        self.conn = conn
        self.table_id = table_id
        self.revision = expected
        self.data = {}  # not read: the table is the caller's own, as of `expected`
        self.dirty = False
        self._data: str | None = None
        self._games: dict[int, dict[str, Any]] = {}
        self._moves: list[dict[str, Any]] = []
        self._finished: dict[int, str] = {}

    def game(self, number: int) -> GameRow | None:
        raise ParlourError("an optimistic change reads nothing")

    def moves(self, number: int, since: int = 0) -> list[dict[str, Any]]:
        raise ParlourError("an optimistic change reads nothing")

    def save_table(self, data: dict[str, Any]) -> None:
        self.dirty = True
        self._data = json.dumps(data)

    def new_game(self, number: int, head: dict[str, Any]) -> None:
        self.dirty = True
        self._games[number] = {"record": json.dumps(head, ensure_ascii=False), "result": None}

    def append(self, number: int, step: int, seat: int | None, action: dict[str, Any]) -> None:
        self.dirty = True
        self._moves.append({
            "number": number, "step": step, "seat": seat,
            "action": json.dumps(action, ensure_ascii=False), "at": time.time(),
        })  # fmt: skip

    def finish(self, number: int, result: dict[str, Any]) -> None:
        self.dirty = True
        if number in self._games:  # a game made and over in one change: one row
            self._games[number]["result"] = json.dumps(result)
        else:
            self._finished[number] = json.dumps(result)

    def bump(self, origin: str) -> int:
        expected = self.revision
        params: dict[str, Any] = {
            "id": self.table_id, "expected": expected, "revision": expected + 1,
            "channel": CHANNEL, "payload": self._payload(expected + 1, origin),
        }  # fmt: skip
        if self._data is not None:
            params["data"] = self._data
        for i, (number, game) in enumerate(self._games.items()):
            params.update({f"g{i}_number": number, f"g{i}_record": game["record"],
                           f"g{i}_result": game["result"]})  # fmt: skip
        for i, move in enumerate(self._moves):
            params.update({f"m{i}_{key}": value for key, value in move.items()})
        for i, (number, result) in enumerate(self._finished.items()):
            params.update({f"f{i}_number": number, f"f{i}_result": result})
        shape = (self._data is not None, len(self._games), len(self._moves), len(self._finished))
        row = self.conn.execute(_batch_statement(*shape), params).first()
        if row is None:
            raise Stale(f"table {self.table_id} was changed by another process")
        self.revision = expected + 1
        return self.revision

    def _payload(self, revision: int, origin: str) -> str:
        """The notification; a change that only appends moves carries them, so that the other
        processes take them in without reading the database (one within NOTIFY's 8000 bytes)."""
        moves = self._moves
        if self._data is not None or self._games or self._finished or not moves:
            return notice_payload(self.table_id, revision, origin)
        number, step = moves[0]["number"], moves[0]["step"]
        if any((m["number"], m["step"]) != (number, step + i) for i, m in enumerate(moves)):
            return notice_payload(self.table_id, revision, origin)
        appended = {"game": number, "step": step, "moves": [m["action"] for m in moves]}
        payload = notice_payload(self.table_id, revision, origin, appended)
        if len(payload.encode()) > NOTICE_MAX:
            return notice_payload(self.table_id, revision, origin)
        return payload


@functools.cache
def _batch_statement(data: bool, games: int, moves: int, finished: int) -> TextClause:
    """The one statement of an optimistic change of this shape (cached: the driver then keeps
    it prepared on each connection, parsed and planned once).

    The casts give the parameters their column's type: in `INSERT ... SELECT`, an untyped
    parameter (a None above all) would be read as text.
    """
    parts = [
        "bumped AS (UPDATE parlour_tables SET revision = :revision"
        + (", data = :data" if data else "")
        + " WHERE id = :id AND revision = :expected RETURNING id)"
    ]
    for i in range(games):
        parts.append(
            f'g{i} AS (INSERT INTO parlour_games (table_id, number, "over", record, result)'
            f" SELECT id, CAST(:g{i}_number AS INTEGER), CAST(:g{i}_result AS TEXT) IS NOT NULL,"
            f" CAST(:g{i}_record AS TEXT), CAST(:g{i}_result AS TEXT) FROM bumped)"
        )
    for i in range(moves):
        parts.append(
            f"m{i} AS (INSERT INTO parlour_moves (table_id, number, step, seat, action, at)"
            f" SELECT id, CAST(:m{i}_number AS INTEGER), CAST(:m{i}_step AS INTEGER),"
            f" CAST(:m{i}_seat AS INTEGER), CAST(:m{i}_action AS TEXT),"
            f" CAST(:m{i}_at AS DOUBLE PRECISION) FROM bumped)"
        )
    for i in range(finished):
        parts.append(
            f'f{i} AS (UPDATE parlour_games SET "over" = TRUE,'
            f" result = CAST(:f{i}_result AS TEXT) FROM bumped"
            f" WHERE parlour_games.table_id = bumped.id"
            f" AND parlour_games.number = CAST(:f{i}_number AS INTEGER))"
        )
    return text("WITH " + ", ".join(parts) + " SELECT pg_notify(:channel, :payload) FROM bumped")


def notice_payload(
    table_id: str, revision: int, origin: str, appended: dict[str, Any] | None = None
) -> str:
    """A change's notification; `origin` first, so that a process knows its own notifications
    by their first characters and drops them without parsing them (see `own_prefix`).

    `appended`: the change only appended moves to a game, `{"game", "step", "moves"}` (the
    game's number, the first move's step, the moves' JSON text).
    """
    head = json.dumps({"origin": origin, "table": table_id, "revision": revision})
    if appended is None:
        return head
    # The moves are already JSON: spliced in, not encoded again.
    moves = ", ".join(appended["moves"])
    return (
        f'{head[:-1]}, "game": {int(appended["game"])}, "step": {int(appended["step"])},'
        f' "moves": [{moves}]}}'
    )


def own_prefix(origin: str) -> str:
    """How every notification of the process `origin` begins."""
    return json.dumps({"origin": origin})[:-1] + ","
