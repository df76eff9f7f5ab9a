"""Orchard for boardcore: pick fruit, sell it at the market, first to 12 coins wins."""

# --8<-- [start:data]
from __future__ import annotations

from collections.abc import Iterable

import attrs

import boardcore
from boardcore import Match, Visibility


@attrs.frozen
class Fruit(boardcore.Card):
    """A fruit card and the coins it sells for."""

    value: int = attrs.field(kw_only=True)


@attrs.frozen
class Rules:
    """The [rules] table of data/cards.toml."""

    hand_limit: int
    max_sales: int
    turn_limit: int


CARDS = boardcore.loaders.load_cards(__name__, "data/cards.toml", Fruit)
RULES = boardcore.loaders.load_constants(__name__, "data/cards.toml", Rules)
# --8<-- [end:data]

# --8<-- [start:zones]
ORCHARD = boardcore.Zone("orchard", Visibility.HIDDEN, refill="compost", deck=True)
COMPOST = boardcore.Zone("compost")
HAND = boardcore.SeatZones("hand", Visibility.OWNER, limit=RULES.hand_limit)
COINS = boardcore.Tally("coins")
# --8<-- [end:zones]


# --8<-- [start:phases]
class Harvest(boardcore.Phase):
    """Roll a die: 1-3 picks one card, 4-6 picks two. Then keep at most 4."""

    name = "harvest"

    def begin(self, m: Match) -> None:
        roll = m.roll(6, "harvest", player=m.active, purpose="harvest")
        m.draw(ORCHARD, HAND[m.active], 1 if roll <= 3 else 2)
        m.schedule(boardcore.steps.EnforceLimit(HAND[m.active], COMPOST))


class Market(boardcore.Phase):
    """Sell up to two cards from your hand."""

    name = "market"

    def begin(self, m: Match) -> None:
        if m.cards(HAND[m.active]):
            Sell(m.active).run(m)


@attrs.frozen
class Sell(boardcore.steps.Select):
    """The cards to sell, picked one at a time, then "done"."""

    def candidates(self, m: Match, picked: tuple[str, ...]) -> Iterable[str]:
        if len(picked) >= RULES.max_sales:
            return ()
        return [c for c in m.cards(HAND[self.player]) if c not in picked]

    def option(self, m: Match, item: str) -> boardcore.actions.Action:
        card = m.card(item)
        return boardcore.actions.pick(item, f"sell {card.name} for {card.value}")

    def prompt(self, m: Match, picked: tuple[str, ...]) -> str:
        return f"Sell up to {RULES.max_sales - len(picked)} more: pick one, or done"

    def complete(self, m: Match, picked: tuple[str, ...]) -> None:
        m.perform(Sold(self.player, picked, sum(m.card(c).value for c in picked)))


@attrs.frozen
class Sold(boardcore.Moment):
    """A player sold ``cards`` at the market (possibly none) for ``coins``.

    A moment: a card or a plugin may change the price before the sale, cancel
    it, or make something else happen instead; then it is recorded like any
    event, and effects react to it."""

    player: int
    cards: tuple[str, ...]
    coins: int = 0

    def happen(self, m: Match) -> None:
        m.move(self.cards, HAND[self.player], COMPOST)
        m.add(COINS, self.coins, self.player)
# --8<-- [end:phases]


# --8<-- [start:effect]
class Golden(boardcore.Effect):
    """When a Golden Apple is sold, its seller picks one more card from the orchard."""

    @boardcore.reacts_to(Sold)
    def bonus(self, m: Match, card: Fruit, event: Sold) -> None:
        if card.id in event.cards:
            m.draw(ORCHARD, HAND[event.player])
# --8<-- [end:effect]


# --8<-- [start:end]
def end_if(m: Match) -> boardcore.Result | None:
    """The first player with 12 coins (or the target set up) wins."""
    coins = [m.count(COINS, seat) for seat in range(m.players)]
    rich = [seat for seat, c in enumerate(coins) if c >= m.options["target"]]
    return boardcore.Result(tuple(rich), f"reached {m.options['target']} coins", tuple(coins)) if rich else None


def at_limit(m: Match) -> boardcore.Result:
    """Out of time: the richest seats share the win."""
    coins = [m.count(COINS, seat) for seat in range(m.players)]
    return boardcore.Result(tuple(s for s, c in enumerate(coins) if c == max(coins)), "turn limit", tuple(coins))
# --8<-- [end:end]


# --8<-- [start:spec]
SPEC = boardcore.GameSpec(
    name="orchard",
    summary="pick fruit, sell it at the market; first to 12 coins wins",
    player_counts=(2, 3, 4),
    zones=(ORCHARD, COMPOST, HAND),
    counters=(COINS,),
    phases=(Harvest, Market),
    turn_order=boardcore.TurnOrder.SEATS,
    end_if=end_if,
    turn_limit=RULES.turn_limit,
    at_limit=at_limit,
    options=(boardcore.SetupOption("target", 12, help="coins that win the game"),),
)

PLUGIN = boardcore.GamePlugin(SPEC, cards=CARDS, effects={"golden": Golden()})
# --8<-- [end:spec]
