"""Ready-made decisions: pick one, build a set, secret choices revealed together.

* :class:`Choose` - one player picks one item (a card, a person, a square), or
  passes when the step allows it;
* :class:`Select` - build a set one pick at a time, then "done"; a *secret*
  selection keeps its picks hidden until they are revealed;
* :class:`SecretChoices` - ask several players secret selections at once, then
  reveal them all together;
* :class:`ExchangeCards` and :class:`Exchange` - the card game's "discard up to N
  in secret, then everybody discards and redraws"; :class:`ExchangeAtOnce` asks the
  same choice as one decision;
* :class:`EnforceLimit` - discard down to a hand limit, one card at a time.

Every answer reaches the step as a typed value (an item, a tuple of items), so
game code never digs into an action.

Whether a player is asked never depends on what the others cannot see: a
decision with a single option is still asked unless the step says its options
are public (``public = True``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar, cast

import attrs

from .._values.actions import DONE, PASS, Action, Done, Pick, PickSet, pick
from .._values.errors import RuleError
from .._values.events import QUIETLY, Exchanged, Revealed, exchange
from .._values.memo import keep
from .._values.zones import SeatZones, Zone, of_seat
from .steps import Step

if TYPE_CHECKING:
    from .match import Match


def seat_of(m: Match, player: int | None) -> int:
    """``player``, or the active seat when it is None."""
    return m.active if player is None else player


@attrs.frozen
class Choose(Step):
    """Ask ``player`` (the active seat when None) to pick one item, or pass.

    Subclasses list the items as ``(item, text)`` pairs (:meth:`items`) and say
    what the pick does (:meth:`chosen`). With ``can_pass`` a "pass" option is
    added and :meth:`passed` runs when it is taken. A step with no items and no
    pass asks nothing.
    """

    player: int | None = None
    can_pass: ClassVar[bool] = False
    public: ClassVar[bool] = False
    """Whether the items follow from public information only (then a lone option
    is answered by the engine)."""

    def items(self, m: Match, player: int) -> Iterable[tuple[str, str]]:
        """The items ``player`` may pick, as ``(item, text)`` pairs in the order
        offered; ``text`` words the option ("recruit Gauls")."""
        raise NotImplementedError(f"{type(self).__name__}.items")

    def chosen(self, m: Match, player: int, item: str) -> None:
        """What picking ``item`` does (``item`` is one of :meth:`items`)."""
        raise NotImplementedError(f"{type(self).__name__}.chosen")

    def passed(self, m: Match, player: int) -> None:
        """The player passed."""

    def prompt(self, m: Match, player: int) -> str:
        """The question as the player reads it; override to word it for the game."""
        return "choose one, or pass" if self.can_pass else "choose one"

    def run(self, m: Match) -> None:
        player = seat_of(m, self.player)
        options: list[Action] = [pick(item, text) for item, text in self.items(m, player)]
        if self.can_pass:
            options.append(PASS)
        if options:
            m.ask(player, options, self.prompt(m, player), self, public=self.public)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        if isinstance(action, Pick):
            self.chosen(m, player, action.item)
        else:
            self.passed(m, player)


@attrs.frozen
class Select(Step):
    """Ask ``player`` to build a set of items one pick at a time, then "done".

    Subclasses say which items may be added given the picks so far
    (:meth:`candidates`), when "done" is allowed (:meth:`can_stop`) and what to do
    with the finished set (:meth:`complete`). The picks live in the player's draft,
    which only that player sees.

    A ``secret`` selection does not call :meth:`complete`: its picks stay in the
    draft, hidden, until they are revealed together with the other players'
    (see :class:`SecretChoices`).

    A selection whose picks only ever take options away sets ``narrows``: after a
    pick, the options are those the player was just offered, less the item picked and
    the items it rules out (:meth:`ruled_out`), then "done" if :meth:`can_stop` says
    so; the hand is not read again. They must be exactly the options :meth:`options`
    would build (``boardcore.testing.check_game`` compares them at every pick).
    """

    player: int
    secret: ClassVar[bool] = False
    public: ClassVar[bool] = False
    narrows: ClassVar[bool] = False

    def candidates(self, m: Match, picked: tuple[str, ...]) -> Iterable[str]:
        """The items that may be added to ``picked`` now, in the order offered.
        Every start of a legal set must be offered, so that any legal set can be
        built pick by pick."""
        raise NotImplementedError(f"{type(self).__name__}.candidates")

    def can_stop(self, m: Match, picked: tuple[str, ...]) -> bool:
        """Whether ``picked`` is a finished set, so that "done" is offered (always, by default)."""
        return True

    def option(self, m: Match, item: str) -> Action:
        """The action offered for ``item``; override to word it ("discard Gauls")."""
        return pick(item, f"pick {item}")

    def prompt(self, m: Match, picked: tuple[str, ...]) -> str:
        """The question as the player reads it, given the picks so far; override to word it."""
        return "pick one, or done"

    def complete(self, m: Match, picked: tuple[str, ...]) -> None:
        """Apply a finished, non-secret selection."""

    def ruled_out(self, m: Match, item: str, offered: Sequence[str]) -> Collection[str]:
        """With ``narrows``: the items among ``offered`` (the other items of the options
        just offered) that may no longer be added once ``item`` is picked; none by
        default, so only the item picked goes."""
        return ()

    def options(self, m: Match, picked: tuple[str, ...]) -> Sequence[Action]:
        """Every option now: one per candidate, then "done" if allowed.

        The default is built from :meth:`candidates`, :meth:`option` and
        :meth:`can_stop`. Override it to make it faster (e.g. with a cache), or when
        an option's wording depends on the other candidates (one option standing
        for several interchangeable items, worded with how many it stands for);
        the options must still be the candidates' picks, then ``DONE`` if allowed.
        """
        options = [self.option(m, item) for item in self.candidates(m, picked)]
        if self.can_stop(m, picked):
            options.append(DONE)
        return options

    def run(self, m: Match) -> None:
        picked = m.drafts.get(self.player, ())
        options = self.options(m, picked)
        m.ask(self.player, options, self.prompt(m, picked), self, secret=self.secret, public=self.public)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        if isinstance(action, Done):
            if self.secret:
                m.seal(player, self)
            else:
                self.complete(m, m.take_draft(player))
            return
        if not isinstance(action, Pick):
            raise RuleError(f"{type(self).__name__} got {action!r}, which is no pick")
        picked = m.drafts.get(player, ()) + (action.item,)
        m.set_draft(player, picked)
        answered = m.answering
        if self.narrows and answered is not None and answered[1] is self:
            offered, at = answered[0].options, answered[2]
            self.ask_narrowed(m, picked, offered[:at] + offered[at + 1 :])
        else:
            self.run(m)

    def ask_narrowed(self, m: Match, picked: tuple[str, ...], rest: tuple[Action, ...]) -> None:
        """Ask again after a pick (``narrows``), given ``rest``: the options offered
        before it less the one picked ("done" last, if it was offered)."""
        picks = cast("tuple[Pick, ...]", rest[:-1] if rest and isinstance(rest[-1], Done) else rest)
        out = self.ruled_out(m, picked[-1], [o.item for o in picks])
        options: list[Action] = [o for o in picks if o.item not in out] if out else list(picks)
        if self.can_stop(m, picked):
            options.append(DONE)
        m.ask(self.player, options, self.prompt(m, picked), self, secret=self.secret, public=self.public)


@attrs.frozen
class ExchangeCards(Select):
    """A player's secret choice of up to ``most`` cards of ``zone`` to exchange.

    Asked one card at a time and kept secret. :class:`Exchange` asks it of every
    player and does the discarding and redrawing; use this step alone for other
    secret card choices. Override :meth:`wording` to phrase the options and
    :meth:`prompt` to phrase the question.

    It ``narrows``: after a pick, the options are those just offered less the card
    picked. A subclass whose :meth:`candidates` depend on the picks in another way
    sets ``narrows = False`` (``check_game`` finds the difference if it does not).
    """

    zone: str
    most: int
    secret = True
    narrows = True

    @classmethod
    def wording(cls, card: Any) -> str:
        """The text of the option that picks ``card``, from the card's data alone
        (a classmethod, so the options of a hand can be cached)."""
        return f"discard {card.label}"

    def candidates(self, m: Match, picked: tuple[str, ...]) -> Iterable[str]:
        if len(picked) >= self.most:
            return ()
        return [c for c in m.cards(self.zone) if c not in picked]

    def option(self, m: Match, item: str) -> Action:
        return pick(item, self.wording(m.card(item)))

    def options(self, m: Match, picked: tuple[str, ...]) -> Sequence[Action]:
        # The same options as the default, but a hand's options are built once
        # (cached by class, game and cards) instead of once per pick.
        if len(picked) >= self.most:
            return (DONE,)
        kind: Any = type(self)
        offered = _exchange_options(kind, m.rules, m.zones[self.zone])
        if picked:
            return [*[o for o in offered if o.item not in picked], DONE]
        return (*offered, DONE)

    def run(self, m: Match) -> None:
        # Others see each secret pick being made (not what it is), so they can tell
        # when ``most`` is reached and "done" is all that is left: then it is public.
        picked = m.drafts.get(self.player, ())
        full = len(picked) >= self.most
        m.ask(self.player, self.options(m, picked), self.prompt(m, picked), self, secret=True, public=full)

    def prompt(self, m: Match, picked: tuple[str, ...]) -> str:
        return _exchange_prompt(self.most, len(picked))

    def ask_narrowed(self, m: Match, picked: tuple[str, ...], rest: tuple[Action, ...]) -> None:
        # Below ``most`` picks, "done" stays offered, last (as options() builds it): the rest is the next question.
        full = len(picked) >= self.most
        m.ask(self.player, (DONE,) if full else rest, self.prompt(m, picked), self, secret=True, public=full)


@lru_cache(maxsize=256)
def _exchange_prompt(most: int, picked: int) -> str:
    # Asked after every pick; the wording depends on two small numbers only.
    left = most - picked
    if left <= 0:
        return f"You picked {most} cards, the most allowed: done"
    return f"Discard up to {left} more card{'s' if left != 1 else ''}: pick one, or done"


def _exchange_hands(rules: Any) -> dict[tuple[Any, tuple[str, ...]], tuple[Pick, ...]]:
    """The options of each hand an exchange was asked about, by step class and cards,
    kept with the loaded game (``Game.memo``): asked again after every pick."""
    return {}


def _exchange_cards(rules: Any) -> dict[tuple[Any, str], Pick]:
    """The option of each card an exchange offered, by step class and card id, kept
    with the loaded game: hands rarely repeat, cards always do."""
    return {}


def _exchange_options(cls: Any, rules: Any, cards: tuple[str, ...]) -> tuple[Pick, ...]:
    # Every new hand and every pick come here: the tables are read inline, as
    # Game.remember's call per card costs a search with an exchange 3% more.
    hands = rules.memo(_exchange_hands)
    found: tuple[Pick, ...] | None = hands.get((cls, cards))
    if found is None:
        made = rules.memo(_exchange_cards)
        options = []
        for card in cards:
            option = made.get((cls, card))
            if option is None:
                option = keep(made, (cls, card), pick(card, cls.wording(rules.cards[card])))
            options.append(option)
        found = keep(hands, (cls, cards), tuple(options))
    return found


@attrs.frozen
class ExchangeAtOnce(Select):
    """:class:`ExchangeCards` asked as one decision: which cards of ``zone``, at most
    ``most`` of them, to exchange, each set offered as a :class:`PickSet` of
    positions in the zone. The sets come smallest first, then in the zone's order:
    keep every card, each card alone, each pair... Kept secret like
    :class:`ExchangeCards`, and revealed the same way.

    One decision per player instead of one per card, with options that depend only
    on the hand's size (so they are built once): for playouts, search and balance
    runs. The card-by-card question reads better at a table. Override
    :meth:`wording` to phrase the options.
    """

    zone: str
    most: int
    secret = True

    @classmethod
    def wording(cls, positions: tuple[int, ...]) -> str:
        """The text of the option that exchanges the cards at ``positions`` (0 first)."""
        if not positions:
            return "keep every card"
        return "exchange " + ("card " if len(positions) == 1 else "cards ") + ", ".join(str(p + 1) for p in positions)

    def prompt(self, m: Match, picked: tuple[str, ...]) -> str:
        return f"Exchange up to {self.most} cards: choose them by their places in your hand"

    def run(self, m: Match) -> None:
        options = _sets_of_positions(cast(Any, type(self)), len(m.cards(self.zone)), self.most)
        m.ask(self.player, options, self.prompt(m, ()), self, secret=True)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        if not isinstance(action, PickSet):
            raise RuleError(f"{type(self).__name__} got {action!r}, which is no PickSet")
        cards, positions = m.cards(self.zone), action.positions
        if any(type(p) is not int or not 0 <= p < len(cards) for p in positions) or len(set(positions)) != len(positions):
            # only a trusted save read with verify=False can bring such an option here
            raise RuleError(f"{type(self).__name__}: {list(positions)} are not distinct places among the {len(cards)} cards of {self.zone!r}")
        m.set_draft(player, tuple([cards[p] for p in positions]))
        m.seal(player, self)


@lru_cache(maxsize=256)
def _sets_of_positions(cls: Any, size: int, most: int) -> tuple[PickSet, ...]:
    # Depends on the hand's size alone: built once per class, size and most.
    return tuple(
        [PickSet(positions, cls.wording(positions)) for k in range(min(most, size) + 1) for positions in combinations(range(size), k)]
    )


EXCHANGE_OPTION = "exchange"
"""The setup option a game declares to offer its :class:`Exchange` both ways:
``"cards"``, a card at a time, or ``"hand"``, the whole choice as one decision."""


@attrs.frozen
class SecretChoices(Step):
    """Several players choose in secret at the same time; the choices are revealed together.

    Subclasses list who chooses (:meth:`choosers`, seat order by default), the
    secret selection each is asked (:meth:`selection`) and what the revealed
    picks do (:meth:`reveal`, given every chooser's picks by seat). The engine
    records a ``Revealed`` event per chooser before :meth:`reveal` runs.

    A chooser with a skip of the current phase (``Match.skip_phase``) is left out:
    the skip is used up (``Match.take_skip``) and it is not asked.
    """

    def choosers(self, m: Match) -> Sequence[int]:
        """The seats asked, in the order asked and revealed (every seat, by default)."""
        return range(m.players)

    def selection(self, m: Match, seat: int) -> Select:
        """The secret selection ``seat`` is asked (a :class:`Select` with ``secret = True``)."""
        raise NotImplementedError(f"{type(self).__name__}.selection")

    def reveal(self, m: Match, chosen: Mapping[int, tuple[str, ...]]) -> None:
        """Apply every chooser's picks, given by seat in :meth:`choosers` order, once
        all have chosen; the engine has recorded a ``Revealed`` event for each."""
        raise NotImplementedError(f"{type(self).__name__}.reveal")

    def run(self, m: Match) -> None:
        # A seat that skips this phase (Match.skip_phase) sits it out; its skip is
        # used up here, once, before anybody is asked, so a re-deal never repeats it.
        phase = m.phase
        seats = tuple([seat for seat in self.choosers(m) if not m.take_skip(seat, phase)])
        m.schedule(RevealChoices(self, seats))
        for seat in seats:
            self.selection(m, seat).run(m)


@attrs.frozen
class RevealChoices(Step):
    """The reveal half of a :class:`SecretChoices`: take every draft, show it, apply it."""

    choices: SecretChoices
    seats: tuple[int, ...]

    def run(self, m: Match) -> None:
        chosen = {seat: m.take_draft(seat) for seat in self.seats}
        for seat, picks in chosen.items():
            m.record(Revealed, seat, picks)
        self.choices.reveal(m, chosen)


@attrs.frozen
class Exchange(SecretChoices):
    """Every chooser secretly picks up to ``most`` cards of their ``hand`` zone;
    then, seat by seat in the order asked, the picks go to ``discard`` and as many
    cards are drawn from ``draw``: an :class:`~boardcore.events.Exchanged` moment per seat
    that picked some, which cards and rules may modify, replace or react to.

    Subclasses set the class attributes ``hand``, ``discard`` and ``draw`` (a
    :class:`~boardcore.Zone` or a :class:`~boardcore.SeatZones` family) and
    ``most``; override :meth:`choosers` for another order and ``selection_class``
    to word the question, or to ask it as one decision (:class:`ExchangeAtOnce`).
    """

    hand: ClassVar[SeatZones]
    discard: ClassVar[Zone | SeatZones]
    draw: ClassVar[Zone | SeatZones]
    most: ClassVar[int]
    selection_class: ClassVar[type[ExchangeCards] | type[ExchangeAtOnce]] = ExchangeCards

    def at_once(self, m: Match) -> bool:
        """Whether ``m`` asks each chooser's exchange as one decision
        (:class:`ExchangeAtOnce`) rather than with ``selection_class``. By default,
        where the game declares the setup option :data:`EXCHANGE_OPTION` (choices
        ``"cards"`` and ``"hand"``) and the match sets it to ``"hand"``."""
        return m.options.get(EXCHANGE_OPTION) == "hand"

    def selection(self, m: Match, seat: int) -> Select:
        kind = ExchangeAtOnce if self.at_once(m) else self.selection_class
        return kind(seat, self.hand[seat], self.most)

    def reveal(self, m: Match, chosen: Mapping[int, tuple[str, ...]]) -> None:
        unwatched = None
        for seat, picks in chosen.items():
            if picks:
                hand, discard, draw = self.hand[seat], of_seat(self.discard, seat), of_seat(self.draw, seat)
                if unwatched is None:
                    unwatched = m.rules.plain_moment(Exchanged) == QUIETLY
                if unwatched:  # a playout's usual case: no moment to build, nobody would see it
                    exchange(m, picks, hand, discard, draw, len(picks))
                else:
                    m.perform(Exchanged(seat, picks, len(picks), hand, discard, draw))


def _discard_option(rules: Any, card: str) -> Pick:
    """A card's "discard <card>" option; remembered with the loaded game
    (``Game.remember``): an overfull hand is asked about card by card."""
    try:
        return pick(card, f"discard {rules.cards[card].label}")
    except KeyError:
        raise RuleError(f"{rules.name} has no card {card!r}") from None


@attrs.frozen
class EnforceLimit(Step):
    """While ``zone`` holds more than its declared ``limit``, its owner discards one
    card of their choice to ``discard``. Hand sizes are public, so a hand within
    its limit asks nothing."""

    zone: str
    discard: str

    def option(self, m: Match, card: str) -> Action:
        """The action offered for discarding ``card``; override to word it differently."""
        return m.rules.remember(_discard_option, card)

    def run(self, m: Match) -> None:
        spec = m.zone_spec(self.zone)
        if spec.limit is None or spec.owner is None:
            raise RuleError(f"zone {self.zone!r} has no limit or no owner to enforce it")
        cards = m.cards(self.zone)
        if len(cards) <= spec.limit:
            return
        options = [self.option(m, c) for c in cards]
        prompt = f"hand limit {spec.limit}: discard one of {len(cards)} cards"
        m.ask(spec.owner, options, prompt, self)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        if not isinstance(action, Pick):
            raise RuleError(f"EnforceLimit got {action!r}, which is no pick")
        m.move((action.item,), self.zone, self.discard)
        self.run(m)

