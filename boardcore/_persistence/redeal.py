"""Re-deals for search (``State.determinize``): the hidden cards dealt anew, and the
open decisions asked again, checked to be only asked."""

from __future__ import annotations

from collections.abc import Sequence

from .._rules.match import FIELDS, Match, _get_all
from .._rules.steps import Answer, Step
from .._values import rng
from .._values.errors import RuleError


_ASKING_MAY_CHANGE = frozenset({"asks", "agenda", "log"})
"""What asking a decision again may change: the open asks, and the agenda only by
queueing the engine's answer to a decision that has a single public option."""


def ask_again(m: Match, step: Step) -> None:
    """Run ``step`` again so that it asks its decision anew, checking that it only asks.

    Building a decision (its options, its prompt) must not change the match: a
    re-deal asks again every decision built from cards it dealt anew, and a change
    made on the way would then happen twice. A step that changes the match and
    asks in the same ``run`` must be split in two: the change, then a step that asks.
    A step that, with the cards dealt anew, asks nothing goes on as the flow would."""
    before = _get_all(m)
    log_size = len(m.log)
    asks, answers = m.asks, sum(isinstance(s, Answer) for s in m.agenda)
    step.run(m)
    if m.asks is asks and sum(isinstance(s, Answer) for s in m.agenda) == answers:
        # Dealt anew, the step has nothing to ask (a window nobody can answer
        # closes): the flow goes on from here, as it would have with these cards.
        return
    after = _get_all(m)
    changed = [
        name
        for name, old, new in zip(FIELDS, before, after)
        if old is not new and name not in _ASKING_MAY_CHANGE and old != new
    ]
    if len(m.log) != log_size:
        added = len(m.log) - log_size
        changed.append(f"log (+{added} event{'' if added == 1 else 's'})")
    queued = [s for s in m.agenda if not isinstance(s, Answer)]
    if queued != [s for s in before[FIELDS.index("agenda")] if not isinstance(s, Answer)]:
        changed.append("agenda")
    if changed:
        raise RuleError(
            f"{type(step).__name__}.run changed the match ({', '.join(changed)}) while asking its decision again "
            "for a re-deal (State.determinize): building a decision must only read the match. Make the change "
            "in a step of its own before the step that asks (docs: writing-a-game.md, 'What a step may do')"
        )


def redeal_by_owner(m: Match, player: int) -> list[list[str]]:
    """A ``GameSpec.redeal`` for games where every seat has a deck of its own: the
    cards hidden from ``player`` are re-dealt only among zones of the same owner."""
    groups: dict[int | None, list[str]] = {}
    for zone, spec in m.specs.items():
        if not spec.visible_to(player):
            groups.setdefault(spec.owner, []).append(zone)
    return list(groups.values())


def deal_again(m: Match, groups: Sequence[Sequence[str]], seed: int) -> None:
    """Shuffle the cards of each group of zones among that group's zones, keeping
    every zone's size (the generator here is local: the match's is untouched). The
    match is no longer what its history gives (``Match.replayable``)."""
    m.replayable = False
    state = rng.seed_state(seed)
    zones = dict(m.zones)
    for group in groups:
        # Sorted first: the deal must not depend on how the hidden cards lay, or two
        # matches that look the same to a player would be dealt apart by one seed.
        pool = tuple(sorted(c for z in group for c in zones[z]))
        dealt, state = rng.shuffled(state, pool)
        at = 0
        for z in group:
            size = len(zones[z])
            zones[z] = dealt[at : at + size]
            at += size
    m.zones = zones
