"""Go Fish's bulk path: whole games between `random`, `memory` and `first` bots, played by the
compiled ask-and-draw kernel under every option of the rules (see `askdraw.bulk`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.core.capabilities import BulkOutcome
from parlour.core.errors import RulesError
from parlour.games.askdraw.bulk import bot_names, kernel_bots, most_groups_outcomes, seed_tables


def kernel_table(rules: Any, specs: Sequence[str]) -> bool:
    """Whether the kernel plays this table of bots (one spec per seat) under these rules."""
    n = len(specs)
    if not 2 <= n <= 10:
        return False
    try:
        rules.check_players(n)
    except RulesError:
        return False
    return kernel_bots(specs)


def bulk_play(
    rules: Any, seeds: Sequence[int], tables: Sequence[Sequence[str]]
) -> list[BulkOutcome] | None:
    """Per seed, the outcome of `new_state(seats, seed)` played by the bots `tables[i]` (one
    table for every seed if only one is given): (winners, scores by seat: books, or 1 for the
    first player out without `most_books_wins`, asks, status). None when the kernel cannot
    play them, or when a game stalls."""
    checked = seed_tables(rules, seeds, tables, kernel_table)
    if checked is None:
        return None
    if not checked:
        return []
    from parlour.games.gofish import kernel  # NumPy and Numba: only when games are played

    books, asks, status, out = kernel.run(list(seeds), bot_names(checked), rules)
    results = most_groups_outcomes(books, asks, status)
    if results is None or rules.most_books_wins:
        return results
    # Going out is what scores (GoFishState._end): 1 for the first player out, 0 for the others.
    for i, (first_out, (_, scores, turns, name)) in enumerate(
        zip(out.tolist(), results, strict=True)
    ):
        if name != "capped":
            seats = range(len(scores))
            results[i] = ((first_out,), tuple(float(s == first_out) for s in seats), turns, name)
    return results
