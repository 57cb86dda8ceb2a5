"""Go Fish on the compiled ask-and-draw kernel (`askdraw.kernel`): whole games between
`random`, `memory` and `first` bots.

Seeds go in; each game's books per seat, asks (`State.turns`), status and first player out come
out. Game for game it gives what `GoFishState` played by `play_bots` with the simulate worker's
seeded bots gives for the same seed: the kernel's BOOKS hooks transcribe
`askdraw.groups.GroupAskState` with Go Fish's own (`rules.GoFishState`): the deal as
`openspiel_deal` deals it, a rank asked for and every card of it given, the asker's left-hand
neighbour after a miss, an empty hand that draws and then asks (or passes), the first player
out. Every option of `GoFishRules` is passed on.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from parlour.games.askdraw import kernel
from parlour.games.askdraw.kernel import BOT_CODES, STATUS_NAMES

__all__ = ["BOT_CODES", "STATUS_NAMES", "run", "step_kernel"]


def run(
    seeds: Any, players: Any, rules: Any
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(books [games, players], asks [games], status [games]: an index of STATUS_NAMES, first
    player out [games], -1 for none), one game per seed. `players`: a number of `random` bots,
    or per game the bot of each seat ("random", "memory", "first", or their codes)."""
    n = players if isinstance(players, int) else len(next(iter(players), ()))
    if n:
        rules.check_players(n)
    books, out = kernel.run(seeds, players, rules_table(rules, n))
    return books, out[:, 0], out[:, 1], out[:, 2]


def rules_table(rules: Any, n: int) -> tuple[int, ...]:
    """The kernel's rules (`kernel.rules_tuple`) of a table of `n` players (0: none yet)."""
    return kernel.rules_tuple(
        kernel.BOOKS,
        int(rules.ranks),
        int(rules.suits),
        int(rules.hand_size(n)) if n else 1,
        next_left=True,  # OpenSpiel: the asker's left-hand neighbour
        ask_after_empty_draw=bool(rules.ask_after_empty_draw),
        first_out=bool(rules.end_on_first_out),
        max_turns=rules.max_turns,
    )


def step_kernel(game: Any, rules: Any, num_players: int) -> Any:
    """N games stepped together (`askdraw.step`) under every option of the rules."""
    from parlour.games.askdraw.step import AskDrawStepKernel

    game.check_players(num_players, rules)  # the rules' own limits included
    table = rules_table(rules, num_players)
    return AskDrawStepKernel(game, rules, num_players, table, not rules.most_books_wins)
