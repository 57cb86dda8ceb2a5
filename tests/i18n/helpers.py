"""Running the `parlour` command in French inside the test process, and undoing it after.

`parlour.cli.main` under a French locale puts French into Click's and Typer's modules for the
rest of the process (the command line runs once per process): a test that runs it in French
first registers those attributes with `monkeypatch`, which restores them, so that a later test
reads Click's English again.
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from parlour.cli import main
from parlour.cli.french import _CLICK_MODULES, _TYPER_CONSTANTS


def _keep(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> None:
    if name in vars(owner):
        monkeypatch.setattr(owner, name, vars(owner)[name])


def keep_click_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """Restore, after the test, whatever `install_french_click` and friends change."""
    for module_name in _CLICK_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        for name in ("_", "ngettext"):
            _keep(monkeypatch, module, name)
    for package in ("click", "typer._click"):
        for part, attributes in (("exceptions", None), ("formatting", ("HelpFormatter",))):
            try:
                module = importlib.import_module(f"{package}.{part}")
            except ImportError:
                continue
            for cls in vars(module).values():
                if isinstance(cls, type) and (attributes is None or cls.__name__ in attributes):
                    for method in ("format_message", "write_usage"):
                        _keep(monkeypatch, cls, method)
    rich_utils = importlib.import_module("typer.rich_utils")
    for constant in _TYPER_CONSTANTS:
        _keep(monkeypatch, rich_utils, constant)
    highlighter = getattr(rich_utils, "highlighter", None)
    if highlighter is not None:  # its patterns are the class's until the French one is added
        monkeypatch.setattr(highlighter, "highlights", list(highlighter.highlights))


def run_french(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[int, str, str]:
    """`parlour ARGV` on a French system: (exit status, stdout, stderr)."""
    keep_click_state(monkeypatch)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    monkeypatch.setenv("COLUMNS", "250")
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    captured = capsys.readouterr()
    code = stopped.value.code
    return (code if isinstance(code, int) else 0), captured.out, captured.err
