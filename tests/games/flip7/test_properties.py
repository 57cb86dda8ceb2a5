"""Invariants of Flip 7, checked with Hypothesis over random games."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from parlour.core.records import record_of, replay
from parlour.games.flip7.cards import card_name
from parlour.games.flip7.game import GAME
from parlour.games.flip7.rules import Flip7Rules
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
        assert accounted(state)
        # The view's deck counts are kept as cards leave the deck: they must be the deck's.
        shown = state.view(None)["deck_counts"]
        assert shown == {name: n for name, n in Counter(map(card_name, state.deck)).items()}

    random_game(players, seed, rules, check)


@given(st.integers(2, 8), st.integers(0, 2**32), st.booleans())
def test_every_event_is_public_as_the_state_declares(players: int, seed: int, give: bool) -> None:
    # `all_events_public` lets bulk play hand each seat the log unfiltered: it must be true.
    state = random_game(players, seed, Flip7Rules(second_chance_may_be_given=give, target=120))
    assert type(state).all_events_public
    assert state.log and all(e.audience is None and not e.hidden_from for e in state.log)


@given(st.integers(2, 18), st.integers(0, 2**32))
def test_every_game_ends_with_a_single_leader_at_the_target(players: int, seed: int) -> None:
    state = random_game(players, seed, Flip7Rules(target=100))
    assert state.is_over and state.outcome is not None
    scores = state.outcome.scores
    assert max(scores) >= 100 and len(state.outcome.winners) == 1
    assert sorted(scores, reverse=True)[0] > sorted(scores, reverse=True)[1]


@given(st.integers(2, 6), st.integers(0, 2**32))
def test_replay_reproduces_every_event(players: int, seed: int) -> None:
    state = random_game(players, seed, Flip7Rules(target=80))
    record = record_of(state)
    again, events = replay(record)
    assert [(e.type, dict(e.data)) for e in events] == [(e.type, dict(e.data)) for e in state.log]
    assert again.outcome == state.outcome


@given(st.integers(2, 5), st.integers(0, 2**32), st.integers(1, 60))
def test_views_are_public_and_determinize_only_reorders_the_deck(
    players: int, seed: int, steps: int
) -> None:
    state = GAME.new_state(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            return
        state.apply(rng.choice(state.legal_actions()))
    views = [state.view(s) for s in (None, *range(players))]
    for view in views:
        view.pop("seat")
    assert all(v == views[0] for v in views)
    seat = state.to_move
    if seat is None:
        return  # the game ended on the last move
    twin = state.determinize(seat, random.Random(seed + 1))
    assert sorted(twin.deck) == sorted(state.deck)
    assert twin.view(seat) == state.view(seat)
    # The twin plays on by itself without touching the original.
    before = state.view(None)
    twin.apply(twin.legal_actions()[0])
    assert state.view(None) == before


@given(st.integers(2, 4), st.integers(0, 2**32))
def test_the_turn_cap_ends_a_game_as_a_draw(players: int, seed: int) -> None:
    state = random_game(players, seed, Flip7Rules(max_turns=5))
    assert state.is_over and state.outcome is not None
    # Five turns are far from 200 points: the cap, not a winner, ends every such game.
    outcome = state.outcome
    assert outcome.status == "capped" and state.turns == 5 and outcome.winners == ()
    assert set(outcome.ranks) == {1} and outcome.returns == (0.0,) * players
