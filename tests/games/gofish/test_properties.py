"""Invariants of Go Fish's asks for a whole rank over random games: per-rank counts, the view's
shape, the tracker's facts from rank asks, and determinize against the tracker.

What every game honours (cards kept, views and events hiding what they must, determinize,
replay, JSON) is checked by the conformance suite, tests/contract.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.games.askdraw.engine import PILE
from parlour.games.gofish.game import GAME
from parlour.games.gofish.rules import GoFishRules, GoFishState

rules_strategy = st.builds(
    GoFishRules,
    ranks=st.sampled_from([6, 9, 13]),
    suits=st.sampled_from([2, 3, 4]),
    initial_cards=st.sampled_from([-1, 3]),
    ask_after_empty_draw=st.booleans(),
    end_on_first_out=st.booleans(),
)


def check_cards_accounted(state: GoFishState) -> None:
    g = state.grouping
    laid = [c for group, owner in enumerate(state.laid) if owner != PILE for c in g.members[group]]
    every = [c for hand in state.hands for c in hand] + state.pile + laid
    assert sorted(every) == list(range(g.num_cards))
    for seat, hand in enumerate(state.hands):
        counts = [0] * g.num_groups
        for card in hand:
            counts[g.group_of[card]] += 1
        assert counts == state.counts[seat]
        assert all(k < len(g.members[i]) for i, k in enumerate(counts))  # a book is laid


def check_views(state: GoFishState) -> None:
    spectator = state.view(None)
    assert "hand" not in spectator
    assert spectator["books"] == state.books() and len(state.books()) == state.num_players
    for seat in range(state.num_players):
        view = state.view(seat)
        assert view["hand"] == sorted(state.hands[seat])
        rest = {k: v for k, v in view.items() if k not in ("hand", "seat")}
        assert rest == {k: v for k, v in spectator.items() if k != "seat"}


def check_trackers(state: GoFishState) -> None:
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
                seen = {c for c in range(g.num_cards) if state.public_holder[c] == other}
                assert tracker.sure[other] == seen
                assert tracker.sure[other] <= hand


def check_determinize(state: GoFishState, seed: int) -> None:
    for seat in range(state.num_players):
        tracker = state.tracker_for(seat)
        world = state.determinize(seat, random.Random(seed))
        assert world.seed != state.seed and world.deal is None
        assert world.log == state.events_for(seat)
        assert world.hands[seat] == state.hands[seat]
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        assert len(world.pile) == len(state.pile)
        assert world.laid == state.laid and world.turn == state.turn
        check_cards_accounted(world)
        for other in range(state.num_players):
            assert tracker.sure[other] <= world.hands[other]
            assert not tracker.lacks[other] & world.hands[other]
        if world.to_move == seat:
            assert world.legal_actions() == state.legal_actions()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), rules=rules_strategy)
def test_random_games_keep_every_invariant(seed: int, players: int, rules: GoFishRules) -> None:
    if players * rules.hand_size(players) > rules.num_cards:
        return
    state = GAME.new_state(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    step = 0
    while not state.is_over:
        check_cards_accounted(state)
        if step % 5 == 0:
            check_views(state)
            check_trackers(state)
        if step % 17 == 0:
            check_determinize(state, seed + step)
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    check_cards_accounted(state)
    check_trackers(state)


def hidden_twin(state: GoFishState, seat: int) -> GoFishState | None:
    """The same table with two cards of one rank that `seat` has not seen swapped between
    another hand and the pool: every event `seat` saw stays true."""
    tracker = state.tracker_for(seat)
    located = set().union(*tracker.sure)
    suits = state.rules.suits
    for other in range(state.num_players):
        if other == seat:
            continue
        for card in sorted(state.hands[other] - located):
            for index, pooled in enumerate(state.pile):
                if pooled // suits == card // suits:
                    twin = state.clone()
                    assert isinstance(twin, GoFishState)
                    twin.hands[other] = (twin.hands[other] - {card}) | {pooled}
                    twin.pile[index] = card
                    return twin
    return None


def test_determinize_never_copies_a_card_the_seat_has_not_seen() -> None:
    """Two tables that differ only in cards hidden from the seat give it the same worlds."""
    compared = 0
    for seed in range(40):
        state = GAME.new_state(3, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 30)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        twin = hidden_twin(state, 0)
        if twin is None:
            continue
        assert twin.hands != state.hands or twin.pile != state.pile
        for draw in range(3):
            world = state.determinize(0, random.Random(draw))
            other = twin.determinize(0, random.Random(draw))
            assert world.hands == other.hands and world.pile == other.pile
        compared += 1
    assert compared >= 20


def test_a_finished_game_lays_every_book() -> None:
    state = GAME.new_state(4, seed=11)
    rng = random.Random(11)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert PILE not in state.laid
    assert state.outcome is not None and sum(state.outcome.scores) == 13
