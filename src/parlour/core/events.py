"""Events: every change of a game, with the audience allowed to see it.

Views, narration, logs, replays, the web protocol and card-tracking bots are all built from
events filtered for their reader; nothing leaves the engine unfiltered.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

_NOBODY: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True, init=False)
class Event:
    """One change of a game.

    `audience` None means everyone (players and spectators); otherwise only those seats.
    `hidden_from` removes seats from the audience: the public twin of a private event
    (« Léa draws a card ») is shown to everyone but the drawer, who gets the private one.
    """

    type: str
    data: Mapping[str, Any] = field(default_factory=dict)
    audience: frozenset[int] | None = None
    hidden_from: frozenset[int] = _NOBODY

    def __init__(
        self,
        type: str,
        data: Mapping[str, Any] | None = None,
        audience: frozenset[int] | None = None,
        hidden_from: frozenset[int] = _NOBODY,
    ) -> None:
        # Games emit several events a move: the slots are set through their descriptors, a
        # C call each, where a frozen dataclass's own __init__ goes through
        # object.__setattr__ field by field at three times the cost. Still frozen after.
        _set_type(self, type)
        _set_data(self, {} if data is None else data)
        _set_audience(self, audience)
        _set_hidden_from(self, hidden_from)

    def visible_to(self, seat: int | None) -> bool:
        """Whether `seat` (None: a spectator) may see this event."""
        if seat is None:
            # A spectator sees what the whole table sees, the public twins of private
            # events included (« Léa draws a card »), never a private half.
            return self.audience is None
        if seat in self.hidden_from:
            return False
        return self.audience is None or seat in self.audience

    @property
    def public(self) -> bool:
        """Visible to a spectator (a redacted twin is public; its secret half is not)."""
        return self.audience is None

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, **self.data}


# The slots' descriptors (the class attributes of a slots dataclass), whose __set__ fills a slot.
_set_type, _set_data, _set_audience, _set_hidden_from = (
    getattr(Event, name).__set__ for name in ("type", "data", "audience", "hidden_from")
)


def private_pair(
    type_: str, seat: int, secret: Mapping[str, Any], public: Mapping[str, Any]
) -> list[Event]:
    """A private event for `seat` and its redacted twin for everybody else."""
    return [
        Event(type_, secret, audience=frozenset((seat,))),
        Event(type_, public, hidden_from=frozenset((seat,))),
    ]


def filter_events(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events `seat` may see, in order."""
    return [event for event in events if event.visible_to(seat)]


class SeatFeed:
    """An incremental, filtered reading of a game's event log for one seat.

    Filtering the whole log at every decision would cost O(n^2) over a game; the feed keeps a
    cursor into the log and only filters what is new.
    """

    def __init__(self, seat: int | None, all_public: bool = False) -> None:
        self.seat = seat
        self.events: list[Event] = []
        self._cursor = 0
        # A game whose events are all public (`State.all_events_public`, Flip 7): nothing to
        # filter, every new event is the seat's.
        self._all_public = all_public

    def update(self, log: list[Event]) -> list[Event]:
        """Read the new part of `log`; returns only the events new to this seat."""
        if self._all_public:
            fresh = log[self._cursor :]
            self._cursor = len(log)
            self.events += fresh
            return fresh
        seat = self.seat
        # Most events are public (no audience, hidden from nobody): let them through without
        # a call; the others go through `visible_to`, the one rule of who sees what.
        fresh = [
            e
            for e in log[self._cursor :]
            if (e.audience is None and (seat is None or not e.hidden_from)) or e.visible_to(seat)
        ]
        self._cursor = len(log)
        self.events.extend(fresh)
        return fresh
