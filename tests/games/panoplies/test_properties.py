"""Invariants over random Panoplies games: per-character counts, mannequins, views, tracker.

What every game honours (cards kept, views and events hiding what they must, determinize,
replay, JSON) is checked by the conformance suite, tests/contract.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from parlour.games.panoplies.game import GAME
from parlour.games.panoplies.rules import PanopliesRules, PanopliesState
from tests.games.familles.test_properties import (
    check_counts,
    check_determinize,
    check_trackers,
    check_views,
)


def check_mannequins(state: PanopliesState) -> None:
    """Worn garments follow from the events of the current game: all worn at the deal, then
    every garment_lost / garment_back, and a loser's mannequin emptied."""
    n, garments = state.num_players, state.ward.garments
    wearing = [[True] * len(garments) for _ in range(n)]
    for event in state.log:
        d = event.data
        if event.type == "deal":
            wearing = [[True] * len(garments) for _ in range(n)]
        elif event.type == "garment_lost":
            assert wearing[d["seat"]][garments.index(d["garment"])]
            wearing[d["seat"]][garments.index(d["garment"])] = False
        elif event.type == "garment_back":
            assert not wearing[d["seat"]][garments.index(d["garment"])]
            wearing[d["seat"]][garments.index(d["garment"])] = True
        elif event.type == "outfit" and d["kind"] == "other":
            wearing[d["owner"]] = [False] * len(garments)
    assert wearing == state.wearing


@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 9),
    games=st.integers(1, 2),
    left=st.booleans(),
)
def test_random_games_keep_every_invariant(seed: int, players: int, games: int, left: bool) -> None:
    extra = max(0, players - 6)
    rules = PanopliesRules(
        hats=extra >= 1,
        scarves=extra >= 2,
        belts=extra >= 3,
        games=games,
        next_after_miss="left" if left else "asked",
        max_turns=600,
    )
    state = GAME.new_state(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    step = 0
    while not state.is_over:
        check_counts(state)
        if step % 9 == 0:
            check_views(state)
            check_trackers(state)
            check_mannequins(state)
        if step % 31 == 0:
            check_determinize(state, seed + step)
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    check_counts(state)
    check_mannequins(state)
