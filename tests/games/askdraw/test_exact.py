"""Exact inference over the hidden hands: the marginals of every consistent deal, weighed as the
deal sampler weighs them, against brute force and against the sampler itself."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.bots.base import make_bot
from parlour.core.events import SeatFeed
from parlour.core.game import Seat
from parlour.core.registry import get_game
from parlour.games.askdraw.deals import DealProblem, NoConsistentDeal, check_deal
from parlour.games.askdraw.exact import exact_holdings, exact_marginals
from parlour.play.runner import decision_for


@st.composite
def problems(draw: st.DrawFn) -> DealProblem:
    """Up to 7 cards in groups of 1 to 4, one to three seats and the pile, random facts, the
    recent-draws fact included; now and then places that do not hold the cards."""
    seats = draw(st.integers(1, 3))
    sizes = draw(st.lists(st.integers(1, 4), min_size=1, max_size=3))
    group_of = [g for g, size in enumerate(sizes) for _ in range(size)]
    unknown = sorted(draw(st.sets(st.sampled_from(range(len(group_of))), min_size=1, max_size=7)))
    cuts = sorted(draw(st.lists(st.integers(0, len(unknown)), min_size=seats, max_size=seats)))
    bounds = [0, *cuts, len(unknown)]
    capacity = [bounds[i + 1] - bounds[i] for i in range(seats + 1)]
    capacity[-1] += draw(st.sampled_from([0, 0, 0, 0, 1, -1]))
    lacks = [draw(st.sets(st.sampled_from(unknown), max_size=2)) for _ in range(seats)]
    lower = [draw(st.sets(st.sampled_from(range(len(sizes))), max_size=2)) for _ in range(seats)]
    upper = [[draw(st.integers(0, size)) for size in sizes] for _ in range(seats)]
    recent = [
        draw(
            st.dictionaries(
                st.sampled_from([c for c in unknown if c not in lacks[s]] or [-1]),
                st.integers(1, 3),
                max_size=3,
            )
        )
        for s in range(seats)
    ]
    return DealProblem(unknown, group_of, capacity, lacks, lower, upper, recent)


def brute_force(problem: DealProblem) -> tuple[list[list[float]], dict[int, list[float]]] | None:
    """Every deal enumerated, each weighed by the sampler's odds: the marginals and, per group,
    each seat's chance to hold one of its unknown cards; None when no deal is consistent."""
    places_count = problem.pile + 1
    out = [[0.0] * places_count for _ in problem.cards]
    groups = {problem.group_of[c] for c in problem.cards}
    holds = {g: [0.0] * problem.pile for g in groups}
    total = 0.0
    for places in itertools.product(range(places_count), repeat=len(problem.cards)):
        if check_deal(problem, places):
            continue
        weight = 1.0
        for card, place in zip(problem.cards, places, strict=True):
            weight *= problem._weight(card, place)
        total += weight
        for row, place in zip(out, places, strict=True):
            row[place] += weight
        held = {(problem.group_of[c], p) for c, p in zip(problem.cards, places, strict=True)}
        for group, place in held:
            if place < problem.pile:
                holds[group][place] += weight
    if total == 0.0:
        return None
    marginals = [[x / total for x in row] for row in out]
    return marginals, {g: [x / total for x in row] for g, row in holds.items()}


@settings(max_examples=300, deadline=None)
@given(problem=problems())
def test_the_chances_are_those_of_every_deal_enumerated(problem: DealProblem) -> None:
    expected = brute_force(problem)
    if expected is None:
        with pytest.raises(NoConsistentDeal):
            exact_marginals(problem)
        with pytest.raises(NoConsistentDeal):
            exact_holdings(problem)
        return
    marginals, holdings = expected
    for row, want in zip(exact_marginals(problem), marginals, strict=True):
        assert row == pytest.approx(want, abs=1e-9)
    found = exact_holdings(problem)
    assert set(found) == set(holdings)
    for group, want in holdings.items():
        assert found[group] == pytest.approx(want, abs=1e-9)


def test_a_problem_whose_places_do_not_hold_its_cards_has_no_deal() -> None:
    problem = DealProblem([0, 1], [0, 0], [1, 2], [set()], [set()], [[2]])  # 2 cards, 3 places
    with pytest.raises(NoConsistentDeal, match="2 unknown cards for places"):
        exact_marginals(problem)


def a_position(game_name: str, players: int, seed: int, moves: int) -> tuple[object, int]:
    """A game played `moves` decisions in by memory bots; its next seat."""
    game = get_game(game_name)
    state = game.new_state([Seat(f"p{i}") for i in range(players)], seed=seed)
    bots = [make_bot(game, "memory", random.Random(seed + i)) for i in range(players)]
    feeds = [SeatFeed(i) for i in range(players)]
    for _ in range(moves):
        seat = state.to_move
        if state.is_over or seat is None:
            break
        decision = decision_for(state, seat, feeds[seat], worlds=False)
        state.apply(bots[seat].act(decision), seat)
    assert state.to_move is not None
    return state, state.to_move


@pytest.mark.parametrize(("game_name", "players"), [("familles", 2), ("gofish", 3)])
def test_exact_chances_add_up_and_keep_every_sure_fact(game_name: str, players: int) -> None:
    for seed in range(4):
        state, seat = a_position(game_name, players, seed, 12 + 3 * seed)
        tracker = state.tracker_for(seat)  # type: ignore[attr-defined]
        chances = tracker.exact_probabilities()
        assert set(chances) == set(tracker.unknown_cards())
        for other in range(players):
            expected = tracker.free(other) if other != seat else 0
            assert sum(row[other] for row in chances.values()) == pytest.approx(expected)
            for card in tracker.lacks[other]:
                if card in chances:
                    assert chances[card][other] == 0.0


def test_the_sampler_draws_the_deals_the_exact_chances_count() -> None:
    """The sampler's frequencies over many deals tend to the exact chances (its Metropolis
    chain aims at the same weighted distribution)."""
    state, seat = a_position("familles", 2, 3, 20)
    tracker = state.tracker_for(seat)  # type: ignore[attr-defined]
    other = 1 - seat
    problem = tracker.deal_problem()
    # The facts that make a deal's odds uneven and its counts cross the families.
    assert problem.recent[other] and problem.lower[other]
    exact = tracker.exact_probabilities()
    rng = random.Random(7)
    draws = 3000
    counts = dict.fromkeys(exact, 0)
    for _ in range(draws):
        hands, _ = tracker.sample(rng)
        for card in hands[other]:
            if card in counts:
                counts[card] += 1
    worst = max(abs(counts[c] / draws - exact[c][other]) for c in exact)
    assert worst < 0.04
