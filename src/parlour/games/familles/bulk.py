"""The 7 familles' bulk path: whole games between `random`, `memory` and `first` bots, played
by the compiled ask-and-draw kernel under any variant of the rules (see `askdraw.bulk`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.core.capabilities import BulkOutcome
from parlour.games.askdraw.bulk import bot_names, kernel_bots, most_groups_outcomes, seed_tables


def kernel_table(rules: Any, specs: Sequence[str]) -> bool:
    """Whether the kernel plays this table of bots (one spec per seat) under these rules."""
    n = len(specs)
    return 2 <= n <= 6 and n * rules.hand_size <= 42 and kernel_bots(specs)


def bulk_play(
    rules: Any, seeds: Sequence[int], tables: Sequence[Sequence[str]]
) -> list[BulkOutcome] | None:
    """Per seed, the outcome of `new_state(seats, seed)` played by the bots `tables[i]` (one
    spec per seat, seats without ages; one table for every seed if only one is given):
    (winners, families by seat, asks, status). None when the kernel cannot play them, or when
    one of the games stalls."""
    checked = seed_tables(rules, seeds, tables, kernel_table)
    if checked is None:
        return None
    if not checked:
        return []
    from parlour.games.familles import kernel  # NumPy and Numba: only when games are played

    scores, turns, status = kernel.run(
        list(seeds),
        bot_names(checked),
        rules.hand_size,
        rules.next_after_miss,
        rules.family_replays,
        rules.ask_any_family,
        rules.max_turns,
    )
    return most_groups_outcomes(scores, turns, status)
