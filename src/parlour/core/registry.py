"""Where the layers find games (by name) without importing every game at start-up."""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING, Any

from parlour.core.errors import ParlourError

if TYPE_CHECKING:
    from parlour.core.game import Game

# name -> "module:attribute"; a game joins Parlour by adding one line here.
GAME_MODULES: dict[str, str] = {
    "beggar": "parlour.games.beggar.game:GAME",
    "flip7": "parlour.games.flip7.game:GAME",
    "familles": "parlour.games.familles.game:GAME",
    "panoplies": "parlour.games.panoplies.game:GAME",
}


def game_names() -> list[str]:
    return [name for name in GAME_MODULES if _importable(name)]


def _importable(name: str) -> bool:
    module, _, _ = GAME_MODULES[name].partition(":")
    try:
        importlib.import_module(module)
    except ImportError:
        return False
    return True


@cache
def get_game(name: str) -> Game:
    key = name.strip().lower()
    if key not in GAME_MODULES or not _importable(key):
        raise ParlourError(f"unknown game {name!r}; games are: {', '.join(game_names())}")
    module, _, attribute = GAME_MODULES[key].partition(":")
    game: Any = getattr(importlib.import_module(module), attribute)
    return game
