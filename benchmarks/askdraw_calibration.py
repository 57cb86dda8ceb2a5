"""How well the ask-and-draw inference knows the hidden hands (measured here, never asserted in
tests).

At each decision of one `memory` player (seat rotated game by game, against `memory`), for every
card that seat cannot see: the tracker's estimate of the chance it is in each other hand
(`Tracker.probabilities`, what `memory` ranks on), its frequency over `--deals` deals drawn by
the deal sampler (`Decision.determinize`, what the search plays in), its exact chance over
every consistent deal (`Tracker.exact_probabilities`, the sampler's limit), and where it truly
is.
Printed per estimator: the Brier score and log loss (lower is better), the mean chance against
the true share, the calibration by tenths, and the cards a seat lacked before its last draws
(the « Pioche ! » answers the sampler must weigh by the draws since) apart from the others.

    python benchmarks/askdraw_calibration.py --game familles --games 40 --deals 100
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence
from typing import Any

from parlour.bots.base import Bot, Decision
from parlour.core.game import Seat
from parlour.core.registry import get_game
from parlour.games.askdraw.expert import sampled_probabilities
from parlour.games.familles import bots as familles_bots
from parlour.games.gofish import bots as gofish_bots
from parlour.play.runner import play_bots

MEMORY: dict[str, type[Any]] = {
    "familles": familles_bots.MemoryBot,
    "gofish": gofish_bots.MemoryBot,
}

# (tracker's chance, sampled chance, truly there, lacked before the seat's last draws, exact)
Row = tuple[float, float, bool, bool, float]


def recorder(game: str, deals: int, seed: int) -> Any:
    """A memory player that records, at each of its decisions, both estimates and the truth
    (read from the real state, which only this benchmark hands it)."""

    class Recorder(MEMORY[game]):  # type: ignore[misc]
        searches = True  # it draws deals

        def __init__(self) -> None:
            super().__init__()
            self.deal_rng = random.Random(seed)
            self.rows: list[Row] = []
            self.state: Any = None

        def act(self, decision: Decision) -> Any:
            tracker = self.tracker(decision)
            estimate = tracker.probabilities()
            worlds = [decision.determinize(self.deal_rng) for _ in range(deals)]
            hands = [[sorted(h) for h in w.hands] for w in worlds]
            sampled = sampled_probabilities(tracker, hands, 0.0)
            exact = tracker.exact_probabilities()
            for other in range(tracker.num_players):
                if other == decision.seat:
                    continue
                truth = self.state.hands[other]
                old_lacks = tracker.lack_since[other]
                for card, chances in estimate.items():
                    recent = card in old_lacks and card not in tracker.lacks[other]
                    row = (
                        chances[other],
                        sampled[card][other],
                        card in truth,
                        recent,
                        exact[card][other],
                    )
                    self.rows.append(row)
            return super().act(decision)

    return Recorder()


def scores(rows: Sequence[Row], column: int) -> tuple[float, float, float, float]:
    """Brier score, log loss, mean chance and true share of one estimator over `rows`."""
    brier = sum((r[column] - r[2]) ** 2 for r in rows) / len(rows)
    loss = 0.0
    for r in rows:
        p = min(max(r[column], 1e-3), 1 - 1e-3)
        loss -= math.log(p if r[2] else 1 - p)
    mean = sum(r[column] for r in rows) / len(rows)
    share = sum(r[2] for r in rows) / len(rows)
    return brier, loss / len(rows), mean, share


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(MEMORY), default="familles")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=777)
    args = parser.parse_args()
    game = get_game(args.game)
    rows: list[Row] = []
    for g in range(args.games):
        state = game.new_state([Seat(f"p{i}") for i in range(args.players)], seed=args.seed + g)
        mine = g % args.players
        bots: list[Bot] = [MEMORY[args.game]() for _ in range(args.players)]
        bots[mine] = recorder(args.game, args.deals, args.seed + g)
        bots[mine].state = state  # type: ignore[attr-defined]
        for i, bot in enumerate(bots):
            bot.rng = random.Random(args.seed * 31 + g * 7 + i)
        play_bots(state, bots)
        rows += bots[mine].rows  # type: ignore[attr-defined]
    print(f"{args.game}, {args.players} players, {args.games} games, {len(rows)} (card, seat) rows")
    print("| estimator | rows | Brier | log loss | mean chance | true share |")
    print("|---|---:|---:|---:|---:|---:|")
    for label, part in (
        ("all cards", rows),
        ("lacked before the last draws", [r for r in rows if r[3]]),
        ("the others", [r for r in rows if not r[3]]),
    ):
        for name, column in (("tracker", 0), (f"{args.deals} deals", 1), ("exact", 4)):
            brier, loss, mean, share = scores(part, column)
            print(
                f"| {name}, {label} | {len(part)} | {brier:.4f} | {loss:.4f} | {mean:.3f} "
                f"| {share:.3f} |"
            )
    print("\ncalibration (chance by tenths: mean chance, true share, rows)")
    for name, column in (("tracker", 0), (f"{args.deals} deals", 1), ("exact", 4)):
        cells = []
        for tenth in range(10):
            part = [r for r in rows if min(int(r[column] * 10), 9) == tenth]
            if part:
                mean = sum(r[column] for r in part) / len(part)
                share = sum(r[2] for r in part) / len(part)
                cells.append(f"{mean:.2f}:{share:.2f} ({len(part)})")
        print(f"- {name}: " + ", ".join(cells))


if __name__ == "__main__":
    main()
