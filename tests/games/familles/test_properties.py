"""Invariants of the ask-and-draw machinery over random games: per-family counts, the view's
shape, the tracker, and determinize against the tracker.

What every game honours (cards kept, views and events hiding what they must, determinize,
replay, JSON) is checked by the conformance suite, tests/contract; Panoplies reuses these
checks for what it shares with the 7 familles.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from parlour.games.askdraw.engine import PILE, AskDrawState
from parlour.games.familles.game import GAME
from parlour.games.familles.rules import FamillesRules

rules_strategy = st.builds(
    FamillesRules,
    hand_size=st.sampled_from([6, 7]),
    next_after_miss=st.sampled_from(["asked", "left"]),
    family_replays=st.booleans(),
    ask_any_family=st.booleans(),
)


def check_counts(state: AskDrawState) -> None:
    """Each hand's per-group counts are its cards', and no hand keeps a complete group."""
    g = state.grouping
    for seat, hand in enumerate(state.hands):
        counts = [0] * g.num_groups
        for card in hand:
            counts[g.group_of[card]] += 1
        assert counts == state.counts[seat]
        assert all(k < len(g.members[i]) for i, k in enumerate(counts))  # complete: laid


def check_views(state: AskDrawState) -> None:
    spectator = state.view(None)
    assert "hand" not in spectator
    for seat in range(state.num_players):
        view = state.view(seat)
        assert view["hand"] == sorted(state.hands[seat])
        # A seat's view adds its own hand to what a spectator sees, nothing else.
        rest = {k: v for k, v in view.items() if k not in ("hand", "seat")}
        assert rest == {k: v for k, v in spectator.items() if k != "seat"}


def check_trackers(state: AskDrawState) -> None:
    g = state.grouping
    for seat in range(state.num_players):
        tracker = state.tracker_for(seat)
        assert tracker.sizes == [len(h) for h in state.hands]
        assert tracker.pile == len(state.pile)
        assert tracker.laid == state.laid
        assert tracker.sure[seat] == state.hands[seat]
        for other in range(state.num_players):
            hand = state.hands[other]
            assert not tracker.lacks[other] & hand
            for group in tracker.holds_group[other]:
                assert any(g.group_of[card] == group for card in hand)
            if other != seat:
                # Only cards everybody saw going into that hand: no hidden card leaks.
                seen = {c for c in range(g.num_cards) if state.public_holder[c] == other}
                assert tracker.sure[other] == seen
                assert tracker.sure[other] <= hand


def check_determinize(state: AskDrawState, seed: int) -> None:
    rng = random.Random(seed)
    for seat in range(state.num_players):
        tracker = state.tracker_for(seat)
        world = state.determinize(seat, rng)
        # Nothing leads back to the real deal: not the seed, not other seats' private events.
        assert world.seed != state.seed and world.deal is None
        assert world.log == state.events_for(seat)
        check_counts(world)
        for other in range(state.num_players):
            assert tracker.sure[other] <= world.hands[other]
            assert not tracker.lacks[other] & world.hands[other]
            for group in tracker.holds_group[other]:
                assert any(world.grouping.group_of[c] == group for c in world.hands[other])


@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), rules=rules_strategy)
def test_random_games_keep_every_invariant(seed: int, players: int, rules: FamillesRules) -> None:
    if players * rules.hand_size > 42:
        return
    state = GAME.new_state(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    step = 0
    while not state.is_over and step < 400:
        check_counts(state)
        if step % 7 == 0:
            check_views(state)
            check_trackers(state)
        if step % 23 == 0:
            check_determinize(state, seed + step)
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    check_counts(state)
    check_trackers(state)


def test_a_finished_game_lays_all_seven_families() -> None:
    state = GAME.new_state(4, seed=11)
    rng = random.Random(11)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert PILE not in state.laid
    assert sum(state.outcome.scores) == 7
