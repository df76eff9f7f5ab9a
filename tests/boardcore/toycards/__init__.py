"""toy-cards: a small card game written the v2 way, for the engine tests.

Everything a v2 game declares is here: zones (a ``deck=True`` draw pile shared by
all, a public discard, a hand and a tableau per seat), counters (gold, victory
points, a pot), setup options, cards loaded from ``data/cards.toml`` (rows with
``copies``), a card class with its own ``label``, card effects that act when
played and react to events, a set-up phase, a first player, an end condition
and a round limit. The package publishes it with one ``GamePlugin`` and lists no
types: the engine finds every step and event class defined in the package.

The game (2-3 players, seats take turns; seat ``players - 1`` starts):

* set-up: everybody is dealt 3 cards; then, before turn 1, everybody secretly
  picks up to 2 cards to exchange (``Mulligan``, an ``Exchange``);
* income: the active seat draws a card and takes 1 gold; each Banner in its
  tableau adds 1 more (the Banner *reacts* to ``PhaseBegan``);
* build: it may play a Banner, Spy or Trophy into its tableau (``PlayCard``);
* act: a menu (``PlayCard`` with ``repeat``) of Coins and Purses (gold, from the
  card's ``Effect.play``) and Strikes aimed at an opponent, until "done". A Strike
  opens a ``ShieldWindow``: the target may discard a Shield from its hand to
  block it (event ``Blocked``); otherwise the striker scores 1 VP (event ``Hit``).
  The window is *not* public, since Shields are hidden in hands: the target is
  asked whenever it holds any card. A Spy in a tableau reacts to a Strike played
  by somebody else (``CardPlayed``) with a triggered decision (``m.trigger``): take
  1 gold, or pass. A Trophy reacts to every ``StrikeResolved`` (``Hit`` and
  ``Blocked`` are subclasses) its owner is part of: 1 gold;
* market: buy 1 VP for 3 gold, or pass (a public ``Choose``; the gold goes to the pot);
* cleanup: discard down to the hand limit of 4 (``EnforceLimit``).

The first seat with ``goal`` VP wins (``end_if``, checked when a phase ends); after
4 rounds, the most VP win (``at_limit``).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any, ClassVar

import attrs

import boardcore
from boardcore import Match, Result, SeatZones, Visibility, Zone, reacts_to
from boardcore.actions import pick
from boardcore.events import CardPlayed, PhaseBegan

NAME = "toy-cards"


class Kind(enum.Enum):
    COIN = "coin"
    STRIKE = "strike"
    SHIELD = "shield"
    BANNER = "banner"
    SPY = "spy"
    TROPHY = "trophy"


@attrs.frozen
class ToyCard(boardcore.Card):
    kind: Kind = attrs.field(kw_only=True)
    value: int = attrs.field(default=0, kw_only=True)

    @property
    def label(self) -> str:
        """Coins say what they are worth ("Purse 2"); other cards read as their name."""
        return f"{self.name} {self.value}" if self.kind is Kind.COIN else self.name


@attrs.frozen
class Rules:
    hand_size: int
    price: int
    mulligan: int


CARDS = boardcore.loaders.load_cards(__package__, "data/cards.toml", ToyCard)
RULES = boardcore.loaders.load_constants(__package__, "data/cards.toml", Rules)

DISCARD = Zone("discard")
DRAW = Zone("draw", Visibility.HIDDEN, refill=DISCARD, deck=True)
HAND = SeatZones("hand", Visibility.OWNER, limit=4)
TABLEAU = SeatZones("tableau", Visibility.PUBLIC)

GOLD = boardcore.Tally("gold", start=1)
VP = boardcore.Tally("vp")
POT = boardcore.Tally("pot", per_seat=False, start=5)

OPTIONS = (
    boardcore.SetupOption("goal", 5, choices=(3, 5, 8), help="victory points that win"),
    boardcore.SetupOption("bonus", 0, help="extra gold every seat starts with"),
)


def owner_of(m: Match, card_id: str) -> int | None:
    """The seat whose tableau holds ``card_id``, or None."""
    for seat in range(m.players):
        if card_id in m.cards(TABLEAU[seat]):
            return seat
    return None


# -- events ----------------------------------------------------------------------------


@attrs.frozen
class StrikeResolved(boardcore.Event):
    """A Strike was resolved, one way or the other."""

    striker: int
    target: int


@attrs.frozen
class Hit(StrikeResolved):
    """Nobody blocked: the striker scored."""


@attrs.frozen
class Blocked(StrikeResolved):
    """The target discarded a Shield."""


# -- set-up ----------------------------------------------------------------------------


def setup(m: Match) -> None:
    """Deal the hands (the draw pile already holds every card, shuffled) and the bonus."""
    for seat in range(m.players):
        m.draw(DRAW, HAND[seat], RULES.hand_size)
        if m.options["bonus"]:
            m.add(GOLD, m.options["bonus"], seat)


def last_seat(m: Match) -> int:
    return m.players - 1


class Mulligan(boardcore.steps.Exchange):
    """Before the first turn, everybody may exchange up to 2 cards, in secret."""

    name = "mulligan"
    hand, discard, draw, most = HAND, DISCARD, DRAW, RULES.mulligan


# -- the turn --------------------------------------------------------------------------


class Income(boardcore.Phase):
    name = "income"

    def begin(self, m: Match) -> None:
        m.draw(DRAW, HAND[m.active], 1)
        m.add(GOLD, 1, m.active)


@attrs.frozen
class Build(boardcore.steps.PlayCard):
    """Play a Banner, Spy or Trophy into your tableau, or pass."""

    name = "build"
    source = HAND
    to = TABLEAU
    verb = "build"

    def playable(self, m: Match, player: int, card: Any) -> bool:
        return card.kind in (Kind.BANNER, Kind.SPY, Kind.TROPHY)


@attrs.frozen
class Act(boardcore.steps.PlayCard):
    """Play Coins and Strikes from your hand, one after the other, until done."""

    name = "act"
    source = HAND
    to = DISCARD
    repeat = True
    pass_word = "done"

    def playable(self, m: Match, player: int, card: Any) -> bool:
        return card.kind in (Kind.COIN, Kind.STRIKE)

    def targets(self, m: Match, player: int, card: Any) -> Any:
        return boardcore.steps.opponents(m, player) if card.kind is Kind.STRIKE else None

    def played(self, m: Match, player: int, card: Any, target: Any) -> None:
        m.mark("played", card.id)


@attrs.frozen
class ActOrRally(Act):
    """The same menu, where each Banner in the player's tableau may also rally once (+1 gold)."""

    def abilities(self, m: Match, player: int) -> list[tuple[str, str]]:
        banners = [c for c in m.cards(TABLEAU[player]) if m.card(c).kind is Kind.BANNER]
        return [(c, f"rally with {m.card(c).label}") for c in banners]

    def use_ability(self, m: Match, player: int, ability: str) -> None:
        m.add(GOLD, 1, player)


@attrs.frozen
class ActTwoStep(Act):
    """The same menu asking for a Strike's target in a second decision."""

    two_step = True


@attrs.frozen
class ShieldWindow(boardcore.steps.Window):
    """The target of a Strike may block it with a Shield from its hand.

    Shields are hidden, so the window is not public: the target is asked whenever
    it holds a card at all (a hand's size is public), even with only "pass"."""

    striker: int
    target: int

    def responders(self, m: Match) -> list[int]:
        return [self.target]

    def reactions(self, m: Match, player: int) -> list[boardcore.actions.Action]:
        shields = [c for c in m.cards(HAND[player]) if m.card(c).kind is Kind.SHIELD]
        return [pick(shields[0], "block with a Shield")] if shields else []

    def may_react(self, m: Match, player: int) -> bool:
        return bool(m.cards(HAND[player]))

    def prompt(self, m: Match, player: int) -> str:
        return f"seat {self.striker} strikes you: block, or pass"

    def react(self, m: Match, player: int, action: boardcore.actions.Action) -> None:
        assert isinstance(action, boardcore.actions.Pick)
        m.move((action.item,), HAND[player], DISCARD)
        m.emit(Blocked(self.striker, self.target))

    def closed(self, m: Match) -> None:
        m.add(VP, 1, self.striker)
        m.emit(Hit(self.striker, self.target))


@attrs.frozen
class ShieldCardWindow(boardcore.steps.CardWindow):
    """The same window written with the engine's CardWindow: any Shield of the hand is offered."""

    striker: int
    target: int
    source = HAND
    to = DISCARD
    verb = "block with"

    def responders(self, m: Match) -> list[int]:
        return [self.target]

    def playable(self, m: Match, player: int, card: Any) -> bool:
        return card.kind is Kind.SHIELD

    def played(self, m: Match, player: int, card: Any) -> None:
        m.emit(Blocked(self.striker, self.target))

    def closed(self, m: Match) -> None:
        m.add(VP, 1, self.striker)
        m.emit(Hit(self.striker, self.target))


@attrs.frozen
class ShieldOrBannerWindow(ShieldCardWindow):
    """The same, where a Banner in the target's tableau may also block, once, instead of a card."""

    def abilities(self, m: Match, player: int) -> list[tuple[str, str]]:
        banners = [c for c in m.cards(TABLEAU[player]) if m.card(c).kind is Kind.BANNER]
        return [(banners[0], "block with the Banner in play")] if banners and not m.marked("banner-used") else []

    def use_ability(self, m: Match, player: int, ability: str) -> None:
        m.mark("banner-used", ability)
        m.emit(Blocked(self.striker, self.target))


@attrs.frozen
class LeakyShieldWindow(ShieldWindow):
    """A mistake: declared public although Shields are hidden, so whether the target
    is asked tells everybody whether it holds a Shield."""

    public = True


@attrs.frozen
class SpyReport(boardcore.steps.Choose):
    """A Spy's owner may take 1 gold after an opponent's Strike."""

    public = True
    can_pass = True

    def items(self, m: Match, player: int) -> Iterable[tuple[str, str]]:
        return [("gold", "take 1 gold")]

    def chosen(self, m: Match, player: int, item: str) -> None:
        m.add(GOLD, 1, player)


@attrs.frozen
class Market(boardcore.steps.Choose):
    """Buy 1 VP for 3 gold, or pass. Gold is public, so a lone "pass" is not asked."""

    name: ClassVar[str] = "market"
    public = True
    can_pass = True

    def items(self, m: Match, player: int) -> Iterable[tuple[str, str]]:
        if m.count(GOLD, player) >= RULES.price:
            return [("vp", f"buy 1 VP for {RULES.price} gold")]
        return []

    def chosen(self, m: Match, player: int, item: str) -> None:
        m.add(GOLD, -RULES.price, player)
        m.add(POT, RULES.price)
        m.add(VP, 1, player)


class Cleanup(boardcore.Phase):
    name = "cleanup"

    def begin(self, m: Match) -> None:
        m.schedule(boardcore.steps.EnforceLimit(HAND[m.active], DISCARD))


# -- card effects ----------------------------------------------------------------------


class ToyEffect(boardcore.Effect):
    """The effects of toy-cards. The game asks its effects one question, with a
    neutral default: how many points the card is worth at the end (none)."""

    def worth(self, card: ToyCard) -> int:
        return 0


class CoinEffect(ToyEffect):
    def play(self, m: Match, player: int, card: Any, target: Any) -> None:
        m.add(GOLD, card.value, player)


class StrikeEffect(ToyEffect):
    """Opens the target's window; ``window`` is the class of that window."""

    def __init__(self, window: type[ShieldWindow] = ShieldWindow) -> None:
        self.window = window

    def play(self, m: Match, player: int, card: Any, target: Any) -> None:
        m.schedule(self.window(player, target))


class BannerEffect(ToyEffect):
    @reacts_to(PhaseBegan)
    def income(self, m: Match, card: ToyCard, event: PhaseBegan) -> None:
        if event.phase == Income.name and card.id in m.cards(TABLEAU[m.active]):
            m.add(GOLD, card.value, m.active)

    def worth(self, card: ToyCard) -> int:
        return 1


class SpyEffect(ToyEffect):
    @reacts_to(CardPlayed)
    def spotted(self, m: Match, card: ToyCard, event: CardPlayed) -> None:
        owner = owner_of(m, card.id)
        if owner is not None and owner != event.player and m.card(event.card).kind is Kind.STRIKE:
            m.trigger(SpyReport(owner))


class TrophyEffect(ToyEffect):
    @reacts_to(StrikeResolved)
    def glory(self, m: Match, card: ToyCard, event: StrikeResolved) -> None:
        owner = owner_of(m, card.id)
        if owner is not None and owner in (event.striker, event.target):
            m.add(GOLD, 1, owner)


EFFECTS: dict[str, ToyEffect] = {
    "coin": CoinEffect(),
    "strike": StrikeEffect(),
    "banner": BannerEffect(),
    "spy": SpyEffect(),
    "trophy": TrophyEffect(),
}

# -- the end ---------------------------------------------------------------------------


def scores(m: Match) -> tuple[int, ...]:
    return tuple(m.count(VP, seat) for seat in range(m.players))


def end_if(m: Match) -> Result | None:
    goal = m.options["goal"]
    leaders = tuple(seat for seat in m.alive() if m.count(VP, seat) >= goal)
    return Result(leaders, f"reached {goal} VP", scores(m)) if leaders else None


def at_limit(m: Match) -> Result:
    points = scores(m)
    return Result(tuple(s for s in m.alive() if points[s] == max(points)), "round limit", points)


SPEC = boardcore.GameSpec(
    name=NAME,
    summary="coins, strikes and shields from one shared deck",
    player_counts=(2, 3),
    zones=(DRAW, DISCARD, HAND, TABLEAU),
    counters=(GOLD, VP, POT),
    options=OPTIONS,
    setup=setup,
    setup_phases=(Mulligan,),
    first_player=last_seat,
    turn_order=boardcore.TurnOrder.SEATS,
    phases=(Income, Build, Act, Market, Cleanup),
    end_if=end_if,
    round_limit=4,
    at_limit=at_limit,
)

PLUGIN = boardcore.GamePlugin(SPEC, cards=CARDS, effects=EFFECTS)


def check(m: Match) -> list[str]:
    """toy-cards' invariants, for ``check_game(..., checks=[check])``: tableaus hold
    only Banners, Spies and Trophies, and the pot never shrinks below its start."""
    problems = [
        f"{c} in {TABLEAU[s]}"
        for s in range(m.players)
        for c in m.cards(TABLEAU[s])
        if m.card(c).kind not in (Kind.BANNER, Kind.SPY, Kind.TROPHY)
    ]
    if m.count(POT) < POT.start:
        problems.append(f"the pot holds {m.count(POT)}")
    return problems


def game(*plugins: Any) -> boardcore.Game:
    """toy-cards, loaded straight from its plugin object."""
    return boardcore.registry.game_from_provider(PLUGIN, plugins=plugins)


def variant(name: str, effects: dict[str, Any] | None = None, **changes: Any) -> boardcore.Game:
    """toy-cards under another name with some of its spec (or effects) changed,
    published from this package like the game itself."""
    spec = attrs.evolve(SPEC, name=name, **changes)
    return boardcore.registry.game_from_provider(boardcore.GamePlugin(spec, cards=CARDS, effects={**EFFECTS, **(effects or {})}))
