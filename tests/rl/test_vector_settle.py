"""The vector env's compiled bookkeeping after a kernel pass (`settle_step`), case by case."""

from __future__ import annotations

import numpy as np

from parlour.rl.step_kernel import STATUS_CAPPED, STATUS_FINISHED, STATUS_PLAYING
from parlour.rl.vector_settle import settle_step


def test_each_game_is_settled_as_its_status_says() -> None:
    # Game 0 plays on, 1 finishes, 2 is capped, 3 was over and is dealt again, 4 lost by an
    # illegal action, 5 has an illegal flag but is being dealt again (its action is ignored).
    resetting = np.array([False, False, False, True, False, True])
    illegal = np.array([False, False, False, False, True, True])
    status = np.array(
        [STATUS_PLAYING, STATUS_FINISHED, STATUS_CAPPED, STATUS_FINISHED, STATUS_PLAYING,
         STATUS_PLAYING],
        np.int8,
    )  # fmt: skip
    returns = np.array([[0.0, 0.0], [1.0, -1.0], [0.0, 0.0], [-1.0, 1.0], [0.0, 0.0], [0, 0]])
    rewarded = np.array([0, 1, 0, 0, -1, 0])
    rewards, terminated, truncated, ended, ended_returns, games, lost = settle_step(
        resetting, illegal, status, returns, rewarded
    )
    assert rewards.tolist() == [0.0, -1.0, 0.0, 0.0, -1.0, 0.0]
    assert terminated.tolist() == [False, True, False, False, True, False]
    assert truncated.tolist() == [False, False, True, False, False, False]
    assert ended.tolist() == [False, True, True, False, False, False]
    assert ended_returns.tolist() == [[0, 0], [1, -1], [0, 0], [0, 0], [0, 0], [0, 0]]
    assert games.tolist() == [3, 5]
    assert lost
    assert illegal.tolist() == [False, False, False, False, True, False]  # cleared where dealt


def test_no_illegal_action_no_loss() -> None:
    resetting = np.zeros(3, bool)
    illegal = np.zeros(3, bool)
    status = np.full(3, STATUS_PLAYING, np.int8)
    returns = np.zeros((3, 3))
    settled = settle_step(resetting, illegal, status, returns, np.zeros(3, np.int64))
    rewards, terminated, truncated, ended, _, games, lost = settled
    assert not lost and games.size == 0
    assert not (terminated.any() or truncated.any() or ended.any() or rewards.any())
