"""The vector env (`parlour.rl.vector_env`) against the single env, at every step.

    python benchmarks/vector_agreement.py                  # 100,000 steps a game and table
    python benchmarks/vector_agreement.py --steps 5000 --games gofish --envs 32

For every game that offers a step kernel and each table below whose bots its kernel plays (a game
skips the others), a `ParlourVectorEnv` of `--envs` games reset with seed s and that many
`ParlourGymEnv` reset with seeds s + i are stepped side by side with the same random legal actions
(next-step autoreset on the vector side, `reset()` on the single side) until `--steps` steps (games
x vector steps) are compared: the observations, masks, seats, rewards, terminations and truncations
must be equal. In self-play the reference is the engine's game of the deal seed drawn from the same
generator, every seat's observation, the mask and the returns compared.

A difference is printed at once with the seed of its run, the game's index and the step, and
the run goes on; the summary gives the differences of every table (0 where they agree) and
exits with 1 if there were any. `--out FILE` also writes that summary as JSON, as it stands
after each table, so that a run cut short keeps what it compared.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

import numpy as np

from parlour.core.capabilities import offers
from parlour.core.registry import game_names, get_game
from parlour.rl.encoding import action_mask, make_encoder, resolve_rules
from parlour.rl.gym_env import ParlourGymEnv
from parlour.rl.vector_env import ParlourVectorEnv

# (name, opponents, rules); None opponents: self-play at three seats.
TABLES: list[tuple[str, list[str] | None, str | None]] = [
    ("random x2", ["random", "random"], None),
    ("memory + first, capped at 40", ["memory", "first"], "max_turns=40"),
    # Flip 7's kernel plays its own bots, not `memory`: these tables are the ones it runs.
    ("threshold:23 + counter, capped at 40", ["threshold:23", "counter"], "max_turns=40"),
    ("solver + first, capped at 40", ["solver", "first"], "max_turns=40"),
    ("self-play x3", None, None),
]


class Differences:
    """Every difference, printed as it is found (the first few per table in full)."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.count = 0
        self.first: list[str] = []

    def check(self, same: bool, seed: int, env: int, step: int, what: str) -> None:
        if same:
            return
        self.count += 1
        line = f"{self.label}: seed {seed}, game {env}, step {step}: {what} differs"
        if len(self.first) < 20:
            self.first.append(line)
            print(line, flush=True)


def _actions(masks: np.ndarray, rng: random.Random) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(row).tolist() or [0]) for row in masks], np.int64)


def against_single(
    name: str, opponents: list[str], rules: str | None, envs: int, steps: int, seed: int,
    diff: Differences,
) -> int:  # fmt: skip
    vec = ParlourVectorEnv(name, num_envs=envs, opponents=opponents, rules=rules)
    singles = [ParlourGymEnv(name, opponents=opponents, rules=rules) for _ in range(envs)]
    obs, info = vec.reset(seed=seed)
    ref = [env.reset(seed=seed + i) for i, env in enumerate(singles)]
    rng = random.Random(seed)
    done = np.zeros(envs, bool)
    compared = 0
    for step in range(steps // envs + 1):
        for i, (ref_obs, ref_info) in enumerate(ref):
            diff.check(np.array_equal(obs[i], ref_obs), seed, i, step, "observation")
            same = np.array_equal(info["action_mask"][i], ref_info["action_mask"])
            diff.check(same, seed, i, step, "mask")
            diff.check(info["seat"][i] == ref_info["seat"], seed, i, step, "seat")
        compared += envs
        if compared >= steps:
            break
        actions = _actions(info["action_mask"], rng)
        obs, rewards, terminated, truncated, info = vec.step(actions)
        for i, env in enumerate(singles):
            if done[i]:
                ref[i] = env.reset()
                continue
            ref_obs, reward, term, trunc, ref_info = env.step(int(actions[i]))
            ref[i] = (ref_obs, ref_info)
            got = (rewards[i], terminated[i], truncated[i])
            diff.check(got == (reward, term, trunc), seed, i, step, "reward or end")
        done = terminated | truncated
    return compared


def against_engine(name: str, envs: int, steps: int, seed: int, diff: Differences) -> int:
    """Self-play: the reference engine's game of each deal seed the vector env drew."""
    game = get_game(name)
    rules = resolve_rules(game, None)
    n = 3
    vec = ParlourVectorEnv(name, num_envs=envs, opponents=None, num_players=n)
    encoder = make_encoder(game, rules, n)
    rngs = [np.random.default_rng(seed + i) for i in range(envs)]

    def deal(i: int) -> Any:
        while True:
            state = game.new_state(n, seed=int(rngs[i].integers(2**62)), rules=rules)
            if not state.is_over:
                return state

    obs, info = vec.reset(seed=seed)
    states = [deal(i) for i in range(envs)]
    pick = random.Random(seed)
    compared = 0
    for step in range(steps // envs + 1):
        for i, state in enumerate(states):
            seat = int(info["seat"][i])
            want = encoder.encode(state.view(seat), seat)
            diff.check(np.array_equal(obs[i], want), seed, i, step, "observation")
            if not state.is_over:
                diff.check(seat == state.to_move, seed, i, step, "seat")
                mask = action_mask(state, vec.num_actions)
                diff.check(np.array_equal(info["action_mask"][i], mask), seed, i, step, "mask")
        compared += envs
        if compared >= steps:
            break
        actions = _actions(info["action_mask"], pick)
        was_over = [state.is_over for state in states]
        movers = [state.to_move for state in states]
        for i, state in enumerate(states):
            if was_over[i]:
                states[i] = deal(i)
            else:
                state.apply(game.action_from_id(int(actions[i]), rules, n), state.to_move)
        obs, rewards, terminated, truncated, info = vec.step(actions)
        for i, state in enumerate(states):
            ended = not was_over[i] and state.is_over
            diff.check(bool(terminated[i] or truncated[i]) == ended, seed, i, step, "end")
            if ended and state.outcome is not None:
                same = tuple(info["returns"][i]) == state.outcome.returns
                same = same and rewards[i] == state.outcome.returns[movers[i]]
                diff.check(same, seed, i, step, "returns")
    return compared


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=100_000, help="steps per game and table")
    parser.add_argument("--envs", type=int, default=16, help="games in the vector env")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default="", help="comma-separated games (default: all)")
    parser.add_argument("--out", default="", help="write the summary here as JSON")
    args = parser.parse_args()
    names = [g for g in args.games.split(",") if g] or [
        g for g in game_names() if offers(get_game(g), "step_kernel")
    ]
    summary: dict[str, Any] = {"steps": args.steps, "seed": args.seed, "tables": []}
    total = 0
    for name in names:
        kernel = get_game(name).step_kernel(resolve_rules(get_game(name), None), 3)
        for label, opponents, rules in TABLES:
            if opponents is not None and not all(kernel.accepts_bot(b) for b in opponents):
                print(f"{name:10} {label:36} skipped: its kernel does not play these bots")
                continue
            diff = Differences(f"{name}, {label}")
            start = time.process_time()
            if opponents is None:
                compared = against_engine(name, args.envs, args.steps, args.seed, diff)
            else:
                compared = against_single(
                    name, opponents, rules, args.envs, args.steps, args.seed, diff
                )
            seconds = time.process_time() - start
            print(
                f"{name:10} {label:36} {compared:>9,} steps  differences = {diff.count}"
                f"  ({seconds:.0f} CPU s)",
                flush=True,
            )
            total += diff.count
            row = {"game": name, "table": label, "steps": compared, "differences": diff.count}
            summary["tables"].append(row | {"first": diff.first})
            if args.out:
                with open(args.out, "w", encoding="utf-8") as out:
                    json.dump(summary, out, indent=1)
    print(f"differences = {total}")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
