"""The ask-and-draw experts' rankings, term by term, against `memory` (7 familles, Go Fish,
Panoplies; measured here, never asserted in tests).

The experts rank asks by their game's `expert_ranked_asks`: memory's chance of a hit, plus
`focus` per card held of the group, plus what else the ask does (`askdraw/ranking.py`: it
completes the group, it takes cards from the player asked's collection, a miss tells
everybody the asker holds the group). This plays a bot that asks by that ranking alone (one of
the best at random, as `memory` chooses; Go Fish's sure misses ruled out first) against
`memory` bots, for each variant of the weights, on the same games: game g seats the variant at
seat g % players and is dealt from seed `seed * 1_000_003 + g`. Each variant's win share
(ties shared; of the decided games, a Panoplies game nobody won left out) comes with a Wilson
95% interval, and every variant after the first with its difference from the first game by
game (mean and standard error, over the games both decided).

    python benchmarks/askdraw_ranking.py --variants none,shipped,shipped/threat=0 --games 20000
    python benchmarks/askdraw_ranking.py --game gofish --players 4 --games 12000
    python benchmarks/askdraw_ranking.py --game panoplies --variants none,shipped --seed 3

A variant is `shipped` (the expert's weights), `none` (every term but the focus 0: the
expert's focus alone; in Panoplies also its worths of a garment), or either followed by
`/name=value` changes (`focus`, `complete`, `deny`, `leak`, `threat`; in Panoplies also `own`
and `attack`).
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time
from collections.abc import Callable
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from familles_tournament import wilson  # a sibling script

from parlour.bots.base import Bot, Decision
from parlour.core.registry import get_game
from parlour.games.askdraw.bots import TrackingBot
from parlour.games.askdraw.ranking import AskWeights
from parlour.games.familles import bots as familles_bots
from parlour.games.gofish import bots as gofish_bots
from parlour.games.panoplies import bots as panoplies_bots
from parlour.play.runner import play_game

BOTS: dict[str, Any] = {
    "familles": familles_bots,
    "gofish": gofish_bots,
    "panoplies": panoplies_bots,
}
# The expert's weights at a table of n players.
SHIPPED: dict[str, Callable[[int], AskWeights]] = {
    "familles": lambda n: familles_bots.EXPERT_WEIGHTS,
    "gofish": gofish_bots.expert_weights,
    "panoplies": panoplies_bots.expert_weights,
}
MEMORY: dict[str, Any] = {
    "familles": familles_bots.MemoryBot,
    "gofish": gofish_bots.MemoryBot,
    "panoplies": panoplies_bots.OutfitMemoryBot,
}


def parse_variant(game: str, players: int, text: str) -> AskWeights:
    """`shipped` or `none`, then `/name=value` changes."""
    base, *changes = text.split("/")
    shipped = SHIPPED[game](players)
    # `none`: what an ask tells weighs nothing; the rest (the focus, Panoplies' worths) shipped.
    none = dataclasses.replace(shipped, complete=0.0, deny=0.0, leak=0.0, threat=0.0)
    bases = {"shipped": shipped, "none": none}
    if base not in bases:
        raise SystemExit(f"a variant starts with shipped or none, not {base!r}")
    weights = bases[base]
    names = {f.name for f in dataclasses.fields(shipped)}
    for change in changes:
        name, _, value = change.partition("=")
        if name not in names:
            raise SystemExit(f"unknown weight {name!r}: one of {', '.join(sorted(names))}")
        try:
            number = float(value)
        except ValueError:
            raise SystemExit(f"weight {name} is a number, not {value!r}") from None
        weights = dataclasses.replace(weights, **{name: number})
    return weights


class RankingBot(TrackingBot):
    """Asks by its game's expert ranking with `weights`, one of the best at random."""

    def __init__(self, game: str, weights: AskWeights, rng: random.Random | None = None) -> None:
        super().__init__(rng)
        self.game = game
        self.weights = weights

    def act(self, decision: Decision) -> Any:
        legal = decision.legal_actions
        if len(legal) == 1:
            return legal[0]
        tracker = self.tracker(decision)
        asks = legal
        if self.game == "gofish":
            asks = [a for a in legal if not gofish_bots.sure_miss(tracker, a)] or legal
        # Panoplies' ranking reads the view (whose character is whose), the others the seat.
        where = decision if self.game == "panoplies" else decision.seat
        ranked = BOTS[self.game].expert_ranked_asks(tracker, where, asks, self.weights)
        best = ranked[0][0]
        top = {ask.id for score, ask in ranked if score >= best - 1e-9}
        return self.rng.choice([ask for ask in legal if ask.id in top])


def play_chunk(args: tuple[str, int, AskWeights, int, int, int]) -> list[float]:
    """The variant's result in games `start` to `stop` (1 a win, shared in a tie; NaN for a
    game nobody won)."""
    name, players, weights, seed, start, stop = args
    game = get_game(name)
    results = []
    for g in range(start, stop):
        mine = g % players
        bots: list[Bot] = [MEMORY[name]() for _ in range(players)]
        bots[mine] = RankingBot(name, weights)
        winners = play_game(game, bots, seed=seed * 1_000_003 + g).outcome.winners
        if not winners:
            results.append(float("nan"))
        else:
            results.append(1 / len(winners) if mine in winners else 0.0)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(BOTS), default="familles")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--variants", default="none,shipped", help="comma-separated")
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    variants = [
        (text, parse_variant(args.game, args.players, text)) for text in args.variants.split(",")
    ]
    print(f"{args.game}, {args.players} players: a bot asking by the expert's ranking vs memory")
    print("| variant | decided games | win share | 95% interval | vs first variant |")
    print("|---|---:|---:|---|---:|")
    first: np.ndarray | None = None
    for text, weights in variants:
        started = time.perf_counter()
        chunks = [
            (args.game, args.players, weights, args.seed, start, min(args.games, start + 500))
            for start in range(0, args.games, 500)
        ]
        with Pool(args.workers) as pool:
            results = np.array([r for part in pool.map(play_chunk, chunks) for r in part])
        decided = results[~np.isnan(results)]
        low, high = wilson(float(decided.sum()), len(decided))
        versus = ""
        if first is None:
            first = results
        else:
            diff = results - first
            diff = diff[~np.isnan(diff)]
            error = diff.std(ddof=1) / np.sqrt(len(diff))
            versus = f"{diff.mean():+.2%} ± {error:.2%}"
        print(
            f"| {text} | {len(decided)} | {decided.mean():.2%} | {low:.1%} - {high:.1%} "
            f"| {versus} |  ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
