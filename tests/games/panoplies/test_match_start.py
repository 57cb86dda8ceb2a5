"""Who starts each game of a Panoplies match (RULES.md §4, the `games` option).

The first game: the youngest (or the deal's `first`); each later game: the match's last loser
(the game's own, or after a game with none an earlier game's), and while nobody has lost yet,
the player after the one who started the game before. Three seats or more tell "after" from
"before" (at two they are the same seat).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
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
            losers = [r["loser"] for r in state.results if r["loser"] is not None]
            expected.append(losers[-1] if losers else (starters[-1] + 1) % 4)
            starters.append(state.to_move)
            assert state.first == state.to_move
    assert starters == expected and len(starters) == 5


def test_after_a_game_with_no_loser_the_last_loser_of_the_match_starts() -> None:
    # A match of three games played by random asks (seed 105) whose second game ends with no
    # loser: the third is started by the first game's loser, not by the player after the
    # second game's starter.
    state = GAME.new_state(3, seed=105, rules=PanopliesRules(games=3))
    rng = random.Random(105)
    starters = {1: state.to_move}
    while not state.is_over:
        game = state.game_no
        state.apply(rng.choice(state.legal_actions()))
        if state.game_no != game:
            starters[state.game_no] = state.to_move
    first_loser = state.results[0]["loser"]
    assert first_loser is not None and state.results[1]["loser"] is None
    assert starters[2] == first_loser
    assert starters[3] == first_loser != (starters[2] + 1) % 3


def test_a_game_ended_by_everybody_safe_on_a_plain_draw_passes_no_turn_into_the_next() -> None:
    # Seats 1 and 2 are dealt their whole outfits (safe at once); seat 0 holds six of his
    # seven garments and asks seat 2 for a card he lacks: « Pioche ! », and the draw completes
    # seat 0's outfit. Everybody is safe, game 1 ends with no loser and game 2 is dealt with
    # seat 1 first: the miss's turn (to seat 2, the player asked) is not passed on into it.
    mine, mother = outfit(0), outfit(3)
    hands = [
        [*mine[:6], *mother[:3]],
        [*outfit(1), mother[3], extras_of(0)],
        [*outfit(2), *extras_of(1, 2)],
    ]
    used = {card for hand in hands for card in hand} | {mine[6]}
    deal = {
        "hands": hands,
        "pile": [mine[6]] + [c for c in range(W.num_cards) if c not in used],
        "first": 0,
    }
    for next_after_miss in ("asked", "left"):
        rules = PanopliesRules(games=2, hand_size=9, next_after_miss=next_after_miss)
        state = GAME.new_state(3, deal=deal, rules=rules)
        kernel = GAME.step_kernel(rules, 3)
        batch = kernel.new_batch(1)
        kernel.load(batch, 0, state)
        ask = Ask(2, mother[5])
        kernel.step(batch, np.array([ask.id]))
        state.apply(ask, 0)
        assert state.results == [{"game": 1, "loser": None, "layer": None}]
        assert state.game_no == 2 and state.first == state.to_move == 1
        assert [data for kind, data in second_game_opening(state) if kind == "turn"] == [
            {"seat": 1}
        ]
        read = kernel.read(batch, 0)
        assert (read.game_no, read.first, read.to_move) == (2, 1, 1)


def extras_of(*garments: int) -> Any:
    """The son's card of each garment (nobody plays the son at three): one card, or a list."""
    cards = [W.card(W.garments[g], "son") for g in garments]
    return cards[0] if len(cards) == 1 else cards


def test_a_seat_that_lost_no_game_of_a_match_scores_zero_not_minus_zero() -> None:
    """-(games lost) made -0.0 for a seat that lost none: the terminal's summary printed "-0"
    and the JSON "-0.0". The engine and the kernel's bulk play both score a plain 0."""
    import json
    import math

    from parlour.bots.base import make_bot
    from parlour.core.events import SeatFeed
    from parlour.games.panoplies.bulk import bulk_play
    from parlour.play.runner import decision_for

    rules = PanopliesRules(games=3)
    seen_zero = False
    for seed in range(6):
        state = GAME.new_state(3, seed=seed, rules=rules)
        bots = [make_bot(GAME, "memory", random.Random(seed * 3 + s)) for s in range(3)]
        while not state.is_over:
            seat = state.to_move
            state.apply(bots[seat].act(decision_for(state, seat, SeatFeed(seat))), seat)
        scores = state.outcome.scores
        assert all(math.copysign(1.0, x) > 0 for x in scores if x == 0), scores
        assert '"scores": [' in (text := json.dumps(state.outcome.to_json()))
        assert "-0.0," not in text and "-0.0]" not in text
        seen_zero |= 0.0 in scores
        for _winners, bulk_scores, _asks, _status in (
            bulk_play(rules, [seed], [["memory"] * 3]) or []
        ):
            assert all(math.copysign(1.0, x) > 0 for x in bulk_scores if x == 0), bulk_scores
    assert seen_zero  # some seat lost no game: the case was met
