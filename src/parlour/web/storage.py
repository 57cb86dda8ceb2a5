"""Storage of tables and games (SQLAlchemy): a SQLite file by default, PostgreSQL by URL.

A table is one row holding its settings as JSON; each game played at it is one row holding
its `parlour-record/1` record. The record is rewritten before a move is acknowledged, so a
server killed at any moment restarts with every table exactly as its players last saw it.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError, OperationalError

from parlour.core.errors import ParlourError

metadata = MetaData()

tables_table = Table(
    "parlour_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("created", Float, nullable=False),
    Column("data", Text, nullable=False),
)

games_table = Table(
    "parlour_games",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("over", Boolean, nullable=False, default=False),
    Column("record", Text, nullable=False),
)


def default_db_url() -> str:
    """A SQLite file in the user's data folder (the platform's own: XDG on Linux, Application
    Support on macOS, AppData on Windows): nothing to set up."""
    from platformdirs import user_data_path

    folder = user_data_path("parlour", appauthor=False)
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'parlour.db'}"


def _tune_sqlite(engine: Engine) -> None:
    # WAL with synchronous=NORMAL: a commit survives the server process being killed (the
    # write-ahead log is in the OS's hands), without an fsync per move.
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()


def _masked(url: str) -> str:
    """The URL as it may be shown: without its password."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except (ArgumentError, ValueError):
        return url


class Storage:
    """Tables and game records in a SQL database."""

    def __init__(self, url: str) -> None:
        shown = _masked(url)
        try:
            self.engine = create_engine(url, future=True)
        except (ArgumentError, ValueError) as err:
            raise ParlourError(f"cannot use database {shown!r}: {err}") from None
        except ModuleNotFoundError as err:
            raise ParlourError(
                f"database {shown!r} needs the Python driver {err.name!r} (pip install it)"
            ) from None
        if self.engine.dialect.name == "sqlite":
            _tune_sqlite(self.engine)
        try:
            metadata.create_all(self.engine)
        except OperationalError as err:
            raise ParlourError(f"cannot open database {shown!r}: {err.orig}") from None

    def close(self) -> None:
        self.engine.dispose()

    # ----- tables -------------------------------------------------------------------------
    def create_table(self, table_id: str, created: float, data: dict[str, Any]) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(tables_table).values(id=table_id, created=created, data=json.dumps(data))
            )

    def save_table(self, table_id: str, data: dict[str, Any]) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(tables_table)
                .where(tables_table.c.id == table_id)
                .values(data=json.dumps(data))
            )

    def load_tables(self) -> list[tuple[str, float, dict[str, Any]]]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables_table).order_by(tables_table.c.created)).all()
        return [(row.id, row.created, json.loads(row.data)) for row in rows]

    # ----- games --------------------------------------------------------------------------
    def save_game(
        self, table_id: str, number: int, record: dict[str, Any], over: bool, *, new: bool
    ) -> None:
        """Write a game's record (a new row for a new game), committed before returning."""
        text = json.dumps(record, ensure_ascii=False)
        with self.engine.begin() as conn:
            if new:
                conn.execute(
                    insert(games_table).values(
                        table_id=table_id, number=number, over=over, record=text
                    )
                )
            else:
                conn.execute(
                    update(games_table)
                    .where(games_table.c.table_id == table_id, games_table.c.number == number)
                    .values(over=over, record=text)
                )

    def load_game(self, table_id: str, number: int) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                select(games_table.c.record).where(
                    games_table.c.table_id == table_id, games_table.c.number == number
                )
            ).first()
        return None if row is None else json.loads(row.record)

    def list_games(self, table_id: str) -> list[tuple[int, bool]]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games_table.c.number, games_table.c.over)
                .where(games_table.c.table_id == table_id)
                .order_by(games_table.c.number)
            ).all()
        return [(row.number, bool(row.over)) for row in rows]
