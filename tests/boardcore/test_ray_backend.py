"""The Ray backend of ``simulate`` on a local Ray instance: the same results as the local
pool for the same seed, and a run that survives a worker dying. Needs the ``ray`` extra.

Each Ray run happens in a child process: Ray starts services and threads of its own
and may end the process it runs in when they fail (a slow machine can make its
start time out), which must fail a test, not stop the whole test session.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from boardcore.simulate import simulate

pytest.importorskip("ray", reason='the Ray backend needs Ray (pip install "boardcore[ray]")')

pytestmark = pytest.mark.slow

# Real games, not the test toys: Ray's workers are fresh interpreters that see only installed games.
GAME = "gallic-wars"
IGNORED = ("seconds", "actions_per_second", "workers")

ON_RAY = """
import json, sys
import ray
from boardcore.simulate import simulate
name, games, players, path = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
steps = []
report = simulate(name, seed=11, games=games, players=players, workers=2, records=path, backend="ray", progress=steps.append)
ray.shutdown()
print(json.dumps({"figures": report.to_dict(), "steps": steps}))
"""


def on_ray(name, games, players, tmp_path, env=None):
    """The figures, progress steps and records of a run on a fresh local Ray instance."""
    path = tmp_path / f"ray-{name}.jsonl"
    done = subprocess.run(
        [sys.executable, "-c", ON_RAY, name, str(games), str(players), str(path)],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, **(env or {})},
    )
    assert done.returncode == 0, f"the Ray run failed ({done.returncode}):\n{done.stderr[-3000:]}"
    out = json.loads(done.stdout.strip().splitlines()[-1])
    figures = {k: v for k, v in out["figures"].items() if k not in IGNORED}
    return figures, out["steps"], path.read_bytes()


def locally(name, games, players, tmp_path):
    path = tmp_path / f"local-{name}.jsonl"
    report = simulate(name, seed=11, games=games, players=players, workers=2, records=path)
    figures = {k: v for k, v in report.to_dict().items() if k not in IGNORED}
    return figures, path.read_bytes()


@pytest.mark.parametrize("name, games, players", [(GAME, 40, 2), ("invasions-of-the-horse-people", 16, 3)])
def test_ray_gives_exactly_the_local_pool_s_results(tmp_path, name, games, players):
    ray_figures, steps, ray_records = on_ray(name, games, players, tmp_path)
    local_figures, local_records = locally(name, games, players, tmp_path)
    assert ray_figures == local_figures
    assert (ray_figures["wins"], ray_figures["draws"], ray_figures["mean_actions"]) == (
        local_figures["wins"],
        local_figures["draws"],
        local_figures["mean_actions"],
    )
    assert ray_records == local_records  # every match, in game order
    assert sum(steps) == games and len(steps) > 1  # progress came shard by shard


def test_a_shard_whose_worker_dies_is_played_again(tmp_path):
    marker = tmp_path / "killed"
    ray_figures, _, ray_records = on_ray(GAME, 40, 2, tmp_path, env={"BOARDCORE_RAY_KILL_SHARD_ONCE": f"1:{marker}"})
    assert marker.exists()  # the first attempt of shard 1 ran, and ended its worker
    local_figures, local_records = locally(GAME, 40, 2, tmp_path)
    assert ray_figures == local_figures
    assert ray_records == local_records
