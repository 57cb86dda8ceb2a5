"""`parlour beggar search`: local search finds long deals, stores them, resumes, verifies."""

from __future__ import annotations

import json
import subprocess
import sys

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

PAULHUS = RECORDS[0]


def test_decks_and_hands_are_inverse() -> None:
    deck = hands_deck(list(PAULHUS.hands))
    assert deck_hands(deck, 2) == list(PAULHUS.hands)
    hands = ["--K", "-Q", "A-"]
    assert deck_hands(hands_deck(hands), 3) == hands


def test_a_unit_reports_true_results_above_its_threshold() -> None:
    result = run_unit(Unit(2, seed=5, seconds=1.0, threshold=700))
    assert result.evaluations > 1000
    assert result.best.cards >= 700
    assert result.found, "a climb of a second finds games of 700+ cards"
    for entry in [result.best, *result.found[:5]]:
        assert entry.cards >= 700 or entry.status == "loop"
        assert verify(entry)
        cards = [c for hand in entry.hands for c in hand_codes(hand)]
        assert sorted(cards) == sorted([0] * 36 + [1, 2, 3, 4] * 4)
        assert [len(h) for h in entry.hands] == [26, 26]


def test_a_climb_from_a_record_never_goes_below_it() -> None:
    result = run_unit(Unit(2, seed=1, seconds=0.3, threshold=10**6, start=list(PAULHUS.hands)))
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
        minutes=0.03,
        results=ResultsFile(path),
        threshold=600,
        workers=1,
        seed=3,
        on_best=lambda f, ok: bests.append((f, ok)),
        unit_seconds=0.5,
    )
    assert report.evaluations > 0
    assert bests and all(ok for _, ok in bests)
    assert [f.cards for f, _ in bests] == sorted(f.cards for f, _ in bests)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert len(lines) == report.stored > 0
    assert all(line["cards"] >= 600 for line in lines)
    assert len({tuple(line["hands"]) for line in lines}) == len(lines)
    # Resuming: the stored deals are known, so nothing is stored twice.
    search(2, 0.02, ResultsFile(path), threshold=600, workers=1, seed=3, unit_seconds=0.5)
    again = [tuple(json.loads(line)["hands"]) for line in path.read_text().splitlines()]
    assert len(set(again)) == len(again) >= len(lines)


def test_three_player_search_plays_three_player_deals() -> None:
    result = run_unit(Unit(3, seed=2, seconds=0.3, threshold=400))
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
    assert "DIFFERS" in done.stdout and "ok: 4791 cards" in done.stdout


def test_random_sampling_alone_matches_the_kernel() -> None:
    # The climb's restarts are plain kernel deals: the best of them is a real game length.
    result = run_unit(Unit(2, seed=9, seconds=0.2, threshold=10**6, patience=0, samples=500))
    status, cards, tricks, _ = reference_play(result.best.hands)
    assert (status, cards, tricks) == (result.best.status, result.best.cards, result.best.tricks)
    row = kernel.play_deals([[hand_codes(h) for h in result.best.hands]]).row(0)
    assert row[1] == cards


def test_an_interrupted_search_keeps_its_results_and_resumes(tmp_path) -> None:
    import signal
    import time

    path = tmp_path / "found.jsonl"
    command = [sys.executable, "-m", "parlour.cli", "beggar", "search", "--minutes", "2"]
    command += ["--workers", "1", "--threshold", "300", "--results", str(path), "--seed", "4"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and not (path.exists() and path.read_text().count("\n")):
        time.sleep(0.2)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert "interrupted: run again" in out
    assert "Traceback" not in err
    stored = [json.loads(line) for line in path.read_text().splitlines()]
    assert stored and all(line["cards"] >= 300 for line in stored)
    assert len(ResultsFile(path).found) == len(stored)
