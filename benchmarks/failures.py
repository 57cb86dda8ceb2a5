"""What the tournament scripts of benchmarks/ do when a game fails (a bot or the game raises).

A long run keeps what it computed: the chunk that met the failing game keeps the games played
before it, the other chunks and tables play on, the results (and the files of `--out`) hold
every game that finished, each failing game is named with its seed on stderr, and the script
ends with exit status 1 once everything is saved, so that a shell or CI sees the failure.
`parlour simulate` and `parlour tournament` do the same with the simulator's own machinery.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

FAILED = 1  # the exit status of a run in which a game failed (2 is kept for bad arguments)


def game_failure(index: int, seed: int, err: Exception) -> dict[str, Any]:
    """The failing game, enough to play it again alone: its index, its seed, the error."""
    return {"game": index, "seed": seed, "error": f"{type(err).__name__}: {err}"}


def play_each(
    indices: Iterable[int], seed_of: Callable[[int], int], play: Callable[[int], T]
) -> tuple[list[T], dict[str, Any] | None]:
    """`play(index)` for each game in order, stopping at the first that raises: the results
    of the games before it, and that game's failure (None when all were played)."""
    done: list[T] = []
    for index in indices:
        try:
            done.append(play(index))
        except Exception as err:  # keep the games played, name the one that failed
            return done, game_failure(index, seed_of(index), err)
    return done, None


def say_failures(label: str, failures: Iterable[dict[str, Any]]) -> None:
    for failure in failures:
        print(
            f"{label}: game {failure['game']} (seed {failure['seed']}) failed: {failure['error']}",
            file=sys.stderr,
            flush=True,
        )


def exit_if_failed(failures: Sequence[dict[str, Any]]) -> None:
    """After the results are printed and saved: exit 1 when any game failed."""
    if failures:
        many = len(failures) != 1
        print(
            f"{len(failures)} game{'s' if many else ''} failed (named above): the results hold "
            "only the games that finished",
            file=sys.stderr,
        )
        raise SystemExit(FAILED)
