"""Playing a simulation on a Ray cluster: ``simulate --backend ray`` (the ``ray`` extra).

The run is cut into the same kind of slices the local process pool plays (a few
per CPU, at most 200 games each), and each slice becomes one Ray task. Game ``i``
is seeded from the run's seed and ``i`` alone, and the slices are handed back in
game order, so the figures and the records are exactly those of the local
backend; only where and how fast the games are played changes.

A slice whose worker dies (a crashed process, a lost node) is run again by Ray, up
to :data:`RETRIES` more times; since a slice is a pure function of its arguments,
the second run gives what the first would have. An error raised by the game itself
is not retried: it would happen again.

Without an address, a local Ray instance is started with ``workers`` CPUs and shut
down when the run ends; with one (``ray://host:10001`` or ``auto``), the run joins
that cluster, whose machines must have boardcore and the game installed. A program
that has called ``ray.init`` itself keeps its instance: the run uses it as it is.

For tests, the environment variable ``BOARDCORE_RAY_KILL_SHARD_ONCE=K:FILE`` makes
the first attempt of slice ``K`` end its worker process abruptly (``os._exit``);
``FILE`` must not exist yet, and records that the attempt was made.
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from .. import BoardcoreError, InvalidData

RETRIES = 3
"""How many more times Ray runs a slice whose worker died."""

KILL_ENV = "BOARDCORE_RAY_KILL_SHARD_ONCE"


def require_ray() -> Any:
    """The ``ray`` module, or :class:`~boardcore.InvalidData` saying how to install it."""
    try:
        import ray
    except ImportError:
        raise InvalidData('needs Ray: pip install "boardcore[ray]"', where="backend ray") from None
    return ray


def play_on_ray(
    play: Callable[[tuple[Any, ...]], list[Any]],
    games: int,
    workers: int,
    shard: tuple[Any, ...],
    *,
    address: str | None,
    slicer: Callable[[int, int, tuple[Any, ...]], list[tuple[Any, ...]]],
) -> Iterator[list[Any]]:
    """Play the run's slices as Ray tasks and yield each slice's result in game order.

    ``play`` plays one slice (``slicer(games, cpus, shard)`` makes them); it must be
    importable by the workers. Slices that finish early wait in memory until the
    ones before them are done, so a caller writing records writes them in order.
    """
    ray = require_ray()
    started_here = not ray.is_initialized()
    pending: set[Any] = set()
    with ray_session(address, workers):
        try:
            cpus = workers if started_here and address is None else max(1, int(ray.cluster_resources().get("CPU", 1)))
            slices = slicer(games, cpus, shard)
            task = ray.remote(max_retries=RETRIES, retry_exceptions=False)(_run_slice)
            kill = _kill_hook()
            refs = {task.remote(play, args, number, kill): number for number, args in enumerate(slices)}
            pending.update(refs)
            yield from _in_order(ray, refs, slices, pending)
        finally:
            # Somebody else's cluster (one started here is shut down): leave it, but stop
            # what this run abandoned (an error, or a caller that stopped reading). Only
            # tasks not yet collected are cancelled: cancelling a finished task races with
            # its reply inside Ray's core worker and can abort the whole process ("Tried to
            # complete task that was not pending", ray-project/ray#54527).
            if not started_here:
                for ref in pending:
                    ray.cancel(ref, force=True)


def _start(ray: Any, address: str | None, workers: int) -> None:
    try:
        ray.init(
            address=address,
            num_cpus=None if address else workers,
            include_dashboard=False,
            log_to_driver=False,  # the workers print nothing worth showing; errors come back with the results
            logging_level=logging.ERROR,
        )
    except (ConnectionError, RuntimeError, ValueError) as exc:
        where = f"address {address}" if address else "backend ray"
        raise InvalidData(f"cannot start or join a Ray cluster: {exc}", where=where) from exc


def _in_order(ray: Any, refs: dict[Any, int], slices: Sequence[tuple[Any, ...]], pending: set[Any]) -> Iterator[list[Any]]:
    """Yield the slices' results in slice order; ``pending`` loses each ref as it is collected."""
    done: dict[int, list[Any]] = {}
    waiting = list(refs)
    following = 0
    while waiting:
        ready, waiting = ray.wait(waiting, num_returns=1)
        for ref in ready:
            pending.discard(ref)
            number = refs[ref]
            try:
                done[number] = ray.get(ref)
            except (ray.exceptions.WorkerCrashedError, ray.exceptions.NodeDiedError, ray.exceptions.ObjectLostError) as exc:
                first, stop = slices[number][2], slices[number][3]
                raise BoardcoreError(
                    f"games {first}-{stop - 1} were lost {RETRIES + 1} times (a worker or a node died): {type(exc).__name__}"
                ) from exc
        while following in done:
            yield done.pop(following)
            following += 1


def _kill_hook() -> tuple[int, str] | None:
    text = os.environ.get(KILL_ENV)
    if not text:
        return None
    number, sep, path = text.partition(":")
    if not sep or not number.isdigit() or not path:
        raise InvalidData(f"expected SLICE:FILE, not {text!r}", where=KILL_ENV)
    return int(number), path


def _run_slice(play: Callable[[tuple[Any, ...]], list[Any]], args: tuple[Any, ...], number: int, kill: tuple[int, str] | None) -> list[Any]:
    """One Ray task: play one slice (after the test hook, if it is set for this slice)."""
    if kill is not None and kill[0] == number:
        try:
            # O_EXCL: only the first attempt creates the file, so only it dies
            os.close(os.open(kill[1], os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            pass
        else:
            os._exit(1)
    return play(args)


@contextlib.contextmanager
def ray_session(address: str | None, workers: int) -> Iterator[None]:
    """Keep one Ray instance up for several runs (a report plays one run per
    configuration): started here unless one is up already, and then shut down."""
    ray = require_ray()
    if ray.is_initialized():
        yield
        return
    _start(ray, address, workers)
    try:
        yield
    finally:
        ray.shutdown()
