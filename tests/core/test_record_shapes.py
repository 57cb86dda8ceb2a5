"""A malformed game record is one clear line naming the field, and exit status 2, from both
commands that read one (`parlour replay FILE`, `parlour play --resume FILE`): never a traceback,
never a record quietly read as something else (seats "abc" as three players a, b and c)."""

from __future__ import annotations

import dataclasses
import json
import random
import typing
from pathlib import Path
from typing import Any

import pytest

from parlour.cli import main
from parlour.core.errors import RecordError
from parlour.core.records import MalformedRecord, record_of, replay
from parlour.core.registry import game_names, get_game

GAMES = game_names()  # every registered game, a new one included
COMMANDS = {
    "replay": lambda path: ["replay", path, "--json"],
    "resume": lambda path: ["play", "--resume", path, "--instant"],
}


def finished_record(name: str, seed: int = 5) -> dict[str, Any]:
    """A finished two-player game of `name` played by random moves, as a JSON record."""
    state = get_game(name).new_state(2, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    record = json.loads(json.dumps(record_of(state)))
    assert len(record["actions"]) >= 2
    return record


@pytest.fixture(autouse=True)
def _no_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """English messages, and no terminal app: a refused record never reaches the table."""
    from parlour.tui.app import ParlourApp

    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    monkeypatch.setenv("COLUMNS", "200")

    def opened(self: Any, *args: Any, **kwargs: Any) -> None:
        raise AssertionError("the malformed record was resumed")

    monkeypatch.setattr(ParlourApp, "run", opened)


def refused(
    record: dict[str, Any], command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> str:
    """The one line `parlour` writes for this record, once it has checked exit status 2."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    with pytest.raises(SystemExit) as stopped:
        main(COMMANDS[command](str(path)))
    captured = capsys.readouterr()
    assert stopped.value.code == 2, captured.err
    lines = [line for line in captured.err.splitlines() if line.strip()]
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("parlour: ") and "Traceback" not in captured.err
    assert captured.out == ""
    return lines[0]


def with_action(bad: Any) -> Any:
    def change(record: dict[str, Any]) -> None:
        record["actions"].insert(1, bad)

    return change


def setting(field: str, value: Any) -> Any:
    def change(record: dict[str, Any]) -> None:
        record[field] = value

    return change


def seat_field(key: str, value: Any) -> Any:
    def change(record: dict[str, Any]) -> None:
        record["seats"][0] = {"name": "Ann", key: value}

    return change


def seed_gone(deal: Any) -> Any:
    def change(record: dict[str, Any]) -> None:
        del record["seed"]
        record["deal"] = deal

    return change


# (id, change to a good record, words the line must hold)
SHAPES = [
    ("action-text", with_action("x"), "the record's action 2 must be an object"),
    ("action-number", with_action(5), "the record's action 2 must be an object"),
    ("action-null", with_action(None), "the record's action 2 must be an object"),
    ("action-list", with_action([1]), "the record's action 2 must be an object"),
    ("actions-text", setting("actions", "abc"), "the record's actions must be a list"),
    ("rules-list", setting("rules", [1]), "the record's rules must be an object of options"),
    ("rules-text", setting("rules", "abc"), "the record's rules must be an object of options"),
    ("seats-number", setting("seats", 5), "the record's seats must be a list of names, not 5"),
    ("seats-text", setting("seats", "abc"), "the record's seats must be a list of names"),
    ("seat-data", seat_field("data", 5), "the record's seat 1's data must be an object"),
    ("seat-age", seat_field("age", "x"), "the record's seat 1's age must be a whole number"),
    ("game-number", setting("game", 5), "the record's game must be a game's name"),
    ("seed-text", setting("seed", "1"), "the record's seed must be an integer"),
    ("seed-bool", setting("seed", True), "the record's seed must be an integer"),
    ("result-number", setting("result", 5), "the record's result must be an object"),
    ("no-seed-null-deal", seed_gone(None), "the record has neither a seed nor a deal"),
]


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize(("change", "words"), [s[1:] for s in SHAPES], ids=[s[0] for s in SHAPES])
@pytest.mark.parametrize("game", GAMES)
def test_a_malformed_record_is_one_line_and_status_2(
    game: str,
    change: Any,
    words: str,
    command: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    record = finished_record(game)
    change(record)
    assert words in refused(record, command, tmp_path, capsys)


# Deals that crashed the game's own deal reader: the record's deal is named.
DEALS = [
    ("beggar", [1], "a Beggar hand is a string of cards or a list of cards, not 1"),
    ("beggar", {"hands": [1, 2]}, "a Beggar hand is a string of cards or a list of cards"),
    ("beggar", {}, "a Beggar deal is a list of hands"),
    ("familles", {"hands": [1, 2]}, "the record's deal is malformed"),
    ("panoplies", {"hands": [1, 2]}, "the record's deal is malformed"),
    ("gofish", {"hands": [1, 2]}, "the record's deal is malformed"),
    ("flip7", {"deck": 5}, "the record's deal is malformed"),
]


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize(("game", "deal", "words"), DEALS)
def test_a_malformed_deal_is_one_line_and_status_2(
    game: str,
    deal: Any,
    words: str,
    command: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    record = finished_record(game)
    seed_gone(deal)(record)
    assert words in refused(record, command, tmp_path, capsys)


def _options_of(game: str, kind: type) -> list[str]:
    rules_class = get_game(game).rules_class
    hints = typing.get_type_hints(rules_class)
    return [
        f.name
        for f in dataclasses.fields(rules_class)
        if hints[f.name] is kind or hints[f.name] == kind | None
    ]


# (game, rules, words): each value checked against the option's declared type
RULES = [
    ("flip7", {"target": "abc"}, "option target takes a whole number, not 'abc'"),
    ("flip7", {"target": 1.5}, "option target takes a whole number, not 1.5"),
    ("flip7", {"max_turns": "x"}, "option max_turns takes a whole number, not 'x'"),
    ("flip7", {"flip7_bonus": [1]}, "option flip7_bonus takes a whole number"),
    (
        "flip7",
        {"second_chance_may_be_given": "yes"},
        "option second_chance_may_be_given takes true or false, not 'yes'",
    ),
    *[
        (g, {o: "abc"}, f"option {o} takes a whole number")
        for g in GAMES
        for o in _options_of(g, int)
    ],
    *[(g, {o: 1}, f"option {o} takes true or false") for g in GAMES for o in _options_of(g, bool)],
    *[(g, {o: 5}, f"option {o} takes text") for g in GAMES for o in _options_of(g, str)],
    # A whole number goes to the compiled kernels as 64 bits: one past that is refused.
    *[
        (g, {o: 2**63}, f"option {o} takes a whole number from -")
        for g in GAMES
        for o in _options_of(g, int)
    ],
]


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize(("game", "rules", "words"), RULES, ids=[f"{r[0]}-{r[1]}" for r in RULES])
def test_a_rules_value_of_the_wrong_type_names_the_option(
    game: str,
    rules: dict[str, Any],
    words: str,
    command: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    record = finished_record(game)
    record["rules"] = rules
    del record["result"]  # the record's own result is not what is tested here
    assert words in refused(record, command, tmp_path, capsys)


@pytest.mark.parametrize("bot", [5, ["strong"]])
def test_a_resumed_seat_whose_bot_is_not_a_name_is_refused(
    bot: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = finished_record("flip7")
    record["seats"][1] = {"name": "Bruno", "data": {"bot": bot}}
    line = refused(record, "resume", tmp_path, capsys)
    assert "the record's seat 2's bot must be a bot's name" in line


@pytest.mark.parametrize("game", GAMES)
def test_the_python_api_raises_a_record_error_for_a_malformed_record(game: str) -> None:
    record = finished_record(game)
    record["seats"] = "abc"
    with pytest.raises(MalformedRecord, match="seats must be a list") as raised:
        replay(record)
    assert isinstance(raised.value, RecordError)  # callers that catch RecordError still do


@pytest.mark.parametrize("game", GAMES)
def test_well_formed_records_still_replay(game: str) -> None:
    record = finished_record(game)
    record["seats"] = ["Ann", {"name": "Bob", "data": {}}]  # both documented forms
    record["deal"] = None  # a null deal beside a seed is no deal
    state, _ = replay(record)
    assert state.outcome is not None and state.outcome.to_json() == record["result"]
