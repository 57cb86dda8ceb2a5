"""The exact solver, against independent brute-force computations and published figures."""

from __future__ import annotations

from functools import cache
from itertools import product

import pytest

from parlour.core.errors import RulesError
from parlour.games.flip7.cards import FULL_COUNTS
from parlour.games.flip7.solver import (
    flip_three_outlook,
    hit_and_stay,
    model_counts,
    solve,
    solve_hand,
)

NUMBER_COUNTS = FULL_COUNTS[:13]


def brute_force(threshold: int | None, held0: tuple[int, ...] = ()) -> float:
    """Numbers-only value by plain recursion over the hand (an independent implementation)."""
    deck_size = sum(NUMBER_COUNTS)

    @cache
    def value(held: frozenset[int]) -> float:
        stay = float(sum(held))
        if threshold is not None and stay >= threshold:
            return stay
        left = deck_size - len(held)
        total = 0.0
        for v, n in enumerate(NUMBER_COUNTS):
            if v in held:
                continue  # the other copies of v bust: they add nothing
            after = held | {v}
            total += n * (sum(after) + 15 if len(after) == 7 else value(after))
        hit = total / left
        return hit if threshold is not None else max(stay, hit)

    return value(frozenset(held0))


@pytest.fixture(scope="module")
def numbers_only():
    return solve(numbers_only=True)


def test_numbers_only_best_threshold_is_23(numbers_only) -> None:
    assert numbers_only.best_threshold == 23


def test_numbers_only_figures_are_exact(numbers_only) -> None:
    assert numbers_only.optimal_ev == pytest.approx(brute_force(None), abs=1e-9)
    assert numbers_only.threshold_ev == pytest.approx(brute_force(23), abs=1e-9)
    assert numbers_only.threshold_evs[20] == pytest.approx(brute_force(20), abs=1e-9)
    assert numbers_only.optimal_ev >= max(numbers_only.threshold_evs.values())


def test_bust_probability_with_one_number_held(numbers_only) -> None:
    # Hold v (chance n_v/79), then one of the n_v - 1 other copies among 78 cards.
    exact = sum(n * (n - 1) for n in NUMBER_COUNTS) / (79 * 78)
    assert numbers_only.bust_probability[0] == 0
    assert numbers_only.bust_probability[1] == pytest.approx(exact, abs=1e-12)
    assert numbers_only.bust_probability == sorted(numbers_only.bust_probability)


def test_the_hand_12_11_stays() -> None:
    result = solve_hand([12, 11], numbers_only=True)
    assert set(result) == {"stay_ev", "hit_ev", "decision"}
    assert result["stay_ev"] == 23 and result["decision"] == "stay"
    # Hitting then playing on optimally, by brute force from the same deck.
    left = 79 - 2
    counts = list(NUMBER_COUNTS)
    counts[12] -= 1
    counts[11] -= 1
    assert result["hit_ev"] == pytest.approx(
        sum(n * brute_force(None, (12, 11, v)) for v, n in enumerate(counts) if v not in (12, 11))
        / left,
        abs=1e-9,
    )


def test_modifiers_raise_the_value_of_the_round() -> None:
    full = solve()
    plus_out = solve(no_modifiers=True)
    assert full.optimal_ev > plus_out.optimal_ev > solve(numbers_only=True).optimal_ev


def test_a_second_chance_makes_hitting_worth_more() -> None:
    counts = model_counts()
    for card in (12, 11):
        counts[card] -= 1
    _, plain = hit_and_stay(counts, [12, 11])
    _, covered = hit_and_stay(counts, [12, 11], holding_sc=True)
    assert covered > plain


def test_flip_three_outlook_matches_enumeration() -> None:
    counts = [0] * 22
    counts[3], counts[5], counts[7], counts[13], counts[19] = (
        2,
        3,
        1,
        1,
        2,
    )  # 3s, 5s, 7, +2, freezes
    points, bust = flip_three_outlook(counts, [5])
    cards = [c for c, n in enumerate(counts) for _ in range(n)]
    total_points = total_bust = 0.0
    orders = 0
    for a, b, c in product(range(len(cards)), repeat=3):
        if len({a, b, c}) < 3:
            continue
        orders += 1
        held, plus, busted = {5}, 0, False
        for card in (cards[a], cards[b], cards[c]):
            if card < 13:
                if card in held:
                    busted = True
                    break
                held.add(card)
            elif card == 13:
                plus += 2
        total_bust += busted
        total_points += 0 if busted else sum(held) + plus
    assert bust == pytest.approx(total_bust / orders, abs=1e-12)
    assert points == pytest.approx(total_points / orders, abs=1e-12)


def test_impossible_hands_are_refused() -> None:
    with pytest.raises(RulesError, match=r"a hand cannot hold two 12s \(that is a bust\)"):
        solve_hand([12, 12])
    with pytest.raises(RulesError, match=r"seven different numbers are a Flip 7: the round"):
        solve_hand([1, 2, 3, 4, 5, 6, 7])
    with pytest.raises(RulesError, match=r"that hand holds a card the numbers deck leaves out"):
        solve_hand([18], numbers_only=True)  # no x2 in a numbers-only deck
