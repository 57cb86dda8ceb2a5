"""Flip 7: model variants of the `expert`, measured heads-up against `strong` (none shipped).

    python benchmarks/flip7_expert_variants.py --games 20000 --seed 2026 --workers 2
    python benchmarks/flip7_expert_variants.py --only ExactOutlook --games 2000

Each variant is an `ExpertBot` with one part of its model replaced (docs/flip7.md, "Variants
measured"); each table is `flip7_ladder.run_table([variant, "strong"])`, so the same seeds
give the same deals as `flip7_ladder.py --only expert,strong` and the figures compare game for
game with the shipped expert's. The variants are also bots by import path:
`flip7_ladder.py --only flip7_expert_variants:ExactOutlook,strong` (this folder on the path).

- `ExactOutlook`: an active opponent's outlook is the exact distribution of what the solver's
  policy banks from his hand for the deck as it stands (`outcomes.round_outcome`), not the
  outlook measured in play for his numbers and points.
- `ExactRaceOutlook`: the same, his policy maximising his own chance of winning once someone
  is within 45 points of the target (his worth of the points is the expert's, from his seat).
- `AdaptiveTable`: the heads-up game-value table solved with the bot choosing its round's
  style each round (the measured play, or a threshold 12..50 on the number sum) against the
  opponent's measured play.
- `ZeroSumTable`: both players choosing their style each round (the measured play, or a
  threshold 15, 21, 30 or 40), each round a zero-sum matrix game.
- `ActionOptions`: a hit is also worth the Freeze or Flip Three it may draw while an opponent
  is active (the best target's gain in the expert's worth, times the chance of the card).
- `RoundSearch` (flip7_round_search.py): a close decision settled by playouts of the rest of the
  round, both players and the action cards in play on one shared deck.
- `StayBias10`, `StayBias3`, `HitBias10`, `HitBias3` (`Biased`): a thumb on the scale of hit
  or stay, 0.01 or 0.003 in winning chance, toward staying or toward hitting.
- `MeasuredTable`: the heads-up table moved onto the expert's win shares measured against
  `strong` from chosen totals (flip7_measured_table.py, its output
  flip7_measured_table.npz here, or the file named by FLIP7_MEASURED_TABLE).
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import os
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from failures import exit_if_failed, say_failures  # sibling scripts
from flip7_ladder import run_table
from flip7_round_search import RoundSearch
from flip7_tournament import markdown

from parlour.bots.base import Decision
from parlour.games.flip7 import expert as shipped
from parlour.games.flip7.bots import model_hand, scoring_counts
from parlour.games.flip7.cards import FLIP_THREE, FREEZE, FULL_COUNTS
from parlour.games.flip7.expert import ExpertBot
from parlour.games.flip7.expert_values import TARGET, end_table, njit, round_cdf
from parlour.games.flip7.outcomes import round_outcome
from parlour.games.flip7.public import Table
from parlour.games.flip7.solver import MODEL_KINDS, hit_and_stay

NEAR = 45  # `strong`'s reach of the end: someone within this of the target


class ExactOutlook(ExpertBot):
    def outlook(self, table: Table, seat: int) -> np.ndarray:
        if self._shipped_outlook(table, seat):
            return shipped.outcome(table, seat)
        return self._exact(table, seat, None)

    @staticmethod
    def _shipped_outlook(table: Table, seat: int) -> bool:
        return (
            table.status[seat] != "active"
            or seat == table.seat
            or shipped.holds_the_game(table, seat)
        )

    @staticmethod
    def _exact(table: Table, seat: int, util: np.ndarray | None) -> np.ndarray:
        return round_outcome(
            table.next_draw_counts(),
            model_hand(table, seat),
            holding_sc=table.second_chance[seat],
            util=util,
        )


class ExactRaceOutlook(ExactOutlook):
    def outlook(self, table: Table, seat: int) -> np.ndarray:
        if table.status[seat] != "active" or seat == table.seat:
            return shipped.outcome(table, seat)
        lead = max(t + p for t, p in zip(table.totals, table.points, strict=True))
        util = None
        if lead + NEAR >= table.target:  # his worth of the points, from his seat
            util = shipped.utility(dataclasses.replace(table, seat=seat))
        return self._exact(table, seat, util)


# ----- game-value tables with a choice of round style -----------------------------------------
def measured_round() -> np.ndarray:
    """The heads-up round distribution the shipped table is solved with."""
    return np.diff(round_cdf(2), prepend=0.0)


def style(threshold: int) -> np.ndarray:
    """The round of a player alone who stays once his number sum reaches `threshold`."""
    return round_outcome(FULL_COUNTS, threshold=threshold)


@njit(cache=True)
def _outcome_of_round(mine: int, theirs: int, target: int, values: Any) -> float:
    if mine >= target or theirs >= target:
        return 1.0 if mine > theirs else (0.5 if mine == theirs else 0.0)
    return values[mine, theirs]


@njit(cache=True)
def solve_adaptive(styles: Any, theirs: Any, target: int) -> Any:
    """V[a, b] when I choose among `styles` each round and he plays `theirs`."""
    top = styles.shape[1] - 1
    values = np.zeros((target, target))
    for a in range(target - 1, -1, -1):
        for b in range(target - 1, -1, -1):
            best = 0.0
            for t in range(styles.shape[0]):
                acc = 0.0
                for x in range(top + 1):
                    if styles[t, x] == 0.0:
                        continue
                    for y in range(top + 1):
                        if theirs[y] == 0.0 or (x == 0 and y == 0):
                            continue
                        w = _outcome_of_round(a + x, b + y, target, values)
                        acc += styles[t, x] * theirs[y] * w
                best = max(best, acc / (1.0 - styles[t, 0] * theirs[0]))
            values[a, b] = best
    return values


@njit(cache=True)
def _matrix_game(payoff: Any, iterations: int) -> float:
    """The value of a zero-sum matrix game (rows maximise), by fictitious play."""
    rows, cols = payoff.shape
    row_sums = np.zeros(rows)
    col_sums = np.zeros(cols)
    r = 0
    c = 0
    upper = 1.0
    lower = 0.0
    for it in range(1, iterations + 1):
        row_sums += payoff[:, c]
        col_sums += payoff[r, :]
        r = np.argmax(row_sums)
        c = np.argmin(col_sums)
        upper = row_sums[r] / it
        lower = col_sums[c] / it
    return 0.5 * (upper + lower)


@njit(cache=True)
def solve_zero_sum(styles: Any, target: int, iterations: int, sweeps: int) -> Any:
    """V[a, b] when both players choose among `styles` each round (a matrix game; a round in
    which both bank nothing is the same game again, solved by `sweeps` fixed-point steps)."""
    top = styles.shape[1] - 1
    n = styles.shape[0]
    values = np.zeros((target, target))
    payoff = np.zeros((n, n))
    for a in range(target - 1, -1, -1):
        for b in range(target - 1, -1, -1):
            for t in range(n):
                for s in range(n):
                    acc = 0.0
                    for x in range(top + 1):
                        if styles[t, x] == 0.0:
                            continue
                        for y in range(top + 1):
                            if styles[s, y] == 0.0 or (x == 0 and y == 0):
                                continue
                            w = _outcome_of_round(a + x, b + y, target, values)
                            acc += styles[t, x] * styles[s, y] * w
                    payoff[t, s] = acc
            v = 0.5
            for _ in range(sweeps):
                full = payoff.copy()
                for t in range(n):
                    for s in range(n):
                        full[t, s] += styles[t, 0] * styles[s, 0] * v
                v = _matrix_game(full, iterations)
            values[a, b] = v
    return values


@functools.cache
def adaptive_table() -> np.ndarray:
    measured = measured_round()
    styles = np.array([measured, *(style(t) for t in (12, 15, 18, 21, 25, 30, 35, 40, 50))])
    return end_table(solve_adaptive(styles, measured, TARGET))


@functools.cache
def zero_sum_table() -> np.ndarray:
    styles = np.array([measured_round(), *(style(t) for t in (15, 21, 30, 40))])
    return end_table(solve_zero_sum(styles, TARGET, 400, 8))


class AdaptiveTable(ExpertBot):
    def game_values(self, players: int) -> np.ndarray:
        return adaptive_table() if players == 2 else super().game_values(players)


class ZeroSumTable(ExpertBot):
    def game_values(self, players: int) -> np.ndarray:
        return zero_sum_table() if players == 2 else super().game_values(players)


MEASURED_TABLE = Path(
    os.environ.get("FLIP7_MEASURED_TABLE", Path(__file__).with_name("flip7_measured_table.npz"))
)


def measured_start_table(path: Path) -> np.ndarray:
    """The heads-up round-start table moved onto the win shares measured against `strong`
    (flip7_measured_table.py): the measured minus the model's value on the grid, interpolated
    between its totals (held at its edges), added to the model; then made to rise with the
    bot's total and fall with the opponent's, so that more points are never worth less."""
    with np.load(path) as data:
        grid = data["grid"].astype(np.float64)
        shift = data["measured"] - data["model"]
    if np.isnan(shift).any():
        raise ValueError(f"{path}: some totals were not measured (a failed or unfinished run)")
    totals = np.arange(TARGET, dtype=np.float64)
    by_row = np.array([np.interp(totals, grid, row) for row in shift])  # grid x TARGET
    full = np.array([np.interp(totals, grid, column) for column in by_row.T]).T
    start = np.clip(shipped.end_values(2)[:TARGET, :TARGET] + full, 0.0, 1.0)
    start = np.maximum.accumulate(start, axis=0)
    return np.minimum.accumulate(start, axis=1)


@functools.cache
def measured_table() -> np.ndarray:
    return end_table(measured_start_table(MEASURED_TABLE))


class MeasuredTable(ExpertBot):
    """The heads-up table measured against `strong` in place of the model's."""

    def game_values(self, players: int) -> np.ndarray:
        return measured_table() if players == 2 else super().game_values(players)


class Biased(ExpertBot):
    """Stays when staying is worth at least hitting less BIAS (in winning chance): a bias
    toward staying when positive, toward hitting when negative."""

    BIAS = 0.0

    def stays(self, table: Table, decision: Decision) -> bool:
        bonus = decision.rules.flip7_bonus
        util = self.utility(table, bonus=bonus, race_seed=shipped.race_seed(table))
        return shipped.worth_staying(table, bonus, util, self.BIAS)


class StayBias10(Biased):
    BIAS = 0.01


class HitBias10(Biased):
    BIAS = -0.01


class StayBias3(Biased):
    BIAS = 0.003


class HitBias3(Biased):
    BIAS = -0.003


class ActionOptions(ExpertBot):
    def stays(self, table: Table, decision: Decision) -> bool:
        bonus = decision.rules.flip7_bonus
        seed = shipped.race_seed(table)
        util = self.utility(table, bonus=bonus, race_seed=seed)
        me = table.seat
        counts = table.next_draw_counts()
        opponents = [s for s in table.active() if s != me]
        if not opponents or sum(counts[:MODEL_KINDS]) == 0:
            return shipped.worth_staying(table, bonus, util)
        stay, hit = hit_and_stay(
            scoring_counts(counts), model_hand(table, me), bonus, table.second_chance[me], util
        )
        if stay < hit:
            return False
        base = float(self.outlook(table, me) @ util)
        options = 0.0
        for kind, left in (("freeze", counts[FREEZE]), ("flip_three", counts[FLIP_THREE])):
            if left:
                best = max(self._worth(table, kind, s, seed) for s in opponents)
                options += left / sum(counts) * max(0.0, best - base)
        return stay >= hit + options


__all__ = ["RoundSearch"]  # a variant of its own module, a bot of this one's import path
VARIANTS = [
    "ExactOutlook",
    "ExactRaceOutlook",
    "AdaptiveTable",
    "ZeroSumTable",
    "ActionOptions",
    "RoundSearch",
    "MeasuredTable",
    "StayBias10",
    "HitBias10",
    "StayBias3",
    "HitBias3",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--only", action="append", choices=VARIANTS, help="repeatable")
    parser.add_argument("--out", help="save each table's results so far as OUT.<variant>.json")
    args = parser.parse_args()
    results = []
    for name in args.only or VARIANTS:
        out = Path(f"{args.out}.{name}.json") if args.out else None
        spec = [f"flip7_expert_variants:{name}", "strong"]
        results.append(run_table(spec, args.games, args.workers, args.seed, out))
        print(f"{name}: {results[-1]['games']} games in {results[-1]['seconds']:.0f} s", flush=True)
        say_failures(name, results[-1]["failed"])  # the games that finished are kept
    print(markdown(results))
    exit_if_failed([f for result in results for f in result["failed"]])


if __name__ == "__main__":
    main()
