"""The 7 familles' bulk path: whole games between `random`, `memory` and `first` bots, played
by the compiled kernel.

`simulate` asks `bulk_play(rules, [], [specs])` whether a table of bots can go to the kernel;
only tables of `random`, `memory` and `first` bots can, under any variant of the rules (the kernel
transcribes them all). Every other table is played by the reference engine, with the same
results a game's seed gives there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from parlour.bots.base import parse_bot_spec

Outcome = tuple[tuple[int, ...], tuple[float, ...], int, str]
KERNEL_BOTS = ("random", "memory", "first")


def kernel_table(rules: Any, specs: Sequence[str]) -> bool:
    """Whether the kernel plays this table of bots (one spec per seat) under these rules."""
    n = len(specs)
    if not 2 <= n <= 6 or n * rules.hand_size > 42:
        return False
    for spec in specs:
        name, params = parse_bot_spec(spec)
        if name not in KERNEL_BOTS or params:
            return False
    return True


def seed_tables(
    rules: Any,
    seeds: Sequence[int],
    tables: Sequence[Sequence[str]],
    playable: Callable[[Any, Sequence[str]], bool],
) -> list[Sequence[str]] | None:
    """Each seed's table of bots (one table given: the same for every seed), or None when the
    kernel declines them: a table `playable` refuses, tables of different sizes, a seed outside
    0..2**63. Shared by the 7 familles and Panoplies bulk paths."""
    if not tables or any(not playable(rules, specs) for specs in tables):
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


def bulk_play(
    rules: Any, seeds: Sequence[int], tables: Sequence[Sequence[str]]
) -> list[Outcome] | None:
    """Per seed, the outcome of `new_state(seats, seed)` played by the bots `tables[i]` (one
    spec per seat, seats without ages; one table for every seed if only one is given):
    (winners, families by seat, asks, status). None when the kernel cannot play them, or when
    one of the games stalls (the reference engine raises there, and the worker's fallback to it
    reports that game)."""
    checked = seed_tables(rules, seeds, tables, kernel_table)
    if checked is None:
        return None
    if not seeds:
        return []
    tables = checked
    from parlour.games.familles import kernel  # NumPy and Numba: only when games are played

    scores, turns, status = kernel.run(
        list(seeds),
        [[parse_bot_spec(spec)[0] for spec in specs] for specs in tables],
        rules.hand_size,
        rules.next_after_miss,
        rules.family_replays,
        rules.ask_any_family,
        rules.max_turns,
    )
    out: list[Outcome] = []
    for row, asks, code in zip(scores.tolist(), turns.tolist(), status.tolist(), strict=True):
        name = kernel.STATUS_NAMES[code]
        if name == "stalled":
            return None
        if name == "capped":
            out.append(((), tuple(0.0 for _ in row), int(asks), name))
            continue
        best = max(row)
        winners = tuple(s for s, x in enumerate(row) if x == best)
        out.append((winners, tuple(float(x) for x in row), int(asks), name))
    return out
