"""The Ray backend on a local Ray instance started here: the same table as local workers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
import ray

from parlour.sim import simulate, tournament


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_ray_gives_the_local_table_for_the_same_seed(local_ray: None, tmp_path: Path) -> None:
    local = simulate("beggar", "random,first,random", 90, seed=17, workers=1, bulk=False)
    on_ray = simulate("beggar", "random,first,random", 90, seed=17, ray="auto", bulk=False, chunk=8)
    assert on_ray.summary.to_json() == local.summary.to_json()
    assert np.array_equal(on_ray.rows.turns, local.rows.turns)
    assert on_ray.workers == 2  # the instance's CPUs
    assert ray.is_initialized()  # a cluster the caller started is left running


def test_ray_tournament_matches_local(local_ray: None) -> None:
    local = tournament("beggar", "first,random,random", 12, seed=5, workers=2)
    on_ray = tournament("beggar", "first,random,random", 12, seed=5, ray="auto")
    assert on_ray.to_json() == local.to_json()
