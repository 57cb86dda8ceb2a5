"""Reading a move from JSON: a key the move does not have is refused, never ignored.

A move is sent by the web table, a record or a researcher's script; `{"type": "hit", "seat": 2}`
silently played as a plain hit would hide a client's mistake (it meant to target seat 2), so an
unknown key is an error that names the keys the move has.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def check_move_keys(
    obj: Mapping[str, Any], keys: Iterable[str], sizing: Iterable[str] = ()
) -> None:
    """Raise ValueError when `obj` has a key outside `keys`; `sizing` names keys a game-level
    reader also takes (the deck's size, for the id), which no move carries, so the message
    does not offer them."""
    allowed = list(keys)
    taken = {*allowed, *sizing}
    unknown = sorted(repr(key) for key in obj if key not in taken)
    if unknown:
        raise ValueError(f"unknown key {unknown[0]} in a move; its keys are {', '.join(allowed)}")
