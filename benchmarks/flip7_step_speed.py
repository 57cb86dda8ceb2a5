"""Flip 7 step kernel speed: decision steps per CPU second of N games stepped together.

    python benchmarks/flip7_step_speed.py [--envs 1024] [--players 2] [--seconds 5]

Every seat is played from outside with a uniformly random legal action drawn from the masks,
the observation of the seat to move is built at every step (as an RL loop needs it), and a game
that ends is dealt again at once (autoreset). A step is one decision of one game. Beside it, the
same loop on the reference engine, one game at a time (its `view` encoded by the encoder), for
scale. Rates are per second of this process's CPU time (time.process_time): a busy machine
slows the run but not the figures. Measured, never asserted; the figures go to
docs/performance.md.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from parlour.games.flip7.encoder import ENCODER
from parlour.games.flip7.game import GAME
from parlour.games.flip7.rules import Flip7Rules


def kernel_steps(envs: int, players: int, seconds: float) -> float:
    """Decision steps per CPU second of the step kernel, masks and observations included."""
    kernel = GAME.step_kernel(Flip7Rules(), players)
    batch = kernel.new_batch(envs)
    rng = np.random.default_rng(1)
    next_seed = envs
    kernel.deal(batch, np.ones(envs, bool), np.arange(envs, dtype=np.int64))
    masks = np.zeros((envs, kernel.num_actions), np.int8)
    obs = np.zeros((envs, kernel.obs_size), np.float32)
    steps = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        for _ in range(50):
            to_move = kernel.to_move(batch)
            over = to_move < 0
            if over.any():  # autoreset: a fresh deal where a game ended
                count = int(over.sum())
                seeds = np.zeros(envs, np.int64)
                seeds[over] = np.arange(next_seed, next_seed + count)
                next_seed += count
                kernel.deal(batch, over, seeds)
                to_move = kernel.to_move(batch)
            kernel.masks(batch, masks)
            kernel.observe(batch, to_move, obs)
            # A uniformly random legal action per game: the largest of random keys on the mask.
            actions = np.argmax(rng.random(masks.shape) * masks, axis=1)
            kernel.step(batch, actions)
            steps += envs
    return steps / (time.process_time() - started)


def engine_steps(players: int, seconds: float) -> float:
    """The same loop on the reference engine, one game at a time."""
    encoder = ENCODER(Flip7Rules(), players)
    rng = random.Random(1)
    steps = games = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        state = GAME.new_state(players, seed=games)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            encoder.encode(state.view(seat), seat)
            state.apply(rng.choice(state.legal_actions()), seat)
            steps += 1
        games += 1
    return steps / (time.process_time() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--envs", type=int, default=1024)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    kernel_steps(8, args.players, 0.1)  # compiles (or loads) the kernel first
    rate = kernel_steps(args.envs, args.players, args.seconds)
    print(f"step kernel, N={args.envs}, {args.players} players: {rate:,.0f} steps per CPU second")
    slow = engine_steps(args.players, args.seconds)
    print(f"reference engine + encoder, {args.players} players: {slow:,.0f} steps per CPU second")
    print(f"ratio: {rate / slow:.0f}x")


if __name__ == "__main__":
    main()
