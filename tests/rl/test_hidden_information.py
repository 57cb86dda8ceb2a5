"""No environment ever gives an agent a hidden card.

Every adapter builds what an agent sees from `view(seat)` alone. The test swaps the engine state
under each adapter for a twin that differs only in what the seat cannot see (hidden hands
re-dealt, the deck re-shuffled); whatever the adapter then shows that seat must not change.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core.game import State
from parlour.rl.encoding import make_encoder
from parlour.rl.gym_env import ParlourGymEnv
from parlour.rl.openspiel_game import ParlourSpielState, load
from parlour.rl.pettingzoo_env import ParlourAECEnv
from tests.rl.helpers import CASES, random_state, rules_of


def hidden_twin(state: State, seat: int, rng: random.Random) -> State:
    """The same table as `seat` sees it, with everything hidden from it drawn again.

    `determinize` is that draw in every game: hidden hands, the deck, and Beggar's face-down
    stacks (the seat's own included) are re-dealt, sizes kept.
    """
    return state.determinize(seat, rng)


def fingerprint(state: State) -> str:
    """Everything the engine holds except its history and generator: differs when cards do."""
    skip = {"log", "actions", "_rng", "_seen"}
    return repr(sorted((k, repr(v)) for k, v in vars(state).items() if k not in skip))


def seen_by(case, state: State, seat: int) -> list[Any]:
    """What each adapter gives `seat` for this engine state."""
    seen: list[Any] = []
    aec = ParlourAECEnv(case.game, num_players=case.players, max_turns=case.max_turns)
    aec.reset(seed=0)
    aec.state_ = state
    obs = aec.observe(aec.possible_agents[seat])
    seen += [obs["observation"], obs["action_mask"]]
    gym_env = ParlourGymEnv(
        case.game, opponents=["random"] * (case.players - 1), seat=seat, max_turns=case.max_turns
    )
    gym_env._state = state
    gym_env.seat = seat
    seen += [gym_env._observation(), gym_env._info()["action_mask"]]
    game = load(case.game, players=case.players, max_turns=case.max_turns)
    spiel = ParlourSpielState(game, state)
    seen += [
        np.asarray(spiel.observation_tensor(seat)),
        np.asarray(spiel.information_state_tensor(seat)),
        spiel.observation_string(seat),
        spiel.information_state_string(seat),
    ]
    return seen


def same(a: list[Any], b: list[Any]) -> bool:
    return all(
        np.array_equal(x, y) if isinstance(x, np.ndarray) else x == y
        for x, y in zip(a, b, strict=True)
    )


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
@settings(max_examples=25)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 60), salt=st.integers(0, 2**16))
def test_what_a_seat_is_shown_never_depends_on_what_it_cannot_see(case, seed, steps, salt):
    state = random_state(case, seed, steps)
    encoder = make_encoder(case.game, rules_of(case), case.players)
    for seat in range(case.players):
        real = seen_by(case, state, seat)
        # Built from the view: the adapters agree with the encoder applied to view(seat).
        assert np.array_equal(real[0], encoder.encode(state.view(seat), seat))
        twin = hidden_twin(state, seat, random.Random(salt + seat))
        assert twin.view(seat) == state.view(seat)
        assert same(seen_by(case, twin, seat), real)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_the_twins_really_hold_other_cards(case) -> None:
    """Guards the test above: its twins must differ from the real game somewhere hidden."""
    differing = 0
    for seed in range(6):
        state = random_state(case, seed, 10)
        if state.is_over:
            continue
        twin = hidden_twin(state, 0, random.Random(seed))
        differing += fingerprint(twin) != fingerprint(state)
    assert differing >= 3
