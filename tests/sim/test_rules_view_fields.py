"""docs/bots.md lists the view keys that only some rules add (each game's `RULES_VIEW`, in its
`fields.py`): under those rules, games show exactly the documented keys; under the defaults,
never these."""

from __future__ import annotations

import random

import pytest

from parlour.bots.fields import declared, rules_view
from parlour.core.game import Game, Seat
from parlour.core.options import make_rules
from parlour.core.registry import game_names, get_game


def _views(game: Game, values: dict[str, object], seat_views: bool) -> set[str]:
    """The view keys a few random games show, to the seats or (not `seat_views`) a spectator."""
    rules = make_rules(game.rules_class, dict(values))
    keys: set[str] = set()
    for seed in range(4):
        players = game.min_players
        state = game.new_state([Seat(f"p{i}") for i in range(players)], seed=seed, rules=rules)
        rng = random.Random(seed)
        for _ in range(60):
            if state.to_move is None:
                break
            readers = range(players) if seat_views else [None]
            for reader in readers:
                keys.update(state.view(reader))
            state.apply(rng.choice(state.legal_actions()))
    return keys


CASES = [(name, key) for name in game_names() for key in rules_view(get_game(name))]


def test_beggars_own_stack_is_documented() -> None:
    # It was missing from the page: a bot playing face_up had no word of `my_stack`.
    assert "my_stack" in rules_view(get_game("beggar"))


@pytest.mark.parametrize(("name", "key"), CASES)
def test_a_rules_view_key_shows_exactly_under_its_rules(name: str, key: str) -> None:
    game = get_game(name)
    found = declared(game)
    assert found is not None
    _, view = found
    assert key not in view  # listed apart: the default rules never show it
    _, values = rules_view(game)[key]
    shown = _views(game, values, seat_views=True)
    assert key in shown
    assert shown <= set(view) | set(rules_view(game))
    assert key not in _views(game, {}, seat_views=True)


def test_a_spectator_has_no_stack_of_its_own() -> None:
    assert "my_stack" not in _views(get_game("beggar"), {"face_up": True}, seat_views=False)
