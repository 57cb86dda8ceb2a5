"""Where the layers find games by name: the `parlour.games` entry-point group.

Every game, the shipped ones included, is an entry point `name = "package.module:GAME"` of that
group, so an outside package adds a game (with its faces, through the hooks of
`parlour.core.capabilities`) by declaring one in its own metadata, without touching Parlour.
A game is imported only when first asked for; one that fails to load (an optional extra
missing, an outside package with a bug) is left out of `game_names()`, and `get_game` names it
with the reason: one broken package never takes the other games down with it.
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
    return [name for name in registered_names() if not isinstance(_load(name), LoadFailure)]


def shipped_names() -> list[str]:
    """The games that load and come with Parlour itself (their module is in `parlour`), as
    Parlour's own pages list them: an outside game installed beside it is left out."""
    points = _entry_points()
    return [name for name in game_names() if points[name].module.split(".")[0] == "parlour"]


class LoadFailure(str):
    """Why a declared game failed to load (the error's own message)."""


@cache
def _load(name: str) -> Game | LoadFailure:
    try:
        game: Any = _entry_points()[name].load()
    except Exception as error:  # whatever a package's import raises is its own failure
        return LoadFailure(str(error) or type(error).__name__)
    return game  # type: ignore[no-any-return]


def get_game(name: str) -> Game:
    key = name.strip().lower()
    if key not in _entry_points():
        raise ParlourError(f"unknown game {name!r}; games are: {', '.join(game_names())}")
    game = _load(key)
    if isinstance(game, LoadFailure):
        raise ParlourError(f"game {key!r} cannot be loaded ({game})")
    return game


def games_phrase() -> str:
    """The registered games for a help text: "beggar, familles, flip7 or panoplies"."""
    names = registered_names()
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} or {names[-1]}"
