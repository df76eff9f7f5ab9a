"""A process pool that stops at once when its run is abandoned."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager


@contextmanager
def process_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """A ``ProcessPoolExecutor`` of ``workers`` processes, shut down as usual when the
    block ends normally. When it ends by an exception (Ctrl-C, a failing game, a
    reader that stops early), the work not started is dropped and the worker
    processes are ended, rather than waiting, minutes with search bots, for slices
    whose results nobody will read."""
    pool = ProcessPoolExecutor(max_workers=workers)
    try:
        yield pool
    except BaseException:
        # ``_processes`` is the executor's own table of workers: the only way to end
        # the ones already playing (``shutdown`` lets them finish their slice).
        running = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in running:
            process.terminate()
        for process in running:
            process.join(timeout=1)
            if process.is_alive():  # its SIGTERM was caught (a handler inherited by the fork)
                process.kill()
                process.join()
        raise
    pool.shutdown(wait=True)
