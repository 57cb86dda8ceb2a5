"""Go Fish's bulk path: whole games between `random`, `memory` and `first` bots, played by the
compiled kernel (`kernel.py`).

`simulate` asks `bulk_play(rules, [], [specs])` whether a table of bots can go to the kernel;
tables of those three bots can, under every option of the rules. Every other table is played by
the reference engine, with the same results a game's seed gives there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.bots.base import parse_bot_spec
from parlour.core.capabilities import BulkOutcome
from parlour.core.errors import RulesError

KERNEL_BOTS = ("random", "memory", "first")


def kernel_table(rules: Any, specs: Sequence[str]) -> bool:
    """Whether the kernel plays this table of bots (one spec per seat) under these rules."""
    n = len(specs)
    if not 2 <= n <= 10:
        return False
    try:
        rules.check_players(n)
    except RulesError:
        return False
    for spec in specs:
        name, params = parse_bot_spec(spec)
        if name not in KERNEL_BOTS or params:
            return False
    return True


def bulk_play(
    rules: Any, seeds: Sequence[int], tables: Sequence[Sequence[str]]
) -> list[BulkOutcome] | None:
    """Per seed, the outcome of `new_state(seats, seed)` played by the bots `tables[i]` (one
    table for every seed if only one is given): (winners, scores by seat: books, or 1 for the
    first player out without `most_books_wins`, asks, status). None
    when the kernel cannot play them, or when a game stalls (the reference engine raises there,
    and the worker's fallback to it reports that game)."""
    if not tables or any(not kernel_table(rules, specs) for specs in tables):
        return None
    if len({len(specs) for specs in tables}) != 1:
        return None
    if not seeds:
        return []
    if any(not 0 <= seed < 2**63 for seed in seeds):
        return None
    if len(tables) == 1:
        tables = [tables[0]] * len(seeds)
    elif len(tables) != len(seeds):
        raise ValueError(f"{len(seeds)} seeds but {len(tables)} tables of bots")
    from parlour.games.gofish import kernel  # NumPy and Numba: only when games are played

    names = [[parse_bot_spec(spec)[0] for spec in specs] for specs in tables]
    books, asks, status, out = kernel.run(list(seeds), names, rules)
    results: list[BulkOutcome] = []
    for row, turns, code, first_out in zip(
        books.tolist(), asks.tolist(), status.tolist(), out.tolist(), strict=True
    ):
        name = kernel.STATUS_NAMES[code]
        if name == "stalled":
            return None
        if name == "capped":
            results.append(((), tuple(0.0 for _ in row), int(turns), name))
            continue
        if rules.most_books_wins:
            best = max(row)
            winners = tuple(s for s, b in enumerate(row) if b == best)  # ties shared
            scores = tuple(float(b) for b in row)
        else:  # going out is what scores (GoFishState._end)
            winners = (int(first_out),)
            scores = tuple(1.0 if s == first_out else 0.0 for s in range(len(row)))
        results.append((winners, scores, int(turns), name))
    return results
