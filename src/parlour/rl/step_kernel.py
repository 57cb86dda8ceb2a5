"""The contract of a game's step kernel: N games stepped together in compiled code.

A game that offers the `step_kernel` capability returns, for given rules and a number of
players, an object of this shape. The vectorized Gymnasium environment
(`gymnasium.make_vec("parlour/<game>-v0", ...)`), the search bots' playouts and the bulk paths
all drive the same kernel, so each game's compiled rules exist once.

Everything is arrays of N games (a *batch*, opaque to callers: whatever the kernel keeps). The
kernel plays the same games as the reference engine: the game dealt from seed `s` is the one of
`game.new_state(num_players, seed=s, rules=rules)`, and a kernel bot seeded with `b` plays as
the reference bot whose `rng` is `random.Random(b)`. Observations and masks are those of the
single environment: `observe` writes what `encoder.encode(state.view(seat), seat)` returns and
`masks` what `action_mask(state, num_actions)` returns, so a policy trained on one runs on the
other. Nothing here reads another seat's hidden cards into an observation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np

from parlour.core.game import State

# `status` codes written by `outcome` (the reference `Outcome.status` strings, in this order).
STATUS_PLAYING, STATUS_FINISHED, STATUS_CAPPED = 0, 1, 2


class StepKernel(Protocol):
    """N games of one game with fixed rules and number of players."""

    num_players: int
    num_actions: int  # the single env's action space size (`game.num_actions`)
    obs_size: int  # the single env's observation size (`encoder.size`)

    def bot_names(self) -> Sequence[str]:
        """The bots (as the command line names them) the kernel plays itself."""
        ...

    def accepts_bot(self, spec: str) -> bool:
        """Whether the kernel plays this bot spec itself, parameters included
        (Flip 7's `threshold:20`)."""
        ...

    def new_batch(self, num_envs: int) -> Any:
        """Room for `num_envs` games, none dealt yet."""
        ...

    def deal(self, batch: Any, where: np.ndarray, seeds: np.ndarray) -> None:
        """Deal a new game in every slot where `where` (bool, N) is true, from `seeds`
        (int64, N)."""
        ...

    def seat_bots(
        self, batch: Any, where: np.ndarray, bots: Sequence[str], seeds: np.ndarray
    ) -> None:
        """Seat the kernel bots `bots` (one spec per seat, "" for a seat played from outside)
        in the slots where `where` is true, the bot of seat k seeded with `seeds[:, k]`."""
        ...

    def to_move(self, batch: Any) -> np.ndarray:
        """The seat to move in each game (int64, N); -1 where the game is over."""
        ...

    def masks(self, batch: Any, out: np.ndarray) -> None:
        """The legal action ids of the seat to move (int8, N x num_actions; zeros when over)."""
        ...

    def observe(self, batch: Any, seats: np.ndarray, out: np.ndarray) -> None:
        """Seat `seats[i]`'s observation of game i (float32, N x obs_size)."""
        ...

    def step(self, batch: Any, actions: np.ndarray) -> np.ndarray:
        """Play `actions[i]` (int64) for the seat to move in every game not over, then the
        chance events it causes. Returns where the action was illegal (bool, N): those games
        are left exactly as they were."""
        ...

    def play_bots(self, batch: Any) -> None:
        """Let the seated kernel bots move until, in every game, a seat played from outside is
        to move or the game is over."""
        ...

    def outcome(self, batch: Any, returns: np.ndarray, status: np.ndarray) -> None:
        """Each game's `Outcome.returns` (float64, N x players; zeros while playing) and status
        (int8, N; the STATUS_* codes)."""
        ...

    def load(self, batch: Any, index: int, state: State) -> None:
        """Put a reference state (for search, a determinized one) into slot `index`."""
        ...

    def read(self, batch: Any, index: int) -> State:
        """The reference state equal to slot `index`'s game."""
        ...
