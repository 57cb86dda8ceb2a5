"""`parlour flip7 solve` as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def parlour(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "parlour.cli", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_solve_numbers_only_json() -> None:
    done = parlour("flip7", "solve", "--numbers-only", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert set(data) == {"optimal_ev", "best_threshold", "threshold_ev", "bust_probability"}
    assert data["best_threshold"] == 23
    assert data["optimal_ev"] > data["threshold_ev"] > 18
    assert len(data["bust_probability"]) == 7


def test_solve_hand_json_and_text() -> None:
    done = parlour("flip7", "solve", "--hand", "12,11", "--numbers-only", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["decision"] == "stay" and data["stay_ev"] == 23 and data["hit_ev"] < 23
    text = parlour("flip7", "solve", "--hand", "3,4")
    assert "-> hit" in text.stdout


def test_a_bad_hand_is_one_clean_error() -> None:
    done = parlour("flip7", "solve", "--hand", "12,twelve")
    assert done.returncode == 2
    assert "unknown Flip 7 card" in done.stderr and "Traceback" not in done.stderr


def test_a_hand_the_solver_cannot_read_says_why() -> None:
    from parlour.core.errors import RulesError
    from parlour.games.flip7.game import parse_hand
    from parlour.games.flip7.solver import solve_hand

    cases = [
        ("12,freeze", {}, "outside its model"),
        ("12,flip_three", {}, "outside its model"),
        ("12,second_chance", {}, "outside its model"),
        ("12,x2,x2", {}, "each modifier at most once"),
        ("12,+4", {"no_modifiers": True}, "numbers+x2 deck leaves out"),
    ]
    for hand, options, says in cases:
        try:
            solve_hand(parse_hand(hand), **options)
        except RulesError as err:
            assert says in str(err), (hand, str(err))
        else:
            raise AssertionError(f"{hand} was solved")
    done = parlour("flip7", "solve", "--hand", "12,freeze")  # the command line says it too
    assert done.returncode == 2 and "outside its model" in done.stderr
    assert "Traceback" not in done.stderr


def test_rules_command_shows_options_and_credits() -> None:
    done = parlour("rules", "flip7", "--lang", "en")
    assert done.returncode == 0, done.stderr
    assert "second_chance_may_be_given" in done.stdout and "Eric Olsen" in done.stdout


def test_simulate_counter_table_same_with_and_without_the_kernel(tmp_path: Path) -> None:
    args = ("simulate", "flip7", "--games", "200", "--bots", "counter,threshold:20")
    args += ("--seed", "5", "--workers", "1", "--no-progress")
    fast = parlour(*args)
    slow = parlour(*args, "--records", str(tmp_path))  # records: the game runner plays
    assert fast.returncode == 0 and slow.returncode == 0, fast.stderr + slow.stderr
    assert "bulk path" in fast.stdout and "game runner" in slow.stdout
    # Everything but the line of timings and the line naming the saved records.
    lines = [line for line in slow.stdout.splitlines() if not line.startswith("saved ")]
    assert fast.stdout.splitlines()[:-1] == lines[:-1]
    assert "counter" in fast.stdout and "200 games" in fast.stdout
