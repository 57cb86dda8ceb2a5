"""The privacy check shared by the server and browser tests.

Every state message a client received must be exactly its seat's view at that step, and the
events it received must be exactly the events filtered for its seat, in order, nothing more.
A seat's hints must be what the game's helpers make of that view and those events alone (so
they tell nothing else); a spectator gets no hint.
"""

from __future__ import annotations

import json
from typing import Any

from parlour.core.records import start_from_record
from parlour.core.registry import get_game
from parlour.web.hints import seat_hint


def _plain(obj: Any) -> Any:
    return json.loads(json.dumps(obj))


def check_frames(record: dict[str, Any], frames: list[dict[str, Any]], seat: int | None) -> int:
    """Check the state frames of one game against its record; returns how many were checked."""
    state = start_from_record(record)
    game = get_game(record["game"])
    actions = record["actions"]
    frames = [f for f in frames if f.get("type") == "state" and f.get("view") is not None]
    seen_events: list[dict[str, Any]] = []
    expected_from = 0
    for frame in frames:
        while len(state.actions) < frame["step"]:
            state.apply(state.action_from_json(actions[len(state.actions)]))
        visible = [e for e in state.log if e.visible_to(seat)]
        filtered = [e.to_json() for e in visible]
        assert frame["you"] == seat
        view = state.view(seat)
        assert frame["view"] == _plain(view), f"step {frame['step']}"
        if seat is None:
            assert "hints" not in frame
        else:
            hint = seat_hint(game, state.rules, seat, len(state.seats), view, visible)
            assert frame["hints"] == _plain(hint), f"step {frame['step']}"
        if frame["initial"]:
            seen_events, expected_from = [], len(filtered)
        else:
            seen_events.extend(frame["events"])
            assert seen_events == _plain(filtered[expected_from:]), f"step {frame['step']}"
    return len(frames)
