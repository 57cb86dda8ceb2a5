"""What a player banks in a round, as a distribution: the exact solver's policy played forward.

`solver.py` gives the value of a hand (expected points, or expected worth of the points); this
gives the whole distribution of the points banked when a player plays on from a hand with the
solver's optimal policy for that deck (or a threshold, or the optimum for a worth `util`), in
the solver's model: numbers and modifiers from the cards left, an action card only delaying
the next one, a held Second Chance saving one duplicate. A forward sweep carries the chance of
reaching each hand over the supersets of the current one, in ascending bit masks (a child hand
always has a larger mask, so every parent is done before its children); no sampling.

Its mean is the solver's value of the hand, which the tests check. Used to study the game
(what an opponent still in the round is likely to bank; the round styles of
benchmarks/flip7_expert_variants.py), not by the shipped bots.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from parlour.games.flip7.solver import (
    _PLUS,
    MODEL_KINDS,
    MODIFIER_MASKS,
    NUMBER_MASKS,
    _popcount,
    _sweep,
    clear_supersets,
    free_masks,
    masks_of,
    njit,
)

TOP = 180  # more than any round can bank (a Flip 7 of 6..12 doubled, the + cards: 171)

# Scratch tables: a call writes (then reads) only the supersets of its hand.
_VALUES = np.empty((NUMBER_MASKS, MODIFIER_MASKS))
_VALUES_SC = np.empty((NUMBER_MASKS, MODIFIER_MASKS))
_REACH = np.zeros((NUMBER_MASKS, MODIFIER_MASKS))
_REACH_SC = np.zeros((NUMBER_MASKS, MODIFIER_MASKS))
_NO_UTIL = np.zeros(0)


@njit(cache=True)
def _forward(
    counts: Any,
    n0: int,
    m0: int,
    holding_sc: bool,
    bonus: int,
    threshold: int,
    values: Any,
    values_sc: Any,
    util: Any,
    reach: Any,
    reach_sc: Any,
    top: int,
) -> Any:
    """P(bank x), x = 0..top, from hand (n0, m0); `values` filled by `solver._sweep` for the
    same deck, threshold and util (the policy: stay where staying is worth at least the
    table's value, or where the number sum reaches `threshold` if it is positive)."""
    use_util = util.shape[0] > 0
    util_top = util.shape[0] - 1
    out = np.zeros(top + 1)
    total = 0
    for i in range(MODEL_KINDS):
        total += counts[i]
    free_n, free_m = free_masks(counts, n0, m0)
    k0 = _popcount(n0)
    j0 = _popcount(m0)
    clear_supersets(reach, n0, m0, free_n, free_m)
    clear_supersets(reach_sc, n0, m0, free_n, free_m)
    if holding_sc:
        reach_sc[n0, m0] = 1.0
    else:
        reach[n0, m0] = 1.0
    sub_n = 0
    while True:
        nmask = n0 | sub_n
        k = 0
        number_sum = 0
        for v in range(13):
            if nmask >> v & 1:
                k += 1
                number_sum += v
        sub_m = 0
        while k <= 6:
            mmask = m0 | sub_m
            j = 0
            plus = 0
            for b in range(6):
                if mmask >> b & 1:
                    j += 1
                    plus += _PLUS[b]
            mult = 2 if mmask >> 5 & 1 else 1
            score = number_sum * mult + plus
            stay = util[min(score, util_top)] if use_util else float(score)
            deck = total - (k - k0) - (j - j0)
            # The Second Chance layer first: a save lands in the plain layer of the same hand.
            for layer in range(2):
                p = reach_sc[nmask, mmask] if layer == 0 else reach[nmask, mmask]
                if p == 0.0:
                    continue
                if threshold > 0:
                    stays = number_sum >= threshold
                else:
                    value = values_sc[nmask, mmask] if layer == 0 else values[nmask, mmask]
                    stays = value <= stay  # the bots stay when staying is worth as much
                if deck <= 0 or stays:
                    out[min(score, top)] += p
                    continue
                for v in range(13):
                    left = counts[v]
                    if sub_n >> v & 1:
                        left -= 1  # the copy drawn on the way here
                    if left <= 0:
                        continue
                    q = p * left / deck
                    if nmask >> v & 1:
                        if layer == 0:
                            reach[nmask, mmask] += q  # saved: the Second Chance is spent
                        else:
                            out[0] += q
                    elif k == 6:
                        out[min((number_sum + v) * mult + plus + bonus, top)] += q
                    elif layer == 0:
                        reach_sc[nmask | 1 << v, mmask] += q
                    else:
                        reach[nmask | 1 << v, mmask] += q
                for b in range(6):
                    if mmask >> b & 1 or counts[13 + b] <= 0:
                        continue
                    q = p * counts[13 + b] / deck
                    if layer == 0:
                        reach_sc[nmask, mmask | 1 << b] += q
                    else:
                        reach[nmask, mmask | 1 << b] += q
            sub_m = (sub_m - free_m) & free_m
            if sub_m == 0:
                break
        sub_n = (sub_n - free_n) & free_n
        if sub_n == 0:
            break
    return out


def round_outcome(
    counts: Sequence[int],
    hand: Sequence[int] = (),
    bonus: int = 15,
    holding_sc: bool = False,
    util: Sequence[float] | None = None,
    threshold: int = 0,
    top: int = TOP,
) -> np.ndarray:
    """P(a player banks x points this round), x = 0..top (0: a bust), playing on from `hand`.

    `counts`: the cards left by card code, the hand excluded (the model reads the numbers and
    modifiers). The policy: the solver's optimum for points, or for their worth `util`
    (indexed by points), or "stay once the number sum reaches `threshold`" if it is positive.
    """
    nmask, mmask = masks_of(hand)
    deck = np.asarray(counts[:MODEL_KINDS], dtype=np.int64)
    worth = _NO_UTIL if util is None else np.asarray(util, dtype=np.float64)
    _sweep(deck, nmask, mmask, threshold, bonus, _VALUES, _VALUES_SC, worth)
    out = _forward(
        deck,
        nmask,
        mmask,
        holding_sc,
        bonus,
        threshold,
        _VALUES,
        _VALUES_SC,
        worth,
        _REACH,
        _REACH_SC,
        top,
    )
    return out / out.sum()
