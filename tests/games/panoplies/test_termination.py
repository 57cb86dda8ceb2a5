"""Every Panoplies game of bots ends: every bot, every player count (2 to 9), no turn cap."""

from __future__ import annotations

import pytest

from parlour.games.panoplies.game import GAME
from parlour.games.panoplies.rules import PanopliesRules
from tests.games.familles.test_termination import asks_to_the_end

FAST_BOTS = ("random", "first", "memory")


def rules_for(players: int, seed: int) -> PanopliesRules:
    extra = max(0, players - 6)  # one optional family per player beyond six
    return PanopliesRules(
        hats=extra >= 1,
        scarves=extra >= 2,
        belts=extra >= 3,
        next_after_miss="left" if seed % 2 else "asked",
        outfit_replays=seed % 3 == 0,
        games=1 + seed % 2,
    )


@pytest.mark.parametrize("players", range(2, 10))
@pytest.mark.parametrize("spec", FAST_BOTS)
def test_every_panoplies_game_of_bots_ends(spec: str, players: int) -> None:
    seeds = 2 if players > 6 else 6  # big tables are slow: the slow test plays more
    for seed in range(seeds):
        asks_to_the_end(GAME, rules_for(players, seed), players, spec, seed)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_panoplies_game_of_search_bots_ends(players: int) -> None:
    asks_to_the_end(GAME, rules_for(players, 1), players, "search:1", 1)


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 10))
@pytest.mark.parametrize("spec", FAST_BOTS)
def test_every_panoplies_game_of_bots_ends_over_many_seeds(spec: str, players: int) -> None:
    for seed in range(100, 150):
        asks_to_the_end(GAME, rules_for(players, seed), players, spec, seed)
