"""The hints of 7 familles and Panoplies never claim what is not true.

The hint pane reads the games' own public-knowledge tracker, fed the events its viewer may see;
every fact it can show is checked against the real hands, for every seat and for a spectator.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core.registry import get_game
from parlour.games.askdraw.terminal import table_tracker
from parlour.tui.tables import TableContext


@settings(deadline=None)
@given(
    game_name=st.sampled_from(["familles", "panoplies"]),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    steps=st.integers(1, 80),
)
def test_what_the_table_knows_is_true_for_every_seat(
    game_name: str, players: int, seed: int, steps: int
) -> None:
    game = get_game(game_name)
    rules = game.rules_class(games=2) if game_name == "panoplies" else game.rules_class()
    state = game.new_state(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    hands = [set(state.view(seat)["hand"]) for seat in range(players)]
    group_of = game.grouping(rules).group_of
    names = [f"P{seat}" for seat in range(players)]
    for reader in [None, *range(players)]:
        events = [e for e in state.log if e.visible_to(reader)]
        ctx = TableContext(game_name, state.view(reader), "en", names, reader, {}, events, rules)
        known = table_tracker(ctx)
        assert known.sizes == [len(hand) for hand in hands], reader
        for seat in range(players):
            assert known.sure[seat] <= hands[seat], (reader, seat)
            assert not known.lacks[seat] & hands[seat], (reader, seat)
            for group in known.holds_group[seat]:
                assert any(group_of[card] == group for card in hands[seat]), (reader, seat)
        if reader is not None:
            assert known.sure[reader] == hands[reader]
            best = known.likeliest_find()
            if best is not None:
                card, seat, chance = best
                assert seat != reader and card not in hands[reader] and 0 < chance <= 1
