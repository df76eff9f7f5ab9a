"""Two toy games for the engine tests, declared exactly as a third-party game would be.

This module is a game provider: its ``@boardcore.hookimpl`` functions are what a
``boardcore.games`` entry point would point at. Load a game with::

    boardcore.registry.game_from_provider(toy, name=toy.DUEL)

Every step, action and event class defined here is found by the engine (the
module is the provider), so the module implements no ``register_types``.

**toy-duel** (2-3 players, ``TurnOrder.EVERYONE``). Each seat owns a deck of six
cards (powers 1-6; the Axe's "double" effect doubles its power), a hidden draw
pile that refills from the seat's public discard, and a hand limited to 3 cards.
Every turn: everyone draws 2 and discards down to 3 (``EnforceLimit``); everyone
secretly commits one card (``Commit``, a ``SecretChoices`` of secret ``Select``
steps, revealed together); then a ``Boost`` window lets seats, weakest first,
spend a token for +2 power (the option ``window`` picks CLOSE, RESTART or NEXT);
the single strongest seat scores a point. First to ``target`` points wins; after
8 turns the best score wins (``at_limit``). The Boost window is ``public``: its
reactions come from tokens, a public counter.

**toy-arena** (2-3 players, ``TurnOrder.SEATS``). Each seat has a hero piece
with 3 "hp" (a counter owned by the piece). On its turn the active seat may take
one gear card from the public armory and attach it to its hero (a public, non-secret
``Select``), then attacks another seat (a public ``Choose``, answered by the engine
when only one target is left): a d6 plus the attacker's gear count of 5 or more
hits. A hero at 0 hp drops its gear back to the armory, leaves the board and its
seat is eliminated; the last seat standing wins (``end_if``); after 12 turns the
healthiest win.

The games' invariants are not part of the games (v2 has no ``GameSpec.check``):
they are :func:`duel_check` and :func:`arena_check`, passed to ``check_game`` as
``checks``.

``Provider`` builds other games from parts, as a third party might with an object
instead of a module (used for variants and deliberately broken games in the tests).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

import attrs

import boardcore
from boardcore import Match, Result, SeatZones, Visibility, Zone
from boardcore.actions import pick
from boardcore.steps import AfterReaction

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


BOX = Zone("box", Visibility.HIDDEN)
"""The cards of seats not in the match."""
DISCARD = SeatZones("discard", Visibility.PUBLIC)
DECK = SeatZones("deck", Visibility.HIDDEN, refill=DISCARD)
HAND = SeatZones("hand", Visibility.OWNER, limit=HAND_LIMIT)
PLAY = SeatZones("play", Visibility.PUBLIC)
TOKENS = boardcore.Tally("tokens", start=2)
POWER = boardcore.Tally("power")
SCORE = boardcore.Tally("score")


def duel_setup(m: Match) -> None:
    """Each seat's six cards into its deck (the others into the box), shuffled; 2 cards dealt."""
    cards = m.rules.cards.values()
    m.fill(BOX, [c.id for c in cards if getattr(c, "seat", 0) >= m.players])
    for s in range(m.players):
        m.fill(DECK[s], [c.id for c in cards if getattr(c, "seat", None) == s])
        m.shuffle(DECK[s])
        m.draw(DECK[s], HAND[s], 2)


class Draw(boardcore.Phase):
    name = "draw"

    def begin(self, m: Match) -> None:
        for s in m.alive():
            m.draw(DECK[s], HAND[s], 2)
        m.schedule(*(boardcore.steps.EnforceLimit(HAND[s], DISCARD[s]) for s in m.alive()))


@attrs.frozen
class CommitCard(boardcore.steps.Select):
    """One seat's secret commitment: one card of its hand, then "done"."""

    secret = True

    def candidates(self, m: Match, picked: tuple[str, ...]) -> Iterable[str]:
        return () if picked else m.cards(HAND[self.player])

    def can_stop(self, m: Match, picked: tuple[str, ...]) -> bool:
        return len(picked) == 1

    def option(self, m: Match, item: str) -> boardcore.actions.Action:
        return pick(item, f"commit {m.card(item).label}")


def power(m: Match, card_id: str) -> int:
    card = m.card(card_id)
    effect = m.rules.effect(card_id)
    return card.power if effect is None else effect.power(card)


@attrs.frozen
class Commit(boardcore.steps.SecretChoices):
    """Everyone secretly commits one card; the commitments are revealed together."""

    name: ClassVar[str] = "commit"
    commit: ClassVar[type[CommitCard]] = CommitCard

    def choosers(self, m: Match) -> Sequence[int]:
        return m.alive()

    def selection(self, m: Match, seat: int) -> boardcore.steps.Select:
        return self.commit(seat)

    def reveal(self, m: Match, chosen: Mapping[int, tuple[str, ...]]) -> None:
        for s, picks in chosen.items():
            m.move(picks, HAND[s], PLAY[s])
            m.set_count(POWER, sum(power(m, c) for c in picks), s)
        m.schedule(WINDOWS[m.options["window"]](), Score())


@attrs.frozen
class QuickCommitCard(CommitCard):
    """The same choice declared public: a lone option is answered by the engine."""

    public = True


@attrs.frozen
class QuickCommit(Commit):
    commit: ClassVar[type[CommitCard]] = QuickCommitCard


class Double(boardcore.Effect):
    """The Axe: counts twice its printed power."""

    def power(self, card: DuelCard) -> int:
        return 2 * card.power


BOOST = pick("boost", "spend a token: +2 power")


@attrs.frozen
class Boost(boardcore.steps.Window):
    """Seats, weakest first, may spend a token for +2 power; then the window closes.

    Tokens are public, so the window is ``public``: a seat without a token is skipped."""

    public = True

    def responders(self, m: Match) -> list[int]:
        return sorted(m.alive(), key=lambda s: (m.count(POWER, s), s))

    def reactions(self, m: Match, player: int) -> list[boardcore.actions.Action]:
        return [BOOST] if m.count(TOKENS, player) else []

    def react(self, m: Match, player: int, action: boardcore.actions.Action) -> None:
        m.add(TOKENS, -1, player)
        m.add(POWER, 2, player)


@attrs.frozen
class BoostRestart(Boost):
    """After a boost, offer the window again from the (new) weakest seat."""

    after = AfterReaction.RESTART


@attrs.frozen
class BoostNext(Boost):
    """After a boost, go on to the next seat."""

    after = AfterReaction.NEXT


@attrs.frozen
class BoostAskAll(Boost):
    """The same window left at the default, ``public = False``: every responder is
    asked, even one whose only option is "pass"."""

    public = False


@attrs.frozen
class BoostMayReact(BoostAskAll):
    """Not public, but a seat without a token cannot react, and everybody can tell."""

    def may_react(self, m: Match, player: int) -> bool:
        return m.count(TOKENS, player) > 0


@attrs.frozen
class BoostToWin(BoostRestart):
    """A boost that wins the match at once (the window would otherwise open again)."""

    def react(self, m: Match, player: int, action: boardcore.actions.Action) -> None:
        super().react(m, player, action)
        m.finish([player], "boosted to victory", duel_scores(m))


WINDOWS: dict[str, type[Boost]] = {
    "close": Boost,
    "restart": BoostRestart,
    "next": BoostNext,
    "ask-all": BoostAskAll,
    "may-react": BoostMayReact,
    "sudden": BoostToWin,
}


@attrs.frozen
class Score(boardcore.Step):
    """The single strongest seat scores; played cards go to the discard."""

    def run(self, m: Match) -> None:
        powers = {s: m.count(POWER, s) for s in m.alive()}
        best = [s for s, p in powers.items() if p == max(powers.values())]
        if len(best) == 1:
            m.add(SCORE, 1, best[0])
        for s in m.alive():
            m.move_all(PLAY[s], DISCARD[s])
            m.set_count(POWER, 0, s)
        leaders = [s for s in m.alive() if m.count(SCORE, s) >= m.options["target"]]
        if leaders:
            m.finish(leaders, f"reached {m.options['target']} points", duel_scores(m))


def duel_scores(m: Match) -> list[int]:
    return [m.count(SCORE, s) for s in range(m.players)]


def duel_at_limit(m: Match) -> Result:
    scores = duel_scores(m)
    return Result(tuple(s for s, v in enumerate(scores) if v == max(scores)), "turn limit", tuple(scores))


def duel_describe(m: Match, player: int) -> dict[str, Any]:
    return {"scores": duel_scores(m), "my_tokens": m.count(TOKENS, player)}


def duel_redeal(m: Match, player: int) -> list[list[str]]:
    """The hand-written redeal 0.1 needed: each seat's hidden cards stay within that
    seat's zones (``boardcore.redeal_by_owner`` now says the same)."""
    others = [[DECK[s], HAND[s]] for s in range(m.players) if s != player]
    return [[DECK[player]], *others, [BOX]]


def duel_check(m: Match) -> list[str]:
    """The duel's invariant: a seat's cards never leave that seat's zones (or the box)."""
    return [
        f"{c} of seat {m.card(c).seat} is in {zone}"
        for zone, cards in m.zones.items()
        for c in cards
        if zone != BOX and not zone.endswith(f":{m.card(c).seat}")
    ]


DUEL_SPEC = boardcore.GameSpec(
    name=DUEL,
    summary="commit a card in secret; the strongest scores",
    player_counts=(2, 3),
    zones=(BOX, DECK, HAND, DISCARD, PLAY),
    counters=(TOKENS, POWER, SCORE),
    setup=duel_setup,
    phases=(Draw, Commit),
    turn_order=boardcore.TurnOrder.EVERYONE,
    turn_limit=8,
    at_limit=duel_at_limit,
    describe=duel_describe,
    redeal=boardcore.redeal_by_owner,
    options=(
        boardcore.SetupOption("window", "close", choices=tuple(WINDOWS), help="what the Boost window does after a boost"),
        boardcore.SetupOption("target", 3, help="points that win"),
    ),
)
DUEL_EFFECTS = {"double": Double()}

# ---------------------------------------------------------------- toy-arena ---------

GEAR = ("Sword", "Helm", "Boots", "Ring", "Cloak")
HP = 3
ARMORY = Zone("armory", Visibility.PUBLIC)


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
    m.fill(ARMORY, [c.id for c in arena_cards()])
    for s in range(m.players):
        m.set_count("hp", HP, m.add_piece("hero", s, f"home{s}"))
    m.table = ArenaTable(hits=(0,) * m.players)


class Arm(boardcore.Phase):
    name = "arm"

    def begin(self, m: Match) -> None:
        if m.cards(ARMORY) and len(m.attached(hero(m, m.active))) < 2:
            TakeGear(m.active).run(m)


@attrs.frozen
class TakeGear(boardcore.steps.Select):
    """Take at most one gear card from the armory, or done (the armory is public)."""

    public = True

    def candidates(self, m: Match, picked: tuple[str, ...]) -> Iterable[str]:
        return () if picked else m.cards(ARMORY)

    def option(self, m: Match, item: str) -> boardcore.actions.Action:
        return pick(item, f"take {m.card(item).label}")

    def complete(self, m: Match, picked: tuple[str, ...]) -> None:
        for card in picked:
            m.attach(card, ARMORY, hero(m, self.player), self.player)


class Attack(boardcore.Phase):
    name = "attack"

    def begin(self, m: Match) -> None:
        ChooseTarget(m.active).run(m)


@attrs.frozen
class ChooseTarget(boardcore.steps.Choose):
    """Attack another seat (who is left is public, so a lone target is chosen by the engine)."""

    public = True

    def items(self, m: Match, player: int) -> Iterable[tuple[str, str]]:
        return [(str(t), f"attack seat {t}") for t in m.alive() if t != player]

    def prompt(self, m: Match, player: int) -> str:
        return "attack whom?"

    def chosen(self, m: Match, player: int, item: str) -> None:
        target = int(item)
        mine, theirs = hero(m, player), hero(m, target)
        m.move_piece(mine, f"home{target}")
        roll = m.roll(6, f"seat {player} attacks seat {target}")
        m.table = attrs.evolve(m.table, last_attack=(player, target))
        if roll + len(m.attached(mine)) >= 5:
            hits = list(m.table.hits)
            hits[player] += 1
            m.table = attrs.evolve(m.table, hits=tuple(hits))
            if m.add("hp", -1, theirs) == 0:
                m.release(theirs, ARMORY)
                m.remove_piece(theirs)
                m.eliminate(target)
        m.move_piece(mine, f"home{player}")


def arena_hp(m: Match) -> list[int]:
    return [0 if hero(m, s) is None else m.count("hp", hero(m, s)) for s in range(m.players)]


def arena_end(m: Match) -> Result | None:
    """The last seat standing wins (checked by the flow whenever a phase ends)."""
    alive = m.alive()
    return Result(alive, "last hero standing") if len(alive) == 1 else None


def arena_at_limit(m: Match) -> Result:
    hp = arena_hp(m)
    return Result(tuple(s for s in m.alive() if hp[s] == max(hp)), "turn limit", tuple(hp))


def arena_check(m: Match) -> list[str]:
    problems = [f"{z} hangs on a missing piece" for z, spec in m.specs.items() if spec.host and spec.host not in m.pieces]
    problems += [f"hp {v} of {k}" for k, v in m.counters.items() if k.startswith("hp@") and not 0 < v <= HP]
    return problems


ARENA_SPEC = boardcore.GameSpec(
    name=ARENA,
    summary="heroes take gear and roll to hit; last one standing wins",
    player_counts=(2, 3),
    zones=(ARMORY,),
    setup=arena_setup,
    phases=(Arm, Attack),
    turn_order=boardcore.TurnOrder.SEATS,
    end_if=arena_end,
    turn_limit=12,
    at_limit=arena_at_limit,
    table_type=ArenaTable,
)

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


# ---------------------------------------------------------------- helpers -----------


class Provider:
    """A provider object built from parts (for variants and deliberately broken games).

    Being defined in this module, it makes the engine find this module's classes;
    ``types`` adds classes defined elsewhere (in a test module)."""

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


def duel_variant(name: str, types: Sequence[type] = (), **changes: Any) -> boardcore.Game:
    """toy-duel under another name, with some of its spec changed."""
    spec = attrs.evolve(DUEL_SPEC, name=name, **changes)
    return boardcore.registry.game_from_provider(Provider(name, spec, cards=duel_cards(), types=types, effects=DUEL_EFFECTS))


def arena_variant(name: str, types: Sequence[type] = (), **changes: Any) -> boardcore.Game:
    """toy-arena under another name, with some of its spec changed."""
    spec = attrs.evolve(ARENA_SPEC, name=name, **changes)
    return boardcore.registry.game_from_provider(Provider(name, spec, cards=arena_cards(), types=types))


def duel(*plugins: Any) -> boardcore.Game:
    return boardcore.registry.game_from_provider(sys.modules[__name__], name=DUEL, plugins=plugins)


def arena(*plugins: Any) -> boardcore.Game:
    return boardcore.registry.game_from_provider(sys.modules[__name__], name=ARENA, plugins=plugins)


def first_real_choice(game: boardcore.Game, players: int, seed: int) -> boardcore.State:
    """A new match of ``game``, played on with the first option until someone has a choice."""
    state = game.new_state(players=players, seed=seed)
    while len(state.pending[0].options) < 2:
        state.apply(state.pending[0].player, state.pending[0].options[0])
    return state


def first(state: boardcore.State, player: int | None = None, text: str = "") -> tuple[int, boardcore.actions.Action]:
    """The first pending (player, option) whose option text contains ``text``."""
    for d in state.pending:
        if player is None or d.player == player:
            for o in d.options:
                if text in str(o):
                    return d.player, o
    raise AssertionError(f"no option {text!r} for {player} in {state.pending}")


def act(state: boardcore.State, player: int | None = None, text: str = "") -> boardcore.actions.Action:
    p, o = first(state, player, text)
    state.apply(p, o)
    return o


def commit(state: boardcore.State, seat: int, text: str = "") -> None:
    """Seat commits the card whose option contains ``text``, then says "done" (v2 asks
    the lone "done": the commitment is not declared public)."""
    act(state, seat, f"commit {text}" if text else "commit")
    act(state, seat, "done")


def all_cards(state: boardcore.State) -> list[str]:
    return sorted(c for cards in state.match.zones.values() for c in cards)
