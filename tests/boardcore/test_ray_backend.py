"""The Ray backend of ``simulate`` on a local Ray instance: the same results as the local
pool for the same seed, and a run that survives a worker dying. Needs the ``ray`` extra."""

from __future__ import annotations

import pytest

from boardcore.simulate import simulate

ray = pytest.importorskip("ray", reason='the Ray backend needs Ray (pip install "boardcore[ray]")')

pytestmark = pytest.mark.slow

# Real games, not the test toys: Ray's workers are fresh interpreters that see only installed games.
GAME = "gallic-wars"


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def figures(report):
    data = report.to_dict()
    return {k: v for k, v in data.items() if k not in ("seconds", "actions_per_second", "workers")}


def played(name, backend, tmp_path, **kwargs):
    path = tmp_path / f"{backend}-{name}.jsonl"
    report = simulate(name, seed=11, records=path, backend=backend, **kwargs)
    return figures(report), path.read_bytes()


@pytest.mark.parametrize("name, games, players", [(GAME, 40, 2), ("invasions-of-the-horse-people", 16, 3)])
def test_ray_gives_exactly_the_local_pool_s_results(local_ray, tmp_path, name, games, players):
    steps = []
    on_ray, ray_records = played(name, "ray", tmp_path, games=games, players=players, workers=2, progress=steps.append)
    # the local figures from one process: forking a pool in a process that runs Ray threads can hang
    local, local_records = played(name, "local", tmp_path, games=games, players=players)
    assert on_ray == local
    assert (on_ray["wins"], on_ray["draws"], on_ray["mean_actions"]) == (local["wins"], local["draws"], local["mean_actions"])
    assert ray_records == local_records  # every match, in game order
    assert sum(steps) == games and len(steps) > 1  # progress came shard by shard


def test_a_shard_whose_worker_dies_is_played_again(local_ray, tmp_path, monkeypatch):
    marker = tmp_path / "killed"
    monkeypatch.setenv("BOARDCORE_RAY_KILL_SHARD_ONCE", f"1:{marker}")
    on_ray, ray_records = played(GAME, "ray", tmp_path, games=40, workers=2)
    assert marker.exists()  # the first attempt of shard 1 ran, and ended its worker
    monkeypatch.delenv("BOARDCORE_RAY_KILL_SHARD_ONCE")
    local, local_records = played(GAME, "local", tmp_path, games=40)
    assert on_ray == local
    assert ray_records == local_records
