"""The bot a seat gets when nobody names one is the same fair opponent at the web table as in
the terminal: `memory` in the ask games, `strong` in Flip 7, never a game's first-listed bot
(the ask games' `first`, below the ladder's `easy`)."""

from __future__ import annotations

import pytest

from parlour.bots.base import default_bot
from parlour.core.registry import get_game
from parlour.tui.config import plan_seats
from parlour.web.seats import seat_slots
from tests.web.conftest import Server

EXPECTED = {"familles": "memory", "panoplies": "memory", "gofish": "memory", "flip7": "strong"}


@pytest.mark.parametrize(("name", "bot"), sorted(EXPECTED.items()))
def test_an_unnamed_bot_seat_gets_the_games_fair_opponent(name: str, bot: str) -> None:
    game = get_game(name)
    assert default_bot(game) == bot
    slots, _ = seat_slots(game, [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}])
    assert [s.bot for s in slots[1:]] == [bot, bot]
    assert [s.bot for s in plan_seats(game, "en", players=3)[1:]] == [bot, bot]


def test_the_form_preselects_that_bot(server: Server) -> None:
    games = {g["name"]: g for g in server.get("/api/games")}
    assert {name: games[name]["default_bot"] for name in EXPECTED} == EXPECTED
