"""Two toy games for the engine tests, declared exactly as a third-party game would be.

This module is a game provider: its ``@boardcore.hookimpl`` functions are what a
``boardcore.games`` entry point would point at. Load a game with::

    boardcore.game_from_provider(toy, name=toy.DUEL)

**toy-duel** (2-3 players, ``TurnOrder.EVERYONE``). Each seat owns a deck of six
cards (powers 1-6; the Axe's "double" effect doubles its power), a hidden draw
pile that refills from the seat's public discard, and a hand limited to 3 cards.
Every turn: everyone draws 2 and discards down to 3 (``EnforceLimit``); everyone
secretly commits one card (a secret ``Select``), revealed together by
``Reveal``; then a ``Boost`` window lets seats, weakest first, spend a token for
+2 power (the option ``window`` picks CLOSE, RESTART or NEXT); the single
strongest seat scores a point. First to ``target`` points wins; after 8 turns the
best score wins (``at_turn_limit``).

**toy-arena** (2-3 players, ``TurnOrder.SEATS``). Each seat has a hero piece
with 3 "hp" (a counter owned by the piece). On its turn the active seat may take
one gear card from the public armory and attach it to its hero (a non-secret
``Select``), then attacks another seat (a plain ask, answered by the engine when
only one target is left): a d6 plus the attacker's gear count of 5 or more hits.
A hero at 0 hp drops its gear back to the armory, leaves the board and its seat
is eliminated; the last seat standing wins; after 12 turns the healthiest win.

``Provider`` builds other games from parts, as a third party might with an object
instead of a module (used for deliberately broken games in the tests).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

import boardcore
from boardcore import AfterReaction, Match, Visibility, ZoneSpec, pick

DUEL = "toy-duel"
ARENA = "toy-arena"
MAX_SEATS = 3

# ---------------------------------------------------------------- toy-duel ----------

POWER_NAMES = ("Spear", "Shield", "Bow", "Axe", "Sling", "Club")  # powers 1..6
HAND_LIMIT = 3


@attrs.frozen
class DuelCard(boardcore.Card):
    seat: int = attrs.field(kw_only=True)
    power: int = attrs.field(kw_only=True)


def duel_cards() -> list[DuelCard]:
    """``d<seat>-<power>`` for every seat a match may have; the Axe doubles."""
    return [
        DuelCard(f"d{s}-{k + 1}", n, seat=s, power=k + 1, effect="double" if n == "Axe" else None)
        for s in range(MAX_SEATS)
        for k, n in enumerate(POWER_NAMES)
    ]


# Zone names: deck:0 (hidden, refills from discard:0), hand:0 (owner, limit 3),
# discard:0 and play:0 (public); "box" holds the cards of seats not in the match.
deck, hand, discard, play = "deck:{}".format, "hand:{}".format, "discard:{}".format, "play:{}".format


def duel_setup(m: Match) -> None:
    """Zones for every seat, unused seats' cards in a hidden box, 2 tokens, 2 cards dealt."""
    if m.options["window"] not in WINDOWS:
        raise boardcore.InvalidData(f"window must be one of {sorted(WINDOWS)}", where="options")
    unused = [c.id for c in m.rules.cards.values() if getattr(c, "seat", 0) >= m.players]
    m.add_zone("box", ZoneSpec(None, Visibility.HIDDEN), unused)
    for s in range(m.players):
        cards = [c.id for c in m.rules.cards.values() if getattr(c, "seat", None) == s]
        m.add_zone(deck(s), ZoneSpec(s, Visibility.HIDDEN, refill=discard(s)), cards)
        m.add_zone(hand(s), ZoneSpec(s, Visibility.OWNER, limit=HAND_LIMIT))
        m.add_zone(discard(s), ZoneSpec(s, Visibility.PUBLIC))
        m.add_zone(play(s), ZoneSpec(s, Visibility.PUBLIC))
        m.shuffle(deck(s))
        m.set_count("tokens", 2, s)
        m.draw(deck(s), hand(s), 2)


class Draw(boardcore.Phase):
    name = "draw"

    def begin(self, m: Match) -> None:
        for s in m.alive():
            m.draw(deck(s), hand(s), 2)
        m.schedule(*(boardcore.EnforceLimit(hand(s), discard(s)) for s in m.alive()))


class Commit(boardcore.Phase):
    """Everyone secretly commits one card; ``Reveal`` shows them together."""

    name = "commit"

    def begin(self, m: Match) -> None:
        m.schedule(Reveal())
        for s in m.alive():
            Choose(s).run(m)


@attrs.frozen
class Choose(boardcore.Select):
    secret = True

    def candidates(self, m: Match, picked: tuple[str, ...]) -> Iterable[str]:
        return () if picked else m.cards(hand(self.player))

    def can_stop(self, m: Match, picked: tuple[str, ...]) -> bool:
        return len(picked) == 1

    def option(self, m: Match, item: str) -> boardcore.Action:
        return pick(item, f"commit {m.card(item).name}")


def power(m: Match, card_id: str) -> int:
    card = m.card(card_id)
    effect = m.rules.effect(card_id)
    return card.power if effect is None else effect(card)


@attrs.frozen
class Reveal(boardcore.Step):
    """Reveal every seat's secret commitment together and set its power."""

    def run(self, m: Match) -> None:
        for s in m.alive():
            picks = m.take_draft(s)
            m.emit(boardcore.Revealed(s, picks))
            m.move(picks, hand(s), play(s))
            m.set_count("power", sum(power(m, c) for c in picks), s)
        m.schedule(WINDOWS[m.options["window"]](), Score())


BOOST = pick("boost", "spend a token: +2 power")


@attrs.frozen
class Boost(boardcore.Window):
    """Seats, weakest first, may spend a token for +2 power; then the window closes."""

    def responders(self, m: Match) -> list[int]:
        return sorted(m.alive(), key=lambda s: (m.count("power", s), s))

    def reactions(self, m: Match, player: int) -> list[boardcore.Action]:
        return [BOOST] if m.count("tokens", player) else []

    def react(self, m: Match, player: int, action: boardcore.Action) -> None:
        m.add("tokens", -1, player)
        m.add("power", 2, player)


@attrs.frozen
class BoostRestart(Boost):
    """After a boost, offer the window again from the (new) weakest seat."""

    after = AfterReaction.RESTART


@attrs.frozen
class BoostNext(Boost):
    """After a boost, go on to the next seat."""

    after = AfterReaction.NEXT


WINDOWS: dict[str, type[Boost]] = {"close": Boost, "restart": BoostRestart, "next": BoostNext}


@attrs.frozen
class Score(boardcore.Step):
    """The single strongest seat scores; played cards go to the discard."""

    def run(self, m: Match) -> None:
        powers = {s: m.count("power", s) for s in m.alive()}
        best = [s for s, p in powers.items() if p == max(powers.values())]
        if len(best) == 1:
            m.add("score", 1, best[0])
        for s in m.alive():
            m.move_all(play(s), discard(s))
            m.set_count("power", 0, s)
        leaders = [s for s in m.alive() if m.count("score", s) >= m.options["target"]]
        if leaders:
            m.finish(leaders, f"reached {m.options['target']} points", duel_scores(m))


def duel_scores(m: Match) -> list[int]:
    return [m.count("score", s) for s in range(m.players)]


def duel_at_limit(m: Match) -> None:
    scores = duel_scores(m)
    m.finish([s for s, v in enumerate(scores) if v == max(scores)], "turn limit", scores)


def duel_describe(m: Match, player: int) -> dict[str, Any]:
    return {"scores": duel_scores(m), "my_tokens": m.count("tokens", player)}


def duel_redeal(m: Match, player: int) -> list[list[str]]:
    """For determinization: each seat's hidden cards stay within that seat's zones."""
    others = [[deck(s), hand(s)] for s in range(m.players) if s != player]
    return [[deck(player)], *others, ["box"]]


def duel_check(m: Match) -> list[str]:
    return [
        f"{c} of seat {m.card(c).seat} is in {zone}"
        for zone, cards in m.zones.items()
        for c in cards
        if zone != "box" and not zone.endswith(f":{m.card(c).seat}")
    ]


DUEL_SPEC = boardcore.GameSpec(
    name=DUEL,
    summary="commit a card in secret; the strongest scores",
    player_counts=(2, 3),
    setup=duel_setup,
    phases=(Draw, Commit),
    turn_order=boardcore.TurnOrder.EVERYONE,
    turn_limit=8,
    at_turn_limit=duel_at_limit,
    describe=duel_describe,
    check=duel_check,
    redeal=duel_redeal,
    options={"window": "close", "target": 3},
)
DUEL_TYPES = [Choose, Reveal, Score, Boost, BoostRestart, BoostNext]
DUEL_EFFECTS = {"double": lambda card: 2 * card.power}

# ---------------------------------------------------------------- toy-arena ---------

GEAR = ("Sword", "Helm", "Boots", "Ring", "Cloak")
HP = 3


@attrs.frozen
class ArenaTable:
    hits: tuple[int, ...]
    """Hits landed, per seat."""
    last_attack: tuple[int, int] | None = None
    """(attacker, target) of the latest attack."""


def arena_cards() -> list[boardcore.Card]:
    return [boardcore.Card(f"g{i + 1}", name) for i, name in enumerate(GEAR)]


def hero(m: Match, seat: int) -> str | None:
    found = m.pieces_of(seat, "hero")
    return found[0] if found else None


def arena_setup(m: Match) -> None:
    m.add_zone("armory", ZoneSpec(None, Visibility.PUBLIC), [c.id for c in arena_cards()])
    for s in range(m.players):
        m.set_count("hp", HP, m.add_piece("hero", s, f"home{s}"))
    m.table = ArenaTable(hits=(0,) * m.players)


class Arm(boardcore.Phase):
    name = "arm"

    def begin(self, m: Match) -> None:
        if m.cards("armory") and len(m.attached(hero(m, m.active))) < 2:
            TakeGear(m.active).run(m)


@attrs.frozen
class TakeGear(boardcore.Select):
    """Take at most one gear card from the armory (public), or done."""

    def candidates(self, m: Match, picked: tuple[str, ...]) -> Iterable[str]:
        return () if picked else m.cards("armory")

    def option(self, m: Match, item: str) -> boardcore.Action:
        return pick(item, f"take {m.card(item).name}")

    def complete(self, m: Match, picked: tuple[str, ...]) -> None:
        for card in picked:
            m.attach(card, "armory", hero(m, self.player), self.player)


class Attack(boardcore.Phase):
    name = "attack"

    def begin(self, m: Match) -> None:
        ChooseTarget(m.active).run(m)


@attrs.frozen
class ChooseTarget(boardcore.Step):
    player: int

    def run(self, m: Match) -> None:
        targets = [pick(str(t), f"attack seat {t}") for t in m.alive() if t != self.player]
        m.ask(self.player, targets, "attack whom?", self)

    def resolve(self, m: Match, player: int, action: boardcore.Action) -> None:
        target = int(action.item)  # type: ignore[attr-defined]
        mine, theirs = hero(m, player), hero(m, target)
        m.move_piece(mine, f"home{target}")
        roll = m.roll(6, f"seat {player} attacks seat {target}")
        m.table = attrs.evolve(m.table, last_attack=(player, target))
        if roll + len(m.attached(mine)) >= 5:
            hits = list(m.table.hits)
            hits[player] += 1
            m.table = attrs.evolve(m.table, hits=tuple(hits))
            if m.add("hp", -1, theirs) == 0:
                m.release(theirs, "armory")
                m.remove_piece(theirs)
                m.eliminate(target)
        m.move_piece(mine, f"home{player}")
        if len(m.alive()) == 1:
            m.finish(m.alive(), "last hero standing")


def arena_hp(m: Match) -> list[int]:
    return [0 if hero(m, s) is None else m.count("hp", hero(m, s)) for s in range(m.players)]


def arena_at_limit(m: Match) -> None:
    hp = arena_hp(m)
    m.finish([s for s in m.alive() if hp[s] == max(hp)], "turn limit", hp)


def arena_check(m: Match) -> list[str]:
    problems = [f"{z} hangs on a missing piece" for z, spec in m.specs.items() if spec.host and spec.host not in m.pieces]
    problems += [f"hp {v} of {k}" for k, v in m.counters.items() if k.startswith("hp@") and not 0 < v <= HP]
    return problems


ARENA_SPEC = boardcore.GameSpec(
    name=ARENA,
    summary="heroes take gear and roll to hit; last one standing wins",
    player_counts=(2, 3),
    setup=arena_setup,
    phases=(Arm, Attack),
    turn_order=boardcore.TurnOrder.SEATS,
    turn_limit=12,
    at_turn_limit=arena_at_limit,
    table_type=ArenaTable,
    check=arena_check,
)
ARENA_TYPES = [TakeGear, ChooseTarget]

# ---------------------------------------------------------------- the hooks ---------


@boardcore.hookimpl
def register_games() -> list[boardcore.GameSpec]:
    return [DUEL_SPEC, ARENA_SPEC]


@boardcore.hookimpl
def register_cards(game: str) -> list[boardcore.Card]:
    return {DUEL: duel_cards, ARENA: arena_cards}[game]()


@boardcore.hookimpl
def register_effects(game: str) -> dict[str, Any]:
    return DUEL_EFFECTS if game == DUEL else {}


@boardcore.hookimpl
def register_types(game: str) -> list[type]:
    return {DUEL: DUEL_TYPES, ARENA: ARENA_TYPES}[game]


# ---------------------------------------------------------------- helpers -----------


class Provider:
    """A provider object built from parts (for variants and deliberately broken games)."""

    def __init__(self, name: str, *specs: boardcore.GameSpec, cards=(), types=(), effects=None) -> None:
        self.name = name
        self.specs, self.cards, self.types, self.effects = list(specs), list(cards), list(types), effects or {}

    @boardcore.hookimpl
    def register_games(self) -> list[boardcore.GameSpec]:
        return self.specs

    @boardcore.hookimpl
    def register_cards(self, game: str) -> list[boardcore.Card]:
        return self.cards

    @boardcore.hookimpl
    def register_effects(self, game: str) -> dict[str, Any]:
        return self.effects

    @boardcore.hookimpl
    def register_types(self, game: str) -> list[type]:
        return self.types


def duel_variant(name: str, **changes: Any) -> boardcore.Game:
    """toy-duel under another name, with some of its spec changed."""
    spec = attrs.evolve(DUEL_SPEC, name=name, **changes)
    return boardcore.game_from_provider(Provider(name, spec, cards=duel_cards(), types=DUEL_TYPES, effects=DUEL_EFFECTS))


def duel(*plugins: Any) -> boardcore.Game:
    import sys

    return boardcore.game_from_provider(sys.modules[__name__], name=DUEL, plugins=plugins)


def arena(*plugins: Any) -> boardcore.Game:
    import sys

    return boardcore.game_from_provider(sys.modules[__name__], name=ARENA, plugins=plugins)


def first(state: boardcore.State, player: int | None = None, text: str = "") -> tuple[int, boardcore.Action]:
    """The first pending (player, option) whose option text contains ``text``."""
    for d in state.pending:
        if player is None or d.player == player:
            for o in d.options:
                if text in str(o):
                    return d.player, o
    raise AssertionError(f"no option {text!r} for {player} in {state.pending}")


def act(state: boardcore.State, player: int | None = None, text: str = "") -> boardcore.Action:
    p, o = first(state, player, text)
    state.apply(p, o)
    return o


def all_cards(state: boardcore.State) -> list[str]:
    return sorted(c for cards in state.match.zones.values() for c in cards)
