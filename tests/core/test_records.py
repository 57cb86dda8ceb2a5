import json

import pytest

from parlour.core.errors import RecordError
from parlour.core.records import FORMAT, load_record, record_of, replay
from parlour.core.registry import game_names
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


def test_explicit_deal_records_replay() -> None:
    state = GAME.new_state(2, deal={"hands": ["K--Q-", "-J---A"]})
    while not state.is_over:
        state.apply(FLIP)
    record = record_of(state)
    assert "seed" not in record  # none was given: the deal alone decides the game
    _, events = replay(json.loads(json.dumps(record)))
    assert [e.to_json() for e in events] == [e.to_json() for e in state.log]


def test_what_is_drawn_after_an_explicit_deal_replays_from_the_record() -> None:
    # A Panoplies match of three games from an explicit first deal: the next deals come from
    # the seed, which the record keeps beside the deal (it used to keep only the deal).
    import random

    from parlour.core.options import make_rules
    from parlour.core.registry import get_game

    game = get_game("panoplies")
    cards = list(range(42))
    random.Random(3).shuffle(cards)
    deal = {"hands": [cards[0:5], cards[5:10], cards[10:15]], "pile": cards[15:], "first": 2}
    rules = make_rules(game.rules_class, {"games": 3})
    logs = {}
    for seed in (99, None):  # a seed given, or none (then seed 0 draws after the deal)
        state = game.new_state(3, seed=seed, deal=deal, rules=rules)
        rng = random.Random(5)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        record = json.loads(json.dumps(record_of(state)))
        assert record["deal"] == deal and record.get("seed") == seed
        _, events = replay(record)
        logs[seed] = [e.to_json() for e in state.log]
        assert [e.to_json() for e in events] == logs[seed]
    assert logs[99] != logs[None]  # the seed did decide what came after the deal


def test_a_record_whose_deal_is_not_what_it_says_was_dealt_is_refused() -> None:
    from parlour.core.records import dealt

    state = finished_game()
    record = json.loads(json.dumps(record_of(state)))
    record["dealt"] = dealt(GAME.new_state(3, seed=42, rules=BeggarRules()))
    replay(record)  # the same deal: accepted
    record["dealt"] = record["dealt"][::-1]
    record["engine"] = "0.0.1"
    with pytest.raises(RecordError, match=r"deals the recorded seed differently.*Parlour 0\.0\.1"):
        replay(record)


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
    huge = tmp_path / "huge.json"
    huge.write_text('{"seed": ' + "7" * 5000 + "}")
    with pytest.raises(RecordError, match="not a game record"):
        load_record(huge)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(RecordError, match="nested too deep"):
        load_record(deep)


def _random_finished_record(name: str, seed: int) -> dict:
    """A finished game of `name` played by uniformly random moves, as a record."""
    import random

    from parlour.core.registry import get_game

    game = get_game(name)
    # Three players where the game allows it (two for Beggar, whose random games run long).
    players = 2 if name == "beggar" else min(3, game.max_players)
    state = game.new_state(players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return json.loads(json.dumps(record_of(state)))


GAMES = game_names()  # every registered game, a new one included


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("kept", [0.0, 0.5, 0.99])
def test_a_truncated_record_that_claims_a_result_is_refused(name: str, kept: float) -> None:
    record = _random_finished_record(name, seed=11)
    assert len(record["actions"]) >= 2
    record["actions"] = record["actions"][: int(len(record["actions"]) * kept)]
    with pytest.raises(RecordError, match=r"replay gives None, but the record says"):
        replay(record)
    # The same truncated game without a claimed result is an honest unfinished record.
    del record["result"]
    state, _ = replay(record)
    assert not state.is_over


@pytest.mark.parametrize("name", GAMES)
def test_a_record_with_an_illegal_action_is_refused(name: str) -> None:
    record = _random_finished_record(name, seed=12)
    # One more move after the end is illegal in every game.
    record["actions"].append(record["actions"][-1])
    with pytest.raises(RecordError, match=rf"action {len(record['actions'])} .* is illegal"):
        replay(record)


@pytest.mark.parametrize("name", ["familles", "panoplies"])
def test_a_record_with_a_move_out_of_turn_is_refused(name: str) -> None:
    record = _random_finished_record(name, seed=13)
    first = record["actions"][0]
    assert first["type"] == "ask"
    # The first mover asking himself is never legal: it names the seat that holds the turn.
    state = replay({**record, "actions": [], "result": None})[0]
    record["actions"][0] = {**first, "target": state.to_move}
    with pytest.raises(RecordError, match=r"action 1 .* is illegal"):
        replay(record)


def test_a_recorded_move_with_a_key_it_has_not_is_refused() -> None:
    record = json.loads(json.dumps(record_of(finished_game())))
    record["actions"][3] = {"type": "flip", "seat": 1}
    with pytest.raises(RecordError, match=r"action 4 .* unknown key 'seat' in a move"):
        replay(record)
