"""Go Fish rules on explicit deals: asks, « Go fish! », books, empty hands, the two ends."""

from __future__ import annotations

import random
from typing import Any

import pytest

from parlour.core.errors import IllegalAction, RulesError
from parlour.core.events import Event
from parlour.games.gofish.game import GAME, parse_card
from parlour.games.gofish.rules import GoFishRules, GoFishState, RankAsk, openspiel_deal

RULES = GoFishRules()


def c(label: str, rules: GoFishRules = RULES) -> int:
    return parse_card(rules, label)


def make(
    hands: list[list[str]], pile: list[str] = (), first: int = 0, **options: Any
) -> GoFishState:
    """A game from explicit hands and pool (top first); with the standard deck, the cards left
    out go to the bottom of the pool."""
    rules = GoFishRules(**options)
    ids = [[c(x, rules) for x in hand] for hand in hands]
    top = [c(x, rules) for x in pile]
    used = {x for hand in ids for x in hand} | set(top)
    rest = [x for x in range(rules.num_cards) if x not in used]
    deal = {"hands": ids, "pile": top + rest, "first": first}
    return GAME.new_state(len(hands), deal=deal, rules=rules)


def ask(state: GoFishState, target: int, rank: int) -> list[Event]:
    return state.apply(RankAsk(target, rank, state.rules.ranks))


def kinds(events: list[Event]) -> list[str]:
    return [e.type for e in events if e.public or e.hidden_from]


def test_the_player_asked_gives_every_card_of_the_rank_and_the_asker_goes_on() -> None:
    state = make([["7♠", "2♥"], ["7♥", "7♦", "K♠"]])
    events = ask(state, 1, 6)
    give = next(e for e in events if e.type == "give")
    assert sorted(give.data["cards"]) == [c("7♥"), c("7♦")]
    assert state.hands[0] == {c("7♠"), c("7♥"), c("7♦"), c("2♥")}
    assert state.to_move == 0


def test_a_book_is_laid_at_once() -> None:
    state = make([["7♠", "7♣", "2♥"], ["7♥", "7♦", "K♠"]])
    events = ask(state, 1, 6)
    assert "lay" in kinds(events)
    assert state.laid[6] == 0 and state.books() == [1, 0]
    assert state.hands[0] == {c("2♥")}


def test_go_fish_then_the_turn_passes_to_the_left() -> None:
    state = make([["7♠"], ["K♠"], ["Q♠"]], pile=["2♥"])
    events = ask(state, 1, 6)
    assert kinds(events)[:3] == ["ask", "pioche", "draw"]
    assert c("2♥") in state.hands[0]
    assert state.to_move == 1  # OpenSpiel: the asker's left, whoever was asked


def test_fishing_the_rank_asked_for_shows_it_and_the_asker_goes_on() -> None:
    state = make([["7♠", "2♠"], ["K♠"]], pile=["7♥"])
    events = ask(state, 1, 6)
    lucky = next(e for e in events if e.type == "bonne_pioche")
    assert lucky.public and lucky.data["card"] == c("7♥")
    assert state.to_move == 0


def test_a_book_completed_by_a_plain_draw_still_ends_the_turn() -> None:
    state = make([["7♠", "2♠", "2♥", "2♦"], ["K♠"]], pile=["2♣"])
    ask(state, 1, 6)
    assert state.laid[1] == 0 and state.to_move == 1


def test_a_miss_with_an_empty_pool_passes() -> None:
    rules = GoFishRules(ranks=3, suits=2, initial_cards=1)
    state = GAME.new_state(3, deal={"hands": [[0], [2], [1, 3, 4, 5]], "pile": []}, rules=rules)
    assert state.laid[2] == 2  # a pair dealt is laid at once
    ask(state, 1, 0)
    assert state.to_move == 1 and state.hands[0] == {0}


def test_an_empty_hand_draws_before_asking() -> None:
    state = make([["7♠", "7♣", "7♥"], ["7♦", "K♠"]], pile=["2♥"])
    ask(state, 1, 6)  # the book empties seat 0's hand: it draws and asks on
    assert state.hands[0] == {c("2♥")} and state.to_move == 0


def test_without_ask_after_empty_draw_the_draw_ends_the_turn() -> None:
    state = make([["7♠", "7♣", "7♥"], ["7♦", "K♠"]], pile=["2♥"], ask_after_empty_draw=False)
    ask(state, 1, 6)
    assert state.hands[0] == {c("2♥")} and state.to_move == 1


def test_end_on_first_out_ends_when_a_book_empties_a_hand() -> None:
    state = make([["7♠", "7♣", "7♥"], ["7♦", "K♠"]], pile=["2♥"], end_on_first_out=True)
    ask(state, 1, 6)
    assert state.outcome is not None
    assert state.outcome.detail["first_out"] == 0 and state.outcome.winners == (0,)


def test_the_first_player_out_wins_without_most_books_wins() -> None:
    kings_and_queens = ["K♠", "K♥", "K♦", "K♣", "Q♠", "Q♥", "Q♦", "Q♣"]
    state = make(
        [["7♠", "7♣", "7♥"], ["7♦", *kings_and_queens]],
        end_on_first_out=True,
        most_books_wins=False,
    )
    assert state.books() == [0, 2]
    ask(state, 1, 6)
    assert state.outcome is not None and state.books() == [1, 2]
    assert state.outcome.returns == (1.0, -1.0) and state.outcome.winners == (0,)


def test_most_books_wins_and_ties_are_shared() -> None:
    rules = GoFishRules(ranks=2, suits=2, initial_cards=1)
    state = GAME.new_state(2, deal={"hands": [[0, 2], [1, 3]], "pile": []}, rules=rules)
    ask(state, 1, 0)
    assert state.outcome is None
    ask(state, 1, 1)
    assert state.outcome is not None and state.outcome.returns == (1.0, -1.0)
    state = GAME.new_state(3, deal={"hands": [[0], [1, 2], [3]], "pile": []}, rules=rules)
    ask(state, 1, 0)  # seat 0 books rank 0; seat 1 then asks seat 2 for rank 1
    ask(state, 2, 1)
    assert state.outcome is not None and state.outcome.returns == (0.5, 0.5, -1.0)


@pytest.mark.parametrize(
    ("target", "rank", "rule"),
    [(0, 6, "ask_self"), (1, 0, "rank_not_held"), (5, 6, "no_such_seat"), (1, 13, "no_such_group")],
)
def test_illegal_asks_name_their_rule(target: int, rank: int, rule: str) -> None:
    state = make([["7♠"], ["K♠"]])
    with pytest.raises(IllegalAction) as caught:
        ask(state, target, rank)
    assert caught.value.rule == rule
    assert state.hands[0] == {c("7♠")}


def test_asks_have_openspiel_ids_and_a_json_form() -> None:
    rules = GoFishRules()
    action = GAME.action_from_id(1 * 13 + 6, rules, 3)
    assert action == RankAsk(1, 6) and action.id == 19
    assert action.to_json() == {"type": "ask", "target": 1, "rank": 6}
    assert GAME.action_from_json(action.to_json()) == action
    assert GAME.num_actions(rules, 3) == 39


def test_openspiel_deals_again_after_a_book_but_not_to_the_last_seat() -> None:
    rules = GoFishRules(ranks=4, suits=2, initial_cards=3)
    # Seat 0: 0, 1 (a pair of rank 0: laid, dealt again), 2, 4, 6; seat 1: 3, 5, 7 (rank 3's
    # pair on its third card: the deal ends there).
    deck = [0, 1, 2, 4, 6, 3, 5, 7]
    hands, rest = openspiel_deal(deck, 2, 3, 2, False)
    assert hands == [[0, 1, 2, 4, 6], [3, 5, 7]] and rest == []
    state = GAME.new_state(2, deal={"deck": deck}, rules=rules)
    assert state.laid == [0, -1, -1, -1]
    assert state.hands == [{2, 4, 6}, {3, 5, 7}]


def test_a_book_dealt_that_empties_a_hand_ends_the_game_on_first_out() -> None:
    rules = GoFishRules(ranks=4, suits=2, initial_cards=2, end_on_first_out=True)
    state = GAME.new_state(2, deal={"deck": [0, 1, 2, 4, 3, 5, 6, 7]}, rules=rules)
    assert state.outcome is not None and state.outcome.detail["first_out"] == 0
    assert state.hands == [set(), set()]


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"suits": 1}, "suits"),
        ({"ranks": 0}, "ranks"),
        ({"ranks": 1_000_000}, "ranks must be 1 to 64"),  # a web visitor's million-card deck
        ({"suits": 17}, "suits must be 2 to 16"),
        ({"initial_cards": 0}, "initial_cards"),
        ({"most_books_wins": False}, "end_on_first_out"),
    ],
)
def test_bad_rules_are_refused_with_what_to_change(options: dict[str, Any], words: str) -> None:
    with pytest.raises(RulesError, match=words):
        GoFishRules(**options)


def test_a_table_too_big_for_the_deck_is_refused() -> None:
    with pytest.raises(RulesError, match="need more than"):
        GAME.new_state(5, rules=GoFishRules(ranks=4, suits=4))
    with pytest.raises(RulesError):
        GAME.new_state(11)


def test_the_largest_deck_allowed_plays_a_whole_game() -> None:
    rules = GoFishRules(ranks=64, suits=16)
    state = GAME.new_state(2, rules=rules, seed=1)
    rng = random.Random(1)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert sum(state.outcome.detail["books"]) == 64


def test_openspiel_default_hand_sizes() -> None:
    assert [len(GAME.new_state(n, seed=1).hands[1]) for n in (2, 3)] in ([7, 5], [7, 5])
    assert GoFishRules().hand_size(2) == 7 and GoFishRules().hand_size(4) == 5


def test_narration_in_both_languages() -> None:
    state = make([["7♠"], ["K♠"]], pile=["2♥"])
    events = ask(state, 1, 6)
    names = ["Ann", "Bob"]
    lines = {
        lang: [GAME.narrate(e, lang, names) for e in events if e.public] for lang in ("en", "fr")
    }
    assert "Ann to Bob: “Have you got any sevens?”" in lines["en"]
    assert "Bob: “Go fish!”" in lines["en"]
    assert "Ann à Bob\u00a0: «\u00a0As-tu des sept\u00a0?\u00a0»" in lines["fr"]
    assert "Bob\u00a0: «\u00a0Va pêcher\u00a0!\u00a0»" in lines["fr"]
    assert GAME.title == {"en": "Go Fish", "fr": "Va pêcher"}
    assert "OpenSpiel" in GAME.rules_text("en") and "Va pêcher" not in GAME.rules_text("en")
