"""`parlour beggar search`: local search finds long deals, stores them, resumes, verifies."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest

import parlour.games.beggar.texts  # noqa: F401  (registers the texts)
from parlour.games.beggar import kernel
from parlour.games.beggar.records import RECORDS, hand_codes, reference_play
from parlour.games.beggar.search import (
    Found,
    ResultsFile,
    Unit,
    deck_hands,
    hands_deck,
    run_unit,
    search,
    verify,
)
from parlour.i18n import t

PAULHUS = RECORDS[0]


def test_decks_and_hands_are_inverse() -> None:
    deck = hands_deck(list(PAULHUS.hands))
    assert deck_hands(deck, 2) == list(PAULHUS.hands)
    hands = ["--K", "-Q", "A-"]
    assert deck_hands(hands_deck(hands), 3) == hands


def test_a_unit_reports_true_results_above_its_threshold() -> None:
    # A budget of games, not of seconds: the same unit finds the same deals on any machine.
    result = run_unit(Unit(2, seed=5, seconds=0.0, threshold=700, evaluations=20_000))
    assert 20_000 <= result.evaluations < 20_000 + 200
    assert result.best.cards >= 700
    assert result.found, "20,000 games of climbing find games of 700+ cards"
    again = run_unit(Unit(2, seed=5, seconds=0.0, threshold=700, evaluations=20_000))
    assert again.found == result.found and again.best == result.best
    for entry in [result.best, *result.found[:5]]:
        assert entry.cards >= 700 or entry.status == "loop"
        assert verify(entry)
        cards = [c for hand in entry.hands for c in hand_codes(hand)]
        assert sorted(cards) == sorted([0] * 36 + [1, 2, 3, 4] * 4)
        assert [len(h) for h in entry.hands] == [26, 26]


def test_a_climb_from_a_record_never_goes_below_it() -> None:
    start = list(PAULHUS.hands)
    result = run_unit(Unit(2, 1, 0.0, 10**6, start=start, evaluations=3000))
    assert result.best.cards >= PAULHUS.cards


def test_results_file_survives_a_torn_line_and_is_not_duplicated(tmp_path) -> None:
    path = tmp_path / "found.jsonl"
    store = ResultsFile(path)
    entry = Found(list(PAULHUS.hands), "finished", 4791, 670, 0)
    assert store.add(entry, {"found_at": "now"})
    assert not store.add(entry, {})
    with path.open("a") as handle:
        handle.write('{"hands": ["--K", "-')  # interrupted mid-write
    again = ResultsFile(path)
    assert list(again.found) == [entry.key()]
    assert again.best(2) == [entry]
    assert again.best(3) == []


def test_search_stores_found_deals_and_resumes(tmp_path) -> None:
    path = tmp_path / "found.jsonl"
    bests: list[tuple[Found, bool]] = []
    report = search(
        2,
        minutes=1.0,
        results=ResultsFile(path),
        threshold=600,
        workers=1,
        seed=3,
        on_best=lambda f, ok: bests.append((f, ok)),
        units=3,
        unit_evaluations=10_000,
    )
    assert not report.interrupted
    assert report.evaluations > 0
    assert bests and all(ok for _, ok in bests)
    assert [f.cards for f, _ in bests] == sorted(f.cards for f, _ in bests)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert len(lines) == report.stored > 0
    assert all(line["cards"] >= 600 for line in lines)
    assert len({tuple(line["hands"]) for line in lines}) == len(lines)
    # Resuming: the stored deals are known, so nothing is stored twice.
    search(2, 1.0, ResultsFile(path), 600, workers=1, seed=3, units=2, unit_evaluations=10_000)
    again = [tuple(json.loads(line)["hands"]) for line in path.read_text().splitlines()]
    assert len(set(again)) == len(again) >= len(lines)


def test_three_player_search_plays_three_player_deals() -> None:
    result = run_unit(Unit(3, seed=2, seconds=0.0, threshold=400, evaluations=3000))
    assert len(result.best.hands) == 3
    assert verify(result.best)


def test_verify_flags_a_wrong_stored_length(tmp_path) -> None:
    path = tmp_path / "found.jsonl"
    good = {"hands": list(PAULHUS.hands), "status": "finished", "cards": 4791, "tricks": 670}
    bad = {**good, "hands": list(RECORDS[1].hands), "cards": 5000}
    path.write_text(json.dumps({**good, "winner": 0}) + "\n" + json.dumps({**bad, "winner": 0}))
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "parlour.cli",
            "beggar",
            "search",
            "--verify",
            "--results",
            str(path),
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode != 0
    assert "1 stored deal(s) differ" in done.stderr
    assert "DIFFERS" in done.stdout and "ok: 4,791 cards" in done.stdout


def test_random_sampling_alone_matches_the_kernel() -> None:
    # The climb's restarts are plain kernel deals: the best of them is a real game length.
    unit = Unit(2, 9, 0.0, 10**6, patience=0, samples=500, evaluations=5000)
    result = run_unit(unit)
    status, cards, tricks, _ = reference_play(result.best.hands)
    assert (status, cards, tricks) == (result.best.status, result.best.cards, result.best.tricks)
    row = kernel.play_deals([[hand_codes(h) for h in result.best.hands]]).row(0)
    assert row[1] == cards


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_interrupted_search_keeps_its_results_and_resumes(tmp_path, lang: str) -> None:
    # Ctrl-C is sent only once the child has said it is searching (its first "new best" line is
    # printed inside the search loop, where Ctrl-C is handled), so the stop is deterministic:
    # no sleep, no clock. The search then finishes the unit in flight, joins its worker and
    # exits cleanly; the test's own bound is the suite's per-test timeout.
    path = tmp_path / "found.jsonl"
    command = [sys.executable, "-m", "parlour.cli", "beggar", "search", "--minutes", "30"]
    command += ["--workers", "1", "--threshold", "2000", "--results", str(path), "--seed", "4"]
    command += ["--lang", lang]
    # The lines the search prints, in the language asked for (the first Ctrl-C's line too).
    new_best = t("beggar.cli.new_best", lang, check="", entry="").split(" (")[0]
    interrupted = t("beggar.cli.interrupted", lang, results=path).split(" --results")[0]
    stopping = t("beggar.cli.stopping", lang)
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "300"}
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    assert process.stdout is not None
    seen = []
    for line in process.stdout:
        seen.append(line)
        if line.startswith(new_best):
            break
    assert seen and seen[-1].startswith(new_best), seen
    process.send_signal(signal.SIGINT)
    out, err = process.communicate()
    out = "".join(seen) + out
    assert process.returncode == 0, err
    assert interrupted in out
    assert stopping in err
    assert "Traceback" not in err
    stored = [json.loads(line) for line in path.read_text().splitlines()]
    assert stored and all(line["cards"] >= 2000 for line in stored)
    assert len(ResultsFile(path).found) == len(stored)
    # Resuming from the same file stores nothing twice.
    resumed = search(
        2, 1.0, ResultsFile(path), 2000, workers=1, seed=4, units=1, unit_evaluations=50_000
    )
    again = [json.loads(line)["hands"] for line in path.read_text().splitlines()]
    assert len(again) == len(stored) + resumed.stored
    assert len({tuple(h) for h in again}) == len(again)
