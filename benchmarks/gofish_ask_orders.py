"""Go Fish orders of asks, measured against outside bots (docs/gofish.md, "A rank nearer its
book first"; never asserted in tests).

Each bot here asks by the Go Fish expert's ranking alone (`gofish.bots.expert_ranked_asks`, no
search), never a sure miss, a sure hit first, and then orders the other asks by its variant:

- `held`: the rank it holds most of, then the ranking's score (the expert's order);
- `held-known`: the rank held most, then a rank the others already know it holds;
- `known-held`: a rank the others already know it holds, then the rank held most;
- `held-chance`: the rank held most, then the chance of a hit alone.

`Inferring` asks as `held` on a tracker that also infers from behaviour: a player whose ask is
not a public sure hit holds no rank another player is known to hold (he would have asked for
it first). Played by import path, parameters after a further colon:

    PYTHONPATH=benchmarks:benchmarks/outside parlour simulate gofish \\
        --bots gofish_ask_orders:Order:held-known,gofish_tracker:Tracker --games 10000 --seed 77
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from parlour.bots.base import Decision
from parlour.games.askdraw.bots import TrackingBot, grouping_of
from parlour.games.askdraw.groups import GroupAsk
from parlour.games.askdraw.tracker import PILE, Tracker
from parlour.games.gofish import bots as gofish

# A variant's sort key after "is it a sure hit": (cards held of the rank, the others know the
# asker holds it, the ranking's score, the chance of a hit).
Key = Callable[[int, bool, float, float], tuple[float, ...]]
ORDERS: dict[str, Key] = {
    "held": lambda held, known, score, chance: (-held, -score),
    "held-known": lambda held, known, score, chance: (-held, not known, -score),
    "known-held": lambda held, known, score, chance: (not known, -held, -score),
    "held-chance": lambda held, known, score, chance: (-held, -chance),
}


class Order(TrackingBot):
    """The expert's ranking, reordered by one of `ORDERS`."""

    def __init__(self, order: str = "held", rng: random.Random | None = None) -> None:
        if order not in ORDERS:
            raise ValueError(f"unknown order {order!r}; orders are: {', '.join(ORDERS)}")
        super().__init__(rng)
        self.key = ORDERS[order]

    def act(self, decision: Decision) -> Any:
        legal = decision.legal_actions
        if len(legal) == 1:
            return legal[0]
        tracker = self.tracker(decision)
        seat = decision.seat
        open_asks = [a for a in legal if not gofish.sure_miss(tracker, a)] or list(legal)
        ranked = gofish.expert_ranked_asks(tracker, seat, open_asks)
        return self.pick(tracker, seat, ranked)

    def pick(self, tracker: Tracker, seat: int, ranked: Sequence[tuple[float, GroupAsk]]) -> Any:
        held = [0] * tracker.grouping.num_groups
        for card in tracker.sure[seat]:
            held[tracker.grouping.group_of[card]] += 1
        chances = gofish.rank_chances(tracker, [ask for _, ask in ranked])
        known = tracker.revealed_groups(seat)

        def key(i: int) -> tuple[Any, ...]:
            score, ask = ranked[i]
            rest = self.key(held[ask.group], ask.group in known, score, chances[i])
            return (chances[i] < 1.0, *rest, ask.id)

        return ranked[min(range(len(ranked)), key=key)][1]


class InferringTracker(Tracker):
    """The public tracker, plus what an ask that is not a public sure hit tells of the asker."""

    def _on_ask(self, d: Any) -> None:
        seat, group, target = d["seat"], d.get("group"), d.get("target")
        # A group ask (Go Fish) that no public fact made sure.
        group_ask = d.get("card") is None and target is not None and group is not None
        if group_ask and group not in self.revealed_groups(target):
            self._lacks_what_others_showed(seat, group)
        super()._on_ask(d)

    def _lacks_what_others_showed(self, seat: int, asked: int) -> None:
        own = {self.grouping.group_of[c] for c in self.sure[seat]}
        for other in range(self.num_players):
            if other == seat:
                continue
            for group in self.revealed_groups(other):
                if group == asked or group in own or self.laid[group] != PILE:
                    continue
                for card in self.grouping.members[group]:
                    if card not in self.sure[seat]:
                        self._lack(seat, card)


class Inferring(Order):
    """`held` on the inferring tracker."""

    def tracker(self, decision: Decision) -> Tracker:
        events = decision.events
        if (
            self._tracker is None
            or not events
            or events[0] is not self._first
            or len(events) < self._cursor
            or self._tracker.observer != decision.seat
        ):
            players = len(decision.view["players"])
            self._tracker = InferringTracker(grouping_of(decision), players, decision.seat)
            self._cursor = 0
            self._first = events[0] if events else None
        for event in events[self._cursor :]:
            self._tracker.observe(event)
        self._cursor = len(events)
        return self._tracker
