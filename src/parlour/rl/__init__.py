"""Research adapters: PettingZoo, Gymnasium and OpenSpiel views of every Parlour game.

The adapters are optional extras (`pip install parlour[rl]`, `parlour[openspiel]`); importing
this package costs nothing, each adapter module imports its library when it is used.

Every observation an agent gets is built by a game's `ViewEncoder` from `State.view(seat)` and
nothing else, so an agent can never read a card its seat could not see at a real table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from parlour.rl.encoding import ViewEncoder, action_mask, make_encoder

__all__ = ["ViewEncoder", "action_mask", "make_encoder"]


def __getattr__(name: str) -> Any:
    # On first use only: `parlour.rl.cli` is imported by every command, NumPy is not needed there.
    if name not in __all__:
        raise AttributeError(f"module 'parlour.rl' has no attribute {name!r}")
    from parlour.rl import encoding

    value = getattr(encoding, name)
    globals()[name] = value
    return value
