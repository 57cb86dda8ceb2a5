"""Go Fish bots: memory's inference, search over determinize, and games that always end."""

from __future__ import annotations

import random

from parlour.bots.base import make_bot
from parlour.core.events import SeatFeed
from parlour.core.runner import decision_for, play_game
from parlour.games.gofish.bots import rank_chances, sure_miss
from parlour.games.gofish.game import GAME
from parlour.games.gofish.rules import RankAsk


def win_share(specs: list[str], games: int) -> list[float]:
    """Each bot's share of wins over `games` games, seats rotated."""
    wins = [0.0] * len(specs)
    for seed in range(games):
        shift = seed % len(specs)
        order = specs[shift:] + specs[:shift]
        outcome = play_game(GAME, [make_bot(GAME, spec) for spec in order], seed=seed).outcome
        for seat in outcome.winners:
            wins[(seat + shift) % len(specs)] += 1 / len(outcome.winners)
    return [w / games for w in wins]


def test_memory_beats_random() -> None:
    share = win_share(["memory", "random", "random"], 60)
    assert share[0] > 0.55


def test_memory_asks_for_a_rank_it_heard_asked_for() -> None:
    """Seat 1 asked for threes and was told « Go fish! »; seat 0 fishes a three: it asks seat 1
    for threes, a sure hit, whatever else it holds."""
    hands = [[1, 5], [9, 13, 25]]  # A♥ 2♥ | 3♥ 4♥ 7♥
    top = [16, 8, 20]  # 5♠ for seat 1, 3♠ for seat 0, 6♠ for seat 1
    rest = [c for c in range(52) if c not in {1, 5, 9, 13, 25, *top}]
    state = GAME.new_state(2, deal={"hands": hands, "pile": top + rest, "first": 1})
    state.apply(RankAsk(0, 2))  # seat 1: threes? « Go fish! », fishes the 5♠
    state.apply(RankAsk(1, 0))  # seat 0: aces? « Go fish! », fishes the 3♠
    state.apply(RankAsk(0, 3))  # seat 1: fours? « Go fish! », fishes the 6♠
    assert state.to_move == 0 and 8 in state.hands[0]
    bot = make_bot(GAME, "memory", random.Random(1))
    decision = decision_for(state, 0, SeatFeed(0), worlds=False)
    tracker = bot.tracker(decision)  # type: ignore[attr-defined]
    legal = decision.legal_actions
    chances = dict(zip(legal, rank_chances(tracker, legal), strict=True))
    assert chances[RankAsk(1, 2)] == 1.0
    assert chances[RankAsk(1, 1)] < 1.0
    assert bot.act(decision) == RankAsk(1, 2)


def test_memory_never_asks_a_sure_miss_while_it_has_another_ask() -> None:
    checked = 0
    for seed in range(30):
        state = GAME.new_state(3, seed=seed)
        bots = [make_bot(GAME, "memory", random.Random(seed + s)) for s in range(3)]
        feeds = [SeatFeed(s) for s in range(3)]
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            decision = decision_for(state, seat, feeds[seat], worlds=False)
            move = bots[seat].act(decision)
            tracker = bots[seat].tracker(decision)  # type: ignore[attr-defined]
            if any(not sure_miss(tracker, a) for a in decision.legal_actions):
                assert not sure_miss(tracker, move)
                checked += 1
            state.apply(move, seat)
    assert checked > 500


def test_search_plays_legal_moves_from_determinized_worlds() -> None:
    played = play_game(GAME, [make_bot(GAME, "search:4"), make_bot(GAME, "memory")], seed=3)
    assert played.outcome.status == "finished"


def test_first_never_repeats_a_known_miss_for_ever() -> None:
    for seed in range(40):
        played = play_game(GAME, [make_bot(GAME, "first") for _ in range(3)], seed=seed)
        assert played.outcome.status == "finished"
