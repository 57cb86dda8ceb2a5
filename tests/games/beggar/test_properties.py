"""Invariants of Beggar-My-Neighbour, checked with Hypothesis."""

from __future__ import annotations

import random

from hypothesis import event, given
from hypothesis import strategies as st

from parlour.core.records import record_of, replay
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


def total_cards(state) -> int:
    return sum(len(h) for h in state.hands) + len(state.pile)


@given(st.integers(2, 6), st.integers(0, 2**32), conventions)
def test_cards_are_never_created_or_lost(players: int, seed: int, convention: str) -> None:
    rules = BeggarRules(exhausted_payer=convention, max_turns=3000)
    state = GAME.new_state(players, seed=seed, rules=rules)
    while not state.is_over:
        state.apply(FLIP)
        assert total_cards(state) == 52
    winner = state.results[-1].winner if state.results else None
    if state.outcome.status == "finished" and winner is not None:
        assert len(state.hands[winner]) == 52


@given(st.integers(2, 6), st.integers(0, 2**32), st.booleans())
def test_views_hide_every_stack_unless_face_up(players: int, seed: int, face_up: bool) -> None:
    state = GAME.new_state(players, seed=seed, rules=BeggarRules(face_up=face_up, max_turns=300))
    for _ in range(40):
        if state.is_over:
            break
        state.apply(FLIP)
    for seat in [None, *range(players)]:
        view = state.view(seat)
        text = repr(view)
        shown_stack = view.get("my_stack")
        if face_up and seat is not None:
            assert shown_stack == list(state.hands[seat])
        else:
            assert shown_stack is None
        # No stack card appears in the view except the seat's own (face up) or on the pile.
        for other in range(players):
            if other == seat and face_up:
                continue
            for card in state.hands[other]:
                if card not in view["pile"] and card not in (shown_stack or []):
                    assert f"'{card}'" not in text


@given(st.integers(2, 6), st.integers(0, 2**32), st.sampled_from(["single", "best_of_three"]))
def test_replaying_a_record_reproduces_every_event(players: int, seed: int, match: str) -> None:
    state = GAME.new_state(players, seed=seed, rules=BeggarRules(match=match, max_turns=2000))
    while not state.is_over:
        state.apply(FLIP)
    replayed, events = replay(record_of(state))
    assert [e.to_json() for e in events] == [e.to_json() for e in state.log]
    assert replayed.outcome == state.outcome


@given(st.integers(2, 6), st.integers(0, 2**32))
def test_the_same_seed_gives_the_same_game(players: int, seed: int) -> None:
    logs = []
    for _ in range(2):
        state = GAME.new_state(players, seed=seed, rules=BeggarRules(max_turns=500))
        while not state.is_over:
            state.apply(FLIP)
        logs.append([e.to_json() for e in state.log])
    assert logs[0] == logs[1]


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


@given(st.integers(2, 6), st.integers(0, 2**32), st.booleans(), st.integers(0, 60))
def test_determinize_keeps_sizes_pile_and_only_the_seat_s_face_up_stack(
    players: int, seed: int, face_up: bool, flips: int
) -> None:
    state = GAME.new_state(players, seed=seed, rules=BeggarRules(face_up=face_up, max_turns=400))
    for _ in range(flips):
        if state.is_over:
            break
        state.apply(FLIP)
    guess = state.determinize(0, random.Random(seed))
    assert [len(h) for h in guess.hands] == [len(h) for h in state.hands]
    assert guess.pile == state.pile
    assert sorted(c for h in guess.hands for c in h) == sorted(c for h in state.hands for c in h)
    if face_up:
        assert guess.hands[0] == state.hands[0]
    assert guess.view(0) == state.view(0)
