"""The `parlour` command is a package; the names scripts, docs and outside commands import stay."""

from __future__ import annotations

import importlib
import subprocess
import sys

import typer


def test_the_entry_point_and_the_app_are_found_on_the_package() -> None:
    import parlour.cli
    from parlour.cli.entry import main
    from parlour.cli.root import app

    assert parlour.cli.main is main
    assert parlour.cli.app is app and isinstance(app, typer.Typer)


def test_the_old_module_names_give_the_same_objects() -> None:
    moved = {
        "parlour.cli_args": ("parlour.cli.args", ("GameArg", "OptionalGameArg", "out_json")),
        "parlour.cli_rich": ("parlour.cli.lazy_rich", ("lazy_console", "defer_rich_help")),
        "parlour.cli_coerce": ("parlour.cli.coerce", ("install_quick_coercion", "quick_value")),
        "parlour.cli_extra": ("parlour.cli.shell", ("completion_script", "usage_error_line")),
    }
    for old, (new, names) in moved.items():
        for name in names:
            assert getattr(importlib.import_module(old), name) is getattr(
                importlib.import_module(new), name
            )


def test_the_shared_arguments_do_not_build_the_app() -> None:
    # A layer's or an outside game's commands import `parlour.cli.args`: that must not load
    # the whole command line (every layer's commands) behind it.
    code = (
        "import sys, parlour.cli.args, parlour.cli.lazy_rich\n"
        "assert 'parlour.cli.root' not in sys.modules, 'the app was built'\n"
        "assert 'parlour.sim.cli' not in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_python_m_parlour_cli_is_the_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "parlour.cli", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("parlour ")
