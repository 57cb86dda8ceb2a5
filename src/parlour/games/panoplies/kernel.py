"""Panoplies on the compiled ask-and-draw kernel (`askdraw.kernel`): whole matches between
`random`, `memory` and `first` bots.

Seeds go in; each match's scores, asks and status come out: one game (the default), +1 for the
player who laid another's outfit and -1 for its owner; a match of several games, minus each
seat's losses. Game for game it gives what `PanopliesState` played by `play_bots` with
`seeded_bots` gives for the same seed. Seat s plays character s (seats without chosen
characters); a card is garment * characters + character, so a character's cards are not
consecutive ids. Every option of `PanopliesRules` is passed on.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from parlour.games.askdraw import kernel
from parlour.games.askdraw.kernel import BOT_CODES, FIRST, MEMORY, RANDOM, STATUS_NAMES

__all__ = [
    "BOT_CODES",
    "FIRST",
    "MEMORY",
    "RANDOM",
    "STATUS_NAMES",
    "rules_table",
    "run",
    "step_kernel",
]

MAX_GARMENTS, MAX_CHARS = 10, 12  # every optional family


def run(
    seeds: Any,
    players: Any,
    hand_size: int,
    garments: int = 7,
    characters: int = 6,
    next_after_miss: str = "asked",
    outfit_replays: bool = False,
    max_turns: int | None = None,
    games: int = 1,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(scores [matches, players], turns [matches], status [matches]: an index of
    STATUS_NAMES), one match of `games` games per seed. Scores: one game, +1 for the player
    who laid another's outfit and -1 for its owner; several, minus each seat's losses; none
    when capped. `players`: a number of `random` bots, or per match the bot of each seat
    ("random", "memory" or "first", or their codes)."""
    if games < 1:
        raise ValueError("a match has at least one game")
    if characters > MAX_CHARS or garments > MAX_GARMENTS:
        raise ValueError("the wardrobe is larger than every optional family gives")
    rules = _table(
        characters, garments, hand_size, next_after_miss, outfit_replays, games, max_turns
    )
    scores, out = kernel.run(seeds, players, rules, max_seats=characters)
    return scores, out[:, 0], out[:, 1]


def step_kernel(game: Any, rules: Any, num_players: int) -> Any:
    """N matches stepped together (`askdraw.step`) under every option of the rules; seat s
    plays character s."""
    from parlour.games.askdraw.step import AskDrawStepKernel

    game.check_players(num_players, rules)  # the rules' own limits included
    return AskDrawStepKernel(game, rules, num_players, rules_table(rules, num_players))


def rules_table(rules: Any, num_players: int) -> tuple[int, ...]:
    """The kernel's rules (`kernel.rules_tuple`) of `PanopliesRules` at `num_players`."""
    ward = rules.wardrobe
    return _table(
        len(ward.characters),
        len(ward.garments),
        rules.deal_size(num_players),
        rules.next_after_miss,
        rules.outfit_replays,
        rules.games,
        rules.max_turns,
    )


def _table(
    characters: int,
    garments: int,
    hand_size: int,
    next_after_miss: str,
    outfit_replays: bool,
    games: int,
    max_turns: int | None,
) -> tuple[int, ...]:
    return kernel.rules_tuple(
        kernel.OUTFITS,
        characters,
        garments,
        hand_size,
        by_group=False,
        next_left=next_after_miss == "left",
        replays=outfit_replays,
        games=games,
        max_turns=max_turns,
    )
