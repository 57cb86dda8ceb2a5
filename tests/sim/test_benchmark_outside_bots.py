"""The outside bots the benchmarks measure the experts against (benchmarks/outside/): each
plays whole games by its import path, reading only the public contract, and clearly beats a
bot that does not think (were a view or event field it reads to change, it would not)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from parlour.sim.simulate import simulate

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
    ],
)
def test_an_outside_bot_plays_whole_games_and_beats_a_weaker_one(
    outside_on_path: None, game: str, bot: str, weaker: str, games: int
) -> None:
    result = simulate(game, [bot, weaker], games, seed=11, workers=1)
    mine, theirs = result.summary.bots
    assert result.summary.games == games
    assert mine.ci95[0] > theirs.ci95[1], (mine, theirs)
