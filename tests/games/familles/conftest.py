"""Helpers for explicit deals of the Jeu des 7 familles (French default deck)."""

from __future__ import annotations

from typing import Any

from parlour.core.game import Seat
from parlour.games.familles.decks import get_deck
from parlour.games.familles.game import GAME
from parlour.games.familles.rules import FamillesRules, FamillesState

DECK = get_deck("fr")


def c(name: str) -> int:
    """`boulanger/daughter` -> its card number."""
    family, _, role = name.partition("/")
    return DECK.card(family, role)


def family(name: str) -> list[int]:
    f = DECK.family_index(name)
    return [f * 6 + r for r in range(6)]


def make(
    hands: list[list[Any]],
    pile_top: list[Any] = (),  # type: ignore[assignment]
    first: int = 0,
    rest_in_pile: bool = True,
    **rules: Any,
) -> FamillesState:
    """A game from explicit hands; the pile is `pile_top` then every card left, in order."""
    hands_ids = [[x if isinstance(x, int) else c(x) for x in hand] for hand in hands]
    top = [x if isinstance(x, int) else c(x) for x in pile_top]
    used = {x for hand in hands_ids for x in hand} | set(top)
    rest = [x for x in range(42) if x not in used] if rest_in_pile else []
    deal = {"hands": hands_ids, "pile": top + rest, "first": first}
    seats = [Seat(f"P{i}") for i in range(len(hands))]
    return GAME.new_state(seats, deal=deal, rules=FamillesRules(**rules))


def ask(state: FamillesState, target: int, card: str | int) -> list[Any]:
    from parlour.games.askdraw.engine import Ask

    return state.apply(Ask(target, card if isinstance(card, int) else c(card)))


def types(events: list[Any]) -> list[str]:
    return [e.type for e in events if e.public or e.hidden_from]
