"""What every seat can read off the table: the deck's composition and one-card look-ahead.

Everything drawn in Flip 7 is public, so the cards left in the deck are the 94 less the cards
in sight (table, cards in play, discard pile). Bots, hints and interfaces all use these
helpers on a view, never on the state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.games.flip7.cards import (
    CODES,
    FULL_COUNTS,
    KINDS,
    SECOND_CHANCE,
    X2,
    is_number,
    plus_value,
)


@dataclass
class Table:
    """A view parsed into card codes."""

    seat: int
    numbers: list[list[int]]
    modifiers: list[list[int]]
    second_chance: list[bool]
    status: list[str]
    points: list[int]
    totals: list[int]
    deck: list[int]  # counts by card code of the cards left in the deck
    deck_size: int
    discard: list[int]  # counts by card code of the discard pile
    target: int
    pending: Mapping[str, Any] | None

    def active(self) -> list[int]:
        return [s for s, st in enumerate(self.status) if st == "active"]

    def next_draw_counts(self) -> list[int]:
        """The composition the next card comes from (the discard once the deck is empty)."""
        return self.deck if self.deck_size > 0 else self.discard


def read_table(view: Mapping[str, Any], seat: int | None = None) -> Table:
    mover = view.get("to_move") if seat is None else seat
    table = view["table"]
    numbers = [[int(c) for c in row["numbers"]] for row in table]
    # Views name their cards exactly as `card_name` does: a plain look-up reads them.
    modifiers = [[CODES[c] for c in row["modifiers"]] for row in table]
    seen = [0] * KINDS
    discard = [0] * KINDS
    for name in view["discard"]:
        discard[CODES[name]] += 1
    for name in view["in_play"]:
        seen[CODES[name]] += 1
    for s, row in enumerate(table):
        for c in numbers[s]:
            seen[c] += 1
        for c in modifiers[s]:
            seen[c] += 1
        if row["second_chance"]:
            seen[SECOND_CHANCE] += 1
    deck = [FULL_COUNTS[c] - seen[c] - discard[c] for c in range(KINDS)]
    return Table(
        seat=int(mover) if mover is not None else 0,
        numbers=numbers,
        modifiers=modifiers,
        second_chance=[bool(row["second_chance"]) for row in table],
        status=[row["status"] for row in table],
        points=[int(row["points"]) for row in table],
        totals=[int(x) for x in view["totals"]],
        deck=deck,
        deck_size=int(view["deck_size"]),
        discard=discard,
        target=int(view["target"]),
        pending=view.get("pending"),
    )


def score_of(numbers: Sequence[int], modifiers: Sequence[int]) -> int:
    return sum(numbers) * (2 if X2 in modifiers else 1) + sum(plus_value(m) for m in modifiers)


def one_card(
    counts: Sequence[int],
    numbers: Sequence[int],
    modifiers: Sequence[int],
    second_chance: bool,
    bonus: int = 15,
) -> tuple[float, float]:
    """(bust probability, expected points after one more card then staying).

    Action cards leave the points as they are (their effect depends on choices yet to come).
    """
    size = sum(counts)
    now = score_of(numbers, modifiers)
    if size == 0:
        return 0.0, float(now)
    held = set(numbers)
    mult = 2 if X2 in modifiers else 1
    plus = now - sum(numbers) * mult
    bust = 0
    acc = 0.0
    for card, left in enumerate(counts):
        if not left:
            continue
        if is_number(card):
            if card in held:
                bust += left
                acc += left * (now if second_chance else 0)
            else:
                extra = bonus if len(held) == 6 else 0
                acc += left * ((sum(numbers) + card) * mult + plus + extra)
        elif card == X2 and X2 not in modifiers:
            acc += left * (sum(numbers) * 2 + plus)
        elif 13 <= card < X2:
            acc += left * (now + plus_value(card))
        else:
            acc += left * now
    risk = 0.0 if second_chance else bust / size
    return risk, acc / size


def hit_hint(view: Mapping[str, Any], bonus: int = 15) -> dict[str, float] | None:
    """The score helper: bust risk and expected gain of a hit for the seat to move.

    `bust_cards` of the `draw_size` cards the next one comes from would repeat a number (a
    Second Chance turns them from a bust into a lost card). `bonus` is the Flip 7 bonus of the
    table's rules. None when nobody is choosing between hit and stay.
    """
    seat = view.get("to_move")
    if seat is None or view.get("pending") is not None:
        return None
    table = read_table(view, int(seat))
    counts = table.next_draw_counts()
    risk, after = one_card(
        counts,
        table.numbers[seat],
        table.modifiers[seat],
        table.second_chance[seat],
        bonus,
    )
    now = table.points[seat]
    return {
        "bust_probability": risk,
        "hit_ev": after,
        "hit_gain": after - now,
        "points": float(now),
        "bust_cards": sum(counts[c] for c in set(table.numbers[seat])),
        "draw_size": sum(counts),
    }
