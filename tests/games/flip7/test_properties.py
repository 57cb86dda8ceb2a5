"""Invariants of Flip 7 that only Flip 7 has, checked with Hypothesis over random games.

What every game honours (cards kept, views and events hiding what they must, determinize,
replay, JSON, the turn cap) is checked for Flip 7 by the conformance suite, tests/contract.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from parlour.games.flip7.cards import card_name
from parlour.games.flip7.game import GAME
from parlour.games.flip7.rules import Flip7Rules, Flip7State
from tests.games.flip7.helpers import accounted

MAX_DECISIONS = 20_000  # far beyond any real game; reaching it would mean a game that never ends


def random_game(players: int, seed: int, rules: Flip7Rules | None = None, check=None):
    state = GAME.new_state(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(MAX_DECISIONS):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
        if check is not None:
            check(state)
    return state


@given(st.integers(2, 8), st.integers(0, 2**32), st.booleans())
def test_the_94_cards_are_always_accounted_for(players: int, seed: int, give: bool) -> None:
    rules = Flip7Rules(second_chance_may_be_given=give, target=120)

    def check(state) -> None:
        assert accounted(state)  # the whole deck of RULES.md, not only the cards dealt
        # The view's deck counts are kept as cards leave the deck: they must be the deck's.
        shown = state.view(None)["deck_counts"]
        assert shown == {name: n for name, n in Counter(map(card_name, state.deck)).items()}

    random_game(players, seed, rules, check)


@given(st.integers(2, 18), st.integers(0, 2**32))
def test_every_game_ends_with_a_single_leader_at_the_target(players: int, seed: int) -> None:
    state = random_game(players, seed, Flip7Rules(target=100))
    assert state.is_over and state.outcome is not None
    scores = state.outcome.scores
    assert max(scores) >= 100 and len(state.outcome.winners) == 1
    assert sorted(scores, reverse=True)[0] > sorted(scores, reverse=True)[1]


@given(st.integers(2, 5), st.integers(0, 2**32), st.integers(1, 60))
def test_everything_is_public(players: int, seed: int, steps: int) -> None:
    # Every card drawn is shown to the whole table: one view for all, and public events only
    # (bulk play hands each seat the whole log unfiltered on the strength of it).
    assert Flip7State.all_events_public
    state = GAME.new_state(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    views = [state.view(s) for s in (None, *range(players))]
    for view in views:
        view.pop("seat")
    assert all(v == views[0] for v in views)
    assert all(e.audience is None and not e.hidden_from for e in state.log)
