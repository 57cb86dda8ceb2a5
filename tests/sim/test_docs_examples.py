"""The tournament example of docs/simulation.md is what the command prints (it once drifted
from the bots it shows: the doc kept figures of an earlier counter and threshold)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.sim.helpers import run_cli

PAGE = Path(__file__).resolve().parents[2] / "docs" / "simulation.md"


def _rows(text: str) -> list[list[str]]:
    """The standings' rows (rank, bot, figures) of a printed table, box drawing left out."""
    rows = []
    for line in text.splitlines():
        cells = [cell.strip() for cell in re.split(r"[│┃]", line) if cell.strip()]
        if cells and cells[0].isdigit():
            rows.append(cells)
    return rows


def test_the_pages_tournament_example_is_what_the_command_prints(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = PAGE.read_text("utf-8")
    found = re.search(r"Example \(`parlour (tournament [^`]+)`.*?```\n(.*?)```", page, re.S)
    assert found is not None, "docs/simulation.md lost its tournament example"
    command, shown = found.group(1).split(), found.group(2)
    monkeypatch.chdir(tmp_path)  # the tournament's file is saved here
    code, out, _err = run_cli(capsys, *command, "--workers", "1")
    assert code == 0
    assert _rows(shown) and _rows(out)[: len(_rows(shown))] == _rows(shown)
    assert shown.splitlines()[0] in out
