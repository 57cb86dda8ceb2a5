"""Storage of tables and games (SQLAlchemy): a SQLite file by default, PostgreSQL by URL.

The database is an append-only log. A table is one row (its settings as JSON and a revision
bumped by every committed change); a game is one row holding the head of its
`parlour-record/1` record (everything but the actions) and, once over, its result; each move is
one row (the action's JSON form, its step number, the seat and the time). A move costs one
insert, and it is acknowledged only once committed.

Every change of a table runs in `Storage.change(table_id)`: one transaction that first locks the
table's row (PostgreSQL: `SELECT ... FOR UPDATE`), so that several server processes on one
database apply a table's moves one at a time, each on the latest committed state. On
PostgreSQL the transaction ends with `pg_notify`, delivered on commit to the other processes
(see `parlour.web.listen`).

On PostgreSQL a change made on the revision this process already knows (nearly every move)
is first tried optimistically (`Storage.change(table_id, expected=revision)`): its writes are
kept until the end and sent as one statement, committed on its own, that bumps the revision
only if it is still the expected one, writes the rest only if it did and notifies: one round
trip instead of five. If another process committed first, nothing is written and `Stale` says
so; the caller then makes the change again the locked way. The schema is kept by Alembic
migrations, run at start-up.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from importlib import resources
from typing import Any, NamedTuple

from sqlalchemy import (
    cast,
    create_engine,
    event,
    func,
    insert,
    inspect,
    select,
    text,
)
from sqlalchemy.dialects import postgresql
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import (
    ArgumentError,
    InvalidatePoolError,
    NoSuchModuleError,
    SQLAlchemyError,
)

from parlour.core.errors import ParlourError
from parlour.web.changes import (
    Batch,
    Change,
    GameRow,
    Stale,
    notice_payload,
    own_prefix,
)
from parlour.web.schema import CHANNEL, games_table, metadata, moves_table, tables_table

# Names that moved to `changes` and `schema` stay importable from here, where they were first.
__all__ = [
    "CHANNEL",
    "Change",
    "GameRow",
    "Stale",
    "Storage",
    "StorageDown",
    "TableIndex",
    "default_db_url",
    "games_table",
    "masked",
    "metadata",
    "moves_table",
    "normalise_url",
    "notice_payload",
    "own_prefix",
    "tables_table",
]

MIGRATION_LOCK = 0x7061726C  # an advisory lock id: one process migrates at a time


class StorageDown(ParlourError):
    """The database did not answer or refused a write: nothing was stored."""


class TableIndex(NamedTuple):
    """What a table's row says without its settings: enough to decide whether to replay it."""

    id: str
    created: float
    revision: int
    status: str
    last_move: float | None  # when its latest game's last move was stored, if it has one


PING_IDLE = 5.0  # seconds: a pooled connection idle longer is checked before use
# Games are numbered from 1 in an INTEGER column (32 bits on PostgreSQL): a number asked for
# beyond it names no game.
MAX_GAME_NUMBER = 2**31 - 1


def default_db_url() -> str:
    """A SQLite file in the user's data folder (the platform's own: XDG on Linux, Application
    Support on macOS, AppData on Windows): nothing to set up."""
    from platformdirs import user_data_path

    folder = user_data_path("parlour", appauthor=False)
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'parlour.db'}"


def normalise_url(url: str) -> str:
    """`postgresql://` and `postgres://` mean psycopg 3, the driver of the `postgres` extra.

    SQLAlchemy 2 reads a bare `postgresql://` as psycopg2, which the extra does not install.
    """
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def masked(url: str) -> str:
    """The URL as it may be shown: without its password."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except (ArgumentError, ValueError):
        return url


def _tune_sqlite(engine: Engine) -> None:
    # WAL with synchronous=NORMAL: a commit survives the server process being killed (the
    # write-ahead log is in the OS's hands), without an fsync per move.
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()


def _ping_idle(engine: Engine) -> None:
    """Check a pooled connection before use only if it was idle for PING_IDLE seconds.

    A busy server uses its connections all the time, and a database that went away fails the
    request in flight, which invalidates the whole pool (SQLAlchemy does so on a
    disconnection): the next checkouts connect anew. A quiet site's first request after a
    database restart would otherwise meet a dead connection; the check spares it the error.
    """

    @event.listens_for(engine, "checkin")
    def _on_checkin(_dbapi_connection: Any, record: Any) -> None:
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _on_checkout(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        since = record.info.get("idle_since")
        if since is None or time.monotonic() - since < PING_IDLE:
            return
        try:
            alive = engine.dialect.do_ping(dbapi_connection)
        except engine.dialect.loaded_dbapi.Error as err:
            alive = not engine.dialect.is_disconnect(err, dbapi_connection, None)
            if alive:
                raise
        if not alive:
            # The database restarted: the pool drops this connection and every other made
            # before now, and connects anew.
            raise InvalidatePoolError("a pooled connection was closed by the database")


class Storage:
    """Tables, games and their move logs in a SQL database."""

    def __init__(self, url: str, claim: bool = False) -> None:
        """`claim`: serve a SQLite file from this process alone (`claim`), checked before the
        schema is made, so that two processes started at once (uvicorn's `--workers`) do not
        race to make it and the second one is refused with the reason, not a schema error."""
        url = normalise_url(url)
        self.url = url
        shown = masked(url)
        try:
            backend = make_url(url).get_backend_name()
            if backend not in ("sqlite", "postgresql"):
                # SQLAlchemy knows more databases, but the schema, its migrations and the
                # locking are written for these two: a driver hint would only mislead.
                raise ParlourError(
                    f"cannot use database {shown!r}: Parlour supports only SQLite "
                    f"(sqlite:///file.db) and PostgreSQL (postgresql://...), not {backend}"
                )
            postgres = backend == "postgresql"
            # PostgreSQL: no liveness check on every checkout (a round trip per move), only
            # on a connection idle a while (see `_ping_idle`).
            options: dict[str, Any] = {"future": True, "pool_pre_ping": not postgres}
            if postgres:
                # A database that does not answer fails a request in seconds, not minutes; a
                # move never waits long behind another process's row lock (set once for the
                # connection, not by a statement in every transaction).
                options["connect_args"] = {
                    "connect_timeout": 5, "options": "-c lock_timeout=5s",
                }  # fmt: skip
            self.engine = create_engine(url, **options)
        except (ArgumentError, ValueError, NoSuchModuleError) as err:
            raise ParlourError(f"cannot use database {shown!r}: {err}") from None
        except ModuleNotFoundError as err:
            raise ParlourError(
                f"database {shown!r} needs the Python driver {err.name!r} "
                '(pip install "parlour[postgres]")'
            ) from None
        self.is_postgres = self.engine.dialect.name == "postgresql"
        if self.engine.dialect.name == "sqlite":
            _tune_sqlite(self.engine)
        else:
            _ping_idle(self.engine)
        # PostgreSQL: the optimistic statement, and reads and notifications that need no
        # transaction, commit on their own: no BEGIN and COMMIT round trips.
        self._autocommit = (
            self.engine.execution_options(isolation_level="AUTOCOMMIT")
            if self.is_postgres
            else self.engine
        )
        if claim:
            self.claim()
        try:
            self.migrate()
        except SQLAlchemyError as err:
            raise ParlourError(
                f"cannot open database {shown!r}: {getattr(err, 'orig', None) or err}"
            ) from None

    @property
    def shared(self) -> bool:
        """Whether several server processes may use this database at once."""
        return self.is_postgres

    def claim(self) -> None:
        """Serve this database from this process alone, if it is a SQLite file.

        Tables live in their server's memory and only PostgreSQL tells the other processes of
        a change, so a second server process on one SQLite file (uvicorn's `--workers` among
        them) is refused with a clear message rather than serving stale tables.
        """
        path = self.engine.url.database if self.engine.dialect.name == "sqlite" else None
        if not path or path == ":memory:":
            return
        try:
            import fcntl
        except ImportError:  # not on this system: nothing to enforce it with
            return
        handle = open(f"{path}.lock", "a")  # noqa: SIM115 - held open while the process lives
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            raise ParlourError(
                f"the SQLite database {path} is already served by another process; "
                "several server processes (--workers) need PostgreSQL (--db postgresql://...)"
            ) from None
        self._claim = handle

    def close(self) -> None:
        self.engine.dispose()
        claim = getattr(self, "_claim", None)
        if claim is not None:
            claim.close()

    # ----- the schema -----------------------------------------------------------------------
    def migrate(self, target: str = "head") -> None:
        """Bring the schema to a migration, the newest by default (a database made before
        migrations existed is recognised as 0001)."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        folder = resources.files("parlour.web") / "migrations"
        config.set_main_option("script_location", str(folder))
        with self.engine.begin() as conn:
            if self.is_postgres:
                # Workers starting together: one migrates, the others wait, then find it done.
                conn.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": MIGRATION_LOCK})
            names = set(inspect(conn).get_table_names())
            config.attributes["connection"] = conn
            if "parlour_tables" in names and "alembic_version" not in names:
                command.stamp(config, "0001")  # made by create_all before migrations existed
            if target == "head" or target > (self._version(conn) or ""):
                command.upgrade(config, target)
            else:
                command.downgrade(config, target)

    @staticmethod
    def _version(conn: Connection) -> str | None:
        if "alembic_version" not in inspect(conn).get_table_names():
            return None
        return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()

    def schema_version(self) -> str | None:
        with self.engine.connect() as conn:
            return self._version(conn)

    # ----- changes --------------------------------------------------------------------------
    @contextlib.contextmanager
    def change(self, table_id: str, expected: int | None = None) -> Iterator[Change]:
        """A transaction on one table, its row locked; committed on leaving, else rolled back.

        With `expected` (the revision the caller knows) on PostgreSQL: an optimistic change
        (`Batch`), which raises Stale if the table is no longer at that revision. A database
        fault (down, restarted, refusing) comes out as StorageDown.
        """
        try:
            if expected is not None and self.is_postgres:
                with self._autocommit.connect() as conn:
                    yield Batch(self, conn, table_id, expected)
                return
            with self.engine.begin() as conn:
                yield Change(self, conn, table_id)
        except SQLAlchemyError as err:
            raise StorageDown(f"the database is unavailable ({_reason(err)})") from err

    def _notify(self, conn: Connection, table_id: str, revision: int, origin: str) -> None:
        if self.is_postgres:
            payload = notice_payload(table_id, revision, origin)
            conn.execute(text("SELECT pg_notify(:channel, :payload)"), {
                "channel": CHANNEL, "payload": payload,
            })  # fmt: skip

    def notify_presence(self, table_id: str, seats: list[int], origin: str) -> None:
        """Tell the other processes which seats of a table are connected to this one."""
        payload = json.dumps({"origin": origin, "table": table_id, "seats": seats})
        with self._autocommit.connect() as conn:  # one round trip, no BEGIN and COMMIT
            conn.execute(text("SELECT pg_notify(:channel, :payload)"), {
                "channel": CHANNEL, "payload": payload,
            })  # fmt: skip

    # ----- tables -------------------------------------------------------------------------
    def create_table(
        self, table_id: str, created: float, data: dict[str, Any], origin: str = ""
    ) -> None:
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(tables_table).values(
                        id=table_id, created=created, data=json.dumps(data), revision=1
                    )
                )
                self._notify(conn, table_id, 1, origin)
        except SQLAlchemyError as err:
            raise StorageDown(f"the database is unavailable ({_reason(err)})") from err

    def load_table(self, table_id: str) -> tuple[float, int, dict[str, Any]] | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(tables_table).where(tables_table.c.id == table_id)).first()
        return None if row is None else (row.created, row.revision, json.loads(row.data))

    def table_index(self) -> list[TableIndex]:
        """Every table's id, creation time, revision, status and the time of its latest game's
        last move, oldest first, without reading the settings into Python (a table's JSON may
        hold a whole uploaded deck): the status is read by the database's JSON functions, the
        last move through the games' and moves' primary keys."""
        data = tables_table.c.data
        status = (
            cast(data, postgresql.JSON)["status"].astext
            if self.is_postgres
            else func.json_extract(data, "$.status")
        )
        table_id = tables_table.c.id
        latest = (
            select(func.max(games_table.c.number))
            .where(games_table.c.table_id == table_id)
            .correlate(tables_table)  # two levels down: not found by itself
            .scalar_subquery()
        )
        last_move = (
            select(func.max(moves_table.c.at))
            .where(moves_table.c.table_id == table_id, moves_table.c.number == latest)
            .scalar_subquery()
        )
        query = select(table_id, tables_table.c.created, tables_table.c.revision, status, last_move)
        with self.engine.connect() as conn:
            rows = conn.execute(query.order_by(tables_table.c.created)).all()
        return [
            TableIndex(
                row[0],
                float(row[1]),
                int(row[2]),
                str(row[3] or "open"),
                None if row[4] is None else float(row[4]),
            )
            for row in rows
        ]

    def revisions(self) -> dict[str, int]:
        """Every table's revision: what a process compares after missing notifications."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables_table.c.id, tables_table.c.revision)).all()
        return {row.id: int(row.revision) for row in rows}

    def snapshot(
        self, table_id: str, number: int | None, since: int
    ) -> tuple[int, dict[str, Any], GameRow | None, list[dict[str, Any]]]:
        """A table's committed revision, settings and the moves of its current game from
        `since` (all of them, with the head, when the game is not `number`).

        Each read commits on its own (no BEGIN, no ROLLBACK round trips): in a transaction at
        PostgreSQL's READ COMMITTED each statement would see its own snapshot all the same,
        and a move read beyond the revision is only taken in early.
        """
        with self._autocommit.connect() as conn:
            row = conn.execute(
                select(tables_table.c.revision, tables_table.c.data).where(
                    tables_table.c.id == table_id
                )
            ).one()
            data = json.loads(row.data)
            current = int(data.get("number") or 0)
            game = None
            if current != number:
                game, since = self._game_row(conn, table_id, current), 0
            moves = self._moves(conn, table_id, current, since) if current else []
        return int(row.revision), data, game, moves

    # ----- games --------------------------------------------------------------------------
    def _game_row(self, conn: Connection, table_id: str, number: int) -> GameRow | None:
        row = conn.execute(
            select(games_table.c.record, games_table.c.result).where(
                games_table.c.table_id == table_id, games_table.c.number == number
            )
        ).first()
        if row is None:
            return None
        result = None if row.result is None else json.loads(row.result)
        return GameRow(json.loads(row.record), result)

    def _moves(
        self, conn: Connection, table_id: str, number: int, since: int
    ) -> list[dict[str, Any]]:
        rows = conn.execute(
            select(moves_table.c.step, moves_table.c.action)
            .where(
                moves_table.c.table_id == table_id,
                moves_table.c.number == number,
                moves_table.c.step >= since,
            )
            .order_by(moves_table.c.step)
        ).all()
        out = []
        for expected, row in enumerate(rows, start=since):
            if row.step != expected:
                raise ParlourError(f"table {table_id}: game {number} lacks move {expected}")
            out.append(json.loads(row.action))
        return out

    def load_game(self, table_id: str, number: int) -> dict[str, Any] | None:
        """A game's whole `parlour-record/1` record: its head, its moves, its result; None for
        a number no game has (one beyond the column's range is never sent to the database,
        whose driver cannot bind it: SQLite's past 2^63, a 500 instead of a 404)."""
        if not 1 <= number <= MAX_GAME_NUMBER:
            return None
        with self.engine.connect() as conn:
            game = self._game_row(conn, table_id, number)
            if game is None:
                return None
            record = dict(game.head)
            record["actions"] = self._moves(conn, table_id, number, 0)
        if game.result is not None:
            record["result"] = game.result
        return record

    def count_moves(self, table_id: str, number: int) -> int:
        with self.engine.connect() as conn:
            return int(
                conn.execute(
                    select(func.count()).where(
                        moves_table.c.table_id == table_id, moves_table.c.number == number
                    )
                ).scalar_one()
            )

    def list_games(self, table_id: str) -> list[tuple[int, bool]]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games_table.c.number, games_table.c.over)
                .where(games_table.c.table_id == table_id)
                .order_by(games_table.c.number)
            ).all()
        return [(row.number, bool(row.over)) for row in rows]


def _reason(err: SQLAlchemyError) -> str:
    """The driver's first line, which says what happened (refused, terminated, ...)."""
    orig = getattr(err, "orig", None) or err
    return (str(orig).strip().splitlines() or [type(orig).__name__])[0][:200]
