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

import math
import random
import zlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from parlour.bots.base import Decision
from parlour.games.flip7.bots import Flip7Bot, model_hand, scoring_counts
from parlour.games.flip7.cards import X2, plus_value
from parlour.games.flip7.expert_values import (
    MAX_ROUND,
    TARGET,
    TOP,
    active_outcome,
    end_values,
    peak_distribution,
    point_mass,
    race_utility,
)
from parlour.games.flip7.public import Table, score_of
from parlour.games.flip7.solver import MODEL_KINDS

_GAINS = np.arange(MAX_ROUND + 1)
FLIP_THREE_NUMBERS = 2  # numbers a Flip Three adds on average (79 of the 94 cards are numbers)


def outcome(table: Table, seat: int) -> np.ndarray:
    """P(seat banks x points this round), x = 0..MAX_ROUND, as the table stands."""
    status = table.status[seat]
    if status == "bust":
        return point_mass(0)
    if status != "active":
        return point_mass(table.points[seat])
    if seat != table.seat and holds_the_game(table, seat):
        return point_mass(table.points[seat])
    return active_outcome(
        len(table.totals),
        len(table.numbers[seat]),
        table.points[seat],
        table.second_chance[seat],
    )


def holds_the_game(table: Table, seat: int) -> bool:
    """Whether an active opponent would end the game in the lead by staying now: he stays
    (the measured play far from the target would have him hit on and often bust)."""
    mine = table.totals[table.seat] + table.points[table.seat]
    banked = table.totals[seat] + table.points[seat]
    return table.points[seat] > 0 and banked >= table.target and banked > mine


Outlook = Callable[[Table, int], np.ndarray]  # what a seat is likely to bank this round


def beat_chances(
    table: Table, total: int, banked: np.ndarray, values: np.ndarray | None = None
) -> np.ndarray:
    """For each x = 0..MAX_ROUND, my chance to beat a player who ends this round on his
    `total` plus a draw from `banked`, when I end it on my total plus x. `values`: the
    end-of-round table (`end_values`, the default)."""
    shift = TARGET - table.target  # the tables are made for TARGET: same distance to go
    # With a round's margin: the totals below are slices.
    w = end_values(len(table.totals)) if values is None else values
    mine = min(max(table.totals[table.seat] + shift, 0), TOP)
    theirs = min(max(total + shift, 0), TOP)
    support = np.flatnonzero(banked)
    if len(support) == 1:  # a known result: one column
        y = int(support[0])
        return w[mine : mine + MAX_ROUND + 1, theirs + y] * banked[y]
    return w[mine : mine + MAX_ROUND + 1, theirs : theirs + MAX_ROUND + 1] @ banked


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
    table: Table,
    outcomes: Mapping[int, np.ndarray] | None = None,
    bonus: int = 15,
    race_seed: int | None = None,
    outlook: Outlook = outcome,
    values: np.ndarray | None = None,
) -> np.ndarray:
    """u[x]: my chance to win the game if I bank x points this round (0 for a bust).

    `outcomes` replaces the outcome of some opponents (a Freeze or Flip Three considered).
    With three players or more and a `race_seed`, the totals that do not end the game are
    valued by the whole table's race (`race_utility`), not by a product of duels. `outlook`
    and `values` are the opponents' outlook and the end-of-round table (the shipped ones by
    default; benchmarks/flip7_expert_variants.py measures others)."""
    u = np.ones(MAX_ROUND + 1)
    me = table.seat
    ends = table.totals[me] + _GAINS >= table.target  # banking x ends the game this round
    chase = table.totals[me] + table.points[me] + CHASE_REACH >= table.target
    others: list[int] = []
    banked_by: list[np.ndarray] = []
    for seat in range(len(table.totals)):
        if seat == me:
            continue
        changed = outcomes is not None and seat in outcomes
        banked = outcomes[seat] if outcomes is not None and changed else outlook(table, seat)
        others.append(seat)
        banked_by.append(banked)
        chances = beat_chances(table, table.totals[seat], banked, values)
        if chase and not changed and table.status[seat] == "active":
            chances = np.where(ends, chase_chances(table, seat, bonus), chances)
        u *= chances
    if race_seed is not None and len(others) >= 2:
        race = race_utility(
            len(table.totals),
            table.totals[me],
            [table.totals[s] for s in others],
            banked_by,
            table.target,
            race_seed,
        )
        u = np.where(ends, u, race)
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


def one_card_worth(counts: Sequence[int], table: Table, bonus: int, util: np.ndarray) -> float:
    """Worth of taking exactly one more scoring card and staying: a lower bound on hitting
    (`bots.one_step_worth` with the score worked out by hand, as this runs at every decision)."""
    me = table.seat
    numbers, modifiers = table.numbers[me], table.modifiers[me]
    size = sum(counts[:MODEL_KINDS])
    if size == 0:
        return -math.inf
    number_sum = sum(numbers)
    doubled = X2 in modifiers
    mult = 2 if doubled else 1
    plus = sum(plus_value(m) for m in modifiers)
    seventh = bonus if len(numbers) == 6 else 0
    top = len(util) - 1
    total = 0.0
    for card in range(13):
        left = counts[card]
        if left:
            points = 0 if card in numbers else (number_sum + card) * mult + plus + seventh
            total += left * util[min(points, top)]
    for card in range(13, MODEL_KINDS):
        left = counts[card]
        if left:  # a modifier the hand already holds is not in the deck: counts say 0
            if card == X2:
                points = number_sum * 2 + plus
            else:
                points = number_sum * mult + plus + plus_value(card)
            total += left * util[min(points, top)]
    return total / size


def worth_staying(table: Table, bonus: int, util: np.ndarray, bias: float = 0.0) -> bool:
    """Whether staying is worth at least hitting, by the exact round solver on `util` (the
    `solver` bot's choice with the points replaced by their worth). A `bias` (in the worth's
    units) favours staying when positive, hitting when negative: the benchmarks measured no
    gain from one (docs/flip7.md, "Variants measured")."""
    from parlour.games.flip7.solver import hit_and_stay

    me = table.seat
    counts = table.next_draw_counts()
    if sum(counts[:MODEL_KINDS]) == 0:
        return True
    now = score_of(table.numbers[me], table.modifiers[me])
    stay = float(util[min(now, len(util) - 1)])
    # Hitting once then staying is one policy open after a hit: if it already beats staying,
    # hitting is optimal and the full sweep is not needed.
    if not table.second_chance[me] and one_card_worth(counts, table, bonus, util) > stay + bias:
        return False
    stay_value, hit_value = hit_and_stay(
        scoring_counts(counts), model_hand(table, me), bonus, table.second_chance[me], util
    )
    return stay_value + bias >= hit_value


def race_seed(table: Table) -> int:
    """The seed of a decision's sampled races, from the table as the seat sees it: the bot's
    move is a function of its view (a replay, or the same view twice, gives the same move)."""
    seen = (table.seat, table.totals, table.points, table.numbers, table.modifiers, table.status)
    return zlib.crc32(repr((seen, table.deck, table.discard, table.pending)).encode())


class ExpertBot(Flip7Bot):
    """Plays the whole game: hits and stays, and chooses its targets, for the chance of
    winning it (see the module's docstring)."""

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng)

    def outlook(self, table: Table, seat: int) -> np.ndarray:
        """What `seat` is likely to bank this round (`outcome`)."""
        return outcome(table, seat)

    def game_values(self, players: int) -> np.ndarray:
        """The end-of-round table of a game of `players` (`end_values`)."""
        return end_values(players)

    def utility(
        self,
        table: Table,
        outcomes: Mapping[int, np.ndarray] | None = None,
        bonus: int = 15,
        race_seed: int | None = None,
    ) -> np.ndarray:
        """`utility` with this bot's outlook and table."""
        return utility(
            table,
            outcomes,
            bonus,
            race_seed,
            outlook=self.outlook,
            values=self.game_values(len(table.totals)),
        )

    def stays(self, table: Table, decision: Decision) -> bool:
        bonus = decision.rules.flip7_bonus
        return worth_staying(
            table, bonus, self.utility(table, bonus=bonus, race_seed=race_seed(table))
        )

    def target(self, table: Table, pending: Mapping[str, Any]) -> int:
        options: list[int] = list(pending["targets"])
        if len(options) == 1:
            return options[0]
        me = table.seat
        kind = pending["kind"]
        if kind == "second_chance" and me in options:
            return me  # a Second Chance is worth keeping
        seed = race_seed(table)  # the same sampled races for every option
        return max(options, key=lambda s: (self._worth(table, kind, s, seed), s != me, -s))

    def _worth(self, table: Table, kind: str, seat: int, seed: int | None = None) -> float:
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
        mine = changed if seat == me else self.outlook(table, me)
        changes = {seat: changed} if seat != me else None
        return float(mine @ self.utility(table, changes, race_seed=seed))


def expert_utility(table: Table) -> Sequence[float]:
    """The worth the expert gives each number of points it could bank now (for tests, review)."""
    return [float(x) for x in utility(table)]
