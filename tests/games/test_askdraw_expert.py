"""The ask-and-draw experts (`askdraw/expert.py`) and the difficulty ladders of the 7 familles,
Panoplies and Go Fish: chances from drawn deals that keep every public fact, sure hits played
without search, the search's budget as asked, checked parameters, and the ladder's names."""

from __future__ import annotations

import random

import pytest

from parlour.bots.base import Bot, Decision, make_bot
from parlour.core.errors import ParlourError
from parlour.core.events import SeatFeed
from parlour.core.registry import get_game
from parlour.games.askdraw.expert import ExpertBot, sampled_probabilities
from parlour.games.askdraw.playouts import available
from parlour.games.askdraw.tracker import Tracker
from parlour.play.runner import decision_for, play_game
from parlour.web.botpool import bot_limit_error

GAMES = ("familles", "panoplies", "gofish")


def decisions(name: str, players: int, seed: int, count: int = 10) -> list[Decision]:
    """Decisions along a seeded game of `memory` moves, every third one."""
    game = get_game(name)
    state = game.new_state(players, seed=seed)
    bots = [make_bot(game, "memory", random.Random(seed + s)) for s in range(players)]
    feeds = [SeatFeed(s) for s in range(players)]
    out = []
    while not state.is_over and len(out) < count:
        seat = state.turn  # type: ignore[attr-defined]
        if len(state.actions) % 3 == 0:  # a feed of its own: a kept decision's events stay put
            out.append(decision_for(state, seat, SeatFeed(seat)))
        state.apply(bots[seat].act(decision_for(state, seat, feeds[seat], worlds=False)))
    return out


def tracker_of(decision: Decision) -> Tracker:
    return decision.world.tracker_for(decision.seat)  # type: ignore[union-attr]


@pytest.mark.parametrize("name", GAMES)
def test_sampled_chances_keep_the_public_facts(name: str) -> None:
    """Over drawn deals, a card is never where the seat knows it cannot be, the chances of a
    card sum to at most 1 (the rest is the pile), and without the prior they are the deals'
    frequencies."""
    rng = random.Random(5)
    for decision in decisions(name, 3, 17):
        tracker = tracker_of(decision)
        deals = [[sorted(h) for h in decision.determinize(rng).hands] for _ in range(12)]
        chances = sampled_probabilities(tracker, deals)
        plain = sampled_probabilities(tracker, deals, prior=0.0)
        known = set().union(*tracker.sure)
        assert not known & set(chances), "a card the seat has located got a chance"
        for card, row in chances.items():
            assert sum(row) <= 1.0 + 1e-9
            for seat in range(tracker.num_players):
                if card in tracker.lacks[seat]:
                    assert row[seat] == 0.0, f"seat {seat} surely lacks {card}"
                times = sum(1 for deal in deals if card in deal[seat])
                assert plain[card][seat] == pytest.approx(times / len(deals))


@pytest.mark.skipif(not available(), reason="kernel playouts need Numba")
@pytest.mark.parametrize("name", GAMES)
def test_the_expert_searches_its_budget_or_plays_a_sure_hit(name: str) -> None:
    """A move with a sure hit is played at once, no playout; any other is searched with
    worlds x playouts playouts for each candidate, and the move is one of the legal ones."""
    game = get_game(name)
    searched = sure = 0
    for decision in decisions(name, 2, 23, count=14):
        bot = make_bot(game, "expert:3:4:3", random.Random(1))
        assert isinstance(bot, ExpertBot)
        move = bot.act(decision)
        assert move in decision.legal_actions
        tracker = tracker_of(decision)
        best = bot.rank(tracker, decision, decision.legal_actions)[0]
        if len(decision.legal_actions) > 1 and bot.sure_hit(tracker, best):
            sure += 1
            assert move == best[1] and bot.last_playouts == 0
        elif bot.last_playouts:
            searched += 1
            candidates = len(bot.last_stats)
            assert 2 <= candidates <= 3
            assert bot.last_playouts == 3 * 4 * candidates
    assert searched, "no decision was searched"


@pytest.mark.skipif(not available(), reason="kernel playouts need Numba")
def test_the_same_seed_gives_the_same_expert_game() -> None:
    game = get_game("familles")

    def moves() -> list[str]:
        bots = [make_bot(game, "expert:2:4", random.Random(9)), make_bot(game, "memory")]
        bots[1].rng = random.Random(10)
        played = play_game(game, bots, seed=31)
        return [repr(a) for a in played.state.actions]

    assert moves() == moves()


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("expert:0", "worlds must be at least 1"),
        ("expert:8:x", "playouts is a whole number"),
        ("expert:8:32:4:high", "prior is a number"),
    ],
)
def test_the_expert_parameters_are_checked(spec: str, message: str) -> None:
    with pytest.raises(ParlourError, match=message):
        make_bot(get_game("familles"), spec)


@pytest.mark.parametrize("name", GAMES)
def test_every_ladder_level_is_a_bot_a_web_table_accepts(name: str) -> None:
    game = get_game(name)
    kinds = set()
    for level in ("easy", "medium", "hard", "expert"):
        bot = make_bot(game, level)
        assert isinstance(bot, Bot)
        assert bot_limit_error(level, bot) is None
        kinds.add((type(bot).__name__, getattr(bot, "playouts", None), getattr(bot, "forget", 0)))
    assert len(kinds) == 4, f"{name}'s ladder repeats a bot: {kinds}"


def test_a_web_table_refuses_an_expert_beyond_its_budget() -> None:
    bot = make_bot(get_game("gofish"), "expert:200:999")
    assert bot_limit_error("expert:200:999", bot) is not None


@pytest.mark.skipif(not available(), reason="kernel playouts need Numba")
@pytest.mark.parametrize("name", GAMES)
def test_memory_playouts_share_out_each_game(name: str) -> None:
    """Every playout of every move ends valued for each seat; in the 7 familles and Go Fish
    (win shares, ties shared) the seats' values of one move add up to the playouts made, and
    in Panoplies (returns +1, 0, -1) to 0."""
    from parlour.games.askdraw.playouts import memory_playouts

    rng = random.Random(2)
    for decision in decisions(name, 3, 29, count=4):
        worlds = [decision.determinize(rng) for _ in range(3)]
        moves = decision.legal_actions[:3]
        sums = [memory_playouts(worlds, moves, s, 77, 2) for s in range(3)]
        for m in range(len(moves)):
            total = sum(seat_sums[m] for seat_sums in sums)  # type: ignore[index]
            assert total == pytest.approx(0.0 if name == "panoplies" else 3 * 2)
            for seat_sums in sums:
                low = -6 if name == "panoplies" else 0
                assert low <= seat_sums[m] <= 6  # type: ignore[index]


def test_an_unknown_playout_policy_is_refused() -> None:
    with pytest.raises(ParlourError, match="memory or fast"):
        make_bot(get_game("gofish"), "expert:8:2:4:0.1:smart")


def test_the_search_overrides_the_ranking_only_on_a_clear_difference() -> None:
    """`confident_choice` keeps the ranking's first move unless another one beats it in the
    same worlds by more than `z` standard errors of the paired differences."""
    import numpy as np

    from parlour.games.askdraw.expert import confident_choice

    noisy = np.array([[1.0, 0.0, 1.0], [0.0, 1.0, 0.0], [1.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
    assert confident_choice(noisy, 2.0) == 0  # the others' better worlds are offset by worse
    steady = np.array([[0.2, 0.7, 0.3], [0.5, 1.0, 0.4], [0.1, 0.5, 0.2], [0.4, 0.8, 0.6]])
    assert confident_choice(steady, 2.0) == 1  # ahead by 0.45 in every world
    assert confident_choice(steady[:, [0, 2]], 2.0) == 0  # 0.075 ahead, under 2 errors
    assert confident_choice(steady[:, [0, 2]], 0.0) == 1
    assert confident_choice(steady[:1], 2.0) == 0  # one world: no error to weigh
    worse = steady[:, [1, 0]]
    assert confident_choice(worse, 2.0) == 0


@pytest.mark.skipif(not available(), reason="kernel playouts need Numba")
def test_the_playout_table_holds_each_worlds_sums() -> None:
    """`memory_playout_table`'s rows are the worlds' sums; their total is `memory_playouts`,
    and a world played alone gives its own row."""
    from parlour.games.askdraw.playouts import memory_playout_table, memory_playouts

    rng = random.Random(5)
    for decision in decisions("familles", 2, 31, count=3):
        worlds = [decision.determinize(rng) for _ in range(3)]
        moves = decision.legal_actions[:3]
        table = memory_playout_table(worlds, moves, decision.seat, 91, 4)
        assert table is not None and table.shape == (3, len(moves))
        sums = memory_playouts(worlds, moves, decision.seat, 91, 4)
        assert sums == pytest.approx(list(table.sum(axis=0)))
        alone = memory_playout_table(worlds[1:2], moves, decision.seat, 91, 4)
        assert alone is not None
        assert list(alone[0]) == pytest.approx(list(table[1]))
