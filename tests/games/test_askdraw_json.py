"""An ask read from JSON, as the web table and records send it: JSON's `true` is no seat and no
card, rank or character, though Python counts it as 1."""

from __future__ import annotations

import pytest

from parlour.core.registry import get_game


@pytest.mark.parametrize(("game_name", "key"), [("familles", "card"), ("gofish", "rank"),
                                                ("panoplies", "card")])  # fmt: skip
def test_an_ask_with_true_for_a_number_is_refused(game_name: str, key: str) -> None:
    game = get_game(game_name)
    state = game.new_state(3, seed=1)
    good = state.legal_actions()[0].to_json()
    assert set(good) == {"type", "target", key}
    assert game.action_from_json(good) == state.legal_actions()[0]
    for field in ("target", key):
        with pytest.raises(ValueError, match="an ask needs an integer target"):
            game.action_from_json({**good, field: True})


@pytest.mark.parametrize(
    ("game_name", "key", "sizing"),
    [("gofish", "rank", "ranks"), ("panoplies", "card", "num_cards")],
)
def test_a_game_level_reader_takes_its_sizing_key_but_offers_only_the_moves_keys(
    game_name: str, key: str, sizing: str
) -> None:
    game = get_game(game_name)
    ask = {"type": "ask", "target": 1, key: 2}
    assert game.action_from_json({**ask, sizing: 20}) == game.action_from_json(ask)
    with pytest.raises(
        ValueError, match=rf"^unknown key 'seat' in a move; its keys are type, target, {key}$"
    ):
        game.action_from_json({**ask, "seat": 0})
