"""PettingZoo AEC environments for every Parlour game (`pip install parlour[rl]`).

    from parlour.rl.pettingzoo_env import env
    e = env("flip7", num_players=3)
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        done = terminated or truncated
        action = None if done else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are `player_0`.. in seat order; the agent to move is the seat the engine names
(`State.to_move`), chance and forced steps being applied by the engine itself. Observations are
`{"observation": float32 array from view(seat), "action_mask": int8 over the game's action ids}`.
Rewards come once, at the end, from `Outcome.returns` (zero-sum, in [-1, 1]); a game stopped by the
turn cap ends with truncation rather than termination.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from parlour.core.errors import IllegalAction, ParlourError
from parlour.core.game import Game, State
from parlour.rl.encoding import (
    action_id,
    action_mask,
    check_table,
    make_encoder,
    resolve_game,
    resolve_rules,
    with_turn_cap,
)

MAX_REDEALS = 1000  # deals over at once, one after another: rules where no game can be played


class ParlourAECEnv(AECEnv):
    """One Parlour game as a PettingZoo AEC environment (the raw, unwrapped environment)."""

    metadata = {"render_modes": ["ansi"], "name": "parlour_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: Game | str,
        num_players: int = 2,
        rules: Any = None,
        max_turns: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = resolve_game(game)
        self.rules = with_turn_cap(resolve_rules(self.game, rules), max_turns)
        check_table(self.game, self.rules, num_players)
        self.num_players = num_players
        self.metadata = {**self.metadata, "name": f"parlour_{self.game.name}_v0"}
        self.render_mode = render_mode
        self.encoder = make_encoder(self.game, self.rules, num_players)
        self.num_actions = self.game.num_actions(self.rules, num_players)
        self.possible_agents = [f"player_{i}" for i in range(num_players)]
        self._seat_of = {agent: i for i, agent in enumerate(self.possible_agents)}
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    self.encoder.low, self.encoder.high, (self.encoder.size,), np.float32
                ),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
            }
        )
        action_space = spaces.Discrete(self.num_actions)
        self.observation_spaces = {a: observation_space for a in self.possible_agents}
        self.action_spaces = {a: action_space for a in self.possible_agents}
        self._seeds, _ = seeding.np_random(None)
        self.state_: State | None = None

    # ----- spaces ---------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ----- the AEC loop ---------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; `seed` is the Parlour game seed itself, so games match `parlour` runs."""
        if seed is not None:
            self._seeds, _ = seeding.np_random(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._seeds.integers(2**62))
        self.state_ = self.game.new_state(self.num_players, seed=game_seed, rules=self.rules)
        for _ in range(MAX_REDEALS):
            if not self.state_.is_over:
                break
            # A game its deal decided (a small Go Fish deck with end_on_first_out) has no first
            # move: its rewards would come before any step, which the AEC contract forbids.
            # Deal again from the generator `seed` set, as Gymnasium and the vector env do.
            game_seed = int(self._seeds.integers(2**62))
            self.state_ = self.game.new_state(self.num_players, seed=game_seed, rules=self.rules)
        else:
            raise ParlourError(f"{MAX_REDEALS} deals in a row ended before their first move")
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_move()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state()
        seat = self._seat_of[agent]
        try:
            move = self.game.action_from_id(action_id(action), self.rules, self.num_players)
        except ValueError as err:
            raise IllegalAction("unknown_action", str(err)) from None
        state.apply(move, seat)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._after_move()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self._state()
        seat = self._seat_of[agent]
        observation = self.encoder.encode(state.view(seat), seat)
        if state.to_move == seat:
            mask = action_mask(state, self.num_actions)
        else:
            mask = np.zeros(self.num_actions, np.int8)
        return {"observation": observation, "action_mask": mask}

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        # A spectator's view: rendering is for people watching, who see no hidden card.
        return json.dumps(self._state().view(None), ensure_ascii=False)

    def close(self) -> None:
        pass

    # ----- internals ------------------------------------------------------------------------
    @property
    def parlour_state(self) -> State:
        """The engine state (for analysis and records, not for agents: it holds hidden cards)."""
        return self._state()

    def _state(self) -> State:
        if self.state_ is None:
            raise IllegalAction("not_started", "call reset() before playing")
        return self.state_

    def _after_move(self) -> None:
        state = self._state()
        outcome = state.outcome
        if outcome is None:
            mover = state.to_move
            assert mover is not None
            self.agent_selection = self.possible_agents[mover]
            return
        for agent, reward in zip(self.possible_agents, outcome.returns, strict=True):
            self.rewards[agent] = float(reward)
            self.infos[agent] = {"outcome": outcome.to_json()}
        capped = outcome.status == "capped"
        self.terminations = dict.fromkeys(self.agents, not capped)
        self.truncations = dict.fromkeys(self.agents, capped)
        self._accumulate_rewards()
        # Every agent is now done; PettingZoo visits each once more with a None action.
        self.agent_selection = self.agents[0]


def raw_env(game: Game | str, **kwargs: Any) -> ParlourAECEnv:
    return ParlourAECEnv(game, **kwargs)


def env(game: Game | str, **kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's usual wrappers, as its classic games ship.

    An illegal action ends the game with -1 for the agent that made it (TerminateIllegalWrapper);
    use `raw_env` to have `IllegalAction` raised instead.
    """
    wrapped: AECEnv = ParlourAECEnv(game, **kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
