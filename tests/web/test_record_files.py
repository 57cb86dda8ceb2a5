"""A web table's records carry the text of the deck its host uploaded: they replay anywhere."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from parlour.core.records import replay
from parlour.games.familles import decks
from parlour.games.familles.decks import DECK_DIR, register_deck_text
from parlour.web.app import Settings, create_app
from parlour.web.table import Table

HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def own_deck(name: str) -> str:
    text = (DECK_DIR / "en.toml").read_text(encoding="utf-8")
    return text.replace('"Happy Families"', f'"{name}"').replace('id = "en"', 'id = "own"', 1)


@pytest.fixture
def app(db_url: str) -> Iterator[tuple[TestClient, Any]]:
    made = create_app(Settings(db_url, bot_delay=0))
    with TestClient(made) as client:
        yield client, made


def finished_table(client: TestClient, app: Any, deck: str) -> Table:
    """A two-human 7 familles table on an uploaded deck, its first game played to the end."""
    request = {"game": "familles", "seats": HUMANS, "sit": 0, "seed": 3, "deck_upload": deck}
    made = client.post("/api/tables", json=request)
    assert made.status_code == 201, made.text
    table: Table = app.state.hall.get(made.json()["id"])
    table.join(1, "Bob")
    table.start(made.json()["token"])
    state = table.state
    assert state is not None
    for _ in range(5000):
        if state.is_over:
            break
        table.act(state.to_move, state.legal_actions()[0].to_json())  # type: ignore[arg-type]
    assert state.is_over
    return table


def served(client: TestClient, table: Table, number: int = 1) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table.id}/games/{number}/record")
    assert response.status_code == 200, response.text
    record: dict[str, Any] = response.json()
    return record


def test_the_record_served_carries_the_uploaded_deck(
    app: tuple[TestClient, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, made = app
    text = own_deck("Our own deck")
    table = finished_table(client, made, text)
    stored = made.state.storage.load_game(table.id, 1)
    assert stored["files"] == {"deck": text}  # in the head the table stored
    record = served(client, table)
    assert record["rules"]["deck"] == register_deck_text(text)
    assert record["files"] == {"deck": text}
    # In a process that never saw the upload: the record's own text stands for it.
    monkeypatch.setattr(decks, "UPLOADED", decks.UploadedDecks())
    state, _ = replay(record)
    assert state.outcome is not None and state.outcome.to_json() == record["result"]


def test_a_game_stored_without_the_text_gets_the_tables_when_served(
    app: tuple[TestClient, Any],
) -> None:
    client, made = app
    text = own_deck("Stored before")
    table = finished_table(client, made, text)
    record = served(client, table)
    # The game as a server before this change stored it (no `files`), as game 2, and as
    # game 3 on another deck than the table's: only the table's own deck is added.
    other = dict(record, rules={"deck": register_deck_text(own_deck("Another"))})
    for number, game in ((2, record), (3, other)):
        head = {k: v for k, v in game.items() if k not in ("actions", "result", "files")}
        with made.state.storage.change(table.id) as change:
            change.new_game(number, head)
            for step, action in enumerate(game["actions"]):
                change.append(number, step, None, action)
            change.finish(number, game["result"])
    assert served(client, table, 2)["files"] == {"deck": text}
    assert "files" not in served(client, table, 3)
