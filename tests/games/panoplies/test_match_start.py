"""Who starts each game of a Panoplies match (RULES.md §4, the `games` option).

The first game: the youngest (or the deal's `first`); each later game: the last game's loser, or
when it had none, the player after the one who started it. Three seats or more tell "after"
from "before" (at two they are the same seat).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from parlour.core.game import Seat
from parlour.games.askdraw.engine import Ask
from parlour.games.panoplies.deck import wardrobe
from parlour.games.panoplies.game import GAME
from parlour.games.panoplies.rules import PanopliesRules, PanopliesState

W = wardrobe()


def outfit(seat: int) -> list[int]:
    """Every card of the character seat `seat` plays (seats take the characters in order)."""
    return W.outfit(seat)


def dealt(hands: list[list[int]], first: int, games: int) -> PanopliesState:
    used = {card for hand in hands for card in hand}
    deal = {
        "hands": hands,
        "pile": [card for card in range(W.num_cards) if card not in used],
        "first": first,
    }
    return GAME.new_state(len(hands), deal=deal, rules=PanopliesRules(games=games))


def public(state: PanopliesState, since: int) -> list[tuple[str, dict[str, Any]]]:
    return [(e.type, e.data) for e in state.log[since:] if e.public]


def second_game_opening(state: PanopliesState) -> list[tuple[str, dict[str, Any]]]:
    """The public events from the second game's deal on (the game is waiting for an ask)."""
    deals = [i for i, e in enumerate(state.log) if e.type == "deal"]
    assert len(deals) == 2
    return public(state, deals[1])


@pytest.mark.parametrize("players", [3, 4, 5])
def test_with_no_loser_the_player_after_the_last_starter_starts(players: int) -> None:
    for first in range(players):
        # Every seat is dealt its own whole outfit: all are safe at once, the game ends with
        # no loser before anyone asks, and the second game is dealt.
        state = dealt([outfit(seat) for seat in range(players)], first, games=2)
        assert state.results == [{"game": 1, "loser": None, "layer": None}]
        starter = (first + 1) % players
        assert state.game_no == 2 and not state.is_over
        assert state.first == starter and state.to_move == starter
        opening = second_game_opening(state)
        assert opening[0][0] == "deal" and opening[0][1]["first"] == starter
        # One turn is announced, the new starter's: nothing of the first game's follows.
        assert [data for kind, data in opening if kind == "turn"] == [{"seat": starter}]


@pytest.mark.parametrize("players", [3, 4])
def test_the_loser_starts_the_next_game(players: int) -> None:
    victim = players - 1  # the last seat's character is completed by seat 0
    cards = outfit(victim)
    extras = [W.card(garment, "daughter") for garment in W.garments]  # nobody's character
    hands = [cards[:6], [cards[6], extras[0]], *[[extras[k]] for k in range(1, players - 1)]]
    state = dealt(hands, first=0, games=2)
    state.apply(Ask(1, cards[6]), 0)
    assert state.results == [{"game": 1, "loser": victim, "layer": 0}]
    assert state.first == victim and state.to_move == victim
    opening = second_game_opening(state)
    assert [data for kind, data in opening if kind == "turn"] == [{"seat": victim}]


def test_every_game_of_a_played_match_has_the_right_starter() -> None:
    seats = [Seat("Ana", age=40), Seat("Léa", age=6), Seat("Tom", age=9), Seat("Zoé", age=12)]
    state = GAME.new_state(seats, seed=3, rules=PanopliesRules(games=5))
    starters, expected = [state.first], [1]  # Léa is the youngest
    rng = random.Random(3)
    while not state.is_over:
        game = state.game_no
        state.apply(rng.choice(state.legal_actions()))
        if state.game_no != game:
            loser = state.results[-1]["loser"]
            expected.append(loser if loser is not None else (starters[-1] + 1) % 4)
            starters.append(state.first)
    assert starters == expected and len(starters) == 5
