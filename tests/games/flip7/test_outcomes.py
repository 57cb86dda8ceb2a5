"""The distribution of a round's points (outcomes.round_outcome), against a brute-force
recursion of its own and against the solver's values, which are its means."""

from __future__ import annotations

from collections import defaultdict
from functools import cache

import numpy as np
import pytest

from parlour.games.flip7.cards import FULL_COUNTS
from parlour.games.flip7.outcomes import TOP, round_outcome
from parlour.games.flip7.solver import hit_and_stay, model_counts

NUMBERS_ONLY = [*FULL_COUNTS[:13], *([0] * (len(FULL_COUNTS) - 13))]


def brute_distribution(threshold: int | None) -> dict[int, float]:
    """Numbers-only P(bank x) by plain recursion over hands (an independent implementation):
    stay at `threshold`, or where staying is worth at least hitting if it is None."""
    counts = FULL_COUNTS[:13]
    deck_size = sum(counts)

    @cache
    def value(held: frozenset[int]) -> float:
        stay = float(sum(held))
        left = deck_size - len(held)
        hit = sum(
            n * (sum(held | {v}) + 15 if len(held) == 6 else value(held | {v}))
            for v, n in enumerate(counts)
            if v not in held
        )
        return max(stay, hit / left)

    def stays(held: frozenset[int]) -> bool:
        if threshold is not None:
            return sum(held) >= threshold
        return value(held) <= float(sum(held))

    out: dict[int, float] = defaultdict(float)

    def walk(held: frozenset[int], p: float) -> None:
        if stays(held):
            out[sum(held)] += p
            return
        left = deck_size - len(held)
        for v, n in enumerate(counts):
            if v in held:
                out[0] += p * (n - 1) / left  # the other copies of v bust
            elif len(held) == 6:
                out[sum(held) + v + 15] += p * n / left
            else:
                walk(held | {v}, p * n / left)

    walk(frozenset(), 1.0)
    return out


@pytest.mark.parametrize("threshold", [None, 23, 30])
def test_the_numbers_only_distribution_is_the_brute_force_one(threshold: int | None) -> None:
    got = round_outcome(NUMBERS_ONLY, threshold=threshold or 0)
    expected = np.zeros(TOP + 1)
    for points, p in brute_distribution(threshold).items():
        expected[points] += p
    assert got == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("hand", [(), (12,), (5, 9, 13), (1, 2, 3, 4, 5), (8, 18)])
@pytest.mark.parametrize("holding_sc", [False, True])
def test_the_mean_is_the_solvers_value_of_the_hand(hand: tuple[int, ...], holding_sc: bool) -> None:
    counts = list(FULL_COUNTS)
    for card in hand:
        counts[card] -= 1
    outcome = round_outcome(counts, hand, holding_sc=holding_sc)
    stay, hit = hit_and_stay(model_counts(counts=counts), hand, 15, holding_sc)
    assert outcome.sum() == pytest.approx(1.0, abs=1e-12)
    assert outcome.min() >= 0.0
    assert outcome @ np.arange(TOP + 1) == pytest.approx(max(stay, hit), rel=1e-12)
    if holding_sc:  # a Second Chance saves a duplicate: busting is rarer
        assert outcome[0] < round_outcome(counts, hand)[0]


def test_a_worth_changes_the_policy_and_the_mass_it_aims_for() -> None:
    """Playing for 40 points or more (worth 1, else 0), the chance of reaching 40 is the
    solver's value of the hand for that worth, and more than the points optimum gives."""
    counts = list(FULL_COUNTS)
    counts[10] -= 1
    reach = np.where(np.arange(TOP + 1) >= 40, 1.0, 0.0)
    aimed = round_outcome(counts, (10,), util=reach)
    plain = round_outcome(counts, (10,))
    stay, hit = hit_and_stay(model_counts(counts=counts), (10,), 15, util=reach)
    assert aimed[40:].sum() == pytest.approx(max(stay, hit), rel=1e-12)
    assert aimed[40:].sum() > plain[40:].sum() + 0.05
