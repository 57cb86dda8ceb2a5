"""Helpers shared by the Beggar tests."""

from __future__ import annotations

from typing import Any

from parlour.core.events import Event
from parlour.games.beggar.game import GAME
from parlour.games.beggar.rules import BeggarRules, BeggarState


def play_out(hands: list[str], **options: Any) -> BeggarState:
    state = GAME.new_state(len(hands), deal={"hands": hands}, rules=BeggarRules(**options))
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    return state


def outs(state: BeggarState) -> list[int]:
    return [e.data["seat"] for e in state.log if e.type == "out"]


def of_type(state: BeggarState, kind: str) -> list[Event]:
    return [e for e in state.log if e.type == kind]
