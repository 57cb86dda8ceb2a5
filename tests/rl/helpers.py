"""What the adapter tests share: the games they cover and short, seeded random plays."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from parlour.core.capabilities import offers
from parlour.core.game import State
from parlour.core.registry import get_game
from parlour.rl.encoding import encodable_games, resolve_rules, with_turn_cap


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


# A bigger table than the least where a game allows it: more hidden hands to keep apart.
PLAYERS: dict[str, int] = {"familles": 4}


def _case(name: str) -> Case:
    game = get_game(name)
    players = PLAYERS.get(name, min(max(3, game.min_players), game.max_players))
    # An ask-and-draw game (it declares a grouping) hides the other hands.
    return Case(name, players, 400, hidden_hands=offers(game, "grouping"))


def _decides(case: Case) -> bool:
    """Whether a seat ever chooses: a game of one action (Beggar's flip) has no decision."""
    game = get_game(case.game)
    return game.num_actions(game.default_rules(), case.players) > 1


# Every registered game with an encoder: a new game joins the adapters' tests by itself.
CASES = [_case(name) for name in encodable_games()]
DECISION_CASES = [case for case in CASES if _decides(case)]


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
