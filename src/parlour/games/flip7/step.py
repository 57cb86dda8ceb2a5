"""Flip 7's step kernel: N games stepped together on the compiled rules of kernel.py.

The `parlour.rl.step_kernel.StepKernel` of Flip 7 (the game's `step_kernel` capability). Its
games are those of the reference engine: a slot dealt from seed `s` holds the game of
`new_state(num_players, seed=s, rules=rules)`, its generator drawing what `random.Random(s)`
draws, and a decision moves it on as `Flip7State.apply` does (the chance steps after it run in
the same call). The rules themselves are kernel.py's (`deal`, `advance`): bulk play and this
kernel run the same code, so they cannot drift apart.

A slot is the rows `i` of a batch's arrays (kernel.py's layout for one game, with a leading
axis). Observations and masks are written as the single environment writes them from a seat's
view (`encoder.Flip7Encoder`, `rl.encoding.action_mask`), value for value: every float is
computed with the operations, in the order, the encoder uses. Everything in Flip 7 is public
but the order of the deck, which no observation reads.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from parlour.bots.base import parse_bot_spec
from parlour.core.game import Outcome, default_seats
from parlour.core.mersenne import MT_WORDS
from parlour.core.mersenne_state import from_kernel, to_kernel
from parlour.games.flip7 import kernel as k
from parlour.games.flip7 import solver
from parlour.games.flip7.cards import DECK_SIZE, FULL_COUNTS, KINDS
from parlour.games.flip7.deals import named_counts
from parlour.games.flip7.encoder import ENCODER
from parlour.games.flip7.rules import ACTIVE, BUST, FROZEN, STAYED, Flip7Rules, Flip7State
from parlour.games.flip7.step_loops import (
    _advance_view_all,
    _deal_all,
    _masks,
    _observe,
    _outcome_all,
    _play_bots,
    _seed_bots,
    _step_all,
    _to_move,
    _view_at,
)

_STATUS_NAMES = (ACTIVE, STAYED, FROZEN, BUST)  # by kernel code, and the encoder's order
_STATUS_CODES = {name: code for code, name in enumerate(_STATUS_NAMES)}
_KIND_NAMES = {
    k.DEAL: "deal",
    k.NEXT: "next",
    k.TURN: "turn",
    k.ASSIGN: "assign",
    k.GIVE_SC: "give_sc",
    k.FLIP3: "flip3",
    k.BATCH: "batch",
    k.RESOLVE: "resolve",
}
_KIND_CODES = {name: code for code, name in _KIND_NAMES.items()}
# The encoder's segments, in the order `_observe` takes their starts.
_SEGMENTS = (
    "my_seat",
    "to_move",
    "dealer",
    "totals",
    "numbers",
    "modifiers",
    "second_chance",
    "status",
    "points",
    "pending_kind",
    "pending_targets",
    "in_play",
    "deck_counts",
    "discard_counts",
    "deck_share",
)
_SHARE = np.array([1.0 / FULL_COUNTS[c] for c in range(KINDS)])  # the encoder's `_SHARE`
_BOT_CODES = {"counter": k.COUNTER, "solver": k.SOLVER, "random": k.RANDOM, "first": k.FIRST}
_NO_UTIL = np.zeros(0)  # `advance`'s utility: none, points are what the solver bot maximises
_WIDTH = k._SCALARS  # a game's row of scalars (kernel.py's `small[0]`)


@dataclass
class Flip7Batch:
    """N games: kernel.py's arrays of one game, each with a leading axis of N slots."""

    mts: np.ndarray  # each game's generator (its `State._rng`)
    decks: np.ndarray
    discs: np.ndarray
    numbers: np.ndarray
    mods: np.ndarray
    stacks: np.ndarray
    small: np.ndarray  # scalars, then per seat: numbers, modifiers, Second Chance, status, ...
    totals: np.ndarray
    bots: np.ndarray  # the seat bots' codes (0: a seat played from outside)
    bot_mts: np.ndarray  # the random bots' generators ((N, n, 1) until one is seated)
    seeds: np.ndarray  # the seed each game was dealt from (-1: none, for `read`)
    values: np.ndarray  # the solver bot's tables ((1, 1) until a solver is seated)
    values_sc: np.ndarray

    @property
    def size(self) -> int:
        return int(self.mts.shape[0])


def mt_from_python(rng: random.Random) -> np.ndarray:
    """A kernel generator that draws what `rng` draws next."""
    out = np.zeros(MT_WORDS, dtype=np.int64)
    to_kernel(rng.getstate(), out)
    return out


def mt_to_python(mt: np.ndarray) -> random.Random:
    """A `random.Random` that draws what the kernel generator `mt` draws next."""
    rng = random.Random()
    rng.setstate(from_kernel(mt))
    return rng


# ----- the kernel ----------------------------------------------------------------------------
def bot_code(spec: str) -> int:
    """The kernel's code of a bot spec ("" for a seat played from outside); ValueError for a
    bot the kernel does not play."""
    if not spec:
        return 0
    name, params = parse_bot_spec(spec)
    if name in _BOT_CODES and not params:
        return _BOT_CODES[name]
    if name == "threshold" and len(params) <= 1:
        try:
            value = int(params[0]) if params else 23
        except ValueError:
            value = 0
        if value >= 1:
            return value
    raise ValueError(f"the Flip 7 step kernel does not play the bot {spec!r}")


class Flip7StepKernel:
    """`StepKernel` for Flip 7 (see parlour.rl.step_kernel). Beside the protocol: `rules`,
    `accepts_bot(spec)`."""

    def __init__(self, rules: Flip7Rules, num_players: int) -> None:
        if not 2 <= num_players <= k.MAX_PLAYERS:
            raise ValueError(f"Flip 7 is played by 2 to {k.MAX_PLAYERS} players")
        self.rules = rules
        self.num_players = num_players
        self.num_actions = 2 + num_players
        encoder = ENCODER(rules, num_players)
        self.obs_size = encoder.size
        self._starts = np.array([encoder.layout.starts[s] for s in _SEGMENTS], dtype=np.int64)
        self._low, self._high = encoder.low, encoder.high
        self._cap = rules.max_turns or 0
        self._nobody = np.zeros(num_players, dtype=np.int64)

    # ----- the protocol ---------------------------------------------------------------------
    def bot_names(self) -> Sequence[str]:
        return ("threshold", "counter", "solver", "random", "first")

    def accepts_bot(self, spec: str) -> bool:
        """Whether the kernel plays this bot spec itself (`threshold:T` with any T >= 1)."""
        try:
            bot_code(spec)
        except ValueError:
            return False
        return True

    def new_batch(self, num_envs: int) -> Flip7Batch:
        n = self.num_players
        small = np.zeros((num_envs, 7, _WIDTH), dtype=np.int64)
        small[:, 0, k._OVER] = 1  # a slot not dealt yet reads as a game over
        return Flip7Batch(
            mts=np.zeros((num_envs, MT_WORDS), dtype=np.int64),
            decks=np.zeros((num_envs, 94), dtype=np.int64),
            discs=np.zeros((num_envs, 94), dtype=np.int64),
            numbers=np.zeros((num_envs, n, 8), dtype=np.int64),
            mods=np.zeros((num_envs, n, 8), dtype=np.int64),
            stacks=np.zeros((num_envs, k._DEPTH, k._COLS), dtype=np.int64),
            small=small,
            totals=np.zeros((num_envs, n), dtype=np.int64),
            bots=np.zeros((num_envs, n), dtype=np.int64),
            bot_mts=np.zeros((num_envs, n, 1), dtype=np.int64),
            seeds=np.full(num_envs, -1, dtype=np.int64),
            values=np.zeros((1, 1)),
            values_sc=np.zeros((1, 1)),
        )

    def deal(self, batch: Flip7Batch, where: np.ndarray, seeds: np.ndarray) -> None:
        where = np.ascontiguousarray(where, dtype=np.bool_)
        # `random.Random(s)` seeds from abs(s), as CPython does.
        seeds = np.abs(np.ascontiguousarray(seeds, dtype=np.int64))
        if np.any(seeds[where] < 0):
            raise ValueError("a seed must be above -2**63")
        r = self.rules
        _deal_all(where, seeds, self.num_players, r.second_chance_may_be_given, r.flip7_bonus,
                  r.target, self._cap, self._nobody, self._arrays(batch))  # fmt: skip
        batch.seeds[where] = seeds[where]

    def seat_bots(
        self, batch: Flip7Batch, where: np.ndarray, bots: Sequence[str], seeds: np.ndarray
    ) -> None:
        if len(bots) != self.num_players:
            raise ValueError(f"one bot spec per seat: {self.num_players}, not {len(bots)}")
        codes = np.array([bot_code(spec) for spec in bots], dtype=np.int64)
        if (codes == k.RANDOM).any() and batch.bot_mts.shape[2] != MT_WORDS:
            batch.bot_mts = np.zeros((batch.size, self.num_players, MT_WORDS), dtype=np.int64)
        if (codes == k.SOLVER).any() and batch.values.shape[0] == 1:
            shape = (solver.NUMBER_MASKS, solver.MODIFIER_MASKS)
            batch.values, batch.values_sc = np.empty(shape), np.empty(shape)
        seed_rows = np.abs(np.ascontiguousarray(seeds, dtype=np.int64).reshape(batch.size, -1))
        _seed_bots(np.ascontiguousarray(where, dtype=np.bool_), codes, seed_rows, batch.bots,
                   batch.bot_mts)  # fmt: skip

    def to_move(self, batch: Flip7Batch) -> np.ndarray:
        out = np.empty(batch.size, dtype=np.int64)
        _to_move(batch.small, batch.stacks, out)
        return out

    def to_move_at(self, batch: Flip7Batch, games: np.ndarray) -> np.ndarray:
        """`to_move` of the games `games` (indices) only, in their order."""
        g = batch.small[games, 0]
        top = np.maximum(g[:, k._SP] - 1, 0)
        return np.where(g[:, k._OVER] != 0, -1, batch.stacks[games, top, 1])

    def masks(self, batch: Flip7Batch, out: np.ndarray) -> None:
        _masks(self.num_players, batch.small, batch.stacks, out)

    def observe(self, batch: Flip7Batch, seats: np.ndarray, out: np.ndarray) -> None:
        _observe(np.ascontiguousarray(seats, dtype=np.int64), out, self.num_players,
                 float(self.rules.target), self._starts, self._low, self._high, _SHARE,
                 batch.small, batch.stacks, batch.discs, batch.numbers, batch.mods,
                 batch.totals)  # fmt: skip

    def step(self, batch: Flip7Batch, actions: np.ndarray) -> np.ndarray:
        illegal = np.zeros(batch.size, dtype=np.bool_)
        r = self.rules
        _step_all(np.ascontiguousarray(actions, dtype=np.int64), illegal, self.num_players,
                  r.flip7_bonus, r.target, self._cap, self._nobody,
                  self._arrays(batch))  # fmt: skip
        return illegal

    def play_bots(self, batch: Flip7Batch) -> None:
        r = self.rules
        _play_bots(self.num_players, r.flip7_bonus, r.target, self._cap, self._arrays(batch))

    def outcome(self, batch: Flip7Batch, returns: np.ndarray, status: np.ndarray) -> None:
        _outcome_all(self.num_players, batch.small, batch.totals, returns, status)

    # ----- the vector env's fused passes (beyond the protocol) ---------------------------------
    def view(
        self, batch: Flip7Batch, seats: np.ndarray, obs: np.ndarray, masks: np.ndarray
    ) -> None:
        """`observe` and `masks`."""
        self.observe(batch, seats, obs)
        self.masks(batch, masks)

    def advance_view(
        self,
        batch: Flip7Batch,
        actions: np.ndarray,
        learner: np.ndarray,
        out: tuple[np.ndarray, ...],
    ) -> None:
        """`step`, `play_bots`, `outcome`, `to_move`, then `view` of each game in one compiled
        pass (`_advance_view_all`): `out` is (illegal, movers, returns, status, to_move, seats,
        obs, masks); `learner[i]` -1 observes as self-play does."""
        r = self.rules
        _advance_view_all(np.ascontiguousarray(actions, dtype=np.int64), learner, *out,
                          self.num_players, r.flip7_bonus, r.target, self._cap, self._starts,
                          self._low, self._high, _SHARE, _NO_UTIL, np.zeros(self.obs_size),
                          np.zeros(self.num_players, dtype=np.int64),
                          self._arrays(batch))  # fmt: skip

    def view_at(
        self, batch: Flip7Batch, games: np.ndarray, seats: np.ndarray, obs: np.ndarray,
        masks: np.ndarray,
    ) -> None:  # fmt: skip
        """`view` of the games `games` only, for `seats[games]`."""
        _view_at(games, seats, obs, masks, self.num_players, float(self.rules.target),
                 self._starts, self._low, self._high, _SHARE, batch.small, batch.stacks,
                 batch.discs, batch.numbers, batch.mods, batch.totals)  # fmt: skip

    def load(self, batch: Flip7Batch, index: int, state: Any) -> None:
        if not isinstance(state, Flip7State) or state.num_players != self.num_players:
            raise ValueError(f"a Flip 7 state of {self.num_players} players is loaded here")
        if state.rules != self.rules:
            raise ValueError("the state's rules are not this kernel's")
        i = index
        g = batch.small[i, 0]
        g[:] = 0
        g[k._NDECK], g[k._NDISC] = len(state.deck), len(state.discard)
        batch.decks[i, : len(state.deck)] = state.deck
        batch.discs[i, : len(state.discard)] = state.discard
        for card in state.deck:
            g[k._DECK_COUNTS + card] += 1
        for card in state.discard:
            g[k._DISC_COUNTS + card] += 1
        g[k._DEALER], g[k._ROUND], g[k._TURNS] = state.dealer, state.round, state.turns
        g[k._GIVE] = 1 if self.rules.second_chance_may_be_given else 0
        outcome = state.outcome
        g[k._OVER] = 0 if outcome is None else (2 if outcome.status == "capped" else 1)
        if state.last_points is not None:
            g[k._HAS_LAST] = 1
            g[k._LAST : k._LAST + self.num_players] = state.last_points
        for s in range(self.num_players):
            batch.small[i, 1, s] = len(state.numbers[s])
            batch.numbers[i, s, : len(state.numbers[s])] = state.numbers[s]
            batch.small[i, 2, s] = len(state.modifiers[s])
            batch.mods[i, s, : len(state.modifiers[s])] = state.modifiers[s]
            batch.small[i, 3, s] = int(state.second_chance[s])
            batch.small[i, 4, s] = _STATUS_CODES[state.status[s]]
            batch.small[i, 5, s] = int(state.opened[s])
        batch.totals[i] = state.totals
        batch.stacks[i] = 0
        for row, step in enumerate(state.stack):
            batch.stacks[i, row] = _row_of(step)
        g[k._SP] = len(state.stack)
        batch.mts[i] = mt_from_python(state._rng)
        batch.seeds[i] = -1 if state.seed is None else state.seed

    def read(self, batch: Flip7Batch, index: int) -> Flip7State:
        i, n = index, self.num_players
        g = batch.small[i, 0]
        state = Flip7State.__new__(Flip7State)
        state.rules = self.rules
        state.seats = default_seats(n)
        seed = int(batch.seeds[i])
        state.seed = None if seed < 0 else seed
        state.deal = None
        state._rng = mt_to_python(batch.mts[i])
        state.log = []
        state.actions = []
        state.turns = int(g[k._TURNS])
        state.totals = batch.totals[i].tolist()
        state.round = int(g[k._ROUND])
        state.dealer = int(g[k._DEALER])
        small = batch.small[i]
        state.numbers = [batch.numbers[i, s, : small[1, s]].tolist() for s in range(n)]
        state.modifiers = [batch.mods[i, s, : small[2, s]].tolist() for s in range(n)]
        state.second_chance = [bool(small[3, s]) for s in range(n)]
        state.status = [_STATUS_NAMES[small[4, s]] for s in range(n)]
        state.opened = [bool(small[5, s]) for s in range(n)]
        state.stack = [_step_of(row) for row in batch.stacks[i, : g[k._SP]].tolist()]
        state.deck = batch.decks[i, : g[k._NDECK]].tolist()
        state.discard = batch.discs[i, : g[k._NDISC]].tolist()
        state._deck_counts = named_counts(state.deck)
        has_last = bool(g[k._HAS_LAST])
        state.last_points = g[k._LAST : k._LAST + n].tolist() if has_last else None
        over = int(g[k._OVER])
        state._outcome = None
        if over == 1:
            state._outcome = Outcome.from_scores("finished", state.totals, {"rounds": state.round})
        elif over == 2:
            state._outcome = Outcome.draw(n, "capped", {"turns": state.turns})
        return state

    # ----- helpers --------------------------------------------------------------------------
    @staticmethod
    def _arrays(batch: Flip7Batch) -> tuple[np.ndarray, ...]:
        return (
            batch.mts,
            batch.decks,
            batch.discs,
            batch.numbers,
            batch.mods,
            batch.stacks,
            batch.small,
            batch.totals,
            batch.bots,
            batch.bot_mts,
            batch.values,
            batch.values_sc,
        )


def _row_of(step: tuple[Any, ...]) -> list[int]:
    """A stack row of kernel.py from one of `Flip7State.stack`'s steps."""
    row = [0] * k._COLS
    kind = _KIND_CODES[step[0]]
    row[0] = kind
    if kind in (k.DEAL, k.NEXT, k.TURN):
        row[1] = step[1]
    elif kind in (k.ASSIGN, k.RESOLVE):
        row[1], row[2] = step[1], step[2]
    elif kind == k.GIVE_SC:
        row[1], row[2] = step[1], int(step[2])
    elif kind == k.FLIP3:
        row[1], row[2], row[3] = step[1], step[2], len(step[3])
        row[4 : 4 + len(step[3])] = step[3]
    else:  # BATCH
        cards, targets = step[2], step[3]
        row[1], row[3], row[7] = step[1], len(cards), len(targets)
        row[4 : 4 + len(cards)] = cards
        row[8 : 8 + len(targets)] = targets
    return row


def _step_of(row: list[int]) -> tuple[Any, ...]:
    """The `Flip7State.stack` step of a kernel stack row."""
    kind = row[0]
    name = _KIND_NAMES[kind]
    if kind in (k.DEAL, k.NEXT, k.TURN):
        return (name, row[1])
    if kind in (k.ASSIGN, k.RESOLVE):
        return (name, row[1], row[2])
    if kind == k.GIVE_SC:
        return (name, row[1], bool(row[2]))
    if kind == k.FLIP3:
        return (name, row[1], row[2], tuple(row[4 : 4 + row[3]]))
    return (name, row[1], tuple(row[4 : 4 + row[3]]), tuple(row[8 : 8 + row[7]]))


assert DECK_SIZE == 94  # `_observe`'s deck share divides by it
