"""The 7 familles on the compiled ask-and-draw kernel (`askdraw.kernel`): whole games between
`random`, `memory` and `first` bots.

Seeds go in; each game's families per seat, asks (`State.turns`) and status come out. Game for
game it gives what `FamillesState` played by `play_bots` with `seeded_bots` gives for the same
seed (the simulate worker's games). Every variant of `FamillesRules` is passed on: the hand
size, who plays after a miss, a family completed by a draw that replays, asking for any family,
the turn cap (a draw, "capped"). The deck only names the cards. The table has no ages (the
simulate worker's seats): seat 0 starts.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from parlour.games.askdraw import kernel
from parlour.games.askdraw.kernel import BOT_CODES, STATUS_NAMES

__all__ = ["BOT_CODES", "STATUS_NAMES", "rules_table", "run", "step_kernel"]

NUM_CARDS, FAMILIES, MEMBERS = 42, 7, 6


def run(
    seeds: Any,
    players: Any,
    hand_size: int = 6,
    next_after_miss: str = "asked",
    family_replays: bool = False,
    ask_any_family: bool = False,
    max_turns: int | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(families [games, players], turns [games], status [games]: an index of STATUS_NAMES),
    one game per seed. `players`: a number of `random` bots, or per game the bot of each seat
    ("random", "memory", "first", or their codes)."""
    rules = _table(hand_size, next_after_miss, family_replays, ask_any_family, max_turns)
    scores, out = kernel.run(seeds, players, rules, max_seats=6)
    return scores, out[:, 0], out[:, 1]


def step_kernel(game: Any, rules: Any, num_players: int) -> Any:
    """N games stepped together (`askdraw.step`) under every variant of the rules."""
    from parlour.games.askdraw.step import AskDrawStepKernel

    game.check_players(num_players, rules)  # the rules' own limits included
    return AskDrawStepKernel(game, rules, num_players, rules_table(rules, num_players))


def rules_table(rules: Any, num_players: int) -> tuple[int, ...]:
    """The kernel's rules (`kernel.rules_tuple`) of `FamillesRules` (the deck only names the
    cards, so the table is the same at any number of players)."""
    return _table(
        rules.hand_size,
        rules.next_after_miss,
        rules.family_replays,
        rules.ask_any_family,
        rules.max_turns,
    )


def _table(
    hand_size: int,
    next_after_miss: str,
    family_replays: bool,
    ask_any_family: bool,
    max_turns: int | None,
) -> tuple[int, ...]:
    return kernel.rules_tuple(
        kernel.FAMILIES,
        FAMILIES,
        MEMBERS,
        hand_size,
        next_left=next_after_miss == "left",
        replays=family_replays,
        ask_any=ask_any_family,
        max_turns=max_turns,
    )
