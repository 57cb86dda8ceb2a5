"""The database's tables (SQLAlchemy Core): a table's row, its games' rows and their moves'
rows; the Alembic migrations create them (see `parlour.web.storage`)."""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKeyConstraint,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

CHANNEL = "parlour"  # the PostgreSQL notification channel of committed changes

metadata = MetaData()

tables_table = Table(
    "parlour_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("created", Float, nullable=False),
    Column("data", Text, nullable=False),
    Column("revision", Integer, nullable=False, server_default="0"),
)

games_table = Table(
    "parlour_games",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("over", Boolean, nullable=False, default=False),
    Column("record", Text, nullable=False),  # the record's head: no actions, no result
    Column("result", Text, nullable=True),
)

moves_table = Table(
    "parlour_moves",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("step", Integer, primary_key=True),
    Column("seat", Integer, nullable=True),
    Column("action", Text, nullable=False),
    Column("at", Float, nullable=True),
    ForeignKeyConstraint(
        ["table_id", "number"], ["parlour_games.table_id", "parlour_games.number"]
    ),
)
