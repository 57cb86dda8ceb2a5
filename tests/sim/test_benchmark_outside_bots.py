"""The outside bots the benchmarks measure the experts against (benchmarks/outside/): each
plays whole games by its import path, reading only the public contract, and clearly beats a
bot that does not think (were a view or event field it reads to change, it would not)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from parlour.sim import simulate  # the public name (the submodule would shadow it here)

OUTSIDE = Path(__file__).resolve().parents[2] / "benchmarks" / "outside"


@pytest.fixture
def outside_on_path() -> Iterator[None]:
    sys.path.insert(0, str(OUTSIDE))
    try:
        yield
    finally:
        sys.path.remove(str(OUTSIDE))


@pytest.mark.parametrize(
    ("game", "bot", "weaker", "games"),
    [
        ("familles", "familles_tracker:CardTracker", "random", 200),
        ("flip7", "flip7_lookahead:LookAhead", "threshold:15", 400),
        ("panoplies", "panoplies_ranker:Ranker", "random", 200),
        ("gofish", "gofish_tracker:Tracker", "random", 400),
    ],
)
def test_an_outside_bot_plays_whole_games_and_beats_a_weaker_one(
    outside_on_path: None, game: str, bot: str, weaker: str, games: int
) -> None:
    result = simulate(game, [bot, weaker], games, seed=11, workers=1)
    mine, theirs = result.summary.bots
    assert result.summary.games == games
    assert mine.ci95[0] > theirs.ci95[1], (mine, theirs)


@pytest.fixture
def benchmarks_on_path(outside_on_path: None) -> Iterator[None]:
    folder = str(OUTSIDE.parent)
    sys.path.insert(0, folder)
    try:
        yield
    finally:
        sys.path.remove(folder)


def test_the_tournament_scripts_seat_an_outside_bot_by_its_import_path(
    benchmarks_on_path: None,
) -> None:
    """The tables of benchmarks/ take a researcher's bot as `simulate` does: a chunk of games
    plays it, seats rotated, and it shows the strength it has (were the spec read as a
    shipped bot's name, the chunk would raise)."""
    import askdraw_ladder
    import flip7_tournament

    part = flip7_tournament.play_chunk((["flip7_lookahead:LookAhead", "threshold:5"], 0, 60, 3))
    assert part["failed"] is None, part["failed"]
    wins = part["wins"]
    assert part["played"] == 60 and sum(wins) == 60 and wins[0] > wins[1], wins
    chunk = askdraw_ladder.play_chunk(
        ("familles", ["familles_tracker:CardTracker", "random"], 3, 0, 20)
    )
    assert chunk["failed"] is None, chunk["failed"]
    assert len(chunk["ranks"]) == 20
    assert sum(r[0] == 0 for r in chunk["ranks"]) > sum(r[1] == 0 for r in chunk["ranks"])
