"""Simulations and tournaments: many games between bots, in parallel, with intervals.

`simulate` plays one table of bots (seats rotated); `tournament` plays every table drawn from a
field of bots and rates them with OpenSkill. Both run in this process, a local process pool
(every core by default) or a Ray cluster, with the same results for the same seed.
"""

from parlour.sim.simulate import SimResult, SimulationFailed, simulate
from parlour.sim.stats import Summary, wilson_interval
from parlour.sim.tournament import TournamentResult, tournament

__all__ = [
    "SimResult",
    "SimulationFailed",
    "Summary",
    "TournamentResult",
    "simulate",
    "tournament",
    "wilson_interval",
]
