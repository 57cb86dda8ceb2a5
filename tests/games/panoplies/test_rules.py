"""Scenario tests of RULES.md §4 from explicit deals.

Four players by default play the grandfather (seat 0), the grandmother (1), the father (2) and
the mother (3); the son and the daughter belong to nobody. Card = garment * 6 + character.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from parlour.core.errors import IllegalAction, RulesError
from parlour.core.game import Seat
from parlour.games.askdraw.engine import Ask
from parlour.games.panoplies.deck import wardrobe
from parlour.games.panoplies.game import GAME
from parlour.games.panoplies.rules import PanopliesRules, PanopliesState

W = wardrobe()


def c(name: str) -> int:
    garment, _, character = name.partition("/")
    return W.card(garment, character)


def outfit(character: str) -> list[int]:
    return W.outfit(W.characters.index(character))


def make(
    hands: list[list[Any]], pile_top: list[Any] = (), first: int = 0, **rules: Any
) -> PanopliesState:  # type: ignore[assignment]
    ids = [[x if isinstance(x, int) else c(x) for x in hand] for hand in hands]
    top = [x if isinstance(x, int) else c(x) for x in pile_top]
    ward = PanopliesRules(**rules).wardrobe
    used = {x for hand in ids for x in hand} | set(top)
    rest = [x for x in range(ward.num_cards) if x not in used]
    deal = {"hands": ids, "pile": top + rest, "first": first}
    return GAME.new_state(len(hands), deal=deal, rules=PanopliesRules(**rules))


def ask(state: PanopliesState, target: int, card: str | int) -> list[Any]:
    return state.apply(Ask(target, card if isinstance(card, int) else c(card)))


def kinds(events: list[Any]) -> list[str]:
    return [e.type for e in events if e.public]


SHOES = W.garments.index("shoes")


def test_a_garment_is_lost_when_taken_from_its_own_player() -> None:
    s = make([["socks/mother"], ["coat/son"], ["coat/daughter"], ["shoes/mother"]])
    events = ask(s, 3, "shoes/mother")
    lost = [e for e in events if e.type == "garment_lost"]
    assert lost and lost[0].data == {
        "seat": 3,
        "garment": "shoes",
        "character": "mother",
        "by": 0,
    }
    assert s.wearing[3][SHOES] is False
    assert s.view(None)["wardrobe"] == [{"character": "mother", "garment": "shoes"}]


def test_no_loss_when_taken_from_someone_else_or_dealt() -> None:
    s = make([["socks/mother"], ["shoes/mother"], ["coat/daughter"], ["coat/son"]])
    events = ask(s, 1, "shoes/mother")
    assert "garment_lost" not in kinds(events)
    assert all(all(w) for w in s.wearing)


def test_no_loss_when_drawn_after_a_miss() -> None:
    s = make(
        [["socks/mother"], ["coat/son"], ["coat/daughter"], ["jumper/mother"]], ["shoes/mother"]
    )
    events = ask(s, 1, "shirt/mother")  # a miss; the shoes are a plain draw
    assert c("shoes/mother") in s.hands[0]
    assert "garment_lost" not in kinds(events) and all(s.wearing[3])


def test_a_bonne_pioche_loses_the_garment_whoever_was_asked() -> None:
    s = make(
        [["socks/mother"], ["coat/son"], ["coat/daughter"], ["jumper/mother"]], ["shoes/mother"]
    )
    events = ask(s, 1, "shoes/mother")
    assert "bonne_pioche" in kinds(events) and "garment_lost" in kinds(events)
    assert s.wearing[3][SHOES] is False


def test_winning_ones_own_garment_back() -> None:
    s = make(
        [["socks/mother"], ["coat/son"], ["coat/daughter"], ["shoes/mother", "jumper/mother"]],
        next_after_miss="left",
    )
    ask(s, 3, "shoes/mother")  # lost
    # Seat 0 misses, the turn goes round to seat 3 (left), who asks for the shoes back.
    ask(s, 1, "shirt/mother")
    while s.to_move != 3:
        s.apply(next(a for a in s.legal_actions() if a.card not in s.hands[a.target]))
    events = ask(s, 0, "shoes/mother")
    assert "garment_back" in kinds(events) and s.wearing[3][SHOES] is True


def test_laying_ones_own_outfit_makes_one_safe_and_play_goes_on() -> None:
    mine = outfit("grandfather")
    s = make(
        [[*mine[:6], "coat/son"], [mine[6], "coat/daughter"], ["coat/father"], ["coat/mother"]]
    )
    events = ask(s, 1, mine[6])
    outfit_events = [e for e in events if e.type == "outfit"]
    assert outfit_events[0].data["kind"] == "own"
    assert s.safe[0] and not s.is_over and s.to_move == 0
    assert s.view(None)["mannequins"][0]["can_lose"] is False


def test_laying_nobodys_outfit_gives_a_joker_under_six_players() -> None:
    son = outfit("son")
    s = make(
        [[*son[:6], "coat/mother"], [son[6], "coat/daughter"], ["coat/father"], ["shoes/mother"]]
    )
    events = ask(s, 1, son[6])
    assert [e.data["kind"] for e in events if e.type == "outfit"] == ["nobody"]
    assert "joker" in kinds(events) and s.jokers[0] == [W.characters.index("son")]
    assert not s.is_over


def test_no_joker_at_six_players() -> None:
    # Six players take the six standard characters; with hats, the aunt belongs to nobody.
    aunt = PanopliesRules(hats=True).wardrobe.outfit(6)
    s = make([[*aunt[:7]], [aunt[7]], [], [], [], []], hats=True)
    assert 6 not in s.player_of
    events = ask(s, 1, aunt[7])
    assert [e.data["kind"] for e in events if e.type == "outfit"] == ["nobody"]
    assert "joker" not in kinds(events) and s.jokers[0] == []


def test_laying_another_players_outfit_ends_the_game_and_he_loses() -> None:
    mother = outfit("mother")
    s = make([mother[:6], [mother[6], "coat/son"], ["coat/father"], ["coat/daughter"]])
    events = ask(s, 1, mother[6])
    assert s.is_over
    assert s.outcome.detail == {"loser": 3, "layer": 0}
    assert s.outcome.returns == (1.0, 0.0, 0.0, -1.0)
    assert s.outcome.winners == (0,)
    assert s.wearing[3] == [False] * 7
    assert kinds(events)[-2:] == ["game_end", "end"]


def joker_state() -> PanopliesState:
    """Seat 3 (the mother) has laid the son's outfit (a joker); seat 0 then attacks."""
    son = outfit("son")
    hands = [
        ["socks/mother", "coat/father"],
        ["coat/daughter"],
        [son[6], "shirt/father"],
        [*son[:6], "shoes/mother"],
    ]
    s = make(hands, first=3)
    ask(s, 2, son[6])  # seat 3 lays the son's outfit: a joker
    assert s.jokers[3]
    # Seat 3 goes on and misses, asking seat 0: seat 0 plays.
    s.apply(Ask(0, c("jumper/mother")))
    assert s.to_move == 0
    return s


def attack_with_jokers(state: PanopliesState, seed: int) -> dict[str, Any]:
    """Seat 0 takes the mother's shoes from seat 3; the joker draw, with generator `seed`."""
    state._rng = random.Random(seed)
    events = ask(state, 3, "shoes/mother")
    draws = [e.data for e in events if e.type == "joker_draw"]
    assert len(draws) == 1
    draw = draws[0]
    assert draw["saved"] == ("shoes" in draw["drawn"])
    assert state.wearing[3][SHOES] is draw["saved"]
    assert c("shoes/mother") in state.hands[0]  # the card changes hands either way
    return draw


def test_a_joker_saves_a_garment_or_fails() -> None:
    saved = set()
    for seed in range(60):
        draw = attack_with_jokers(joker_state(), seed)
        assert len(draw["drawn"]) == 1 and draw["drawn_from"] == ["son"]
        saved.add(draw["saved"])
    assert saved == {True, False}


def two_jokers_state() -> PanopliesState:
    """Seat 3 (the mother) has laid both nobody's outfits, the son's and the daughter's."""
    son, daughter = outfit("son"), outfit("daughter")
    hands = [
        ["socks/mother", "coat/father"],
        ["coat/grandmother"],
        [son[6], daughter[6], "shirt/father"],
        [*son[:6], *daughter[:6], "shoes/mother"],
    ]
    s = make(hands, first=3)
    ask(s, 2, son[6])
    ask(s, 2, daughter[6])
    assert len(s.jokers[3]) == 2
    s.apply(Ask(0, c("jumper/mother")))  # a miss: seat 0 plays
    assert s.to_move == 0
    return s


def test_two_jokers_draw_two_cards_among_the_fourteen_of_their_outfits() -> None:
    """RULES.md §4: k jokers, k cards drawn without replacement among the 7k cards of the
    joker outfits; any of them of the asked garment's family saves it."""
    saves = 0
    sources = set()
    seen_second = False
    for seed in range(300):
        draw = attack_with_jokers(two_jokers_state(), seed)
        cards = list(zip(draw["drawn_from"], draw["drawn"], strict=True))
        assert len(cards) == 2 and cards[0] != cards[1]  # two different cards
        assert set(draw["drawn_from"]) <= {"son", "daughter"}
        sources.update(draw["drawn_from"])
        saves += draw["saved"]
        seen_second |= draw["drawn"][1] == "shoes" and draw["drawn"][0] != "shoes"
    assert sources == {"son", "daughter"}
    assert seen_second  # the second joker's card saves too
    # The chance of a save is 1 - C(12, 2) / C(14, 2) = 25/91 (27%); one joker gives 1/7.
    assert 0.2 < saves / 300 < 0.36


def test_no_loser_when_nobody_can_lose_any_more() -> None:
    gf, gm = outfit("grandfather"), outfit("grandmother")
    s = make([[*gf[:6], "coat/son"], [*gm[:6], gf[6]]], pile_top=["shoes/son", gm[6]])
    ask(s, 1, gf[6])  # seat 0 lays its own outfit and goes on
    assert s.safe[0] and not s.is_over and s.to_move == 0
    ask(s, 1, "socks/son")  # a miss: seat 0 draws the son's shoes, seat 1 plays
    assert s.to_move == 1
    events = ask(s, 0, gm[6])  # a Bonne pioche completes seat 1's own outfit
    assert "bonne_pioche" in kinds(events)
    assert s.is_over and s.safe == [True, True]
    assert s.outcome.detail == {"loser": None, "layer": None}
    assert s.outcome.winners == () and s.outcome.returns == (0.0, 0.0)


def test_ask_condition_is_the_character() -> None:
    s = make([["socks/mother"], ["coat/son"], ["coat/daughter"], ["shoes/mother"]])
    with pytest.raises(
        IllegalAction, match=r"you may only ask for a card of a character you"
    ) as err:
        ask(s, 1, "coat/son")
    assert err.value.rule == "character_not_held"
    with pytest.raises(IllegalAction, match=r"you may not ask for a card you already hold") as err:
        ask(s, 3, "socks/mother")
    assert err.value.rule == "card_held"


@pytest.mark.parametrize(
    ("players", "optional", "size"),
    [
        (2, {}, 6),
        (4, {}, 4),
        (6, {}, 2),
        (7, {"hats": True}, 2),
        (8, {"hats": True, "belts": True}, 2),
        (9, {"hats": True, "scarves": True, "belts": True}, 2),
    ],
)
def test_players_optional_families_and_deal_sizes(
    players: int, optional: dict[str, bool], size: int
) -> None:
    rules = PanopliesRules(**optional)
    s = GAME.new_state(players, seed=4, rules=rules)
    deal = next(e for e in s.log if e.type == "deal")
    assert deal.data["sizes"] == [size] * players
    ward = rules.wardrobe
    assert ward.num_cards == (7 + len(optional)) * (6 + 2 * len(optional))
    assert len(set(s.characters)) == players


def test_seven_players_need_an_optional_family() -> None:
    with pytest.raises(RulesError, match="need at least 1 optional"):
        GAME.new_state(7, seed=1)
    with pytest.raises(RulesError, match="need at least 3 optional"):
        GAME.new_state(9, seed=1, rules=PanopliesRules(hats=True))
    with pytest.raises(RulesError, match=r"panoplies is played by 2 to 9 players, not 10"):
        GAME.new_state(10, seed=1, rules=PanopliesRules(hats=True, scarves=True, belts=True))


def test_a_match_has_at_most_a_thousand_games() -> None:
    # A match is played to its end: 10^15 games made a web table of bots play for ever.
    assert PanopliesRules(games=1000).games == 1000
    with pytest.raises(RulesError, match=r"^games must be at most 1000, not 1001$"):
        PanopliesRules(games=1001)


def test_characters_are_chosen_at_setup_and_distinct() -> None:
    seats = [Seat("Léa", data={"character": "mother"}), Seat("Tom", data={"character": "son"})]
    s = GAME.new_state(seats, seed=1)
    assert [W.characters[x] for x in s.characters] == ["mother", "son"]
    twins = [Seat("A", data={"character": "mother"}), Seat("B", data={"character": "mother"})]
    with pytest.raises(RulesError, match="different character"):
        GAME.new_state(twins, seed=1)
    with pytest.raises(RulesError, match="unknown character"):
        GAME.new_state([Seat("A", data={"character": "aunt"}), Seat("B")], seed=1)


def test_the_youngest_starts_then_the_last_loser() -> None:
    seats = [Seat("Ana", age=40), Seat("Léa", age=6), Seat("Tom", age=9)]
    s = GAME.new_state(seats, seed=2, rules=PanopliesRules(games=3))
    assert s.first == 1
    rng = random.Random(2)
    starts = []
    while not s.is_over:
        game = s.game_no
        s.apply(rng.choice(s.legal_actions()))
        if s.game_no != game:
            starts.append((s.results[-1]["loser"], s.first))
    for loser, first in starts:
        if loser is not None:
            assert first == loser
    assert len(s.results) == 3
    assert s.outcome.detail["losses"] == s.losses
    assert sum(s.losses) == sum(1 for r in s.results if r["loser"] is not None)


def test_turn_cap() -> None:
    s = GAME.new_state(3, seed=5, rules=PanopliesRules(max_turns=4))
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    assert s.outcome.status == "capped"


def test_action_ids_depend_on_the_deck() -> None:
    rules = PanopliesRules(hats=True)
    s = GAME.new_state(7, seed=3, rules=rules)
    assert GAME.num_actions(rules, 7) == 8 * 8 * 7
    for action in s.legal_actions()[:50]:
        assert GAME.action_from_id(action.id, rules, 7) == action
        assert s.action_from_json(action.to_json()).id == action.id


def test_a_deal_that_ends_a_game_at_once_starts_the_next_one_once() -> None:
    """Hands of 20 at two players: some deals hold a complete outfit of the other player's
    character, which ends that game before anyone asks; the next game's turn is announced
    once, and nothing of the old game's deal follows it."""
    ended_at_once = 0
    for seed in range(300):
        s = GAME.new_state(2, seed=seed, rules=PanopliesRules(games=3, hand_size=20))
        rng = random.Random(seed)
        for _ in range(3):
            if not s.is_over:
                s.apply(rng.choice(s.legal_actions()))
        public = [e for e in s.log if e.public]
        types = [e.type for e in public]
        asked = True
        for kind in types:  # a game over before its first ask
            asked = False if kind == "deal" else asked or kind == "ask"
            ended_at_once += kind == "game_end" and not asked
        for before, after in itertools.pairwise(types):
            assert (before, after) != ("turn", "turn"), seed
        for i, kind in enumerate(types):
            if kind == "deal":  # its own hands and lays, then one turn (or the next deal)
                rest = types[i + 1 :]
                stop = next((k for k, t in enumerate(rest) if t in ("deal", "ask")), len(rest))
                assert rest[:stop].count("turn") <= 1, seed
    assert ended_at_once >= 1  # the case arises in these deals
