"""Storage: the move log, migrations from the schema before it, URLs, records' provenance."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from parlour import __version__
from parlour.core.errors import RecordError
from parlour.core.records import replay
from parlour.web.gamelog import rebuild
from parlour.web.storage import Storage, normalise_url
from parlour.web.tables import Hall
from tests.web.conftest import Server
from tests.web.test_tables import open_table


def old_schema(url: str) -> sa.MetaData:
    """The tables as the server made them before the move log and migrations."""
    meta = sa.MetaData()
    sa.Table(
        "parlour_tables",
        meta,
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("data", sa.Text, nullable=False),
    )
    sa.Table(
        "parlour_games",
        meta,
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("over", sa.Boolean, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
    )
    return meta


def play(table: Any, moves: int) -> None:
    for _ in range(moves):
        state = table.state
        table.act(state.to_move, state.legal_actions()[0].to_json())


def test_a_move_is_one_appended_row(hall: Hall) -> None:
    table, _, _ = open_table(hall)
    storage = hall.storage
    play(table, 7)
    assert storage.count_moves(table.id, 1) == 7
    record = storage.load_game(table.id, 1)
    assert record is not None and record["actions"] == table.state.actions  # type: ignore[union-attr]
    # The game row keeps only the head: one write per move, not the whole record again.
    with storage.engine.connect() as conn:
        head = json.loads(conn.execute(sa.text("SELECT record FROM parlour_games")).scalar_one())
    assert "actions" not in head and head["engine"] == __version__


def test_a_database_of_before_the_move_log_is_migrated_with_every_game(
    db_url: str, tmp_path: Path
) -> None:
    engine = sa.create_engine(normalise_url(db_url))
    meta = old_schema(db_url)
    meta.create_all(engine)
    # A game as the old server stored it: the whole record, its actions inside.
    source = Hall(Storage(f"sqlite:///{tmp_path / 'source.db'}"))
    table, _, _ = open_table(source)
    play(table, 9)
    record = source.storage.load_game(table.id, 1)
    assert record is not None
    for key in ("engine", "date", "dealt"):
        record.pop(key)  # the old server wrote none of these
    data = table.settings()
    with engine.begin() as conn:
        conn.execute(
            meta.tables["parlour_tables"].insert(),
            {"id": table.id, "created": 1.0, "data": json.dumps(data)},
        )
        conn.execute(
            meta.tables["parlour_games"].insert(),
            {"table_id": table.id, "number": 1, "over": False, "record": json.dumps(record)},
        )
    engine.dispose()
    storage = Storage(db_url)  # migrates on opening
    assert storage.schema_version() == "0003"
    assert storage.load_game(table.id, 1) == record
    assert storage.count_moves(table.id, 1) == 9
    again = Hall(storage)
    assert again.tables[table.id].state.view(0) == table.state.view(0)  # type: ignore[union-attr]
    play(again.tables[table.id], 1)  # and the game goes on, in the log
    assert storage.count_moves(table.id, 1) == 10
    # Downgrading puts every move back into its record.
    storage.migrate("0001")
    with storage.engine.connect() as conn:
        old = json.loads(conn.execute(sa.text("SELECT record FROM parlour_games")).scalar_one())
    assert old["actions"] == again.tables[table.id].state.actions  # type: ignore[union-attr]
    storage.close()


def test_urls_of_postgresql_mean_psycopg_3() -> None:
    assert normalise_url("postgresql://u:p@h/db") == "postgresql+psycopg://u:p@h/db"
    assert normalise_url("postgres://h/db") == "postgresql+psycopg://h/db"
    assert normalise_url("postgresql+psycopg2://h/db") == "postgresql+psycopg2://h/db"
    assert normalise_url("sqlite:///x.db") == "sqlite:///x.db"


def test_a_record_carries_its_engine_its_date_and_its_deal(hall: Hall) -> None:
    table, _, _ = open_table(hall)
    play(table, 5)
    record = hall.storage.load_game(table.id, 1)
    assert record is not None
    assert record["engine"] == __version__ and record["date"][:2] == "20"
    assert record["seed"] == table.state.seed  # type: ignore[union-attr]
    # What each seat was dealt, as it saw it before any move.
    assert [view["turns"] for view in record["dealt"]] == [0, 0]
    # Another engine version that deals the same replays identically ...
    other = {**record, "engine": "0.0.1"}
    assert rebuild(other, record["actions"]).view(None) == table.state.view(None)  # type: ignore[union-attr]
    # ... one that deals the seed differently is caught at the deal, and says so.
    changed = json.loads(json.dumps(record))
    changed["dealt"][0]["turns"] = 99
    changed["engine"] = "0.0.1"
    with pytest.raises(RecordError, match=r"deals the recorded seed differently.*Parlour 0\.0\.1"):
        rebuild(changed, record["actions"])
    assert replay(record)[0].view(None) == table.state.view(None)  # type: ignore[union-attr]


def test_a_second_process_on_one_sqlite_file_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'one.db'}"
    first, second = Server(url), Server(url)
    first.start()
    try:
        with pytest.raises(RuntimeError, match="already served by another process"):
            second.start()
    finally:
        first.stop()
        second.stop()


def test_a_second_process_is_refused_before_it_touches_the_schema(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # uvicorn --workers 2 on a new file: both made the schema at once, and the second failed
    # with "table parlour_tables already exists" instead of the reason.
    from parlour.core.errors import ParlourError
    from parlour.web.storage import Storage

    url = f"sqlite:///{tmp_path / 'new.db'}"
    first = Storage(url, claim=True)
    made: list[str] = []
    monkeypatch.setattr(Storage, "migrate", lambda self: made.append(self.url))
    try:
        with pytest.raises(ParlourError, match="already served by another process"):
            Storage(url, claim=True)
        assert made == []
    finally:
        first.close()
