"""The ask-and-draw games' step kernel (`parlour.rl.step_kernel.StepKernel`): N games of the 7
familles, Panoplies or Go Fish stepped together on the compiled kernel (`askdraw.kernel`).

The kernel's games are the reference engine's: the game dealt from seed `s` is the one of
`new_state(n, seed=s)` (default seats: no ages, no chosen characters, so seat s plays
Panoplies' character s), an ask is `State.apply` of the same action id, and a kernel bot
seeded with `b` plays as the game's bot of that name whose `rng` is `random.Random(b)`: the
`random`, `memory` and `first` bots the bulk path plays (`askdraw.bulk.KERNEL_BOTS`). The
compiled loops live in `kernel.py` (its disk cache is per file); this module is their Python
face: the batch, the bots by name, and the reference states in and out.

Beyond the protocol, `illegal` of `step` is the reference engine's refusal (`IllegalAction`)
and changes nothing, and two optional members fuse the calls a vector env makes at every step
into one pass over the games, each read once while in cache: `advance` (step, the bots, the
outcome and the seats to move), `view` (observations and masks), and both at once
(`advance_view`, with `view_at` for the games dealt after it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from parlour.bots.base import parse_bot_spec
from parlour.core.errors import ParlourError
from parlour.core.game import Game, State
from parlour.core.mersenne_state import from_kernel, to_kernel
from parlour.games.askdraw import kernel
from parlour.games.askdraw.bulk import KERNEL_BOTS
from parlour.rl.encoding import make_encoder


@dataclass
class Batch:
    """N games: their state arrays, generators (each seat's bot's, then the state's) and the
    bot of each seat (`kernel.EXTERNAL`: played from outside)."""

    st: np.ndarray
    mts: np.ndarray
    bots: np.ndarray

    @property
    def size(self) -> int:
        return int(self.st.shape[0])


class AskDrawStepKernel:
    """N games of one ask-and-draw game, rules and number of players.

    `table` is the game's `kernel.rules_tuple`; `first_out_wins`: Go Fish without
    `most_books_wins`, where the first player out takes the win.
    """

    def __init__(
        self,
        game: Game,
        rules: Any,
        num_players: int,
        table: tuple[int, ...],
        first_out_wins: bool = False,
    ) -> None:
        self.game = game
        self.rules = rules
        self.num_players = num_players
        self.num_actions = game.num_actions(rules, num_players)
        encoder = make_encoder(game, rules, num_players)
        self.obs_size = encoder.size
        starts = encoder.layout.starts
        self._starts = np.array([starts.get(name, -1) for name in kernel.OBS_SEGMENTS], np.int64)
        self._kind = kernel.kind_of(table)
        self._table = table
        kernel.kernel_table(table, num_players, False, False)  # refuses a table that cannot sit
        self._first_out_wins = first_out_wins

    @property
    def table(self) -> tuple[int, ...]:
        """The kernel's rules tuple of these rules and players (`kernel.rules_tuple`)."""
        return self._table

    def bot_names(self) -> Sequence[str]:
        return KERNEL_BOTS

    def accepts_bot(self, spec: str) -> bool:
        return spec in KERNEL_BOTS  # no parameters: the kernel's bots take none

    # ----- the batch ------------------------------------------------------------------------
    def new_batch(self, num_envs: int) -> Batch:
        n = self.num_players
        # Go Fish's hands kept as bits too: its observations read them.
        table = kernel.kernel_table(self._table, n, False, False, rank_bits=True)
        st, mts = kernel.new_batch(table, n, num_envs)
        bots = np.full((num_envs, n), kernel.EXTERNAL, np.int64)
        return Batch(st, mts, bots)

    def bot_code(self, spec: str) -> int:
        """A seat's bot as the kernel knows it ("": played from outside)."""
        if spec == "":
            return kernel.EXTERNAL
        name, params = parse_bot_spec(spec)
        if name not in KERNEL_BOTS or params:
            raise ParlourError(
                f"the {self.game.name} step kernel plays the bots {', '.join(KERNEL_BOTS)} "
                f"(no parameters), not {spec!r}"
            )
        return kernel.BOT_CODES[name]

    def seat_bots(
        self, batch: Batch, where: np.ndarray, bots: Sequence[str], seeds: np.ndarray
    ) -> None:
        """As the protocol says; seat them before `deal`, which resets what they remember."""
        if len(bots) != self.num_players:
            raise ParlourError(f"{len(bots)} bot specs for {self.num_players} seats")
        codes = np.array([self.bot_code(spec) for spec in bots], np.int64)
        where = np.asarray(where, bool)
        batch.bots[where] = codes
        track, says = kernel.bot_flags(self._kind, codes)
        kernel.set_bot_flags(batch.st, where, track, says)
        kernel.batch_seed_bots(batch.mts, where, batch.bots, _seeds(seeds, 2))

    def deal(self, batch: Batch, where: np.ndarray, seeds: np.ndarray) -> None:
        kernel.batch_deal(batch.st, batch.mts, np.asarray(where, bool), _seeds(seeds, 1))

    # ----- reading and stepping ---------------------------------------------------------------
    def to_move(self, batch: Batch) -> np.ndarray:
        return kernel.to_move(batch.st)

    def to_move_at(self, batch: Batch, games: np.ndarray) -> np.ndarray:
        """`to_move` of the games `games` (indices) only, in their order."""
        return kernel.to_move_at(batch.st, games)

    def masks(self, batch: Batch, out: np.ndarray) -> None:
        kernel.batch_masks(batch.st, self.num_players, out)

    def observe(self, batch: Batch, seats: np.ndarray, out: np.ndarray) -> None:
        seat_array = np.ascontiguousarray(seats, np.int64)
        kernel.batch_observe(batch.st, self.num_players, seat_array, self._starts, out)

    def step(self, batch: Batch, actions: np.ndarray) -> np.ndarray:
        illegal = np.zeros(batch.size, bool)
        kernel.batch_step(batch.st, batch.mts, np.ascontiguousarray(actions, np.int64), illegal)
        return illegal

    def play_bots(self, batch: Batch) -> None:
        kernel.batch_bots(batch.st, batch.mts, batch.bots)

    def advance(
        self,
        batch: Batch,
        actions: np.ndarray,
        illegal: np.ndarray,
        movers: np.ndarray,
        returns: np.ndarray,
        status: np.ndarray,
        to_move: np.ndarray,
    ) -> None:
        """`step` (`illegal` where refused), `play_bots` and `outcome` in one pass;
        `movers`: the seat that was to move (-1: over), `to_move`: the seat to move now."""
        kernel.batch_advance(
            batch.st, batch.mts, batch.bots, np.ascontiguousarray(actions, np.int64),
            self._first_out_wins, illegal, movers, returns, status, to_move,
        )  # fmt: skip

    def view(self, batch: Batch, seats: np.ndarray, obs: np.ndarray, masks: np.ndarray) -> None:
        """`observe` and `masks` in one pass."""
        seat_array = np.ascontiguousarray(seats, np.int64)
        kernel.batch_view(batch.st, self.num_players, seat_array, self._starts, obs, masks)

    def advance_view(
        self,
        batch: Batch,
        actions: np.ndarray,
        learner: np.ndarray,
        out: tuple[np.ndarray, ...],
    ) -> None:
        """`advance`, then `view` of each game in the same pass (see
        `kernel.batch_advance_view`): `out` is (illegal, movers, returns, status, to_move,
        seats, obs, masks); `learner[i]` -1 observes as self-play does."""
        kernel.batch_advance_view(
            batch.st, batch.mts, batch.bots, np.ascontiguousarray(actions, np.int64),
            self._first_out_wins, learner, self._starts, *out,
        )  # fmt: skip

    def view_at(
        self, batch: Batch, games: np.ndarray, seats: np.ndarray, obs: np.ndarray,
        masks: np.ndarray,
    ) -> None:  # fmt: skip
        """`view` of the games `games` only, for `seats[games]`."""
        kernel.batch_view_at(batch.st, self.num_players, games, seats, self._starts, obs, masks)

    def outcome(self, batch: Batch, returns: np.ndarray, status: np.ndarray) -> None:
        n, first_out = self.num_players, self._first_out_wins
        kernel.batch_outcome(batch.st, n, first_out, returns, status)

    # ----- reference states in and out -------------------------------------------------------
    def load(self, batch: Batch, index: int, state: State) -> None:
        """The state's table, trackers and turn count (`askdraw.loading`), and its generator,
        which Panoplies' jokers and next games draw from. The slot keeps its seated bots."""
        # The search's side of the kernel, a module of its own (ignore: while it is absent).
        from parlour.games.askdraw.loading import load_state  # type: ignore[import-not-found]

        if state.num_players != self.num_players:
            raise ValueError(f"a state of {self.num_players} players is loaded here")
        if state.rules != self.rules:  # the kernel would play its own rules on that table
            raise ValueError("the state's rules are not this kernel's")
        st = batch.st[index]
        rules_row = st[kernel.RULES_ROW].copy()  # this kernel's rules and bots' flags
        load_state(st, state)
        st[kernel.RULES_ROW] = rules_row
        to_kernel(state._rng.getstate(), batch.mts[index, self.num_players])

    def read(self, batch: Batch, index: int) -> State:
        """The slot's game as a reference state: its table, trackers, turn count and outcome,
        with no event log. What only the log records is not kept: a Panoplies match's result of
        each game before this one and the outfits laid, in their order (`results`, `outfits`
        start empty)."""
        from parlour.games.askdraw.loading import read_state  # type: ignore[import-not-found]

        state = read_state(batch.st[index], self.game, self.rules, self.num_players)
        state._rng.setstate(from_kernel(batch.mts[index, self.num_players]))
        return state


def _seeds(seeds: np.ndarray, ndim: int) -> np.ndarray:
    array = np.ascontiguousarray(seeds, np.int64)
    if array.ndim != ndim:
        raise ValueError(f"seeds must have {ndim} dimension(s), not {array.ndim}")
    if array.size and int(array.min()) < 0:
        raise ValueError("the kernel takes seeds from 0 to 2**63 - 1")
    return array
