"""Go Fish's observation: fixed size for the rules and the table, built from a view alone."""

from __future__ import annotations

import random

import numpy as np

from parlour.games.gofish.encoder import GoFishEncoder
from parlour.games.gofish.game import GAME
from parlour.games.gofish.rules import GoFishRules


def test_observations_fit_their_space_and_read_the_hand() -> None:
    rules = GoFishRules(ranks=9, suits=3)
    encoder = GoFishEncoder(rules, 3)
    state = GAME.new_state(3, seed=4, rules=rules)
    rng = random.Random(4)
    while not state.is_over:
        for seat in range(3):
            obs = encoder.encode(state.view(seat), seat)
            assert obs.shape == (encoder.size,)
            assert np.all(obs >= encoder.low) and np.all(obs <= encoder.high)
            hand = obs[encoder.layout.starts["hand"] : encoder.layout.starts["hand"] + 27]
            assert sorted(np.flatnonzero(hand).tolist()) == sorted(state.hands[seat])
        state.apply(rng.choice(state.legal_actions()))
    assert encoder.size == GoFishEncoder(rules, 3).size
