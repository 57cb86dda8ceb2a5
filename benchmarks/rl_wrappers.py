"""The speed cost of the research adapters: moves per second, raw engine against each wrapper.

Every line plays random legal moves for about `--seconds`, `--repeats` times, and keeps the best
rate of moves made (all seats' moves; for Gymnasium, the bots' moves inside `step` count too).
What each wrapper adds:
- engine: `legal_actions` + `apply` on the Parlour state, nothing else;
- engine+view: the engine plus `view(seat)` and its encoding, the floor of any observation;
- pettingzoo: the AEC loop (`last()` with its observation and mask, then `step`);
- gymnasium: one learner against `random` bots (`step` with `info["action_mask"]`);
- openspiel: `legal_actions` + `apply_action` on the OpenSpiel state;
- openspiel+tensor: the same plus `information_state_tensor` at every move.

    python benchmarks/rl_wrappers.py --seconds 2 --repeats 3

Needs the `rl` extra (`pip install -e '.[rl]'`: PettingZoo and Gymnasium), checked before
anything is printed; without the `openspiel` extra the two OpenSpiel lines are left out.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from collections.abc import Callable

import numpy as np

from parlour.core.registry import game_names, get_game
from parlour.rl.encoding import make_encoder

PLAYERS = {"beggar": 2, "flip7": 3, "familles": 4, "panoplies": 3}
RL_PIP = "pip install -e '.[rl]'\n"


def timed(run_game: Callable[[int], int], seconds: float, repeats: int) -> float:
    """Moves per second over whole games started until `seconds` have passed; the best of
    `repeats` runs on the same games, since other work on the machine only ever slows a run."""
    best = 0.0
    for _ in range(repeats):
        moves, seed = 0, 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            moves += run_game(seed)
            seed += 1
        best = max(best, moves / (time.perf_counter() - start))
    return best


def engine(name: str, n: int, encode: bool) -> Callable[[int], int]:
    game = get_game(name)
    encoder = make_encoder(game, game.default_rules(), n)

    def run(seed: int) -> int:
        state = game.new_state(n, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move
            if encode:
                encoder.encode(state.view(seat), seat)
            state.apply(rng.choice(state.legal_actions()), seat)
        return state.turns

    return run


def pettingzoo(name: str, n: int) -> Callable[[int], int]:
    from parlour.rl.pettingzoo_env import raw_env

    env = raw_env(name, num_players=n)

    def run(seed: int) -> int:
        rng = np.random.default_rng(seed)
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        return env.parlour_state.turns

    return run


def gymnasium(name: str, n: int) -> Callable[[int], int]:
    from parlour.rl.gym_env import ParlourGymEnv

    env = ParlourGymEnv(name, opponents=["random"] * (n - 1))

    def run(seed: int) -> int:
        rng = np.random.default_rng(seed)
        _, info = env.reset(seed=seed)
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        return env.state.turns

    return run


def openspiel(name: str, n: int, tensor: bool) -> Callable[[int], int]:
    from parlour.rl.arena import deal
    from parlour.rl.openspiel_game import load

    spiel_game = load(name, players=n)

    def run(seed: int) -> int:
        rng = random.Random(seed)
        state = deal(spiel_game, seed)
        moves = 0
        while not state.is_terminal():
            if tensor:
                state.information_state_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
        return moves

    return run


def importable(*modules: str) -> bool:
    try:
        for module in modules:
            importlib.import_module(module)
    except ImportError:
        return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per run")
    parser.add_argument("--repeats", type=int, default=3, help="runs per measurement (best kept)")
    parser.add_argument("--games", default=",".join(PLAYERS), help="games to measure")
    args = parser.parse_args()
    # Before the table's header: a run without the adapters' libraries measures nothing.
    if not importable("gymnasium", "pettingzoo"):
        parser.exit(2, "rl_wrappers.py needs the rl extra (Gymnasium, PettingZoo): " + RL_PIP)
    spiel = importable("pyspiel")
    if not spiel:
        print(
            "OpenSpiel is not installed (pip install -e '.[openspiel]'): its lines are left out",
            file=sys.stderr,
        )
    names = [g for g in args.games.split(",") if g in game_names()]
    print("| game | players | wrapper | moves/s | share of raw engine |")
    print("|---|---|---|---|---|")
    for name in names:
        n = PLAYERS[name]
        runs = {
            "engine": engine(name, n, encode=False),
            "engine+view": engine(name, n, encode=True),
            "pettingzoo": pettingzoo(name, n),
            "gymnasium": gymnasium(name, n),
        }
        if spiel:
            runs["openspiel"] = openspiel(name, n, tensor=False)
            runs["openspiel+tensor"] = openspiel(name, n, tensor=True)
        raw = None
        for label, run in runs.items():
            speed = timed(run, args.seconds, args.repeats)
            raw = raw or speed
            print(f"| {name} | {n} | {label} | {speed:,.0f} | {speed / raw:.2f} |", flush=True)


if __name__ == "__main__":
    main()
