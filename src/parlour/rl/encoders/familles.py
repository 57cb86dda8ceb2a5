"""Jeu des 7 familles observation: the shared ask-and-draw encoding over the 7 x 6 grid."""

from __future__ import annotations

from parlour.games.familles.rules import FAMILY_GROUPING
from parlour.rl.encoders.askdraw import AskDrawEncoder


class FamillesEncoder(AskDrawEncoder):
    game_name = "familles"
    grouping = FAMILY_GROUPING
