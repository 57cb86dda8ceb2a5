import json

import pytest

from parlour.core.errors import RecordError
from parlour.core.records import FORMAT, load_record, record_of, replay
from parlour.games.beggar.game import GAME
from parlour.games.beggar.rules import FLIP, BeggarRules


def finished_game():
    state = GAME.new_state(3, seed=42, rules=BeggarRules(exhausted_payer="next_pays"))
    while not state.is_over:
        state.apply(FLIP)
    return state


def test_record_holds_only_non_default_rules_and_the_result() -> None:
    state = finished_game()
    record = record_of(state)
    assert record["format"] == FORMAT
    assert record["game"] == "beggar"
    assert record["rules"] == {"exhausted_payer": "next_pays"}
    assert record["seed"] == 42
    assert len(record["actions"]) == state.turns
    assert record["result"] == state.outcome.to_json()
    json.dumps(record)  # JSON-safe


def test_explicit_deal_records_replay_without_a_seed() -> None:
    state = GAME.new_state(2, deal={"hands": ["K--Q-", "-J---A"]})
    while not state.is_over:
        state.apply(FLIP)
    record = record_of(state)
    assert "seed" not in record
    _, events = replay(json.loads(json.dumps(record)))
    assert [e.to_json() for e in events] == [e.to_json() for e in state.log]


def test_a_tampered_result_is_detected() -> None:
    record = record_of(finished_game())
    record["result"]["winners"] = [9]
    with pytest.raises(RecordError, match="record says"):
        replay(record)


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"format": "other/2"}, "unsupported record format"),
        ({"game": "chess"}, "unknown game"),
        ({"rules": {"jokers": 7}}, "jokers"),
        ({"actions": [{"type": "shuffle"}]}, "malformed"),
    ],
)
def test_bad_records_are_refused(change: dict, fragment: str) -> None:
    record = record_of(finished_game())
    record.update(change)
    with pytest.raises(Exception, match=fragment):
        replay(record)


def test_load_record_reports_unreadable_files(tmp_path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        load_record(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(RecordError, match="not valid JSON"):
        load_record(bad)
