"""Test kit for Invasions of the Horse People and its expansions: the invariants, and scenarios in a few lines.

* :func:`check` - the invariants of rules section 7 that can be read off a match
  at any decision point, each broken one as a sentence; give it to
  ``boardcore.testing.check_game(game, checks=[check])``. :func:`problems` judges
  a finished play (the game itself only ever offers legal picks).
* :func:`deal` - a match at the start of a turn whose Migration deal gives each
  seat exactly the hand you list, with the Khan and the Loot you choose;
  :func:`hands_of` pads hands with cards their holder cannot play, :func:`cid`
  names a card by its printed name and value.
* :func:`play`, :func:`pick`, :func:`no_exchanges` answer the decisions card by
  card; :func:`asked`, :func:`items`, :func:`can_finish`, :func:`held` read them.

Every helper takes the loaded game (``game=``, the base game by default), so an
expansion's tests use them with its cards::

    from boardcore_horse_people.testing import cid, deal, hands_of, no_exchanges, play

    game = boardcore.load_game("invasions-of-the-horse-people", plugins=["hp-silk-road"])
    state = deal(hands_of([cid("Plunder", 4), "SR01-v2"], [], khan=0), khan=0, loot=(3, 2), turn=3, game=game)
    no_exchanges(state)
    play(state, 0, [cid("Plunder", 4), "SR01-v2"])
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import boardcore
from boardcore import Match
from boardcore.testing import arranged, decision, set_count, set_table

from .cards import CONSTANTS, TYPES, HorseCard, card_id, contest
from .rules import DRAW, HAND, LOOT, PLAY, TRIBUTE, WON, HorseTable, Reckoning, cards_in, loot

NAME = "invasions-of-the-horse-people"

MAX_GAIN = 15
"""The most a Tribute can earn: one Loot card of each of the three names, 5 each (HP-R07)."""


@lru_cache(maxsize=1)
def base_game() -> boardcore.Game:
    """The game without expansions, loaded once."""
    return boardcore.load_game(NAME)


# -- invariants ------------------------------------------------------------------------


def problems(play: str, cards: Sequence[HorseCard], kept: Sequence[HorseCard] | None = None) -> list[str]:
    """Why ``cards`` are not a legal ``play`` (``"tribute"`` or ``"invasion"``; empty if
    they are). ``kept`` is the rest of the hand, when known; without it the "exactly
    one if held" rule can only be checked as "at most one"."""
    found = [f"{card.label} ({card.type}) may not be played here" for card in cards if TYPES[card.type].play != play]
    kinds = sorted({card.type for card in cards} | {card.type for card in kept or ()})
    for kind in kinds:
        names = [card.name for card in cards if card.type == kind]
        if TYPES[kind].one_per_name:
            found += [f"{names.count(name)} cards named {name}" for name in sorted(set(names)) if names.count(name) > 1]
        if TYPES[kind].exactly_one and TYPES[kind].play == play:
            if len(names) > 1:
                found.append(f"{len(names)} {kind} cards")
            elif not names and kept is not None and any(card.type == kind for card in kept):
                found.append(f"held a {kind} card but played none")
    return found


def check(m: Match) -> list[str]:
    """Every broken invariant of rules section 7, as a sentence (empty when all hold).
    It reads everything, hidden cards and drafts included."""
    return [*_cards(m), *_title(m), *_areas(m), *_drafts(m), *_loot(m), *_reckoning(m)]


def _turn_khan(m: Match) -> int | None:
    """The Khan of this turn's Tribute: the title holder until the Invasion is
    resolved, then the one the reckoning names. The title may have changed hands
    by then, but the Tribute area stays his until the Steppes; a match that ends
    in the Invasion (only possible with an expansion) is checked in that state."""
    last = m.table.last
    return last.khan if last is not None and last.turn == m.turn else m.table.khan


def _cards(m: Match) -> list[str]:
    """Invariant 1 (the part beyond the engine's own check) and invariant 6."""
    found = []
    held = sum(len(cards) for cards in m.zones.values())
    if held != len(m.rules.cards):
        found.append(f"{held} cards in the zones, not {len(m.rules.cards)}")
    tribute, khan = len(m.cards(TRIBUTE)), _turn_khan(m)
    for seat in range(m.players):
        # A player's 7 cards are in his hand, his Invasion play, or (the Khan's) the Tribute area.
        size = len(m.cards(HAND[seat])) + len(m.cards(PLAY[seat]))
        if seat == khan:
            size += tribute
        if size not in (0, CONSTANTS.hand_size):
            found.append(f"seat {seat} has {size} cards between hand and plays")
    return found


def _title(m: Match) -> list[str]:
    """Invariant 3: one Khan at most, none on turn 1."""
    khan = m.table.khan
    if khan is not None and khan not in range(m.players):
        return [f"the Khan is seat {khan}, which does not exist"]
    if khan is not None and m.turn <= 1:
        return ["there is a Khan during turn 1"]
    if _turn_khan(m) is None and m.cards(TRIBUTE):
        return ["Tribute cards are out but there is no Khan"]
    return []


def _areas(m: Match) -> list[str]:
    """Invariants 4 and 5 on the face-up areas."""
    found = [f"tribute: {p}" for p in problems("tribute", cards_in(m, TRIBUTE))]
    khan = _turn_khan(m)
    for seat in range(m.players):
        play = cards_in(m, PLAY[seat])
        if play and seat == khan:
            found.append(f"the Khan (seat {seat}) made an Invasion play")
        if play:
            found += [f"{PLAY[seat]}: {p}" for p in problems("invasion", play, cards_in(m, HAND[seat]))]
    return found


def _drafts(m: Match) -> list[str]:
    """Picks not yet revealed must already be a legal start of a play."""
    found = []
    khan = m.table.khan
    for seat, picks in m.drafts.items():
        held = cards_in(m, HAND[seat])
        picked: list[HorseCard] = [m.card(c) for c in picks]
        if any(card not in held for card in picked):
            found.append(f"seat {seat} picked cards that are not in his hand")
        if m.phase == "tribute":
            if seat != khan:
                found.append(f"seat {seat} is choosing a Tribute but is not the Khan")
            found += [f"seat {seat} tribute draft: {p}" for p in problems("tribute", picked)]
        elif m.phase == "invasion":
            if seat == khan:
                found.append(f"the Khan (seat {seat}) is choosing an Invasion play")
            # Whether a held Tribe was played can only be judged on the revealed
            # play; a draft only has to be a legal start.
            found += [f"seat {seat} invasion draft: {p}" for p in problems("invasion", picked)]
        elif len(picks) > CONSTANTS.max_exchange:
            found.append(f"seat {seat} exchanges {len(picks)} cards")
    return found


def _loot(m: Match) -> list[str]:
    """Invariants 2 and 8: Loot only from Tributes, at most 15 a turn, game over at 12."""
    found = []
    scores = loot(m)
    target = CONSTANTS.loot_to_win
    if sum(scores) > MAX_GAIN * max(0, m.turn - 1):
        found.append(f"Loot {scores} is more than Tributes could pay by turn {m.turn}")
    rich = [seat for seat, points in enumerate(scores) if points >= target]
    if m.result is None and rich:
        found.append(f"seats {rich} reached {target} Loot but the game goes on")
    if m.result is not None and m.result.reason == WON and (rich != list(m.result.winners) or len(rich) != 1):
        found.append(f"won on Loot by {m.result.winners} but {rich} reached {target}")
    if any(points > target - 1 + MAX_GAIN for points in scores):
        found.append(f"Loot {scores} above what one last Tribute allows")
    if m.turn > CONSTANTS.turn_limit:
        found.append(f"turn {m.turn} is past the turn limit")
    return found


def _reckoning(m: Match) -> list[str]:
    """Invariants 2, 3 and 7 on the figures of the last Invasion."""
    last = m.table.last
    if last is None:
        return [] if m.table.khan is None else ["a Khan was made without an Invasion"]
    found = []
    if last.gain != min(last.loot, last.conquest) or last.loot > MAX_GAIN:
        found.append(f"turn {last.turn}: Tribute of {last.loot} against {last.conquest} paid {last.gain}")
    if last.deposed != (last.khan is not None and last.weakness > last.conquest):
        found.append(f"turn {last.turn}: Weakness {last.weakness} against {last.conquest}, deposed={last.deposed}")
    if last.contested != (last.khan is None or last.deposed):
        found.append(f"turn {last.turn}: contest held={last.contested}")
    if last.khan is not None and (last.khan in last.candidates or last.strengths[last.khan] != 0):
        found.append(f"turn {last.turn}: the Khan played Invasion cards")
    expected = contest({seat: last.strengths[seat] for seat in last.candidates}) if last.contested else None
    if last.crowned != expected:
        found.append(f"turn {last.turn}: seat {last.crowned} was crowned against the rules")
    title = last.crowned if last.contested else last.khan
    if m.table.khan != title:
        found.append(f"the Khan is {m.table.khan}, but turn {last.turn} left {title}")
    return found


# -- scenarios -------------------------------------------------------------------------


def cid(name: str, value: int | None = None, game: boardcore.Game | None = None) -> str:
    """The id of the card printed ``name`` with ``value`` (no value for a Tribe)."""
    rows = {card.name: card.row for card in _horse_cards(game)}
    return card_id(rows[name], value)


def crowned_before(khan: int, players: int, turn: int) -> Reckoning:
    """A plausible record of the Invasion that made ``khan`` Khan in ``turn``."""
    return Reckoning(
        turn=turn, khan=None, loot=0, conquest=0, gain=0, weakness=0, deposed=False,
        strengths=(0,) * players, candidates=(khan,), contested=True, crowned=khan,
    )  # fmt: skip


def deal(
    hands: Sequence[Sequence[str]],
    *,
    khan: int | None = None,
    loot: Sequence[int] = (),
    turn: int = 1,
    seed: int = 0,
    then: Sequence[Sequence[Sequence[str]]] = (),
    game: boardcore.Game | None = None,
) -> boardcore.State:
    """A match at the start of turn ``turn`` whose Migration deal gives seat ``s``
    exactly ``hands[s]`` (card ids), with the given Khan and Loot; it waits for the
    Migration exchange. ``then`` lists the hands of the following turns' deals
    (assuming nobody exchanges cards)."""
    players = len(hands)
    top = [card for deal in (hands, *then) for cards in deal for card in cards]

    def before(state: boardcore.State) -> None:
        state.match.turn = turn - 1
        set_table(state, khan=khan, last=None if khan is None else crowned_before(khan, players, turn - 1))
        for seat, points in enumerate(loot):
            set_count(state, LOOT, points, seat)

    return arranged(game or base_game(), players, seed, top={DRAW: top}, before=before)


def _horse_cards(game: boardcore.Game | None) -> list[HorseCard]:
    return [card for card in (game or base_game()).cards.values() if isinstance(card, HorseCard)]


def _ids_of(game: boardcore.Game, *kinds: str) -> list[str]:
    return sorted(card.id for card in _horse_cards(game) if card.type in kinds)


def hands_of(
    *specs: Sequence[str], khan: int | None = None, avoid: Sequence[Sequence[str]] = (), game: boardcore.Game | None = None
) -> list[list[str]]:
    """Seven-card hands: each seat's listed cards, padded with cards that seat cannot
    play this turn (Conquest and Loot for a Nomad, Weakness for the Khan; HP-R20)
    and not used in the hands of ``avoid``."""
    game = game or base_game()
    used = {card for spec in (*specs, *avoid) for card in spec}
    hands = []
    for seat, spec in enumerate(specs):
        pool = _ids_of(game, "weakness") if seat == khan else _ids_of(game, "conquest", "loot")
        extra = [card for card in pool if card not in used][: CONSTANTS.hand_size - len(spec)]
        used.update(extra)
        hands.append([*spec, *extra])
    return hands


def asked(state: boardcore.State) -> list[int]:
    """The seats being asked now, in seat order."""
    return sorted(d.player for d in state.pending)


def items(state: boardcore.State, seat: int) -> list[str]:
    """The card ids ``seat`` may pick now (not "done")."""
    return [o.item for o in decision(state, seat).options if isinstance(o, boardcore.actions.Pick)]


def can_finish(state: boardcore.State, seat: int) -> bool:
    """Whether ``seat`` is offered "done" now."""
    return boardcore.actions.DONE in decision(state, seat).options


def pick(state: boardcore.State, seat: int, cards: Sequence[str]) -> None:
    """Pick ``cards`` (ids) one at a time without finishing the choice."""
    for card in cards:
        offered = [o for o in decision(state, seat).options if isinstance(o, boardcore.actions.Pick) and o.item == card]
        assert offered, f"{card} not among {[str(o) for o in decision(state, seat).options]}"
        state.apply(seat, offered[0])


def play(state: boardcore.State, seat: int, cards: Sequence[str] = ()) -> None:
    """Pick ``cards`` (ids) one at a time, then "done".

    "Done" is always asked, even when it is the only option left: whether a player
    has a choice depends on his hidden hand, so answering for him would tell the
    others about it.
    """
    pick(state, seat, cards)
    state.apply(seat, boardcore.actions.DONE)


def no_exchanges(state: boardcore.State) -> None:
    """Every seat keeps its dealt hand."""
    for seat in range(state.players):
        play(state, seat)


def held(state: boardcore.State, seat: int) -> list[str]:
    """The card ids in ``seat``'s hand."""
    return list(state.match.cards(HAND[seat]))


def table(state: boardcore.State) -> HorseTable:
    """The game's table: the Khan and the last Invasion's figures."""
    return state.match.table
