"""Beggar-My-Neighbour rules (RULES.md §1), from explicit deals worked out by hand."""

from __future__ import annotations

import itertools

import pytest

from parlour.core.errors import IllegalAction, RulesError
from parlour.games.beggar.cards import parse_hand
from parlour.games.beggar.game import GAME
from parlour.games.beggar.rules import FLIP, BeggarRules

from .helpers import of_type, outs, play_out

PAULHUS = ("------------KAQ----J------", "-JQQK---K----JK--QA-A-JA--")


def test_paulhus_1999_record_deal() -> None:
    state = play_out(list(PAULHUS))
    assert state.outcome is not None
    assert state.outcome.detail == {"cards": 4791, "tricks": 670, "round_status": "finished"}
    assert state.outcome.winners == (0,)


def test_two_players_end_at_the_trick_boundary_where_a_hand_is_empty() -> None:
    # A leads K; B pays three number cards, his whole hand: A collects and B, empty at the
    # trick boundary, is out at once (A does not lead again).
    state = play_out(["K", "---"])
    assert state.results[0].to_json()["cards"] == 4
    assert state.results[0].tricks == 1
    assert state.results[0].winner == 0


def test_a_player_who_laid_his_last_card_is_still_owed_the_pile() -> None:
    # A's only card is a J; B pays one number card: A collects and stays in.
    state = play_out(["J", "-K---"])
    captures = of_type(state, "capture")
    assert captures[0].data["seat"] == 0
    assert state.outcome is not None


def test_penalty_during_tribute_passes_the_debt_and_counting_restarts() -> None:
    # A: K; B pays '-', then Q: now A owes 2 (not the 2 left of the K).
    state = GAME.new_state(2, deal={"hands": ["K--Q", "-Q---"]})
    for _ in range(3):
        state.apply(FLIP)
    assert state.claimant == 1
    assert state.owed == 2
    assert state.turn == 0


def test_captured_pile_goes_under_the_hand_in_the_order_played() -> None:
    state = GAME.new_state(2, deal={"hands": ["Q8", "5 6 9"]})
    for _ in range(3):  # Q, then 5 and 6 paid: A collects
        state.apply(FLIP)
    assert list(state.hands[0]) == ["8", "Q", "5", "6"]


def test_three_players_exhausted_payer_gives_the_pile_to_the_claimant() -> None:
    state = play_out(["K", "--", "----"])
    result = state.results[0]
    assert (result.status, result.cards, result.tricks, result.winner) == ("finished", 10, 3, 0)
    assert outs(state) == [1, 2]


def test_three_players_next_pays_takes_over_the_count() -> None:
    state = play_out(["K", "--", "----"], exhausted_payer="next_pays")
    result = state.results[0]
    assert (result.status, result.cards, result.tricks, result.winner) == ("finished", 8, 2, 0)
    assert outs(state) == [1, 2]


@pytest.mark.parametrize("convention", ["pile_to_claimant", "next_pays"])
def test_four_players_elimination_order(convention: str) -> None:
    # A, B, C lay their only card, D a queen; A cannot pay. pile_to_claimant: D collects the
    # 4 cards and holds every card, so B and C (seated, empty) are out and the round ends.
    # next_pays: B then C cannot pay either, D is left alone and takes the pile. 4 cards, 1 trick.
    state = play_out(["-", "-", "-", "Q-"], exhausted_payer=convention)
    result = state.results[0]
    assert (result.cards, result.tricks, result.winner) == (4, 1, 3)
    assert outs(state) == [0, 1, 2]
    assert len(state.hands[3]) == 5


@pytest.mark.parametrize("convention", ["pile_to_claimant", "next_pays"])
def test_three_players_end_when_one_holds_every_card(convention: str) -> None:
    # A: - K, B: - - - -, C: -. After -, -, -, K, B pays his last three cards: A collects all 7
    # cards while B and C, with nothing left, are still seated. The round ends there (7 cards,
    # 1 trick); A must not lead again (that gave 8 cards and 2 tricks).
    state = play_out(["-K", "----", "-"], exhausted_payer=convention)
    result = state.results[0]
    assert (result.status, result.cards, result.tricks, result.winner) == ("finished", 7, 1, 0)
    assert outs(state) == [1, 2]
    assert len(state.hands[0]) == 7
    assert of_type(state, "capture")[-1].data["size"] == 7


def test_five_and_six_players_play_to_one_winner_holding_every_card() -> None:
    for hands in (["-A", "K-", "--", "Q-", "-J"], ["-A", "K-", "--", "Q-", "-J", "--"]):
        for convention in ("pile_to_claimant", "next_pays"):
            state = play_out(hands, exhausted_payer=convention)
            winner = state.results[0].winner
            assert winner is not None
            assert len(state.hands[winner]) == sum(len(h) for h in hands)
            assert len(outs(state)) == len(hands) - 1


def test_loop_is_detected_at_the_first_repeated_trick_boundary() -> None:
    # Worked by hand: after trick 3 the state (A leads, A=--J-, B=J-) repeats trick 1's.
    state = play_out(["J--", "-J-"])
    assert state.outcome is not None
    assert state.outcome.status == "loop"
    assert state.outcome.winners == ()
    assert state.outcome.detail["cards"] == 8
    assert state.outcome.detail["tricks"] == 3


def test_loop_with_most_cards_gives_the_round_to_the_bigger_stack() -> None:
    state = play_out(["J--", "-J-"], on_loop="most_cards")
    assert state.outcome is not None
    assert state.outcome.status == "loop"
    assert state.outcome.winners == (0,)  # A holds 4 cards to B's 2 at the repeat


def test_number_cards_are_alike_for_loop_detection() -> None:
    # The same loop with real ranks: suits and number ranks never matter.
    state = play_out(["J♠ 2♠ 3♠", "4♠ J♥ 5♠"])
    assert state.outcome is not None
    assert state.outcome.status == "loop"


def test_joker_is_a_super_penalty_card_worth_five() -> None:
    state = GAME.new_state(2, deal={"hands": ["X", "------"]}, rules=BeggarRules(jokers=1))
    state.apply(FLIP)
    assert state.owed == 5


def test_beggar_joker_cannot_be_countered_and_wins_the_pile() -> None:
    rules = BeggarRules(beggar_joker=True)
    state = GAME.new_state(2, deal={"hands": ["B-", "AKQJ--"]}, rules=rules)
    for _ in range(6):
        state.apply(FLIP)
    captures = [e for e in state.log if e.type == "capture"]
    assert captures[0].data["seat"] == 0
    assert captures[0].data["size"] == 6


def test_shuffle_captured_keeps_every_card_and_is_reproducible() -> None:
    one = play_out(list(PAULHUS), shuffle_captured=True)
    two = play_out(list(PAULHUS), shuffle_captured=True)
    assert [e.to_json() for e in one.log] == [e.to_json() for e in two.log]
    assert one.outcome is not None
    winner = one.outcome.winners[0]
    assert len(one.hands[winner]) == 52


def test_shuffle_captured_shuffles_every_captured_pile() -> None:
    # A seeded deal of the real deck: every card is distinct, so a pile put back in the order
    # played is seen as such. Each capture must add the pile's cards, and most must reorder them.
    state = GAME.new_state(2, seed=7, rules=BeggarRules(shuffle_captured=True, max_turns=20000))
    captures = reordered = 0
    while not state.is_over:
        laid = [*state.pile, state.hands[state.turn][0]]
        before = len(state.log)
        state.apply(FLIP)
        taken = [e for e in state.log[before:] if e.type == "capture"]
        if not taken:
            continue
        tail = list(state.hands[taken[0].data["seat"]])[-len(laid) :]
        assert sorted(tail) == sorted(laid)
        captures += 1
        reordered += tail != laid
    assert captures > 10
    assert reordered > captures // 3


def test_match_best_of_three_passes_the_deal_left() -> None:
    state = GAME.new_state(3, seed=11, rules=BeggarRules(match="best_of_three", max_turns=100000))
    while not state.is_over:
        state.apply(FLIP)
    assert state.outcome is not None
    dealers = [r.dealer for r in state.results]
    assert all((b - a) % 3 == 1 for a, b in itertools.pairwise(dealers))
    if state.outcome.status == "finished":
        assert max(state.wins) == 2
        assert state.outcome.winners == (state.wins.index(2),)


def test_first_to_three_needs_three_round_wins() -> None:
    state = GAME.new_state(2, seed=5, rules=BeggarRules(match="first_to_three", max_turns=200000))
    while not state.is_over:
        state.apply(FLIP)
    assert state.outcome is not None
    assert state.outcome.status == "finished"
    assert max(state.wins) == 3
    assert len(state.results) >= 3


def test_dealer_is_drawn_by_highest_card_and_the_player_to_his_left_leads() -> None:
    state = GAME.new_state(4, seed=3)
    draws = [e for e in state.log if e.type == "dealer_draw"]
    order = "23456789TJQKA"
    last = draws[-1].data["cards"]
    best = max(last.values(), key=lambda c: order.index(c[:-1].replace("10", "T")))
    assert last[str(state.dealer)] == best
    assert state.turn == (state.dealer + 1) % 4
    sizes = [len(h) for h in state.hands]
    assert sizes == [13, 13, 13, 13]


def test_uneven_hands_with_three_players_start_left_of_the_dealer() -> None:
    state = GAME.new_state(3, seed=8)
    first = (state.dealer + 1) % 3
    assert len(state.hands[first]) == 18
    assert sorted(len(h) for h in state.hands) == [17, 17, 18]


def test_turn_cap_ends_the_game_as_a_draw_and_says_so() -> None:
    state = play_out(list(PAULHUS), max_turns=100)
    assert state.outcome is not None
    assert state.outcome.status == "capped"
    assert state.log[-1].type == "capped"
    assert state.turns == 100


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"jokers": 1, "beggar_joker": True}, "one joker variant"),
        ({"jokers": 3}, "jokers"),
        ({"exhausted_payer": "nobody"}, "exhausted_payer"),
        ({"max_turns": 0}, "max_turns"),
    ],
)
def test_invalid_rules_are_refused_with_a_message(options: dict, fragment: str) -> None:
    with pytest.raises(RulesError, match=fragment):
        BeggarRules(**options)


@pytest.mark.parametrize(
    ("hands", "fragment"),
    [
        (["X", "-"], "joker"),
        (["B", "-"], "beggar joker"),
        (["-Z", "-"], "bad card"),
        (["", ""], "no cards"),
    ],
)
def test_impossible_deals_are_refused(hands: list[str], fragment: str) -> None:
    with pytest.raises(RulesError, match=fragment):
        GAME.new_state(2, deal={"hands": hands})


def test_jokers_beyond_the_variant_s_count_are_refused() -> None:
    with pytest.raises(RulesError, match="2 joker"):
        GAME.new_state(2, deal={"hands": ["XX", "-"]}, rules=BeggarRules(jokers=1))
    with pytest.raises(RulesError, match="beggar joker"):
        GAME.new_state(2, deal={"hands": ["BB", "-"]}, rules=BeggarRules(beggar_joker=True))


def test_explicit_deals_accept_any_cards_penalty_cards_by_rank() -> None:
    # Five aces, 40 number cards and a repeated A♠: not a deck, still a deal. Each ace, whatever
    # its suit, asks for four cards.
    state = play_out(["A♠" * 5, "-" * 40, "A♠ 2♥ 2♥"])
    assert state.outcome is not None and state.outcome.status == "finished"
    assert sum(len(h) for h in state.hands) == 48
    state = GAME.new_state(2, deal={"hands": ["AAAAA", "-" * 30]})
    state.apply(FLIP)
    assert state.owed == 4


def test_players_out_of_range_are_refused() -> None:
    with pytest.raises(RulesError, match="2 to 6"):
        GAME.new_state(7)


def test_illegal_action_changes_nothing() -> None:
    state = GAME.new_state(2, deal={"hands": list(PAULHUS)})
    before = state.view(None)
    with pytest.raises(IllegalAction, match=r"it is not seat 1's turn \(seat 0 plays\)") as err:
        state.apply(FLIP, seat=1)
    assert err.value.rule == "out_of_turn"
    with pytest.raises(IllegalAction, match=r"the only move in Beggar-My-Neighbour is to flip"):
        state.apply(object())  # type: ignore[arg-type]
    assert state.view(None) == before
    assert state.actions == []


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("10H2SKD", ["10♥", "2♠", "K♦"]),
        ("A3C", ["A", "3♣"]),
        ("KS", ["K♠"]),
        ("KSAH", ["K♠", "A♥"]),
        ("ks ah", ["K♠", "A♥"]),
        ("KS, 10D", ["K♠", "10♦"]),
        ("TH-K", ["10♥", "-", "K"]),
        ("10♥2♠K♦", ["10♥", "2♠", "K♦"]),
        ("-K--A", ["-", "K", "-", "-", "A"]),
    ],
)
def test_letter_suits_are_read_after_a_rank(text: str, cards: list[str]) -> None:
    assert parse_hand(text) == cards


@pytest.mark.parametrize(
    ("text", "fragment"), [("S", "bad card 'S'"), ("K S", "bad card 'S'"), ("-S", "suit")]
)
def test_a_suit_letter_is_never_a_rank(text: str, fragment: str) -> None:
    with pytest.raises(RulesError, match=fragment) as caught:
        parse_hand(text)
    assert "S H D C" in str(caught.value) and "2..10 or T" in str(caught.value)
