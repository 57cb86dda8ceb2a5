"""Game records (`parlour-record/1`): the single saved form of a game.

A record holds the game, the rules that differ from the defaults, the seats, the seed or the
explicit deal, the actions in order and, once over, the result. Replaying it reproduces the
game event for event. The format is documented in docs/records.md.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from parlour.core.errors import IllegalAction, ParlourError, RecordError
from parlour.core.events import Event
from parlour.core.game import Seat, State
from parlour.core.options import make_rules, rules_diff
from parlour.core.registry import get_game

FORMAT = "parlour-record/1"


def record_of(state: State) -> dict[str, Any]:
    """The record of a game, finished or not."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": state.game.name,
        "rules": rules_diff(state.rules),
        "seats": [seat.to_json() for seat in state.seats],
    }
    if state.deal is not None:
        record["deal"] = state.deal
    else:
        record["seed"] = state.seed
    record["actions"] = list(state.actions)
    if state.outcome is not None:
        record["result"] = state.outcome.to_json()
    return record


def start_from_record(record: Mapping[str, Any]) -> State:
    """The state at the start of the recorded game (before any action)."""
    if not isinstance(record, Mapping):
        raise RecordError("a record is a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"unsupported record format {record.get('format')!r} (expected {FORMAT})")
    try:
        game = get_game(str(record["game"]))
        rules = make_rules(game.rules_class, record.get("rules") or {})
        seats = [Seat.from_json(s) for s in record["seats"]]
    except KeyError as err:
        raise RecordError(f"the record has no {err.args[0]!r} field") from None
    if "deal" not in record and "seed" not in record:
        raise RecordError("the record has neither a seed nor a deal")
    seed = record.get("seed")
    if seed is not None and not isinstance(seed, int):
        raise RecordError(f"the record's seed must be an integer, got {seed!r}")
    return game.new_state(seats, seed=seed, deal=record.get("deal"), rules=rules)


def replay(record: Mapping[str, Any]) -> tuple[State, list[Event]]:
    """Replay a record; returns the final state and every event, in order.

    Raises RecordError if an action is illegal or the result differs from the recorded one.
    """
    state = start_from_record(record)
    actions = record.get("actions") or []
    if not isinstance(actions, list):
        raise RecordError("the record's actions must be a list")
    for index, obj in enumerate(actions):
        try:
            state.apply(state.action_from_json(obj))
        except IllegalAction as err:
            raise RecordError(f"action {index + 1} ({obj}) is illegal: {err.message}") from None
        except (KeyError, TypeError, ValueError) as err:
            raise RecordError(f"action {index + 1} ({obj}) is malformed: {err}") from None
    expected = record.get("result")
    if expected is not None:
        got = state.outcome.to_json() if state.outcome else None
        if got != expected:
            raise RecordError(f"replay gives {got}, but the record says {expected}")
    return state, list(state.log)


def save_record(state: State, path: str | Path) -> None:
    Path(path).write_text(json.dumps(record_of(state), ensure_ascii=False, indent=1) + "\n")


def load_record(path: str | Path) -> dict[str, Any]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as err:
        raise RecordError(f"cannot read {path}: {err.strerror}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a game record (not a text file)") from None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(f"{path} is not valid JSON: {err.msg} (line {err.lineno})") from None
    if not isinstance(record, dict):
        raise RecordError(f"{path} does not hold a record object")
    return record


__all__ = [
    "FORMAT",
    "ParlourError",
    "load_record",
    "record_of",
    "replay",
    "save_record",
    "start_from_record",
]
