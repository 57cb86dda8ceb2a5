"""Consistent deals: the sampler behind `determinize` never gives up while a deal exists."""

from __future__ import annotations

import itertools
import logging
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.bots.base import make_bot
from parlour.core.events import SeatFeed
from parlour.games.askdraw.deals import DealProblem, NoConsistentDeal, check_deal
from parlour.games.askdraw.engine import Ask
from parlour.games.familles.game import GAME
from parlour.games.familles.rules import FamillesState
from parlour.play.runner import decision_for


def cards(family: int, *roles: int) -> list[int]:
    return [family * 6 + r for r in roles]


def late_position() -> FamillesState:
    """Seat 1 holds 26 cards, 12 of them unknown to seat 0; the pile holds 3.

    Seat 1 was dealt one card of families 0, 1 and 2 and asked seat 0 for four more of each;
    the sixth of each is in the pile. For seat 0, each of these families is one card short
    in seat 1's hand, its last two cards unknown: a deal must put one of each pair in the
    pile, 8 deals in 455. The rejection sampler this replaces gave up ("no deal without a
    complete group was found") for about 3% of generator seeds.
    """
    seat1 = cards(0, 0) + cards(1, 0) + cards(2, 0) + cards(3, 0, 1, 2)
    seat1 += cards(4, 0, 1, 2) + cards(5, 0, 1, 2)
    pile = cards(0, 5) + cards(1, 5) + cards(2, 5)
    seat0 = [c for c in range(42) if c not in seat1 and c not in pile]
    state = GAME.new_state(2, deal={"hands": [seat0, seat1], "pile": pile, "first": 1})
    for card in cards(0, 1, 2, 3, 4) + cards(1, 1, 2, 3, 4) + cards(2, 1, 2, 3, 4):
        state.apply(Ask(0, card))
    for card in cards(3, 3, 4):
        state.apply(Ask(0, card))
    return state


def test_the_late_position_that_made_search_crash_always_gets_a_consistent_deal() -> None:
    state = late_position()
    tracker = state.tracker_for(0)
    assert tracker.sizes == [7, 26] and tracker.free(1) == 12 and tracker.pile == 3
    piles = set()
    for seed in range(300):
        hands, pile = tracker.sample(random.Random(seed))
        for family in (0, 1, 2):  # never complete in seat 1's hand: one of the pair is out
            assert sum(1 for c in hands[1] if c // 6 == family) == 5
        assert sorted(hands[0]) == sorted(state.hands[0])
        assert len(hands[1]) == 26 and len(pile) == 3
        piles.add(tuple(sorted(pile)))
    assert len(piles) == 8  # every consistent pile is drawn, not just the first one found


def test_search_plays_the_late_position() -> None:
    state = late_position()
    state.apply(Ask(0, cards(4, 3)[0]))  # a gift: seat 1 goes on
    bot = make_bot(GAME, "search:6", random.Random(3))
    move = bot.act(decision_for(state, 1, SeatFeed(1)))
    assert move in state.legal_actions()


def test_a_failed_search_still_plays_a_legal_move_and_says_why(
    caplog: pytest.LogCaptureFixture,
) -> None:
    state = GAME.new_state(3, seed=5)
    seat = state.to_move
    bot = make_bot(GAME, "search:6", random.Random(3))
    # A decision made without worlds cannot be determinized: the search fails mid-move.
    decision = decision_for(state, seat, SeatFeed(seat), worlds=False)
    with caplog.at_level(logging.WARNING, logger="parlour.bots"):
        move = bot.act(decision)
    assert move in state.legal_actions()
    assert f"search failed at seat {seat}" in caplog.text
    assert "without worlds" in caplog.text


# ----- the sampler against brute force on small problems ----------------------------------------
@st.composite
def problems(draw: st.DrawFn) -> DealProblem:
    """Up to 8 cards in groups of 2 or 3, two seats and the pile, random facts."""
    sizes = draw(st.lists(st.integers(2, 3), min_size=1, max_size=3))
    group_of = [g for g, size in enumerate(sizes) for _ in range(size)]
    total = len(group_of)
    unknown = sorted(draw(st.sets(st.sampled_from(range(total)), min_size=1, max_size=8)))
    split = draw(st.lists(st.integers(0, len(unknown)), min_size=2, max_size=2).map(sorted))
    capacity = [split[0], split[1] - split[0], len(unknown) - split[1]]
    lacks = [draw(st.sets(st.sampled_from(unknown))) for _ in range(2)]
    lower = [draw(st.sets(st.sampled_from(range(len(sizes))), max_size=2)) for _ in range(2)]
    upper = [[draw(st.integers(0, size)) for size in sizes] for _ in range(2)]
    return DealProblem(unknown, group_of, capacity, lacks, lower, upper)


def brute_force(problem: DealProblem) -> bool:
    for places in itertools.product(range(3), repeat=len(problem.cards)):
        if not check_deal(problem, places):
            return True
    return False


@settings(max_examples=300, deadline=None)
@given(problem=problems(), seed=st.integers(0, 2**32))
def test_a_deal_is_found_exactly_when_one_exists(problem: DealProblem, seed: int) -> None:
    if brute_force(problem):
        places = problem.sample(random.Random(seed))
        assert check_deal(problem, places) == []
    else:
        with pytest.raises(NoConsistentDeal, match=r"consistent|unknown cards|must hold"):
            problem.sample(random.Random(seed))


def test_after_a_plain_draw_the_asker_still_lacks_the_card_he_asked_for() -> None:
    """Drawing the card asked for is a Bonne pioche, shown to all: after a plain draw the
    asker surely still lacks it, and no world deals it to him."""
    from tests.games.familles.conftest import ask, c, make

    mother = c("boulanger/mother")
    state = make(
        [
            ["boulanger/father", "boucher/son", "pompier/son"],
            ["docteur/son", "docteur/father", "boucher/father"],
            ["pompier/father", "pompier/mother", "docteur/mother"],
        ],
        pile_top=["boucher/mother"],  # the mother is deeper in the pile
    )
    events = ask(state, 1, "boulanger/mother")
    assert [e.type for e in events if e.public] == ["ask", "pioche", "draw", "turn"]
    for observer in (1, 2):
        tracker = state.tracker_for(observer)
        assert mother in tracker.lacks[0]
        where = {"seat 0": 0, "elsewhere": 0}
        for seed in range(200):
            hands, _ = tracker.sample(random.Random(seed))
            where["seat 0" if mother in hands[0] else "elsewhere"] += 1
        assert where == {"seat 0": 0, "elsewhere": 200}


def recent_problem() -> DealProblem:
    """Seat 0 holds 5 unknown cards and drew one since it lacked cards 0-5; cards 6-9 were
    never asked of it; the pile holds 5 (seat 1 has no unknown card)."""
    cards = list(range(10))
    group_of = list(range(10))  # one group a card: no group fact binds
    recent = [dict.fromkeys(range(6), 1), {}]
    return DealProblem(
        cards, group_of, [5, 0, 5], [set(), set()], [set(), set()], [[1] * 10, [1] * 10], recent
    )


def test_a_card_lacked_before_the_last_draws_is_only_one_of_those_draws() -> None:
    """At most one of the six cards lacked one draw ago is in the hand (the one card drawn
    since), so the four never asked for fill the rest; before this fact the deals put those
    six back in the hand as often as the others."""
    problem = recent_problem()
    rng = random.Random(4)
    in_hand = [0] * 10
    deals = 400
    for _ in range(deals):
        places = problem.sample(rng)
        assert check_deal(problem, places) == []
        for card, place in enumerate(places):
            in_hand[card] += place == 0
        assert sum(places[c] == 0 for c in range(6)) <= 1
    assert min(in_hand[6:]) == deals  # the four unasked cards are always there
    # The drawn card: each lacked card about one time in six, the pile's odds against it kept.
    assert all(in_hand[c] < deals * 0.4 for c in range(6))


def test_check_deal_names_a_broken_recent_draws_fact() -> None:
    problem = recent_problem()
    places = [0, 0, 2, 2, 2, 2, 0, 0, 0, 2]
    assert check_deal(problem, places) == ["seat 0 holds 2 cards it lacked within 1 draws"]
