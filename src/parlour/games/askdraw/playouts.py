"""The search's playouts on the compiled kernel: a batch of worlds, many playouts each, in one
call.

The search (`parlour.bots.search`) tries each candidate move on a copy of one drawn world; this
module loads those copies into the kernel (`loading.load_state`) and plays each out `count`
times with the playout policy of the reference path (`card_bots.make_playout`, Go Fish's
`playout`), transcribed in `kernel.py` draw for draw: the first playout of a batch uses
`random.Random(seed)` as the reference playout does, so one playout a world gives exactly the
reference path's values (the 7 familles, Go Fish; Panoplies' joker draws and a match's next
deals come from a generator of the kernel's own). The batch's other playouts draw the same way
from xorshift128 generators, which cost nothing to start where a Mersenne Twister costs a
seeding and a twist of 624 words (a seventh of a playout). The values are those of the
reference path too (`laid_share`, `panoplies_value`), summed over the playouts.

Without Numba the kernel would run as plain Python, slower than the reference engine: the
search then keeps its engine playouts (`available`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from parlour.core.game import State
from parlour.core.mersenne import HAVE_NUMBA
from parlour.games.askdraw import kernel
from parlour.games.askdraw.loading import load_state, loadable, new_array, rules_of

MAX_STEPS = 400  # a playout's cap on asks, as `make_playout`'s
_MASK32 = (1 << 32) - 1
_MASK63 = (1 << 63) - 1
_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def available() -> bool:
    """Whether kernel playouts are worth it here (the kernel is compiled)."""
    return HAVE_NUMBA


def _splitmix(z: np.ndarray) -> np.ndarray:
    """SplitMix64's output for each state of `z` (uint64, wrapping): well-mixed 64 bits."""
    z = z + np.uint64(_GOLDEN)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def playout_seeds(seed: int, count: int) -> np.ndarray:
    """A batch's generators, a row each (`kernel.playout_many`): first `random.Random(seed)`,
    the reference path's playout; then distinct xorshift128 states (four 32-bit words from
    SplitMix64 of the seed's j-th step, never all 0), whose first column only seeds the
    state's own generator."""
    rows = np.zeros((count, 5), dtype=np.int64)
    rows[0, 0] = seed & _MASK63
    if count > 1:
        steps = np.arange(1, count, dtype=np.uint64) * np.uint64(_GOLDEN)
        x = _splitmix(steps + np.uint64(seed & _MASK64))
        y = _splitmix(x)
        low = np.uint64(_MASK32)
        rows[1:, 0] = (x & np.uint64(_MASK63)).astype(np.int64)
        rows[1:, 1] = ((x & low) | np.uint64(1)).astype(np.int64)  # odd: never all 0
        rows[1:, 2] = (x >> np.uint64(32)).astype(np.int64)
        rows[1:, 3] = (y & low).astype(np.int64)
        rows[1:, 4] = (y >> np.uint64(32)).astype(np.int64)
    return rows


def value_mode(state: State) -> int:
    """How the search values a playout's end in this game (its reference `playout`'s value)."""
    kind = _prepared(state)[kernel._R, kernel._KIND]
    if kind == kernel.OUTFITS:
        return kernel.RETURNS  # `panoplies_value`
    if kind == kernel.BOOKS and not state.rules.most_books_wins:
        return kernel.FIRST_OUT_WINS  # `laid_share` of an outcome won by the first out
    return kernel.LAID_SHARE


_PREPARED: dict[tuple[str, Any, int, bool], np.ndarray] = {}


def _prepared(state: State, track: bool = False) -> np.ndarray:
    """An array prepared for the state's game, rules and table (kept: rules are frozen); with
    `track`, with the public tracker that the kernel's `memory` bots read."""
    key = (state.game.name, state.rules, state.num_players, track)
    array = _PREPARED.get(key)
    if array is None:
        table = rules_of(state.game, state.rules, state.num_players)
        array = new_array(table, track=track, says=False)
        _PREPARED[key] = array
    return array


def batch_playout(worlds: Sequence[State], seat: int, seed: int, count: int) -> list[float] | None:
    """For each world, the sum of `seat`'s values over `count` playouts (the same seeds for
    every world); None when the kernel cannot play these worlds (the search then plays them on
    the reference engine)."""
    if not worlds or not available() or not all(loadable(world) for world in worlds):
        return None
    first = worlds[0]
    base = _prepared(first)
    arrays = np.empty((len(worlds), *base.shape), dtype=np.int64)
    arrays[:] = base
    for index, world in enumerate(worlds):
        load_state(arrays[index], world, memory=False)
    values = np.zeros(len(worlds), dtype=np.float64)
    kernel.playout_many(
        arrays,
        first.num_players,
        seat,
        playout_seeds(seed, count),
        value_mode(first),
        MAX_STEPS,
        values,
    )
    return [float(v) for v in values]


# The public tracker's rows (cards seen, hidden draws, lacks, their dates, groups held): the
# same in every world drawn for one decision, so read from the log once and copied.
_TRACKER_ROWS = slice(kernel._SEEN, kernel._SAID)


def move_code(state: State, move: Any) -> tuple[int, int]:
    """A move as the kernel's (target, card or rank)."""
    group = getattr(move, "group", None)
    return int(move.target), int(move.card if group is None else group)


def memory_playouts(
    worlds: Sequence[State], moves: Sequence[Any], seat: int, seed: int, count: int
) -> list[float] | None:
    """For each move, the sum of `seat`'s values over every world (drawn before the move, all
    for one decision: they share its public events) and `count` playouts of each, played to
    the end by the kernel's `memory` bots at every seat (`kernel.memory_playouts`); None when
    the kernel cannot hold these worlds."""
    table = memory_playout_table(worlds, moves, seat, seed, count)
    return None if table is None else [float(v) for v in table.sum(axis=0)]


def memory_playout_table(
    worlds: Sequence[State], moves: Sequence[Any], seat: int, seed: int, count: int
) -> np.ndarray | None:
    """`memory_playouts` world by world: row w holds, for each move, the sum of `seat`'s
    values over the `count` playouts of world w (the rows let a search weigh how much the
    worlds disagree, not only the means)."""
    if not worlds or not available() or not all(loadable(world) for world in worlds):
        return None
    first = worlds[0]
    base = _prepared(first, track=True)
    arrays = np.empty((len(worlds), *base.shape), dtype=np.int64)
    arrays[:] = base
    load_state(arrays[0], first, memory=True)
    for index in range(1, len(worlds)):
        load_state(arrays[index], worlds[index], memory=False)
        arrays[index, _TRACKER_ROWS] = arrays[0, _TRACKER_ROWS]
    codes = np.array([move_code(first, move) for move in moves], dtype=np.int64)
    seeds = np.array([(seed + k * _GOLDEN) & _MASK63 for k in range(count)], dtype=np.int64)
    values = np.zeros((len(worlds), len(moves)), dtype=np.float64)
    kernel.memory_playouts(
        arrays, first.num_players, seat, codes, seeds, value_mode(first), MAX_STEPS, values
    )
    return values
