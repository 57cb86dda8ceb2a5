"""`parlour rl`: the observation layout and the conformance checks, as a user runs them."""

from __future__ import annotations

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
