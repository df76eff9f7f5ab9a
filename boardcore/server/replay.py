"""Stepping through a match: the table as it was after any number of answers.

A step's state is rebuilt from the match's history, from the start or from the
nearest checkpoint kept before it (a clone every :data:`CHECKPOINT_EVERY`
answers: clones share everything, so they cost little). A match's history only
grows, so a checkpoint stays true for the rest of the match. The work runs in a
worker thread; each request replays at most ``CHECKPOINT_EVERY`` answers once
the checkpoints before it exist.

Who may see what: while a match is played its replay is the spectator's (public
information only, for anybody); once it is over, any seat's point of view may be
chosen, its hidden cards included. Boardgame.io's log view taught the idea of
stepping a finished game; here the server rebuilds each step, so nothing hidden
ever reaches a browser that may not see it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from .. import State
from .._support.seating import Seating
from ..display import game_title
from . import page
from .payload import seat_payload

CHECKPOINT_EVERY = 16
"""Answers between two kept states of a replayed match."""

MATCHES_KEPT = 16
"""Matches whose checkpoints are kept (the least recently replayed are dropped)."""


class Replays:
    """The checkpoints of the matches being replayed, shared by all requests."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._kept: OrderedDict[str, list[State]] = OrderedDict()

    def state_at(self, match_id: str, state: State, step: int) -> State:
        """The match ``state`` (its live state, or any later one) after ``step`` answers."""
        history = state.history
        with self._lock:
            kept = self._kept.pop(match_id, None)
            if kept is None:
                kept = [state.game.replay(seed=state.seed, players=state.players, history=(), **state.setup_options)]
            self._kept[match_id] = kept
            while len(self._kept) > MATCHES_KEPT:
                self._kept.popitem(last=False)
            index = min(step // CHECKPOINT_EVERY, len(kept) - 1)
            start = kept[index]
        at = start.clone()
        done = index * CHECKPOINT_EVERY
        for player, action in history[done:step]:
            at.apply(player, action)
            done += 1
            if done % CHECKPOINT_EVERY == 0:
                with self._lock:
                    if len(kept) == done // CHECKPOINT_EVERY:
                        kept.append(at.clone())
        return at


def step_payload(
    match_id: str,
    live: State,
    replays: Replays,
    step: int,
    seat: int | None,
    names: list[str],
) -> dict[str, Any]:
    """What a replay shows at ``step``: the table as ``seat`` (None: a spectator) saw
    it after that many answers, with the events of that step in sentences."""
    steps = len(live.history)
    after = replays.state_at(match_id, live, step)
    before_count = len(replays.state_at(match_id, live, step - 1).events) if step else 0
    # the seat's events since the step before, in sentences, are the payload's recent ones
    payload = seat_payload(match_id, after, seat, step, names, seen=before_count)
    seating = Seating.of(names, live.players, payload["view"].get("game_view"))
    payload["decision"] = None  # a replay answers nothing
    whose = "the spectator's view" if seat is None else f"{seating.who(seat)}'s view"
    asked = payload["view"].get("decision")
    payload["replay"] = {
        "heading": f"Replay of {game_title(live.game.name)}, step {step} of {steps}, {whose}.",
        "asked": None if not asked else seating.tell(asked["prompt"]),
    }
    return {
        "match": match_id,
        "step": step,
        "steps": steps,
        "seat": seat,
        "over": live.is_over,
        "lines": payload["recent"],
        "html": page.table_html(payload),
    }
