"""boardcore._pools: the process pool behind simulate and tournament --workers."""

from __future__ import annotations

import time

import pytest

from boardcore._pools import process_pool


def test_an_abandoned_run_ends_its_workers_instead_of_waiting_for_them():
    # Ctrl-C during `simulate --workers 2` used to wait for every slice already
    # handed out (minutes with search bots) before the command could stop.
    with pytest.raises(KeyboardInterrupt):
        with process_pool(2) as pool:
            futures = [pool.submit(time.sleep, 60) for _ in range(4)]
            while not any(f.running() for f in futures):
                time.sleep(0.01)
            workers = list(pool._processes.values())
            raise KeyboardInterrupt
    assert workers and all(not w.is_alive() for w in workers)
    assert any(w.exitcode is not None and w.exitcode < 0 for w in workers)  # ended by a signal, not done


def test_a_run_that_ends_normally_gets_every_result():
    with process_pool(2) as pool:
        assert list(pool.map(abs, [-1, -2, 3])) == [1, 2, 3]
