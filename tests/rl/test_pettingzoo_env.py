"""PettingZoo AEC environments: PettingZoo's own conformance tests, seeds, rewards, masks."""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from parlour.core.errors import IllegalAction
from parlour.core.registry import get_game
from parlour.rl.pettingzoo_env import ParlourAECEnv, env, raw_env
from tests.rl.helpers import CASES, rules_of


def make(case, wrapped: bool = True):
    factory = env if wrapped else raw_env
    return factory(case.game, num_players=case.players, max_turns=case.max_turns)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_pettingzoo_api_test_passes(case) -> None:
    api_test(make(case), num_cycles=60)
    raw = make(case, wrapped=False)
    api_test(raw, num_cycles=60)
    # Beyond the checker: after a reset, the agent selected is the engine's mover and its mask
    # is exactly the engine's legal moves.
    raw.reset(seed=2)
    state = raw.parlour_state
    assert raw.agent_selection == raw.possible_agents[state.to_move]
    mask = raw.observe(raw.agent_selection)["action_mask"]
    assert set(np.flatnonzero(mask)) == {a.id for a in state.legal_actions()}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_pettingzoo_seed_test_passes(case) -> None:
    seed_test(lambda: make(case), num_cycles=60)
    # The seed reaches the engine: two resets with one seed deal the same game, another differs.
    first, second, other = (make(case, wrapped=False) for _ in range(3))
    for aec, seed in ((first, 17), (second, 17), (other, 18)):
        aec.reset(seed=seed)
    assert first.parlour_state.log == second.parlour_state.log
    assert first.parlour_state.seed != other.parlour_state.seed


def play_random(aec, seed: int) -> tuple[list[int], dict[str, float]]:
    """Play a whole game with random legal actions; the ids played and the total rewards."""
    rng = random.Random(seed)
    aec.reset(seed=seed)
    played: list[int] = []
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        obs, reward, terminated, truncated, _ = aec.last()
        totals[agent] += reward
        if terminated or truncated:
            aec.step(None)
            continue
        action = rng.choice(list(np.flatnonzero(obs["action_mask"])))
        played.append(int(action))
        aec.step(action)
    return played, totals


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_the_seed_is_the_parlour_game_seed_and_rewards_are_the_returns(case) -> None:
    aec = make(case, wrapped=False)
    played, totals = play_random(aec, seed=11)
    game = get_game(case.game)
    rules = rules_of(case)
    # The same seed and the same action ids give the same game in the bare engine.
    state = game.new_state(case.players, seed=11, rules=rules)
    for action_id in played:
        state.apply(game.action_from_id(action_id, rules, case.players), state.to_move)
    assert state.is_over
    assert state.log == aec.parlour_state.log
    assert [totals[a] for a in aec.possible_agents] == list(state.outcome.returns)
    assert sum(totals.values()) == pytest.approx(0.0)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_only_the_agent_to_move_has_a_mask(case) -> None:
    aec = make(case, wrapped=False)
    aec.reset(seed=5)
    mover = aec.agent_selection
    for agent in aec.possible_agents:
        mask = aec.observe(agent)["action_mask"]
        assert mask.any() == (agent == mover)


def test_a_capped_game_is_truncated_not_terminated() -> None:
    aec = ParlourAECEnv("beggar", num_players=2, max_turns=5)
    aec.reset(seed=1)
    for _ in range(5):
        aec.step(0)
    assert all(aec.truncations.values())
    assert not any(aec.terminations.values())
    assert aec.infos["player_0"]["outcome"]["status"] == "capped"


def test_an_illegal_action_raises_in_the_raw_env_and_loses_in_the_wrapped_one() -> None:
    # The first game with an illegal move at its start (not Beggar, nor an outside game of a
    # single move installed beside Parlour: every move of theirs is always legal).
    for case in CASES:
        aec = make(case, wrapped=False)
        aec.reset(seed=3)
        illegal_ids = np.flatnonzero(aec.observe(aec.agent_selection)["action_mask"] == 0)
        if len(illegal_ids):
            break
    illegal = int(illegal_ids[0])
    before = list(aec.parlour_state.log)
    with pytest.raises(IllegalAction, match=r"\S"):
        aec.step(illegal)
    assert aec.parlour_state.log == before
    wrapped = make(case)
    wrapped.reset(seed=3)
    agent = wrapped.agent_selection
    wrapped.step(illegal)
    assert wrapped.rewards[agent] == -1
    assert all(wrapped.terminations.values())


def test_a_none_action_for_an_agent_in_play_is_refused_clearly() -> None:
    # int(None) once failed with a TypeError that named neither the action nor the rule.
    aec = make(CASES[0], wrapped=False)
    aec.reset(seed=3)
    before = list(aec.parlour_state.log)
    with pytest.raises(IllegalAction, match="None is not an action id"):
        aec.step(None)
    assert aec.parlour_state.log == before


@pytest.mark.parametrize("value", [1.7, "1"])
def test_a_float_or_a_string_action_is_refused_not_truncated(value) -> None:
    aec = make(CASES[0], wrapped=False)
    aec.reset(seed=3)
    before = list(aec.parlour_state.log)
    with pytest.raises(IllegalAction, match="is not an action id"):
        aec.step(value)
    assert aec.parlour_state.log == before


# A deal can decide the game: two players, a 15-card deck, the first player out ends it.
DECIDED_BY_DEALS = "ranks=5;suits=3;end_on_first_out=true;most_books_wins=false"


def test_a_game_its_deal_decides_is_dealt_again_and_the_api_test_passes() -> None:
    from parlour.rl.encoding import resolve_rules

    game = get_game("gofish")
    rules = resolve_rules(game, DECIDED_BY_DEALS)
    decided = [s for s in range(60) if game.new_state(2, seed=s, rules=rules).is_over]
    assert decided  # the case is met: some seeds' deals end the game at once
    e = raw_env("gofish", num_players=2, rules=DECIDED_BY_DEALS)
    for seed in range(60):
        e.reset(seed=seed)
        state = e.parlour_state
        assert not state.is_over and state.turns == 0
        assert (state.seed == seed) == (seed not in decided)
        _, reward, terminated, truncated, _ = e.last()
        assert (reward, terminated, truncated) == (0.0, False, False)
        e.reset(seed=seed)
        assert e.parlour_state.seed == state.seed  # the deal again comes from the seed
    api_test(env("gofish", num_players=2, rules=DECIDED_BY_DEALS), num_cycles=300)
