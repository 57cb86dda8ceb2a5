"""OpenSpiel Python games: random_sim_test, chance, serialisation, resampling and ISMCTS."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from parlour.rl.openspiel_game import (
    SEED_NODES,
    SEED_OUTCOMES,
    load,
    register_all,
    resample,
    resampler,
)
from tests.rl.helpers import CASES, DECISION_CASES


def load_case(case):
    return load(case.game, players=case.players, max_turns=case.max_turns)


def random_player_state(game, seed: int, steps: int):
    """A state after the seed and up to `steps` random moves, stopped at a player node."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(SEED_NODES):
        state.apply_action(rng.randrange(SEED_OUTCOMES))
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_every_installed_game_registers_under_its_parlour_name() -> None:
    names = register_all()
    assert {f"parlour_{case.game}" for case in CASES} <= set(names)
    for name in names:
        assert name in pyspiel.registered_names()


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_random_sim_test_passes(case) -> None:
    game = load_case(case)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    # Beyond the checker: a serialised mid-game state comes back as the same game, and a
    # finished one pays the engine's returns.
    state = random_player_state(game, seed=4, steps=15)
    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history()
    assert again.engine.log == state.engine.log
    finished = random_player_state(game, seed=4, steps=10_000)
    assert finished.is_terminal()
    assert finished.returns() == list(finished.engine.outcome.returns)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_chance_draws_the_seed_and_the_history_replays_the_game(case) -> None:
    game = load_case(case)
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == SEED_OUTCOMES
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    played = random_player_state(game, seed=3, steps=40)
    replayed = game.new_initial_state()
    for action in played.history():
        replayed.apply_action(action)
    assert replayed.engine.log == played.engine.log
    # The four bytes are the engine's seed: the same game as `new_state(seed=...)`.
    seed = int.from_bytes(bytes(played.history()[:SEED_NODES]), "big")
    assert played.engine.seed == seed


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_terminal_returns_are_the_outcome_returns(case) -> None:
    game = load_case(case)
    state = random_player_state(game, seed=9, steps=10_000)
    assert state.is_terminal()
    assert state.returns() == list(state.engine.outcome.returns)
    assert sum(state.returns()) == pytest.approx(0.0)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_resampling_keeps_the_information_state_and_forgets_the_seed(case) -> None:
    game = load_case(case)
    state = random_player_state(game, seed=5, steps=12)
    assert not state.is_terminal()
    player = state.current_player()
    twin = resample(state, player, random.Random(1))
    assert twin.information_state_string(player) == state.information_state_string(player)
    assert np.array_equal(
        twin.information_state_tensor(player), state.information_state_tensor(player)
    )
    assert twin.observation_string(player) == state.observation_string(player)
    assert twin.legal_actions() == state.legal_actions()
    assert twin.history() == []  # nothing hidden travels in a history
    via_openspiel = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0, 1))
    assert via_openspiel.information_state_string(player) == state.information_state_string(player)


def replay_from_seed(game, seed: int, moves: list) -> object | None:
    """The engine state `seed` gives after `moves` (JSON), or None if a move is not legal."""
    rebuilt = game.engine_state(seed)
    for move in moves:
        legal = [a for a in rebuilt.legal_actions() if a.to_json() == move]
        if not legal:
            return None
        rebuilt.apply(legal[0], rebuilt.to_move)
    return rebuilt


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_a_resampled_world_cannot_rebuild_the_real_cards_from_a_seed(case) -> None:
    # Flip 7 and Beggar's worlds once kept the real seed: replaying the public moves from
    # `engine_state(seed)` then dealt the true deck or stacks.
    game = load_case(case)
    state = random_player_state(game, seed=5, steps=12)
    player = state.current_player()
    real = state.engine
    worlds = [
        resample(state, player, random.Random(1)),
        resampler(1)(state, player),
        state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0, 1)),
    ]
    for world in worlds:
        assert world.engine.seed is None
        assert world.engine.deal is None
    # At the source too, for whoever calls `determinize` without the adapter.
    engine_world = real.determinize(player, random.Random(1))
    assert engine_world.seed != real.seed
    assert engine_world.deal is None
    rebuilt = replay_from_seed(game, engine_world.seed, list(real.actions))
    assert rebuilt is None or rebuilt.all_cards() != real.all_cards()


@pytest.mark.parametrize("case", DECISION_CASES, ids=lambda c: c.id)
def test_openspiels_ismcts_bot_plays_with_parlours_resampler(case) -> None:
    game = load_case(case)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(
        game,
        evaluator,
        uct_c=2.0,
        max_simulations=8,
        random_state=rng,
        max_world_samples=ismcts.UNLIMITED_NUM_WORLD_SAMPLES,
    )
    bot.set_resampler(resampler(seed=0))
    state = random_player_state(game, seed=1, steps=0)
    searched = 0
    while not state.is_terminal() and searched < 25:
        if state.current_player() == 0:
            action = bot.step(state)
            searched += 1
        else:
            action = rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(int(action))
    assert searched > 0


@pytest.mark.parametrize("case", DECISION_CASES[:1], ids=lambda c: c.id)
def test_ismcts_and_parlour_bots_share_a_table(case) -> None:
    from parlour.bots.base import make_bot
    from parlour.core.registry import get_game
    from parlour.rl.arena import deal, ismcts_bot, play_mixed

    game = load_case(case)
    assert deal(game, 1234).engine.seed == 1234
    players = [ismcts_bot(game, simulations=4, seed=1)]
    players += [make_bot(get_game(case.game), "random") for _ in range(case.players - 1)]
    played = play_mixed(game, players, seed=7)
    assert sum(played.outcome.returns) == pytest.approx(0.0)
    assert played.moves[0] > 0 and sum(played.moves) == played.turns


def test_rules_travel_through_openspiels_game_string() -> None:
    game = load("beggar", players=2, rules="jokers=2;max_turns=150")
    assert game.parlour_rules.jokers == 2 and game.parlour_rules.max_turns == 150
    again = pyspiel.load_game(str(game))  # what serialisation does
    assert again.parlour_rules == game.parlour_rules
    assert again.max_game_length() == SEED_NODES + 150


def test_options_that_change_the_deck_change_the_spaces() -> None:
    """Nine players need the three optional families: more cards, more ids, a longer array."""
    rules = "hats=true;scarves=true;belts=true;games=2;max_turns=300"
    game = load("panoplies", players=9, rules=rules)
    assert game.num_distinct_actions() == 10 * 12 * 9  # garments x characters x seats
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    state = random_player_state(game, seed=2, steps=5)
    assert len(state.observation_tensor(state.current_player())) == game.encoder.size


@pytest.mark.parametrize("case", DECISION_CASES, ids=lambda c: c.id)
def test_the_information_state_holds_only_what_the_player_saw(case) -> None:
    import json

    game = load_case(case)
    state = random_player_state(game, seed=8, steps=30)
    engine = state.engine
    moves = [line for line in state.history()[SEED_NODES:]]
    for player in range(case.players):
        # The record is every event the player saw, his own private draws included (named,
        # in order: perfect recall), never another seat's; the view is the last line.
        seen = [
            json.dumps(e.to_json(), sort_keys=True, ensure_ascii=False)
            for e in engine.log
            if e.visible_to(player)
        ]
        lines = state.information_state_string(player).split("\n")
        view, record = lines[-1], lines[:-1]
        assert json.loads(view) == json.loads(json.dumps(engine.view(player)))
        events = [line for line in record if line.startswith("{")]
        # Every event he saw, in order, and none other: nothing hidden, nothing forgotten.
        assert events == seen
        played = [line for line in record if not line.startswith("{")]
        assert len(played) == len(moves) + 1  # the deal, then one line per move


def test_two_histories_a_seat_tells_apart_have_two_information_states() -> None:
    # Go Fish: seat 0 fishes a 5 then a 9, or a 9 then a 5 (the moves are all the same); its
    # own draws were once left out of its record, so both histories were one information state.
    from parlour.rl.openspiel_game import ParlourSpielState

    game = load("gofish", players=2)
    seat0 = [0, 4, 8, 12, 16, 20, 24]
    seat1 = [28, 32, 36, 40, 44, 48, 29]
    rest = [c for c in range(52) if c not in {*seat0, *seat1, 5, 9, 50}]

    def after(first: int, second: int) -> ParlourSpielState:
        deck = seat0 + seat1 + [first, 50, second] + rest
        engine = game.parlour_game.new_state(2, deal={"deck": deck}, rules=game.parlour_rules)
        state = ParlourSpielState(game, engine)
        for action in (1 * 13 + 0, 0 * 13 + 7, 1 * 13 + 3):  # three asks, three misses
            assert action in state.legal_actions()
            state.apply_action(action)
        return state

    a, b = after(5, 9), after(9, 5)
    assert a.observation_string(0) == b.observation_string(0)  # the same hand in the end
    assert a.information_state_string(0) != b.information_state_string(0)
    # Seat 1 saw two cards drawn, not which: one information state for him.
    assert a.information_state_string(1) == b.information_state_string(1)


@pytest.mark.parametrize("case", DECISION_CASES, ids=lambda c: c.id)
def test_a_resampled_world_keeps_no_other_seats_private_event(case) -> None:
    game = load_case(case)
    state = random_player_state(game, seed=8, steps=30)
    player = state.current_player()
    world = resample(state, player, random.Random(3))
    kept = [e for _mover, _move, events in world._core.record for e in events]
    assert kept and all(e.audience is None or e.audience == {player} for e in kept)
    assert world.information_state_string(player) == state.information_state_string(player)


def test_the_default_cap_grows_with_a_match_and_a_target() -> None:
    """A fixed 2,000 moves made every game of a 20-game Panoplies match a capped draw."""
    match = load("panoplies", players=3, rules="games=20")
    assert match.parlour_rules.max_turns == 40_000 and match.max_game_length() == 40_004
    assert pyspiel.load_game(str(match)).max_game_length() == 40_004  # its string says so
    rng = random.Random(3)
    state = match.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.engine.outcome.status == "finished" and any(state.returns())
    assert load("flip7", players=3, rules="target=1000").parlour_rules.max_turns == 10_000
    assert load("panoplies", players=3).parlour_rules.max_turns == 2_000
    assert load("panoplies", players=3, rules="games=20", max_turns=900).max_game_length() == 904
    # A cap asked for is kept, whatever its value, the default's included.
    assert load("panoplies", players=3, rules="games=20", max_turns=2000).max_game_length() == 2004


def test_a_game_whose_cap_hook_takes_no_rules_still_loads() -> None:
    """`research_max_turns(self)`, the hook as it was written before it took the rules."""
    from parlour.rl.openspiel_game import research_cap

    class Older:
        def research_max_turns(self) -> int:
            return 321

    assert research_cap(Older(), None) == 321  # type: ignore[arg-type]
