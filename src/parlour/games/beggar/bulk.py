"""Integer card codes for bulk play (the kernel and the pure-Python fast path).

Codes: 0 number card, 1..4 J Q K A, 5 joker, 6 beggar joker.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.core.errors import RulesError
from parlour.games.beggar.cards import NOTATION
from parlour.games.beggar.rules import BeggarRules


def deck_codes(rules: BeggarRules) -> list[int]:
    return [0] * 36 + [1, 2, 3, 4] * 4 + [5] * rules.jokers + ([6] if rules.beggar_joker else [])


def deal_codes(deck: Sequence[int], players: int) -> list[list[int]]:
    """One card at a time, starting with the first hand (the leader)."""
    return [list(deck[i::players]) for i in range(players)]


def codes_notation(hand: Sequence[int]) -> str:
    return "".join(NOTATION[c] for c in hand)


def check_bulk_rules(rules: BeggarRules) -> None:
    """Refuse the options that bulk statistics (`kernel.run_stats`) cannot honour.

    The kernel plays single deterministic deals and reports, per deal, its status, cards, tricks
    and winner (none for a loop), so it honours `exhausted_payer`, `jokers`, `beggar_joker` and
    `max_turns` (a deal longer than the cap is counted as capped); `face_up`, `speed` and
    `pace_ms` change no play. The others are refused, one line each, before any deal is played.
    """
    if rules.shuffle_captured:
        raise RulesError("bulk statistics need a deterministic game: turn shuffle_captured off")
    if rules.match != "single":
        raise RulesError(
            f"bulk statistics play single deals: match={rules.match} is not supported "
            "(use parlour simulate beggar for matches)"
        )
    if rules.on_loop != "draw":
        raise RulesError(
            f"bulk statistics count loops apart, with no winner: on_loop={rules.on_loop} "
            "is not supported"
        )
