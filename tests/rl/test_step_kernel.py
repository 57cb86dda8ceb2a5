"""The step kernels: N games stepped in compiled code equal the reference engine's, move by move.

Every game that offers `step_kernel` is played here from the same seeds by the kernel and by
`new_state`: random legal asks from outside on some seats, the kernel's bots (seeded as the
reference bots' `rng`) on the others. At every step the seat to move, the masks, every seat's
observation and the outcome must be the reference's, bit for bit.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from parlour.bots.base import make_bot
from parlour.core.capabilities import offers
from parlour.core.errors import ParlourError
from parlour.core.events import SeatFeed
from parlour.core.mersenne import MT_WORDS, mt_next
from parlour.core.mersenne_state import from_kernel, to_kernel
from parlour.core.registry import game_names, get_game
from parlour.games.askdraw.step import AskDrawStepKernel
from parlour.play.runner import decision_for
from parlour.rl.encoding import action_mask, make_encoder, resolve_rules
from parlour.rl.step_kernel import STATUS_CAPPED, STATUS_FINISHED, STATUS_PLAYING

# The ask-and-draw games' step kernel (`askdraw.step`); Flip 7's has its own tests.
KERNEL_GAMES = [
    name
    for name in game_names()
    if offers(get_game(name), "step_kernel")
    and isinstance(get_game(name).step_kernel(get_game(name).default_rules(), 2), AskDrawStepKernel)
]

# (game, players, rules, bots by seat: "" is played from outside by random legal asks)
TABLES = [
    ("familles", 3, None, ["", "", ""]),
    ("familles", 4, "next_after_miss=left;family_replays=true", ["", "memory", "first", ""]),
    ("familles", 2, "ask_any_family=true;max_turns=30", ["random", ""]),
    ("panoplies", 3, None, ["", "random", "memory"]),
    ("panoplies", 4, "games=3;outfit_replays=true", ["first", "", "", "memory"]),
    ("gofish", 3, None, ["", "memory", "first"]),
    ("gofish", 2, "end_on_first_out=true;most_books_wins=false", ["", "random"]),
]


def _reference_bots(game: Any, specs: list[str], seeds: np.ndarray) -> dict[int, Any]:
    bots = {}
    for seat, spec in enumerate(specs):
        if spec:
            bot = make_bot(game, spec)
            bot.rng = random.Random(int(seeds[seat]))
            bots[seat] = bot
    return bots


def _play_reference_bots(state: Any, bots: dict[int, Any], feeds: list[SeatFeed]) -> None:
    while not state.is_over and state.to_move in bots:
        seat = state.to_move
        bot = bots[seat]
        state.apply(bot.act(decision_for(state, seat, feeds[seat], worlds=bot.searches)), seat)


def _check_equal(kernel: Any, batch: Any, states: list[Any], encoder: Any, label: str) -> None:
    n, count = kernel.num_players, len(states)
    to_move = kernel.to_move(batch)
    assert to_move.tolist() == [-1 if s.is_over else s.to_move for s in states], label
    masks = np.zeros((count, kernel.num_actions), np.int8)
    kernel.masks(batch, masks)
    for i, state in enumerate(states):
        assert np.array_equal(masks[i], action_mask(state, kernel.num_actions)), (label, i)
    obs = np.zeros((count, kernel.obs_size), np.float32)
    for seat in range(n):
        kernel.observe(batch, np.full(count, seat), obs)
        for i, state in enumerate(states):
            want = encoder.encode(state.view(seat), seat)
            assert np.array_equal(obs[i], want), (label, i, seat, np.flatnonzero(obs[i] != want))
    returns, status = np.zeros((count, n)), np.zeros(count, np.int8)
    kernel.outcome(batch, returns, status)
    for i, state in enumerate(states):
        outcome = state.outcome
        if outcome is None:
            assert status[i] == STATUS_PLAYING and not returns[i].any(), (label, i)
            continue
        capped = outcome.status == "capped"
        assert status[i] == (STATUS_CAPPED if capped else STATUS_FINISHED), (label, i)
        assert tuple(returns[i]) == outcome.returns, (label, i)


@pytest.mark.parametrize(("name", "players", "options", "specs"), TABLES)
def test_the_kernel_plays_the_reference_game_step_by_step(name, players, options, specs) -> None:
    game = get_game(name)
    rules = resolve_rules(game, options)
    kernel = game.step_kernel(rules, players)
    encoder = make_encoder(game, rules, players)
    count = 10
    seeds = np.arange(count, dtype=np.int64) * 1_000_003 + 17
    bot_seeds = np.arange(count * players, dtype=np.int64).reshape(count, players) * 31 + 5
    batch = kernel.new_batch(count)
    everywhere = np.ones(count, bool)
    kernel.seat_bots(batch, everywhere, specs, bot_seeds)
    kernel.deal(batch, everywhere, seeds)
    kernel.play_bots(batch)
    states = [game.new_state(players, seed=int(s), rules=rules) for s in seeds]
    bots = [_reference_bots(game, specs, bot_seeds[i]) for i in range(count)]
    feeds = [[SeatFeed(s) for s in range(players)] for _ in range(count)]
    for i, state in enumerate(states):
        _play_reference_bots(state, bots[i], feeds[i])
    rng = random.Random(3)
    for step in range(2_000):
        _check_equal(kernel, batch, states, encoder, f"{name} step {step}")
        if all(state.is_over for state in states):
            break
        actions = np.zeros(count, np.int64)
        for i, state in enumerate(states):
            if not state.is_over:
                action = rng.choice(state.legal_actions())
                actions[i] = action.id
                state.apply(action, state.to_move)
                _play_reference_bots(state, bots[i], feeds[i])
        assert not kernel.step(batch, actions).any()
        kernel.play_bots(batch)
    assert all(state.is_over for state in states)


@pytest.mark.parametrize("name", KERNEL_GAMES)
def test_an_illegal_ask_is_refused_and_changes_nothing(name) -> None:
    game = get_game(name)
    players = min(3, game.max_players)  # two where a game takes only two
    kernel = game.step_kernel(game.default_rules(), players)
    batch = kernel.new_batch(4)
    everywhere = np.ones(4, bool)
    kernel.seat_bots(batch, everywhere, [""] * players, np.zeros((4, players), np.int64))
    kernel.deal(batch, everywhere, np.arange(4, dtype=np.int64))
    masks = np.zeros((4, kernel.num_actions), np.int8)
    kernel.masks(batch, masks)
    actions = np.argmax(masks == 0, axis=1)  # the first illegal id of each game
    actions[0] = kernel.num_actions + 5  # no such id at all
    before = batch.st.copy()
    assert kernel.step(batch, actions).all()
    assert np.array_equal(batch.st, before)


@pytest.mark.parametrize("name", KERNEL_GAMES)
def test_a_bot_the_kernel_does_not_play_is_named_with_those_it_does(name) -> None:
    game = get_game(name)
    kernel = game.step_kernel(game.default_rules(), 2)
    assert set(kernel.bot_names()) >= {"random", "memory", "first"}
    batch = kernel.new_batch(1)
    with pytest.raises(ParlourError, match="random, memory, first"):
        kernel.seat_bots(batch, np.ones(1, bool), ["", "search:10"], np.zeros((1, 2), np.int64))


@pytest.mark.parametrize("draws", [0, 1, 226, 227, 228, 623, 624, 625, 1000])
def test_a_python_generator_moves_into_the_kernel_and_back(draws) -> None:
    """The kernel regenerates its block lazily; the states must still draw alike."""
    python = random.Random(draws + 99)
    for _ in range(draws):
        python.getrandbits(32)
    mt = np.zeros(MT_WORDS, np.int64)
    to_kernel(python.getstate(), mt)
    for k in range(700):
        assert mt_next(mt) == python.getrandbits(32), k
        if k in (0, 300):
            back = random.Random()
            back.setstate(from_kernel(mt))
            twin = random.Random()
            twin.setstate(python.getstate())
            assert [back.random() for _ in range(700)] == [twin.random() for _ in range(700)]


def _loading_present() -> bool:
    import importlib.util

    return importlib.util.find_spec("parlour.games.askdraw.loading") is not None


# Skipped only while `askdraw.loading` (the search's loading of reference states) is absent.
@pytest.mark.skipif(not _loading_present(), reason="askdraw.loading is not in this tree yet")
@pytest.mark.parametrize("name", KERNEL_GAMES)
def test_a_state_loaded_and_read_back_plays_on_as_the_reference(name) -> None:
    game = get_game(name)
    rules = game.default_rules()
    players = min(3, game.max_players)  # two where a game takes only two
    kernel = game.step_kernel(rules, players)
    encoder = make_encoder(game, rules, players)
    rng = random.Random(8)
    states = []
    for seed in range(4):
        state = game.new_state(players, seed=seed, rules=rules)
        for _ in range(7):
            if not state.is_over:
                state.apply(rng.choice(state.legal_actions()), state.to_move)
        states.append(state)
    batch = kernel.new_batch(len(states))
    no_bots = np.zeros((4, players), np.int64)
    kernel.seat_bots(batch, np.ones(len(states), bool), [""] * players, no_bots)
    for i, state in enumerate(states):
        kernel.load(batch, i, state)
    _check_equal(kernel, batch, states, encoder, f"{name} loaded")
    for i, state in enumerate(states):
        back = kernel.read(batch, i)
        assert back.view(None) == state.view(None)
        for seat in range(players):
            assert back.view(seat) == state.view(seat)


@pytest.mark.skipif(not _loading_present(), reason="askdraw.loading is not in this tree yet")
@pytest.mark.parametrize(
    ("name", "options"),
    [("familles", {"ask_any_family": True}), ("panoplies", {"games": 3}), ("gofish",
     {"end_on_first_out": True})],
)  # fmt: skip
def test_a_state_of_other_rules_is_refused_by_load(name: str, options: dict) -> None:
    """The kernel plays its own rules: a table of others would get masks of other moves."""
    game = get_game(name)
    kernel = game.step_kernel(game.default_rules(), 3)
    batch = kernel.new_batch(1)
    other = game.new_state(3, seed=1, rules=resolve_rules(game, options))
    with pytest.raises(ValueError, match="the state's rules are not this kernel's"):
        kernel.load(batch, 0, other)
    with pytest.raises(ValueError, match="a state of 3 players is loaded here"):
        kernel.load(batch, 0, game.new_state(4, seed=1))
    kernel.load(batch, 0, game.new_state(3, seed=1))  # its own rules: taken
