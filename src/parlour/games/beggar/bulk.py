"""Bulk play of random Beggar deals: deal generation and summary statistics.

Used by `parlour beggar stats` and by the simulator. The fast path plays integer codes; the
compiled kernel replaces it when available.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.core.errors import RulesError
from parlour.games.beggar.cards import NOTATION
from parlour.games.beggar.fast import LOOP, play_codes
from parlour.games.beggar.rules import BeggarRules


def deck_codes(rules: BeggarRules) -> list[int]:
    return [0] * 36 + [1, 2, 3, 4] * 4 + [5] * rules.jokers + ([6] if rules.beggar_joker else [])


def deal_codes(deck: Sequence[int], players: int) -> list[list[int]]:
    """One card at a time, starting with the first hand (the leader)."""
    return [list(deck[i::players]) for i in range(players)]


def codes_notation(hand: Sequence[int]) -> str:
    return "".join(NOTATION[c] for c in hand)


def random_deals(
    players: int, count: int, seed: int, rules: BeggarRules
) -> Iterator[list[list[int]]]:
    rng = random.Random(seed)
    deck = deck_codes(rules)
    for _ in range(count):
        rng.shuffle(deck)
        yield deal_codes(deck, players)


def check_bulk_rules(rules: BeggarRules) -> None:
    if rules.shuffle_captured:
        raise RulesError("bulk statistics need a deterministic game: turn shuffle_captured off")


@dataclass
class Summary:
    players: int
    deals: int
    cards: list[int] = field(default_factory=list)
    tricks: list[int] = field(default_factory=list)
    first_wins: float = 0.0
    loops: list[list[str]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        import numpy as np

        def dist(values: list[int]) -> dict[str, float]:
            if not values:
                return {}
            arr = np.asarray(values)
            q1, median, q3, p99 = np.percentile(arr, [25, 50, 75, 99])
            return {
                "mean": float(arr.mean()),
                "median": float(median),
                "q1": float(q1),
                "q3": float(q3),
                "p99": float(p99),
                "max": int(arr.max()),
            }

        finished = len(self.cards)
        return {
            "players": self.players,
            "deals": self.deals,
            "finished": finished,
            "cards": dist(self.cards),
            "tricks": dist(self.tricks),
            "first_player_win_share": self.first_wins / finished if finished else None,
            "loops": len(self.loops),
            "loop_deals": self.loops[:20],
        }


def run_stats(
    players: int,
    deals: int,
    seed: int,
    rules: BeggarRules,
    progress: Callable[[int], None] | None = None,
    chunk: int = 2000,
) -> Summary:
    check_bulk_rules(rules)
    next_pays = rules.exhausted_payer == "next_pays"
    summary = Summary(players, deals)
    done = 0
    for hands in random_deals(players, deals, seed, rules):
        status, cards, tricks, winner = play_codes(hands, next_pays)
        if status == LOOP:
            summary.loops.append([codes_notation(h) for h in hands])
        else:
            summary.cards.append(cards)
            summary.tricks.append(tricks)
            summary.first_wins += winner == 0
        done += 1
        if progress is not None and done % chunk == 0:
            progress(chunk)
    if progress is not None and done % chunk:
        progress(done % chunk)
    return summary
