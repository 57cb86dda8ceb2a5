"""Each game with an observation encoder passes the research libraries' own conformance tests:
PettingZoo's `api_test`, Gymnasium's `check_env` and OpenSpiel's `random_sim_test`.

The libraries come with the test extras: a missing one fails here, on purpose, rather than
skipping the adapters' checks unseen.
"""

from __future__ import annotations

import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from parlour.core.errors import ParlourError, RulesError
from parlour.core.registry import get_game
from parlour.rl.encoding import make_encoder
from parlour.rl.gym_env import ParlourGymEnv
from parlour.rl.openspiel_game import load
from parlour.rl.pettingzoo_env import env

from .helpers import GAMES

# Short games: the checkers play several whole games each, and OpenSpiel's checks every
# state of its games (strings, tensors, clones, serialisation by replaying the history).
MAX_TURNS = 150
OPENSPIEL_MAX_TURNS = 60


def _players(name: str) -> list[int]:
    """The two smallest player counts the default rules seat and the encoder covers: the
    encoders lay seats out relative to the observer, which only shows from three players."""
    game = get_game(name)
    return [
        n
        for n in range(game.min_players, game.max_players + 1)
        if _seats(name, n) and _has_encoder(name, n)
    ][:2]


def _seats(name: str, players: int) -> bool:
    try:
        get_game(name).new_state(players, seed=0)
    except RulesError:
        return False
    return True


def _has_encoder(name: str, players: int) -> bool:
    try:
        make_encoder(name, get_game(name).default_rules(), players)
    except ParlourError:
        return False
    return True


RL_TABLES = [(name, n) for name in GAMES for n in _players(name)]


def _id(case: tuple[str, int]) -> str:
    return f"{case[0]}-{case[1]}p"


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("case", RL_TABLES, ids=_id)
def test_pettingzoo_api_test(case: tuple[str, int]) -> None:
    name, players = case
    api_test(env(name, num_players=players, max_turns=MAX_TURNS), num_cycles=40)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("case", RL_TABLES, ids=_id)
def test_gymnasium_check_env(case: tuple[str, int]) -> None:
    name, players = case
    opponents = ["random"] * (players - 1)
    check_env(ParlourGymEnv(name, opponents=opponents, max_turns=MAX_TURNS), skip_render_check=True)


@pytest.mark.parametrize("case", RL_TABLES, ids=_id)
def test_openspiel_random_sim_test(case: tuple[str, int]) -> None:
    name, players = case
    game = load(name, players=players, max_turns=OPENSPIEL_MAX_TURNS)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
