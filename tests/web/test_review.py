"""The review route: a seat's review of a finished game, under the replay's rules."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from parlour.core.records import record_of
from parlour.games.flip7.rules import Flip7Rules
from parlour.web.app import Settings, create_app
from tests.games.flip7.helpers import play, table

HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def finished_flip7() -> dict[str, Any]:
    """Ann stays at 2 points; Bob hits to 55 and stays (the game ends at 40)."""
    state = table(2, ["2", "5", "12", "11", "10", "9", "8"], rules=Flip7Rules(target=40))
    play(state, "stay", "hit", "hit", "hit", "hit", "hit", "stay")
    return record_of(state)


def store(app: Any, table_id: str, number: int, record: dict[str, Any]) -> None:
    """A game written to the table's storage as the table writes it: head, moves, result."""
    head = {k: v for k, v in record.items() if k not in ("actions", "result")}
    with app.state.storage.change(table_id) as change:
        change.new_game(number, head)
        for step, action in enumerate(record["actions"]):
            change.append(number, step, None, action)
        if "result" in record:
            change.finish(number, record["result"])


@pytest.fixture
def client(tmp_path: Path) -> Iterator[tuple[TestClient, str]]:
    app = create_app(Settings(f"sqlite:///{tmp_path / 'parlour.db'}"))
    with TestClient(app) as client:
        made = client.post("/api/tables", json={"game": "flip7", "seats": HUMANS, "sit": 0})
        table_id = made.json()["id"]
        record = finished_flip7()
        store(app, table_id, 1, record)
        unfinished = {k: v for k, v in record.items() if k != "result"}
        unfinished["actions"] = record["actions"][:3]
        store(app, table_id, 2, unfinished)
        yield client, table_id


def test_a_finished_games_review_is_served_for_each_seat(client: tuple[TestClient, str]) -> None:
    http, table_id = client
    ann = http.get(f"/api/tables/{table_id}/games/1/review?seat=0")
    assert ann.status_code == 200, ann.text
    body = ann.json()
    assert body["game"] == "flip7" and body["seat"] == 0 and body["measure"] == "points"
    (stay,) = body["decisions"]
    assert stay["move"] == {"type": "stay"} and stay["best"] == {"type": "hit"}
    assert stay["mistake"] and stay["loss"] > 10 and stay["text"]["fr"]
    assert body["summary"]["biggest"] == 0
    bob = http.get(f"/api/tables/{table_id}/games/1/review?seat=1").json()
    assert bob["seat"] == 1 and len(bob["decisions"]) == 6
    # Served again from the cache, byte for byte.
    assert http.get(f"/api/tables/{table_id}/games/1/review?seat=0").content == ann.content


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        ("/api/tables/nosuch/games/1/review?seat=0", 404, "no_table"),
        ("/api/tables/{id}/games/9/review?seat=0", 404, "no_game"),
        ("/api/tables/{id}/games/2/review?seat=0", 404, "not_over"),
        ("/api/tables/{id}/games/1/review", 400, "bad_seat"),
        ("/api/tables/{id}/games/1/review?seat=2", 400, "bad_seat"),
        ("/api/tables/{id}/games/1/review?seat=-1", 400, "bad_seat"),
        ("/api/tables/{id}/games/1/review?seat=x", 400, "bad_seat"),
        # `str.isdigit` takes a superscript two, and `int` refuses over 4,300 digits: not 500s.
        ("/api/tables/{id}/games/1/review?seat=\u00b2", 400, "bad_seat"),
        pytest.param(
            "/api/tables/{id}/games/1/review?seat=" + "9" * 5000, 400, "bad_seat", id="seat-9x5000"
        ),
        ("/api/tables/{id}/games/1/review?seat=%EF%BC%91", 400, "bad_seat"),  # a fullwidth 1
        # A game number past 2^63 cannot be bound as a SQLite integer: no such game, not a 500.
        ("/api/tables/{id}/games/9223372036854775807/review?seat=0", 404, "no_game"),
        ("/api/tables/{id}/games/9223372036854775808/review?seat=0", 404, "no_game"),
        ("/api/tables/{id}/games/9223372036854775808/record", 404, "no_game"),
        ("/api/tables/{id}/games/9223372036854775808/replay", 404, "no_game"),
        pytest.param(
            "/api/tables/{id}/games/" + "9" * 5000 + "/record", 404, "no_game", id="game-9x5000"
        ),
        ("/api/tables/{id}/games/2147483648/record", 404, "no_game"),
        ("/api/tables/{id}/games/0/record", 404, "no_game"),
    ],
)
def test_a_review_is_refused_with_a_reason(
    client: tuple[TestClient, str], path: str, status: int, code: str
) -> None:
    http, table_id = client
    before = http.get(f"/api/tables/{table_id}").json()
    response = http.get(path.format(id=table_id))
    assert response.status_code == status
    assert response.json()["error"] == code and response.json()["message"]
    assert http.get(f"/api/tables/{table_id}").json() == before  # nothing changed


def test_a_game_with_no_decision_to_grade_has_no_review(tmp_path: Path) -> None:
    from parlour.core.registry import get_game

    app = create_app(Settings(f"sqlite:///{tmp_path / 'parlour.db'}"))
    with TestClient(app) as http:
        made = http.post("/api/tables", json={"game": "beggar", "seats": HUMANS, "sit": 0})
        table_id = made.json()["id"]
        state = get_game("beggar").new_state(2, seed=24)
        while not state.is_over:
            state.apply(state.legal_actions()[0])
        store(app, table_id, 1, record_of(state))
        response = http.get(f"/api/tables/{table_id}/games/1/review?seat=0")
        assert response.status_code == 404 and response.json()["error"] == "no_review"
