"""Flip 7 bots: `threshold:T`, `counter`, `solver`, `strong` and `expert` (in expert.py), and
the difficulty ladder `easy`, `medium`, `hard`, `expert`.

Every bot reads only its decision's view (all of Flip 7 is public): the deck's composition is
the 94 cards less those in sight, which tracks the deck across rounds and reshuffles.
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from parlour.bots.base import NO_VIEW, Bot, Decision
from parlour.core.errors import ParlourError
from parlour.core.events import Event
from parlour.games.flip7.cards import MAX_POINTS, is_number
from parlour.games.flip7.public import Table, one_card, read_table, score_of
from parlour.games.flip7.rules import HIT, STAY, Target

if TYPE_CHECKING:
    import numpy as np

# The solver (NumPy, Numba) is imported by the bots that use it, when they first decide: a
# table of threshold bots, a terminal game or a web table need neither.


class Flip7Bot(Bot, ABC):
    """Hit or stay on its turn, choose targets otherwise."""

    def act(self, decision: Decision) -> Any:
        legal = decision.legal_actions
        table = read_table(decision.view, decision.seat)
        if table.pending is None:
            if len(legal) == 1:  # [HIT] (`in` would call the dataclass's __eq__)
                return HIT
            return STAY if self.stays(table, decision) else HIT
        seat = self.target(table, table.pending)
        return Target(seat)

    @abstractmethod
    def stays(self, table: Table, decision: Decision) -> bool:
        """Whether to stay now (each bot's own policy)."""

    def target(self, table: Table, pending: Mapping[str, Any]) -> int:
        return basic_target(table, pending)


def basic_target(table: Table, pending: Mapping[str, Any]) -> int:
    """Simple, sensible targeting used by the baseline bots (see `choose_target`)."""
    held = [len(numbers) for numbers in table.numbers]
    return choose_target(table.seat, table.points, table.totals, held, pending)


def choose_target(
    me: int,
    points: Sequence[int],
    totals: Sequence[int],
    held: Sequence[int],
    pending: Mapping[str, Any],
) -> int:
    """Freeze the opponent with the fewest points in front of him (the most left to gain), make
    the opponent holding the most numbers (`held`) flip three (the likeliest to bust), keep a
    Second Chance when allowed, else give it to the opponent furthest behind."""
    options: list[int] = list(pending["targets"])
    others = [s for s in options if s != me]
    if not others:
        return options[0]
    kind = pending["kind"]
    if kind == "freeze":
        return min(others, key=lambda s: (points[s], -totals[s], s))
    if kind == "flip_three":
        return max(others, key=lambda s: (held[s], points[s], -s))
    if me in options:
        return me
    return min(others, key=lambda s: (totals[s], s))


class OwnNumbers:
    """The numbers in front of one seat, read from its events as they come (all public).

    A number drawn joins them unless it is a duplicate (then a Second Chance discards it or
    the seat busts and loses them all); a new round clears them. The feed is read from where
    the last decision left it: a game of 60 decisions reads each event once.
    """

    def __init__(self) -> None:
        self.held: set[int] = set()
        self._first: Event | None = None
        self._cursor = 0
        self._seat: int | None = None

    def read(self, events: Sequence[Event], seat: int) -> set[int]:
        if (
            not events
            or events[0] is not self._first
            or len(events) < self._cursor
            or (seat != self._seat)
        ):  # another game, or another seat: read from the start
            self.held, self._cursor, self._seat = set(), 0, seat
            self._first = events[0] if events else None
        held = self.held
        value = _NUMBER_VALUES.get
        for event in events[self._cursor :]:
            kind = event.type
            if kind == "draw":
                data = event.data
                if data["seat"] == seat:
                    number = value(data["card"])
                    if number is not None:
                        held.add(number)  # a duplicate changes nothing here
            elif kind == "round_start" or (kind == "bust" and event.data["seat"] == seat):
                held.clear()
        self._cursor = len(events)
        return held


_NUMBER_VALUES = {str(n): n for n in range(13)}


class ThresholdBot(Flip7Bot):
    """Stays as soon as the sum of its number cards reaches T (23 by default)."""

    def __init__(self, threshold: str | int = 23, rng: random.Random | None = None) -> None:
        super().__init__(rng)
        self._numbers = OwnNumbers()
        self.threshold = int(threshold)
        # At most MAX_POINTS: the compiled paths hold it in 64 bits. A ParlourError, so that
        # `make_bot` shows the reason (a ValueError reads as "takes numbers, not '0'").
        if not 1 <= self.threshold <= MAX_POINTS:
            raise ParlourError(f"threshold must be 1 to {MAX_POINTS}, not {self.threshold}")

    def wants_view(self, legal_actions: list[Any]) -> bool:
        # Hit or stay needs only its own numbers, which the events tell: the table (and so
        # the view) is read only to choose a target.
        return not legal_actions or legal_actions[0] is not HIT

    def act(self, decision: Decision) -> Any:
        legal = decision.legal_actions
        if legal[0] is not HIT:  # a target to choose: the points, totals and numbers in view
            view = decision.view
            rows = view["table"]
            points = [row["points"] for row in rows]
            counts = [len(row["numbers"]) for row in rows]
            return Target(
                choose_target(decision.seat, points, view["totals"], counts, view["pending"])
            )
        if len(legal) == 1:  # [HIT]: nothing in front yet (`in` would call the dataclass's __eq__)
            return HIT
        view = decision.view
        if view is NO_VIEW:
            held = sum(self._numbers.read(decision.events, decision.seat))
        else:
            held = sum(int(c) for c in view["table"][decision.seat]["numbers"])
        return STAY if held >= self.threshold else HIT

    def stays(self, table: Table, decision: Decision) -> bool:
        return sum(table.numbers[table.seat]) >= self.threshold


class CounterBot(Flip7Bot):
    """Counts cards: hits while the exact expected gain of one more card is positive."""

    def stays(self, table: Table, decision: Decision) -> bool:
        me = table.seat
        _, after = one_card(
            table.next_draw_counts(),
            table.numbers[me],
            table.modifiers[me],
            table.second_chance[me],
            decision.rules.flip7_bonus,
        )
        return after <= table.points[me]


def model_hand(table: Table, seat: int) -> list[int]:
    return [*table.numbers[seat], *table.modifiers[seat]]


def scoring_counts(counts: Sequence[int]) -> np.ndarray:
    import numpy as np

    from parlour.games.flip7.solver import MODEL_KINDS

    return np.asarray(counts[:MODEL_KINDS], dtype=np.int64)


def one_step_worth(
    counts: np.ndarray, numbers: Sequence[int], modifiers: Sequence[int], bonus: int, util: Any
) -> float:
    """Worth of taking exactly one more scoring card and staying (a lower bound on hitting)."""
    from parlour.games.flip7.solver import MODEL_KINDS

    size = int(counts.sum())
    if size == 0:
        return -math.inf
    held = set(numbers)
    total = 0.0
    for card in range(MODEL_KINDS):
        left = int(counts[card])
        if not left:
            continue
        if is_number(card):
            if card in held:
                points = 0
            else:
                points = score_of([*numbers, card], modifiers)
                points += bonus if len(held) == 6 else 0
        else:
            points = score_of(numbers, [*modifiers, card])
        total += left * (points if util is None else util[min(points, len(util) - 1)])
    return total / size


def optimal_stays(table: Table, bonus: int, util: np.ndarray | None = None) -> bool:
    """The exact single-round optimal choice (or the one maximising `util` of the points)."""
    from parlour.games.flip7.solver import hit_and_stay

    me = table.seat
    counts = scoring_counts(table.next_draw_counts())
    if counts.sum() == 0:
        return True
    numbers, modifiers = table.numbers[me], table.modifiers[me]
    now = score_of(numbers, modifiers)
    stay = float(now if util is None else util[min(now, len(util) - 1)])
    # Hitting once and staying is one policy among those open after a hit: if it already beats
    # staying, hitting is optimal and the full sweep is not needed.
    if (
        not table.second_chance[me]
        and one_step_worth(counts, numbers, modifiers, bonus, util) > stay
    ):
        return False
    stay_value, hit_value = hit_and_stay(
        counts, model_hand(table, me), bonus, table.second_chance[me], util
    )
    return stay_value >= hit_value


class SolverBot(Flip7Bot):
    """Plays the exact single-round optimal policy for the current deck composition.

    The model is the one of the solver: numbers and modifiers, the next scoring card drawn from
    the cards left (action cards only delay it), a held Second Chance taken into account.
    """

    def stays(self, table: Table, decision: Decision) -> bool:
        return optimal_stays(table, decision.rules.flip7_bonus)


# ----- the strong bot: a race model -----------------------------------------------------------
ROUND_MEAN = 17.0  # points a player banks in a typical round (busts included), for the race
ROUND_SD = 14.0


def expected_round(points: int) -> float:
    """What an active player is likely to bank this round from `points` in front of him."""
    return max(0.9 * points, 16.0)


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


class Race:
    """A rough model of the race to the target: the chance to finish ahead of everybody.

    Each player's final total is seen as a normal variable: its mean is the total plus what
    he banks this round (known once he is out of the round), its spread grows with the rounds
    likely left. Crude, but it makes the bot chase when behind and bank when ahead.
    """

    def __init__(self, table: Table) -> None:
        self.table = table
        self.me = table.seat

    def projection(self, seat: int, fixed: Mapping[int, float]) -> tuple[float, float]:
        t = self.table
        if seat in fixed:
            return t.totals[seat] + fixed[seat], 0.0
        status = t.status[seat]
        if status == "bust":
            return float(t.totals[seat]), 0.0
        if status != "active":
            return float(t.totals[seat] + t.points[seat]), 0.0
        return t.totals[seat] + expected_round(t.points[seat]), 11.0

    def win(self, fixed: Mapping[int, float]) -> float:
        """P(win) when the seats in `fixed` bank exactly those points this round."""
        t = self.table
        n = len(t.totals)
        means, spreads = zip(*(self.projection(s, fixed) for s in range(n)), strict=True)
        ends = max(means) >= t.target
        rounds_left = 0.0 if ends else max(1.0, (t.target - max(means)) / ROUND_MEAN)
        future = ROUND_SD * math.sqrt(rounds_left)
        p = 1.0
        for s in range(n):
            if s == self.me:
                continue
            gap = means[self.me] - means[s]
            spread = math.sqrt(spreads[self.me] ** 2 + spreads[s] ** 2 + 2 * future**2)
            if spread == 0:
                p *= 1.0 if gap > 0 else (0.5 if gap == 0 else 0.0)
            else:
                p *= _phi(gap / spread)
        return p

    def utility(self, top: int) -> np.ndarray:
        """P(win) for each number of points this seat could bank now (0..top)."""
        import numpy as np

        t = self.table
        n = len(t.totals)
        others = [self.projection(s, {}) for s in range(n) if s != self.me]
        known_max = max([t.totals[self.me], *(m for m, _ in others)])
        out = np.empty(top + 1)
        for x in range(top + 1):
            mine = t.totals[self.me] + x
            best = max(known_max, mine)
            ends = best >= t.target
            future2 = 0.0 if ends else ROUND_SD**2 * max(1.0, (t.target - best) / ROUND_MEAN)
            p = 1.0
            for mean, spread in others:
                sd = math.sqrt(spread**2 + 2 * future2)
                gap = mine - mean
                if sd == 0:
                    p *= 1.0 if gap > 0 else (0.5 if gap == 0 else 0.0)
                else:
                    p *= _phi(gap / sd)
            out[x] = p
        return out


class StrongBot(Flip7Bot):
    """Plays to win the game: exact round play, switched to winning chances near the end, and
    race-aware Freeze, Flip Three and Second Chance targeting."""

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng)

    def stays(self, table: Table, decision: Decision) -> bool:
        bonus = decision.rules.flip7_bonus
        race = Race(table)
        me = table.seat
        # Far from the target, points are what counts: play the round optimally.
        near = max(t + p for t, p in zip(table.totals, table.points, strict=True)) + 45
        if near < table.target:
            return optimal_stays(table, bonus)
        top = table.points[me] + 80
        return optimal_stays(table, bonus, race.utility(top))

    def target(self, table: Table, pending: Mapping[str, Any]) -> int:
        me = table.seat
        options: list[int] = list(pending["targets"])
        if len(options) == 1:
            return options[0]
        kind = pending["kind"]
        race = Race(table)
        if kind == "freeze":
            return max(options, key=lambda s: (race.win({s: table.points[s]}), s != me))
        if kind == "flip_three":
            return max(options, key=lambda s: (self._flip_three_worth(table, race, s), s != me))
        if me in options:
            return me  # a Second Chance is worth keeping
        # A spare Second Chance: to whoever it helps least, the opponent least in the race.
        return min(options, key=lambda s: (table.totals[s] + table.points[s], s))

    @staticmethod
    def _flip_three_worth(table: Table, race: Race, seat: int) -> float:
        from parlour.games.flip7.solver import flip_three_outlook

        points, _ = flip_three_outlook(table.next_draw_counts(), model_hand(table, seat))
        # After three cards the player usually stays: bank the expectation.
        return race.win({seat: points})


def _threshold(threshold: str = "23", rng: random.Random | None = None) -> ThresholdBot:
    return ThresholdBot(threshold, rng=rng)


def _expert(rng: random.Random | None = None) -> Bot:
    # Imported on use: the expert loads its value tables, which a table of other bots never needs.
    from parlour.games.flip7.expert import ExpertBot

    return ExpertBot(rng=rng)


def _easy(rng: random.Random | None = None) -> ThresholdBot:
    """The ladder's first step: stops early, at 15 (loses about two games in three to `medium`)."""
    return ThresholdBot(15, rng=rng)


def _medium(rng: random.Random | None = None) -> ThresholdBot:
    """The ladder's second step: the classic stop at 23, the best fixed threshold."""
    return ThresholdBot(23, rng=rng)


BOTS: Mapping[str, Callable[..., Bot]] = {
    "threshold": _threshold,
    "counter": CounterBot,
    "solver": SolverBot,
    "strong": StrongBot,
    "expert": _expert,
    # The difficulty ladder: each step wins at least 55% heads-up against the one below
    # (benchmarks/flip7_ladder.py, docs/flip7.md). `hard` is `counter`, not `strong`: the
    # expert beats `strong` by less than that margin.
    "easy": _easy,
    "medium": _medium,
    "hard": CounterBot,
}
