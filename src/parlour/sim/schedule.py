"""What a simulation plays: the job, each game's seed and seating, and the chunks of work.

Everything here is a pure function of the job, so any backend (one process, a local pool, a Ray
cluster) plays exactly the same games: a game's seed depends only on (job seed, game index), and
its seating only on the game index.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

SEED_BITS = 63


@dataclass(frozen=True)
class SimJob:
    """One table of bots playing `games` games of `game` under `rules`.

    `rules` holds only option values (JSON-safe, as `parse_options` gives them), so a job
    pickles cheaply and travels to any worker. `bots` are spec strings (`threshold:23`), one per
    player; their order is the job's bot order, not a seating.
    """

    game: str
    bots: tuple[str, ...]
    games: int
    seed: int
    rules: tuple[tuple[str, Any], ...] = ()
    records: bool = False
    bulk: bool = True  # use the game's bulk path when the bots cannot matter
    label: str = field(default="", compare=False)

    @property
    def num_players(self) -> int:
        return len(self.bots)

    def rules_dict(self) -> dict[str, Any]:
        return dict(self.rules)


def derive_seed(seed: int, *path: int | str) -> int:
    """A 63-bit seed from a master seed and a path such as (game index,) or ("table", 2).

    A hash, not a generator stream, so game 1,000,000 needs no walk through the first million
    and every backend derives the same value.
    """
    text = ":".join(str(part) for part in (seed, *path)).encode()
    digest = hashlib.blake2b(text, digest_size=8).digest()
    return int.from_bytes(digest, "big") >> (64 - SEED_BITS)


def game_seed(job: SimJob, index: int) -> int:
    return derive_seed(job.seed, index)


def game_seeds(job: SimJob, start: int, stop: int) -> list[int]:
    """`game_seed` of games [start, stop), the same values at a fraction of the cost: the hash
    of the shared prefix "seed:" is taken once and copied for each game (a bulk chunk of
    fast games spent a tenth of its time deriving seeds one by one)."""
    prefix = hashlib.blake2b(f"{job.seed}:".encode(), digest_size=8)
    shift = 64 - SEED_BITS
    out = []
    for index in range(start, stop):
        h = prefix.copy()
        h.update(str(index).encode())
        out.append(int.from_bytes(h.digest(), "big") >> shift)
    return out


def seating(index: int, num_players: int) -> tuple[int, ...]:
    """Bot index at each seat for game `index`: a rotation, so over every `num_players` games
    each bot sits at each seat exactly once."""
    shift = index % num_players
    return tuple((seat + shift) % num_players for seat in range(num_players))


def seat_of_bot(bot: int, index: int, num_players: int) -> int:
    """The seat bot `bot` occupies in game `index` (the inverse of `seating`)."""
    return (bot - index) % num_players


@dataclass(frozen=True)
class Chunk:
    """Games [start, stop) of job number `job`."""

    job: int
    start: int
    stop: int

    @property
    def size(self) -> int:
        return self.stop - self.start


def chunk_size(total_games: int, workers: int, per_worker: int = 16, cap: int = 2000) -> int:
    """Chunks large enough that start-up and transfer stay small, small enough that the
    progress bar moves and the workers finish together (about `per_worker` chunks each)."""
    return max(1, min(cap, math.ceil(total_games / max(1, workers * per_worker))))


def plan_chunks(jobs: Sequence[SimJob], size: int) -> list[Chunk]:
    """Every job cut into chunks of at most `size` games, jobs interleaved so that the first
    results of every table arrive early."""
    per_job = [
        [Chunk(j, start, min(start + size, job.games)) for start in range(0, job.games, size)]
        for j, job in enumerate(jobs)
    ]
    out: list[Chunk] = []
    for round_ in range(max((len(chunks) for chunks in per_job), default=0)):
        out.extend(chunks[round_] for chunks in per_job if round_ < len(chunks))
    return out
