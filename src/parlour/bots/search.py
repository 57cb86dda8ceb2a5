"""Information-set Monte Carlo search, game-agnostic.

The bot never sees the true state: each round it draws a full state from what its seat knows
(`Decision.determinize`), tries each candidate move on a copy of that same state, and plays
each copy to the end with a game-supplied playout. Using the same drawn state and the same
playout seed for every candidate (common random numbers) makes the comparison between moves
far less noisy than independent samples. The move with the best mean wins; a small prior bonus
for the candidates' own order (best first) settles near-ties in favour of the game's heuristic.

A game plugs in with two functions: `playout(state, seat, rng) -> value` (the seat's reward at
the end, or an estimate) and, optionally, `candidates(decision) -> moves` (a short list, best
first, to spend the budget on the moves that matter). A game with a compiled kernel may add
`batch_playout(worlds, seat, seed, count) -> sums`: the same playouts, `count` of each world
after its move (the first with `random.Random(seed)`, as `playout` gets it), in one call; it
answers None for worlds it cannot play, which then go to `playout`. A round then costs one
compiled call instead of a playout per move in Python, and a time budget buys many playouts
per drawn world (`per_world`); a number of rounds plays one playout a move each round, so that
`search:10` is the same search on either path.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from parlour.bots.base import Bot, Decision
from parlour.core.game import State

log = logging.getLogger("parlour.bots")

Playout = Callable[[State, int, random.Random], float]
Candidates = Callable[[Decision], Sequence[Any]]
BatchPlayout = Callable[[Sequence[State], int, int, int], Sequence[float] | None]
PER_WORLD = 128  # kernel playouts a move per drawn world, under a time budget


def parse_budget(text: str | float | int) -> tuple[float | None, int | None]:
    """`"0.2"` (has a dot: seconds) or `"200"` (a whole number: playouts per move)."""
    raw = str(text).strip().lower().removesuffix("s")
    if "." in raw:
        seconds = float(raw)
        if seconds <= 0:
            raise ValueError("the time budget must be positive")
        return seconds, None
    count = int(raw)
    if count < 1:
        raise ValueError("the number of playouts must be at least 1")
    return None, count


def trials_of(world: State, moves: Sequence[Any]) -> list[State]:
    """The world after each move, a copy each (the last move gets the world itself)."""
    trials = []
    for index, move in enumerate(moves):
        trial = world.clone() if index < len(moves) - 1 else world
        trial.apply(move)
        trials.append(trial)
    return trials


class SearchBot(Bot):
    """Determinized Monte Carlo search over the root moves of the seat's information set."""

    name = "search"
    searches = True

    def __init__(
        self,
        budget: str | float = "0.2",
        *,
        playout: Playout,
        candidates: Candidates | None = None,
        prior: float = 0.02,
        rng: random.Random | None = None,
        batch_playout: BatchPlayout | None = None,
        per_world: int | None = None,
    ) -> None:
        super().__init__(rng)
        self.seconds, self.playouts = parse_budget(budget)
        self.playout = playout
        self.candidates = candidates
        self.prior = prior
        self.batch_playout = batch_playout
        # Playouts per world and move in a round: many under a time budget (a drawn world costs
        # far more than a kernel playout), one under a number of rounds.
        self.per_world = per_world or (PER_WORLD if self.seconds is not None else 1)
        self.last_stats: list[tuple[Any, int, float]] = []
        self.last_playouts = 0  # playouts made for the last move, every candidate's

    @property
    def timed(self) -> bool:
        return self.seconds is not None

    def act(self, decision: Decision) -> Any:
        """The searched move; if anything in the search fails, a legal move all the same (a bot
        must never stop a table), and a log line says why."""
        try:
            return self._search(decision)
        except Exception as err:  # any failure: play on, and say it
            legal = decision.legal_actions
            log.warning(
                "%s: search failed at seat %d (%s: %s); playing a legal move instead",
                self.name,
                decision.seat,
                type(err).__name__,
                err,
            )
            try:
                moves = list(self.candidates(decision)) if self.candidates else []
            except Exception:  # the heuristic failed too: the first legal move
                moves = []
            return next((m for m in moves if m in legal), legal[0])

    def _batch_size(self, deadline: float | None, per_playout: float, moves: int) -> int:
        """Playouts a world in this round: `per_world`, fewer when the time left would not
        cover them (timed on the last round), so that a batch never runs far past the budget."""
        if deadline is None or per_playout <= 0.0:
            return self.per_world
        left = deadline - time.perf_counter()
        return max(1, min(self.per_world, int(left / (per_playout * moves))))

    def _search(self, decision: Decision) -> Any:
        moves = list(self.candidates(decision) if self.candidates else decision.legal_actions)
        if not moves:
            moves = list(decision.legal_actions)
        if len(moves) == 1:
            self.last_playouts = 0
            return moves[0]
        totals = [0.0] * len(moves)
        samples = 0  # playouts per move so far
        rounds = 0
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        per_playout = 0.0  # seconds a batched playout took in the last round
        while True:
            if deadline is not None:
                if rounds and time.perf_counter() >= deadline:
                    break
            elif rounds >= (self.playouts or 1):
                break
            world = decision.determinize(self.rng)
            seed = self.rng.getrandbits(63)
            trials = trials_of(world, moves)
            sums = None
            count = 1
            if self.batch_playout is not None:
                count = self._batch_size(deadline, per_playout, len(moves))
                start = time.perf_counter()
                sums = self.batch_playout(trials, decision.seat, seed, count)
                per_playout = (time.perf_counter() - start) / (count * len(moves))
            if sums is not None:
                samples += count
            else:
                sums = [self.playout(t, decision.seat, random.Random(seed)) for t in trials]
                samples += 1
            for index, value in enumerate(sums):
                totals[index] += value
            rounds += 1
        self.last_playouts = samples * len(moves)
        # Mean value plus a small bonus for the heuristic order (the first move is its best).
        scores = [
            totals[i] / samples + self.prior * (len(moves) - i) / len(moves)
            for i in range(len(moves))
        ]
        self.last_stats = [(moves[i], rounds, totals[i] / samples) for i in range(len(moves))]
        best = max(range(len(moves)), key=scores.__getitem__)
        return moves[best]
