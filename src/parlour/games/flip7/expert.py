"""The Flip 7 `expert` bot: every choice made for the chance of winning the game.

Two parts (docs/flip7.md, "The expert and the difficulty ladder"):

- offline, a table of the chance to win the game from any pair of totals at the start of a
  round (`expert_values`), solved by dynamic programming over rounds;
- at each decision, that table turned into the worth of each number of points the bot could
  bank this round: the opponents who have left the round bank what is known, the active ones a
  distribution conditioned on what they hold, and the round's end applies the end-of-game rule
  exactly. The exact round solver then maximises that worth over hit and stay, with the deck's
  composition and a held Second Chance. Freeze, Flip Three and a spare Second Chance go to the
  seat that leaves the bot the best chance, by the same worth.

With several opponents, the chance to beat them all is taken as the product of the chances to
beat each one: exact for the round's end (their round results are independent in the model),
an approximation for the rounds after.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from parlour.bots.base import Decision
from parlour.games.flip7.bots import Flip7Bot, model_hand, optimal_stays
from parlour.games.flip7.expert_values import (
    MAX_ROUND,
    TARGET,
    TOP,
    active_outcome,
    end_values,
    peak_distribution,
    point_mass,
)
from parlour.games.flip7.public import Table

_GAINS = np.arange(MAX_ROUND + 1)
FLIP_THREE_NUMBERS = 2  # numbers a Flip Three adds on average (79 of the 94 cards are numbers)


def outcome(table: Table, seat: int) -> np.ndarray:
    """P(seat banks x points this round), x = 0..MAX_ROUND, as the table stands."""
    status = table.status[seat]
    if status == "bust":
        return point_mass(0)
    if status != "active":
        return point_mass(table.points[seat])
    return active_outcome(
        len(table.totals),
        len(table.numbers[seat]),
        table.points[seat],
        table.second_chance[seat],
    )


def beat_chances(table: Table, total: int, banked: np.ndarray) -> np.ndarray:
    """For each x = 0..MAX_ROUND, my chance to beat a player who ends this round on his
    `total` plus a draw from `banked`, when I end it on my total plus x."""
    shift = TARGET - table.target  # the tables are made for TARGET: same distance to go
    w = end_values(len(table.totals))
    me = np.clip(table.totals[table.seat] + shift + _GAINS, 0, TOP)
    support = np.nonzero(banked)[0]
    theirs = np.clip(total + shift + support, 0, TOP)
    return w[np.ix_(me, theirs)] @ banked[support]


CHASE_REACH = 40  # points a round may well bring: beyond, the chase of the end is not modelled


def chase_chances(table: Table, seat: int, bonus: int) -> np.ndarray:
    """For each x, my chance to beat an active `seat` once I have banked x and so ended the game
    (my total + x at the target or past it): he then hits until he passes me or busts."""
    peak = peak_distribution(
        np.asarray(table.next_draw_counts()),
        table.numbers[seat],
        table.modifiers[seat],
        bonus,
    )
    below = np.cumsum(peak)  # below[m] = P(his peak <= m)
    if table.second_chance[seat]:
        below = below**2  # a duplicate forgiven once: about a second try from the same hand
    need = table.totals[table.seat] + _GAINS - table.totals[seat]  # his peak must pass this
    return np.where(need < 0, 0.0, below[np.clip(need, 0, MAX_ROUND)])


def utility(
    table: Table, outcomes: Mapping[int, np.ndarray] | None = None, bonus: int = 15
) -> np.ndarray:
    """u[x]: my chance to win the game if I bank x points this round (0 for a bust).

    `outcomes` replaces the outcome of some opponents (a Freeze or Flip Three considered)."""
    u = np.ones(MAX_ROUND + 1)
    me = table.seat
    ends = table.totals[me] + _GAINS >= table.target  # banking x ends the game this round
    chase = table.totals[me] + table.points[me] + CHASE_REACH >= table.target
    for seat in range(len(table.totals)):
        if seat == me:
            continue
        changed = outcomes is not None and seat in outcomes
        banked = outcomes[seat] if outcomes is not None and changed else outcome(table, seat)
        chances = beat_chances(table, table.totals[seat], banked)
        if chase and not changed and table.status[seat] == "active":
            chances = np.where(ends, chase_chances(table, seat, bonus), chances)
        u *= chances
    return u


def flip_three_outcome(table: Table, seat: int) -> np.ndarray:
    """What a seat made to flip three cards is likely to bank this round."""
    from parlour.games.flip7.solver import flip_three_outlook

    points, bust = flip_three_outlook(table.next_draw_counts(), model_hand(table, seat))
    if table.second_chance[seat]:
        bust *= 0.5  # a held Second Chance saves most of these busts
    kept = 1.0 - bust
    after = round(points / kept) if kept > 1e-9 else 0
    out = kept * active_outcome(
        len(table.totals),
        min(6, len(table.numbers[seat]) + FLIP_THREE_NUMBERS),
        after,
        False,
    )
    out = out.copy()
    out[0] += bust
    return out


class ExpertBot(Flip7Bot):
    """Plays the whole game: hits and stays, and chooses its targets, for the chance of
    winning it (see the module's docstring)."""

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng)

    def stays(self, table: Table, decision: Decision) -> bool:
        bonus = decision.rules.flip7_bonus
        return optimal_stays(table, bonus, utility(table, bonus=bonus))

    def target(self, table: Table, pending: Mapping[str, Any]) -> int:
        options: list[int] = list(pending["targets"])
        if len(options) == 1:
            return options[0]
        me = table.seat
        kind = pending["kind"]
        if kind == "second_chance" and me in options:
            return me  # a Second Chance is worth keeping
        return max(options, key=lambda s: (self._worth(table, kind, s), s != me, -s))

    def _worth(self, table: Table, kind: str, seat: int) -> float:
        """My chance to win once `seat` gets the pending card (a rough round outlook)."""
        if kind == "freeze":
            changed = point_mass(table.points[seat])
        elif kind == "flip_three":
            changed = flip_three_outcome(table, seat)
        else:  # a spare Second Chance: the bust risk of its new holder halves
            changed = active_outcome(
                len(table.totals), len(table.numbers[seat]), table.points[seat], True
            )
        me = table.seat
        mine = changed if seat == me else outcome(table, me)
        return float(mine @ utility(table, {seat: changed} if seat != me else None))


def expert_utility(table: Table) -> Sequence[float]:
    """The worth the expert gives each number of points it could bank now (for tests, review)."""
    return [float(x) for x in utility(table)]
