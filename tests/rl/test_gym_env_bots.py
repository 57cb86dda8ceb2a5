"""The Gymnasium environment's opponents: any bot, an import path included, fresh every episode."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from parlour.bots import Bot, Decision
from parlour.core.errors import IllegalAction
from parlour.rl.gym_env import ParlourGymEnv

# This module names its own bot, as a researcher names one written outside Parlour.
COUNTING = f"{__name__}:Counting"


class Counting(Bot):
    """A bot that remembers: its choice turns on how many decisions it has made in its life."""

    def __init__(self, rng: Any = None) -> None:
        super().__init__(rng)
        self.decisions = 0

    def act(self, decision: Decision) -> Any:
        self.decisions += 1
        legal = decision.legal_actions
        return legal[self.decisions % len(legal)]


def episode(env: ParlourGymEnv, seed: int) -> tuple[int, list[Any]]:
    """The learner's seat and every move of the game the seed gives, the learner always
    taking its first legal action."""
    _, info = env.reset(seed=seed)
    done = False
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, _, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    return env.seat, list(env.state.actions)


def test_an_import_path_names_an_opponent() -> None:
    env = ParlourGymEnv("flip7", opponents=[COUNTING])
    env.reset(seed=1)
    assert isinstance(env.opponents[0], Counting)


@pytest.mark.parametrize("game", ["flip7", "familles"])
def test_a_seed_repeats_its_episode_after_another_one(game: str) -> None:
    # The same bots played on across resets once: a bot that remembers carried one episode's
    # knowledge into the next, so reset(seed) after another episode played another game.
    fresh = episode(ParlourGymEnv(game, opponents=[COUNTING]), seed=5)
    env = ParlourGymEnv(game, opponents=[COUNTING])
    first = episode(env, seed=5)
    episode(env, seed=6)
    again = episode(env, seed=5)
    assert first == fresh
    assert again == fresh


def test_a_value_that_is_no_action_id_is_refused_clearly() -> None:
    env = ParlourGymEnv("flip7", opponents=["random"], illegal="lose")
    env.reset(seed=2)
    before = list(env.state.log)
    with pytest.raises(IllegalAction, match="None is not an action id"):
        env.step(None)
    assert env.state.log == before


@pytest.mark.parametrize("value", [0.9, 1.7, "1", True, np.float64(1.0), np.array([1])])
def test_a_float_or_a_string_is_refused_not_truncated_to_an_id(value) -> None:
    # int() once turned 0.9 into 0 (hit) and "1" into 1 (stay) and played them.
    env = ParlourGymEnv("flip7", opponents=["random"], illegal="raise")
    env.reset(seed=2)
    before = list(env.state.log)
    with pytest.raises(IllegalAction, match="is not an action id"):
        env.step(value)
    assert env.state.log == before


def test_numpy_integers_and_a_policys_argmax_are_ids() -> None:
    env = ParlourGymEnv("flip7", opponents=["random"], illegal="raise")
    _, info = env.reset(seed=2)
    legal = int(np.flatnonzero(info["action_mask"])[0])
    turns = env.state.turns
    env.step(np.array(legal))  # a 0-d array, as np.argmax gives
    assert env.state.turns > turns
    _, info = env.reset(seed=2)
    env.step(np.int32(legal))
    assert env.state.turns > turns
