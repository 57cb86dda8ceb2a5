"""The Flip 7 `expert` bot, its value tables and the difficulty ladder."""

from __future__ import annotations

import random

import numpy as np
import pytest

from parlour.bots.base import Decision, make_bot
from parlour.core.events import SeatFeed
from parlour.games.flip7.bots import CounterBot, ThresholdBot
from parlour.games.flip7.expert import ExpertBot, expert_utility, utility, worth_staying
from parlour.games.flip7.expert_values import (
    MAX_ROUND,
    TARGET,
    active_outcome,
    end_values,
    peak_distribution,
)
from parlour.games.flip7.game import GAME
from parlour.games.flip7.public import read_table
from parlour.games.flip7.rules import HIT, STAY, Flip7Rules, Target
from parlour.play.runner import decision_for
from tests.games.flip7.helpers import play, table


def decision(state) -> Decision:
    seat = state.to_move
    return decision_for(state, seat, SeatFeed(seat))


def view_only(state) -> Decision:
    """The decision with nothing but the view: no events, no world to search."""
    seat = state.to_move
    return Decision(GAME, state.rules, seat, state.view(seat), [], state.legal_actions())


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_expert_plays_legal_moves_from_its_view_alone(players: int) -> None:
    expert = ExpertBot()
    others = [make_bot(GAME, "strong"), make_bot(GAME, "threshold:20")]
    rng = random.Random(players)
    for seed in range(3):
        state = GAME.new_state(players, seed=100 * players + seed)
        mine = seed % players
        while not state.is_over:
            if state.to_move == mine:
                move = expert.act(view_only(state))
                assert move in state.legal_actions()
                assert expert.act(decision(state)) == move  # the events add nothing
            else:
                move = rng.choice(others).act(decision(state))
            state.apply(move)
        assert state.outcome is not None and state.outcome.status == "finished"


def test_the_ladder_and_the_expert_are_registered() -> None:
    assert isinstance(make_bot(GAME, "expert"), ExpertBot)
    assert isinstance(make_bot(GAME, "hard"), CounterBot)
    medium, easy = make_bot(GAME, "medium"), make_bot(GAME, "easy")
    assert isinstance(medium, ThresholdBot) and isinstance(easy, ThresholdBot)
    assert easy.threshold < medium.threshold


def test_the_expert_hits_when_only_a_hit_can_still_win() -> None:
    state = table(2, ["10", "5", "2"], totals=[180, 200])
    play(state, "hit", "stay")  # seat 0 holds 12 (192); seat 1 banks 5 and ends on 205
    assert state.to_move == 0
    assert ExpertBot().act(decision(state)) == HIT
    # The exact utility of the points banked this round: 180 + x against 205.
    u = expert_utility(read_table(state.view(0), 0))
    assert u[12] == 0.0 and u[24] == 0.0 and u[25] == 0.5 and u[26] == 1.0


def test_the_expert_stays_when_staying_wins_for_sure() -> None:
    state = table(2, ["4", "5", "6"], totals=[195, 100])
    play(state, "hit", "stay")  # seat 0 holds 10 (205 if it stays); seat 1 banks 5: 105
    assert ExpertBot().act(decision(state)) == STAY
    # Even with a single, safe-looking card in front, a won game is banked.
    state = table(2, ["3", "2"], dealer=0, totals=[199, 50])
    play(state, "stay")  # seat 1 banks 3 first; seat 0 holds a 2: 201 if it stays
    assert state.to_move == 0
    assert ExpertBot().act(decision(state)) == STAY


def test_the_expert_plays_the_round_for_points_far_from_the_target() -> None:
    low = table(2, ["2", "4"])
    risky = table(2, ["12", "4", "11", "5", "10", "6", "9", "8"])
    play(risky, "hit", "hit", "hit", "hit", "hit", "hit")  # seat 0: 12, 11, 10, 9 (42)
    assert ExpertBot().act(decision(low)) == HIT
    assert ExpertBot().act(decision(risky)) == STAY


def test_a_bias_puts_a_thumb_on_the_scale_of_hit_or_stay() -> None:
    """The variants' bias (in winning chance) turns a stay into a hit and back: far from the
    target, with 42 in front, staying beats hitting by less than 0.1 and more than 0."""
    risky = table(2, ["12", "4", "11", "5", "10", "6", "9", "8"])
    play(risky, "hit", "hit", "hit", "hit", "hit", "hit")
    seen = read_table(risky.view(0), 0)
    util = utility(seen)
    assert worth_staying(seen, 15, util) and worth_staying(seen, 15, util, 0.1)
    assert not worth_staying(seen, 15, util, -0.1)
    low = read_table(table(2, ["2", "4"]).view(0), 0)
    assert not worth_staying(low, 15, utility(low)) and worth_staying(low, 15, utility(low), 0.5)


def test_the_expert_freezes_the_opponent_with_little_in_front() -> None:
    state = table(3, ["3", "2", "12", "freeze"])
    play(state, "hit")
    assert state.view(None)["pending"]["kind"] == "freeze"
    assert ExpertBot().act(decision(state)) == Target(1)


def test_the_expert_freezes_itself_to_bank_a_win() -> None:
    # Seat 0 holds 12 at 190: banking now ends the game on 202 against 20.
    state = table(2, ["12", "3", "freeze"], totals=[190, 20])
    play(state, "hit")
    assert state.view(None)["pending"]["kind"] == "freeze"
    assert ExpertBot().act(decision(state)) == Target(0)


def test_the_value_table_is_monotone_and_fair() -> None:
    w = end_values(2)
    start = w[:TARGET, :TARGET]
    assert np.all(np.diff(start, axis=0) >= -1e-6)  # more for me never hurts
    assert np.all(np.diff(start, axis=1) <= 1e-6)  # more for him never helps
    assert start[0, 0] == pytest.approx(0.5, abs=1e-6)
    assert np.allclose(start + start.T, 1.0, atol=1e-5)  # the model is symmetric
    assert start[150, 100] > 0.8 and start[100, 150] < 0.2
    # At a round's end, at or past the target: the higher total wins, a tie is half.
    assert w[200, 199] == 1.0 and w[205, 150] == 1.0 and w[199, 200] == 0.0
    assert w[210, 210] == 0.5


def test_an_active_players_outlook_is_a_distribution() -> None:
    for players in (2, 4):
        for held, points in ((0, 0), (1, 8), (3, 20), (5, 45), (6, 60)):
            out = active_outcome(players, held, points, False)
            assert out.shape == (MAX_ROUND + 1,) and out.sum() == pytest.approx(1.0)
            assert out[1:points].sum() == pytest.approx(0.0)  # banked points never drop
    # A Second Chance makes a bust less likely.
    assert active_outcome(2, 5, 40, True)[0] < active_outcome(2, 5, 40, False)[0]


def test_the_chasers_peak_matches_a_hand_count() -> None:
    # A deck of one 5 and one 7; holding a 5: the next card busts on 5 points or adds 7.
    counts = np.zeros(22, dtype=np.int64)
    counts[5] = 1
    counts[7] = 1
    peak = peak_distribution(counts, [5], [], 15)
    assert peak.sum() == pytest.approx(1.0)
    assert peak[5] == pytest.approx(0.5)  # the 5 first: a bust holding 5
    # The 7 first (12), then the 5 busts: held 12.
    assert peak[12] == pytest.approx(0.5)
    # A Freeze among them: drawn first (1 in 3), it stops the chase on 5.
    counts[19] = 1
    peak = peak_distribution(counts, [5], [], 15)
    assert peak.sum() == pytest.approx(1.0)
    assert peak[5] == pytest.approx(1 / 3 + 1 / 3)
    assert peak[12] == pytest.approx(1 / 3)


@pytest.mark.parametrize("target", [50, 350])
def test_the_expert_plays_to_another_target(target: int) -> None:
    rules = Flip7Rules(target=target)
    expert = ExpertBot()
    strong = make_bot(GAME, "strong")
    state = GAME.new_state(2, seed=target, rules=rules)
    while not state.is_over:
        bot = expert if state.to_move == 0 else strong
        move = bot.act(decision(state))
        assert move in state.legal_actions()
        state.apply(move)
    assert max(state.totals) >= target


def test_an_opponent_who_holds_the_game_is_expected_to_stay() -> None:
    # Seat 1 (190) holds 15 and has not stayed yet; seat 0 (180) holds 12: staying on 192
    # would lose to his 205 as soon as he stays, so seat 0 must go on.
    state = table(2, ["10", "12", "5"], dealer=0, totals=[180, 190])
    play(state, "hit")  # seat 1 draws the 5
    assert state.to_move == 0 and state.view(None)["table"][1]["status"] == "active"
    u = expert_utility(read_table(state.view(0), 0))
    assert u[12] == 0.0 and u[24] == 0.0
    assert ExpertBot().act(decision(state)) == HIT


def test_the_table_race_shares_out_an_even_start() -> None:
    """Three players on equal totals with nothing banked yet: about a third each; a lead
    banked this round is worth more; ending the round past the target and past everybody
    wins for sure, and below a rival's finished game loses for sure."""
    from parlour.games.flip7.expert_values import point_mass, race_utility

    nothing = [point_mass(0), point_mass(0)]
    even = race_utility(3, 10, [10, 10], nothing, 200, 7)
    assert even.shape == (MAX_ROUND + 1,)
    assert even[0] == pytest.approx(1 / 3, abs=0.09)
    assert even[60] > even[0] + 0.2  # sixty points ahead
    assert race_utility(3, 150, [120, 100], nothing, 200, 7)[60] == 1.0  # 210: the game is won
    lost = race_utility(3, 100, [205, 100], nothing, 200, 7)
    assert lost[100] == 0.0  # 200 against a finished 205
    assert 0.0 < lost[105] < 1.0  # a tie for the lead at the target plays on
    assert lost[106] == 1.0


def test_the_expert_values_a_multi_player_table_by_the_race() -> None:
    """From three players, the totals that do not end the game are valued by the table's race
    (the same sampled futures for a given seed), the totals that end it as before."""
    from parlour.games.flip7.expert import outcome, utility
    from parlour.games.flip7.expert_values import race_utility

    state = table(3, ["5", "6", "7", "8"], totals=[100, 150, 20])
    play(state, "hit")
    view = read_table(state.view(0), 0)
    assert state.to_move == 1 or state.to_move == 0
    raced = utility(view, race_seed=11)
    duels = utility(view)
    ends = np.arange(MAX_ROUND + 1) >= 100  # 100 + x reaches 200
    expected = race_utility(3, 100, [150, 20], [outcome(view, 1), outcome(view, 2)], 200, 11)
    assert np.array_equal(raced[~ends], expected[~ends])
    assert np.array_equal(raced[ends], duels[ends])
    assert utility(view, race_seed=11) == pytest.approx(raced)  # a seed replays exactly
