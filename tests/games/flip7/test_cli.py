"""`parlour flip7 solve` as a user runs it."""

from __future__ import annotations

import json
import os
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


def _run(*args: str, lang: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LANG": lang, "LC_ALL": lang, "COLUMNS": "200"}
    return subprocess.run(
        [sys.executable, "-m", "parlour.cli", *args],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )


def test_solve_hand_follows_the_readers_language_and_keeps_its_english() -> None:
    fr = _run("flip7", "solve", "--hand", "12,11", lang="fr_FR.UTF-8")
    assert fr.stdout.strip() == (
        "main 12,11 (paquet numéros+bonus)\u00a0: rester 23,0000, tirer puis jouer au mieux "
        "22,4578 -> rester"
    )
    en = _run("flip7", "solve", "--hand", "12,11", lang="C")
    assert en.stdout.strip() == (
        "hand 12,11 (numbers+modifiers deck): stay 23.0000, hit then play optimally 22.4578 -> stay"
    )
    # --lang overrides the locale.
    again = _run("flip7", "solve", "--hand", "12,11", "--lang", "en", lang="fr_FR.UTF-8")
    assert again.stdout == en.stdout


def test_solve_in_french_writes_french_words_and_numbers() -> None:
    fr = _run("flip7", "solve", "--numbers-only", lang="fr_FR.UTF-8").stdout
    assert "Paquet\u00a0: 79 cartes (numéros)\u00a0; un joueur seul, valeurs exactes." in fr
    assert "stratégie optimale\u00a0: score espéré 18,5652" in fr
    assert "T = 23, score espéré 18,5212" in fr
    assert "numéros en main" in fr and "probabilité de perdre" in fr and "0,0928" in fr
    en = _run("flip7", "solve", "--numbers-only", lang="C").stdout
    assert "Deck: 79 cards (numbers); one player alone, exact values." in en
    assert "optimal policy: expected score 18.5652" in en
    assert "best fixed threshold (stay when the numbers sum to at least T): T = 23" in en
    assert "numbers held" in en and "bust probability" in en and "0.0928" in en


def test_a_bonus_or_target_past_a_million_is_refused_in_one_line() -> None:
    # The solver and the compiled paths add points in 64 bits: a bonus near 2^63 gave a Numba
    # traceback, or wrong answers and scores, before it was bounded.
    done = parlour("flip7", "solve", "--hand", "12,11", "--bonus", "9" * 26)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"parlour: --bonus must be at most 1000000, not {'9' * 26}\n"
    for rule in ("flip7_bonus=9223372036854775807", "target=1000001"):
        done = parlour("simulate", "flip7", "--bots", "threshold,threshold", "--games", "2",
                       "--rules", rule)  # fmt: skip
        assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
        assert "must be at most 1000000" in done.stderr
