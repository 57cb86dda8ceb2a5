"""A vectorized Gymnasium environment: N games stepped together in the game's compiled step
kernel (`parlour.rl.step_kernel`), for reinforcement learning at the kernel's speed.

    import gymnasium as gym
    import parlour.rl.gym_env  # registers parlour/<game>-v0

    envs = gym.make_vec("parlour/gofish-v0", num_envs=1024, opponents=["random", "memory"])
    obs, info = envs.reset(seed=1)
    actions = ...  # one legal id per game: info["action_mask"] is N x actions
    obs, rewards, terminated, truncated, info = envs.step(actions)

Each game is the single environment's (`ParlourGymEnv`): the same observation layout and action
ids, `info["action_mask"]` and `info["seat"]`, rewards from `Outcome.returns` at the end, the
turn cap as a truncation, and the same games: `reset(seed=s)` seeds game i's generator with
`s + i`, and it draws the learner's seat, the deal and the bots' seeds as the single env does,
so that game i plays exactly what `ParlourGymEnv.reset(seed=s + i)` plays for the same actions.
The opponents are named as there, among the bots the kernel plays itself (`random`, `memory`,
`first` in the ask-and-draw games). A game that ends is reset at the next step (Gymnasium's
next-step autoreset): that step's action is ignored and it returns the new game's first
observation with a reward of 0.

In self-play (`opponents=None`, or `self_play=True`) the caller plays every seat: the
observation is the seat to move's (`info["seat"]`; at a game's end the seat that made the last
move), the reward that of the seat that moved, and `info["returns"]` every seat's returns, as
each game ends. Each new game draws only its deal from its generator.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from parlour.core.capabilities import offers
from parlour.core.errors import IllegalAction, ParlourError
from parlour.core.game import Game
from parlour.rl.encoding import (
    check_table,
    integer_actions,
    make_encoder,
    resolve_game,
    resolve_rules,
    with_turn_cap,
)
from parlour.rl.gym_env import ILLEGAL_CHOICES
from parlour.rl.vector_settle import settle_step

SEED_BOUND = 2**62  # the single env's draws of a deal seed and a bot's seed


def draw_seed(rng: np.random.Generator) -> int:
    """`int(rng.integers(SEED_BOUND))`, the single env's draw, five times faster: NumPy bounds
    a 64-bit draw by Lemire's method, which for a power of two (2**62) never rejects and keeps
    the top bits of the raw word (a test checks the two agree)."""
    return int(rng.bit_generator.random_raw()) >> 2


class ParlourVectorEnv(VectorEnv):
    """`num_envs` games of one game, with fixed rules and table, in its step kernel.

    `opponents`: the bots of the other seats, by name (None: self-play); `seat`: the learner's
    seat, or None to draw it at every new game; `num_players`: the table in self-play (default
    2, or one more than the opponents named); `illegal`: "lose" ends that game with reward -1
    and `info["illegal_action"]`, "raise" raises IllegalAction before any game moves.
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(
        self,
        game: Game | str,
        num_envs: int = 1,
        opponents: Sequence[str] | None = ("random",),
        rules: Any = None,
        seat: int | None = None,
        max_turns: int | None = None,
        illegal: str = "lose",
        self_play: bool = False,
        num_players: int | None = None,
    ) -> None:
        self.game = resolve_game(game)
        self.rules = with_turn_cap(resolve_rules(self.game, rules), max_turns)
        self.self_play = self_play or opponents is None
        named = None if opponents is None else len(opponents) + 1
        n = num_players or named or 2
        if not self.self_play and n != named:
            raise ParlourError(f"{len(opponents or ())} opponents seat {named} players, not {n}")
        check_table(self.game, self.rules, n)
        if num_envs < 1:
            raise ParlourError(f"num_envs must be at least 1, not {num_envs}")
        if seat is not None and (self.self_play or not 0 <= seat < n):
            raise ParlourError(f"seat must be between 0 and {n - 1} (and not in self-play)")
        if illegal not in ILLEGAL_CHOICES:
            raise ParlourError(f"illegal must be one of {', '.join(ILLEGAL_CHOICES)}")
        kernel = self.game.step_kernel(self.rules, n) if offers(self.game, "step_kernel") else None
        if kernel is None:
            raise ParlourError(
                f"{self.game.name} has no step kernel; make_vec(..., vectorization_mode='sync') "
                "steps single environments instead"
            )
        self.kernel = kernel
        self.opponent_specs = [] if self.self_play else list(opponents or ())
        for spec in self.opponent_specs:
            if not kernel.accepts_bot(spec):
                raise ParlourError(
                    f"the {self.game.name} vector env plays its opponents in compiled code: "
                    f"{', '.join(kernel.bot_names())}, not {spec!r} (ParlourGymEnv plays any bot)"
                )
        self.num_envs = num_envs
        self.num_players = n
        self.fixed_seat = seat
        self.illegal = illegal
        self.num_actions = kernel.num_actions
        encoder = make_encoder(self.game, self.rules, n)
        self.single_observation_space = spaces.Box(
            encoder.low, encoder.high, (encoder.size,), np.float32
        )
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.single_action_space = spaces.Discrete(self.num_actions)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, self.num_actions))
        self.batch = kernel.new_batch(num_envs)
        self._obs = np.zeros((num_envs, encoder.size), np.float32)
        self._masks = np.zeros((num_envs, self.num_actions), np.int8)
        self._returns = np.zeros((num_envs, n), np.float64)
        self._status = np.zeros(num_envs, np.int8)
        self._seat = np.zeros(num_envs, np.int64)  # the seat whose observation is given
        self._learner = np.zeros(num_envs, np.int64)
        self._ended = np.zeros(num_envs, bool)  # reset at the next step
        self._rngs: list[np.random.Generator] = []
        # A kernel's optional fused passes (`advance_view` with `view_at`, or `advance` with
        # `view`: each game read once while in cache), else the protocol's calls.
        self._passes = "protocol"
        if hasattr(kernel, "advance") and hasattr(kernel, "view"):
            self._passes = "advance"
        if hasattr(kernel, "advance_view") and hasattr(kernel, "view_at"):
            self._passes = "advance_view"
        self._illegal = np.zeros(num_envs, bool)
        self._movers = np.zeros(num_envs, np.int64)
        self._nobody = np.full(num_envs, -1, np.int64)  # self-play: no learner's seat
        if self.self_play:  # every seat played from outside, for good
            everywhere = np.ones(num_envs, bool)
            kernel.seat_bots(self.batch, everywhere, [""] * n, np.zeros((num_envs, n), np.int64))

    # ----- gymnasium API ----------------------------------------------------------------------
    def reset(
        self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        if seed is None and self._rngs:  # as the single env: the generators go on
            seeds: Sequence[int | None] | None = None
        elif seed is None:
            seeds = [None] * self.num_envs
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(self.num_envs)]
            super().reset(seed=seed)
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ParlourError(f"{len(seeds)} seeds for {self.num_envs} games")
        if seeds is not None:
            self._rngs = [seeding.np_random(s)[0] for s in seeds]
        self._ended[:] = False
        self._new_games(np.arange(self.num_envs))
        self.kernel.outcome(self.batch, self._returns, self._status)
        obs = self._observe(self._learner)
        return obs, self._info()

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        if not self._rngs:
            raise ParlourError("call reset() before playing")
        n_envs, kernel, batch = self.num_envs, self.kernel, self.batch
        actions = integer_actions(actions, n_envs)
        resetting = self._ended
        if self.illegal == "raise":
            self._refuse_illegal(actions, resetting)
        illegal, movers = self._illegal, self._movers
        to_move, seats = np.empty(n_envs, np.int64), np.empty(n_envs, np.int64)
        viewed = self._passes == "advance_view"
        if viewed:  # one pass over the games: step, bots, outcome, observation and mask
            learner = self._nobody if self.self_play else self._learner
            out = (illegal, movers, self._returns, self._status, to_move, seats)
            # Handed out as it is, not copied: the pass writes every game still in play, and
            # `view_at` below every game dealt (a game over before this step is dealt now).
            obs = np.empty(self._obs.shape, np.float32)
            kernel.advance_view(batch, actions, learner, (*out, obs, self._masks))
        elif self._passes == "advance":
            kernel.advance(batch, actions, illegal, movers, self._returns, self._status, to_move)
        else:  # the protocol's calls
            movers = kernel.to_move(batch)
            illegal = kernel.step(batch, actions)  # a finished game (resetting) is not moved
            if not self.self_play:
                kernel.play_bots(batch)
            kernel.outcome(batch, self._returns, self._status)
            to_move = kernel.to_move(batch)
        # A game ended by an illegal action is still in play in the kernel, which takes the
        # resetting step's action there: that action is ignored, legal or not. The reward goes
        # to the learner, or in self-play to the seat that moved.
        rewarded = movers if self.self_play else self._learner
        settled = settle_step(resetting, illegal, self._status, self._returns, rewarded)
        rewards, terminated, truncated, ended, returns, games, lost = settled
        if games.size:
            to_move[games] = self._new_games(games)[games]
        self._ended = terminated | truncated
        # The seat observed: the learner's; in self-play the seat to move, or at a game's end
        # (or after an illegal action) the one that moved.
        if not self.self_play:
            seats = self._learner.copy()
        elif not viewed:
            seats = np.where(self._ended, movers, to_move)
        else:
            seats[games] = to_move[games]
        if viewed:
            kernel.view_at(batch, games, seats, obs, self._masks)
            self._seat = seats
        else:
            obs = self._observe(seats)
        info = self._info(seats)
        info["returns"], info["_returns"] = returns, ended
        if lost:
            info["illegal_action"] = np.where(illegal, actions, -1)
            info["_illegal_action"] = illegal.copy()
        return obs, rewards, terminated, truncated, info

    def _refuse_illegal(self, actions: np.ndarray, resetting: np.ndarray) -> None:
        """IllegalAction before any game moves, if an action is not legal where it counts."""
        in_range = (actions >= 0) & (actions < self.num_actions)
        rows = np.arange(self.num_envs)
        legal = in_range & (self._masks[rows, np.where(in_range, actions, 0)] == 1)
        bad = np.flatnonzero(~resetting & ~legal)
        if bad.size:
            raise IllegalAction(
                "not_legal",
                f"illegal action ids {actions[bad][:5].tolist()} in games {bad[:5].tolist()}: "
                "nothing was played",
            )

    # ----- helpers ------------------------------------------------------------------------------
    def _new_games(self, games: np.ndarray) -> np.ndarray:
        """Deal the games `games` from their generators, as the single env's reset does: the
        learner's seat, the deal, the bots' seeds; then the bots play to the learner, and a game
        over before its first decision is dealt again. Returns the seats to move of `games`
        at their indices (the other entries are -1)."""
        n, kernel, batch = self.num_players, self.kernel, self.batch
        if not games.size:
            return kernel.to_move(batch)
        # A kernel's optional `to_move_at` reads the seat to move of the games dealt alone.
        at = getattr(kernel, "to_move_at", None)
        to_move = np.full(self.num_envs, -1, np.int64)
        pending = games
        while True:
            deal_seeds = np.zeros(self.num_envs, np.int64)
            bot_seeds = np.zeros((self.num_envs, n), np.int64)
            rngs = self._rngs
            if self.self_play:  # the deal alone
                deal_seeds[pending] = [draw_seed(rngs[i]) for i in pending.tolist()]
            for i in pending.tolist() if not self.self_play else ():
                rng = rngs[i]
                fixed = self.fixed_seat
                self._learner[i] = fixed if fixed is not None else int(rng.integers(n))
                deal_seeds[i] = draw_seed(rng)
                others = [s for s in range(n) if s != self._learner[i]]
                for s in others:  # in the opponents' order, as their seats go round
                    bot_seeds[i, s] = draw_seed(rng)
            where = np.zeros(self.num_envs, bool)
            where[pending] = True
            if not self.self_play:
                for seat in range(n):  # one table of bots per learner's seat
                    sitting = where & (self._learner == seat)
                    if sitting.any():
                        specs = list(self.opponent_specs)
                        specs.insert(seat, "")
                        kernel.seat_bots(batch, sitting, specs, bot_seeds)
            kernel.deal(batch, where, deal_seeds)
            if not self.self_play:
                kernel.play_bots(batch)
            if at is None:
                to_move[pending] = kernel.to_move(batch)[pending]
            else:  # only the games just dealt
                to_move[pending] = at(batch, pending)
            if self.self_play:
                self._learner[pending] = to_move[pending]
            pending = pending[to_move[pending] < 0]
            if not pending.size:
                return to_move

    def _observe(self, seats: np.ndarray) -> np.ndarray:
        self._seat = np.array(seats, np.int64)
        if self._passes != "protocol":
            self.kernel.view(self.batch, self._seat, self._obs, self._masks)
        else:
            self.kernel.observe(self.batch, self._seat, self._obs)
            self.kernel.masks(self.batch, self._masks)
        return self._obs.copy()

    def _info(self, seats: np.ndarray | None = None) -> dict[str, Any]:
        seat = self._learner if seats is None else seats
        return {"action_mask": self._masks.copy(), "seat": np.array(seat, np.int64)}


def make_vector_env(num_envs: int = 1, game: Game | str = "familles", **kwargs: Any) -> VectorEnv:
    """`gymnasium.make_vec`'s vector entry point of `parlour/<game>-v0`: the kernel's vector
    env, or, for a game without a step kernel, single envs stepped one after the other."""
    found = resolve_game(game)
    if offers(found, "step_kernel"):
        return ParlourVectorEnv(found, num_envs, **kwargs)
    if kwargs.get("self_play") or ("opponents" in kwargs and kwargs["opponents"] is None):
        raise ParlourError(f"{found.name} has no step kernel: no self-play vector env")
    from parlour.rl.gym_env import ParlourGymEnv

    return gym.vector.SyncVectorEnv([lambda: ParlourGymEnv(found, **kwargs)] * num_envs)
