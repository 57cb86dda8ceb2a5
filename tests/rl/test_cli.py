"""`parlour rl`: the observation layout and the conformance checks, as a user runs them."""

from __future__ import annotations

import sys

import pytest
from typer.testing import CliRunner

from parlour.cli import app
from parlour.core.errors import ParlourError

runner = CliRunner()


def test_layout_lists_the_segments_and_the_action_count() -> None:
    done = runner.invoke(app, ["rl", "layout", "beggar", "--players", "3"])
    assert done.exit_code == 0, done.output
    assert "observation of 31 floats" in done.output
    assert "stack_share" in done.output and "0:3" in done.output
    assert "actions: 1 ids" in done.output


def test_check_runs_every_conformance_test() -> None:
    done = runner.invoke(app, ["rl", "check", "beggar", "--rules", "max_turns=200"])
    assert done.exit_code == 0, done.output
    for check in ("api_test", "seed_test", "check_env", "random_sim_test"):
        assert "ok   " in done.output and check in done.output


def test_bad_input_is_one_clear_error() -> None:
    done = runner.invoke(app, ["rl", "layout", "beggar", "--players", "9"])
    assert isinstance(done.exception, ParlourError)
    assert "2 to 6 players" in str(done.exception)
    done = runner.invoke(app, ["rl", "layout", "beggar", "--rules", "colour=red"])
    assert isinstance(done.exception, ParlourError)
    assert "unknown rules option" in str(done.exception)


def test_check_without_the_libraries_names_the_extras_and_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for module in ("pettingzoo", "pettingzoo.test", "pyspiel"):
        monkeypatch.setitem(sys.modules, module, None)  # as if not installed
    done = runner.invoke(app, ["rl", "check", "beggar"])
    assert "pip install 'parlour[rl]')" in done.output
    assert "pip install 'parlour[openspiel]')" in done.output
    # Nothing checked is no success: a script reading the status would think the game conforms.
    assert isinstance(done.exception, ParlourError)
    assert "rl check needs PettingZoo and Gymnasium, or OpenSpiel" in str(done.exception)


def test_check_with_one_library_missing_runs_the_others(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    done = runner.invoke(app, ["rl", "check", "beggar", "--rules", "max_turns=200"])
    assert done.exit_code == 0, done.output
    assert "ok   pettingzoo api_test" in done.output and "parlour[openspiel]" in done.output
