"""Plays one chunk of a job, in whatever process or Ray worker it lands.

A game is played through the registry and the runner only. Each game gets fresh bots whose
random generators derive from the game's seed exactly as `parlour.play.runner.play_game` derives
them, so any single game can be reproduced on its own with `play_game(game, bots, seed)`.
"""

from __future__ import annotations

import random
import traceback
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from parlour.bots.base import Bot, make_bot
from parlour.core.capabilities import BulkOutcome, offers
from parlour.core.game import Game, Outcome, Seat, State
from parlour.core.options import make_rules
from parlour.core.records import record_of
from parlour.core.registry import get_game
from parlour.play.runner import play_bots
from parlour.sim.schedule import Chunk, SimJob, game_seed, game_seeds, seating


@dataclass
class GameFailure:
    """A game that raised: enough to reproduce it (seed, seating) and its record so far."""

    job: int
    index: int
    seed: int
    seats: tuple[str, ...]
    seat: int | None  # the seat to move when it broke (its bot, or the game on its move)
    error: str
    traceback: str
    turns: int
    record: dict[str, Any] | None


@dataclass
class ChunkResult:
    """The games [start, stop) of a job, one row per game, seats in seat order."""

    job: int
    start: int
    stop: int
    turns: np.ndarray  # int64 [games]
    status: list[str]
    scores: np.ndarray  # float64 [games, players], by seat
    shares: np.ndarray  # float64 [games, players]: 1/len(winners) for each winner, else 0
    ranks: np.ndarray  # int64 [games, players], 1 is best, ties share a rank
    records: list[dict[str, Any]] = field(default_factory=list)
    failure: GameFailure | None = None
    bulk: bool = False

    @property
    def played(self) -> int:
        return len(self.status)


def seat_names(specs: tuple[str, ...]) -> list[Seat]:
    """Seats named after their bots, numbered when a bot appears twice."""
    seen: dict[str, int] = {}
    seats = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        seats.append(Seat(spec if seen[spec] == 1 else f"{spec} ({seen[spec]})"))
    return seats


def seeded_bots(game: Game, specs: tuple[str, ...], seed: int) -> list[Bot]:
    """Fresh bots for one game, generators derived as `play_game` derives them."""
    master = random.Random(seed ^ 0x5EED)
    # Import paths were checked when the job was prepared; a worker process imports the module
    # itself (a forked one finds it loaded, a spawned or Ray one on the driver's sys.path).
    return [
        make_bot(game, spec, random.Random(master.getrandbits(63)), import_paths=True)
        for spec in specs
    ]


def ranks_from(winners: tuple[int, ...], scores: tuple[float, ...]) -> tuple[int, ...]:
    """Ranks when a bulk path gives only winners and scores: no winner is a draw (everyone
    first); otherwise the winners first and the others ranked by score."""
    if not winners:
        return tuple(1 for _ in scores)
    keyed = [(1 if seat in winners else 0, score) for seat, score in enumerate(scores)]
    return tuple(1 + sum(1 for other in keyed if other > mine) for mine in keyed)


class _Rows:
    def __init__(self, games: int, players: int) -> None:
        self.turns = np.zeros(games, dtype=np.int64)
        self.scores = np.zeros((games, players), dtype=np.float64)
        self.shares = np.zeros((games, players), dtype=np.float64)
        self.ranks = np.ones((games, players), dtype=np.int64)
        self.status: list[str] = []

    def add(
        self,
        status: str,
        winners: tuple[int, ...],
        scores: tuple[float, ...],
        ranks: tuple[int, ...],
        turns: int,
    ) -> None:
        row = len(self.status)
        self.status.append(status)
        self.turns[row] = turns
        self.scores[row] = scores
        self.ranks[row] = ranks
        for seat in winners:
            self.shares[row, seat] = 1.0 / len(winners)

    def add_all(self, outcomes: list[BulkOutcome]) -> None:
        """A bulk path's outcomes at once, with NumPy: the same rows `add` and `ranks_from`
        give one by one (a third of a fast kernel's simulation went to those Python loops)."""
        games = len(outcomes)
        if not games:
            return
        n = self.scores.shape[1]
        scores = np.array([o[1] for o in outcomes], dtype=np.float64).reshape(games, n)
        flat = np.zeros(games * n, dtype=bool)
        flat[[row * n + seat for row, o in enumerate(outcomes) for seat in o[0]]] = True
        won = flat.reshape(games, n)
        self.scores[:games] = scores
        self.turns[:games] = [o[2] for o in outcomes]
        self.status.extend(str(o[3]) for o in outcomes)
        count = won.sum(axis=1, keepdims=True)
        self.shares[:games] = np.where(won, 1.0 / np.maximum(count, 1), 0.0)
        # A seat's rank is 1 + the seats ahead of it: winners before the others, then by
        # score; a game without winner is a draw, everyone first.
        ahead = (won[:, None, :] > won[:, :, None]) | (
            (won[:, None, :] == won[:, :, None]) & (scores[:, None, :] > scores[:, :, None])
        )
        ranks = 1 + ahead.sum(axis=2)
        self.ranks[:games] = np.where(count > 0, ranks, 1)

    def result(self, job: int, chunk: Chunk, **extra: Any) -> ChunkResult:
        played = len(self.status)
        return ChunkResult(
            job=job,
            start=chunk.start,
            stop=chunk.start + played,
            turns=self.turns[:played],
            status=self.status,
            scores=self.scores[:played],
            shares=self.shares[:played],
            ranks=self.ranks[:played],
            **extra,
        )


def play_chunk(job: SimJob, chunk: Chunk) -> ChunkResult:
    """Play the chunk; stop at the first game that raises and report it."""
    game = get_game(job.game)
    rules = make_rules(game.rules_class, job.rules_dict())
    if job.bulk:
        return _play_bulk(game, rules, job, chunk)
    n = job.num_players
    rows = _Rows(chunk.size, n)
    records: list[dict[str, Any]] = []
    for index in range(chunk.start, chunk.stop):
        seed = game_seed(job, index)
        specs = tuple(job.bots[b] for b in seating(index, n))
        state: State | None = None
        try:
            state = game.new_state(seat_names(specs), seed=seed, rules=rules)
            play_bots(state, seeded_bots(game, specs, seed))
        except Exception as err:
            failure = _failure(chunk.job, index, seed, specs, state, err)
            return rows.result(chunk.job, chunk, records=records, failure=failure)
        outcome: Outcome = state.outcome  # type: ignore[assignment]
        rows.add(outcome.status, outcome.winners, outcome.scores, outcome.ranks, state.turns)
        if job.records:
            records.append(record_of(state))
    return rows.result(chunk.job, chunk, records=records)


def _play_bulk(game: Game, rules: Any, job: SimJob, chunk: Chunk) -> ChunkResult:
    """The game's own bulk path (a compiled kernel, say): for games where no bot decides, or
    for bots the game's kernel plays itself."""
    n = job.num_players
    seeds = game_seeds(job, chunk.start, chunk.stop)
    rows = _Rows(chunk.size, n)
    try:
        if offers(game, "bulk_play"):  # a bulk path that plays the bots too (Flip 7)
            # The n seatings built once, then shared: a table per game, not a tuple per game.
            seatings = [tuple(job.bots[b] for b in seating(shift, n)) for shift in range(n)]
            tables = [seatings[index % n] for index in range(chunk.start, chunk.stop)]
            answer = game.bulk_play(rules, seeds, tables)
        else:
            answer = game.bulk_outcomes(rules, n, seeds)
    except Exception as err:  # reported against the chunk's first game: no record exists
        specs = tuple(job.bots[b] for b in seating(chunk.start, n))
        failure = _failure(chunk.job, chunk.start, seeds[0], specs, None, err)
        return rows.result(chunk.job, chunk, failure=failure, bulk=True)
    if answer is None:  # the game declined these rules after all: the generic runner plays
        return play_chunk(replace(job, bulk=False), chunk)
    rows.add_all(list(answer))
    return rows.result(chunk.job, chunk, bulk=True)


def _failure(
    job: int,
    index: int,
    seed: int,
    specs: tuple[str, ...],
    state: State | None,
    err: Exception,
) -> GameFailure:
    record = None
    seat = None
    turns = 0
    if state is not None:
        turns = state.turns
        try:
            seat = state.to_move
            record = record_of(state)
        except Exception:  # a broken state must not hide the original error
            record = None
    return GameFailure(
        job=job,
        index=index,
        seed=seed,
        seats=specs,
        seat=seat,
        error=f"{type(err).__name__}: {err}",
        traceback="".join(traceback.format_exception(err)),
        turns=turns,
        record=record,
    )
