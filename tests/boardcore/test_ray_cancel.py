"""Which Ray tasks a run cancels, on a stand-in for the ``ray`` module (fast; no Ray needed).

A run on a cluster somebody else started must stop the tasks it abandons, and must
never cancel a task whose result it has already collected: Ray's core worker can
abort the whole process when a cancel races with the reply of a finished task
("Tried to complete task that was not pending"), which is how a fresh-clone CI run
once failed.
"""

from __future__ import annotations

import sys
import types

import pytest

from boardcore.simulate import simulate

GAME = "gallic-wars"


class _Ref:
    def __init__(self, value):
        self.value = value


class FakeRay(types.ModuleType):
    """Just enough of Ray's API for ``simulate(backend="ray")``: tasks run at once, in this process."""

    def __init__(self):
        super().__init__("ray")
        self.cancelled: list[_Ref] = []
        self.submitted: list[_Ref] = []
        self.initialized = True  # somebody else's cluster: the run must leave it up
        self.exceptions = types.SimpleNamespace(WorkerCrashedError=OSError, NodeDiedError=OSError, ObjectLostError=OSError)

    def is_initialized(self):
        return self.initialized

    def cluster_resources(self):
        return {"CPU": 2}

    def remote(self, **_options):
        def wrap(function):
            ray = self

            class Task:
                @staticmethod
                def remote(*args):
                    ref = _Ref(function(*args))
                    ray.submitted.append(ref)
                    return ref

            return Task

        return wrap

    def wait(self, refs, num_returns=1):
        return refs[:num_returns], refs[num_returns:]

    def get(self, ref):
        return ref.value

    def cancel(self, ref, force=False):
        self.cancelled.append(ref)

    def shutdown(self):
        self.initialized = False


@pytest.fixture
def fake_ray(monkeypatch):
    ray = FakeRay()
    monkeypatch.setitem(sys.modules, "ray", ray)
    return ray


def test_a_finished_run_cancels_nothing(fake_ray):
    report = simulate(GAME, seed=3, games=12, players=2, workers=2, backend="ray")
    assert report.games == 12
    assert len(fake_ray.submitted) > 1
    assert fake_ray.cancelled == []
    assert fake_ray.initialized  # the cluster was not the run's own: it is left running


def test_a_run_that_fails_cancels_only_what_it_had_not_collected(fake_ray):
    seen = []

    def stop_after_first_slice(done):
        seen.append(done)
        raise KeyboardInterrupt  # the person pressed Ctrl-C after the first slice came back

    with pytest.raises(KeyboardInterrupt):
        simulate(GAME, seed=3, games=40, players=2, workers=2, backend="ray", progress=stop_after_first_slice)
    collected = fake_ray.submitted[: len(seen)]
    assert fake_ray.cancelled, "the slices still out must be stopped"
    assert not set(map(id, fake_ray.cancelled)) & set(map(id, collected))
    assert {id(r) for r in fake_ray.cancelled} == {id(r) for r in fake_ray.submitted[len(seen) :]}
