"""The Flip 7 expert's model variants (benchmarks/flip7_expert_variants.py): their tables hold
the properties of their models, and each variant plays whole games against `strong`."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

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


@pytest.mark.parametrize("name", ["ExactOutlook", "ExactRaceOutlook", "ActionOptions"])
def test_each_variant_plays_whole_games_against_strong(variants: ModuleType, name: str) -> None:
    result = variants.run_table([f"flip7_expert_variants:{name}", "strong"], 6, 1, 5, None)
    assert result["games"] == 6
    assert sum(bot["wins"] for bot in result["bots"]) == pytest.approx(6)
