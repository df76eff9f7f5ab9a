"""toy-skirmish: a small game that performs its moments through the engine, for the moment tests.

Each seat has two soldiers (pieces with 2 hit points each) and a hand of cards
(hidden), drawn from one shared deck. A turn: the active seat draws a card
(phase "draw"), then strikes the next seat's oldest soldier (phase "strike"):
a d6 of 4 or more wounds it. A soldier that loses its last hit point is lost,
a moment the game performs as a step (``SoldierLost.asks``), so a card may offer
to replace it. A seat with no soldier left is out; the last seat in wins.

Cards: *Shield* (hand: its holder may discard it instead of losing a soldier),
*Banner* (played at once when drawn into the "ranks" zone, public: its owner's
strike rolls two dice and keeps the better), *Fog* (hand: the holder's next
strike phase is replaced by discarding Fog), plain *Stones* (nothing).
"""

from __future__ import annotations

from typing import Any

import attrs

import boardcore
from boardcore import Match, Result, SeatZones, Visibility, Zone

GAME = "toy-skirmish"
DECK = Zone("deck", Visibility.HIDDEN, deck=True, refill="pile")
PILE = Zone("pile")
HAND = SeatZones("hand", Visibility.OWNER)
RANKS = SeatZones("ranks", Visibility.PUBLIC)
HP = "hp"


@attrs.frozen
class SoldierLost(boardcore.Moment):
    """``soldier`` of ``owner`` lost its last hit point and leaves the field."""

    asks = True
    chooser = "owner"
    owner: int
    soldier: str

    def happen(self, m: Match) -> None:
        m.remove_piece(self.soldier)
        if not m.pieces_of(self.owner):
            m.eliminate(self.owner)


@attrs.frozen
class Wounded(boardcore.Moment):
    """``soldier`` lost ``hits`` hit points (performed in the middle of the strike)."""

    owner: int
    soldier: str
    hits: int = 1

    def happen(self, m: Match) -> None:
        m.add(HP, -min(self.hits, m.count(HP, self.soldier)), self.soldier)


def setup(m: Match) -> None:
    for seat in range(m.players):
        for _ in range(2):
            m.set_count(HP, 2, m.add_piece("soldier", seat))


class Draw(boardcore.Phase):
    name = "draw"

    def begin(self, m: Match) -> None:
        drawn = m.draw(DECK, HAND[m.active])
        for card in drawn:
            if m.card(card).name == "Banner":
                m.move((card,), HAND[m.active], RANKS[m.active])


class Strike(boardcore.Phase):
    name = "strike"

    def begin(self, m: Match) -> None:
        Aim(m.active).run(m)


@attrs.frozen
class Aim(boardcore.steps.Choose):
    """Strike a soldier of another seat, or rest (pass). Soldiers are public."""

    can_pass = True

    def items(self, m: Match, player: int) -> list[tuple[str, str]]:
        return [(s, f"strike {s}") for seat in m.alive() if seat != player for s in m.pieces_of(seat)]

    def chosen(self, m: Match, player: int, soldier: str) -> None:
        target = m.pieces[soldier].owner
        if m.roll(6, f"seat {player} strikes {soldier}", player=player, purpose="strike") >= 4:
            m.perform(Wounded(target, soldier))
            if m.count(HP, soldier) == 0:
                m.schedule(boardcore.steps.Perform(SoldierLost(target, soldier)))


def end_if(m: Match) -> Result | None:
    alive = m.alive()
    return Result(alive, "last seat standing") if len(alive) == 1 else None


def at_limit(m: Match) -> Result:
    soldiers = [len(m.pieces_of(s)) for s in range(m.players)]
    return Result(tuple(s for s in m.alive() if soldiers[s] == max(soldiers)), "turn limit", tuple(soldiers))


# ---------------------------------------------------------------- the cards ---------


def holds(m: Match, card: boardcore.Card, seat: int) -> bool:
    return card.id in m.zones[HAND[seat]]


def shield_holder(m: Match, card: boardcore.Card, moment: SoldierLost) -> int | None:
    return moment.owner if holds(m, card, moment.owner) else None


class Shield(boardcore.Effect):
    """Its holder may discard it instead of losing a soldier (who keeps 1 hit point)."""

    @boardcore.replaces(SoldierLost, may=shield_holder, seats=lambda m, moment: [moment.owner])
    def block(self, m: Match, card: boardcore.Card, moment: SoldierLost) -> None:
        m.move((card.id,), HAND[moment.owner], PILE)
        m.set_count(HP, 1, moment.soldier)


class Banner(boardcore.Effect):
    """In its owner's ranks: their strike rolls two dice and keeps the better."""

    @boardcore.modifies(boardcore.events.DieRolled)
    def rally(self, m: Match, card: boardcore.Card, roll: boardcore.events.DieRolled) -> Any:
        if roll.purpose == "strike" and roll.player is not None and card.id in m.zones[RANKS[roll.player]]:
            return attrs.evolve(roll, rolls=roll.rolls + 1)
        return None


def fog_holder(m: Match, card: boardcore.Card, moment: boardcore.events.PhaseBegan) -> bool:
    return moment.phase == "strike" and moment.player is not None and holds(m, card, moment.player)


class Fog(boardcore.Effect):
    """In its holder's hand when their strike would begin: discard Fog instead of striking."""

    @boardcore.replaces(boardcore.events.PhaseBegan, when=fog_holder)
    def lift(self, m: Match, card: boardcore.Card, moment: boardcore.events.PhaseBegan) -> None:
        assert moment.player is not None
        m.move((card.id,), HAND[moment.player], PILE)


def cards(counts: dict[str, int]) -> list[boardcore.Card]:
    effects = {"Shield": "shield", "Banner": "banner", "Fog": "fog", "Stones": None}
    return [
        boardcore.Card(f"{name.lower()}-{i}", name, effect=effects[name])
        for name, n in counts.items()
        for i in range(1, n + 1)
    ]


DEFAULT_DECK = {"Shield": 3, "Banner": 2, "Fog": 2, "Stones": 5}

SPEC = boardcore.GameSpec(
    name=GAME,
    summary="soldiers strike in turn; cards shield, rally and hide in fog",
    player_counts=(2, 3),
    zones=(DECK, PILE, HAND, RANKS),
    setup=setup,
    phases=(Draw, Strike),
    turn_order=boardcore.TurnOrder.SEATS,
    end_if=end_if,
    turn_limit=40,
    at_limit=at_limit,
)

EFFECTS = {"shield": Shield(), "banner": Banner(), "fog": Fog()}


def skirmish(*plugins: Any, deck: dict[str, int] | None = None) -> boardcore.Game:
    """The game, with ``deck`` (card name -> copies) and opt-in ``plugins``."""
    provider = boardcore.GamePlugin(SPEC, cards=cards(deck or DEFAULT_DECK), effects=EFFECTS, package=__name__)
    return boardcore.registry.game_from_provider(provider, plugins=list(plugins))
