"""The seats of a new ask-and-draw game: as many as the given deal has hands when only a number
was asked for, checked against the game and its rules (both refuse with a clear message)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.core.game import Game, Seat


def dealt_seats(game: Game, seats: Sequence[Seat] | int, deal: Any, rules: Any) -> list[Seat]:
    if isinstance(seats, int) and isinstance(deal, Mapping) and "hands" in deal:
        seats = len(deal["hands"])
    seat_list = game.seats_from(seats)
    game.check_players(len(seat_list), rules)  # the rules' own limits included
    return seat_list
