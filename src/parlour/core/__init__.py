"""The game contract shared by every game and every layer (docs/writing-a-game.md, "The contract").

The names below load on first use: every `parlour` command imports `parlour.core.errors`, which
runs this file, and `parlour --help` should not pay for the game classes.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from parlour.core.errors import IllegalAction, ParlourError, RecordError, RulesError
    from parlour.core.events import Event
    from parlour.core.game import Action, Game, Outcome, Seat, State

_HOMES = {
    "IllegalAction": "parlour.core.errors",
    "ParlourError": "parlour.core.errors",
    "RecordError": "parlour.core.errors",
    "RulesError": "parlour.core.errors",
    "Event": "parlour.core.events",
    "Action": "parlour.core.game",
    "Game": "parlour.core.game",
    "Outcome": "parlour.core.game",
    "Seat": "parlour.core.game",
    "State": "parlour.core.game",
}

__all__ = [
    "Action",
    "Event",
    "Game",
    "IllegalAction",
    "Outcome",
    "ParlourError",
    "RecordError",
    "RulesError",
    "Seat",
    "State",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'parlour.core' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # later look-ups skip this function
    return value
