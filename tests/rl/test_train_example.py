"""The training example's policy: legal moves only, and an exact policy gradient."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_flip7.py"


@pytest.fixture(scope="module")
def example():
    spec = importlib.util.spec_from_file_location("train_flip7", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_the_policy_never_picks_a_masked_action(example) -> None:
    policy = example.Policy(5, 4, hidden=8, rng=np.random.default_rng(1))
    obs = np.random.default_rng(2).normal(size=(30, 5))
    mask = np.tile(np.array([0, 1, 0, 1], np.int8), (30, 1))
    p, _ = policy.probabilities(obs, mask)
    assert np.allclose(p[:, [0, 2]], 0.0) and np.allclose(p.sum(axis=1), 1.0)
    assert {policy.act(o, m) for o, m in zip(obs, mask, strict=True)} <= {1, 3}


def test_the_update_climbs_the_log_probability_of_rewarded_moves(example) -> None:
    rng = np.random.default_rng(3)
    policy = example.Policy(6, 3, hidden=8, lr=1e-2, rng=rng)
    obs = rng.normal(size=(40, 6))
    masks = np.ones((40, 3), np.int8)
    actions = rng.integers(0, 3, 40)
    advantages = rng.normal(size=40)

    def objective() -> float:
        p, _ = policy.probabilities(obs, masks)
        return float(np.mean(advantages * np.log(p[np.arange(40), actions])))

    before = objective()
    for _ in range(5):
        policy.update(obs, masks, actions, advantages)
    assert objective() > before
