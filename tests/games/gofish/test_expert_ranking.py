"""Go Fish's expert ranking: what an ask tells the table and how many cards a hit takes."""

from __future__ import annotations

from parlour.games.askdraw.groups import GroupAsk
from parlour.games.askdraw.tracker import Tracker
from parlour.games.gofish.bots import book_first, expert_ranked_asks, focus_for, ranked_asks
from parlour.games.gofish.rules import GoFishRules

GROUPING = GoFishRules().grouping  # rank r is cards 4r .. 4r + 3


def tracker(players: int, sizes: list[int], pile: int, mine: list[int]) -> Tracker:
    """Seat 0's knowledge at the start of a game: its own hand and everybody's sizes."""
    known = Tracker(GROUPING, players, 0)
    known.sizes, known.pile = list(sizes), pile
    known.sure[0] = set(mine)
    return known


def order(ranked: list[tuple[float, GroupAsk]]) -> list[tuple[int, int]]:
    return [(ask.target, ask.group) for _, ask in ranked]


def test_an_ask_for_a_rank_nobody_knows_the_asker_holds_ranks_lower() -> None:
    known = tracker(2, [7, 7], 38, mine=[0, 4, 8, 12, 16, 20, 24])
    known.holds_group[0].add(1)  # seat 0 asked for the 2s before: everybody knows it holds one
    asks = [GroupAsk(1, 0), GroupAsk(1, 1)]
    memory = {a.group: score for score, a in ranked_asks(known, 0, asks, focus_for(2))}
    assert abs(memory[0] - memory[1]) < 1e-9  # the same chance and one card held of each
    assert order(expert_ranked_asks(known, 0, asks)) == [(1, 1), (1, 0)]


def test_a_hit_that_takes_more_cards_ranks_higher() -> None:
    known = tracker(3, [5, 5, 6], 36, mine=[0, 8, 12, 16, 20])
    known.sure[1] = {1, 2}  # seen going into seat 1's hand: two of the rank seat 0 holds
    known.sure[2] = {3}
    asks = [GroupAsk(1, 0), GroupAsk(2, 0)]
    # Both are sure hits; memory asks the bigger hand (seat 2) first, as a tie-break.
    assert order(ranked_asks(known, 0, asks, focus_for(3))) == [(2, 0), (1, 0)]
    assert order(expert_ranked_asks(known, 0, asks)) == [(1, 0), (2, 0)]


def test_the_expert_asks_a_sure_hit_first_then_the_rank_it_holds_most_of() -> None:
    # Seat 0 holds three 3s (rank 2), one ace and one 2. Seat 1 asked for 2s: a sure hit.
    known = tracker(2, [5, 7], 40, mine=[0, 4, 8, 9, 10])
    known.holds_group[1].add(1)
    sure, triple, single = GroupAsk(1, 1), GroupAsk(1, 2), GroupAsk(1, 0)
    assert order(book_first(known, 0, expert_ranked_asks(known, 0, [triple, single, sure]))) == [
        (1, 1),
        (1, 2),
        (1, 0),
    ]
    # No sure hit: the triple before the single, even where the weighted score ranks the single
    # first (four players, seat 1 holds 20 cards and said « Go fish! » to the last 3).
    known = tracker(4, [5, 20, 5, 5], 2, mine=[0, 4, 8, 9, 10])
    known.lacks[1] = {11}
    weighted = expert_ranked_asks(known, 0, [triple, single])
    assert order(weighted) == [(1, 0), (1, 2)]
    ranked = book_first(known, 0, weighted)
    assert order(ranked) == [(1, 2), (1, 0)]
    assert sorted(ranked, key=lambda pair: pair[0]) == sorted(weighted, key=lambda pair: pair[0])
