"""The server's secret, and the deals derived from it.

A game's seed is the whole of its deal: whoever knows it before the game ends knows every hand.
So a web table never uses a counter or a public number for its games: each seed is an HMAC of
the table and the game's number under a secret that the server generates on its first start
and keeps in the database (one row, shared by every server process on that database). A
finished game's record shows its seed, which tells nothing of the next game's.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from sqlalchemy import Column, MetaData, String, Table, insert, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

_metadata = MetaData()
secrets_table = Table(
    "parlour_secrets",
    _metadata,
    Column("name", String(32), primary_key=True),
    Column("value", String(128), nullable=False),
)
SEED_BITS = 63


def server_secret(engine: Engine) -> bytes:
    """The deal secret kept in the database (its table made by the migrations), generated on
    first use."""
    query = select(secrets_table.c.value).where(secrets_table.c.name == "deals")
    with engine.connect() as conn:
        row = conn.execute(query).first()
    if row is None:
        try:
            with engine.begin() as conn:
                conn.execute(
                    insert(secrets_table).values(name="deals", value=secrets.token_hex(32))
                )
        except IntegrityError:
            pass  # another server process made it first: use that one
        with engine.connect() as conn:
            row = conn.execute(query).first()
    assert row is not None
    return bytes.fromhex(row.value)


def game_seed(secret: bytes, table_id: str, number: int, chosen: int | None = None) -> int:
    """The seed of game `number` at a table: unpredictable without the secret, even from the
    seeds of the table's earlier games (and from a deal number its host chose)."""
    message = f"{table_id}:{number}:{'' if chosen is None else chosen}".encode()
    digest = hmac.new(secret, message, hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)
