"""The 7 familles' compiled kernel against the reference engine, game for game (a fast sample;
the long run is benchmarks/familles_agreement.py)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import numpy as np
import pytest

from parlour.core import mersenne
from parlour.core.registry import get_game
from parlour.games.familles.bulk import kernel_table
from parlour.games.familles.game import Familles
from parlour.games.familles.rules import FamillesRules
from parlour.play.runner import play_bots
from parlour.sim import simulate
from parlour.sim.worker import seat_names, seeded_bots
from tests.sim.helpers import run_cli

GAME = get_game("familles")


def reference(seed: int, specs: tuple[str, ...], rules: FamillesRules) -> tuple:
    """The simulate worker's game: the outcome and the asks of the reference engine."""
    state = GAME.new_state(seat_names(specs), seed=seed, rules=rules)
    play_bots(state, seeded_bots(GAME, specs, seed))
    outcome = state.outcome
    assert outcome is not None
    return outcome.winners, outcome.scores, state.turns, outcome.status


def seeds(count: int, salt: int = 0) -> list[int]:
    return [random.Random(i * 7919 + salt).getrandbits(63) for i in range(count)]


@pytest.mark.parametrize("seed", [0, 1, 2**32 - 1, 2**32, 0x5EED, 2**63 - 1])
def test_the_generators_draw_what_python_random_draws(seed: int) -> None:
    mt = np.zeros(mersenne.MT_WORDS, dtype=np.int64)
    mersenne.mt_seed63(mt, seed)
    python = random.Random(seed)
    assert [mersenne.getrandbits63(mt) for _ in range(700)] == [
        python.getrandbits(63) for _ in range(700)
    ]  # 1,400 words: past the first regeneration of the block
    cards = np.arange(42, dtype=np.int64)
    mersenne.shuffle(mt, cards, 42)
    deck = list(range(42))
    python.shuffle(deck)
    assert cards.tolist() == deck
    mine = [mersenne.randbelow(mt, k) for k in (1, 2, 3, 36, 180, 1000)]
    assert mine == [python._randbelow(k) for k in (1, 2, 3, 36, 180, 1000)]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("players", "games"), [(2, 300), (3, 300), (4, 200), (6, 100)])
def test_kernel_games_are_the_reference_games(players: int, games: int) -> None:
    rules = FamillesRules()
    specs = ("random",) * players
    table = seeds(games, players)
    got = GAME.bulk_play(rules, table, [specs] * games)
    assert got is not None
    for seed, outcome in zip(table, got, strict=True):
        assert outcome == reference(seed, specs, rules), seed


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {"hand_size": 8}),
        (3, {"hand_size": 7}),
        (3, {"next_after_miss": "left"}),
        (4, {"family_replays": True}),
        (3, {"ask_any_family": True}),
        (2, {"ask_any_family": True, "next_after_miss": "left", "family_replays": True}),
        (3, {"max_turns": 110}),  # about half the games capped
        (5, {"deck": "en"}),
    ],
)
def test_every_variant_is_the_reference_game(players: int, options: dict) -> None:
    rules = FamillesRules(**options)
    specs = ("random",) * players
    table = seeds(60, 100 + players)
    got = GAME.bulk_play(rules, table, [specs] * len(table))
    assert got is not None
    statuses = set()
    for seed, outcome in zip(table, got, strict=True):
        assert outcome == reference(seed, specs, rules), seed
        statuses.add(outcome[3])
    if "max_turns" in options:
        assert statuses == {"capped", "finished"}


@pytest.mark.parametrize(
    ("specs", "options"),
    [
        (("memory", "memory"), {}),
        (("memory", "random", "memory"), {}),
        (("random", "memory", "memory", "random"), {"next_after_miss": "left"}),
        (("memory",) * 3, {"ask_any_family": True}),
        (("memory",) * 3, {"family_replays": True, "hand_size": 7}),
        (("memory",) * 6, {}),
        (("first", "first"), {}),
        (("first", "random", "memory"), {"ask_any_family": True}),
        (("first",) * 4, {"next_after_miss": "left", "family_replays": True}),
    ],
)
def test_memory_and_first_bots_play_the_reference_games(
    specs: tuple[str, ...], options: dict
) -> None:
    rules = FamillesRules(**options)
    table = seeds(50, len(specs) + 200)
    got = GAME.bulk_play(rules, table, [specs] * len(table))
    assert got is not None
    for seed, outcome in zip(table, got, strict=True):
        assert outcome == reference(seed, specs, rules), seed


def test_seatings_are_per_game() -> None:
    """simulate rotates the bots: each game has its own table, seat by seat."""
    rules = FamillesRules()
    tables = [("memory", "random", "random"), ("random", "memory", "random")] * 20
    table = seeds(len(tables), 300)
    got = GAME.bulk_play(rules, table, tables)
    assert got is not None
    for seed, specs, outcome in zip(table, tables, got, strict=True):
        assert outcome == reference(seed, specs, rules), seed
    mixed = simulate("familles", "memory,random,random", 90, seed=4, workers=1)
    slow = simulate("familles", "memory,random,random", 90, seed=4, workers=1, bulk=False)
    assert mixed.rows.bulk and mixed.summary.to_json() == slow.summary.to_json()


def test_without_numba_the_kernel_plays_the_same_games() -> None:
    from parlour.games.familles import kernel

    table = seeds(20, 5)
    script = (
        "import json, sys; from parlour.games.familles import kernel; "
        "from parlour.core import mersenne; assert not mersenne.HAVE_NUMBA; "
        "s, t, st = kernel.run(json.loads(sys.argv[1]), [['memory', 'random', 'memory']] * 20); "
        "print(json.dumps([s.tolist(), t.tolist(), st.tolist()]))"
    )
    env = {**os.environ, "PARLOUR_NO_NUMBA": "1"}
    done = subprocess.run(
        [sys.executable, "-c", script, json.dumps(table)],
        env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    scores, turns, status = kernel.run(table, [["memory", "random", "memory"]] * 20)
    assert json.loads(done.stdout) == [scores.tolist(), turns.tolist(), status.tolist()]


def test_other_tables_are_declined() -> None:
    rules = FamillesRules()
    assert kernel_table(rules, ["random", "random"])
    assert kernel_table(rules, ["memory", "random"])
    assert kernel_table(rules, ["first", "memory"])
    assert GAME.bulk_play(rules, [], [("random",) * 3]) == []
    assert GAME.bulk_play(rules, [], [("random", "reflexes", "random")]) is None
    assert GAME.bulk_play(rules, [], [("random", "search")]) is None
    assert GAME.bulk_play(rules, [], [("random:3", "random")]) is None
    assert GAME.bulk_play(rules, [], [("memory:1", "random")]) is None
    assert GAME.bulk_play(rules, [1, 2], [("random",) * 2, ("random",) * 3]) is None
    assert GAME.bulk_play(rules, [-1], [("random",) * 2]) is None
    assert GAME.bulk_play(rules, [2**63], [("random",) * 2]) is None
    mixed = simulate("familles", "random,search:2", 2, seed=3, workers=1)
    assert not mixed.rows.bulk


def test_simulate_takes_the_kernel_with_the_engines_results() -> None:
    fast = simulate("familles", "random,random,random", 150, seed=9, workers=1)
    slow = simulate("familles", "random,random,random", 150, seed=9, workers=1, bulk=False)
    assert fast.rows.bulk and not slow.rows.bulk
    assert fast.summary.to_json() == slow.summary.to_json()
    for name in ("turns", "scores", "shares", "ranks"):
        assert np.array_equal(getattr(fast.rows, name), getattr(slow.rows, name)), name
    assert fast.rows.status == slow.rows.status


def test_the_simulate_command_prints_the_same_table_without_the_kernel(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ("simulate", "familles", "--games", "300", "--bots", "random,random,random",
            "--seed", "21", "--workers", "1", "--no-progress")  # fmt: skip
    code, fast, _ = run_cli(capsys, *argv)
    assert code == 0 and "bulk path" in fast
    monkeypatch.delattr(Familles, "bulk_play")  # the simulator then plays every game itself
    code, slow, _ = run_cli(capsys, *argv)
    assert code == 0 and "game runner" in slow
    # Everything but the last line (the time taken and which engine played).
    assert fast.strip().splitlines()[:-1] == slow.strip().splitlines()[:-1]
