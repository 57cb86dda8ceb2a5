"""The simulator on every game in the registry: reproducible tables, replayable records, wins
credited to the right bot, lengths and plots."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from parlour.core.records import load_record, replay
from parlour.core.registry import game_names, get_game
from parlour.sim import simulate, tournament
from parlour.sim.plots import heavy_tailed, plot_summary

GAMES = game_names()


@pytest.mark.parametrize("game", GAMES)
def test_every_game_gives_the_same_table_with_one_or_two_workers(game: str, tmp_path: Path) -> None:
    # Three seats where the game allows it (a two-player game is seated by two).
    bots = ["first", "random", "random"][: get_game(game).max_players]
    one = simulate(game, bots, 12, seed=31, workers=1, bulk=False)
    two = simulate(game, bots, 12, seed=31, workers=2, bulk=False, records_dir=tmp_path)
    assert one.summary.to_json() == two.summary.to_json()
    assert np.array_equal(one.rows.scores, two.rows.scores)
    paths = sorted(tmp_path.glob("game-*.json"))
    assert len(paths) == 12  # one record a game: the loop below checks something
    for index, path in enumerate(paths):
        state, _ = replay(load_record(path))
        assert state.turns == one.rows.turns[index]
        assert list(state.outcome.scores) == one.rows.scores[index].tolist()


# A bot that plays on purpose beats one that plays at random in every game with decisions:
# if wins were credited to the wrong seat after the rotation, both would sit near 50%.
STRONG_AGAINST_RANDOM = {"flip7": "threshold:23", "familles": "memory", "panoplies": "memory"}


@pytest.mark.parametrize("game", [g for g in GAMES if g in STRONG_AGAINST_RANDOM])
def test_wins_go_to_the_bot_that_earned_them(game: str) -> None:
    strong = STRONG_AGAINST_RANDOM[game]
    result = simulate(game, [strong, "random", "random"], 60, seed=3, workers=2)
    good, *others = result.summary.bots
    assert all(good.ci95[0] > bad.ci95[1] for bad in others)
    assert all(good.mean_score > bad.mean_score for bad in others)
    ranked = tournament(game, [strong, "random", "first"], 40, table_size=3, seed=3, workers=1)
    assert ranked.standings[0].rating.bot == strong


def test_beggar_lengths_are_heavy_tailed_and_plotted_on_a_log_axis(tmp_path: Path) -> None:
    beggar = simulate("beggar", "first,random", 400, seed=1, workers=2, bulk=False)
    assert heavy_tailed(beggar.rows.turns)
    svg = plot_summary(beggar.rows, beggar.summary, tmp_path / "beggar.svg")
    text = svg.read_text()
    assert text.startswith("<?xml") and "log scale" in text
    if "flip7" in GAMES:
        flip7 = simulate("flip7", "threshold:23,random", 100, seed=1, workers=1)
        assert not heavy_tailed(flip7.rows.turns)
