"""Balance reports: is a game fair, as far as simulated matches can tell?

A report is computed from per-match records (:class:`MatchRecord`, one JSON line
each, as ``boardcore simulate --records FILE`` writes them), never from the
matches themselves, so a report can be made again from saved records without
playing anything, and a notebook reads the very data the report read::

    from boardcore.report import balance, play_records, read_records

    records = play_records("my-game", games=400, bots=["random"])   # or read_records("runs.jsonl")
    report = balance(records)
    report.write("my-game-report")        # report.html, report.json and the PNG figures
    report.to_dict()["configurations"][0]["seats"]

Records of several configurations (plugins, player counts, bots, options) can be
mixed: each configuration gets its own figures, side by side. The figures need the
``report`` extra (matplotlib); the statistics do not.
"""

from __future__ import annotations

from .._support.records import MatchRecord, iter_records, read_records, write_records
from ._build import MIN_SAMPLE, BalanceReport, balance, play_records
from ._cli import add_report_command, add_simulate_options, run_report, simulate_options
from ._stats import Config, Rate, Summary, wilson

__all__ = [
    "MIN_SAMPLE",
    "BalanceReport",
    "Config",
    "MatchRecord",
    "Rate",
    "Summary",
    "add_report_command",
    "add_simulate_options",
    "balance",
    "iter_records",
    "play_records",
    "read_records",
    "run_report",
    "simulate_options",
    "wilson",
    "write_records",
]
