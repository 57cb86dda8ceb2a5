"""OpenSpiel's public-only observer shows what a spectator sees, whoever it is built for.

An observer built with `private_info=PrivateInfoType.NONE` holds the public information of the
game: the tensor and the string must be the spectator's view (`view(None)`), and a table that
differs only in cards nobody but their holder sees must give the same public observation.
"""

from __future__ import annotations

import json
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.observation import make_observation

from parlour.rl.openspiel_game import (
    SEED_NODES,
    SEED_OUTCOMES,
    ParlourObserver,
    ParlourSpielGame,
    ParlourSpielState,
    load,
    resample,
)
from tests.rl.helpers import CASES, Case


def public_type(perfect_recall: bool) -> pyspiel.IIGObservationType:
    return pyspiel.IIGObservationType(
        perfect_recall=perfect_recall,
        public_info=True,
        private_info=pyspiel.PrivateInfoType.NONE,
    )


def load_case(case: Case) -> ParlourSpielGame:
    return load(case.game, players=case.players, max_turns=case.max_turns)


def played(game: ParlourSpielGame, seed: int, steps: int) -> ParlourSpielState:
    """The seed bytes, then up to `steps` random moves (a game still under way)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(SEED_NODES):
        state.apply_action(rng.randrange(SEED_OUTCOMES))
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    assert not state.is_terminal()
    return state


def observe(
    observer: ParlourObserver, state: ParlourSpielState, seat: int
) -> tuple[np.ndarray, str]:
    observer.set_from(state, seat)
    return observer.tensor.copy(), observer.string_from(state, seat)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_the_public_observation_is_the_spectators_view(case: Case) -> None:
    game = load_case(case)
    observer = make_observation(game, public_type(perfect_recall=False))
    assert isinstance(observer, ParlourObserver)
    for seed in range(3):
        state = played(game, seed, steps=6 * seed)
        engine = state.engine
        assert engine is not None
        spectator = engine.view(None)
        for seat in range(case.players):
            tensor, text = observe(observer, state, seat)
            assert np.array_equal(tensor, game.encoder.encode(spectator, seat))
            assert json.loads(text) == json.loads(json.dumps(spectator))


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_the_public_record_holds_only_what_the_whole_table_saw(case: Case) -> None:
    game = load_case(case)
    observer = make_observation(game, public_type(perfect_recall=True))
    state = played(game, seed=8, steps=30)
    engine = state.engine
    assert engine is not None
    public = [
        json.dumps(e.to_json(), sort_keys=True, ensure_ascii=False)
        for e in engine.log
        if e.visible_to(None)
    ]
    for seat in range(case.players):
        *record, view = observer.string_from(state, seat).split("\n")
        assert json.loads(view) == json.loads(json.dumps(engine.view(None)))
        # Every public event, in order, and none other, whoever's observation it is.
        assert [line for line in record if line.startswith("{")] == public


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
@pytest.mark.parametrize("perfect_recall", [False, True])
def test_hidden_cards_never_change_the_public_observation(case: Case, perfect_recall: bool) -> None:
    game = load_case(case)
    observer = make_observation(game, public_type(perfect_recall))
    private = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=perfect_recall,
            public_info=True,
            private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
        ),
    )
    told_apart = 0
    for seed in range(4):
        state = played(game, seed, steps=5)
        for seat in range(case.players):
            # Re-deal from another seat's knowledge: `seat`'s own hidden cards change too.
            other = (seat + 1) % case.players
            twin = resample(state, other, random.Random(seed * 10 + seat))
            public, twin_public = observe(observer, state, seat), observe(observer, twin, seat)
            assert np.array_equal(public[0], twin_public[0])
            assert public[1] == twin_public[1]
            # Guards the check above: the seat's own observation does tell the twins apart.
            own, twin_own = observe(private, state, seat), observe(private, twin, seat)
            told_apart += own[1] != twin_own[1]
    if case.hidden_hands:
        assert told_apart > 0
