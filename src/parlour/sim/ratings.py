"""Ratings from game results with OpenSkill (Plackett-Luce), a maintained Weng-Lin library:
TrueSkill-like skill estimates (mu, sigma) for two or more players per game, with ties."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from parlour.sim.schedule import seating
from parlour.sim.stats import Z95, GameRows


@dataclass(frozen=True)
class Rating:
    bot: str
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative skill mu - 3 sigma, OpenSkill's usual leaderboard key."""
        return self.mu - 3 * self.sigma

    @property
    def interval(self) -> tuple[float, float]:
        """A 95% interval on the skill (mu +- 1.96 sigma)."""
        return (self.mu - Z95 * self.sigma, self.mu + Z95 * self.sigma)

    def to_json(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "mu": self.mu,
            "sigma": self.sigma,
            "ordinal": self.ordinal,
            "interval": list(self.interval),
        }


def rate_tables(
    bots: Sequence[str], tables: Sequence[Sequence[int]], rows: Sequence[GameRows]
) -> list[Rating]:
    """Rate every bot from every game of every table.

    The update order matters for any online rating, so it is fixed: game 0 of each table in
    table order, then game 1 of each table, and so on; no table's games all come last.
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current = {b: model.rating(name=bots[b]) for b in range(len(bots))}
    longest = max((r.games for r in rows), default=0)
    for index in range(longest):
        for table, table_rows in zip(tables, rows, strict=True):
            if index >= table_rows.games:
                continue
            by_seat = [table[b] for b in seating(index, len(table))]
            teams = [[current[b]] for b in by_seat]
            ranks: list[float] = [int(r) for r in table_rows.ranks[index]]
            rated = model.rate(teams, ranks=ranks)
            for b, team in zip(by_seat, rated, strict=True):
                current[b] = team[0]
    return [Rating(bots[b], float(current[b].mu), float(current[b].sigma)) for b in current]
