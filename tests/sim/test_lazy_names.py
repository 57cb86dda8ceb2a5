"""`parlour.sim`'s names load on first use, in any order, as the functions and classes they are.

A fresh interpreter for each import: the names bind once per process.
"""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    ("first", "names"),
    [
        ("", "SimulationFailed, simulate"),
        ("", "simulate, SimulationFailed"),
        ("", "SimResult, simulate"),
        ("", "TournamentResult, tournament"),
        # The modules imported directly first (the command line does): still the functions.
        ("import parlour.sim.simulation, parlour.sim.tournaments\n", "simulate, tournament"),
        ("from parlour.sim.simulation import prepare_job\n", "simulate, SimResult"),
    ],
)
def test_a_name_is_never_shadowed_by_a_submodule(first: str, names: str) -> None:
    code = (
        f"{first}from parlour.sim import {names}\n"
        "import types\n"
        f"assert not any(isinstance(x, types.ModuleType) for x in ({names})), ({names})\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
