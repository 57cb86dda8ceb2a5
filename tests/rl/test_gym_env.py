"""Gymnasium environments: Gymnasium's checker, masks, rewards, bots and illegal moves."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from parlour.core.errors import IllegalAction, ParlourError
from parlour.rl.gym_env import ParlourGymEnv
from tests.rl.helpers import CASES, DECISION_CASES


def make(case, **kwargs) -> ParlourGymEnv:
    opponents = ["random"] * (case.players - 1)
    return ParlourGymEnv(case.game, opponents=opponents, max_turns=case.max_turns, **kwargs)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_gymnasium_check_env_passes(case) -> None:
    env = make(case)
    check_env(env, skip_render_check=True)
    # Beyond the checker: the observation is the learner's own view, encoded, and the mask is
    # exactly its legal moves in the engine.
    obs, info = env.reset(seed=6)
    assert env.state.to_move == env.seat
    expected = env.encoder.encode(env.state.view(env.seat), env.seat)
    assert np.array_equal(obs, expected)
    assert set(np.flatnonzero(info["action_mask"])) == {a.id for a in env.state.legal_actions()}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_check_env_with_rendering_warns_of_nothing(case) -> None:
    """Made by gymnasium.make (so with a spec) and rendering: render_fps is declared, and the
    checker, its render check included, has nothing to say."""
    opponents = ["random"] * (case.players - 1)
    env = gymnasium.make(
        f"parlour/{case.game}-v0",
        opponents=opponents,
        max_turns=case.max_turns,
        render_mode="ansi",
    )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert [str(w.message) for w in caught] == []
    assert env.metadata["render_fps"] > 0


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_an_episode_ends_with_the_learners_return(case) -> None:
    env = make(case)
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(0)
    reward, done, steps = 0.0, False, 0
    while not done:
        mask = info["action_mask"]
        assert env.state.to_move == env.seat
        assert set(np.flatnonzero(mask)) == {a.id for a in env.state.legal_actions()}
        action = int(rng.choice(np.flatnonzero(mask)))
        obs, reward, terminated, truncated, info = env.step(action)
        assert env.observation_space.contains(obs)
        done = terminated or truncated
        steps += 1
        if not done:
            assert reward == 0.0
    assert reward == env.state.outcome.returns[env.seat]
    assert info["outcome"] == env.state.outcome.to_json()


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_the_same_seed_replays_the_same_episode(case) -> None:
    logs = []
    for _ in range(2):
        env = make(case)
        _, info = env.reset(seed=21)
        for _ in range(15):
            action = int(np.flatnonzero(info["action_mask"])[-1])
            _, _, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                break
        logs.append((env.seat, [e.to_json() for e in env.state.log]))
    assert logs[0] == logs[1]


def test_an_illegal_action_loses_or_raises_as_asked() -> None:
    case = DECISION_CASES[0]
    env = make(case)
    _, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] == illegal
    with pytest.raises(ParlourError, match="episode is over"):
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
    strict = make(case, illegal="raise")
    strict.reset(seed=2)
    before = list(strict.state.log)
    with pytest.raises(IllegalAction, match=r"\S"):
        strict.step(illegal)
    assert strict.state.log == before


def test_bad_settings_are_refused_with_a_clear_error() -> None:
    with pytest.raises(ParlourError, match="unknown bot"):
        ParlourGymEnv("beggar", opponents=["grandmaster"])
    with pytest.raises(ParlourError, match="seat must be"):
        ParlourGymEnv("beggar", opponents=["random"], seat=2)
    with pytest.raises(ParlourError, match="played by"):
        ParlourGymEnv("beggar", opponents=[])


def test_a_fixed_seat_is_kept_and_bots_play_the_others() -> None:
    env = ParlourGymEnv("beggar", opponents=["first", "first"], seat=2)
    env.reset(seed=8)
    assert env.seat == 2 and env.state.to_move == 2


def test_every_game_can_be_made_by_its_gymnasium_id() -> None:
    import gymnasium

    for case in CASES:
        env = gymnasium.make(f"parlour/{case.game}-v0", opponents=["random"] * (case.players - 1))
        obs, info = env.reset(seed=3)
        assert env.observation_space.contains(obs)
        assert info["action_mask"].any()
        assert env.unwrapped.game.name == case.game


def test_a_table_the_rules_cannot_seat_is_refused_at_construction() -> None:
    from parlour.core.errors import RulesError
    from parlour.rl.pettingzoo_env import raw_env

    # Eight cards each only at two players (RULES.md): refused before any reset.
    with pytest.raises(RulesError, match="only for two players"):
        ParlourGymEnv("familles", opponents=["random", "random"], rules="hand_size=8")
    with pytest.raises(RulesError, match="only for two players"):
        raw_env("familles", num_players=3, rules="hand_size=8")
