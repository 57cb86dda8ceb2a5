"""The ask-and-draw searches on kernel playouts (`askdraw.playouts`): the same playouts, values
and moves as on the reference engine, many more of them for a time budget, and the engine's
playouts wherever the kernel cannot play the worlds."""

from __future__ import annotations

import random

import pytest

from parlour.bots.base import Decision, make_bot
from parlour.bots.search import PER_WORLD, SearchBot
from parlour.core.errors import ParlourError
from parlour.core.events import SeatFeed
from parlour.core.game import Seat, State
from parlour.core.registry import get_game
from parlour.games.askdraw.playouts import available, batch_playout, playout_seeds
from parlour.play.runner import decision_for

pytestmark = pytest.mark.skipif(not available(), reason="kernel playouts need Numba")

PRIORS = {"familles": "0.15", "panoplies": "0.3", "gofish": "0.15"}


def decisions(name: str, players: int, seed: int, every: int = 3) -> list[Decision]:
    """Decisions along a seeded game of random moves."""
    game = get_game(name)
    state = game.new_state(players, seed=seed)
    rng = random.Random(seed)
    out = []
    while not state.is_over and len(out) < 12:
        if len(state.actions) % every == 0:
            seat = state.turn  # type: ignore[attr-defined]
            out.append(decision_for(state, seat, SeatFeed(seat)))
        state.apply(rng.choice(state.legal_actions()))
    return out


def trials(decision: Decision, rng: random.Random) -> list[State]:
    world = decision.determinize(rng)
    out = []
    for move in decision.legal_actions[:4]:
        trial = world.clone()
        trial.apply(move)
        out.append(trial)
    return out


@pytest.mark.parametrize("name", ["familles", "gofish"])
def test_one_kernel_playout_is_the_reference_playout(name: str) -> None:
    """The first playout of a batch draws what `random.Random(seed)` draws on the engine: the
    same value for each world after each move."""
    reference = make_bot(get_game(name), "search:1:4:0.1:engine")
    assert isinstance(reference, SearchBot)
    rng = random.Random(3)
    for players in (2, 3):
        for decision in decisions(name, players, 11):
            worlds = trials(decision, rng)
            seed = rng.getrandbits(63)
            sums = batch_playout(worlds, decision.seat, seed, 1)
            expected = [
                reference.playout(w.clone(), decision.seat, random.Random(seed)) for w in worlds
            ]
            assert sums == expected


def test_a_batch_sums_its_playouts_and_starts_with_the_reference_seed() -> None:
    decision = decisions("familles", 3, 5)[2]
    worlds = trials(decision, random.Random(1))
    seeds = playout_seeds(77, 64)
    assert seeds[0].tolist() == [77, 0, 0, 0, 0]  # the reference path's generator
    assert len({tuple(row) for row in seeds[1:].tolist()}) == 63
    assert all(any(row[1:]) for row in seeds[1:].tolist())  # xorshift needs a nonzero state
    sums = batch_playout(worlds, decision.seat, 77, 64)
    assert sums is not None and all(0.0 <= s <= 64.0 for s in sums)
    first = batch_playout(worlds, decision.seat, 77, 1)
    assert first is not None
    assert sums != pytest.approx([64 * v for v in first])  # the other 63 are other playouts
    worlds_again = [w.clone() for w in worlds]
    assert batch_playout(worlds_again, decision.seat, 77, 64) == sums  # replayable


@pytest.mark.parametrize("name", ["familles", "gofish", "panoplies"])
def test_a_number_of_rounds_is_the_same_search_on_either_path(name: str) -> None:
    """`search:N` plays one playout a move a round on either path: the same moves (Panoplies'
    joker draws aside, which no decision here meets)."""
    game = get_game(name)
    for players in (2, 3):
        for index, decision in enumerate(decisions(name, players, 21, every=4)):
            moves = []
            for spec in (f"search:3:4:{PRIORS[name]}:engine", f"search:3:4:{PRIORS[name]}"):
                bot = make_bot(game, spec, random.Random(index))
                moves.append(bot.act(decision))
            assert moves[0] == moves[1], (players, index)


def test_a_time_budget_buys_many_playouts_per_world() -> None:
    game = get_game("familles")
    decision = next(
        d
        for d in decisions("familles", 3, 8)
        if len(make_bot(game, "search:1").candidates(d)) > 1  # type: ignore[attr-defined]
    )
    bot = make_bot(game, "search:0.05", random.Random(1))
    assert isinstance(bot, SearchBot) and bot.per_world == PER_WORLD
    assert bot.act(decision) in decision.legal_actions
    moves = len(bot.last_stats)
    # A full batch a world first; the last round's may be cut to the time left.
    assert bot.last_playouts % moves == 0 and bot.last_playouts >= PER_WORLD * moves
    engine = make_bot(game, "search:0.05:4:0.15:engine", random.Random(1))
    assert isinstance(engine, SearchBot)
    engine.act(decision)
    assert engine.last_playouts == engine.last_stats[0][1] * len(engine.last_stats)


def test_worlds_the_kernel_cannot_hold_are_played_on_the_engine() -> None:
    """Panoplies with a chosen character (not seat s's own): no batch, the engine's playouts,
    a legal move all the same."""
    game = get_game("panoplies")
    seats = [Seat("a", data={"character": "father"}), Seat("b"), Seat("c")]
    state = game.new_state(seats, seed=4)
    rng = random.Random(2)
    for _ in range(3):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.turn  # type: ignore[attr-defined]
    decision = decision_for(state, seat, SeatFeed(seat))
    assert batch_playout(trials(decision, random.Random(1)), seat, 5, 3) is None
    bot = make_bot(game, "search:2", random.Random(1))
    assert bot.act(decision) in decision.legal_actions


def test_the_playouts_parameter_is_checked() -> None:
    with pytest.raises(ParlourError, match="playouts"):
        make_bot(get_game("gofish"), "search:2:4:0.15:gpu")


def test_a_search_asked_to_play_out_elsewhere_says_where_it_can() -> None:
    with pytest.raises(ParlourError, match="playouts run in the kernel or the engine, not 'gpu'"):
        make_bot(get_game("familles"), "search:2:3:0.02:gpu")
