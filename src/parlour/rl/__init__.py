"""Research adapters: PettingZoo, Gymnasium and OpenSpiel views of every Parlour game.

The adapters are optional extras (`pip install parlour[rl]`, `parlour[openspiel]`); importing
this package costs nothing, each adapter module imports its library when it is used.

Every observation an agent gets is built by a game's `ViewEncoder` from `State.view(seat)` and
nothing else, so an agent can never read a card its seat could not see at a real table.
"""

from parlour.rl.encoding import ViewEncoder, action_mask, make_encoder

__all__ = ["ViewEncoder", "action_mask", "make_encoder"]
