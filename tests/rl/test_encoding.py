"""Observation encoders: fixed size, inside their bounds, and faithful to the view."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.core.errors import ParlourError, RulesError
from parlour.core.registry import get_game
from parlour.games.beggar.rules import BeggarRules
from parlour.rl.encoding import action_mask, make_encoder, resolve_rules, with_turn_cap
from tests.rl.helpers import CASES, random_state, rules_of


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 120))
def test_observations_have_one_size_and_stay_in_bounds(case, seed, steps) -> None:
    state = random_state(case, seed, steps)
    encoder = make_encoder(case.game, rules_of(case), case.players)
    for seat in range(case.players):
        obs = encoder.encode(state.view(seat), seat)
        assert obs.shape == (encoder.size,)
        assert obs.dtype == np.float32
        assert np.all(obs >= encoder.low) and np.all(obs <= encoder.high)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 80))
def test_action_mask_marks_exactly_the_legal_ids(case, seed, steps) -> None:
    state = random_state(case, seed, steps)
    game = get_game(case.game)
    rules = rules_of(case)
    mask = action_mask(state, game.num_actions(rules, case.players))
    legal = {a.id for a in state.legal_actions()}
    assert set(np.flatnonzero(mask)) == legal
    for action_id in legal:
        assert game.action_from_id(action_id, rules, case.players) in state.legal_actions()


def test_beggar_observation_reads_the_table_from_the_observers_seat() -> None:
    game = get_game("beggar")
    # Seat 0 leads (the last hand deals) and lays a king: seat 1 owes three cards.
    state = game.new_state(3, deal={"hands": ["K2", "345", "6789"]})
    state.apply(state.legal_actions()[0])
    encoder = make_encoder(game, state.rules, 3)
    seg = encoder.layout.segments
    obs = encoder.encode(state.view(1), 1)
    # Seat 1 sees itself first: stacks 3, 4, then seat 0's single card, over 52 cards.
    stacks = obs[seg["stack_share"].start : seg["stack_share"].stop] * 52
    assert np.allclose(stacks, [3, 4, 1])
    assert obs[seg["to_move"].start] == 1.0  # seat 1 must pay
    assert obs[seg["claimant"].start + 2] == 1.0  # seat 0 is two places to its left
    assert obs[seg["owed"].start] == 3.0
    assert obs[seg["top_card"].start + 3] == 1.0  # a king on the pile (code 3)


def test_rules_are_read_from_strings_mappings_and_objects() -> None:
    game = get_game("beggar")
    assert resolve_rules(game, "jokers=2;match=best_of_three") == BeggarRules(
        jokers=2, match="best_of_three"
    )
    assert resolve_rules(game, {"jokers": 1}) == BeggarRules(jokers=1)
    assert resolve_rules(game, None) == BeggarRules()
    with pytest.raises(RulesError, match="unknown rules option"):
        resolve_rules(game, "colour=blue")
    assert with_turn_cap(BeggarRules(), 50).max_turns == 50
    assert with_turn_cap(BeggarRules(max_turns=9), 50).max_turns == 9


def test_an_unknown_game_has_no_encoder() -> None:
    with pytest.raises(ParlourError, match="unknown game 'chess'"):
        make_encoder("chess", None, 2)


def test_a_game_without_the_encoder_capability_has_none() -> None:
    from parlour.games.flip7.game import Flip7

    class Unencoded(Flip7):
        def encoder(self) -> None:
            return None

    with pytest.raises(ParlourError, match="no observation encoder for 'flip7'"):
        make_encoder(Unencoded(), None, 2)


@pytest.mark.parametrize(
    ("game", "per_player", "fixed"),
    [("beggar", 5, 16), ("flip7", 30, 70), ("familles", 11, 50), ("panoplies", 31, 50)],
)
def test_observation_sizes_are_the_documented_ones(game, per_player, fixed) -> None:
    """docs/research.md gives each size as a function of the player count (default rules)."""
    parlour_game = get_game(game)
    for n in range(parlour_game.min_players, parlour_game.max_players + 1):
        rules = parlour_game.default_rules()
        try:
            parlour_game.check_players(n, rules)
            if hasattr(rules, "check_players"):
                rules.check_players(n)
        except RulesError:
            continue
        assert make_encoder(game, rules, n).size == per_player * n + fixed


def test_flip7_totals_over_a_small_target_are_not_clipped() -> None:
    """A tie-break round over a target of 5 left totals of 26, 30 and 30: clipped at 3 targets,
    the seat 4 points behind read as level with the leaders."""
    game = get_game("flip7")
    rules = resolve_rules(game, "target=5")
    encoder = make_encoder(game, rules, 3)
    view = {**game.new_state(3, seed=298, rules=rules).view(0), "totals": [26, 30, 30]}
    observation = encoder.encode(view, 0)
    totals = encoder.layout.segments["totals"]
    assert list(observation[totals.start : totals.stop]) == pytest.approx([26 / 5, 6.0, 6.0])
    # A bigger Flip 7 bonus makes bigger rounds: the bound follows it.
    rules = resolve_rules(game, "target=5;flip7_bonus=100")
    encoder = make_encoder(game, rules, 3)
    view = {**game.new_state(3, seed=298, rules=rules).view(0), "totals": [516, 416, 260]}
    observation = encoder.encode(view, 0)
    assert list(observation[totals.start : totals.stop]) == pytest.approx([103.2, 83.2, 52.0])
