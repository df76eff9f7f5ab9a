"""boardcore._support.pools: the process pool behind simulate and tournament --workers."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from boardcore._support.pools import process_pool


def _gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (exited, or a zombie waiting to be reaped).
    Asked of the system: the executor's own thread may reap a worker first, and then
    ``Process.is_alive`` cannot tell."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().rsplit(")", 1)[1].split()[0] == "Z"


@pytest.mark.skipif(not Path("/proc").exists(), reason="reads /proc")
def test_an_abandoned_run_ends_its_workers_instead_of_waiting_for_them():
    # Ctrl-C during `simulate --workers 2` used to wait for every slice already
    # handed out (minutes with search bots) before the command could stop.
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        with process_pool(2) as pool:
            futures = [pool.submit(time.sleep, 60) for _ in range(4)]
            while not any(f.running() for f in futures):
                time.sleep(0.01)
            pids = [p.pid for p in pool._processes.values()]
            raise KeyboardInterrupt
    assert pids and all(_gone(pid) for pid in pids)
    assert time.monotonic() - started < 30  # not the 60 s the slices would take


def test_a_run_that_ends_normally_gets_every_result():
    with process_pool(2) as pool:
        assert list(pool.map(abs, [-1, -2, 3])) == [1, 2, 3]
