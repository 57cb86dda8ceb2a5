"""Jeu des 7 familles observation: the shared ask-and-draw encoding over the 7 x 6 grid."""

from __future__ import annotations

from typing import Any

from parlour.games.askdraw.encoder import AskDrawEncoder
from parlour.games.askdraw.engine import Grouping
from parlour.games.familles.rules import FAMILY_GROUPING


class FamillesEncoder(AskDrawEncoder):
    game_name = "familles"

    def _grouping(self, rules: Any) -> Grouping:
        return FAMILY_GROUPING


ENCODER = FamillesEncoder  # the class the game's `encoder` capability returns
