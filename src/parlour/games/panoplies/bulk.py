"""Panoplies' bulk path: whole matches between `random`, `memory` and `first` bots, played by
the compiled kernel.

`simulate` asks `bulk_play(rules, [], [specs])` whether a table of bots can go to the kernel;
tables of `random`, `memory` and `first` bots can, in any mix, under every option (optional
families, hand size, who plays after a miss, outfits that replay, the turn cap, matches of
several games). Every other table is played by the reference engine, with the same results a
game's seed gives there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.core.capabilities import BulkOutcome
from parlour.games.askdraw.bulk import bot_names, kernel_bots, seed_tables


def kernel_table(rules: Any, specs: Sequence[str]) -> bool:
    """Whether the kernel plays this table of bots (one spec per seat) under these rules."""
    ward = rules.wardrobe
    n = len(specs)
    if not 2 <= n <= len(ward.characters):
        return False
    return n * rules.deal_size(n) <= ward.num_cards and kernel_bots(specs)


def bulk_play(
    rules: Any, seeds: Sequence[int], tables: Sequence[Sequence[str]]
) -> list[BulkOutcome] | None:
    """Per seed, the outcome of `new_state(seats, seed)` played by the bots `tables[i]` (one
    spec per seat, seats without chosen characters or ages; one table for every seed if only
    one is given): (winners, scores, asks, status). None when the kernel cannot play them."""
    checked = seed_tables(rules, seeds, tables, kernel_table)
    if checked is None:
        return None
    if not checked:
        return []
    tables = checked
    from parlour.games.panoplies import kernel  # NumPy and Numba: only when games are played

    n = len(tables[0])
    ward = rules.wardrobe
    scores, turns, status = kernel.run(
        list(seeds),
        bot_names(tables),
        rules.deal_size(n),
        len(ward.garments),
        len(ward.characters),
        rules.next_after_miss,
        rules.outfit_replays,
        rules.max_turns,
        rules.games,
    )
    out: list[BulkOutcome] = []
    for row, asks, code in zip(scores.tolist(), turns.tolist(), status.tolist(), strict=True):
        name = kernel.STATUS_NAMES[code]
        if rules.games == 1 or name == "capped":
            layer = tuple(s for s, x in enumerate(row) if x > 0)
            out.append((layer, tuple(float(x) for x in row), int(asks), name))
            continue
        # A match: `Outcome.from_scores` of -(games lost) (0.0, not -0.0, for a seat that lost
        # none: it would print "-0"); the seats with fewest losses share the win.
        match = tuple(float(x) + 0.0 for x in row)
        best = max(match)
        winners = tuple(s for s, x in enumerate(match) if x == best)
        out.append((winners, match, int(asks), name))
    return out
