"""Helpers to set up explicit Flip 7 deals and play scripted moves."""

from __future__ import annotations

from typing import Any

from parlour.games.flip7.cards import full_deck
from parlour.games.flip7.game import GAME
from parlour.games.flip7.rules import HIT, STAY, Flip7Rules, Flip7State, Target

FULL = sorted(full_deck())


def table(
    players: int,
    deck: list[str],
    dealer: int | None = None,
    rules: Flip7Rules | None = None,
    **extra: Any,
) -> Flip7State:
    """A game whose deck starts with `deck` (top first); the dealer defaults to the last seat,
    so seat 0 gets the first card."""
    deal: dict[str, Any] = {"deck": deck, "dealer": players - 1 if dealer is None else dealer}
    deal.update(extra)
    return GAME.new_state(players, deal=deal, rules=rules)


def play(state: Flip7State, *moves: str | int) -> None:
    """Apply scripted moves: "hit", "stay" or a target seat."""
    for move in moves:
        if move == "hit":
            state.apply(HIT)
        elif move == "stay":
            state.apply(STAY)
        else:
            state.apply(Target(int(move)))


def events(state: Flip7State, kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in state.log if e.type == kind]


def accounted(state: Flip7State) -> bool:
    return sorted(state.all_cards()) == FULL
