"""Per-game faces of the table: how a seat's view, its moves and its hints read on screen.

A game brings its table through its `terminal_table` capability: a module of its own package
with `render(ctx)`, `describe(action_json, ctx)`, `sort_key(action_json, ctx)` and `hints(ctx)`;
a game without one is played through the generic module here, which shows the view as it is and
names moves from their JSON forms. Every function works from the `TableContext` alone: the view
of the seat at the screen and the events it may see.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from parlour.core.events import Event


@dataclass
class TableContext:
    game: str
    view: dict[str, Any]
    lang: str
    names: Sequence[str]
    viewer: int | None
    bots: Mapping[int, str]
    events: Sequence[Event]
    rules: Any
    # How much the table must shrink to fit its pane: 0 as designed; a game that can shrink
    # says how far with a module constant `COMPACT_LEVELS` (the screen tries each in turn).
    compact: int = 0

    def name(self, seat: Any) -> str:
        try:
            return self.names[int(seat)]
        except (TypeError, ValueError, IndexError):
            return str(seat)


def module_for(game: str) -> ModuleType:
    """The game's table module, or the generic one while the game has none."""
    from parlour.core.registry import get_game

    table = get_game(game).terminal_table()
    return table if table is not None else generic_table()


def generic_table() -> ModuleType:
    """The table that shows any view as it is."""
    return importlib.import_module("parlour.tui.tables.generic")
