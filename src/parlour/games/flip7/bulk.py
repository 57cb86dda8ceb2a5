"""Flip 7's bulk path: whole games between compiled bots, played by the kernel.

`simulate` asks `bulk_thresholds` whether a table of bots can go to the kernel; tables of
`threshold[:T]`, `counter` and `solver` bots, mixed as one likes, on the default variant can (no
spare Second Chance given by choice, no turn cap). Every other table is played by the reference
engine, with the same results a game's seed gives there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.bots.base import parse_bot_spec

Outcome = tuple[tuple[int, ...], tuple[float, ...], int, str]


# The kernel's seat codes of the bots without parameters (kernel.COUNTER, kernel.SOLVER: not
# imported from there, which would load NumPy and Numba for a plain command).
_CODES = {"counter": -1, "solver": -2}


def bulk_thresholds(rules: Any, specs: Sequence[str]) -> list[int] | None:
    """The kernel's seat bots (a threshold T >= 1, or the code of `counter` or `solver`) when it
    can play these bots under these rules, else None."""
    if rules.second_chance_may_be_given or rules.max_turns is not None:
        return None
    out = []
    for spec in specs:
        name, params = parse_bot_spec(spec)
        if name in _CODES and not params:
            out.append(_CODES[name])
            continue
        if name != "threshold" or len(params) > 1:
            return None
        try:
            value = int(params[0]) if params else 23
        except ValueError:
            return None
        if value < 1:
            return None
        out.append(value)
    return out


def bulk_play(
    rules: Any, seeds: Sequence[int], tables: Sequence[Sequence[str]]
) -> list[Outcome] | None:
    """Per seed, the outcome of `new_state(seats, seed)` played by the bots `tables[i]` (one
    spec per seat; one table for every seed if only one is given): (winners, final totals,
    turns, "finished"). None when the kernel cannot play them."""
    # Each distinct table parsed once: a simulation's tables are a few seatings repeated.
    parsed: dict[tuple[str, ...], list[int] | None] = {}
    rows = []
    for specs in tables:
        key = tuple(specs)
        if key not in parsed:
            parsed[key] = bulk_thresholds(rules, specs)
        row = parsed[key]
        if row is None:
            return None
        rows.append(row)
    if not seeds:
        return []
    if any(not 0 <= seed < 2**63 for seed in seeds):
        return None
    if len(rows) == 1:
        rows = rows * len(seeds)
    elif len(rows) != len(seeds):
        raise ValueError(f"{len(seeds)} seeds but {len(rows)} tables of bots")
    from parlour.games.flip7 import kernel  # NumPy and Numba: only when games are played

    assert (_CODES["counter"], _CODES["solver"]) == (kernel.COUNTER, kernel.SOLVER)

    totals, turns = kernel.run(list(seeds), rows, rules.flip7_bonus, rules.target)
    out: list[Outcome] = []
    for row_totals, row_turns in zip(totals.tolist(), turns.tolist(), strict=True):
        best = max(row_totals)
        winners = tuple(s for s, x in enumerate(row_totals) if x == best)
        out.append((winners, tuple(float(x) for x in row_totals), int(row_turns), "finished"))
    return out
