"""`determinize` re-deals every stack card the seat has not seen, its own face-down stack too.

Beggar's stacks are face down: a player knows how many cards each stack holds, not which, and
that is as true of his own stack as of the others. Only `face_up` shows him his own.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from parlour.games.beggar.game import GAME
from parlour.games.beggar.rules import FLIP, BeggarRules, BeggarState

DRAWS = 12


def mid_game(players: int, seed: int, face_up: bool) -> BeggarState:
    state = GAME.new_state(players, seed=seed, rules=BeggarRules(face_up=face_up))
    for _ in range(10):
        state.apply(FLIP)
    assert not state.is_over and all(len(hand) >= 5 for hand in state.hands)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_seats_own_face_down_stack_is_drawn_again(players: int) -> None:
    state = mid_game(players, seed=players, face_up=False)
    for seat in range(players):
        real = list(state.hands[seat])
        for k in range(DRAWS):
            guess = state.determinize(seat, random.Random(k))
            assert [len(h) for h in guess.hands] == [len(h) for h in state.hands]
            assert guess.pile == state.pile
            assert guess.view(seat) == state.view(seat)
            # Drawn from every unseen card: the order is new, and so (with other stacks' cards
            # mixed in) is the set of cards; either alone could match by chance only about once
            # in 10^6 draws or far less, so a kept stack fails here.
            mine = list(guess.hands[seat])
            assert mine != real
            assert Counter(mine) != Counter(real)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_face_up_stack_stays_its_owners_and_only_the_others_are_drawn(players: int) -> None:
    state = mid_game(players, seed=players, face_up=True)
    for seat in range(players):
        for k in range(DRAWS):
            guess = state.determinize(seat, random.Random(k))
            assert guess.hands[seat] == state.hands[seat]
            assert guess.view(seat) == state.view(seat)
            others = [list(h) for s, h in enumerate(guess.hands) if s != seat]
            assert others != [list(h) for s, h in enumerate(state.hands) if s != seat]
