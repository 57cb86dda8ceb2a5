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
from parlour.core.mersenne import MT_WORDS, mt_seed63, mt_seed63_rows, njit, njit_inline, njit_lean
from parlour.core.mersenne_state import from_kernel, to_kernel
from parlour.games.flip7 import kernel as k
from parlour.games.flip7 import solver
from parlour.games.flip7.cards import DECK_SIZE, FULL_COUNTS, KINDS
from parlour.games.flip7.deals import named_counts
from parlour.games.flip7.encoder import ENCODER
from parlour.games.flip7.rules import ACTIVE, BUST, FROZEN, STAYED, Flip7Rules, Flip7State
from parlour.rl.step_kernel import STATUS_CAPPED, STATUS_FINISHED, STATUS_PLAYING

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
_NUMBERS, _MODIFIERS = 13, 6


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


# ----- compiled loops over the slots ---------------------------------------------------------
@njit
def _deal_all(where: Any, seeds: Any, n: int, give: bool, bonus: int, target: int, cap: int,
              nobody: Any, b: Any) -> None:  # fmt: skip
    mts, decks, discs, numbers, mods, stacks, small, totals, _bots, bot_mts, values, vsc = b
    util = np.zeros(0)
    rows = np.flatnonzero(where)
    mt_seed63_rows(mts, rows, seeds[rows], rows.shape[0])  # several generators at a time
    for i in rows:
        k.deal(mts[i], n, give, totals[i], decks[i], stacks[i], small[i])
        k.advance(mts[i], n, bonus, target, cap, totals[i], nobody, bot_mts[i], -1, decks[i],
                  discs[i], numbers[i], mods[i], stacks[i], small[i], values, vsc,
                  util)  # fmt: skip


@njit
def _to_move(small: Any, stacks: Any, out: Any) -> None:
    for i in range(out.shape[0]):
        if small[i, 0, k._OVER] != 0:
            out[i] = -1
        else:  # the seat of the decision on top of the stack (`Flip7State._to_move`)
            out[i] = stacks[i, small[i, 0, k._SP] - 1, 1]


@njit_lean
def _is_candidate(kind: int, small: Any, i: int, seat: int) -> bool:
    return small[i, 4, seat] == k.ACTIVE and (kind != k.GIVE_SC or small[i, 3, seat] == 0)


@njit_inline
def _mask_one(n: int, small: Any, stacks: Any, i: int, out: Any) -> None:
    """`action_mask` of slot i into `out` (its row): the seat to move's legal ids."""
    for a in range(out.shape[0]):
        out[a] = 0
    if small[i, 0, k._OVER] != 0:
        return
    top = small[i, 0, k._SP] - 1
    kind = stacks[i, top, 0]
    if kind == k.TURN:
        seat = stacks[i, top, 1]
        out[0] = 1
        if small[i, 1, seat] + small[i, 2, seat] > 0:
            out[1] = 1
    else:
        for s in range(n):
            if _is_candidate(kind, small, i, s):
                out[2 + s] = 1


@njit
def _masks(n: int, small: Any, stacks: Any, out: Any) -> None:
    for i in range(out.shape[0]):
        _mask_one(n, small, stacks, i, out[i])


@njit_inline
def _legal(n: int, small: Any, stacks: Any, i: int, a: int) -> bool:
    """Whether `a` is a legal id for slot i's seat to move (the game not over)."""
    top = small[i, 0, k._SP] - 1
    kind = stacks[i, top, 0]
    if kind == k.TURN:
        seat = stacks[i, top, 1]
        return a == 0 or (a == 1 and small[i, 1, seat] + small[i, 2, seat] > 0)
    return 2 <= a < 2 + n and _is_candidate(kind, small, i, a - 2)


@njit
def _step_all(actions: Any, illegal: Any, n: int, bonus: int, target: int, cap: int,
              nobody: Any, b: Any) -> None:  # fmt: skip
    mts, decks, discs, numbers, mods, stacks, small, totals, _bots, bot_mts, values, vsc = b
    util = np.zeros(0)
    for i in range(actions.shape[0]):
        illegal[i] = False
        if small[i, 0, k._OVER] != 0:
            continue
        a = actions[i]
        if not _legal(n, small, stacks, i, a):
            illegal[i] = True
            continue
        k.advance(mts[i], n, bonus, target, cap, totals[i], nobody, bot_mts[i], a, decks[i],
                  discs[i], numbers[i], mods[i], stacks[i], small[i], values, vsc,
                  util)  # fmt: skip


@njit
def _play_bots(n: int, bonus: int, target: int, cap: int, b: Any) -> None:
    mts, decks, discs, numbers, mods, stacks, small, totals, bots, bot_mts, values, vsc = b
    util = np.zeros(0)
    for i in range(mts.shape[0]):
        if small[i, 0, k._OVER] != 0:
            continue
        k.advance(mts[i], n, bonus, target, cap, totals[i], bots[i], bot_mts[i], -1, decks[i],
                  discs[i], numbers[i], mods[i], stacks[i], small[i], values, vsc,
                  util)  # fmt: skip


@njit
def _seed_bots(where: Any, codes: Any, seeds: Any, bots: Any, bot_mts: Any) -> None:
    for i in range(where.shape[0]):
        if not where[i]:
            continue
        for s in range(codes.shape[0]):
            bots[i, s] = codes[s]
            if codes[s] == k.RANDOM:
                mt_seed63(bot_mts[i, s], seeds[i, s])


@njit_inline
def _observe_one(i: int, seat: int, out: Any, buf: Any, cands: Any, n: int, target: float,
                 starts: Any, low: Any, high: Any, share: Any, small: Any, stacks: Any,
                 discs: Any, numbers: Any, mods: Any, totals: Any) -> None:  # fmt: skip
    """`Flip7Encoder.encode(state.view(seat), seat)` of slot i into `out` (its row), float for
    float (`buf`: scratch of the row's size, `cands`: of n)."""
    size = out.shape[0]
    my, mover, dealer, tot, num, mod, chance, stat, pts = (
        starts[0],
        starts[1],
        starts[2],
        starts[3],
        starts[4],
        starts[5],
        starts[6],
        starts[7],
        starts[8],
    )
    pkind, ptargets, inplay, deckc, discc, dshare = (
        starts[9],
        starts[10],
        starts[11],
        starts[12],
        starts[13],
        starts[14],
    )
    for j in range(size):
        buf[j] = 0.0
    g = small[i, 0]
    sp = g[k._SP]
    if 0 <= seat < n:  # the encoder's `one_hot` leaves an index out of range unmarked
        buf[my + seat] = 1.0
    if g[k._OVER] == 0:
        buf[mover + (stacks[i, sp - 1, 1] - seat) % n] = 1.0
    buf[dealer + (g[k._DEALER] - seat) % n] = 1.0
    for r in range(n):
        s = (seat + r) % n
        buf[tot + r] = totals[i, s] / target
        for q in range(small[i, 1, s]):
            buf[num + r * _NUMBERS + numbers[i, s, q]] = 1.0
        for q in range(small[i, 2, s]):
            buf[mod + r * _MODIFIERS + mods[i, s, q] - _NUMBERS] = 1.0
        buf[chance + r] = 1.0 if small[i, 3, s] else 0.0
        buf[stat + r * 4 + small[i, 4, s]] = 1.0
        points = 0
        if small[i, 4, s] != k.BUST:
            points = k._points(numbers[i], small[i, 1], mods[i], small[i, 2], s)
        buf[pts + r] = points / 100.0
    if sp > 0 and stacks[i, sp - 1, 0] != k.TURN:  # a choice is pending (a capped game too)
        top = sp - 1
        kind = stacks[i, top, 0]
        card = k.pending_card(stacks[i], top)
        buf[pkind + (0 if card == k.FREEZE else (1 if card == k.FLIP_THREE else 2))] = 1.0
        ncand = k.candidates(kind, n, small[i, 4], small[i, 3], cands)
        for c in range(ncand):
            buf[ptargets + (cands[c] - seat) % n] = 1.0
    for row in range(sp):  # the cards in play, as `Flip7State._cards_in_play` lists them
        kind = stacks[i, row, 0]
        if kind == k.ASSIGN:
            buf[inplay + stacks[i, row, 2]] += share[stacks[i, row, 2]]
        elif kind == k.RESOLVE:
            buf[inplay + stacks[i, row, 1]] += share[stacks[i, row, 1]]
        elif kind == k.FLIP3:
            buf[inplay + k.FLIP_THREE] += share[k.FLIP_THREE]
            for q in range(stacks[i, row, 3]):
                buf[inplay + stacks[i, row, 4 + q]] += share[stacks[i, row, 4 + q]]
        elif kind == k.BATCH:
            for q in range(stacks[i, row, 3]):
                buf[inplay + stacks[i, row, 4 + q]] += share[stacks[i, row, 4 + q]]
        elif kind == k.GIVE_SC:
            buf[inplay + k.SECOND_CHANCE] += share[k.SECOND_CHANCE]
    for c in range(k._KINDS):
        count = g[k._DECK_COUNTS + c]
        if count:
            buf[deckc + c] = count * share[c]
    # The discard's cards by kind from its counts, kept as cards move: the same additions of
    # each kind's share as a pass over the discard makes (each kind sums on its own), without
    # reading the discard's cards (up to a dozen cache lines a game).
    for c in range(k._KINDS):
        acc = 0.0
        for _ in range(g[k._DISC_COUNTS + c]):
            acc += share[c]
        buf[discc + c] = acc
    buf[dshare] = g[k._NDECK] / 94
    for j in range(size):  # np.array(buffer, float32), then np.clip to the bounds
        value = np.float32(buf[j])
        if value < low[j]:
            value = low[j]
        if value > high[j]:
            value = high[j]
        out[j] = value


@njit
def _observe(seats: Any, out: Any, n: int, target: float, starts: Any, low: Any, high: Any,
             share: Any, small: Any, stacks: Any, discs: Any, numbers: Any, mods: Any,
             totals: Any) -> None:  # fmt: skip
    """`_observe_one` of every slot, for `seats[i]`."""
    buf = np.zeros(out.shape[1])
    cands = np.zeros(n, dtype=np.int64)
    for i in range(seats.shape[0]):
        _observe_one(i, seats[i], out[i], buf, cands, n, target, starts, low, high, share, small,
                     stacks, discs, numbers, mods, totals)  # fmt: skip


@njit_inline
def _outcome_one(n: int, small: Any, totals: Any, i: int, row: Any) -> int:
    """Slot i's status and `Outcome.returns` into `row`, as `Outcome.from_scores` reckons them
    from the totals of a finished game: the best seats share +1, the others -1, all zero
    when every seat ties (a slot never dealt, in round 0, has none)."""
    for s in range(n):
        row[s] = 0.0
    over = small[i, 0, k._OVER]
    if over == 0:
        return STATUS_PLAYING
    if over == 2:
        return STATUS_CAPPED
    if small[i, 0, k._ROUND] > 0:
        best = totals[i, 0]
        for s in range(n):
            best = max(best, totals[i, s])
        winners = 0
        for s in range(n):
            if totals[i, s] == best:
                winners += 1
        if winners < n:
            share, loser = 1.0 / winners, -1.0 / (n - winners)
            for s in range(n):
                row[s] = share if totals[i, s] == best else loser
    return STATUS_FINISHED


@njit
def _outcome_all(n: int, small: Any, totals: Any, returns: Any, status: Any) -> None:
    for i in range(status.shape[0]):
        status[i] = _outcome_one(n, small, totals, i, returns[i])


@njit_lean
def _advance_view_all(actions: Any, learner: Any, illegal: Any, movers: Any, returns: Any,
                      status: Any, to_move: Any, seats: Any, obs: Any, masks: Any, n: int,
                      bonus: int, target: int, cap: int, starts: Any, low: Any, high: Any,
                      share: Any, util: Any, buf: Any, cands: Any, b: Any) -> None:  # fmt: skip
    """`_step_all`, `_play_bots`, the outcome, the seats to move and the view of each slot in
    one pass, each game read once while in cache. The action and the seated bots run in one
    call of `advance`, which then stops where the two calls stop (a decision of a seat played
    from outside, the turn cap or the game's end). `seats[i]`: `learner[i]`, or where that is
    -1 (self-play) the seat to move, or at the game's end (or after an illegal action) the
    seat that moved. A slot over before the step (to be dealt again) is not viewed.

    Compiled without reference counts (`njit_lean`: the dozen slices of each game cost more
    than its step), so it allocates nothing: `util` (empty), `buf` (an observation's size, of
    float64) and `cands` (n) come from the caller."""
    mts, decks, discs, numbers, mods, stacks, small, totals, bots, bot_mts, values, vsc = b
    tf = float(target)
    for i in range(actions.shape[0]):
        illegal[i] = False
        g = small[i, 0]
        if g[k._OVER] != 0:
            movers[i] = -1
            to_move[i] = -1
            status[i] = _outcome_one(n, small, totals, i, returns[i])
            continue
        mover = stacks[i, g[k._SP] - 1, 1]
        movers[i] = mover
        a = actions[i]
        if _legal(n, small, stacks, i, a):
            k.advance(mts[i], n, bonus, target, cap, totals[i], bots[i], bot_mts[i], a, decks[i],
                      discs[i], numbers[i], mods[i], stacks[i], small[i], values, vsc,
                      util)  # fmt: skip
        else:  # nothing moves; the seated bots are given their turn as `_play_bots` gives it
            illegal[i] = True
            k.advance(mts[i], n, bonus, target, cap, totals[i], bots[i], bot_mts[i], -1,
                      decks[i], discs[i], numbers[i], mods[i], stacks[i], small[i], values, vsc,
                      util)  # fmt: skip
        status[i] = _outcome_one(n, small, totals, i, returns[i])
        over = g[k._OVER] != 0
        to_move[i] = -1 if over else stacks[i, g[k._SP] - 1, 1]
        seat = learner[i]
        if seat < 0:
            seat = mover if over or illegal[i] else to_move[i]
        seats[i] = seat
        _observe_one(i, seat, obs[i], buf, cands, n, tf, starts, low, high, share, small, stacks,
                     discs, numbers, mods, totals)  # fmt: skip
        _mask_one(n, small, stacks, i, masks[i])


@njit
def _view_at(games: Any, seats: Any, obs: Any, masks: Any, n: int, target: float, starts: Any,
             low: Any, high: Any, share: Any, small: Any, stacks: Any, discs: Any, numbers: Any,
             mods: Any, totals: Any) -> None:  # fmt: skip
    """The observation of `seats[i]` and the mask of each slot i of `games`."""
    buf = np.zeros(obs.shape[1])
    cands = np.zeros(n, dtype=np.int64)
    for i in games:
        _observe_one(i, seats[i], obs[i], buf, cands, n, target, starts, low, high, share, small,
                     stacks, discs, numbers, mods, totals)  # fmt: skip
        _mask_one(n, small, stacks, i, masks[i])


# ----- CPython's generator state, both ways (`core.mersenne_state`) --------------------------
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
