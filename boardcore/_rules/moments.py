"""Performing a moment: modifications, then a replacement or the moment itself, then reactions.

``Match.perform(moment)`` runs :func:`perform` in the middle of a step;
:class:`Perform`, a step, does the same where an optional replacement may have
to ask its seat first (moments whose class sets ``asks = True``). The order in
which effects are tried is documented in :mod:`boardcore._rules.effects`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import attrs

from .._values.actions import Action, pick
from .._values.errors import RuleError
from .._values.events import Event, Moment, MomentCancelled, MomentReplaced
from .effects import CANCEL
from .steps import Step
from .windows import Window

if TYPE_CHECKING:
    from .._values.cards import Card
    from .match import Match


class Changer(NamedTuple):
    """One modification or replacement of a moment class, as a loaded game holds it."""

    card: Card | None
    """The card whose effect it is, or None for a plugin's rule."""
    source: str
    """What the log names: the card's id, or the rule's name."""
    method: Any
    """The bound method, called as ``method(m, card, moment)``."""
    when: Any = None
    may: Any = None
    seats: Any = None


def in_play_order(m: Match, changers: Sequence[Changer]) -> list[Changer]:
    """``changers`` with rules first (as given), then cards oldest in play first:
    zone by zone in the order the zones were made, bottom first within a zone."""
    if len(changers) < 2 or all(c.card is None for c in changers):
        return list(changers)
    wanted = {c.card.id for c in changers if c.card is not None}
    where: dict[str, tuple[int, int]] = {}
    for z, cards in enumerate(m.zones.values()):
        if not wanted.isdisjoint(cards):
            for i, card in enumerate(cards):
                if card in wanted:
                    where[card] = (z, i)
    last = (len(m.zones), 0)
    return sorted(changers, key=lambda c: (-1, 0) if c.card is None else where.get(c.card.id, last))


def modified(m: Match, moment: Moment) -> Moment | None:
    """``moment`` after every modification that applies, in order; None (and a
    ``MomentCancelled`` event) when one cancels it."""
    for changer in in_play_order(m, m.rules.modifiers(type(moment))):
        changed = changer.method(m, changer.card, moment)
        if changed is None:
            continue
        if changed is CANCEL:
            m.emit(MomentCancelled(moment, changer.source))
            return None
        if type(changed) is not type(moment):
            raise RuleError(
                f"{changer.source}: a modification of {type(moment).__name__} returned {changed!r:.80}; "
                "return the moment changed (attrs.evolve), boardcore.CANCEL or None"
            )
        moment = changed
    return moment


def applying(m: Match, moment: Moment) -> list[Changer]:
    """Every replacement of ``moment`` that must be used now, in order (lazily: the
    first is all ``perform`` needs)."""
    found = []
    for changer in in_play_order(m, m.rules.replacers(type(moment))):
        if changer.when is None or changer.when(m, changer.card, moment):
            found.append(changer)
            if moment.chooser is None:
                break  # nobody chooses among them: the first one is used
    return found


def replace(m: Match, moment: Moment, changer: Changer) -> None:
    """Record that ``changer`` replaces ``moment``, then let it act."""
    m.emit(MomentReplaced(moment, changer.source))
    changer.method(m, changer.card, moment)


def happen(m: Match, moment: Moment) -> Moment:
    """Make ``moment`` happen and record it (its reactions follow), unless it is
    ``quiet`` and nothing acts on its class; returns it as it happened."""
    done = moment.happen(m)
    if done is not None:
        moment = done
    kind = type(moment)
    if not kind.quiet or m.rules.reactions(kind) or m.rules.changes(kind):
        m.emit(moment)
    return moment


def perform(m: Match, moment: Moment) -> Moment | None:
    """Perform ``moment`` now: modifications, then the first replacement that
    applies or the moment itself. Returns the moment as it happened, or None when
    it was cancelled or replaced."""
    if not isinstance(moment, Moment):
        raise RuleError(f"perform() takes a boardcore.Moment, not {moment!r:.80}")
    if type(moment).asks:
        raise RuleError(
            f"{type(moment).__name__} may ask whether to replace it (asks = True), so it is performed as a step: "
            f"m.schedule(boardcore.steps.Perform(moment)), not m.perform(moment)"
        )
    if not m.rules.changes(type(moment)):  # the usual case: nothing in play changes this kind of moment
        return happen(m, moment)
    changed = modified(m, moment)
    if changed is None:
        return None
    must = applying(m, changed)
    if must:  # the first replacement that applies is used
        replace(m, changed, must[0])
        return None
    return happen(m, changed)


@attrs.frozen
class Perform(Step):
    """Perform ``moment`` as a step: modifications, the replacement that must be
    used (when several must and the moment's class names a ``chooser``, that seat
    chooses which, :class:`ChooseReplacement`), then each seat that may use an
    optional one is asked (:class:`OfferInstead`); if nobody does, the moment
    happens. Schedule what follows the moment after
    this step: ``m.schedule(Perform(moment), NextStep())``."""

    moment: Moment

    def run(self, m: Match) -> None:
        moment = self.moment
        if not isinstance(moment, Moment):
            raise RuleError(f"Perform takes a boardcore.Moment, not {moment!r:.80}")
        if not m.rules.changes(type(moment)):
            happen(m, moment)
            return
        changed = modified(m, moment)
        if changed is None:
            return
        must = applying(m, changed)
        if len(must) > 1:
            ChooseReplacement(changed, tuple(c.source for c in must)).run(m)
        elif must:
            replace(m, changed, must[0])
        elif m.rules.optional_replacers(type(changed)):
            OfferInstead(changed).run(m)
        else:
            happen(m, changed)


@attrs.frozen
class ChooseReplacement(Step):
    """Several replacements of ``moment`` apply at once and its class names who is
    affected (``Moment.chooser``): that seat chooses which one is used."""

    moment: Moment
    sources: tuple[str, ...]
    redeal_safe = True  # run again, it offers only the replacements that still apply

    def seat(self) -> int:
        seat = getattr(self.moment, str(self.moment.chooser), None)
        if type(seat) is not int:
            raise RuleError(f"{type(self.moment).__name__}.chooser names {self.moment.chooser!r}, which holds no seat")
        return seat

    def run(self, m: Match) -> None:
        found = {c.source: c for c in applying(m, self.moment)}
        options = [pick(s, f"{_label(found[s])} replaces it") for s in self.sources if s in found]
        if len(options) > 1:
            m.ask(self.seat(), options, f"{_describe(self.moment)}: which replacement applies?", self)
        elif options:  # dealt anew (a search's copy), one of them no longer applies
            replace(m, self.moment, found[options[0].item])
        else:
            happen(m, self.moment)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        found = {c.source: c for c in applying(m, self.moment)}
        replace(m, self.moment, found[getattr(action, "item")])


def offers(m: Match, moment: Moment) -> dict[int, list[Changer]]:
    """The optional replacements of ``moment`` that apply now, by the seat that chooses."""
    found: dict[int, list[Changer]] = {}
    for changer in in_play_order(m, m.rules.optional_replacers(type(moment))):
        seat = changer.may(m, changer.card, moment)
        if seat is not None:
            if type(seat) is not int or not 0 <= seat < m.players:
                raise RuleError(f"{changer.source}: may= returned {seat!r}, not a seat of this match")
            found.setdefault(seat, []).append(changer)
    return found


@attrs.frozen
class OfferInstead(Window):
    """Asks, seat by seat, whether to use an optional replacement of ``moment``.

    Who is asked never reveals a hidden card: besides the seats with an offer from
    a card everybody sees (or a rule), every seat that could hold a hidden card
    that replaces it is asked, whether or not it does ("pass" is then its only
    option): the replacement's ``seats(m, moment)``, or every seat holding cards
    the others cannot see."""

    moment: Moment

    def responders(self, m: Match) -> Sequence[int]:
        moment = self.moment
        asked = {seat for seat, changers in offers(m, moment).items() if any(_public(m, c) for c in changers)}
        holders: set[int] | None = None
        for changer in m.rules.optional_replacers(type(moment)):
            if changer.card is None:
                continue
            if changer.seats is not None:
                asked.update(changer.seats(m, moment))
            elif holders is None:
                holders = {
                    spec.owner
                    for zone, spec in m.specs.items()
                    if spec.owner is not None and spec.visibility.value != "public" and m.zones[zone]
                }
                asked |= holders
        alive = m.alive()
        return sorted(seat for seat in asked if seat in alive)

    def reactions(self, m: Match, player: int) -> Sequence[Action]:
        return [
            pick(c.source if c.card is None else c.card.id, f"{_label(c)}: instead of this")
            for c in offers(m, self.moment).get(player, [])
        ]

    def prompt(self, m: Match, player: int) -> str:
        return f"{_describe(self.moment)}: use a card instead, or pass"

    def react(self, m: Match, player: int, action: Action) -> None:
        item = getattr(action, "item", None)
        for changer in offers(m, self.moment).get(player, []):
            if item in (changer.source, changer.card.id if changer.card is not None else None):
                replace(m, self.moment, changer)
                return
        raise RuleError(f"{item!r} no longer replaces {type(self.moment).__name__}")

    def closed(self, m: Match) -> None:
        happen(m, self.moment)


def _public(m: Match, changer: Changer) -> bool:
    if changer.card is None:
        return True
    zone = m.locate(changer.card.id)
    return m.specs[zone].visibility.value == "public"


def _label(changer: Changer) -> str:
    return changer.source if changer.card is None else str(changer.card.label)


def _describe(moment: Event) -> str:
    return moment.describe() if isinstance(moment, Moment) else type(moment).__name__
