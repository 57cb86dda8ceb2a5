"""Exact single-round dynamic programming for one player alone (the `solve` command and the
`solver` bot).

The model: one player draws from a deck of known composition made of number cards and
modifiers; a state is the set of numbers held and the set of modifiers held (at most 2^13 x 2^6
states), and the probability of each next card follows exactly from the cards left. The values
are computed backwards over supersets of the current hand (a child state always has a larger
bit mask, so a descending sweep sees every child before its parent): no sampling anywhere.

Action cards are outside this model: `solve` leaves them out of the deck, and the `solver` bot
conditions on the next scoring card (an action card only delays it). A held Second Chance is
handled by a second value table: a duplicate then costs the Second Chance instead of the round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

try:
    from numba import njit
except ImportError:  # Numba absent: the same functions run as plain Python, only slower

    def njit(*args: Any, **kwargs: Any) -> Any:  # type: ignore[no-redef]
        if len(args) == 1 and callable(args[0]) and not kwargs:
            return args[0]
        return lambda function: function


from parlour.core.errors import RulesError
from parlour.games.flip7.cards import FULL_COUNTS, X2, is_number, plus_value

MODEL_KINDS = 19  # numbers 0..12, then +2, +4, +6, +8, +10, x2
NUMBER_MASKS = 1 << 13
MODIFIER_MASKS = 1 << 6
_PLUS = np.array([2, 4, 6, 8, 10, 0], dtype=np.int64)


@njit(cache=True)
def _popcount(x: int) -> int:
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


@njit(cache=True)
def free_masks(counts: np.ndarray, n0: int, m0: int) -> tuple[int, int]:
    """The numbers and the modifiers a hand (n0, m0) can still draw, as bit masks: those left
    in `counts` that it does not hold. The hands a sweep reaches are n0 and m0 plus subsets."""
    free_n = 0
    for v in range(13):
        if counts[v] > 0 and not n0 >> v & 1:
            free_n |= 1 << v
    free_m = 0
    for j in range(6):
        if counts[13 + j] > 0 and not m0 >> j & 1:
            free_m |= 1 << j
    return free_n, free_m


@njit(cache=True)
def clear_supersets(table: np.ndarray, n0: int, m0: int, free_n: int, free_m: int) -> None:
    """Zero the cells of `table` a forward sweep from (n0, m0) can reach (ascending subsets of
    the free masks: sub = (sub - free) & free)."""
    sub_n = 0
    while True:
        sub_m = 0
        while True:
            table[n0 | sub_n, m0 | sub_m] = 0.0
            sub_m = (sub_m - free_m) & free_m
            if sub_m == 0:
                break
        sub_n = (sub_n - free_n) & free_n
        if sub_n == 0:
            break


@njit(cache=True)
def _sweep(
    counts: np.ndarray,
    n0: int,
    m0: int,
    threshold: int,
    bonus: int,
    values: np.ndarray,
    values_sc: np.ndarray,
    util: np.ndarray,
) -> None:
    """Fill values[N, M] (and values_sc, holding a Second Chance) for every superset of the hand.

    `counts` are the deck's cards (the hand excluded). threshold > 0 plays "stay when the number
    sum reaches threshold" instead of the optimal policy. A non-empty `util` replaces the points
    banked (index) by their worth (a win probability, for the strong bot's endgame).
    """
    use_util = util.shape[0] > 0
    top = util.shape[0] - 1
    bust_value = util[0] if use_util else 0.0
    total = 0
    for i in range(MODEL_KINDS):
        total += counts[i]
    k0 = _popcount(n0)
    j0 = _popcount(m0)
    # Only cards still in the deck can join the hand: the other states are never reached.
    free_n, free_m = free_masks(counts, n0, m0)
    sub_n = free_n
    while True:
        nmask = n0 | sub_n
        k = _popcount(nmask)
        if k <= 6:
            number_sum = 0
            for v in range(13):
                if nmask >> v & 1:
                    number_sum += v
            sub_m = free_m
            while True:
                mmask = m0 | sub_m
                drawn = (k - k0) + (_popcount(mmask) - j0)
                deck = total - drawn
                mult = 2 if mmask >> 5 & 1 else 1
                plus = 0
                for j in range(5):
                    if mmask >> j & 1:
                        plus += _PLUS[j]
                stay = float(number_sum * mult + plus)
                if use_util:
                    stay = util[min(int(stay), top)]
                if deck <= 0:
                    values[nmask, mmask] = stay
                    values_sc[nmask, mmask] = stay
                else:
                    safe = 0.0
                    safe_sc = 0.0
                    bust_mass = 0.0
                    for v in range(13):
                        left = counts[v]
                        if sub_n >> v & 1:
                            left -= 1  # the copy drawn since the decision
                        if left <= 0:
                            continue
                        if nmask >> v & 1:
                            bust_mass += left
                        else:
                            child = nmask | (1 << v)
                            if k == 6:
                                value = float((number_sum + v) * mult + plus + bonus)
                                if use_util:
                                    value = util[min(int(value), top)]
                                safe += left * value
                                safe_sc += left * value
                            else:
                                safe += left * values[child, mmask]
                                safe_sc += left * values_sc[child, mmask]
                    for j in range(6):
                        if mmask >> j & 1:
                            continue
                        left = counts[13 + j]
                        if left > 0:
                            safe += left * values[nmask, mmask | (1 << j)]
                            safe_sc += left * values_sc[nmask, mmask | (1 << j)]
                    hit = (safe + bust_mass * bust_value) / deck
                    if threshold > 0:
                        value = stay if number_sum >= threshold else hit
                        values[nmask, mmask] = value
                        values_sc[nmask, mmask] = value
                    else:
                        best = stay if stay > hit else hit
                        values[nmask, mmask] = best
                        # After a Second Chance saves a duplicate the turn ends: the plain value.
                        hit_sc = (safe_sc + bust_mass * best) / deck
                        values_sc[nmask, mmask] = stay if stay > hit_sc else hit_sc
                if sub_m == 0:
                    break
                sub_m = (sub_m - 1) & free_m
        if sub_n == 0:
            break
        sub_n = (sub_n - 1) & free_n


@njit(cache=True)
def _hit_value(
    counts: np.ndarray,
    nmask: int,
    mmask: int,
    bonus: int,
    values: np.ndarray,
    values_sc: np.ndarray,
    holding_sc: bool,
    util: np.ndarray,
) -> float:
    """The expected value of hitting now and then playing optimally (the tables are filled)."""
    use_util = util.shape[0] > 0
    top = util.shape[0] - 1
    total = 0
    for i in range(MODEL_KINDS):
        total += counts[i]
    if total <= 0:
        return -1.0
    k = _popcount(nmask)
    number_sum = 0
    for v in range(13):
        if nmask >> v & 1:
            number_sum += v
    mult = 2 if mmask >> 5 & 1 else 1
    plus = 0
    for j in range(5):
        if mmask >> j & 1:
            plus += _PLUS[j]
    table = values_sc if holding_sc else values
    acc = 0.0
    for v in range(13):
        left = counts[v]
        if left <= 0:
            continue
        if nmask >> v & 1:
            if holding_sc:
                acc += left * values[nmask, mmask]
            elif use_util:
                acc += left * util[0]
        elif k == 6:
            value = float((number_sum + v) * mult + plus + bonus)
            acc += left * (util[min(int(value), top)] if use_util else value)
        else:
            acc += left * table[nmask | (1 << v), mmask]
    for j in range(6):
        if not mmask >> j & 1 and counts[13 + j] > 0:
            acc += counts[13 + j] * table[nmask, mmask | (1 << j)]
    return acc / total


@njit(cache=True)
def _bust_by_held(counts: np.ndarray) -> np.ndarray:
    """P(the next card busts | k distinct numbers held), k = 0..6, for a player who always hits.

    A forward sweep of the probability of visiting each state without having busted; each state
    is visited at most once on a path, so the visit-weighted mean of its bust chance is the
    conditional probability.
    """
    total = 0
    for i in range(MODEL_KINDS):
        total += counts[i]
    reach = np.zeros((NUMBER_MASKS, MODIFIER_MASKS))
    reach[0, 0] = 1.0
    weight = np.zeros(7)
    busts = np.zeros(7)
    for nmask in range(NUMBER_MASKS):
        k = _popcount(nmask)
        if k > 6:
            continue
        for mmask in range(MODIFIER_MASKS):
            p = reach[nmask, mmask]
            if p == 0.0:
                continue
            deck = total - k - _popcount(mmask)
            if deck <= 0:
                continue
            bust_mass = 0.0
            for v in range(13):
                left = counts[v] - (nmask >> v & 1)
                if left <= 0:
                    continue
                if nmask >> v & 1:
                    bust_mass += left
                elif k < 6:
                    reach[nmask | (1 << v), mmask] += p * left / deck
            for j in range(6):
                if not mmask >> j & 1 and counts[13 + j] > 0:
                    reach[nmask, mmask | (1 << j)] += p * counts[13 + j] / deck
            weight[k] += p
            busts[k] += p * bust_mass / deck
    out = np.zeros(7)
    for k in range(7):
        out[k] = busts[k] / weight[k] if weight[k] > 0 else 0.0
    return out


# ----- the Python face ----------------------------------------------------------------------
def model_counts(
    numbers_only: bool = False, no_modifiers: bool = False, counts: Sequence[int] | None = None
) -> np.ndarray:
    """The solver's deck (numbers and modifiers) from a full deck or given card counts."""
    source = list(counts) if counts is not None else list(FULL_COUNTS)
    out = np.array(source[:MODEL_KINDS], dtype=np.int64)
    if numbers_only:
        out[13:] = 0
    elif no_modifiers:
        out[13:X2] = 0  # the + cards out, the x2 kept
    return out


def masks_of(cards: Sequence[int]) -> tuple[int, int]:
    """The (numbers, modifiers) bit masks of a hand; RulesError for a hand the rules forbid."""
    nmask = mmask = 0
    for card in cards:
        if is_number(card):
            if nmask >> card & 1:
                raise RulesError(f"a hand cannot hold two {card}s (that is a bust)")
            nmask |= 1 << card
        elif 13 <= card <= X2:
            bit = 1 << (card - 13)
            if mmask & bit:
                raise RulesError("a hand holds each modifier at most once")
            mmask |= bit
        else:
            raise RulesError(
                "the solver's hands hold numbers and modifiers only: Freeze, Flip Three and "
                "Second Chance are outside its model"
            )
    if bin(nmask).count("1") >= 7:
        raise RulesError("seven different numbers are a Flip 7: the round is over")
    return nmask, mmask


def hand_score(cards: Sequence[int]) -> int:
    nums = [c for c in cards if is_number(c)]
    mods = [c for c in cards if not is_number(c)]
    return sum(nums) * (2 if X2 in mods else 1) + sum(plus_value(m) for m in mods)


_NO_UTIL = np.zeros(0)
# Scratch tables reused by every call: a sweep only writes (then reads) the supersets of the
# hand, so stale entries elsewhere are never read.
_VALUES = np.empty((NUMBER_MASKS, MODIFIER_MASKS))
_VALUES_SC = np.empty((NUMBER_MASKS, MODIFIER_MASKS))


def _tables(
    counts: np.ndarray,
    nmask: int,
    mmask: int,
    threshold: int,
    bonus: int,
    util: np.ndarray = _NO_UTIL,
) -> tuple[np.ndarray, np.ndarray]:
    _sweep(counts, nmask, mmask, threshold, bonus, _VALUES, _VALUES_SC, util)
    return _VALUES, _VALUES_SC


def hit_and_stay(
    counts: np.ndarray,
    hand: Sequence[int],
    bonus: int = 15,
    holding_sc: bool = False,
    util: np.ndarray | None = None,
) -> tuple[float, float]:
    """(value of staying, expected value of hitting then playing optimally) for a hand.

    `counts` are the cards left in the deck, the hand excluded. With `util` (worth of each
    number of points banked) the values are expected worths instead of expected points.
    """
    nmask, mmask = masks_of(hand)
    counts = np.asarray(counts[:MODEL_KINDS], dtype=np.int64)
    table = _NO_UTIL if util is None else np.asarray(util, dtype=np.float64)
    values, values_sc = _tables(counts, nmask, mmask, 0, bonus, table)
    hit = _hit_value(counts, nmask, mmask, bonus, values, values_sc, holding_sc, table)
    stay = float(hand_score(hand))
    if util is not None:
        stay = float(table[min(int(stay), len(table) - 1)])
    return stay, float(hit)


@dataclass(frozen=True)
class Solution:
    model: str
    deck: int
    optimal_ev: float
    best_threshold: int
    threshold_ev: float
    threshold_evs: dict[int, float]
    bust_probability: list[float]

    def to_json(self) -> dict[str, Any]:
        return {
            "optimal_ev": self.optimal_ev,
            "best_threshold": self.best_threshold,
            "threshold_ev": self.threshold_ev,
            "bust_probability": self.bust_probability,
        }


def model_name(numbers_only: bool, no_modifiers: bool) -> str:
    if numbers_only:
        return "numbers"
    return "numbers+x2" if no_modifiers else "numbers+modifiers"


def solve(numbers_only: bool = False, no_modifiers: bool = False, bonus: int = 15) -> Solution:
    """One player alone, a full deck: the optimal policy, every fixed threshold, bust chances."""
    counts = model_counts(numbers_only, no_modifiers)
    values, _ = _tables(counts, 0, 0, 0, bonus)
    optimal = float(values[0, 0])
    evs: dict[int, float] = {}
    for threshold in range(1, 61):
        table, _ = _tables(counts, 0, 0, threshold, bonus)
        evs[threshold] = float(table[0, 0])
    best = max(evs, key=lambda k: evs[k])
    busts = [float(x) for x in _bust_by_held(counts)]
    return Solution(
        model_name(numbers_only, no_modifiers),
        int(counts.sum()),
        optimal,
        best,
        evs[best],
        evs,
        busts,
    )


def solve_hand(
    hand: Sequence[int], numbers_only: bool = False, no_modifiers: bool = False, bonus: int = 15
) -> dict[str, Any]:
    """The value of staying and of hitting for a hand, from a full deck less the hand."""
    masks_of(hand)  # a hand the rules allow (no pair, each modifier once, no action card)
    counts = model_counts(numbers_only, no_modifiers)
    for card in hand:
        if counts[card] <= 0:
            deck = model_name(numbers_only, no_modifiers)
            raise RulesError(f"that hand holds a card the {deck} deck leaves out")
        counts[card] -= 1
    stay, hit = hit_and_stay(counts, hand, bonus)
    return {
        "stay_ev": stay,
        "hit_ev": hit,
        "decision": "hit" if hit > stay else "stay",
    }


@njit(cache=True)
def _score(nmask: int, mmask: int) -> int:
    total = 0
    for v in range(13):
        if nmask >> v & 1:
            total += v
    if mmask >> 5 & 1:
        total *= 2
    for j in range(5):
        if mmask >> j & 1:
            total += _PLUS[j]
    return total


@njit(cache=True)
def _flip_three(counts: np.ndarray, nmask: int, mmask: int, bonus: int) -> tuple[float, float]:
    """(expected points, bust probability) after three forced cards, by exact enumeration.

    counts: the 19 scoring kinds then one count of action cards, which fill a slot and
    change nothing else.
    """
    points = 0.0
    bust = 0.0
    stack_n = np.zeros(4, dtype=np.int64)
    stack_m = np.zeros(4, dtype=np.int64)
    stack_p = np.zeros(4)
    choice = np.full(4, -1, dtype=np.int64)
    stack_n[0] = nmask
    stack_m[0] = mmask
    stack_p[0] = 1.0
    size0 = 0
    for i in range(MODEL_KINDS + 1):
        size0 += counts[i]
    depth = 0
    # An explicit depth-first walk over the (at most) three cards.
    while depth >= 0:
        choice[depth] += 1
        card = choice[depth]
        if card > MODEL_KINDS:
            choice[depth] = -1
            depth -= 1
            if depth >= 0:
                counts[choice[depth]] += 1
            continue
        size = size0 - depth
        left = counts[card]
        if left <= 0 or size <= 0:
            continue
        p = stack_p[depth] * left / size
        nm = stack_n[depth]
        mm = stack_m[depth]
        if card < 13:
            if nm >> card & 1:
                bust += p
                continue
            nm |= 1 << card
            if _popcount(nm) == 7:
                points += p * (_score(nm, mm) + bonus)
                continue
        elif card < MODEL_KINDS:
            mm |= 1 << (card - 13)
        if depth == 2:
            points += p * _score(nm, mm)
            continue
        counts[card] -= 1
        depth += 1
        stack_n[depth] = nm
        stack_m[depth] = mm
        stack_p[depth] = p
        choice[depth] = -1
    return points, bust


def flip_three_outlook(
    counts: Sequence[int], hand: Sequence[int], bonus: int = 15
) -> tuple[float, float]:
    """Expected points and bust probability of a hand made to flip three from `counts`.

    `counts` by card code (22 kinds): the action cards count toward the three cards.
    """
    nmask, mmask = masks_of(hand)
    arr = np.zeros(MODEL_KINDS + 1, dtype=np.int64)
    arr[:MODEL_KINDS] = counts[:MODEL_KINDS]
    arr[MODEL_KINDS] = sum(counts[MODEL_KINDS:])
    points, bust = _flip_three(arr, nmask, mmask, bonus)
    return float(points), float(bust)
