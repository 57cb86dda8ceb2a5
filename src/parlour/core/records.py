"""Game records (`parlour-record/1`): the single saved form of a game.

A record holds the game, the rules that differ from the defaults (with the text of a file one
of them names, such as a custom deck), the seats, the seed (and the explicit deal, if any), the
actions in order and, once over, the result. Replaying it reproduces the game event for event.
The format is documented in docs/records.md.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from parlour.core.errors import IllegalAction, ParlourError, RecordError
from parlour.core.events import Event
from parlour.core.game import Game, Seat, State
from parlour.core.options import make_rules, rules_diff
from parlour.core.registry import get_game

FORMAT = "parlour-record/1"


def record_of(state: State) -> dict[str, Any]:
    """The record of a game, finished or not."""
    rules = rules_diff(state.rules)
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": state.game.name,
        "rules": rules,
        "seats": [seat.to_json() for seat in state.seats],
    }
    if files := files_of(state.game, rules):
        record["files"] = files
    if state.deal is not None:
        record["deal"] = state.deal
    if state.seed is not None:  # beside a deal too: the draws after it replay from the seed
        record["seed"] = state.seed
    record["actions"] = list(state.actions)
    if state.outcome is not None:
        record["result"] = state.outcome.to_json()
    return record


def files_of(game: Game, rules: Mapping[str, Any]) -> dict[str, str]:
    """The record's `files`: the text of the file a rules value names (a deck read from a path,
    or uploaded and known only by its hash in this process), so that the record replays in any
    process and folder. Empty when no value names a file, or when its text cannot be had: the
    record then names the file only, as records always did."""
    upload = game.upload_option()
    value = rules.get(upload.field) if upload is not None else None
    if upload is None or not isinstance(value, str):
        return {}
    text = upload.text_of(value)
    return {upload.field: text} if text is not None else {}


class MalformedRecord(RecordError):
    """A record whose fields do not have the shape docs/records.md gives them (seats that are
    not a list, an action that is not an object...). The file given is at fault, as a bad
    option is: exit status 2, where a record that cannot be read or does not replay gives 1."""

    exit_code = 2


def _shown(value: Any) -> str:
    """A field's value in a message: its JSON form, cut short."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _check_seat(index: int, seat: Any) -> None:
    where = f"the record's seat {index + 1}"
    if isinstance(seat, str):
        return
    if not isinstance(seat, Mapping) or not isinstance(seat.get("name"), str):
        raise MalformedRecord(
            f'{where} must be a name or an object with a "name", not {_shown(seat)}'
        )
    age = seat.get("age")
    if age is not None and (not isinstance(age, int) or isinstance(age, bool)):
        raise MalformedRecord(f"{where}'s age must be a whole number, not {_shown(age)}")
    data = seat.get("data")
    if data is not None and not isinstance(data, Mapping):
        raise MalformedRecord(f"{where}'s data must be an object, not {_shown(data)}")


def check_record(record: Any) -> None:
    """Refuse a record whose fields do not have their documented shape, naming the field.

    Checks what every game shares (docs/records.md): `format`, then `game` a name, `rules` an
    object, `files` an object of texts, `seats` a list of names or seat objects, `seed` a whole
    number, a seed or a deal, `actions` a list of objects, `result` an object. The values
    themselves (an option's type, a deal's cards, an action's fields, a file's text) are the
    game's to check when the game is rebuilt.
    """
    if not isinstance(record, Mapping):
        raise RecordError("a record is a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"unsupported record format {record.get('format')!r} (expected {FORMAT})")
    for name in ("game", "seats"):
        if name not in record:
            raise MalformedRecord(f"the record has no {name!r} field")
    game = record["game"]
    if not isinstance(game, str):
        raise MalformedRecord(f"the record's game must be a game's name, not {_shown(game)}")
    rules = record.get("rules")
    if rules is not None and not isinstance(rules, Mapping):
        raise MalformedRecord(
            f"the record's rules must be an object of options, not {_shown(rules)}"
        )
    files = record.get("files")
    if files is not None and not isinstance(files, Mapping):
        raise MalformedRecord(
            f"the record's files must be an object of file texts, not {_shown(files)}"
        )
    for name, text in (files or {}).items():
        if not isinstance(text, str):
            raise MalformedRecord(f"the record's {name} file must be a text, not {_shown(text)}")
    seats = record["seats"]
    if not isinstance(seats, list):
        raise MalformedRecord(f"the record's seats must be a list of names, not {_shown(seats)}")
    for index, seat in enumerate(seats):
        _check_seat(index, seat)
    seed = record.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise MalformedRecord(f"the record's seed must be an integer, got {seed!r}")
    if seed is None and record.get("deal") is None:
        raise MalformedRecord("the record has neither a seed nor a deal")
    actions = record.get("actions")
    if actions is not None and not isinstance(actions, list):
        raise MalformedRecord(f"the record's actions must be a list, not {_shown(actions)}")
    for index, action in enumerate(actions or []):
        if not isinstance(action, Mapping):
            raise MalformedRecord(
                f"the record's action {index + 1} must be an object such as "
                f'{{"type": ...}}, not {_shown(action)}'
            )
    result = record.get("result")
    if result is not None and not isinstance(result, Mapping):
        raise MalformedRecord(f"the record's result must be an object, not {_shown(result)}")


def start_from_record(record: Mapping[str, Any]) -> State:
    """The state at the start of the recorded game (before any action).

    A record of the wrong shape is refused first (`check_record`): RecordError, or its
    MalformedRecord, saying which field is at fault.
    """
    check_record(record)
    game = get_game(record["game"])
    values = dict(record.get("rules") or {})
    values.update(_registered(game, record.get("files") or {}))
    rules = make_rules(game.rules_class, values)
    seats = [Seat.from_json(s) for s in record["seats"]]
    deal = record.get("deal")
    try:
        state = game.new_state(seats, seed=record.get("seed"), deal=deal, rules=rules)
    except (AttributeError, IndexError, KeyError, TypeError, ValueError) as err:
        if deal is None:
            raise  # a seeded game that cannot start is the engine's fault, not the record's
        why = f"no {err.args[0]!r}" if isinstance(err, KeyError) and err.args else str(err)
        raise MalformedRecord(f"the record's deal is malformed: {why}") from None
    if "dealt" in record and dealt(state) != json_safe(record["dealt"]):
        raise RecordError(
            "this engine deals the recorded seed differently"
            + (f" ({origin})" if (origin := engine_origin(record)) else "")
            + ": the game cannot be replayed identically"
        )
    return state


def _registered(game: Game, files: Mapping[str, str]) -> dict[str, str]:
    """The rules values naming the record's files once registered: the file's text is the
    record's own, so the game's value names it in this process whatever it was where the game
    was played (a path elsewhere, an upload this process never saw)."""
    upload = game.upload_option()
    values = {}
    for name, text in files.items():
        if upload is None or name != upload.field:
            takes = f"only a {upload.field!r} file" if upload is not None else "no file"
            raise MalformedRecord(
                f"the record's files hold a {name!r} file; {game.name} takes {takes}"
            )
        try:
            values[name] = upload.register(text)
        except ParlourError as err:
            why = " ".join(str(err).split())  # one line, whatever the game's message holds
            raise MalformedRecord(f"the record's {name} file is refused: {why}") from None
    return values


def json_safe(obj: Any) -> Any:
    """`obj` as JSON gives it back (tuples as lists, keys as strings): what a record compares."""
    return json.loads(json.dumps(obj))


def dealt(state: State) -> list[Any]:
    """Each seat's view of the game as dealt (JSON-safe): a record's optional `dealt`, which
    catches an engine that deals the seed differently before any move is replayed."""
    return [json_safe(state.view(seat)) for seat in range(state.num_players)]


def engine_origin(record: Mapping[str, Any]) -> str:
    """ "dealt by Parlour X, this is Parlour Y" when the record names another engine, else ""."""
    from parlour import __version__

    engine = record.get("engine")
    if engine is None or engine == __version__:
        return ""
    return f"dealt by Parlour {engine}, this is Parlour {__version__}"


def replay(record: Mapping[str, Any]) -> tuple[State, list[Event]]:
    """Replay a record; returns the final state and every event, in order.

    Raises RecordError if an action is illegal or the result differs from the recorded one.
    """
    state = start_from_record(record)  # checks the record's shape, the actions' included
    actions = record.get("actions") or []
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
    except ValueError as err:  # an integer of over 4,300 digits
        raise RecordError(f"{path} is not a game record: {err}") from None
    except RecursionError:
        raise RecordError(f"{path} is not a game record: its JSON is nested too deep") from None
    if not isinstance(record, dict):
        raise RecordError(f"{path} does not hold a record object")
    return record


__all__ = [
    "FORMAT",
    "MalformedRecord",
    "ParlourError",
    "check_record",
    "dealt",
    "engine_origin",
    "files_of",
    "json_safe",
    "load_record",
    "record_of",
    "replay",
    "save_record",
    "start_from_record",
]
