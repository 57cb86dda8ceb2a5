"""The bulk path the ask-and-draw games share: which tables of bots the compiled kernel plays,
each seed's table, and outcomes from its scores.

`simulate` asks a game's `bulk_play(rules, [], [specs])` whether a table of bots can go to the
kernel; only tables of `random`, `memory` and `first` bots (no parameters) can. Every other
table is played by the reference engine, with the same results a game's seed gives there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from parlour.bots.base import parse_bot_spec
from parlour.core.capabilities import BulkOutcome

KERNEL_BOTS = ("random", "memory", "first")


def kernel_bots(specs: Sequence[str]) -> bool:
    """Whether every seat's bot is one the kernel transcribes, with no parameters."""
    for spec in specs:
        name, params = parse_bot_spec(spec)
        if name not in KERNEL_BOTS or params:
            return False
    return True


def bot_names(tables: Sequence[Sequence[str]]) -> list[list[str]]:
    """Each table's bot names. A simulation hands one table per game but only as many distinct
    tables as seatings, so each distinct table is parsed once."""
    parsed: dict[tuple[str, ...], list[str]] = {}
    out = []
    for specs in tables:
        key = tuple(specs)
        names = parsed.get(key)
        if names is None:
            names = parsed[key] = [parse_bot_spec(spec)[0] for spec in specs]
        out.append(names)
    return out


def seed_tables(
    rules: Any,
    seeds: Sequence[int],
    tables: Sequence[Sequence[str]],
    playable: Callable[[Any, Sequence[str]], bool],
) -> list[Sequence[str]] | None:
    """Each seed's table of bots (one table given: the same for every seed), or None when the
    kernel declines them: a table `playable` refuses, tables of different sizes, a seed outside
    0..2**63."""
    # Checked once per distinct table: a simulation's tables are a few seatings repeated.
    if not tables or any(not playable(rules, specs) for specs in set(map(tuple, tables))):
        return None
    if len({len(specs) for specs in tables}) != 1:
        return None
    if not seeds:
        return []
    if any(not 0 <= seed < 2**63 for seed in seeds):
        return None
    if len(tables) == 1:
        return [tables[0]] * len(seeds)
    if len(tables) != len(seeds):
        raise ValueError(f"{len(seeds)} seeds but {len(tables)} tables of bots")
    return list(tables)


def most_groups_outcomes(scores: Any, turns: Any, status: Any) -> list[BulkOutcome] | None:
    """Outcomes of games won by the most groups laid (ties shared): (winners, groups by seat,
    asks, status); a capped game has no winner and scores 0. None when a game stalls (the
    reference engine raises there, and the worker's fallback to it reports that game)."""
    from parlour.games.askdraw.kernel import STATUS_NAMES

    out: list[BulkOutcome] = []
    for row, asks, code in zip(scores.tolist(), turns.tolist(), status.tolist(), strict=True):
        name = STATUS_NAMES[code]
        if name == "stalled":
            return None
        if name == "capped":
            out.append(((), tuple(0.0 for _ in row), int(asks), name))
            continue
        best = max(row)
        winners = tuple(s for s, x in enumerate(row) if x == best)
        out.append((winners, tuple(float(x) for x in row), int(asks), name))
    return out
