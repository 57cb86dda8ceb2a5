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


def _splitmix(x: int) -> int:
    """SplitMix64's output for state `x`: well-mixed 64 bits from any integer."""
    z = (x + _GOLDEN) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def playout_seeds(seed: int, count: int) -> np.ndarray:
    """A batch's generators, a row each (`kernel.playout_many`): first `random.Random(seed)`,
    the reference path's playout; then distinct xorshift128 states (four nonzero 32-bit words
    from SplitMix64), whose first seed column only seeds the state's own generator."""
    rows = np.zeros((count, 5), dtype=np.int64)
    rows[0, 0] = seed & _MASK63
    x = seed
    for j in range(1, count):
        x = _splitmix(x)
        y = _splitmix(x)
        rows[j] = (x & _MASK63, x & _MASK32 or 1, x >> 32, y & _MASK32, y >> 32)
    return rows


def value_mode(state: State) -> int:
    """How the search values a playout's end in this game (its reference `playout`'s value)."""
    name = state.game.name
    if name == "panoplies":
        return kernel.RETURNS  # `panoplies_value`
    if name == "gofish" and not state.rules.most_books_wins:
        return kernel.FIRST_OUT_WINS  # `laid_share` of an outcome won by the first out
    return kernel.LAID_SHARE


_PREPARED: dict[tuple[str, Any, int], np.ndarray] = {}


def _prepared(state: State) -> np.ndarray:
    """An array prepared for the state's game, rules and table (kept: rules are frozen)."""
    key = (state.game.name, state.rules, state.num_players)
    array = _PREPARED.get(key)
    if array is None:
        array = new_array(
            rules_of(state.game, state.rules, state.num_players), track=False, says=False
        )
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
