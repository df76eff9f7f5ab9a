"""Playing a card: the building block for "play a card of some kind, aim it, or pass".

:class:`PlayCard` offers the cards of its player's zone that its kind of play
allows, each with its targets (seats, pieces, squares, from option builders such
as :func:`opponents`), plus "pass". A played card moves to its destination, the
rule of that kind of play runs (:meth:`PlayCard.played`), then the card's own
effect (:meth:`boardcore.Effect.play`), and a ``CardPlayed`` event is recorded,
which other cards' effects and plugins can react to.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from .._values.actions import DONE, PASS, Action, Pick, Play, Target, Use, pick
from .._values.errors import RuleError
from .._values.events import CardPlayed
from .._values.evolving import evolve
from .._values.zones import SeatZones, Zone, of_seat
from .choices import seat_of
from .steps import Step

if TYPE_CHECKING:
    from .match import Match


def opponents(m: Match, player: int) -> list[tuple[Target, str]]:
    """Every other seat still in the game, as targets worded "seat 2"."""
    return [(seat, f"seat {seat}") for seat in m.alive() if seat != player]


class PlaysFromHand:
    """What :class:`PlayCard` and :class:`~boardcore.steps.CardWindow` share, and
    :func:`playable_cards` reads: the zone family cards are played from (``source``),
    the verb of the options, which cards may be played and what an ability does."""

    __slots__ = ()

    source: ClassVar[SeatZones]
    verb: ClassVar[str] = "play"
    alike: ClassVar[str | None] = None
    """The name of a card field (``"name"``): playable cards equal in it are copies,
    and only the first of them in the source zone is offered."""

    def playable(self, m: Match, player: int, card: Any) -> bool:
        """Whether ``card`` may be played this way now (judged from its data)."""
        return True

    def use_ability(self, m: Match, player: int, ability: str) -> None:
        """What using ``ability`` (one the step's ``abilities`` offered) does."""
        raise RuleError(f"{type(self).__name__} offers abilities but does not say what using one does (override use_ability)")


def playable_cards(step: PlaysFromHand, m: Match, player: int, used: tuple[str, ...] = ()) -> Iterator[tuple[str, Any]]:
    """``(card id, card)`` for each card of ``player``'s ``step.source`` zone, in zone
    order, that ``step.playable`` accepts and is not in ``used``; with ``step.alike``
    set, only the first of the copies equal in that field."""
    cards, alike, copies = m.rules.cards, step.alike, set()
    for card_id in m.cards(step.source[player]):
        if card_id in used:
            continue
        card = cards[card_id]
        if not step.playable(m, player, card):
            continue
        if alike is not None:
            if (key := getattr(card, alike)) in copies:
                continue
            copies.add(key)
        yield card_id, card


def _card_option(rules: Any, verb: str, card_id: str) -> Pick:
    """The first option of a two-step play ("play <card>"); remembered with the loaded
    game (``Game.remember``): a menu is asked again after each play, with the same cards."""
    return pick(card_id, f"{verb} {rules.cards[card_id].label}")


@attrs.frozen
class PlayCard(PlaysFromHand, Step):
    """Ask ``player`` (the active seat when None) to play a card from ``source``, or pass.

    Class attributes say the kind of play: ``source`` (the zone family played
    from), ``to`` (where a played card goes: a zone, a family, or None when
    :meth:`played` moves it), ``can_pass`` and ``pass_word`` ("pass" or
    "done"), ``repeat`` (ask again after each play, a menu until "done"; each
    card at most once), ``two_step`` (ask the card first, then its target, to
    keep option lists short), ``public`` (the playable cards are public, so a
    lone option is answered by the engine) and ``aim_public`` (a two-step play's
    targets follow from public information once the card is shown, so a lone
    target is answered by the engine), ``alike`` (the name of a card field, such
    as ``"name"``: playable cards equal in it are copies, and only the first of
    them in the source zone is offered). Used as a phase, ``name`` is the phase's
    name.

    Override :meth:`playable` (which cards, from their data), :meth:`targets`
    (None when the card takes no target) and :meth:`played` (the rule of this
    kind of play). A menu that also offers the abilities of cards or pieces in
    play ("play a card, or use a unit's ability, or done") lists them with
    :meth:`abilities` and says what one does in :meth:`use_ability`; with ``repeat``,
    each ability is offered once per menu, like each card. :meth:`may_play`
    says, from public information only, whether the player could have anything
    to play (by default: the source zone is not empty, or an ability is
    offered); when it is false nothing is asked.
    """

    player: int | None = None
    used: tuple[str, ...] = ()
    """Cards already played, and abilities already used, from this menu (``repeat``)."""

    name: ClassVar[str] = ""
    to: ClassVar[Zone | SeatZones | None] = None
    can_pass: ClassVar[bool] = True
    pass_word: ClassVar[str] = "pass"
    repeat: ClassVar[bool] = False
    two_step: ClassVar[bool] = False
    public: ClassVar[bool] = False
    aim_public: ClassVar[bool] = False

    # -- what a game overrides -------------------------------------------------------

    def may_play(self, m: Match, player: int) -> bool:
        """Whether ``player`` could have a card to play or an ability to use, judged
        on public information only (an empty hand cannot play one). When false,
        nothing is asked."""
        return bool(m.zones[self.source[player]]) or any(True for _ in self.abilities(m, player))

    def targets(self, m: Match, player: int, card: Any) -> Iterable[tuple[Target, str]] | None:
        """``(target, text)`` pairs ``card`` may be aimed at, or None for no target.

        May be a lazy iterator: for a ``two_step`` play, whether a card is offered
        reads only its first target, so a game whose targets are costly to list
        (moves over a board) gains from yielding them one by one."""
        return None

    def played(self, m: Match, player: int, card: Any, target: Target) -> None:
        """The rule of this kind of play, after the card has moved."""

    def passed(self, m: Match, player: int) -> None:
        """The player passed (or said done)."""

    def abilities(self, m: Match, player: int) -> Iterable[tuple[str, str]]:
        """``(ability, text)`` pairs: abilities of cards or pieces in play that ``player``
        may use now, offered after the cards (none by default). ``ability`` is the
        game's own name for it (a card or piece id, or ``"<id>:<name>"``); it must
        only depend on what everybody sees."""
        return ()

    def prompt(self, m: Match, player: int) -> str:
        return f"{self.verb} a card, or {self.pass_word}" if self.can_pass else f"{self.verb} a card"

    def wording(self, m: Match, card: Any, target_text: str | None) -> str:
        """The option's text: ``"play Flood"``, ``"play Flood on seat 2"``."""
        text = f"{self.verb} {card.label}"
        return text if target_text is None else f"{text} on {target_text}"

    # -- the engine's part -----------------------------------------------------------

    def options(self, m: Match, player: int) -> list[Action]:
        options: list[Action] = []
        for card_id, card in playable_cards(self, m, player, self.used):
            targets = self.targets(m, player, card)
            if targets is None:
                options.append(Play(card_id, None, self.wording(m, card, None)))
                continue
            if self.two_step:
                # The card is offered when it has a target at all: the first one is
                # enough (a game whose targets are a lazy iterator lists no more).
                for _ in targets:
                    options.append(m.rules.remember(_card_option, self.verb, card_id))
                    break
                continue
            options.extend([Play(card_id, target, self.wording(m, card, text)) for target, text in targets])
        for ability, text in self.abilities(m, player):
            if ability not in self.used:
                options.append(Use(ability, text))
        if self.can_pass:
            options.append(DONE if self.pass_word == "done" else PASS)
        return options

    def run(self, m: Match) -> None:
        player = seat_of(m, self.player)
        if not self.may_play(m, player):
            return
        options = self.options(m, player)
        if options:
            here = self if self.player == player else evolve(self, player=player)  # no copy when it would be equal
            m.ask(player, options, self.prompt(m, player), here, public=self.public)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        if isinstance(action, Play):
            self.play(m, player, action.card, action.target)
        elif isinstance(action, Use):
            if self.repeat:
                m.schedule(evolve(self, used=self.used + (action.ability,)))
            self.use_ability(m, player, action.ability)
        elif isinstance(action, Pick):
            AimCard(self, action.item).run(m)
        else:
            self.passed(m, player)

    def play(self, m: Match, player: int, card_id: str, target: Target) -> None:
        """Play ``card_id``: move it, apply the rule and the card's effect, record it."""
        if self.repeat:
            m.schedule(evolve(self, used=self.used + (card_id,)))
        source = self.source[player]
        if self.to is not None:
            m.move((card_id,), source, of_seat(self.to, player))
        card = m.rules.cards[card_id]
        self.played(m, player, card, target)
        effect = m.rules.effect(card_id)
        if effect is not None and hasattr(effect, "play"):
            effect.play(m, player, card, target)
        m.record(CardPlayed, player, card_id, source, target, m.phase)


@attrs.frozen
class AimCard(Step):
    """The second half of a two-step :class:`PlayCard`: choose the chosen card's target."""

    play: PlayCard
    card: str
    redeal_safe = True  # run again without its card, it asks for a card again

    def run(self, m: Match) -> None:
        player = self.play.player
        if player is None:
            raise RuleError("AimCard needs the player of its PlayCard")
        card = m.rules.cards[self.card]
        targets = list(self.play.targets(m, player, card) or ())
        if self.card not in m.zones[self.play.source[player]] or not targets:
            # A re-dealt copy of the match (State.determinize) may have taken the card
            # away: the choice of card is asked again.
            self.play.run(m)
            return
        options = [Play(self.card, target, self.play.wording(m, card, text)) for target, text in targets]
        public = self.play.public or self.play.aim_public
        m.ask(player, options, f"{self.play.verb} {card.label}: choose its target", self, public=public)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        if not isinstance(action, Play):
            raise RuleError(f"AimCard got {action!r}, which is no play")
        self.play.play(m, player, action.card, action.target)
