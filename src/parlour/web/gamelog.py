"""A stored game's head and its rebuilding: the record's provenance and the deal dealt.

The head of a web game's record is `record_of(state)` at the deal, without actions, plus:

- `engine`: the version of Parlour that dealt it;
- `date`: when it was dealt (UTC, ISO 8601);
- `seed` always, even beside an explicit `deal`, so that later random draws replay too;
- `dealt`: what the deal gave each seat, as each saw it (`state.view(seat)` before any move);
- `files`, as any record has it, with the text of the deck the table's host uploaded.

Rebuilding a game compares the deal the engine now produces with `dealt`: a different engine
that deals the seed differently is caught at once, with a message that says so, instead of a
game silently drifting into another one.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from typing import Any

from parlour import __version__
from parlour.core.errors import IllegalAction, ParlourError, RecordError
from parlour.core.game import Game, State
from parlour.core.records import dealt, engine_origin, json_safe, record_of, start_from_record


def head_of(state: State) -> dict[str, Any]:
    """The stored head of a game just dealt."""
    head = record_of(state)
    head.pop("actions", None)
    head.pop("result", None)
    head["seed"] = state.seed
    head["engine"] = __version__
    head["date"] = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    head["dealt"] = dealt(state)
    return head


def with_upload(record: Mapping[str, Any], game: Game, text: str | None) -> dict[str, Any]:
    """The record with the table's uploaded file (`text`) as its `files`, where it has none
    and its rules name that very file: a game stored before records carried files replays
    anywhere once served, and a table whose host uploaded another deck since gives no game
    a deck it was not played with."""
    upload = game.upload_option()
    if text is None or upload is None or "files" in record:
        return dict(record)
    try:
        named = upload.register(text)  # the value that names this text, as the table's rules
    except ParlourError:
        return dict(record)
    rules = record.get("rules")
    if not isinstance(rules, Mapping) or rules.get(upload.field) != named:
        return dict(record)
    return {**record, "files": {upload.field: text}}


def rebuild(
    head: Mapping[str, Any], actions: Sequence[Mapping[str, Any]], result: Any = None
) -> State:
    """The game of this head after these actions; RecordError, saying why, if it cannot be.

    A game dealt by another engine version replays if this engine deals it the same way and
    accepts every move; otherwise the error names both versions.
    """
    origin = engine_origin(head)
    state = start_from_record(head)  # which compares the deal with `dealt`
    for index, obj in enumerate(actions):
        try:
            state.apply(state.action_from_json(obj))
        except (IllegalAction, KeyError, TypeError, ValueError) as err:
            why = getattr(err, "message", None) or str(err)
            raise RecordError(
                f"move {index + 1} ({obj}) is refused: {why}" + (f" ({origin})" if origin else "")
            ) from None
    if result is not None:
        got = state.outcome.to_json() if state.outcome else None
        if json_safe(got) != json_safe(result):
            raise RecordError(
                f"replay gives {got}, but the record says {result}"
                + (f" ({origin})" if origin else "")
            )
    return state
