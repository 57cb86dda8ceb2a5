"""Scenario tests of RULES.md §3 from explicit deals (French default deck)."""

from __future__ import annotations

import pytest

from parlour.core.errors import IllegalAction, RulesError
from parlour.core.game import Seat
from parlour.games.askdraw.engine import Ask
from parlour.games.familles.game import GAME
from parlour.games.familles.rules import FamillesRules
from tests.games.familles.conftest import ask, c, family, make


def test_a_hit_gives_the_card_and_the_asker_goes_on() -> None:
    s = make([["boulanger/father"], ["boulanger/daughter", "boucher/son"]])
    events = ask(s, 1, "boulanger/daughter")
    assert [e.type for e in events] == ["ask", "give"]
    assert c("boulanger/daughter") in s.hands[0]
    assert c("boulanger/daughter") not in s.hands[1]
    assert s.to_move == 0


def test_a_miss_says_pioche_draws_and_passes_to_the_asked_player() -> None:
    s = make([["boulanger/father"], ["boucher/son"], ["pompier/son"]], pile_top=["docteur/mother"])
    events = ask(s, 2, "boulanger/daughter")
    assert [e.type for e in events if e.audience is None][:2] == ["ask", "pioche"]
    assert c("docteur/mother") in s.hands[0]
    assert s.to_move == 2  # next_after_miss = "asked" by default


def test_next_after_miss_left_passes_to_the_askers_left() -> None:
    s = make(
        [["boulanger/father"], ["boucher/son"], ["pompier/son"]],
        pile_top=["docteur/mother"],
        next_after_miss="left",
    )
    ask(s, 2, "boulanger/daughter")
    assert s.to_move == 1


def test_the_drawn_card_is_private_to_the_drawer() -> None:
    s = make([["boulanger/father"], ["boucher/son"], ["pompier/son"]], pile_top=["docteur/mother"])
    events = ask(s, 1, "boulanger/daughter")
    draws = [e for e in events if e.type == "draw"]
    secret = [e for e in draws if "card" in e.data]
    assert len(secret) == 1 and secret[0].visible_to(0) and not secret[0].visible_to(1)
    assert all("card" not in e.data for e in draws if e.visible_to(1) or e.visible_to(2))


def test_bonne_pioche_is_shown_and_the_asker_goes_on() -> None:
    s = make([["boulanger/father"], ["boucher/son"]], pile_top=["boulanger/daughter"])
    events = ask(s, 1, "boulanger/daughter")
    bonne = [e for e in events if e.type == "bonne_pioche"]
    assert bonne and bonne[0].public and bonne[0].data["card"] == c("boulanger/daughter")
    assert s.to_move == 0 and c("boulanger/daughter") in s.hands[0]


def test_completing_a_family_by_a_gift_lays_it_and_goes_on() -> None:
    five = family("boulanger")[:5]
    s = make([[*five, "boucher/son"], ["boulanger/daughter", "pompier/son"]])
    events = ask(s, 1, "boulanger/daughter")
    assert "lay" in [e.type for e in events]
    assert s.laid[0] == 0 and not s.hands[0] & set(family("boulanger"))
    assert s.to_move == 0


def test_completing_a_family_by_a_plain_draw_ends_the_turn() -> None:
    five = family("boulanger")[:5]
    s = make([[*five, "boucher/son"], ["pompier/son"]], pile_top=["boulanger/daughter"])
    # Asking for the boucher father draws the boulanger daughter: a plain draw.
    events = ask(s, 1, "boucher/father")
    assert "lay" in [e.type for e in events]
    assert s.laid[0] == 0
    assert s.to_move == 1


def test_family_replays_lets_the_player_go_on_after_a_plain_draw() -> None:
    five = family("boulanger")[:5]
    s = make(
        [[*five, "boucher/son"], ["pompier/son"]],
        pile_top=["boulanger/daughter"],
        family_replays=True,
    )
    ask(s, 1, "boucher/father")
    assert s.laid[0] == 0 and s.to_move == 0


def test_an_empty_hand_after_laying_draws_a_card_and_goes_on() -> None:
    five = family("boulanger")[:5]
    s = make([five, ["boulanger/daughter", "pompier/son"]], pile_top=["docteur/son"])
    events = ask(s, 1, "boulanger/daughter")
    kinds = [e.type for e in events if e.visible_to(0)]
    assert kinds.index("lay") < kinds.index("draw")
    assert s.hands[0] == {c("docteur/son")} and s.to_move == 0


def test_an_empty_hand_at_the_start_of_a_turn_draws_then_asks() -> None:
    s = make([[], ["boucher/son"]], pile_top=["pompier/father"])
    assert s.hands[0] == {c("pompier/father")}
    assert s.to_move == 0
    assert any(e.type == "draw" and e.data.get("reason") == "empty_hand" for e in s.log)


def spread(hands: list[list[str]], players: list[int], total: int) -> list[list[int]]:
    """Explicit hands, then every other card dealt round the `players` (no pile)."""
    out = [[c(x) for x in hand] for hand in hands]
    used = {x for hand in out for x in hand}
    rest = [x for x in range(42) if x not in used]
    for index, card in enumerate(rest):
        out[players[index % len(players)]].append(card)
    assert sum(len(h) for h in out) == total
    return out


def test_with_an_empty_pile_a_miss_passes_the_turn() -> None:
    hands = spread([["boulanger/father"], [], []], [1, 2], 42)
    # Put the boulanger daughter with seat 2, so asking seat 1 for it misses.
    d = c("boulanger/daughter")
    if d in hands[1]:
        hands[1].remove(d)
        swap = next(x for x in hands[2] if x // 6 != 0)
        hands[2].remove(swap)
        hands[1].append(swap)
        hands[2].append(d)
    s = GAME.new_state(3, deal={"hands": hands, "pile": [], "first": 0})
    events = ask(s, 1, "boulanger/daughter")
    assert [e.type for e in events][:3] == ["ask", "pioche", "turn"]
    assert not any(e.type == "draw" for e in events)
    assert s.to_move == 1


def test_an_empty_hand_with_an_empty_pile_passes() -> None:
    hands = spread([[], [], []], [1, 2], 42)
    s = GAME.new_state(3, deal={"hands": hands, "pile": [], "first": 0})
    assert any(e.type == "pass" and e.data["seat"] == 0 for e in s.log)
    assert s.to_move == 1


def test_the_last_family_laid_ends_the_game_and_most_families_wins() -> None:
    # Six families are dealt complete (laid at once); the seventh decides.
    hands = [
        family("boulanger") + family("boucher") + family("facteur") + family("docteur")[:5],
        family("pecheur") + family("pompier") + family("jardinier") + ["docteur/daughter"],
    ]
    s = GAME.new_state(2, deal={"hands": hands, "pile": [], "first": 0})
    assert sorted(s.laid[:6]) == [0, 0, 0, 1, 1, 1]
    ask(s, 1, "docteur/daughter")
    assert s.is_over
    assert s.outcome.scores == (4.0, 3.0) and s.outcome.winners == (0,)


def test_a_tie_is_shared() -> None:
    hands = [
        family("boulanger") + family("boucher") + family("docteur")[:5],
        family("pecheur") + family("pompier") + family("jardinier"),
        family("facteur")[:5],
    ]
    hands[1] += [c("docteur/daughter"), c("facteur/daughter")]
    s = GAME.new_state(3, deal={"hands": hands, "pile": [], "first": 2})
    ask(s, 1, "facteur/daughter")  # seat 2 lays the facteur family, then has no cards
    assert s.laid[2] == 2 and s.to_move == 0
    ask(s, 1, "docteur/daughter")
    assert s.is_over
    assert s.outcome.scores == (3.0, 3.0, 1.0)
    assert s.outcome.winners == (0, 1)
    assert s.outcome.returns[0] == s.outcome.returns[1] == 0.5


def test_ask_any_family_allows_a_family_not_held() -> None:
    s = make([["boulanger/father"], ["boucher/son"]], ask_any_family=True)
    ask(s, 1, "boucher/son")
    assert c("boucher/son") in s.hands[0]


@pytest.mark.parametrize(
    ("target", "card", "rule"),
    [
        (1, "boucher/son", "family_not_held"),
        (1, "boulanger/father", "card_held"),
        (2, "boulanger/daughter", "target_empty"),
        (0, "boulanger/daughter", "ask_self"),
    ],
)
def test_illegal_asks_name_the_rule_and_change_nothing(target: int, card: str, rule: str) -> None:
    hands = [["boulanger/father"], ["boucher/son", "boulanger/daughter"], []]
    s = make(hands, pile_top=["pompier/son"])
    assert not s.hands[2]  # an empty hand draws only at its own turn
    before = (list(map(sorted, s.hands)), list(s.pile), s.to_move, len(s.log))
    with pytest.raises(IllegalAction, match=r"\w") as err:
        ask(s, target, card)
    assert err.value.rule == rule
    assert (list(map(sorted, s.hands)), list(s.pile), s.to_move, len(s.log)) == before


def test_asking_for_a_laid_family_is_refused() -> None:
    hands = [[*family("boulanger"), "boucher/son"], ["pompier/son"]]
    s = make(hands, ask_any_family=True)
    with pytest.raises(IllegalAction, match=r"that family is already laid down") as err:
        ask(s, 1, "boulanger/father")
    assert err.value.rule == "card_laid"


def test_the_youngest_starts() -> None:
    seats = [Seat("Ana", age=40), Seat("Léa", age=6), Seat("Tom", age=9)]
    s = GAME.new_state(seats, seed=3)
    assert s.first == 1 and s.to_move == 1


@pytest.mark.parametrize(("players", "size"), [(2, 6), (2, 7), (2, 8), (4, 6), (4, 7), (6, 7)])
def test_hand_sizes(players: int, size: int) -> None:
    s = GAME.new_state(players, seed=1, rules=FamillesRules(hand_size=size))
    deal = s.log[0]
    assert deal.data["sizes"] == [size] * players
    assert deal.data["pile"] == 42 - size * players


def test_eight_cards_only_at_two_players() -> None:
    with pytest.raises(RulesError, match="only for two"):
        GAME.new_state(3, seed=1, rules=FamillesRules(hand_size=8))
    with pytest.raises(RulesError, match=r"option hand_size must be one of 6, 7, 8, not 5"):
        FamillesRules(hand_size=5)
    with pytest.raises(RulesError, match=r"familles is played by 2 to 6 players, not 7"):
        GAME.new_state(7, seed=1)


def test_the_turn_cap_ends_the_game_as_a_draw() -> None:
    s = GAME.new_state(3, seed=5, rules=FamillesRules(max_turns=3))
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    assert s.outcome.status == "capped" and s.outcome.winners == () and s.turns == 3


def test_action_ids_round_trip() -> None:
    s = GAME.new_state(4, seed=2)
    assert GAME.num_actions(s.rules, 4) == 168
    for action in s.legal_actions():
        assert GAME.action_from_id(action.id, s.rules, 4) == action
        assert GAME.action_from_json(action.to_json()) == action
    with pytest.raises(ValueError, match=r"action ids run from 0 to 167, not 168"):
        GAME.action_from_id(168, s.rules, 4)


def test_a_deal_must_account_for_every_card() -> None:
    with pytest.raises(RulesError, match="leaves out"):
        GAME.new_state(2, deal={"hands": [[0], [1]], "pile": [2]})
    with pytest.raises(RulesError, match="twice"):
        GAME.new_state(2, deal={"hands": [[0], [0]], "pile": list(range(1, 42))})


def test_a_card_by_name_in_a_deal() -> None:
    rest = [x for x in range(42) if x not in (c("boulanger/daughter"), c("pompier/son"))]
    s = GAME.new_state(2, deal={"hands": [["boulanger/daughter"], ["pompier/son"]], "pile": rest})
    assert s.hands[0] == {c("boulanger/daughter")}
    assert Ask(1, 0) in s.legal_actions()
