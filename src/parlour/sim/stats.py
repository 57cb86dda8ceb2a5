"""From played games to the result table: wins (ties shared), win shares with Wilson intervals,
mean scores, lengths and draws.

Counting, as documented in docs/simulation.md:
- a game with winners gives each winner 1/len(winners) of a win (a tie shares the win);
- a game without a winner (draw, loop, turn cap) is a draw and gives nobody a win;
- a bot's win share is its wins over all games played, so the shares and the draw share add
  up to one; its 95% interval is Wilson's score interval on that proportion.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from parlour.sim.schedule import SimJob
from parlour.sim.worker import ChunkResult

Z95 = 1.959963984540054  # the 97.5% quantile of the standard normal


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a binomial proportion (successes may be fractional when
    ties share a win). Unlike the normal approximation it stays inside [0, 1] and is sound
    near 0 and 1, where good and bad bots live."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    # At 0 and at `trials` the bound is exactly 0 (or 1); rounding must not move it.
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


@dataclass(frozen=True)
class GameRows:
    """Every game of one job, in game-index order, seats in seat order."""

    job: SimJob
    turns: np.ndarray
    status: list[str]
    scores: np.ndarray
    shares: np.ndarray
    ranks: np.ndarray
    bulk: bool

    @property
    def games(self) -> int:
        return len(self.status)

    def seat_of_bot(self) -> np.ndarray:
        """[games, bots]: the seat each bot occupied in each game."""
        n = self.job.num_players
        index = np.arange(self.games)[:, None]
        return (np.arange(n)[None, :] - index) % n

    def by_bot(self, per_seat: np.ndarray) -> np.ndarray:
        """Reorder a [games, seats] array into [games, bots]."""
        return np.take_along_axis(per_seat, self.seat_of_bot(), axis=1)


def gather(job: SimJob, results: Sequence[ChunkResult]) -> GameRows:
    """Join a job's chunks, whatever order they arrived in."""
    ordered = sorted(results, key=lambda r: r.start)
    expected = 0
    for chunk in ordered:
        if chunk.start != expected:
            raise ValueError(f"games {expected}..{chunk.start} of {job.label or job.game} missing")
        expected = chunk.stop
    n = job.num_players

    def joined(name: str, width: int | None) -> np.ndarray:
        parts = [getattr(r, name) for r in ordered]
        if parts:
            return np.concatenate(parts)
        return np.zeros((0, width) if width else 0)

    return GameRows(
        job=job,
        turns=joined("turns", None),
        status=[s for r in ordered for s in r.status],
        scores=joined("scores", n),
        shares=joined("shares", n),
        ranks=joined("ranks", n),
        bulk=any(r.bulk for r in ordered),
    )


@dataclass(frozen=True)
class BotLine:
    bot: str
    wins: float
    win_share: float
    ci95: tuple[float, float]
    mean_score: float

    def to_json(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "wins": _number(self.wins),
            "win_share": self.win_share,
            "ci95": [self.ci95[0], self.ci95[1]],
            "mean_score": self.mean_score,
        }


@dataclass(frozen=True)
class Summary:
    """The result table of one job; `to_json` is the `--json` object of docs/simulation.md."""

    game: str
    games: int
    bots: list[BotLine]
    draws: int
    mean_turns: float
    seed: int
    seat_wins: list[float] = field(default_factory=list)  # wins by seat, whoever sat there
    turns_quantiles: dict[str, float] = field(default_factory=dict)
    statuses: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "bots": [line.to_json() for line in self.bots],
            "draws": self.draws,
            "mean_turns": self.mean_turns,
        }


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else round(float(value), 9)


def summarise(rows: GameRows) -> Summary:
    games = rows.games
    wins = rows.by_bot(rows.shares).sum(axis=0) if games else np.zeros(rows.job.num_players)
    scores = rows.by_bot(rows.scores).mean(axis=0) if games else wins * 0.0
    lines = [
        BotLine(
            bot=bot,
            wins=float(wins[b]),
            win_share=float(wins[b] / games) if games else 0.0,
            ci95=wilson_interval(float(wins[b]), games),
            mean_score=float(scores[b]),
        )
        for b, bot in enumerate(rows.job.bots)
    ]
    draws = int((rows.shares.sum(axis=1) == 0).sum()) if games else 0
    quantiles: dict[str, float] = {}
    if games:
        q = np.percentile(rows.turns, [50, 90, 99])
        quantiles = {
            "min": float(rows.turns.min()),
            "median": float(q[0]),
            "p90": float(q[1]),
            "p99": float(q[2]),
            "max": float(rows.turns.max()),
        }
    return Summary(
        game=rows.job.game,
        games=games,
        bots=lines,
        draws=draws,
        mean_turns=float(rows.turns.mean()) if games else 0.0,
        seed=rows.job.seed,
        seat_wins=[float(x) for x in rows.shares.sum(axis=0)] if games else [],
        turns_quantiles=quantiles,
        statuses=dict(sorted(Counter(rows.status).items())),
    )
