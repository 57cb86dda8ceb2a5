"""Bots: legal, complete games; memory's inference; search keeps to the information set."""

from __future__ import annotations

import random

import pytest

from parlour.bots.base import make_bot
from parlour.bots.search import SearchBot, parse_budget
from parlour.games.familles.bots import hit_chances
from parlour.games.familles.game import GAME
from parlour.games.familles.rules import FamillesRules
from parlour.play.runner import play_game
from tests.games.familles.conftest import ask, c, make


@pytest.mark.parametrize(
    "specs",
    [
        ["memory", "random", "reflexes"],
        ["reflexes", "memory"],
        ["search:2", "memory", "random"],
    ],
)
def test_bots_play_complete_legal_games(specs: list[str]) -> None:
    bots = [make_bot(GAME, s) for s in specs]
    played = play_game(GAME, bots, seed=7, rules=FamillesRules(next_after_miss="left"))
    assert played.outcome.status == "finished"
    assert sum(played.outcome.scores) == 7


def test_memory_knows_a_sure_hit_and_a_sure_miss() -> None:
    s = make(
        [["boulanger/father", "boucher/son"], ["boulanger/daughter"], ["pompier/son"]],
        pile_top=["docteur/son"],
    )
    ask(s, 1, "boulanger/mother")  # a miss: seat 1 said « Pioche ! » to the mother
    tracker = s.tracker_for(2)
    assert c("boulanger/mother") in tracker.lacks[1]
    assert 0 in [g for g in range(7) if g in tracker.holds_group[0]]
    from parlour.games.askdraw.engine import Ask

    # Seat 2 has seen nothing given yet; seat 0 gets the daughter from seat 1 later:
    s2 = make([["boulanger/father"], ["boulanger/daughter", "pompier/son"], ["boucher/son"]])
    ask(s2, 1, "boulanger/daughter")
    t0 = s2.tracker_for(1)
    chances = hit_chances(t0, [Ask(0, c("boulanger/daughter")), Ask(2, c("boulanger/daughter"))])
    assert chances == [1.0, 0.0]
    t1 = s.tracker_for(0)
    assert hit_chances(t1, [Ask(1, c("boulanger/mother"))])[0] < 0.1  # only a Bonne pioche


def test_memory_never_re_asks_a_sure_miss_and_infers_where_a_card_must_be() -> None:
    from parlour.core.events import SeatFeed
    from parlour.play.runner import decision_for

    mother = c("boulanger/mother")
    # No pile: seat 1 says « Pioche ! » to the mother and can never draw it, so it is with 2.
    hands = [[c("boulanger/father")], [], [mother]]
    rest = [x for x in range(42) if x not in (c("boulanger/father"), mother)]
    for index, card in enumerate(rest):
        hands[index % 3].append(card)
    for seat in range(3):  # no family complete in a hand
        assert all(sum(1 for x in hands[seat] if x // 6 == f) < 6 for f in range(7))
    assert mother in hands[2] and mother not in hands[1]  # dealt to seat 2 above, never dealt
    s = GAME.new_state(3, deal={"hands": hands, "pile": [], "first": 0})
    ask(s, 1, "boulanger/mother")
    # Seat 1 misses in turn, asking seat 0: the turn comes back to seat 0.
    miss = next(a for a in s.legal_actions() if a.target == 0 and a.card not in s.hands[0])
    s.apply(miss)
    assert s.to_move == 0
    bot = make_bot(GAME, "memory", random.Random(1))
    choice = bot.act(decision_for(s, 0, SeatFeed(0)))
    assert (choice.target, choice.card) == (2, mother)


def test_search_budget_spec() -> None:
    assert parse_budget("0.2") == (0.2, None)
    assert parse_budget("64") == (None, 64)
    with pytest.raises(ValueError, match=r"the number of playouts must be at least 1"):
        parse_budget("0")
    bot = make_bot(GAME, "search:3")
    assert isinstance(bot, SearchBot) and bot.playouts == 3


def test_search_only_sees_its_information_set() -> None:
    """Two games identical for seat 0 but with other hidden cards lead search to the same
    move, because it only reads the seat's decision and its own generator."""
    from parlour.core.events import SeatFeed
    from parlour.play.runner import decision_for

    base = [["boulanger/father", "boucher/son"], ["pompier/son", "pompier/father"]]
    s1 = make(base, pile_top=["docteur/son", "docteur/father"])
    s2 = make(base, pile_top=["docteur/father", "docteur/son"])
    moves = []
    for state in (s1, s2):
        bot = make_bot(GAME, "search:4", random.Random(5))
        moves.append(bot.act(decision_for(state, 0, SeatFeed(0))))
    assert moves[0] == moves[1]


def test_worlds_have_a_seed_of_their_own() -> None:
    """The true seed would rebuild every hand and the pile: a world never carries it."""
    state = GAME.new_state(3, seed=987654321987)
    rng = random.Random(4)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    seeds = set()
    for seat in range(3):
        for _ in range(5):
            world = state.determinize(seat, rng)
            assert world.seed != state.seed and world.deal is None
            seeds.add(world.seed)
    assert len(seeds) == 15  # drawn from the caller's generator: fresh every time


def test_a_card_asks_chance_counts_the_bonne_pioche_whole() -> None:
    """At the deal, heads-up, a card not in the asker's hand lies in any of the opponent's
    `k` cards or the pile's `m` with equal chance. Counting the places: the ask succeeds when
    the card is one of his `k`, or the top of the pile, so exactly (k + 1) / (k + m). The
    former formula scaled the Bonne pioche by the miss's chance again: k / (k+m) + 1 / (k+m)²."""
    from fractions import Fraction

    from parlour.games.askdraw.engine import Ask

    hand0 = ["boulanger/father", "boulanger/mother", "boucher/son", "pompier/son", "docteur/son"]
    hand1 = [
        "boulanger/son",
        "boucher/father",
        "pompier/father",
        "docteur/father",
        "docteur/mother",
    ]
    s = make([hand0, hand1])
    tracker = s.tracker_for(0)
    k, m = len(hand1), 42 - len(hand0) - len(hand1)
    places = [("hand", i) for i in range(k)] + [("pile", i) for i in range(m)]
    exact = Fraction(sum(1 for where, i in places if where == "hand" or i == 0), len(places))
    asked = [Ask(1, c("boulanger/daughter")), Ask(1, c("boulanger/son"))]
    chances = hit_chances(tracker, asked)
    assert chances[0] == pytest.approx(
        float(exact), abs=1e-9
    )  # 6/37 = 0.1622; the former formula gave 0.1585
    assert chances[1] == pytest.approx(float(exact), abs=1e-9)  # held or not, the same to seat 0
