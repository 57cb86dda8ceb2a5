"""The hints of 7 familles and Panoplies never claim what is not true."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from parlour.core.registry import get_game
from parlour.tui.tables import familles
from parlour.tui.tables.knowledge import read_events

GROUP_OF = {
    "familles": lambda view: familles.family_of,
    "panoplies": lambda view: lambda card: card % len(view["characters"]),
}


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
    rules = game.rules_class(games=2) if game_name == "panoplies" else None
    state = game.new_state(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    hands = [set(state.view(seat)["hand"]) for seat in range(players)]
    group_of = GROUP_OF[game_name](state.view(None))
    for reader in [None, *range(players)]:
        events = [e for e in state.log if e.visible_to(reader)]
        known = read_events(events, players, group_of, sees_draws=reader is not None)
        for seat, facts in enumerate(known.seats):
            assert facts.holds <= hands[seat], (reader, seat)
            assert not facts.lacks & hands[seat], (reader, seat)
            for group in facts.groups:
                assert any(group_of(card) == group for card in hands[seat]), (reader, seat)
