"""What a table knows of who holds what, read from the events a seat has seen.

In the ask-and-draw games (7 familles, Panoplies) everything asked and answered is public: an
ask shows the asker holds a card of that group and not that card, « Pioche ! » shows the asked
player does not hold it, a gift or a Bonne pioche shows where a card went. Draws are private, so
a player who draws may have picked up a card he was known to lack. This is the memory a careful
player keeps; the hint pane shows it. Only events visible to the seat are used.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from parlour.core.events import Event


@dataclass
class SeatKnowledge:
    holds: set[int] = field(default_factory=set)  # cards seen going to this seat
    lacks: set[int] = field(default_factory=set)  # cards he said « Pioche ! » to (since)
    groups: set[int] = field(default_factory=set)  # groups he asked in (holds one of them)


@dataclass
class TableKnowledge:
    seats: list[SeatKnowledge]
    laid: set[int]  # groups laid down

    def holder_of(self, card: int) -> int | None:
        for seat, known in enumerate(self.seats):
            if card in known.holds:
                return seat
        return None


def read_events(
    events: Iterable[Event],
    num_players: int,
    group_of: Callable[[int], int],
    sees_draws: bool = True,
) -> TableKnowledge:
    """What these events tell of the hands.

    `sees_draws` False is a spectator's reading: he is not told when a player draws, so a card
    a player lacked may have reached him unseen; only what no draw can undo is kept (a card seen
    going to a player, a group he asked in).
    """
    seats = [SeatKnowledge() for _ in range(num_players)]
    laid: set[int] = set()
    for event in events:
        d = event.data
        kind = event.type
        if kind == "deal":
            # A new game of a match: new hands, nothing known any more.
            seats = [SeatKnowledge() for _ in range(num_players)]
            laid = set()
        elif kind == "ask":
            asker, card = d["seat"], d["card"]
            seats[asker].groups.add(group_of(card))
            seats[asker].lacks.add(card)
        elif kind == "give":
            card = d["card"]
            seats[d["seat"]].holds.discard(card)
            seats[d["seat"]].lacks.add(card)
            # The giver may have had no other card of that group: his ask proves nothing now.
            seats[d["seat"]].groups.discard(group_of(card))
            seats[d["to"]].holds.add(card)
            seats[d["to"]].lacks.discard(card)
        elif kind == "pioche":
            seats[d["seat"]].lacks.add(d["card"])
        elif kind == "bonne_pioche":
            seats[d["seat"]].holds.add(d["card"])
            seats[d["seat"]].lacks.discard(d["card"])
        elif kind == "draw":
            # A hidden card went to this seat: whatever he lacked, he may hold it now.
            seats[d["seat"]].lacks.clear()
            if "card" in d:
                seats[d["seat"]].holds.add(d["card"])
        elif kind == "lay":
            group = d["group"]
            laid.add(group)
            for known in seats:
                known.holds = {c for c in known.holds if group_of(c) != group}
                known.lacks = {c for c in known.lacks if group_of(c) != group}
                known.groups.discard(group)
    if not sees_draws:
        for known in seats:
            known.lacks.clear()
    return TableKnowledge(seats, laid)
