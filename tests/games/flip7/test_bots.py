"""Flip 7 bots and the public score helper."""

from __future__ import annotations

import random

import pytest

from parlour.bots.base import NO_VIEW, Decision, make_bot
from parlour.core.errors import ParlourError
from parlour.core.events import SeatFeed
from parlour.games.flip7.game import GAME
from parlour.games.flip7.public import hit_hint, read_table
from parlour.games.flip7.rules import HIT, STAY, Flip7Rules, Target
from parlour.play.runner import decision_for, play_game
from tests.games.flip7.helpers import play, table

BOT_NAMES = ["threshold:23", "threshold:15", "counter", "solver", "strong", "random"]


def decision(state) -> Decision:
    seat = state.to_move
    return decision_for(state, seat, SeatFeed(seat))


@pytest.mark.parametrize("name", BOT_NAMES)
def test_every_bot_finishes_games_with_legal_moves(name: str) -> None:
    for players, seed in ((2, 1), (4, 2)):
        bots = [make_bot(GAME, name if i == 0 else "threshold:23") for i in range(players)]
        played = play_game(GAME, bots, seed=seed)
        assert played.outcome.status == "finished"


def test_bots_are_registered_with_parameters() -> None:
    assert {"threshold", "counter", "solver", "strong"} <= set(GAME.bots())
    assert make_bot(GAME, "threshold:30").threshold == 30
    with pytest.raises(ParlourError, match=r"bad parameters for bot 'threshold:lots':"):
        make_bot(GAME, "threshold:lots")


def test_a_threshold_past_a_million_is_refused_before_any_game() -> None:
    # The compiled paths hold the threshold in 64 bits: 10^19 passed the bot's check and the
    # simulation failed with an OverflowError at its first game (the engine alone played on).
    from parlour.sim import simulate

    assert make_bot(GAME, "threshold:1000000").threshold == 1_000_000
    with pytest.raises(
        ParlourError,
        match=r"^bad parameters for bot 'threshold:1000001': threshold must be 1 to 1000000, "
        r"not 1000001$",
    ):
        make_bot(GAME, "threshold:1000001")
    with pytest.raises(ParlourError, match=r"threshold must be 1 to 1000000, not 0$"):
        make_bot(GAME, "threshold:0")
    with pytest.raises(ParlourError, match=r"bad parameters for bot 'threshold:10{19}'"):
        simulate("flip7", ["threshold:" + "1" + "0" * 19, "counter"], 4, seed=1, workers=1)
    played = simulate("flip7", ["threshold:1000000", "counter"], 4, seed=1, workers=1)
    assert played.summary.games == 4


def test_threshold_stays_when_the_numbers_reach_t() -> None:
    bot = make_bot(GAME, "threshold:23")
    state = table(2, ["12", "4", "11", "5"])
    play(state, "hit", "hit")  # seat 0 holds 12 and 11
    assert bot.act(decision(state)) == STAY
    state = table(2, ["12", "4", "10", "5"])
    play(state, "hit", "hit")
    assert bot.act(decision(state)) == HIT


def test_counter_and_solver_hit_a_low_hand_and_stay_on_a_risky_one() -> None:
    low = table(2, ["2", "4"])
    risky = table(2, ["12", "4", "11", "5", "10", "6", "9", "8"])
    play(risky, "hit", "hit", "hit", "hit", "hit", "hit")  # seat 0: 12, 11, 10, 9 (42)
    for name in ("counter", "solver", "strong"):
        bot = make_bot(GAME, name)
        assert bot.act(decision(low)) == HIT
        assert bot.act(decision(risky)) == STAY


def test_strong_freezes_the_opponent_with_the_most_to_gain() -> None:
    # Seat 0 draws a Freeze; seat 1 holds 2 points, seat 2 holds 12.
    state = table(3, ["3", "2", "12", "freeze"])
    assert state.numbers == [[3], [2], [12]]
    play(state, "hit")
    assert state.view(None)["pending"]["kind"] == "freeze"
    assert make_bot(GAME, "strong").act(decision(state)) == Target(1)


def test_strong_chases_when_the_opponent_has_already_won_otherwise() -> None:
    state = table(2, ["12", "10", "8", "12"], totals=[180, 185])
    play(state, "hit")  # seat 0: 12 and 8 (20 points)
    play(state, "stay")  # seat 1 banks 10: 195, not yet the target
    view_bot = make_bot(GAME, "strong")
    assert state.to_move == 0
    # Staying on 20 takes seat 0 to 200, ahead of 195: the game is won, no need to risk it.
    assert view_bot.act(decision(state)) == STAY
    chase = table(2, ["12", "10", "8", "5"], totals=[150, 195])
    play(chase, "hit", "stay")  # seat 1 ends on 205; seat 0 has 170 + 20 = 190 < 205
    assert view_bot.act(decision(chase)) == HIT


def test_the_hint_gives_the_exact_bust_risk_from_public_cards() -> None:
    state = table(2, ["8", "12"])
    hint = hit_hint(state.view(0))
    assert hint is not None
    # 7 more eights among the 92 cards left.
    assert hint["bust_probability"] == pytest.approx(7 / 92)
    assert hint["points"] == 8 and hint["hit_gain"] > 0
    assert GAME.hint(state.view(None)) == hint


def test_the_deck_seen_by_bots_matches_the_engine() -> None:
    rng = random.Random(4)
    state = GAME.new_state(3, seed=4)
    for _ in range(300):
        if state.is_over:
            break
        seen = read_table(state.view(state.to_move))
        counts = [0] * 22
        for card in state.deck:
            counts[card] += 1
        assert seen.deck == counts
        state.apply(rng.choice(state.legal_actions()))


def test_strong_makes_the_risky_hand_flip_three() -> None:
    state = table(2, ["2", "12", "3", "11", "4", "10", "flip_three"])
    play(state, "hit", "hit", "hit", "hit", "hit")  # seat 0: 2, 3, 4; seat 1: 12, 11, 10
    assert state.view(None)["pending"] == {"kind": "flip_three", "seat": 0, "targets": [0, 1]}
    assert make_bot(GAME, "strong").act(decision(state)) == Target(1)


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("give", [False, True])
def test_the_threshold_bot_reads_its_numbers_from_the_events_as_from_the_view(
    players: int, give: bool
) -> None:
    """Hit or stay is decided without a view (the numbers come from the events): every
    decision of many games must be the one the bot makes reading the full view."""
    rules = Flip7Rules(second_chance_may_be_given=give)
    blind_decisions = 0
    for seed in range(40):
        state = GAME.new_state(players, seed=seed, rules=rules)
        thresholds = [14 + 4 * s for s in range(players)]
        blind = [make_bot(GAME, f"threshold:{t}") for t in thresholds]
        seeing = [make_bot(GAME, f"threshold:{t}") for t in thresholds]
        feeds = [SeatFeed(s) for s in range(players)]
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            bot = blind[seat]
            decision = decision_for(state, seat, feeds[seat], False, True, bot.wants_view)
            full = decision_for(state, seat, SeatFeed(seat), False, True)
            if decision.view is NO_VIEW:
                blind_decisions += 1
            action = bot.act(decision)
            assert action == seeing[seat].act(full), (seed, state.turns)
            state.apply(action, seat)
    assert blind_decisions > 1000  # most decisions were made without a view


def test_threshold_bots_play_without_numpy_or_numba() -> None:
    """Only the counting bots need the solver: a terminal or web game of threshold bots must
    not pay for importing NumPy and Numba (over a second on this kind of machine)."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from parlour.bots.base import make_bot\n"
        "from parlour.play.runner import play_game\n"
        "from parlour.games.flip7.game import GAME\n"
        "bots = [make_bot(GAME, 'threshold:23'), make_bot(GAME, 'threshold')]\n"
        "played = play_game(GAME, bots, seed=3)\n"
        "assert played.outcome.status == 'finished'\n"
        "print(sorted(m for m in ('numpy', 'numba', 'scipy') if m in sys.modules))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    assert result.stdout.strip() == "[]"
