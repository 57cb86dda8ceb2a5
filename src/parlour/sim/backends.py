"""Where chunks are played: this process, a local process pool, or a Ray cluster.

Every backend yields the same `ChunkResult`s (in completion order; the caller sorts them by
game index), because a chunk's games depend only on the job, never on where they run.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import socket
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, Protocol

from parlour.core.errors import ParlourError
from parlour.sim.schedule import Chunk, SimJob
from parlour.sim.worker import ChunkResult, play_chunk


def available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class Backend(Protocol):
    workers: int

    def execute(self, jobs: Sequence[SimJob], chunks: Sequence[Chunk]) -> Iterator[ChunkResult]:
        """Play every chunk; stopping the iteration early cancels what is left."""
        ...


def _leave_interrupts_to_the_parent() -> None:
    """Ctrl-C reaches every process of the terminal's group; the workers ignore it so that the
    parent alone stops the run (cancelling the chunks not started) without a traceback from
    each worker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@dataclass
class LocalBackend:
    """This process when `workers` is 1, otherwise a pool of `workers` processes."""

    workers: int

    def execute(self, jobs: Sequence[SimJob], chunks: Sequence[Chunk]) -> Iterator[ChunkResult]:
        if self.workers <= 1 or len(chunks) <= 1:
            for chunk in chunks:
                yield play_chunk(jobs[chunk.job], chunk)
            return
        # fork starts a worker in milliseconds with the games already imported; elsewhere the
        # platform's default is used. The caller must not run threads of its own meanwhile
        # (the command line's progress bar redraws without one).
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        pool = ProcessPoolExecutor(
            max_workers=min(self.workers, len(chunks)),
            mp_context=context,
            initializer=_leave_interrupts_to_the_parent,
        )
        try:
            pending: set[Future[ChunkResult]] = {
                pool.submit(play_chunk, jobs[chunk.job], chunk) for chunk in chunks
            }
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
        except BrokenProcessPool:
            raise ParlourError(
                "a worker process died (killed, or out of memory?); try fewer --workers"
            ) from None
        finally:
            pool.shutdown(wait=True, cancel_futures=True)


@dataclass
class RayBackend:
    """A Ray cluster: `auto` joins the one this machine belongs to (RAY_ADDRESS or a
    `ray start` head) or starts a local one; any other value is a cluster address
    (`head:6379`, or `ray://head:10001` through the Ray client)."""

    address: str
    workers: int = 0  # filled with the cluster's CPU count once connected

    def _connect(self) -> tuple[Any, bool]:
        try:
            import ray
        except ImportError:
            raise ParlourError("the Ray backend needs Ray: pip install 'parlour[ray]'") from None
        started = False
        if not ray.is_initialized():
            address = None if self.address == "auto" else self.address
            if address is not None:
                check_reachable(address)
            try:
                ray.init(address=address, include_dashboard=False, log_to_driver=False)
            except (ConnectionError, RuntimeError, ValueError) as err:
                raise ParlourError(
                    f"cannot reach the Ray cluster {self.address!r}: {err}"
                ) from None
            started = True
        self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        return ray, started

    def execute(self, jobs: Sequence[SimJob], chunks: Sequence[Chunk]) -> Iterator[ChunkResult]:
        ray, started = self._connect()
        try:
            remote_play = ray.remote(num_cpus=1)(play_chunk)
            job_refs = [ray.put(job) for job in jobs]
            pending = [remote_play.remote(job_refs[chunk.job], chunk) for chunk in chunks]
            try:
                while pending:
                    done, pending = ray.wait(pending, num_returns=1)
                    try:
                        result = ray.get(done[0])
                    except ray.exceptions.RayError as err:
                        # e.g. a node without Parlour installed cannot import the games
                        first = str(err).strip().splitlines()[-1] if str(err).strip() else ""
                        raise ParlourError(
                            f"the Ray cluster could not play a chunk: {type(err).__name__}: {first}"
                        ) from None
                    yield result
            finally:
                for ref in pending:
                    ray.cancel(ref)
        finally:
            if started:
                ray.shutdown()


def check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail in seconds with one line when nothing listens at a cluster address; Ray itself
    would retry for minutes before giving up."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        raise ParlourError(f"a Ray address is auto, HOST:PORT or ray://HOST:PORT, not {address!r}")
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as err:
        raise ParlourError(
            f"cannot reach the Ray cluster at {address}: {err.strerror or err}"
        ) from None


def check_backend(workers: int | None, ray_address: str | None) -> None:
    """Refuse a bad --workers / --ray pair (the command line checks it before any output)."""
    if ray_address is not None and workers is not None:
        raise ParlourError("choose --workers (local processes) or --ray (a cluster), not both")
    # 0 is refused too: leaving --workers out is how to ask for every core.
    if workers is not None and workers < 1:
        raise ParlourError(f"--workers must be a positive number, not {workers}")


def make_backend(workers: int | None, ray_address: str | None) -> Backend:
    check_backend(workers, ray_address)
    if ray_address is not None:
        return RayBackend(ray_address)
    if workers is None:
        return LocalBackend(available_cores())
    return LocalBackend(workers)
