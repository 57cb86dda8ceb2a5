"""Bring your own bot: an outside module plays by import path and by entry point, in
`parlour simulate`, `parlour tournament` and `parlour play`, in one process or several."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from parlour.bots.base import available_bots, make_bot
from parlour.core.errors import ParlourError
from parlour.core.registry import get_game
from parlour.sim import simulate
from tests.outside_bots import MODULE, UNDECLARED, OutsidePackage, outside

from .helpers import run_cli

__all__ = ["outside"]  # the fixture, imported for the tests below

# One table holds an import-path bot with a parameter, an entry-point bot and a shipped one.
TABLE = f"{MODULE}:LastBot:2,outsider,strong"


@pytest.mark.parametrize("workers", ["1", "2"])
def test_simulate_plays_outside_bots_by_path_and_entry_point(
    outside: OutsidePackage, capsys: pytest.CaptureFixture[str], workers: str
) -> None:
    code, out, err = run_cli(
        capsys, "simulate", "flip7", "--games", "12", "--bots", TABLE, "--seed", "3",
        "--json", "--workers", workers, "--no-progress",
    )  # fmt: skip
    assert code == 0, err
    data = json.loads(out)
    assert [bot["bot"] for bot in data["bots"]] == TABLE.split(",")
    assert sum(bot["wins"] for bot in data["bots"]) + data["draws"] == 12


def test_outside_bots_give_the_same_games_on_one_worker_or_two(outside: OutsidePackage) -> None:
    one = simulate("flip7", TABLE, 16, seed=9, workers=1, chunk=4)
    two = simulate("flip7", TABLE, 16, seed=9, workers=2, chunk=4)
    assert one.summary.to_json() == two.summary.to_json()


@pytest.mark.parametrize("workers", ["1", "2"])
def test_tournament_plays_outside_bots_by_path_and_entry_point(
    outside: OutsidePackage, capsys: pytest.CaptureFixture[str], tmp_path: Path, workers: str
) -> None:
    target = tmp_path / "standings.json"
    code, out, err = run_cli(
        capsys, "tournament", "flip7", "--games", "6", "--bots", TABLE, "--seed", "2",
        "--json", "--workers", workers, "--no-progress", "--out", str(target),
    )  # fmt: skip
    assert code == 0, err
    data = json.loads(out)
    assert sorted(s["bot"] for s in data["standings"]) == sorted(TABLE.split(","))
    assert json.loads(target.read_text())["standings"] == data["standings"]


def test_a_fresh_process_finds_the_outside_bots_on_its_path(outside: OutsidePackage) -> None:
    """The whole command in a process of its own, its workers started by it: nothing is
    inherited from this test's process but PYTHONPATH."""
    run = subprocess.run(
        [sys.executable, "-m", "parlour", "simulate", "flip7", "--games", "4",
         "--bots", f"{MODULE}:LastBot,outsider,everywhere", "--seed", "1", "--json",
         "--workers", "2", "--no-progress"],
        env=outside.env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert [b["bot"] for b in json.loads(run.stdout)["bots"]] == [
        f"{MODULE}:LastBot",
        "outsider",
        "everywhere",
    ]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("no_such_module_for_parlour_tests:Bot", "cannot import module"),
        ("no_such_package_zz.bots:Bot", "cannot import module 'no_such_package_zz.bots'"),
        (f"{MODULE}:Missing", f"module '{MODULE}' has no attribute 'Missing'"),
        (f"{MODULE}:NUMBER", "is not a bot (a int)"),
        (f"{MODULE}:NotABot", "is not a bot (a type)"),
        (f"{MODULE}:not_a_bot", "is not a bot: "),
        (f"{MODULE}:LastBot:x", "bad parameters"),
        (f"{MODULE}:LastBot:1:2", "takes index"),
        ("strnog", "unknown bot 'strnog'"),
        ("broken", "declared by an installed package but does not load: ModuleNotFoundError"),
    ],
)
@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_a_bad_outside_bot_is_one_clear_line_and_a_failure(
    outside: OutsidePackage,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    command: str,
    spec: str,
    message: str,
) -> None:
    extra = ["--out", str(tmp_path / "t.json")] if command == "tournament" else []
    code, out, err = run_cli(
        capsys, command, "flip7", "--games", "2", "--bots", f"{spec},strong", "--workers", "1",
        "--no-progress", *extra,
    )  # fmt: skip
    assert code != 0
    assert message in err
    assert "Traceback" not in err + out
    assert not (tmp_path / "t.json").exists()


def test_play_takes_an_import_path_and_refuses_a_bad_one(
    outside: OutsidePackage, capsys: pytest.CaptureFixture[str]
) -> None:
    from parlour.tui.cli import _first_session
    from parlour.tui.config import PlayConfig

    base = PlayConfig(game="flip7", seats=[])
    session = _first_session(
        base, "flip7", None, None, 3, "0", f"{MODULE}:LastBot:2,outsider,everywhere", 4
    )
    assert session is not None
    bots = [session.bots[seat] for seat in range(3)]
    assert [bot.name for bot in bots] == [f"{MODULE}:LastBot:2", "outsider", "everywhere"]
    assert bots[0].index == 2  # type: ignore[attr-defined]
    code, out, err = run_cli(capsys, "play", "flip7", "--bots", f"{MODULE}:Missing")
    assert code != 0 and "has no attribute 'Missing'" in err
    assert "Traceback" not in err + out


def test_a_saved_game_never_brings_an_import_path_back(outside: OutsidePackage) -> None:
    """A record may come from anyone: its seats' bots must be installed ones."""
    from parlour.tui.config import PlayConfig, SeatPlan
    from parlour.tui.session import PlaySession

    seats = [SeatPlan("Ann"), SeatPlan("Bo", f"{MODULE}:LastBot")]
    session = PlaySession(PlayConfig("flip7", seats, seed=1, import_paths=True))
    record = session.record()
    assert record["seats"][1]["data"]["bot"] == f"{MODULE}:LastBot"
    with pytest.raises(ParlourError, match="import path; only installed bots"):
        PlaySession.resume(record)


def test_entry_points_are_per_game_or_for_every_game_and_never_replace_shipped_bots(
    outside: OutsidePackage,
) -> None:
    flip7, panoplies = get_game("flip7"), get_game("panoplies")
    assert {"outsider", "everywhere"} <= set(available_bots(flip7))
    assert "everywhere" in available_bots(panoplies)
    assert "outsider" not in available_bots(panoplies)
    assert "broken" not in available_bots(flip7)  # its module does not import
    assert type(make_bot(flip7, "strong")).__module__.startswith("parlour.")


def test_a_bot_without_a_generator_parameter_gets_the_seeded_one(outside: OutsidePackage) -> None:
    flip7 = get_game("flip7")
    rng = random.Random(5)
    bot = make_bot(flip7, f"{MODULE}:NoRngBot", rng, import_paths=True)
    assert bot.rng is rng
    via_factory = make_bot(flip7, f"{MODULE}:make_last:3", import_paths=True)
    assert via_factory.index == 3  # type: ignore[attr-defined]


def test_an_import_path_is_refused_unless_the_caller_allows_it(outside: OutsidePackage) -> None:
    with pytest.raises(ParlourError, match="is an import path; only installed bots play here"):
        make_bot(get_game("flip7"), f"{UNDECLARED}:LastBot")
    assert UNDECLARED not in sys.modules and not outside.marker.exists()


def test_local_ray_plays_outside_bots_by_path_and_entry_point(outside: OutsidePackage) -> None:
    """Ray's workers are processes of their own: they import the module and read the entry
    points from the driver's sys.path. (Ray is in the test extra: no skip when it is missing.)"""
    import ray

    assert not ray.is_initialized()  # started by the backend, after the package is on sys.path
    on_ray = simulate("flip7", TABLE, 8, seed=4, ray="auto", chunk=2)
    local = simulate("flip7", TABLE, 8, seed=4, workers=1, chunk=2)
    assert on_ray.summary.to_json() == local.summary.to_json()
    assert not ray.is_initialized()  # the backend stops the instance it started


def test_a_games_own_bot_of_a_generic_name_is_the_one_made() -> None:
    """A game's `BOTS` entry overrides the generic bot of the same name (the 7 familles' `first`
    remembers the « Pioche ! » answers; the generic one does not), as its bulk path assumes."""
    import random

    from parlour.bots.base import GENERIC_BOTS, make_bot
    from parlour.core.registry import game_names, get_game

    overridden = 0
    for name in game_names():
        game = get_game(name)
        for bot_name, factory in game.bots().items():
            bot = make_bot(game, bot_name, random.Random(1))
            if isinstance(factory, type):
                assert type(bot) is factory, (name, bot_name)
            overridden += bot_name in GENERIC_BOTS
    assert overridden  # some game does override a generic name
