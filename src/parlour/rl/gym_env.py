"""Gymnasium single-agent environments: one learner against Parlour bots (`parlour[rl]`).

    from parlour.rl.gym_env import ParlourGymEnv
    env = ParlourGymEnv("flip7", opponents=["threshold:23", "random"])
    obs, info = env.reset(seed=1)
    action = env.action_space.sample(info["action_mask"])
    obs, reward, terminated, truncated, info = env.step(action)

The opponents are Parlour bots named as on the command line (`parlour.bots.base.make_bot`, an
import path included), made afresh for every episode; they see what their seat sees, as at a real
table. Between two decisions of the learner the bots play out their turns. The observation is the
learner's `view(seat)` encoded as a fixed-size array; `info["action_mask"]` marks its legal action
ids. The reward is the learner's `Outcome.returns` entry, given once at the end.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from parlour.bots.base import Bot, make_bot, needs_copies
from parlour.core.errors import IllegalAction, ParlourError
from parlour.core.events import SeatFeed
from parlour.core.game import Game, State
from parlour.play.runner import check_bot_action, decision_for
from parlour.rl.encoding import (
    action_id,
    action_mask,
    check_table,
    make_encoder,
    resolve_game,
    resolve_rules,
    with_turn_cap,
)

ILLEGAL_CHOICES = ("lose", "raise")


class ParlourGymEnv(gym.Env):
    """A Parlour game seen by one learning seat; the other seats are bots.

    `seat`: the learner's seat, or None to draw it at every reset (from the reset seed).
    `illegal`: "lose" ends the episode with reward -1 (the worst return) and
    `info["illegal_action"]`; "raise" raises IllegalAction and changes nothing.
    """

    # render_fps: read by the wrappers that play frames back (ansi frames have no clock of
    # their own); four a second, a pace a person can follow a game at, as Gymnasium's text games.
    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        game: Game | str,
        opponents: Sequence[str] = ("random",),
        rules: Any = None,
        seat: int | None = None,
        max_turns: int | None = None,
        illegal: str = "lose",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = resolve_game(game)
        self.rules = with_turn_cap(resolve_rules(self.game, rules), max_turns)
        self.num_players = len(opponents) + 1
        check_table(self.game, self.rules, self.num_players)
        if seat is not None and not 0 <= seat < self.num_players:
            raise ParlourError(f"seat must be between 0 and {self.num_players - 1}, not {seat}")
        if illegal not in ILLEGAL_CHOICES:
            raise ParlourError(f"illegal must be one of {', '.join(ILLEGAL_CHOICES)}")
        self.opponent_specs = list(opponents)
        # Made here to refuse a bad name at once; every reset makes them again (`_new_game`).
        self.opponents: list[Bot] = [self._make_bot(spec) for spec in opponents]
        self.fixed_seat = seat
        self.illegal = illegal
        self.render_mode = render_mode
        self.encoder = make_encoder(self.game, self.rules, self.num_players)
        self.num_actions = self.game.num_actions(self.rules, self.num_players)
        self.observation_space = spaces.Box(
            self.encoder.low, self.encoder.high, (self.encoder.size,), np.float32
        )
        self.action_space = spaces.Discrete(self.num_actions)
        self.seat = 0
        self._state: State | None = None
        self._bots: dict[int, Bot] = {}
        self._feeds: list[SeatFeed] = []
        self._ended = False

    # ----- gymnasium API ----------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        while True:
            self._new_game()
            self._play_bots()
            # A game over before the learner's first decision teaches nothing: deal again.
            if not self.state.is_over:
                return self._observation(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        state = self.state
        if state.is_over or self._ended:
            raise ParlourError("the episode is over; call reset()")
        chosen = action_id(action)  # not an id at all (None): IllegalAction, whatever `illegal`
        legal = {a.id: a for a in state.legal_actions()}
        move = legal.get(chosen)
        if move is None:
            if self.illegal == "raise":
                # The engine refuses it with IllegalAction naming the rule, changing nothing.
                state.apply(self._decode(chosen), self.seat)
            info = self._info()
            info["illegal_action"] = chosen
            self._ended = True  # the game stays as it was, but this episode is lost
            return self._observation(), -1.0, True, False, info
        state.apply(move, self.seat)
        self._play_bots()
        reward = 0.0
        outcome = state.outcome
        if outcome is not None:
            reward = float(outcome.returns[self.seat])
        terminated = outcome is not None and outcome.status != "capped"
        truncated = outcome is not None and outcome.status == "capped"
        return self._observation(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return json.dumps(self.state.view(self.seat), ensure_ascii=False)

    # ----- helpers ------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The engine state (for analysis and records; the agent only gets observations)."""
        if self._state is None:
            raise ParlourError("call reset() before playing")
        return self._state

    def action_masks(self) -> np.ndarray:
        """The legal action ids now (the name sb3-contrib's MaskablePPO looks for)."""
        if self.state.to_move != self.seat:  # another seat's options would tell of its hand
            return np.zeros(self.num_actions, np.int8)
        return action_mask(self.state, self.num_actions)

    def _new_game(self) -> None:
        rng = self.np_random
        n = self.num_players
        self.seat = self.fixed_seat if self.fixed_seat is not None else int(rng.integers(n))
        self._state = self.game.new_state(n, seed=int(rng.integers(2**62)), rules=self.rules)
        others = [s for s in range(n) if s != self.seat]
        # Fresh bots every episode, as in `parlour simulate`: a bot that remembers (a card
        # tracker) would otherwise carry one game into the next, and a seed not repeat its game.
        self.opponents = [self._make_bot(spec) for spec in self.opponent_specs]
        self._bots = dict(zip(others, self.opponents, strict=True))
        for bot in self.opponents:  # bots draw from the episode's seed too: runs repeat exactly
            bot.rng = random.Random(int(rng.integers(2**62)))
        self._feeds = [SeatFeed(s, copies=needs_copies(self._bots.get(s))) for s in range(n)]
        self._ended = False

    def _make_bot(self, spec: str) -> Bot:
        # An import path (`pkg.module:Class`) plays here as on the command line.
        return make_bot(self.game, spec, import_paths=True)

    def _play_bots(self) -> None:
        state = self.state
        while not state.is_over and state.to_move != self.seat:
            seat = state.to_move
            assert seat is not None
            bot = self._bots[seat]
            decision = decision_for(state, seat, self._feeds[seat], worlds=bot.searches)
            action = bot.act(decision)
            try:
                state.apply(action, seat)
            except Exception:
                check_bot_action(bot, action, decision.legal_actions)  # no action at all?
                raise

    def _observation(self) -> np.ndarray:
        return self.encoder.encode(self.state.view(self.seat), self.seat)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.action_masks(), "seat": self.seat}
        if self.state.outcome is not None:
            info["outcome"] = self.state.outcome.to_json()
        return info

    def _decode(self, action_id: int) -> Any:
        try:
            return self.game.action_from_id(action_id, self.rules, self.num_players)
        except ValueError as err:
            raise IllegalAction("unknown_action", str(err)) from None


def register_envs() -> list[str]:
    """Register `parlour/<game>-v0` for every installed game, for `gymnasium.make` and
    `gymnasium.make_vec` (its vector entry point: `parlour.rl.vector_env`).

    env = gymnasium.make("parlour/flip7-v0", opponents=["strong"])
    envs = gymnasium.make_vec("parlour/gofish-v0", num_envs=1024, opponents=["random"])
    """
    from parlour.core.registry import game_names

    ids = []
    for name in game_names():
        env_id = f"parlour/{name}-v0"
        if env_id not in gym.registry:
            gym.register(
                env_id,
                entry_point="parlour.rl.gym_env:ParlourGymEnv",
                vector_entry_point="parlour.rl.vector_env:make_vector_env",
                kwargs={"game": name},
                disable_env_checker=True,  # the tests run check_env itself
            )
        ids.append(env_id)
    return ids


register_envs()
