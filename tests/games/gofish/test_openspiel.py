"""Go Fish equals OpenSpiel's `go_fish` move for move, fed the same deck and the same asks.

Both engines get one shuffled deck: Parlour as an explicit deal (`{"deck": [...]}`, top first),
OpenSpiel as its chance outcomes, the rank of each card in the same order (its deal, then every
draw). Random asks then drive both; at every decision they must agree on the player to move,
the legal asks (the ids are OpenSpiel's: `target * ranks + rank`), every hand rank by rank, the
books and the pool, and at the end on the returns.

OpenSpiel has no move at all in two corners that the rules allow: a deal that runs out of cards
(its books laid during the deal are dealt again), and a first player left with nobody to ask
after the deal. Parlour plays on there; `test_openspiel_has_no_move_where_parlour_goes_on`
checks that those are the only differences.
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel
import pytest

from parlour.games.gofish.game import GAME
from parlour.games.gofish.rules import GoFishRules, GoFishState

SEEDS = 25
SETTINGS: list[dict[str, Any]] = [
    {},
    {"end_on_first_out": True},
    {"ask_after_empty_draw": False},
    {"end_on_first_out": True, "most_books_wins": False},
    {"ranks": 6, "suits": 3, "initial_cards": 4},
    {"ranks": 8, "suits": 3, "initial_cards": 4, "ask_after_empty_draw": False},
    {"ranks": 13, "suits": 2, "initial_cards": 3, "end_on_first_out": True},
    {
        "ranks": 5,
        "suits": 2,
        "initial_cards": 2,
        "end_on_first_out": True,
        "most_books_wins": False,
    },
    {"ranks": 9, "suits": 5, "initial_cards": 6},
]


class NoMove(Exception):
    """OpenSpiel has neither a chance outcome nor a legal action, in a game not over."""


def spiel_table(state: Any, players: int, ranks: int) -> tuple[list[list[int]], list[int], int]:
    """Hands (count per rank), books and pool size, read from OpenSpiel's state string."""
    lines = str(state).split("\n")
    hands, books = [], []
    for line in lines[2 : 2 + players]:
        cards, _, booked = line.partition(":")
        counts = [0] * ranks
        for i in range(0, len(cards), 2):
            counts[ord(cards[i]) - ord("a")] = int(cards[i + 1])
        hands.append(counts)
        books.append(int(booked))
    pool = lines[2 + players]
    return hands, books, sum(int(pool[i + 1]) for i in range(0, len(pool), 2))


def parlour_table(state: GoFishState) -> tuple[list[list[int]], list[int], int]:
    suits, ranks = state.rules.suits, state.rules.ranks
    hands = []
    for hand in state.hands:
        counts = [0] * ranks
        for card in hand:
            counts[card // suits] += 1
        hands.append(counts)
    return hands, state.books(), len(state.pile)


def play_both(seed: int, players: int, params: dict[str, Any]) -> int:
    """One game through both engines; returns the number of asks compared."""
    rules = GoFishRules(**params)
    rng = random.Random(seed)
    deck = list(range(rules.num_cards))
    rng.shuffle(deck)
    ours = GAME.new_state(players, deal={"deck": deck}, rules=rules)
    theirs = pyspiel.load_game("go_fish", {"players": players, **params}).new_initial_state()
    draws = iter([card // rules.suits for card in deck])
    asks = 0
    while True:
        while theirs.is_chance_node():
            if not theirs.chance_outcomes():
                raise NoMove("OpenSpiel's deal ran out of cards")
            theirs.apply_action(next(draws))
        if theirs.is_terminal():
            assert ours.outcome is not None, f"seed {seed}: only OpenSpiel's game is over"
            assert list(theirs.returns()) == list(ours.outcome.returns)
            return asks
        assert ours.to_move is not None, f"seed {seed}: only Parlour's game is over"
        legal = [action.id for action in ours.legal_actions()]
        if not theirs.legal_actions():
            raise NoMove("OpenSpiel's player to move has nobody to ask")
        assert theirs.current_player() == ours.to_move, f"seed {seed}, ask {asks}"
        assert theirs.legal_actions() == legal, f"seed {seed}, ask {asks}"
        assert spiel_table(theirs, players, rules.ranks) == parlour_table(ours)
        choice = rng.choice(legal)
        theirs.apply_action(choice)
        ours.apply(GAME.action_from_id(choice, rules, players))
        asks += 1


def playable(players: int, params: dict[str, Any]) -> bool:
    rules = GoFishRules(**params)
    return players * rules.hand_size(players) <= rules.num_cards


CASES = [
    (players, params)
    for players in (2, 3, 4, 5)
    for params in SETTINGS
    if playable(players, params)
]


@pytest.mark.parametrize(("players", "params"), CASES)
def test_games_equal_openspiel_move_for_move(players: int, params: dict[str, Any]) -> None:
    compared = 0
    for seed in range(SEEDS):
        try:
            compared += play_both(seed * 1009 + players, players, params)
        except NoMove:
            continue  # see the module's docstring: checked below
    assert compared > 0


def test_every_setting_is_compared() -> None:
    """At least 25 games for each of 2 to 5 players, and every setting at some table."""
    assert {players for players, _ in CASES} == {2, 3, 4, 5}
    assert len(CASES) * SEEDS >= 800
    assert all(any(p == params for _, p in CASES) for params in SETTINGS)


def openspiel_stall(deck: list[int], params: dict[str, Any]) -> str | None:
    """Why OpenSpiel has no move once it has dealt `deck` (None: it has one)."""
    suits = GoFishRules(**params).suits
    state = pyspiel.load_game("go_fish", {"players": 2, **params}).new_initial_state()
    draws = iter([card // suits for card in deck])
    while state.is_chance_node():
        if not state.chance_outcomes():
            return "deal"
        state.apply_action(next(draws))
    return None if state.is_terminal() or state.legal_actions() else "ask"


def test_openspiel_has_no_move_where_parlour_goes_on() -> None:
    """Decks where OpenSpiel stalls: its deal runs out (2 players, 6 ranks of 3: 14 of 18 cards
    dealt, and a book dealt is dealt again), or its first player cannot ask (4 ranks of 4,
    4 cards each: the second player's four cards are a book). Parlour plays both to the end."""
    for params, key in (
        ({"ranks": 6, "suits": 3}, "deal"),
        ({"ranks": 4, "suits": 4, "initial_cards": 4}, "ask"),
    ):
        rules = GoFishRules(**params)
        found = 0
        for seed in range(5000):
            rng = random.Random(seed)
            deck = list(range(rules.num_cards))
            rng.shuffle(deck)
            stall = openspiel_stall(deck, params)
            if stall is None:
                continue
            assert stall == key
            found += 1
            state = GAME.new_state(2, deal={"deck": deck}, rules=rules)
            while not state.is_over:
                state.apply(rng.choice(state.legal_actions()))
            with pytest.raises(NoMove, match="ran out" if key == "deal" else "nobody to ask"):
                play_both(seed, 2, params)
            if found == 2:
                break
        assert found == 2, key


@pytest.mark.slow
@pytest.mark.timeout(4 * 3600)
def test_a_hundred_thousand_games_equal_openspiel() -> None:
    """The long run behind docs/gofish.md: 100,000 games over the same tables (`-m slow`)."""
    games = stalled = 0
    seed = 0
    while games < 100_000:
        for players, params in CASES:
            try:
                play_both(10**6 + seed, players, params)
            except NoMove:
                stalled += 1
            games += 1
        seed += 1
    assert stalled < games // 100
