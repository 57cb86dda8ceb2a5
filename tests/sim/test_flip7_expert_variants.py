"""The Flip 7 expert's model variants (benchmarks/flip7_expert_variants.py): their tables hold
the properties of their models, and each variant plays whole games against `strong`."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from parlour.games.flip7.expert_values import TARGET, end_values

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture(scope="module")
def variants() -> Iterator[ModuleType]:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import flip7_expert_variants

        yield flip7_expert_variants
    finally:
        sys.path.remove(str(BENCHMARKS))


def test_choosing_ones_round_style_never_loses_against_a_fixed_opponent(
    variants: ModuleType,
) -> None:
    """The measured play is one of the styles: the adaptive table is the shipped one or
    better in every cell, and better where the choice matters (behind, near the end)."""
    shipped = end_values(2)[:TARGET, :TARGET]
    adaptive = variants.adaptive_table()[:TARGET, :TARGET]
    assert (adaptive >= shipped - 1e-9).all()
    assert adaptive[150, 190] > shipped[150, 190] + 0.003


def test_the_zero_sum_table_is_even_between_equal_totals(variants: ModuleType) -> None:
    zero_sum = variants.zero_sum_table()
    diagonal = np.array([zero_sum[a, a] for a in range(0, TARGET, 10)])
    assert np.abs(diagonal - 0.5).max() < 2e-3
    assert zero_sum[180, 150] > zero_sum[150, 180]  # the leader stays ahead


@pytest.mark.parametrize(
    "name", ["ExactOutlook", "ExactRaceOutlook", "ActionOptions", "RoundSearch", "MeasuredTable"]
)
def test_each_variant_plays_whole_games_against_strong(variants: ModuleType, name: str) -> None:
    result = variants.run_table([f"flip7_expert_variants:{name}", "strong"], 6, 1, 5, None)
    assert result["games"] == 6
    assert sum(bot["wins"] for bot in result["bots"]) == pytest.approx(6)


def test_an_unbiased_bias_plays_the_shipped_experts_games(variants: ModuleType) -> None:
    """`Biased` with no bias decides as the expert does: the same games, move for move."""
    mine = variants.run_table(["flip7_expert_variants:Biased", "strong"], 8, 1, 9, None)
    shipped = variants.run_table(["expert", "strong"], 8, 1, 9, None)
    assert [(b["wins"], b["mean_score"]) for b in mine["bots"]] == [
        (b["wins"], b["mean_score"]) for b in shipped["bots"]
    ]


def test_the_measured_table_takes_the_measured_values_on_its_grid_and_between(
    variants: ModuleType, tmp_path: Path
) -> None:
    """At a grid's totals the table is what was measured, between them the shift from the
    model is interpolated, outside it held; and more points are never worth less, even where
    the measures (noisy) say so."""
    model = end_values(2)[:TARGET, :TARGET]
    grid = np.array([100, 150])
    measured = model[np.ix_(grid, grid)] + np.array([[0.0, 0.10], [-0.05, 0.02]])
    path = tmp_path / "table.npz"
    played = np.ones((2, 2), dtype=np.int64)
    np.savez(path, grid=grid, measured=measured, model=model[np.ix_(grid, grid)], played=played)
    table = variants.measured_start_table(path)
    assert table[100, 150] == pytest.approx(measured[0, 1])
    assert table[150, 150] == pytest.approx(measured[1, 1])
    assert table[100, 125] == pytest.approx(model[100, 125] + 0.05)  # half way
    assert table[180, 190] == pytest.approx(model[180, 190] + 0.02)  # held past the grid
    assert (np.diff(table, axis=0) >= 0).all() and (np.diff(table, axis=1) <= 0).all()
    # A measure that says a player on 150 fares worse than on 100 is not followed.
    noisy = np.array([[0.5, 0.9], [0.1, 0.5]])
    np.savez(path, grid=grid, measured=noisy, model=measured, played=played)
    assert (np.diff(variants.measured_start_table(path), axis=0) >= 0).all()


def test_the_measured_table_says_the_model_undervalues_trailing_near_the_end(
    variants: ModuleType,
) -> None:
    """The shipped measures (800 games a cell): 10 points behind on 170 against 180, the
    expert wins 0.46 where the model says 0.30."""
    table = variants.measured_start_table(variants.MEASURED_TABLE)
    assert table[170, 180] > end_values(2)[170, 180] + 0.1
    assert (np.diff(table, axis=0) >= 0).all() and (np.diff(table, axis=1) <= 0).all()


@pytest.fixture(scope="module")
def measuring() -> Iterator[ModuleType]:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import flip7_measured_table

        yield flip7_measured_table
    finally:
        sys.path.remove(str(BENCHMARKS))


def test_the_measuring_games_start_on_the_totals_asked_for(measuring: ModuleType) -> None:
    """Four points from the target against a player on 50, the expert wins every game; the
    other way round it wins none."""
    assert measuring.win_share(196, 50, 4, 11) == 1.0
    assert measuring.win_share(50, 196, 4, 11) == 0.0


def test_a_failing_measure_keeps_the_other_cells_and_names_its_seed(
    measuring: ModuleType,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    played = measuring._play

    def failing(expert: Any, strong: Any, a: int, b: int, me: int, seed: int) -> float:
        if (a, b) == (190, 196) and me == 1:  # the second game of that cell
            raise RuntimeError("a bot broke")
        return played(expert, strong, a, b, me, seed)

    monkeypatch.setattr(measuring, "_play", failing)
    monkeypatch.setattr(measuring, "GRID", (190, 196))
    out = tmp_path / "table.npz"
    monkeypatch.setattr(sys, "argv", ["x", "--games", "3", "--seed", "5", "--out", str(out)])
    with pytest.raises(SystemExit) as stop:
        measuring.main()
    assert stop.value.code == 1
    seed = 5 * 10**9 + 1 * 10**6 + 1  # the cell (190, 196) is the grid's second, game 1
    assert f"totals 190, 196: game 1 (seed {seed}) failed: RuntimeError: a bot broke" in (
        capsys.readouterr().err
    )
    with np.load(out) as kept:
        assert np.isnan(kept["measured"][0, 1]) and kept["played"][0, 1] == 1
        others = [(0, 0), (1, 0), (1, 1)]
        assert all(not np.isnan(kept["measured"][c]) and kept["played"][c] == 3 for c in others)


def test_the_round_search_values_each_choice_by_its_playouts(variants: ModuleType) -> None:
    """Far from the end, the playouts agree with the round solver where the choice is clear:
    with 12, 11, 10 and 9 staying is worth more (hitting busts 4 times in 9), with a lone 2
    hitting is; and two searches of the same state give the same figures (seeded)."""
    from parlour.games.flip7.cards import FULL_COUNTS
    from parlour.games.flip7.expert_values import end_values
    from parlour.games.flip7.solver import MODEL_KINDS, _sweep, masks_of

    search = sys.modules["flip7_round_search"]
    values = end_values(2)
    totals = np.array([40, 40], dtype=np.int64)
    points = np.arange(200, dtype=np.float64)
    none = np.zeros(0)

    def playouts(mine: list[int], his: list[int]) -> tuple[float, float]:
        counts = list(FULL_COUNTS)
        for card in (*mine, *his):
            counts[card] -= 1
        start = np.array([[*masks_of(mine), 0], [*masks_of(his), 0]], dtype=np.int64)
        scoring = np.asarray(counts[:MODEL_KINDS], dtype=np.int64)
        tables = [np.empty((1 << 13, 1 << 6)) for _ in range(4)]
        _sweep(scoring, start[0, 0], start[0, 1], 0, 15, tables[0], tables[1], points)
        _sweep(scoring, start[1, 0], start[1, 1], 0, 15, tables[2], tables[3], none)
        policy = (
            (tables[0], tables[1], points, values, totals, False),
            (tables[2], tables[3], none, values, totals, False),
        )
        deck = np.asarray(counts, dtype=np.int64)
        stay, hit = search.search(deck, start, policy, 400, 7, 15)
        assert tuple(search.search(deck, start, policy, 400, 7, 15)) == (stay, hit)
        return stay, hit

    stay, hit = playouts([12, 11, 10, 9], [3])
    assert stay > hit + 0.05  # 0.63 against 0.53 when written
    stay, hit = playouts([2], [3])
    assert hit > stay + 0.05  # 0.50 against 0.38
