"""The command line and the package as a new user meets them: no traceback, the right exit
status, --version, -h, completion, `python -m parlour`, the licence and the optional extras."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from parlour.core.errors import ParlourError

ROOT = Path(__file__).resolve().parents[1]


def parlour(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "parlour", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", **env},
    )


@pytest.fixture
def png(tmp_path: Path) -> Path:
    path = tmp_path / "some.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    return path


def simulate_out(target: str) -> list[str]:
    """A short simulation whose rows go to `target`."""
    return ["simulate", "beggar", "--bots", "first,first", "--games", "2", "--workers", "1",
            "--no-progress", "--out", target]  # fmt: skip


@pytest.mark.parametrize(
    ("argv", "code", "says"),
    [
        (["replay", "{png}"], 1, "is not a game record (not a text file)"),
        (["play", "--resume", "{png}"], 1, "is not a game record (not a text file)"),
        (["play", "--resume", "/nonexistent/saved.json"], 1, "cannot read"),
        (["beggar", "search", "--results", "{dir}"], 1, "Is a directory"),
        (
            simulate_out("{dir}"),
            2,
            "--out writes .csv or .parquet files",
        ),
        (  # a folder where the rows would go: refused before the games are played
            simulate_out("{csvdir}"),
            2,
            "that is a folder, not a file",
        ),
        (["play", "flip7", "--bots", "strong:zz"], 2, "strong takes no parameter"),
        (["play", "flip7", "--bots", "threshold:abc"], 2, "threshold takes threshold (numbers)"),
        (["play", "flip7", "--players", "-3"], 2, "flip7 is played by 2 to 18 players, not -3"),
        (["completion", "tcsh"], 2, "unknown shell 'tcsh'"),
    ],
)
def test_bad_input_is_one_line_and_the_right_status(
    argv: list[str], code: int, says: str, png: Path, tmp_path: Path
) -> None:
    (tmp_path / "games.csv").mkdir()  # a folder where a file is expected
    args = [a.format(png=png, dir=tmp_path, csvdir=tmp_path / "games.csv") for a in argv]
    done = parlour(*args)
    assert done.returncode == code, done.stderr
    assert "Traceback" not in done.stderr and "Error:" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("parlour: ") and says in lines[0]


def test_version_help_and_python_dash_m() -> None:
    from parlour import __version__

    assert parlour("--version").stdout.strip() == f"parlour {__version__}"
    helped = parlour("-h")
    assert helped.returncode == 0 and "play" in helped.stdout and "completion" in helped.stdout
    assert parlour("play", "-h").returncode == 0


def test_the_version_is_answered_without_building_the_command_line() -> None:
    """`--version` and `-V` print what the app's own flag prints, before Typer is imported."""
    from parlour import __version__

    probe = (
        "import sys\n"
        "from parlour.cli.entry import main\n"
        "try:\n    main([sys.argv[1]])\n"
        "except SystemExit as done:\n    assert done.code == 0\n"
        "print('typer' in sys.modules, 'parlour.cli.root' in sys.modules)\n"
    )
    for flag in ("--version", "-V"):
        done = subprocess.run(
            [sys.executable, "-c", probe, flag], capture_output=True, text=True, check=True
        )
        assert done.stdout.splitlines() == [f"parlour {__version__}", "False False"]


@pytest.mark.parametrize(
    ("shell", "marker"), [("bash", "complete "), ("zsh", "compdef"), ("fish", "complete ")]
)
def test_completion_scripts_complete_the_commands(shell: str, marker: str) -> None:
    script = parlour("completion", shell)
    assert (
        script.returncode == 0 and marker in script.stdout and "_PARLOUR_COMPLETE" in script.stdout
    )
    # The script asks the command itself: what it answers for "parlour pl<TAB>".
    answer = parlour(COMP_WORDS="parlour pl", COMP_CWORD="1", _PARLOUR_COMPLETE="complete_bash")
    assert answer.returncode == 0 and answer.stdout.split() == ["play"]


def test_the_licence_ships_and_the_metadata_is_complete() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["license"] == "GPL-3.0-or-later" and project["license-files"] == ["LICENSE"]
    assert "GNU GENERAL PUBLIC LICENSE" in (ROOT / "LICENSE").read_text()
    assert "Version 3, 29 June 2007" in (ROOT / "LICENSE").read_text()
    assert project["authors"] and any(
        "GPL" not in c and "Typing" in c for c in project["classifiers"]
    )
    assert (ROOT / "src" / "parlour" / "py.typed").exists()
    # The big libraries that only two options need are extras, not the base install.
    base = " ".join(project["dependencies"])
    assert "pyarrow" not in base and "matplotlib" not in base and "platformdirs" in base
    extras = project["optional-dependencies"]
    assert extras["parquet"] == ["pyarrow>=15"] and extras["plot"] == ["matplotlib>=3.8"]
    assert any("mypy" in d for d in extras["test"])
    entry = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]
    assert entry["gymnasium.envs"]["parlour"] == "parlour.rl.gym_env:register_envs"


def test_a_missing_extra_says_what_to_install(monkeypatch: Any) -> None:
    import importlib.util

    from parlour.sim.output import row_format
    from parlour.sim.plots import check_plot_path

    real = importlib.util.find_spec
    absent = {"pyarrow", "matplotlib"}
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name in absent else real(name, *a)
    )
    with pytest.raises(ParlourError, match=r"pip install 'parlour\[parquet\]'"):
        row_format("games.parquet")
    with pytest.raises(ParlourError, match=r"pip install 'parlour\[plot\]'"):
        check_plot_path("plot.png")
    assert row_format("games.csv") == "csv"  # csv needs nothing


def test_the_gymnasium_registration_hook_registers_every_game() -> None:
    import gymnasium as gym

    from parlour.rl.gym_env import register_envs

    assert "parlour/flip7-v0" in register_envs()
    env = gym.make("parlour.rl.gym_env:parlour/flip7-v0")  # imports the module itself
    env.reset(seed=1)
    env.close()


def test_the_data_folder_is_the_platforms(monkeypatch: Any, tmp_path: Path) -> None:
    from parlour.web.storage import default_db_url

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_db_url() == f"sqlite:///{tmp_path / 'parlour' / 'parlour.db'}"


def test_flip7_plays_without_numba() -> None:
    # Numba blocked as if not installed: the command is still there and answers (in Python).
    code = (
        "import sys; sys.modules['numba'] = None\n"
        "from parlour.cli import main\n"
        "main(['flip7', 'solve', '--hand', '3,4'])\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "-> hit" in done.stdout and "Traceback" not in done.stderr
