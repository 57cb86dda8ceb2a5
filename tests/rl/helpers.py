"""What the adapter tests share: the games they cover and short, seeded random plays."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from parlour.core.game import State
from parlour.core.registry import get_game
from parlour.rl.encoding import resolve_rules, with_turn_cap


@dataclass(frozen=True)
class Case:
    """A game as the adapter tests play it: players, and a turn cap that keeps runs short."""

    game: str
    players: int
    max_turns: int
    hidden_hands: bool  # whether determinize re-deals cards the other seats hold

    @property
    def id(self) -> str:
        return f"{self.game}-{self.players}p"


CASES = [
    Case("beggar", 3, 300, hidden_hands=False),
    Case("flip7", 3, 400, hidden_hands=False),
    Case("familles", 4, 400, hidden_hands=True),
    Case("panoplies", 3, 400, hidden_hands=True),
]

DECISION_CASES = [case for case in CASES if case.game != "beggar"]


def rules_of(case: Case) -> Any:
    game = get_game(case.game)
    return with_turn_cap(resolve_rules(game), case.max_turns)


def random_state(case: Case, seed: int, steps: int) -> State:
    """A game after up to `steps` random legal moves (fewer if it ends)."""
    game = get_game(case.game)
    state = game.new_state(case.players, seed=seed, rules=rules_of(case))
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()), state.to_move)
    return state
