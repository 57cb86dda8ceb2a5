"""Go Fish observation: the shared ask-and-draw encoding over the ranks × suits grid.

My hand card by card and rank by rank, hand sizes, the pool, and who laid each book: the
`askdraw` encoder as it is, grouped by rank.
"""

from __future__ import annotations

from typing import Any

from parlour.games.askdraw.encoder import AskDrawEncoder
from parlour.games.askdraw.engine import Grouping


class GoFishEncoder(AskDrawEncoder):
    game_name = "gofish"

    def _grouping(self, rules: Any) -> Grouping:
        return rules.grouping  # type: ignore[no-any-return]


ENCODER = GoFishEncoder  # the class the game's `encoder` capability returns
