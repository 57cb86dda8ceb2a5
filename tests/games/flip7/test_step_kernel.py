"""Flip 7's step kernel against the reference engine and the single env, step by step: to move,
masks, every seat's observation, outcomes; its bots against the reference bots; states loaded
and read back; illegal actions that change nothing."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from parlour.bots.base import Bot, make_bot
from parlour.core.events import SeatFeed
from parlour.core.mersenne import MT_WORDS, mt_next, mt_seed63
from parlour.games.flip7.encoder import ENCODER
from parlour.games.flip7.game import GAME
from parlour.games.flip7.rules import Flip7Rules, Flip7State
from parlour.games.flip7.step import Flip7Batch, Flip7StepKernel, mt_from_python, mt_to_python
from parlour.play.runner import decision_for, play_bots
from parlour.rl.encoding import action_mask
from parlour.rl.step_kernel import STATUS_CAPPED, STATUS_FINISHED, STATUS_PLAYING

TABLES = [
    (2, Flip7Rules()),
    (3, Flip7Rules()),
    (5, Flip7Rules(target=120)),
    (4, Flip7Rules(second_chance_may_be_given=True, target=100)),
    (3, Flip7Rules(max_turns=40)),
]
FIELDS = ("totals", "round", "dealer", "numbers", "modifiers", "second_chance", "status",
          "opened", "stack", "deck", "discard", "_deck_counts", "last_points", "turns")  # fmt: skip


def seeds_for(name: str, count: int) -> np.ndarray:
    return np.array([random.Random(f"{name}{i}").getrandbits(63) for i in range(count)])


def same_state(mine: Flip7State, ref: Flip7State) -> None:
    for name in FIELDS:
        assert getattr(mine, name) == getattr(ref, name), name
    assert mine._rng.getstate() == ref._rng.getstate()
    assert mine.outcome == ref.outcome or (
        mine.outcome is not None
        and ref.outcome is not None
        and (mine.outcome.status, mine.outcome.returns) == (ref.outcome.status, ref.outcome.returns)
    )


class Check:
    """Compares a batch with reference states, slot for slot."""

    def __init__(self, kernel: Flip7StepKernel, n: int, rules: Flip7Rules, size: int) -> None:
        self.kernel, self.n, self.size = kernel, n, size
        self.encoder = ENCODER(rules, n)
        self.masks = np.zeros((size, kernel.num_actions), np.int8)
        self.obs = np.zeros((size, kernel.obs_size), np.float32)
        self.returns = np.zeros((size, n))
        self.status = np.zeros(size, np.int8)

    def __call__(self, batch: Flip7Batch, refs: Sequence[Flip7State]) -> None:
        kernel = self.kernel
        to_move = kernel.to_move(batch)
        kernel.masks(batch, self.masks)
        kernel.outcome(batch, self.returns, self.status)
        for i, ref in enumerate(refs):
            assert to_move[i] == (-1 if ref.to_move is None else ref.to_move)
            assert np.array_equal(self.masks[i], action_mask(ref, kernel.num_actions))
            outcome = ref.outcome
            if outcome is None:
                assert self.status[i] == STATUS_PLAYING and not self.returns[i].any()
            else:
                code = STATUS_CAPPED if outcome.status == "capped" else STATUS_FINISHED
                assert self.status[i] == code
                assert self.returns[i].tolist() == list(outcome.returns)
        for seat in range(self.n):
            kernel.observe(batch, np.full(self.size, seat), self.obs)
            for i, ref in enumerate(refs):
                assert np.array_equal(self.obs[i], self.encoder.encode(ref.view(seat), seat))


def deal(n: int, rules: Flip7Rules, seeds: np.ndarray) -> tuple[Any, Flip7Batch, list[Any]]:
    kernel = GAME.step_kernel(rules, n)
    batch = kernel.new_batch(len(seeds))
    kernel.deal(batch, np.ones(len(seeds), bool), seeds)
    refs = [GAME.new_state(n, seed=int(s), rules=rules) for s in seeds]
    return kernel, batch, refs


@pytest.mark.parametrize(("n", "rules"), TABLES)
def test_self_play_is_the_reference_game_at_every_step(n: int, rules: Flip7Rules) -> None:
    seeds = seeds_for(f"self{n}{rules}", 10)
    kernel, batch, refs = deal(n, rules, seeds)
    # A second batch, loaded from the reference states now and then and stepped alike.
    twin = kernel.new_batch(len(seeds))
    check = Check(kernel, n, rules, len(seeds))
    rng = random.Random(n)
    step = 0
    while True:
        if step % 7 == 0:
            for i, ref in enumerate(refs):
                same_state(kernel.read(batch, i), ref)
                kernel.load(twin, i, ref)
        check(batch, refs)
        check(twin, refs)
        if all(ref.is_over for ref in refs):
            break
        actions = np.zeros(len(refs), np.int64)
        for i, ref in enumerate(refs):
            if not ref.is_over:
                action = rng.choice(ref.legal_actions())
                actions[i] = action.id
                ref.apply(action)
        assert not kernel.step(batch, actions).any()
        assert not kernel.step(twin, actions).any()
        step += 1
    assert step > 20
    if rules.max_turns:
        assert any(ref.outcome.status == "capped" for ref in refs)


def reference_bots(specs: Sequence[str], seeds: Sequence[int]) -> list[Bot | None]:
    return [
        make_bot(GAME, spec, rng=random.Random(seed)) if spec else None
        for spec, seed in zip(specs, seeds, strict=True)
    ]


def play_reference_bots(state: Flip7State, bots: Sequence[Bot | None], feeds: list[Any]) -> None:
    while not state.is_over:
        seat = state.to_move
        bot = bots[seat]
        if bot is None:
            return
        decision = decision_for(state, seat, feeds[seat], bot.searches, bot.reads_table,
                                bot.wants_view)  # fmt: skip
        state.apply(bot.act(decision), seat)


@pytest.mark.parametrize(
    ("specs", "rules"),
    [
        (("", "threshold:20"), Flip7Rules()),
        (("random", "", "counter"), Flip7Rules()),
        (("solver", ""), Flip7Rules(target=100)),
        (("first", "random", "", "threshold"), Flip7Rules(second_chance_may_be_given=True)),
        (("", "random", "counter"), Flip7Rules(max_turns=30)),
    ],
)
def test_kernel_bots_play_as_the_reference_bots(specs: tuple[str, ...], rules: Flip7Rules) -> None:
    n = len(specs)
    seeds = seeds_for(f"bots{specs}", 8)
    kernel, batch, refs = deal(n, rules, seeds)
    bot_seeds = np.array([[random.Random(f"{s}:{k}").getrandbits(63) for k in range(n)]
                          for s in seeds])  # fmt: skip
    kernel.seat_bots(batch, np.ones(len(seeds), bool), specs, bot_seeds)
    bots = [reference_bots(specs, row.tolist()) for row in bot_seeds]
    feeds = [[SeatFeed(s, True) for s in range(n)] for _ in refs]
    check = Check(kernel, n, rules, len(seeds))
    rng = random.Random(7)
    while True:
        kernel.play_bots(batch)
        for ref, table, feed in zip(refs, bots, feeds, strict=True):
            play_reference_bots(ref, table, feed)
        check(batch, refs)
        if all(ref.is_over for ref in refs):
            break
        actions = np.zeros(len(refs), np.int64)
        for i, ref in enumerate(refs):
            if not ref.is_over:
                assert specs[ref.to_move] == ""
                action = rng.choice(ref.legal_actions())
                actions[i] = action.id
                ref.apply(action)
        assert not kernel.step(batch, actions).any()


@pytest.mark.parametrize(
    "specs", [("random", "random"), ("counter", "random", "threshold:18"), ("solver", "first")]
)
def test_whole_bot_games_are_the_runners_games(specs: tuple[str, ...]) -> None:
    n = len(specs)
    seeds = seeds_for(f"whole{specs}", 20)
    kernel, batch, refs = deal(n, Flip7Rules(), seeds)
    bot_seeds = np.array([[s * 31 + k for k in range(n)] for s in range(len(seeds))])
    kernel.seat_bots(batch, np.ones(len(seeds), bool), specs, bot_seeds)
    kernel.play_bots(batch)
    for i, ref in enumerate(refs):
        played = play_bots(ref, reference_bots(specs, bot_seeds[i].tolist()))  # type: ignore[arg-type]
        same_state(kernel.read(batch, i), played.state)  # type: ignore[arg-type]


def test_illegal_actions_change_nothing() -> None:
    n = 3
    seeds = seeds_for("illegal", 12)
    kernel, batch, _ = deal(n, Flip7Rules(second_chance_may_be_given=True), seeds)
    rng = random.Random(3)
    masks = np.zeros((len(seeds), kernel.num_actions), np.int8)
    tried = 0
    for _ in range(200):
        kernel.masks(batch, masks)
        over = kernel.to_move(batch) < 0
        if over.all():
            break
        wrong = np.array(
            [
                rng.choice([a for a in (-1, *range(kernel.num_actions), 99) if not (
                    0 <= a < kernel.num_actions and row[a])])
                for row in masks
            ]
        )  # fmt: skip
        before = [np.copy(a) for a in kernel._arrays(batch)]
        illegal = kernel.step(batch, wrong)
        assert np.array_equal(illegal, ~over)
        for old, new in zip(before, kernel._arrays(batch), strict=True):
            assert np.array_equal(old, new)
        tried += int((~over).sum())
        legal = np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in masks])
        assert not kernel.step(batch, legal).any()
    assert tried > 100


@pytest.mark.parametrize("draws", [0, 1, 2, 100, 226, 227, 228, 229, 500, 623, 624, 625, 900])
def test_generators_go_both_ways_between_python_and_the_kernel(draws: int) -> None:
    seed = 2**40 + draws
    python = random.Random(seed)
    for _ in range(draws):
        python.getrandbits(32)
    mt = mt_from_python(python)
    assert [mt_next(mt) for _ in range(1300)] == [python.getrandbits(32) for _ in range(1300)]
    mt = np.zeros(MT_WORDS, np.int64)
    mt_seed63(mt, seed)
    for _ in range(draws):
        mt_next(mt)
    python = random.Random(seed)
    for _ in range(draws):
        python.getrandbits(32)
    assert mt_to_python(mt).getstate() == python.getstate()


def test_the_capability_and_its_sizes() -> None:
    kernel = GAME.step_kernel(None, 4)
    assert isinstance(kernel, Flip7StepKernel)
    assert kernel.num_actions == GAME.num_actions(Flip7Rules(), 4) == 6
    assert kernel.obs_size == ENCODER(Flip7Rules(), 4).size
    assert set(kernel.bot_names()) >= {"threshold", "counter", "solver", "random", "first"}
    assert kernel.accepts_bot("threshold:30") and not kernel.accepts_bot("strong")
    batch = kernel.new_batch(3)
    assert (kernel.to_move(batch) == -1).all()
    with pytest.raises(ValueError, match="does not play"):
        kernel.seat_bots(batch, np.ones(3, bool), ["strong", "", "", ""], np.zeros((3, 4)))
