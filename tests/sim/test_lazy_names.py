"""`parlour.sim`'s names load on first use, in any order, as the functions and classes they are.

A fresh interpreter for each import: the names bind once per process.
"""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    "names",
    [
        "SimulationFailed, simulate",
        "simulate, SimulationFailed",
        "SimResult, simulate",
        "TournamentResult, tournament",
    ],
)
def test_a_name_is_never_shadowed_by_the_submodule_of_the_same_name(names: str) -> None:
    code = (
        f"from parlour.sim import {names}\n"
        "import types\n"
        f"assert not any(isinstance(x, types.ModuleType) for x in ({names})), ({names})\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
