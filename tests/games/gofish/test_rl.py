"""Go Fish through the research adapters: PettingZoo's, Gymnasium's and OpenSpiel's own checks."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from parlour.rl.encoding import encodable_games
from parlour.rl.gym_env import ParlourGymEnv
from parlour.rl.openspiel_game import SEED_NODES, SEED_OUTCOMES, load, resample
from parlour.rl.pettingzoo_env import env

PLAYERS, CAP = 3, 400


def test_go_fish_is_offered_to_the_adapters() -> None:
    assert "gofish" in encodable_games()


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_pettingzoo_api_test_passes() -> None:
    api_test(env("gofish", num_players=PLAYERS, max_turns=CAP), num_cycles=60)


def test_gymnasium_check_env_passes() -> None:
    gym = ParlourGymEnv("gofish", opponents=["memory", "random"], max_turns=CAP)
    check_env(gym, skip_render_check=True)
    obs, info = gym.reset(seed=6)
    assert np.array_equal(obs, gym.encoder.encode(gym.state.view(gym.seat), gym.seat))
    assert set(np.flatnonzero(info["action_mask"])) == {a.id for a in gym.state.legal_actions()}


def test_openspiel_random_sim_test_and_resampling() -> None:
    game = load("gofish", players=PLAYERS, max_turns=CAP)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    rng = random.Random(5)
    state = game.new_initial_state()
    for _ in range(SEED_NODES):
        state.apply_action(rng.randrange(SEED_OUTCOMES))
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    twin = resample(state, player, random.Random(1))
    assert twin.information_state_string(player) == state.information_state_string(player)
    assert twin.legal_actions() == state.legal_actions()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.returns() == list(state.engine.outcome.returns)
