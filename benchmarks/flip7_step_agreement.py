"""Flip 7 step kernel against the reference engine and the single env's encoding, step by step.

    python benchmarks/flip7_step_agreement.py --steps 100000 --players 3 [--rules k=v;k=v]

Games are dealt in batches of `--envs` from consecutive seeds and played by uniformly random
legal actions for every seat (the same action in the kernel and in the engine). At every step
it compares, per game, the seat to move, the legal-action mask, the observation of the seat to
move (`Flip7Encoder.encode(state.view(seat), seat)`) and, at the end, the outcome. Prints the
steps compared, the differences (the first few in full) and the time taken. The fast sample is
tests/games/flip7/test_step_kernel.py.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from parlour.games.flip7.encoder import ENCODER
from parlour.games.flip7.game import GAME
from parlour.rl.encoding import action_mask, resolve_rules
from parlour.rl.step_kernel import STATUS_CAPPED, STATUS_FINISHED


def compare_batch(rules: object, players: int, seeds: list[int], rng: random.Random,
                  examples: list[str]) -> tuple[int, int]:  # fmt: skip
    """(steps compared, differences) over one batch of games played to the end."""
    kernel = GAME.step_kernel(rules, players)
    encoder = ENCODER(rules, players)
    envs = len(seeds)
    batch = kernel.new_batch(envs)
    kernel.deal(batch, np.ones(envs, bool), np.array(seeds, dtype=np.int64))
    refs = [GAME.new_state(players, seed=seed, rules=rules) for seed in seeds]
    masks = np.zeros((envs, kernel.num_actions), np.int8)
    obs = np.zeros((envs, kernel.obs_size), np.float32)
    returns, status = np.zeros((envs, players)), np.zeros(envs, np.int8)
    steps = differences = 0
    while True:
        to_move = kernel.to_move(batch)
        kernel.masks(batch, masks)
        kernel.observe(batch, np.maximum(to_move, 0), obs)
        actions = np.zeros(envs, np.int64)
        for i, ref in enumerate(refs):
            if ref.is_over:
                continue
            seat = ref.to_move
            assert seat is not None
            same = (
                to_move[i] == seat
                and np.array_equal(masks[i], action_mask(ref, kernel.num_actions))
                and np.array_equal(obs[i], encoder.encode(ref.view(seat), seat))
            )
            steps += 1
            if not same:
                differences += 1
                if len(examples) < 5:
                    examples.append(f"seed {seeds[i]}, turn {ref.turns}: seat {seat}")
            action = rng.choice(ref.legal_actions())
            actions[i] = action.id
            ref.apply(action)
        kernel.step(batch, actions)
        if all(ref.is_over for ref in refs):
            break
    kernel.outcome(batch, returns, status)
    for i, ref in enumerate(refs):
        outcome = ref.outcome
        assert outcome is not None
        code = STATUS_CAPPED if outcome.status == "capped" else STATUS_FINISHED
        if status[i] != code or returns[i].tolist() != list(outcome.returns):
            differences += 1
            if len(examples) < 5:
                examples.append(f"seed {seeds[i]}: outcome {outcome.status} {outcome.returns}")
    return steps, differences


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="", help='rules options, "k=v;k=v"')
    args = parser.parse_args()
    rules = resolve_rules(GAME, args.rules or None)
    rng = random.Random(args.seed)
    examples: list[str] = []
    steps = differences = 0
    first = args.seed * 1_000_000_007
    started = time.process_time()
    while steps < args.steps:
        seeds = list(range(first, first + args.envs))
        first += args.envs
        done, wrong = compare_batch(rules, args.players, seeds, rng, examples)
        steps += done
        differences += wrong
    elapsed = time.process_time() - started
    print(f"{steps:,} steps compared ({args.players} players, rules {rules}): "
          f"{differences} differences, {elapsed:.0f} s of CPU")  # fmt: skip
    for line in examples:
        print(line)


if __name__ == "__main__":
    main()
