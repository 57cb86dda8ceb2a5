"""Flip 7's explicit deals (tests, puzzles, record deals): checked and given their JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.core.errors import RulesError
from parlour.games.flip7.cards import (
    NAMES,
    card_name,
    check_counts,
    counts_of,
    full_deck,
    parse_card,
)


def named_counts(deck: list[int]) -> dict[str, int]:
    """The deck's cards by name and number of copies, in card order, as views show them."""
    return {NAMES[c]: k for c, k in enumerate(counts_of(deck)) if k}


FULL_DECK = tuple(full_deck())
FULL_NAMED_COUNTS = named_counts(list(FULL_DECK))


def normalise_deal(deal: Any, num_players: int) -> dict[str, Any]:
    """Check an explicit deal and give it its JSON form (card names)."""
    if not isinstance(deal, Mapping):
        raise RulesError(
            'a Flip 7 deal is an object such as {"deck": ["3", "x2", ...], "dealer": 0}'
        )
    unknown = set(deal) - {"deck", "discard", "rest", "dealer", "totals", "seed"}
    if unknown:
        raise RulesError(f"unknown field {sorted(unknown)[0]!r} in a Flip 7 deal")
    deck = [parse_card(c) for c in deal.get("deck", [])]
    discard = [parse_card(c) for c in deal.get("discard", [])]
    check_counts(deck + discard, "the deal")
    out: dict[str, Any] = {
        "deck": [card_name(c) for c in deck],
        "dealer": int(deal.get("dealer", num_players - 1)),
    }
    if not 0 <= out["dealer"] < num_players:
        raise RulesError(f"the dealer must be a seat from 0 to {num_players - 1}")
    if discard:
        out["discard"] = [card_name(c) for c in discard]
    rest = deal.get("rest", "shuffled")
    if rest not in ("shuffled", "discard"):
        raise RulesError("a deal's rest is 'shuffled' (under the deck) or 'discard'")
    if rest != "shuffled":
        out["rest"] = rest
    if "totals" in deal:
        totals = list(deal["totals"])
        if len(totals) != num_players or not all(isinstance(x, int) for x in totals):
            raise RulesError(f"a deal's totals are {num_players} whole numbers")
        out["totals"] = totals
    if "seed" in deal:
        out["seed"] = int(deal["seed"])
    return out
