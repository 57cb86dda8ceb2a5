"""Where the layers find games by name: the `parlour.games` entry-point group.

Every game, the shipped ones included, is an entry point `name = "package.module:GAME"` of that
group, so an outside package adds a game (with its faces, through the hooks of
`parlour.core.capabilities`) by declaring one in its own metadata, without touching Parlour.
A game is imported only when first asked for; one that fails to import is left out of
`game_names()` (an optional extra missing, say) and named in the error of `get_game`.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING, Any

from parlour.core.errors import ParlourError

if TYPE_CHECKING:
    from parlour.core.game import Game

GROUP = "parlour.games"


@cache
def _entry_points() -> dict[str, EntryPoint]:
    found: dict[str, EntryPoint] = {}
    for point in entry_points(group=GROUP):
        # The first distribution that names a game keeps it (an outside package cannot
        # silently replace a shipped game by declaring the same name).
        found.setdefault(point.name.strip().lower(), point)
    return found


def registered_names() -> list[str]:
    """Every declared game, importable or not, in a stable order."""
    return sorted(_entry_points())


def game_names() -> list[str]:
    """The games that load, in a stable order."""
    return [name for name in registered_names() if _load(name) is not None]


@cache
def _load(name: str) -> Game | None:
    try:
        game: Any = _entry_points()[name].load()
    except ImportError:
        return None
    return game  # type: ignore[no-any-return]


def get_game(name: str) -> Game:
    key = name.strip().lower()
    game = _load(key) if key in _entry_points() else None
    if game is None:
        raise ParlourError(f"unknown game {name!r}; games are: {', '.join(game_names())}")
    return game


def games_phrase() -> str:
    """The registered games for a help text: "beggar, familles, flip7 or panoplies"."""
    names = registered_names()
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} or {names[-1]}"
