"""`parlour flip7 solve` as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys


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


def test_rules_command_shows_options_and_credits() -> None:
    done = parlour("rules", "flip7", "--lang", "en")
    assert done.returncode == 0, done.stderr
    assert "second_chance_may_be_given" in done.stdout and "Eric Olsen" in done.stdout
