"""Load test of ``boardcore serve`` on loopback: N concurrent matches of random clients.

Starts the server as a process of its own on a free port and a temporary SQLite
file, then keeps ``--matches`` matches going for ``--seconds``: every seat is a
client that listens on the match's WebSocket and, when an update shows it a
decision, posts a random option with the version it saw. A match that ends is
replaced by a new one. At the end the figures are printed, and every match is
checked: the server's version, and the stored row after the server stops, must
equal the number of answers the clients had acknowledged.

    python benchmarks/bench_server.py                      # 8 Gallic Wars matches for 5 s
    python benchmarks/bench_server.py --matches 16 --seconds 10 --game invasions-of-the-horse-people --players 3

Needs the server extra (``pip install ".[server]"``) and httpx.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import websockets


@dataclass
class Figures:
    latencies: list[float] = field(default_factory=list)
    pushes: int = 0
    accepted: dict[str, int] = field(default_factory=dict)
    conflicts: int = 0
    errors: list[str] = field(default_factory=list)
    finished: int = 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=8, help="concurrent matches (default 8)")
    parser.add_argument("--seconds", type=float, default=5.0, help="how long the clients play (default 5)")
    parser.add_argument("--game", default="gallic-wars", help="the game played (default gallic-wars)")
    parser.add_argument("--players", type=int, default=2, help="seats per match, all played by clients (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the clients' choices and the matches")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "load.sqlite3"
        port = _free_port()
        server = _start(db, port)
        try:
            figures, seconds = asyncio.run(_load(f"127.0.0.1:{port}", args))
            versions = _server_versions(f"http://127.0.0.1:{port}", figures)
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(30)
        stored = _stored_moves(db)
    return _report(args, figures, seconds, versions, stored)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _start(db: Path, port: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "boardcore", "serve", "--port", str(port), "--db", str(db), "--bot-delay", "0"]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return server
        except httpx.TransportError:
            time.sleep(0.05)
    server.kill()
    raise SystemExit("the server did not start")


async def _load(address: str, args: argparse.Namespace) -> tuple[Figures, float]:
    figures = Figures()
    started = time.perf_counter()
    stop_at = started + args.seconds
    limits = httpx.Limits(max_connections=4 * args.matches * args.players)
    async with httpx.AsyncClient(base_url=f"http://{address}", timeout=30, limits=limits) as http:
        slots = [_slot(http, address, args, figures, stop_at, i) for i in range(args.matches)]
        await asyncio.gather(*slots)
    return figures, time.perf_counter() - started


async def _slot(http: httpx.AsyncClient, address: str, args: argparse.Namespace, figures: Figures, stop_at: float, slot: int) -> None:
    """One match after another, until the time is up."""
    number = 0
    while time.perf_counter() < stop_at:
        seed = args.seed * 100_000 + slot * 1000 + number
        number += 1
        created = await http.post("/api/matches", json={"game": args.game, "players": args.players, "seed": seed})
        if created.status_code != 201:
            figures.errors.append(f"create: {created.status_code} {created.text}")
            return
        match = created.json()["id"]
        figures.accepted[match] = 0
        tokens = []
        for seat in range(args.players):
            joined = await http.post(f"/api/matches/{match}/join", json={"seat": seat})
            tokens.append(joined.json()["token"])
        rng = random.Random(seed)
        over = await asyncio.gather(
            *(_seat(http, address, match, seat, token, rng, figures, stop_at) for seat, token in enumerate(tokens))
        )
        figures.finished += all(over)


async def _seat(
    http: httpx.AsyncClient, address: str, match: str, seat: int, token: str, rng: random.Random, figures: Figures, stop_at: float
) -> bool:
    """Answer this seat's decisions as updates arrive; True if the match ended in time."""
    async with websockets.connect(f"ws://{address}/api/matches/{match}/ws", max_size=None, compression=None) as socket_:
        await socket_.send(json.dumps({"token": token}))
        answered = -1  # the version our last accepted answer made: older updates are out of date
        while True:
            left = stop_at - time.perf_counter()
            if left <= 0:
                return False
            try:
                update = json.loads(await asyncio.wait_for(socket_.recv(), left))
            except asyncio.TimeoutError:
                return False
            figures.pushes += 1
            if update.get("type") != "update":
                figures.errors.append(f"push: {update}")
                return False
            if update["over"]:
                return True
            decision = update["decision"]
            if decision is None or update["version"] < answered:
                continue
            option = rng.randrange(len(decision["options"]))
            sent = time.perf_counter()
            response = await http.post(
                f"/api/matches/{match}/answer",
                headers={"Authorization": f"Bearer {token}"},
                json={"option": option, "version": update["version"]},
            )
            figures.latencies.append(time.perf_counter() - sent)
            if response.status_code == 200:
                figures.accepted[match] += 1
                answered = response.json()["version"]
            elif response.status_code == 409:
                figures.conflicts += 1  # chosen from an update already out of date: the next one is newer
            else:
                figures.errors.append(f"answer: {response.status_code} {response.text}")
                return False


def _server_versions(base: str, figures: Figures) -> dict[str, int]:
    with httpx.Client(base_url=base, timeout=30) as http:
        return {match: http.get(f"/api/matches/{match}").json()["version"] for match in figures.accepted}


def _stored_moves(db: Path) -> dict[str, int]:
    with sqlite3.connect(db) as raw:
        return dict(raw.execute("SELECT id, moves FROM matches").fetchall())


def _report(args: argparse.Namespace, figures: Figures, seconds: float, versions: dict[str, int], stored: dict[str, int]) -> int:
    accepted = sum(figures.accepted.values())
    lost = [m for m, n in figures.accepted.items() if versions.get(m) != n or stored.get(m) != n]
    latencies = sorted(figures.latencies) or [0.0]
    p95 = latencies[min(len(latencies) - 1, int(0.95 * len(latencies)))]
    rows = [
        ("game, seats", f"{args.game}, {args.players}"),
        ("concurrent matches", str(args.matches)),
        ("seconds", f"{seconds:.1f}"),
        ("matches played (finished)", f"{len(figures.accepted)} ({figures.finished})"),
        ("answers accepted", str(accepted)),
        ("answers/s", f"{accepted / seconds:.0f}"),
        ("answer latency p50 (ms)", f"{1000 * statistics.median(latencies):.1f}"),
        ("answer latency p95 (ms)", f"{1000 * p95:.1f}"),
        ("answer latency max (ms)", f"{1000 * latencies[-1]:.1f}"),
        ("updates pushed", str(figures.pushes)),
        ("409 (chosen from an out-of-date update)", str(figures.conflicts)),
        ("errors", str(len(figures.errors))),
        ("matches with a lost answer", str(len(lost))),
    ]
    print("| figure | value |\n| --- | --- |")
    for name, value in rows:
        print(f"| {name} | {value} |")
    for error in figures.errors[:5]:
        print("error:", error, file=sys.stderr)
    return 1 if figures.errors or lost else 0


if __name__ == "__main__":
    sys.exit(main())
