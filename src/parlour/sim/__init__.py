"""Simulations and tournaments: many games between bots, in parallel, with intervals.

`simulate` plays one table of bots (seats rotated); `tournament` plays every table drawn from a
field of bots and rates them with OpenSkill. Both run in this process, a local process pool
(every core by default) or a Ray cluster, with the same results for the same seed.

The names below load on first use: importing `parlour.sim.cli` (every `parlour` command does)
must not pull NumPy and the backends in, or `parlour --help` pays for them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from parlour.sim.simulation import SimResult, SimulationFailed, simulate
    from parlour.sim.stats import Summary, wilson_interval
    from parlour.sim.tournaments import TournamentFailed, TournamentResult, tournament

_HOMES = {
    "SimResult": "parlour.sim.simulation",
    "SimulationFailed": "parlour.sim.simulation",
    "simulate": "parlour.sim.simulation",
    "Summary": "parlour.sim.stats",
    "wilson_interval": "parlour.sim.stats",
    "TournamentFailed": "parlour.sim.tournaments",
    "TournamentResult": "parlour.sim.tournaments",
    "tournament": "parlour.sim.tournaments",
}

__all__ = [
    "SimResult",
    "SimulationFailed",
    "Summary",
    "TournamentFailed",
    "TournamentResult",
    "simulate",
    "tournament",
    "wilson_interval",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'parlour.sim' has no attribute {name!r}")
    # The modules are named apart from the functions (simulation, simulate): importing a module
    # directly, in any order, never binds it here under a function's name.
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # later look-ups skip this function
    return value
