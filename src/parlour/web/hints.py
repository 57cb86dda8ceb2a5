"""A seated player's optional hints, computed on the server from the game's own helpers.

The page only shows them: the odds are Flip 7's public score helper (`GAME.hint`), the memory of
the ask-and-draw games (7 familles, Panoplies) is their public-knowledge `Tracker`. A hint reads
nothing but the seat's own view and the events filtered for that seat, so it tells the player
nothing he could not work out at a real table; spectators get none.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from parlour.core.events import Event
from parlour.core.game import Game
from parlour.games.askdraw.tracker import Tracker


def odds_hint(game: Game, rules: Any, view: Mapping[str, Any], seat: int) -> dict[str, Any] | None:
    """Flip 7's bust risk and expected value of a hit, when `seat` chooses between the two."""
    if view.get("to_move") != seat:
        return None
    odds = game.hint(view, rules)
    if odds is None:
        return None
    return {"kind": "odds", **{key: float(value) for key, value in odds.items()}}


def memory_hint(tracker: Tracker) -> dict[str, Any]:
    """What the observer's tracker knows of the other hands, as JSON.

    For each other seat: the cards it surely holds, the groups it surely holds a card of that
    no known card accounts for, and the cards it surely lacks; then the card of the observer's
    groups likeliest found in another hand, by the tracker's estimate.
    """

    players = [
        {
            "seat": seat,
            "holds": sorted(tracker.sure[seat]),
            "groups": tracker.obligations(seat),
            "lacks": sorted(tracker.lacks[seat]),
        }
        for seat in range(tracker.num_players)
        if seat != tracker.observer
    ]
    best = tracker.likeliest_find()
    likeliest = None
    if best is not None:
        card, seat, chance = best
        likeliest = {"card": card, "seat": seat, "chance": float(chance)}
    return {"kind": "memory", "players": players, "likeliest": likeliest}


class SeatHints:
    """The hints of one seat, kept up to date from the events new to that seat.

    The tracker is fed incrementally (the same filtered events the client receives), so a
    long game costs nothing more per move than a short one.
    """

    def __init__(self, game: Game, rules: Any, seat: int, num_players: int) -> None:
        self.game = game
        self.rules = rules
        self.seat = seat
        grouping = game.grouping(rules)
        self.tracker = Tracker(grouping, num_players, seat) if grouping is not None else None

    def update(self, fresh: Iterable[Event], view: Mapping[str, Any]) -> dict[str, Any] | None:
        """Read the seat's new events; returns its hint now (None when the game has none)."""
        if self.tracker is not None:
            for event in fresh:
                self.tracker.observe(event)
            return memory_hint(self.tracker)
        return odds_hint(self.game, self.rules, view, self.seat)


def seat_hint(
    game: Game,
    rules: Any,
    seat: int,
    num_players: int,
    view: Mapping[str, Any],
    events: Iterable[Event],
) -> dict[str, Any] | None:
    """The hint of `seat` from its view and its filtered events alone, in one go."""
    return SeatHints(game, rules, seat, num_players).update(events, view)
