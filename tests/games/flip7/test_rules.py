"""Flip 7 rules (RULES.md §2): scoring examples of the rulebook and every edge case."""

from __future__ import annotations

import pytest

from parlour.core.errors import IllegalAction, RulesError
from parlour.games.flip7.cards import DECK_SIZE, FULL_COUNTS, X2, card_name, parse_card, round_score
from parlour.games.flip7.game import GAME
from parlour.games.flip7.rules import HIT, STAY, Flip7Rules, Target
from tests.games.flip7.helpers import accounted, events, play, table


def test_the_deck_holds_94_cards_as_published() -> None:
    assert DECK_SIZE == 94
    assert [FULL_COUNTS[n] for n in range(13)] == [1, 1, *range(2, 13)]
    assert sum(FULL_COUNTS[13:19]) == 6 and FULL_COUNTS[19:] == (3, 3, 3)


def test_rulebook_score_with_x2_and_plus_10() -> None:
    assert round_score([3, 11, 5, 7, 10], [X2, parse_card("+10")], 0) == 82


def test_rulebook_flip7_score() -> None:
    assert round_score([3, 11, 5, 7, 10, 9, 4], [], 15) == 64


def test_card_names_round_trip() -> None:
    for code in range(22):
        assert parse_card(card_name(code)) == code
    with pytest.raises(RulesError, match=r"unknown Flip 7 card '13'; cards are 0\.\.12, \+2,"):
        parse_card("13")


def test_the_engine_scores_82_from_the_rulebook_hand() -> None:
    state = table(2, ["3", "0", "11", "5", "7", "10", "x2", "+10"])
    play(state, "hit", "stay", "hit", "hit", "hit", "hit", "hit", "stay")
    assert events(state, "round_end")[0]["points"] == [82, 0]
    assert accounted(state)


def test_flip7_scores_64_and_ends_the_round_for_everybody() -> None:
    state = table(2, ["3", "2", "11", "6", "5", "7", "10", "9", "4"])
    # Seat 0 hits 11; seat 1 hits 6 and stays on 8; seat 0 flips 5, 7, 10, 9, 4.
    play(state, "hit", "hit", "hit", "stay", "hit", "hit", "hit", "hit")
    assert events(state, "flip7") == [{"seat": 0}]
    end = events(state, "round_end")[0]
    assert end["points"] == [64, 8] and end["flip7"] == 0


def test_flip7_banks_the_players_still_active() -> None:
    state = table(2, ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "0"])
    play(state, *["hit"] * 11)  # the seats alternate; seat 0 draws 3, 5, 7, 9, 11 and 0
    assert events(state, "round_end")[0]["points"] == [36 + 15, 42]


def test_set_aside_actions_are_discarded_on_a_flip7() -> None:
    deck = ["1", "2", "3", "4", "5", "6", "7", "flip_three", "freeze", "8"]
    state = table(2, deck)
    play(state, "hit", "stay", "hit", "hit", "hit", "hit", "hit")
    # The last hit is a Flip Three that seat 0, alone in the round, must take himself.
    assert events(state, "set_aside") == [{"seat": 0, "card": "freeze"}]
    assert events(state, "round_end")[0]["points"] == [34 + 15, 2]
    assert state.discard.count(parse_card("freeze")) == 1 and accounted(state)


def test_a_duplicate_number_busts_and_scores_nothing() -> None:
    state = table(2, ["7", "4", "x2", "7"])
    play(state, "hit", "stay", "hit")
    assert events(state, "bust") == [{"seat": 0, "card": "7"}]
    assert events(state, "round_end")[0]["points"] == [0, 4]
    line = next(
        GAME.narrate(e, "en", ["Player 1", "Player 2"]) for e in state.log if e.type == "bust"
    )
    assert line == "Player 1 busts with a second 7."
    assert accounted(state)


def test_modifiers_never_bust() -> None:
    state = table(2, ["+4", "5", "x2"])
    play(state, "hit")
    assert state.status[0] == "active" and state.points(0) == 4


def test_staying_needs_a_card_and_an_illegal_move_changes_nothing() -> None:
    # Seat 0's opening card, a Freeze, went to seat 2: seat 0 has no card in front.
    state = table(3, ["freeze", "5", "9", "6"])
    play(state, 2)
    assert state.to_move == 0 and state.legal_actions() == [HIT]
    before = (len(state.log), state.view(None))
    with pytest.raises(IllegalAction, match=r"^you cannot stay with no card in front$") as err:
        state.apply(STAY)
    assert err.value.rule == "stay_needs_a_card"
    assert (len(state.log), state.view(None)) == before


def test_a_lone_second_chance_is_a_card_in_front_and_may_stay() -> None:
    """RULES.md §2 and the published rules: "at least one card in front of you"; a kept
    Second Chance is one (staying banks 0; it was refused until 2026-12-07)."""
    import numpy as np

    from parlour.rl.encoding import action_mask

    state = table(2, ["second_chance", "5", "7"])
    assert state.second_chance[0] and state.numbers[0] == []
    assert state.legal_actions() == [HIT, STAY]
    # The step kernel, loaded with this table, offers the same moves.
    kernel = GAME.step_kernel(state.rules, 2)
    batch = kernel.new_batch(1)
    kernel.load(batch, 0, state)
    masks = np.zeros((1, kernel.num_actions), np.int8)
    kernel.masks(batch, masks)
    assert np.array_equal(masks[0], action_mask(state, kernel.num_actions))
    play(state, "stay")
    assert state.status[0] == "stayed" and state.points(0) == 0


def test_a_lone_modifier_is_enough_to_stay() -> None:
    state = table(2, ["+2", "5"])
    assert STAY in state.legal_actions()


def test_freeze_during_the_deal_puts_a_player_not_yet_dealt_out_with_zero() -> None:
    state = table(3, ["freeze", "5", "9", "6"])
    assert state.to_move == 0 and state.view(None)["pending"]["kind"] == "freeze"
    play(state, 2)
    assert state.status[2] == "frozen" and state.numbers[2] == []
    # The deal went on to seat 1 and skipped seat 2; seat 0 (no card) must hit.
    assert state.numbers[1] == [5] and state.to_move == 0 and state.legal_actions() == [HIT]
    play(state, "hit")
    assert state.numbers[0] == [9]
    assert accounted(state)


def test_flip_three_during_the_deal_means_no_opening_card_later() -> None:
    state = table(3, ["flip_three", "4", "5", "6", "8", "9"])
    play(state, 1)
    assert state.numbers[1] == [4, 5, 6]
    assert state.numbers[2] == [8]  # seat 1 was not dealt again
    assert state.to_move == 0  # play starts left of the dealer (seat 2)
    play(state, "hit")
    assert state.numbers[0] == [9]


def test_freeze_goes_to_yourself_when_you_are_the_only_active_player() -> None:
    state = table(2, ["3", "4", "freeze"])
    play(state, "stay")  # seat 0 banks 3
    play(state, "hit")  # seat 1 draws the Freeze: nobody else to give it to
    assert events(state, "freeze") == [{"seat": 1, "points": 4}]
    assert events(state, "target")[0] == {"seat": 1, "card": "freeze", "target": 1}


def test_flip_three_flips_three_cards_and_play_resumes_after_the_drawer() -> None:
    state = table(3, ["1", "2", "3", "flip_three", "4", "5", "6"])
    play(state, "hit", 2)  # seat 0 draws Flip Three, gives it to seat 2
    assert state.numbers[2] == [3, 4, 5, 6]
    assert state.to_move == 1


def test_flip_three_stops_early_on_a_bust() -> None:
    state = table(3, ["1", "2", "3", "flip_three", "3", "9"])
    play(state, "hit", 2)
    assert state.status[2] == "bust"
    assert state.to_move == 1 and state.deck[-1] == parse_card("9")


def test_nested_flip_three_set_aside_actions_are_assigned_then_resolved_in_order() -> None:
    deck = ["1", "2", "3", "flip_three", "flip_three", "freeze", "4", "6", "7", "8"]
    state = table(3, deck)
    play(state, "hit", 2)  # seat 2 flips: Flip Three (aside), Freeze (aside), 4
    assert [e["card"] for e in events(state, "set_aside")] == ["flip_three", "freeze"]
    # Both are assigned by seat 2, in the order flipped, before either takes effect.
    assert state.to_move == 2 and state.view(None)["pending"]["kind"] == "flip_three"
    play(state, 1)
    assert state.to_move == 2 and state.view(None)["pending"]["kind"] == "freeze"
    assert state.numbers[1] == [2]  # nothing resolved yet
    play(state, 1)
    # The Flip Three resolves first (seat 1 flips 6, 7, 8), then the Freeze banks seat 1.
    assert state.numbers[1] == [2, 6, 7, 8]
    assert state.status[1] == "frozen"
    assert events(state, "freeze") == [{"seat": 1, "points": 23}]
    # Play resumes with the player after seat 0, who drew the first Flip Three: seat 1 is out.
    assert state.to_move == 2
    assert accounted(state)


def test_chained_flip_three_on_the_same_target() -> None:
    deck = ["1", "2", "3", "flip_three", "flip_three", "5", "6", "7", "8", "9"]
    state = table(3, deck)
    play(state, "hit", 2, 2)  # the set-aside Flip Three goes to seat 2 again
    assert state.numbers[2] == [3, 5, 6, 7, 8, 9]
    assert state.to_move == 1


def test_set_aside_actions_are_discarded_on_a_bust() -> None:
    deck = ["1", "2", "3", "flip_three", "freeze", "3"]
    state = table(3, deck)
    play(state, "hit", 2)
    assert state.status[2] == "bust"
    assert events(state, "action_discarded") == [{"card": "freeze", "seat": 2}]
    assert state.to_move == 1 and accounted(state)


def test_second_chance_used_against_a_duplicate() -> None:
    state = table(2, ["5", "9", "second_chance", "4", "5", "6"])
    play(state, "hit", "hit", "hit")
    assert events(state, "second_chance_used") == [{"seat": 0, "card": "5"}]
    assert state.status[0] == "active" and not state.second_chance[0]
    assert state.numbers[0] == [5] and state.to_move == 1
    assert accounted(state)


def test_a_spare_second_chance_goes_to_an_active_player_without_one() -> None:
    state = table(3, ["second_chance", "1", "2", "second_chance"])
    play(state, "hit")
    assert state.to_move == 0 and state.view(None)["pending"]["targets"] == [1, 2]
    play(state, 2)
    assert state.second_chance == [True, False, True]


def test_a_spare_second_chance_never_goes_to_a_player_who_stayed() -> None:
    # Seat 1 stays; seat 0 then draws a spare Second Chance: only seat 2 (active) may take it.
    state = table(3, ["second_chance", "1", "2", "3", "4", "second_chance"])
    play(state, "hit", "stay", "hit", "hit")
    assert state.status[1] == "stayed"
    assert state.second_chance == [True, False, True]
    assert events(state, "second_chance_given") == [{"seat": 0, "target": 2}]
    assert state.view(None)["pending"] is None and state.to_move == 2


def test_a_spare_second_chance_with_nobody_eligible_is_discarded() -> None:
    state = table(2, ["second_chance", "second_chance", "second_chance"])
    play(state, "hit")
    assert events(state, "action_discarded") == [{"card": "second_chance", "seat": None}]
    assert state.second_chance == [True, True] and accounted(state)


def test_option_second_chance_may_be_given() -> None:
    rules = Flip7Rules(second_chance_may_be_given=True)
    state = table(3, ["second_chance", "1", "2"], rules=rules)
    assert state.view(None)["pending"] == {"kind": "second_chance", "seat": 0, "targets": [0, 1, 2]}
    play(state, 1)
    assert state.second_chance == [False, True, False]


def test_reshuffle_mid_flip_three_leaves_table_cards_out() -> None:
    # The deck holds exactly these cards; every other card starts in the discard pile.
    deck = ["1", "2", "3", "flip_three", "4"]
    state = table(3, deck, rest="discard")
    play(state, "hit", 2)
    # 94 less the three opening cards, the Flip Three in play and the 4 just flipped.
    assert events(state, "reshuffle") == [{"cards": 89}]
    kinds = [e.type for e in state.log]
    flips = [i for i, e in enumerate(state.log) if e.data.get("during") == "flip_three"]
    assert len(flips) == 3 and flips[0] < kinds.index("reshuffle") < flips[1]
    assert state.numbers[2][:2] == [3, 4]
    for card in (1, 2, 3, 4):  # the copies on the table stayed out of the new deck
        assert state.deck.count(card) + state.discard.count(card) <= FULL_COUNTS[card] - 1
    assert accounted(state)


def test_the_deck_persists_and_the_dealer_passes_left() -> None:
    state = table(2, ["5", "6"], dealer=1)
    play(state, "stay", "stay")
    starts = events(state, "round_start")
    assert [s["dealer"] for s in starts] == [1, 0]
    assert starts[1]["deck"] == 92
    assert state.discard and sorted(state.discard) == [5, 6]


def test_a_tie_for_the_lead_at_200_plays_another_round() -> None:
    state = table(2, ["10", "10"], totals=[190, 190])

    play(state, "stay", "stay")
    assert events(state, "tie") == [{"seats": [0, 1], "total": 200}]
    assert not state.is_over and state.round == 2


def test_the_highest_total_wins_after_the_round_reaching_the_target() -> None:
    state = table(2, ["10", "12"], totals=[195, 150])
    play(state, "stay", "stay")
    assert state.is_over and state.outcome is not None
    assert state.outcome.winners == (0,) and state.outcome.scores == (205.0, 162.0)


def test_target_option() -> None:
    state = table(2, ["10", "12"], rules=Flip7Rules(target=10))
    play(state, "stay", "stay")
    assert state.is_over and state.outcome is not None and state.outcome.winners == (1,)


def test_bad_rules_and_deals_are_refused() -> None:
    with pytest.raises(RulesError, match=r"target must be at least 1 point"):
        Flip7Rules(target=0)
    with pytest.raises(RulesError, match=r"the deal holds 2 copies of 0, the deck has 1"):
        table(2, ["0", "0"])
    with pytest.raises(RulesError, match=r"flip7 is played by 2 to 18 players, not 1"):
        GAME.new_state(1)
    with pytest.raises(RulesError, match=r"flip7 is played by 2 to 18 players, not 19"):
        GAME.new_state(19)
    GAME.new_state(18, seed=1)


def test_a_target_must_be_active() -> None:
    state2 = table(3, ["1", "2", "3", "freeze"])
    play(state2, "stay", "hit")  # seat 1 draws a Freeze; seat 0 is no longer active
    with pytest.raises(
        IllegalAction, match=r"seat 0 cannot get the freeze \(choose among \[1,"
    ) as err:
        state2.apply(Target(0))
    assert err.value.rule == "target_must_be_eligible"
    with pytest.raises(IllegalAction, match=r"choose who gets the freeze"):
        state2.apply(HIT)


def test_action_ids_and_json_round_trip() -> None:
    rules = Flip7Rules()
    n = 4
    assert GAME.num_actions(rules, n) == 6
    for i in range(6):
        action = GAME.action_from_id(i, rules, n)
        assert action.id == i
        assert GAME.action_from_json(action.to_json()) == action
    with pytest.raises(ValueError, match=r"Flip 7 with 4 players has no action 6"):
        GAME.action_from_id(6, rules, n)
    # JSON's `true` is no seat, though Python counts it as 1 (the ask games refuse it too).
    with pytest.raises(ValueError, match="unknown Flip 7 action"):
        GAME.action_from_json({"type": "target", "seat": True})
    # A move of no known type is named so, whatever keys it has; a known one with a key too
    # many names the key.
    with pytest.raises(ValueError, match="unknown Flip 7 action"):
        GAME.action_from_json({"type": "freeze", "seat": 1})
    with pytest.raises(ValueError, match=r"^unknown key 'seat' in a move; its keys are type$"):
        GAME.action_from_json({"type": "hit", "seat": 1})


def test_credits_and_rules_text_in_both_languages() -> None:
    for lang in ("en", "fr"):
        assert "Eric Olsen" in GAME.credits(lang) and "The Op Games" in GAME.credits(lang)
        assert "200" in GAME.rules_text(lang)
    state = table(2, ["7", "4", "7"])
    play(state, "hit")
    bust = next(e for e in state.log if e.type == "bust")
    assert GAME.narrate(bust, "fr", ["Léa", "Joueur 2"]) == "Léa perd la manche avec un deuxième 7."


def test_every_event_is_narrated_in_both_languages() -> None:
    import random

    silent = {"flip_three_done"}
    seen: set[str] = set()
    for seed in range(40):
        state = GAME.new_state(4, seed=seed, rules=Flip7Rules(target=60))
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        names = [seat.name for seat in state.seats]
        for event in state.log:
            seen.add(event.type)
            for lang in ("en", "fr"):
                line = GAME.narrate(event, lang, names)
                assert (line is None) == (event.type in silent), event
    assert {"bust", "freeze", "flip_three", "set_aside", "second_chance_used", "target"} <= seen
    assert {"round_start", "draw", "stay", "round_end", "game_over", "action_discarded"} <= seen
