"""What the ask-and-draw bots share: a tracker of the seat's knowledge, fed from its events.

The 7 familles, Panoplies and Go Fish bots read the table through it (`TrackingBot.tracker`),
and the game tells them how its cards group (`Game.grouping`).
"""

from __future__ import annotations

import random

from parlour.bots.base import Bot, Decision
from parlour.core.events import Event
from parlour.games.askdraw.engine import Grouping
from parlour.games.askdraw.tracker import Tracker


def grouping_of(decision: Decision) -> Grouping:
    grouping = decision.game.grouping(decision.rules)
    if not isinstance(grouping, Grouping):
        raise TypeError(f"{decision.game.name} is not an ask-and-draw game: it has no grouping")
    return grouping


class TrackingBot(Bot):
    """A bot that keeps a tracker of its seat's knowledge, fed from its own events only."""

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng)
        self._tracker: Tracker | None = None
        self._cursor = 0
        self._first: Event | None = None

    def tracker(self, decision: Decision) -> Tracker:
        events = decision.events
        new_game = (
            self._tracker is None
            or not events
            or events[0] is not self._first
            or len(events) < self._cursor
            or self._tracker.observer != decision.seat
        )
        if new_game:
            n = len(decision.view["players"])
            self._tracker = Tracker(grouping_of(decision), n, decision.seat)
            self._cursor = 0
            self._first = events[0] if events else None
        assert self._tracker is not None
        for event in events[self._cursor :]:
            self._tracker.observe(event)
        self._cursor = len(events)
        return self._tracker
