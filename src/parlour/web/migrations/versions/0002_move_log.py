"""The move log: one row per move, the game row keeps the record's head and its result.

A move used to rewrite the game's whole record (O(moves^2) writes over a game); now it appends
one row. Each table gets a revision, bumped by every committed change, which several server
processes compare to know whether their copy of the table is current.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

games = sa.table(
    "parlour_games",
    sa.column("table_id", sa.String),
    sa.column("number", sa.Integer),
    sa.column("record", sa.Text),
    sa.column("result", sa.Text),
)
moves = sa.table(
    "parlour_moves",
    sa.column("table_id", sa.String),
    sa.column("number", sa.Integer),
    sa.column("step", sa.Integer),
    sa.column("seat", sa.Integer),
    sa.column("action", sa.Text),
    sa.column("at", sa.Float),
)


def upgrade() -> None:
    with op.batch_alter_table("parlour_tables") as batch:
        batch.add_column(sa.Column("revision", sa.Integer, nullable=False, server_default="0"))
    with op.batch_alter_table("parlour_games") as batch:
        batch.add_column(sa.Column("result", sa.Text, nullable=True))
    op.create_table(
        "parlour_moves",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("step", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=True),  # unknown for moves made before the log
        sa.ForeignKeyConstraint(
            ["table_id", "number"], ["parlour_games.table_id", "parlour_games.number"]
        ),
    )
    # Split every stored record into its head and one row per action.
    bind = op.get_bind()
    rows = bind.execute(sa.select(games.c.table_id, games.c.number, games.c.record)).all()
    for row in rows:
        record = json.loads(row.record)
        actions = record.pop("actions", None) or []
        result = record.pop("result", None)
        if actions:
            bind.execute(
                moves.insert(),
                [
                    {
                        "table_id": row.table_id,
                        "number": row.number,
                        "step": step,
                        "seat": None,
                        "action": json.dumps(action, ensure_ascii=False),
                        "at": None,
                    }
                    for step, action in enumerate(actions)
                ],
            )
        bind.execute(
            games.update()
            .where(games.c.table_id == row.table_id, games.c.number == row.number)
            .values(
                record=json.dumps(record, ensure_ascii=False),
                result=None if result is None else json.dumps(result),
            )
        )


def downgrade() -> None:
    bind = op.get_bind()
    rows = bind.execute(
        sa.select(games.c.table_id, games.c.number, games.c.record, games.c.result)
    ).all()
    for row in rows:
        record = json.loads(row.record)
        steps = bind.execute(
            sa.select(moves.c.action)
            .where(moves.c.table_id == row.table_id, moves.c.number == row.number)
            .order_by(moves.c.step)
        ).all()
        record["actions"] = [json.loads(s.action) for s in steps]
        if row.result is not None:
            record["result"] = json.loads(row.result)
        bind.execute(
            games.update()
            .where(games.c.table_id == row.table_id, games.c.number == row.number)
            .values(record=json.dumps(record, ensure_ascii=False))
        )
    op.drop_table("parlour_moves")
    with op.batch_alter_table("parlour_games") as batch:
        batch.drop_column("result")
    with op.batch_alter_table("parlour_tables") as batch:
        batch.drop_column("revision")
