"""Events: every change of a game, with the audience allowed to see it.

Views, narration, logs, replays, the web protocol and card-tracking bots are all built from
events filtered for their reader; nothing leaves the engine unfiltered.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

_NOBODY: frozenset[int] = frozenset()
_new_tuple = tuple.__new__


class _EventFields(NamedTuple):
    type: str
    data: Mapping[str, Any]
    audience: frozenset[int] | None
    hidden_from: frozenset[int]


class Event(_EventFields):
    """One change of a game.

    `audience` None means everyone (players and spectators); otherwise only those seats.
    `hidden_from` removes seats from the audience: the public twin of a private event
    (« Léa draws a card ») is shown to everyone but the drawer, who gets the private one.

    An immutable tuple of its four fields: games emit several events a move, and a tuple is
    made in one C call where a frozen dataclass sets its fields one by one (twice the cost of
    the whole tuple). Its `data` is the game's to fill and nobody's to change.
    """

    __slots__ = ()

    def __new__(
        cls,
        type: str,
        data: Mapping[str, Any] | None = None,
        audience: frozenset[int] | None = None,
        hidden_from: frozenset[int] = _NOBODY,
    ) -> Event:
        return _new_tuple(cls, (type, {} if data is None else data, audience, hidden_from))

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


# Values shared as they are: nothing in them can be changed. Most event fields are these, so
# a dict of them is copied in one C call.
_SHARED = frozenset((int, str, float, bool, type(None), frozenset))


def _copy_data(value: Any) -> Any:
    """A copy of an event's JSON-like data: dicts, lists and tuples copied to the bottom,
    anything else (numbers, strings, frozen values) shared."""
    kind = type(value)
    if kind is dict:
        copied = value.copy()
        for key, item in copied.items():
            if type(item) not in _SHARED:
                copied[key] = _copy_data(item)  # the same keys: the dict does not grow
        return copied
    if kind is list:
        return [item if type(item) in _SHARED else _copy_data(item) for item in value]
    if isinstance(value, dict):  # a subclass of dict or list; a tuple but a named tuple
        return {key: _copy_data(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copy_data(item) for item in value]
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        return tuple(_copy_data(item) for item in value)
    return value


def own_copy(event: Event) -> Event:
    """`event` with data of its own: what a bot may scribble on without touching the game."""
    return _new_tuple(
        Event, (event.type, _copy_data(event.data), event.audience, event.hidden_from)
    )


class SeatFeed:
    """An incremental, filtered reading of a game's event log for one seat.

    Filtering the whole log at every decision would cost O(n^2) over a game; the feed keeps a
    cursor into the log and only filters what is new. A bot's feed (`copies`) holds copies of
    the events, so that a bot changing one (`event.data["seat"] = 99`) changes neither the
    game's log nor what the other seats, the spectators and the record see.
    """

    def __init__(self, seat: int | None, all_public: bool = False, copies: bool = False) -> None:
        self.seat = seat
        self.events: list[Event] = []
        self._cursor = 0
        # A game whose events are all public (`State.all_events_public`, Flip 7): nothing to
        # filter, every new event is the seat's.
        self._all_public = all_public
        self._copies = copies

    @property
    def copies(self) -> bool:
        """Whether the feed hands out copies of the events (a bot that may change them)."""
        return self._copies

    def update(self, log: list[Event]) -> list[Event]:
        """Read the new part of `log`; returns only the events new to this seat."""
        if self._all_public:
            fresh = log[self._cursor :]
            if self._copies:
                fresh = [own_copy(event) for event in fresh]
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
        if self._copies:
            fresh = [own_copy(event) for event in fresh]
        self._cursor = len(log)
        self.events.extend(fresh)
        return fresh
