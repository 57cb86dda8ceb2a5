"""Invariants of Beggar-My-Neighbour that only Beggar has, checked with Hypothesis.

What every game honours (cards kept, views and events hiding what they must, determinize,
replay, JSON) is checked for Beggar by the conformance suite, tests/contract.
"""

from __future__ import annotations

import random

from hypothesis import event, given
from hypothesis import strategies as st

from parlour.games.beggar.bulk import deal_codes, deck_codes
from parlour.games.beggar.cards import NOTATION
from parlour.games.beggar.fast import LOOP, play_codes
from parlour.games.beggar.game import GAME
from parlour.games.beggar.rules import FLIP, BeggarRules

from .helpers import short_decks

conventions = st.sampled_from(["pile_to_claimant", "next_pays"])
# Any hands of 2 to 6 players; an all-empty deal gets one card instead of being thrown away.
small_hands = st.lists(
    st.lists(st.sampled_from([0, 0, 0, 1, 2, 3, 4]), min_size=0, max_size=9),
    min_size=2,
    max_size=6,
).map(lambda hands: hands if any(hands) else [[0], *hands[1:]])


@given(st.integers(2, 6), st.integers(0, 2**32), conventions)
def test_the_winner_of_a_round_holds_all_52_cards(players: int, seed: int, convention: str) -> None:
    rules = BeggarRules(exhausted_payer=convention, max_turns=3000)
    state = GAME.new_state(players, seed=seed, rules=rules)
    while not state.is_over:
        state.apply(FLIP)
    winner = state.results[-1].winner if state.results else None
    if state.outcome.status == "finished" and winner is not None:
        assert len(state.hands[winner]) == 52


@given(st.integers(2, 6), st.integers(0, 2**32), st.booleans())
def test_face_up_shows_each_seat_its_own_stack_and_nobody_else_s(
    players: int, seed: int, face_up: bool
) -> None:
    state = GAME.new_state(players, seed=seed, rules=BeggarRules(face_up=face_up, max_turns=300))
    for _ in range(40):
        if state.is_over:
            break
        state.apply(FLIP)
    assert "my_stack" not in state.view(None)
    for seat in range(players):
        shown = state.view(seat).get("my_stack")
        assert shown == (list(state.hands[seat]) if face_up else None)


@given(small_hands, conventions)
def test_fast_path_agrees_with_the_reference_on_tiny_decks(hands, convention: str) -> None:
    # Any cards make a deal (penalty cards by rank), so no example is thrown away.
    notation = ["".join(NOTATION[c] for c in hand) for hand in hands]
    state = GAME.new_state(
        len(hands), deal={"hands": notation}, rules=BeggarRules(exhausted_payer=convention)
    )
    while not state.is_over:
        state.apply(FLIP)
    status, cards, tricks, winner = play_codes(hands, convention == "next_pays")
    first = state.results[0]
    assert first.status == ("loop" if status == LOOP else "finished")
    assert (first.cards, first.tricks) == (cards, tricks)
    assert (first.winner if first.winner is not None else -1) == winner


@given(short_decks())
def test_fast_path_agrees_with_the_reference_on_short_decks_loops_included(case) -> None:
    hands, next_pays = case
    notation = ["".join(NOTATION[c] for c in hand) for hand in hands]
    rules = BeggarRules(exhausted_payer="next_pays" if next_pays else "pile_to_claimant")
    state = GAME.new_state(len(hands), deal={"hands": notation}, rules=rules)
    while not state.is_over:
        state.apply(FLIP)
    first = state.results[0]
    event(f"round ends by {first.status}")
    expected = (first.status, first.cards, first.tricks, first.winner)
    status, cards, tricks, winner = play_codes(hands, next_pays)
    got = ("loop" if status == LOOP else "finished", cards, tricks, None if winner < 0 else winner)
    assert got == expected


@given(st.integers(2, 6), st.integers(0, 2**32), conventions)
def test_fast_path_agrees_with_the_reference_on_full_decks(players, seed, convention) -> None:
    rules = BeggarRules(exhausted_payer=convention)
    deck = deck_codes(rules)
    random.Random(seed).shuffle(deck)
    hands = deal_codes(deck, players)
    notation = ["".join(NOTATION[c] for c in hand) for hand in hands]
    state = GAME.new_state(players, deal={"hands": notation}, rules=rules)
    while not state.is_over:
        state.apply(FLIP)
    _status, cards, tricks, winner = play_codes(hands, convention == "next_pays")
    first = state.results[0]
    assert (first.cards, first.tricks) == (cards, tricks)
    assert (first.winner if first.winner is not None else -1) == winner
