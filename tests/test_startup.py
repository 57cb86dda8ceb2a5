"""The quick commands start without the heavy libraries (the time is measured by
benchmarks/startup.py): `parlour --help`, `parlour beggar deal ...` and the help of the big
commands import no NumPy, Numba, SciPy, Textual, Starlette, SQLAlchemy, Pydantic nor Rich's
Markdown; and the shortcuts that allow it give what Typer gives."""

from __future__ import annotations

import json
import math
import os
import re
import subprocess
import sys
from typing import Any

import pytest

from parlour.cli.coerce import _Refused, quick_value

HEAVY = (
    "numpy",
    "numba",
    "scipy",
    "textual",
    "starlette",
    "uvicorn",
    "sqlalchemy",
    "matplotlib",
    "pyarrow",
    "pydantic",
    "rich.markdown",
    "rich.traceback",
    "markdown_it",
    "pygments",
)
# Runs `python -m parlour ARGS` and writes on stderr, once the command is over, the modules it
# loaded (sys.modules: `-X importtime` does not list what importlib.import_module loads).
DRIVER = """
import atexit, json, runpy, sys
atexit.register(lambda: sys.stderr.write("\\nMODULES " + json.dumps(sorted(sys.modules)) + "\\n"))
sys.argv = ["parlour", *sys.argv[1:]]
runpy.run_module("parlour", run_name="__main__", alter_sys=True)
"""


def imports_of(*args: str, lang: str = "C.UTF-8") -> tuple[subprocess.CompletedProcess[str], set]:
    """Run `parlour ARGS` in a new Python; the modules it loaded, by name."""
    done = subprocess.run(
        [sys.executable, "-c", DRIVER, *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "LANG": lang, "LC_ALL": "", "LC_MESSAGES": "", "COLUMNS": "100"},
    )
    listed = re.search(r"^MODULES (.*)$", done.stderr, re.MULTILINE)
    assert listed, done.stderr[-2000:]
    return done, set(json.loads(listed.group(1)))


def heavy_among(modules: set) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


@pytest.mark.parametrize(
    ("args", "shown"),
    [
        (["--help"], "Commands"),
        (["beggar", "deal", "-K--A", "QJ---"], "finished: 12 cards"),
        (["beggar", "deal", "--players", "3", "--seed", "9", "--json"], '"seed": 9'),
        (["beggar", "deal", "--help"], "any cards"),
        (["simulate", "--help"], "--bots"),
        (["play", "--help"], "hot-seat"),
        (["serve", "--help"], "--db"),
    ],
)
def test_quick_commands_import_no_heavy_library(args: list[str], shown: str) -> None:
    done, modules = imports_of(*args)
    assert done.returncode == 0, done.stderr[-2000:]
    assert shown in done.stdout
    assert "parlour.cli" in modules
    assert heavy_among(modules) == []


def test_a_deal_needs_no_rich_and_the_help_no_engine() -> None:
    _, dealt = imports_of("beggar", "deal", "-K--A", "QJ---", "--json")
    assert "parlour.games.beggar.game" in dealt
    assert not any(m == "rich" or m.startswith("rich.") for m in dealt)
    _, helped = imports_of("--help")
    layers = r"parlour\.(games\.\w+|sim|tui|web|rl)\.\w+"
    engines = [m for m in helped if re.fullmatch(layers, m) and not m.endswith(".cli")]
    assert "parlour.games.beggar.cli" in helped and engines == []
    assert "parlour.core.game" not in helped


def test_french_help_and_errors_stay_light_and_french() -> None:
    done, modules = imports_of("play", "-h", lang="fr_FR.UTF-8")
    assert done.returncode == 0 and "Afficher cette aide et quitter." in done.stdout
    assert heavy_among(modules) == []
    done, _ = imports_of("-h", lang="fr_FR.UTF-8")  # the panels' titles, set as they load
    assert "─ Commandes ─" in done.stdout and "─ Commands ─" not in done.stdout
    done, _ = imports_of("beggar", "deal", "--players", "x", lang="fr_FR.UTF-8")
    assert done.returncode == 2
    assert "Valeur invalide pour «\u00a0--players\u00a0»\u00a0: un nombre entier est attendu" in (
        done.stderr
    )


def test_a_value_the_quick_path_refuses_gets_typers_own_message() -> None:
    done, modules = imports_of("beggar", "deal", "--players", "two")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "Invalid value for '--players'" in done.stderr
    assert "valid integer" in done.stderr  # Typer's (Pydantic's) words, not ours
    assert "pydantic" in modules  # the odd value went to Typer's converter


def test_the_help_stand_ins_leave_rich_markdown_whole() -> None:
    # After the help is printed, Rich's real Markdown and Traceback are what imports find, and
    # the stand-ins Typer kept make real ones.
    code = (
        "from parlour.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "import rich.markdown, rich.traceback, typer.rich_utils as ru\n"
        "assert ru.Markdown is not rich.markdown.Markdown\n"
        "assert type(ru.Markdown('*hi*')) is rich.markdown.Markdown\n"
        "try:\n    1 / 0\nexcept ZeroDivisionError as err:\n"
        "    tb = ru.Traceback.from_exception(type(err), err, err.__traceback__)\n"
        "assert type(tb) is rich.traceback.Traceback\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Commands" in done.stdout and done.stdout.rstrip().endswith("ok")


VALUES: dict[Any, list[Any]] = {
    int: ["12", "-3", "+5", "007", " 4", "4 ", "1_000", "1__0", "1e3", "1.0", "0x10", "١٢", "", 7],
    float: [
        "1.5",
        "-2.25",
        ".5",
        "5.",
        "1e-3",
        "1E5",
        "-.5e2",
        "+.5",
        "1e400",
        "-0",
        " 2.5 ",
        "1_0.5",
        "inf",
        "x",
        3,
        2.5,
    ],
    str: ["", "abc", "-K--A", "Léa,Tom"],
    bool: [True, False],
    list[str]: [("a", "b"), ["x"], ()],
    list[int]: [("1", "2"), ("1", "x"), ()],
}


@pytest.mark.parametrize("annotation", list(VALUES), ids=str)
def test_the_quick_conversion_gives_what_typer_gives(annotation: Any) -> None:
    adapters = pytest.importorskip("typer._adapters")  # Typer releases that convert by Pydantic
    from typer.models import OptionInfo

    typer_adapter = adapters.try_build_adapter(annotation, OptionInfo())
    for value in VALUES[annotation]:
        try:
            quick = quick_value(annotation, value)
        except _Refused:
            continue  # Typer's own converter takes it
        typers = typer_adapter.validate_python(value)
        assert type(quick) is type(typers), value
        same = quick == typers or (isinstance(quick, float) and math.isnan(quick))
        assert same and str(quick) == str(typers), value


def test_the_quick_conversion_leaves_the_rest_to_typer() -> None:
    for annotation, value in [(int, "1e3"), (int, True), (float, "nan?"), (str, b"x"), (dict, {})]:
        with pytest.raises(_Refused):
            quick_value(annotation, value)
