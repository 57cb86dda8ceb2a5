"""The simulator on real games: reproducible whatever the workers, rotated seats, records that
replay, failures reported with their seed and record."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from parlour.core.errors import ParlourError
from parlour.core.records import load_record, replay
from parlour.core.registry import get_game
from parlour.play.runner import play_game
from parlour.sim import SimulationFailed, simulate
from parlour.sim.output import game_columns
from parlour.sim.schedule import derive_seed, game_seed, seating
from parlour.sim.worker import seat_names, seeded_bots

from .helpers import add_crash_bot, add_killer_bot, add_late_crash_bot


def _same_games(a, b) -> None:
    assert a.summary.to_json() == b.summary.to_json()
    assert np.array_equal(a.rows.turns, b.rows.turns)
    assert np.array_equal(a.rows.shares, b.rows.shares)
    assert a.rows.status == b.rows.status


def test_same_seed_same_table_with_one_or_two_workers_and_any_chunking() -> None:
    one = simulate("beggar", "first,random", 240, seed=11, workers=1, bulk=False)
    two = simulate("beggar", "first,random", 240, seed=11, workers=2, bulk=False, chunk=7)
    _same_games(one, two)
    other = simulate("beggar", "first,random", 240, seed=12, workers=1, bulk=False)
    assert not np.array_equal(one.rows.turns, other.rows.turns)


def test_every_game_is_reproducible_alone_with_the_runner() -> None:
    result = simulate("beggar", ["first", "random", "random"], 9, seed=5, workers=1, bulk=False)
    game = get_game("beggar")
    for index in range(9):
        seed = game_seed(result.job, index)
        specs = tuple(result.job.bots[b] for b in seating(index, 3))
        played = play_game(game, seeded_bots(game, specs, seed), seed, seats=seat_names(specs))
        assert played.turns == result.rows.turns[index]
        assert list(played.outcome.scores) == result.rows.scores[index].tolist()


def test_seats_rotate_so_each_bot_plays_each_seat_equally() -> None:
    result = simulate("beggar", "first,random,random", 30, seed=2, workers=1, bulk=False)
    columns = game_columns(result.rows)
    for seat in range(3):
        assert sorted(columns[f"seat{seat}_bot"]) == ["first"] * 10 + ["random"] * 20
    # the first bot (index 0) sits at seat 0 in games 0, 3, 6, ...
    assert [columns["seat0_bot"][i] for i in range(0, 30, 3)] == ["first"] * 10


def test_records_replay_to_the_simulated_result(tmp_path: Path) -> None:
    result = simulate("beggar", "random,first", 12, seed=3, workers=2, records_dir=tmp_path)
    files = sorted(tmp_path.glob("game-*.json"))
    assert len(files) == 12
    for index, path in enumerate(files):
        record = load_record(path)
        state, _ = replay(record)  # raises if the replay disagrees with the stored result
        assert record["seed"] == game_seed(result.job, index)
        assert state.turns == result.rows.turns[index]
        assert [s["name"] for s in record["seats"]] == [
            result.job.bots[b] for b in seating(index, 2)
        ]


@pytest.mark.parametrize("workers", [1, 2])
def test_a_failing_bot_is_reported_with_seed_and_record(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, workers: int
) -> None:
    add_crash_bot(monkeypatch)
    with pytest.raises(
        SimulationFailed,
        match=r"game 0 of beggar failed \(seed \d+, seats crash, first.*crash bot gave up",
    ) as caught:
        simulate("beggar", "crash,first", 50, seed=9, workers=workers, records_dir=tmp_path)
    failure = caught.value.failure
    message = str(caught.value)
    assert failure.index == 0  # the very first game breaks: the lowest index is reported
    assert str(failure.seed) in message and "crash bot gave up" in message
    assert failure.seed == derive_seed(9, 0) and failure.seats == ("crash", "first")
    assert "RuntimeError" in failure.traceback and "act" in failure.traceback
    assert caught.value.saved is not None and str(caught.value.saved) in message
    record = json.loads(Path(caught.value.saved).read_text())
    assert record["seed"] == failure.seed
    assert len(record["actions"]) == failure.turns
    state, _ = replay(record)  # the game up to the failure, move for move
    assert state.turns == failure.turns and not state.is_over
    assert state.to_move == failure.seat
    assert Path(str(caught.value.saved).replace(".json", ".traceback.txt")).exists()


@pytest.mark.parametrize("workers", [1, 2])
def test_a_failing_run_keeps_the_games_played_before_the_failure(
    monkeypatch: pytest.MonkeyPatch, workers: int
) -> None:
    add_late_crash_bot(monkeypatch)
    with pytest.raises(SimulationFailed, match="late crash bot gave up") as caught:
        simulate("beggar", "first,late-crash", 60, seed=4, workers=workers, chunk=5, bulk=False)
    failed = caught.value
    index = failed.failure.index
    assert 0 < index < 60  # short games came first: there is something to keep
    kept = failed.completed[0]
    assert kept.job.games == index and len(kept.status) == index
    # The kept games are the very games a run that stops before the failure plays.
    alone = simulate("beggar", "first,late-crash", index, seed=4, workers=1, bulk=False)
    assert np.array_equal(kept.turns, alone.rows.turns)
    assert np.array_equal(kept.shares, alone.rows.shares)


def test_bulk_path_gives_the_runner_s_table_when_the_game_offers_one() -> None:
    fast = simulate("beggar", "first,random", 300, seed=21, workers=1)
    slow = simulate("beggar", "first,random", 300, seed=21, workers=1, bulk=False)
    assert fast.rows.bulk and not slow.rows.bulk
    _same_games(fast, slow)
    _same_games(fast, simulate("beggar", "first,random", 300, seed=21, workers=2, chunk=37))


def test_a_dead_worker_process_is_one_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    add_killer_bot(monkeypatch)
    with pytest.raises(ParlourError, match="worker process died"):
        simulate("beggar", "killer,first", 8, seed=1, workers=2, bulk=False)


def test_games_cut_by_the_turn_cap_are_draws_that_nobody_wins() -> None:
    result = simulate(
        "beggar", "first,random", 60, seed=1, workers=1, rules=["max_turns=150"], bulk=False
    )
    summary = result.summary
    capped = [i for i, status in enumerate(result.rows.status) if status == "capped"]
    assert summary.draws == len(capped) == summary.statuses["capped"] > 0
    assert all(result.rows.turns[i] == 150 for i in capped)
    assert sum(line.wins for line in summary.bots) == 60 - summary.draws
    assert result.rows.turns.max() == 150


def test_rules_the_bulk_path_declines_fall_back_to_the_runner() -> None:
    match = simulate("beggar", "first,random", 30, seed=2, workers=1, rules=["match=best_of_three"])
    assert not match.rows.bulk
    assert match.rows.scores.max() == 2  # a match is won with two rounds


@pytest.mark.parametrize(
    ("bots", "rules"),
    [
        ("first,random,random", ["jokers=2"]),
        ("first,random,random,first", ["exhausted_payer=next_pays"]),
        ("random,first", ["max_turns=100"]),
    ],
)
def test_bulk_path_agrees_with_the_runner_under_variants(bots: str, rules: list[str]) -> None:
    fast = simulate("beggar", bots, 120, seed=8, workers=2, rules=rules)
    slow = simulate("beggar", bots, 120, seed=8, workers=2, rules=rules, bulk=False)
    assert fast.rows.bulk
    _same_games(fast, slow)
    assert np.array_equal(fast.rows.ranks, slow.rows.ranks)


def test_a_game_that_failed_before_any_record_names_the_traceback_it_saved(
    tmp_path: Path,
) -> None:
    from parlour.sim.simulation import save_failure
    from parlour.sim.worker import GameFailure

    failure = GameFailure(
        0, 3, 77, ("first", "first"), None, "RulesError: no", "Traceback", 0, None
    )
    saved = save_failure(failure, "beggar", tmp_path)
    assert saved is not None and saved.read_text() == "Traceback"
    message = str(SimulationFailed(failure, "beggar", saved))
    assert message.endswith(f"traceback saved to {saved}") and "record saved" not in message
