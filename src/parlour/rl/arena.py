"""OpenSpiel bots and Parlour bots at one table (`pip install parlour[openspiel]`).

OpenSpiel's bots get the OpenSpiel state, as OpenSpiel algorithms expect, and read it only
through information-state calls (`information_state_string`, `legal_actions`) and Parlour's
resampler (`State.determinize` from their seat). Parlour's bots get their usual `Decision`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from parlour.bots.base import Bot, needs_copies
from parlour.core.events import SeatFeed
from parlour.core.game import Outcome
from parlour.play.runner import decision_for
from parlour.rl.openspiel_game import SEED_NODES, ParlourSpielGame, ParlourSpielState, resampler


def ismcts_bot(
    game: ParlourSpielGame, simulations: int, seed: int, uct_c: float = 2.0
) -> ismcts.ISMCTSBot:
    """OpenSpiel's Python ISMCTS with random rollouts, resampling through `determinize`."""
    rng = np.random.RandomState(seed % 2**32)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(
        game,
        evaluator,
        uct_c=uct_c,
        max_simulations=simulations,
        random_state=rng,
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
    )
    bot.set_resampler(resampler(seed))
    return bot


def deal(game: ParlourSpielGame, seed: int) -> ParlourSpielState:
    """The initial state with its chance nodes resolved to `seed` (the engine's seed)."""
    state = game.new_initial_state()
    for byte in (seed % 2 ** (8 * SEED_NODES)).to_bytes(SEED_NODES, "big"):
        state.apply_action(byte)
    return state


@dataclass
class Played:
    """A finished game and the thinking time of each seat."""

    outcome: Outcome
    seconds: list[float]
    moves: list[int]
    turns: int


def play_mixed(game: ParlourSpielGame, players: Sequence[Any], seed: int) -> Played:
    """Play one game; `players[seat]` is a pyspiel.Bot or a Parlour Bot."""
    state = deal(game, seed)
    engine = state.engine
    assert engine is not None
    feeds = [SeatFeed(seat, copies=needs_copies(p)) for seat, p in enumerate(players)]
    master = random.Random(seed ^ 0x5EED)
    for player in players:
        if isinstance(player, Bot):
            player.rng = random.Random(master.getrandbits(63))
    seconds = [0.0] * len(players)
    moves = [0] * len(players)
    while not state.is_terminal():
        seat = state.current_player()
        player = players[seat]
        start = time.perf_counter()
        if isinstance(player, pyspiel.Bot):
            action_id = int(player.step(state))
        else:
            decision = decision_for(engine, seat, feeds[seat], worlds=player.searches)
            action_id = player.act(decision).id
        seconds[seat] += time.perf_counter() - start
        moves[seat] += 1
        state.apply_action(action_id)
    assert engine.outcome is not None
    return Played(engine.outcome, seconds, moves, engine.turns)
