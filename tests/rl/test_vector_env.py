"""The vector env: shapes, autoreset and seeding, and agreement with the single env at every step.

Every game that offers `step_kernel` is covered. Game i of a vector env reset with seed `s`
must be the single env's game after `reset(seed=s + i)`, step for step under the same actions
(observations, masks, seats, rewards, terminations), through its autoresets; in self-play it is
the reference engine's game of the deal seed drawn from the same generator.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium as gym
import numpy as np
import pytest

from parlour.core.capabilities import offers
from parlour.core.errors import IllegalAction, ParlourError
from parlour.core.registry import game_names, get_game
from parlour.rl.encoding import action_mask, make_encoder, resolve_rules
from parlour.rl.gym_env import ParlourGymEnv
from parlour.rl.vector_env import SEED_BOUND, ParlourVectorEnv, draw_seed

KERNEL_GAMES = [name for name in game_names() if offers(get_game(name), "step_kernel")]
# Opponents beyond `random` where the kernel plays them (the ask-and-draw games' bots).
SMART = {
    "familles": ["memory", "first"],
    "panoplies": ["first", "memory"],
    "flip7": ["counter", "threshold:20"],
}
SMART_DEFAULT = ["memory", "random"]


def seated(name: str, opponents: list[str]) -> list[str]:
    """The opponents a table of this game takes: two, or one where the game takes two players."""
    return opponents[: get_game(name).max_players - 1]


def _random_actions(masks: np.ndarray, rng: random.Random) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(row).tolist() or [0]) for row in masks], np.int64)


@pytest.mark.parametrize("name", KERNEL_GAMES)
def test_shapes_dtypes_and_spaces(name) -> None:
    opponents = seated(name, ["random", "random"])
    envs = ParlourVectorEnv(name, num_envs=5, opponents=opponents)
    single = ParlourGymEnv(name, opponents=opponents)
    assert envs.single_observation_space == single.observation_space
    assert envs.single_action_space == single.action_space
    obs, info = envs.reset(seed=3)
    rng = random.Random(0)
    for _ in range(3):
        assert obs.shape == (5, single.observation_space.shape[0]) and obs.dtype == np.float32
        assert obs in envs.observation_space
        assert info["action_mask"].shape == (5, single.action_space.n)
        assert info["action_mask"].dtype == np.int8
        assert info["seat"].shape == (5,) and info["seat"].dtype == np.int64
        obs, rewards, terminated, truncated, info = envs.step(
            _random_actions(info["action_mask"], rng)
        )
        assert rewards.shape == (5,) and rewards.dtype == np.float64
        assert terminated.dtype == bool and truncated.dtype == bool


def _compare_with_single_envs(
    name: str, opponents: list[str] | None, options: str | None, steps: int, seed: int
) -> tuple[int, int]:
    """Steps of random legal actions in both; (episodes ended, truncations seen)."""
    count = 6
    opponents = None if opponents is None else seated(name, opponents)
    envs = ParlourVectorEnv(name, num_envs=count, opponents=opponents, rules=options)
    singles = [ParlourGymEnv(name, opponents=opponents, rules=options) for _ in range(count)]
    obs, info = envs.reset(seed=seed)
    ref = [env.reset(seed=seed + i) for i, env in enumerate(singles)]
    rng = random.Random(seed)
    ended, truncations = 0, 0
    done = np.zeros(count, bool)
    for step in range(steps):
        for i, (ref_obs, ref_info) in enumerate(ref):
            label = (name, step, i)
            assert np.array_equal(obs[i], ref_obs), (label, np.flatnonzero(obs[i] != ref_obs))
            assert np.array_equal(info["action_mask"][i], ref_info["action_mask"]), label
            assert info["seat"][i] == ref_info["seat"], label
        actions = _random_actions(info["action_mask"], rng)
        obs, rewards, terminated, truncated, info = envs.step(actions)
        for i, env in enumerate(singles):
            if done[i]:  # next-step autoreset: the single env is reset without a seed
                ref[i] = env.reset()
                assert rewards[i] == 0.0 and not terminated[i] and not truncated[i]
                continue
            ref_obs, reward, term, trunc, ref_info = env.step(int(actions[i]))
            ref[i] = (ref_obs, ref_info)
            assert (rewards[i], terminated[i], truncated[i]) == (reward, term, trunc), (step, i)
        done = terminated | truncated
        ended += int(done.sum())
        truncations += int(truncated.sum())
    return ended, truncations


@pytest.mark.parametrize("name", KERNEL_GAMES)
def test_every_step_is_the_single_envs_against_random_bots(name) -> None:
    ended, _ = _compare_with_single_envs(name, ["random", "random"], None, 160, seed=11)
    assert ended >= 3  # autoresets were crossed


@pytest.mark.parametrize("name", KERNEL_GAMES)
def test_every_step_is_the_single_envs_against_the_kernels_other_bots(name) -> None:
    ended, truncations = _compare_with_single_envs(
        name, SMART.get(name, SMART_DEFAULT), "max_turns=25", 90, seed=5
    )
    assert ended >= 3 and truncations >= 1  # the cap is a truncation in both


@pytest.mark.parametrize("name", KERNEL_GAMES)
def test_self_play_is_the_reference_game_of_the_drawn_deal(name) -> None:
    game = get_game(name)
    rules = resolve_rules(game, None)
    count, n, seed = 4, min(3, game.max_players), 21
    envs = ParlourVectorEnv(name, num_envs=count, opponents=None, num_players=n)
    encoder = make_encoder(game, rules, n)
    rngs = [np.random.default_rng(seed + i) for i in range(count)]

    def deal(i: int) -> Any:
        while True:  # a game over at its deal is dealt again, as in the single env
            state = game.new_state(n, seed=int(rngs[i].integers(2**62)), rules=rules)
            if not state.is_over:
                return state

    obs, info = envs.reset(seed=seed)
    states = [deal(i) for i in range(count)]
    pick = random.Random(4)
    ended = 0
    for step in range(250):
        for i, state in enumerate(states):
            seat = info["seat"][i]
            if not state.is_over:
                assert seat == state.to_move, (step, i)
                want = action_mask(state, envs.num_actions)
                assert np.array_equal(info["action_mask"][i], want), (step, i)
            assert np.array_equal(obs[i], encoder.encode(state.view(seat), seat)), (step, i)
        actions = _random_actions(info["action_mask"], pick)
        was_over = [state.is_over for state in states]
        movers = [state.to_move for state in states]
        for i, state in enumerate(states):
            if was_over[i]:
                states[i] = deal(i)
            else:
                state.apply(envs.game.action_from_id(int(actions[i]), rules, n), state.to_move)
        obs, rewards, terminated, _, info = envs.step(actions)
        for i, state in enumerate(states):
            if was_over[i] or not state.is_over:
                assert rewards[i] == 0.0 and not terminated[i] and not info["_returns"][i]
                continue
            ended += 1
            assert terminated[i] and info["_returns"][i]
            assert tuple(info["returns"][i]) == state.outcome.returns
            assert rewards[i] == state.outcome.returns[movers[i]]
    assert ended >= 2


@pytest.mark.parametrize("name", KERNEL_GAMES)
def test_the_same_seed_plays_the_same_games(name) -> None:
    runs = []
    for _ in range(2):
        envs = ParlourVectorEnv(name, num_envs=4, opponents=["random"])
        obs, info = envs.reset(seed=9)
        rng = random.Random(2)
        trace = [obs]
        for _ in range(60):
            obs, rewards, terminated, truncated, info = envs.step(
                _random_actions(info["action_mask"], rng)
            )
            trace += [obs, rewards, terminated, truncated, info["seat"]]
        runs.append(trace)
    for run in runs[1:]:
        for a, b in zip(runs[0], run, strict=True):
            assert np.array_equal(a, b)


def test_make_vec_builds_the_kernels_vector_env() -> None:
    envs = gym.make_vec(
        "parlour/gofish-v0",
        num_envs=3,
        vectorization_mode="vector_entry_point",
        opponents=["random", "memory"],
    )
    assert isinstance(envs, ParlourVectorEnv) and envs.num_players == 3
    obs, info = envs.reset(seed=1)
    assert obs.shape[0] == 3 and info["action_mask"].shape == (3, 3 * 13)


def test_a_game_without_a_step_kernel_gets_single_envs_side_by_side() -> None:
    envs = gym.make_vec("parlour/beggar-v0", num_envs=2, vectorization_mode="vector_entry_point")
    assert isinstance(envs, gym.vector.SyncVectorEnv)
    with pytest.raises(ParlourError, match="no step kernel"):
        ParlourVectorEnv("beggar", num_envs=2)


@pytest.mark.parametrize("name", KERNEL_GAMES)
def test_an_opponent_the_kernel_does_not_play_is_refused_by_name(name) -> None:
    kernel = get_game(name).step_kernel(get_game(name).default_rules(), 2)
    with pytest.raises(ParlourError, match=", ".join(kernel.bot_names())):
        ParlourVectorEnv(name, num_envs=2, opponents=["search:5"])


def test_an_illegal_action_loses_that_game_or_raises() -> None:
    envs = ParlourVectorEnv("familles", num_envs=3, opponents=["random"], seat=0)
    obs, info = envs.reset(seed=2)
    actions = _random_actions(info["action_mask"], random.Random(1))
    actions[1] = int(np.flatnonzero(info["action_mask"][1] == 0)[0])
    obs2, rewards, terminated, _, info2 = envs.step(actions)
    assert rewards[1] == -1.0 and terminated[1] and info2["illegal_action"][1] == actions[1]
    assert np.array_equal(obs2[1], obs[1])  # the game stayed as it was
    _, rewards, terminated, _, _ = envs.step(_random_actions(info2["action_mask"], random.Random()))
    assert rewards[1] == 0.0 and not terminated[1]  # autoreset

    strict = ParlourVectorEnv("familles", num_envs=2, opponents=["random"], illegal="raise")
    _, info = strict.reset(seed=2)
    before = strict.batch.st.copy()
    with pytest.raises(IllegalAction):
        strict.step(np.full(2, strict.num_actions + 1))
    assert np.array_equal(strict.batch.st, before)


@pytest.mark.parametrize("illegal", ["lose", "raise"])
def test_float_actions_are_refused_before_any_game_moves(illegal) -> None:
    # np.asarray(actions, np.int64) once truncated a policy's 0.9 to 0 and played it.
    envs = ParlourVectorEnv("familles", num_envs=2, opponents=["random"], illegal=illegal)
    envs.reset(seed=1)
    before = envs.batch.st.copy()
    with pytest.raises(IllegalAction, match="not action ids"):
        envs.step(np.array([0.9, 1.5]))
    with pytest.raises(IllegalAction, match="3 actions for 2 games"):
        envs.step(np.array([0, 1, 0]))
    assert np.array_equal(envs.batch.st, before)


@pytest.mark.parametrize("name", ["familles", "flip7"])
def test_the_step_that_resets_a_game_lost_by_an_illegal_action_ignores_its_action(
    name: str,
) -> None:
    """The game lost is still in play in the kernel: an illegal action again at the next step
    (the reset) is not a second loss, and the new game starts at its seat to move."""
    envs = ParlourVectorEnv(name, num_envs=2, opponents=None)
    _, info = envs.reset(seed=4)
    bad = np.array([int(np.flatnonzero(m == 0)[0]) for m in info["action_mask"]])
    _, rewards, terminated, _, info = envs.step(bad)
    assert terminated.all() and (rewards == -1.0).all()
    _, rewards, terminated, truncated, info = envs.step(bad)
    assert not terminated.any() and not truncated.any() and (rewards == 0.0).all()
    assert "illegal_action" not in info
    # The new games' first observations: their seats to move, with legal actions.
    assert info["seat"].tolist() == envs.kernel.to_move(envs.batch).tolist()
    assert info["action_mask"].any(axis=1).all()


def test_a_seed_is_drawn_as_the_single_env_draws_it() -> None:
    """`draw_seed` is `int(rng.integers(SEED_BOUND))`, draw for draw."""
    a, b = np.random.default_rng(7), np.random.default_rng(7)
    assert [draw_seed(a) for _ in range(2000)] == [int(b.integers(SEED_BOUND)) for _ in range(2000)]


def test_the_research_docs_training_example_runs(capsys) -> None:
    """docs/research.md's REINFORCE over the vector env, run as it is written there."""
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "research.md").read_text()
    blocks = [b.split("```", 1)[0] for b in doc.split("```python\n")[1:]]
    example = next(b for b in blocks if "REINFORCE" in b and "make_vec" in b)
    namespace: dict[str, Any] = {}
    exec(compile(example, "research.md", "exec"), namespace)
    returns = namespace["returns"]
    assert len(returns) >= 50 and all(-1.0 <= r <= 1.0 for r in returns)
    assert "mean return of the last 200" in capsys.readouterr().out


def _passes_offered(name: str) -> list[str]:
    """The ways the vector env may drive this game's kernel: the protocol's calls, and the
    optional fused passes when the kernel has them (as `ParlourVectorEnv` looks for them)."""
    game = get_game(name)
    kernel = game.step_kernel(game.default_rules(), min(3, game.max_players))
    offered = ["protocol"]
    if hasattr(kernel, "advance") and hasattr(kernel, "view"):
        offered.append("advance")
    if hasattr(kernel, "advance_view") and hasattr(kernel, "view_at"):
        offered.append("advance_view")
    return offered


FUSED_GAMES = [name for name in KERNEL_GAMES if len(_passes_offered(name)) > 1]


@pytest.mark.parametrize("self_play", [False, True])
@pytest.mark.parametrize("name", FUSED_GAMES)
def test_the_protocols_calls_alone_play_the_same_steps(name, self_play) -> None:
    """A kernel without the optional fused passes (`advance`, `view`) is driven by the
    protocol's calls: the same games, step for step."""
    opponents = None if self_play else seated(name, ["random", SMART.get(name, SMART_DEFAULT)[0]])
    offered = _passes_offered(name)
    runs = []
    for passes in offered:
        players = min(3, get_game(name).max_players)
        envs = ParlourVectorEnv(
            name, num_envs=4, opponents=opponents, num_players=players, max_turns=30
        )
        envs._passes = passes
        obs, info = envs.reset(seed=6)
        rng = random.Random(1)
        trace = [obs, info["action_mask"]]
        for _ in range(70):
            obs, rewards, terminated, truncated, info = envs.step(
                _random_actions(info["action_mask"], rng)
            )
            trace += [obs, rewards, terminated, truncated, info["seat"], info["action_mask"]]
        runs.append(trace)
    for run in runs[1:]:
        for a, b in zip(runs[0], run, strict=True):
            assert np.array_equal(a, b)


def test_a_reset_without_a_seed_goes_on_as_the_single_envs_do() -> None:
    envs = ParlourVectorEnv("gofish", num_envs=2, opponents=["random"])
    singles = [ParlourGymEnv("gofish", opponents=["random"]) for _ in range(2)]
    envs.reset(seed=4)
    for i, env in enumerate(singles):
        env.reset(seed=4 + i)
    obs, info = envs.reset()
    for i, env in enumerate(singles):
        ref_obs, ref_info = env.reset()
        assert np.array_equal(obs[i], ref_obs) and info["seat"][i] == ref_info["seat"]
