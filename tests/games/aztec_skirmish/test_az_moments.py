"""The moments Aztec Skirmish performs, each modified and replaced by a plugin made on
the spot (a house rule, or a card), a phase skipped for one player, and card types of
a plugin's own accepted by the game's windows. Every position is arranged; the game
has no dice, and the decks are stacked by ``position``."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import boardcore
from boardcore import CANCEL
from boardcore.events import MomentCancelled, MomentReplaced, PhaseBegan
from boardcore.grid import move as move_piece
from boardcore.testing import choose, events, options
from boardcore_aztec_skirmish import (
    ATTACKED,
    DISCARD,
    DRAW,
    HAND,
    HITS,
    MOVED,
    AttackDeclared,
    AttackResolved,
    AztecCard,
    CardsDrawn,
    CardUse,
    UnitKilled,
    UnitMoved,
    User,
    damage,
    end_now,
)
from boardcore_aztec_skirmish.testing import CQ, at, check, discarded, hits_at, names, piece_on, position, with_plugin

RULE = "test-plugin"
"""The name the engine gives the rules of ``with_plugin`` in MomentCancelled / MomentReplaced."""


def rule(**methods: Any) -> boardcore.Effect:
    """An effect that belongs to no card, from decorated functions."""
    return type("Rule", (boardcore.Effect,), methods)()


def game_with(**methods: Any) -> boardcore.Game:
    return with_plugin(rules=[rule(**methods)])


# -- CardsDrawn ----------------------------------------------------------------------------


def test_az_r05_a_rule_modifies_the_fate_draw():
    @boardcore.modifies(CardsDrawn)
    def plenty(self, m, card, drawn):
        return attrs.evolve(drawn, count=drawn.count + 1) if drawn.purpose == "fate" else None

    s = position({"d4": "warrior"}, cards=["Maneuver"], game=game_with(plenty=plenty))
    assert len(s.match.cards(HAND[0])) == 4  # three stacked cards, and one more
    assert events(s, CardsDrawn)[-1] == CardsDrawn(0, 4, "fate", DRAW, HAND[0])
    assert check(s.match) == []


def test_az_r27_a_rule_replaces_the_draw_of_a_draw2_card():
    """Instead of drawing 2 from the draw pile, the player takes the top 2 of the discard pile."""

    def is_draw2(m, card, drawn):
        return drawn.purpose == "draw2"

    @boardcore.replaces(CardsDrawn, when=is_draw2)
    def from_the_dead(self, m, card, drawn):
        m.move(m.cards(DISCARD)[-drawn.count :], DISCARD, HAND[drawn.player])

    s = position({"d4": "warrior"}, cards=["Blood Sacrifice", "Maneuver"], game=game_with(from_the_dead=from_the_dead))
    pile = len(s.match.cards(DRAW))
    choose(s, 0, "play Blood Sacrifice (draw 2, Z)")
    assert events(s, MomentReplaced)[-1] == MomentReplaced(CardsDrawn(0, 2, "draw2", DRAW, HAND[0]), RULE)
    assert "Blood Sacrifice" in names(s, 0) and discarded(s) == [] and len(s.match.cards(DRAW)) == pile
    assert not any("Blood Sacrifice" in o for o in options(s))  # still once a turn (AZ-R27)


# -- UnitMoved -----------------------------------------------------------------------------


def test_az_r09_a_cancelled_move_uses_no_move_of_the_unit():
    """A marsh on d5: a move that would end there does not happen; the card is spent."""

    @boardcore.modifies(UnitMoved)
    def marsh(self, m, card, moved):
        return CANCEL if moved.square == "d5" else None

    s = position({"d4": "warrior"}, cards=["Maneuver", "Maneuver"], game=game_with(marsh=marsh))
    choose(s, 0, "play Maneuver (move 1)", "move Warrior d4->d5")
    assert at(s, "d4") == "warrior" and s.match.marked(MOVED) == () and discarded(s) == ["Maneuver"]
    warrior = piece_on(s, "d4")
    assert events(s, MomentCancelled)[-1] == MomentCancelled(UnitMoved(0, warrior, "d4", "d5", "AZ31-1"), RULE)
    choose(s, 0, "play Maneuver (move 1)", "move Warrior d4->e5")  # its one move is still there (AZ-R09)
    assert at(s, "e5") == "warrior" and s.match.marked(MOVED) == (warrior,)


def test_az_r10_a_rule_changes_where_a_move_ends():
    @boardcore.modifies(UnitMoved)
    def drift(self, m, card, moved):
        return attrs.evolve(moved, square="d5") if moved.square == "d6" else None

    s = position({"d4": "warrior"}, cards=["Advance"], game=game_with(drift=drift))
    choose(s, 0, "play Advance (move 2)", "move Warrior d4->d6")
    assert at(s, "d5") == "warrior" and at(s, "d6") is None
    assert events(s, UnitMoved)[-1].square == "d5"  # recorded as it happened


def test_az_r13_a_rule_replaces_a_horsemans_moves_with_free_rides():
    """Fresh horses: a Horseman's move happens without using one of his two moves."""

    def horseman(m, card, moved):
        return m.pieces[moved.unit].kind == "horseman"

    @boardcore.replaces(UnitMoved, when=horseman)
    def fresh_horses(self, m, card, moved):
        move_piece(m, moved.unit, moved.square)

    s = position({"h6": "horseman"}, active=CQ, cards=["Maneuver", "Maneuver", "Maneuver"], game=game_with(fresh=fresh_horses))
    for start, end in (("h6", "h5"), ("h5", "h4"), ("h4", "h3")):
        choose(s, 1, "play Maneuver (move 1)", f"move Horseman {start}->{end}")
    assert at(s, "h3") == "horseman" and s.match.marked(MOVED) == ()  # a third move: AZ-R13 set aside
    assert len(events(s, MomentReplaced)) == 3 and not events(s, UnitMoved)


def test_az_r12_each_unit_of_a_group_move_is_a_moment():
    @boardcore.modifies(UnitMoved)
    def halt(self, m, card, moved):
        return CANCEL if moved.group and moved.start == "a2" else None

    s = position({"a3": "warrior", "a2": "warrior"}, cards=["Advance"], game=game_with(halt=halt))
    choose(s, 0, "play Advance (move 2)", "group move forward")  # a3 goes alone first: the engine takes it
    assert events(s, UnitMoved)[-1] == UnitMoved(0, piece_on(s, "a5"), "a3", "a5", "AZ32-1", group=True)
    choose(s, 0, "move Warrior a2->a4 (group)")
    assert at(s, "a2") == "warrior" and events(s, MomentCancelled)[-1].moment.group


# -- AttackDeclared --------------------------------------------------------------------------


def test_az_r24_a_rule_modifies_a_declared_attack_to_spare_friends():
    """Called shots: a cannon shot hits only enemy units."""

    @boardcore.modifies(AttackDeclared)
    def called_shots(self, m, card, declared):
        enemies = tuple(v for v in declared.attack.victims if m.pieces[v].owner != declared.attack.seat)
        return attrs.evolve(declared, attack=attrs.evolve(declared.attack, victims=enemies))

    s = position({"d7": "cannon", "d5": "warrior", "c5": "soldier"}, active=CQ, cards=["Canister Shot"],
                 game=game_with(called_shots=called_shots))  # fmt: skip
    choose(s, 1, "done", "play Canister Shot (cannon, canister, C)", "Cannon d7 fires S at d6, d5, e5, c5")
    assert at(s, "d5") is None and hits_at(s, "c5") == 2  # no friendly fire (AZ-R24 set aside)
    assert events(s, AttackResolved)[-1].attack.victims == (events(s, UnitKilled)[-1].piece,)


def test_az_r17_a_cancelled_attack_asks_no_defense_and_the_unit_has_not_attacked():
    """A truce with the Leaders: an attack on a Leader does not take place."""

    @boardcore.modifies(AttackDeclared)
    def truce(self, m, card, declared):
        leaders = {"war-leader", "captain"}
        return CANCEL if any(m.pieces[v].kind in leaders for v in declared.attack.victims) else None

    s = position({"d7": "warrior", "d8": "captain", "e8": "soldier"}, cards=["Obsidian Spears", "Dagger"],
                 enemy_cards=["Steel Helmets"], game=game_with(truce=truce))  # fmt: skip
    choose(s, 0, "done", "play Obsidian Spears (attack 1, Z)", "Warrior d7 attacks Captain d8")
    assert events(s, MomentCancelled)[-1].moment.attack.card == "AZ04-1"
    assert s.pending[0].player == 0 and s.match.marked(ATTACKED) == ()  # no Defense question (AZ-D08)
    choose(s, 0, "play Dagger (attack 1)", "Warrior d7 attacks Soldier e8")
    choose(s, 1, "pass")
    assert hits_at(s, "e8") == 1 and not s.is_over


def test_az_r25_a_variant_replaces_an_attack_skipping_the_defense_and_the_aftermath():
    """Ambush: a Jaguar Knight's attack strikes at once; no Defense card can negate it."""

    def jaguar(m, card, declared):
        return m.pieces[declared.attack.unit].kind == "jaguar-knight"

    @boardcore.replaces(AttackDeclared, when=jaguar)
    def ambush(self, m, card, declared):
        m.mark(ATTACKED, declared.attack.unit)
        damage(m, declared.attack.victims)
        end_now(m)

    s = position({"d4": "jaguar-knight", "d5": "soldier"}, cards=["Spiked Clubs"], enemy_cards=["Steel Helmets"],
                 game=game_with(ambush=ambush))  # fmt: skip
    choose(s, 0, "done", "play Spiked Clubs (attack 1, Z)", "Jaguar Knight d4 attacks Soldier d5")
    assert hits_at(s, "d5") == 1 and s.pending[0].player == 0  # the defender was never asked
    assert isinstance(events(s, MomentReplaced)[-1].moment, AttackDeclared) and not events(s, AttackResolved)


FEINT = AztecCard("AZT01-1", "Feint", user=User.Z, printed_type="D", type="feint", use=CardUse.NEGATE)
"""An Aztec card of a type of its own that negates (so the Defense window offers it)."""


def defender(m: boardcore.Match, card: AztecCard, declared: AttackDeclared) -> int | None:
    """The attacked seat, when it holds the card."""
    seat = 1 - declared.attack.seat
    return seat if card.id in m.cards(HAND[seat]) else None


class Feint(boardcore.Effect):
    """Instead of an attack on you, you may discard Feint: the attack does not take place."""

    @boardcore.replaces(AttackDeclared, may=defender, seats=lambda m, declared: (1 - declared.attack.seat,))
    def feint(self, m: boardcore.Match, card: AztecCard, declared: AttackDeclared) -> None:
        m.move((card.id,), HAND[1 - declared.attack.seat], DISCARD)


@pytest.fixture(scope="module")
def feinting():
    return with_plugin(cards=[attrs.evolve(FEINT, effect="feint")], effects={"feint": Feint()})


def test_az_d08_a_card_replaces_an_attack_at_its_holders_choice(feinting):
    s = position({"d5": "soldier", "d4": "warrior"}, active=CQ, cards=["Rapiers"], enemy_cards=["Feint"], game=feinting)
    choose(s, 1, "done", "play Rapiers (attack 1, C)", "Soldier d5 attacks Warrior d4")
    assert (s.pending[0].player, s.pending[0].prompt) == (0, "attack declared: use a card instead, or pass")
    assert options(s) == ["Feint (feint, Z): instead of this", "pass"]
    choose(s, 0, "Feint (feint, Z): instead of this")
    assert at(s, "d4") == "warrior" and discarded(s) == ["Rapiers", "Feint"] and s.pending[0].player == 1
    assert events(s, MomentReplaced)[-1].by == "AZT01-1" and s.match.marked(ATTACKED) == ()


def test_az_d08_a_defender_without_the_card_is_asked_too_and_passes(feinting):
    """Being asked must not tell the attacker whether the defender holds the card."""
    s = position({"d5": "soldier", "d4": "warrior"}, active=CQ, cards=["Rapiers"], enemy_cards=["Maneuver"], game=feinting)
    choose(s, 1, "done", "play Rapiers (attack 1, C)", "Soldier d5 attacks Warrior d4")
    assert s.pending[0].player == 0 and options(s) == ["pass"]
    assert boardcore.testing.check_who_is_asked(s, redeals=6) is None
    choose(s, 0, "pass", "pass")  # no card instead; then no Defense card either (AZ-D08)
    assert at(s, "d4") is None


# -- AttackResolved --------------------------------------------------------------------------


def test_az_r28_a_rule_modifies_the_damage_of_an_attack():
    """A variant where Massacre deals 2 Hits (in the rules it is a plain attack, AZ-R32)."""

    @boardcore.modifies(AttackResolved)
    def slaughter(self, m, card, resolved):
        return attrs.evolve(resolved, hits=2) if m.card(resolved.attack.card).name == "Massacre" else None

    s = position({"d5": "soldier", "d4": "jaguar-knight"}, active=CQ, cards=["Massacre"], game=game_with(slaughter=slaughter))
    choose(s, 1, "done", "play Massacre (attack 1, C)", "Soldier d5 attacks Jaguar Knight d4")
    resolved = events(s, AttackResolved)[-1]
    assert at(s, "d4") is None and (resolved.hits, len(resolved.killed)) == (2, 1)


def test_az_r29_a_rule_replaces_a_cannon_shot_and_the_leaders_are_still_checked():
    """Misfire: instead of hitting its squares, a cannon loses 1 Hit itself."""

    def cannon(m, card, resolved):
        return m.pieces[resolved.attack.unit].kind == "cannon"

    @boardcore.replaces(AttackResolved, when=cannon)
    def misfire(self, m, card, resolved):
        damage(m, (resolved.attack.unit,))

    s = position({"c7": "cannon", "c4": "warrior", "a7": "warrior"}, active=CQ, cards=["Round Shot"], game=game_with(misfire=misfire))
    choose(s, 1, "done", "play Round Shot (cannon, round, C)", "Cannon c7 fires S at c6, c5, c4, c3, c2, c1")
    assert at(s, "c4") == "warrior" and hits_at(s, "c7") == 1 and not events(s, AttackResolved)
    s = position({"c7": "captain", "d7": "cannon", "d5": "warrior"}, active=CQ, cards=["Round Shot"], hits={"d7": 1},
                 game=game_with(misfire=misfire))  # fmt: skip
    choose(s, 1, "done", "play Round Shot (cannon, round, C)", "Cannon d7 fires S at d6, d5, d4, d3, d2, d1")
    assert at(s, "d7") is None and not s.is_over  # a Cannon is no Leader: the check finds both standing


# -- UnitKilled ------------------------------------------------------------------------------


def test_az_r28_a_cancelled_kill_leaves_the_unit_with_its_hits():
    @boardcore.modifies(UnitKilled)
    def fight_on(self, m, card, killed):
        return CANCEL if killed.unit == "jaguar-knight" else None

    s = position({"d5": "soldier", "d4": "jaguar-knight"}, active=CQ, cards=["Rapiers"], hits={"d4": 1},
                 game=game_with(fight_on=fight_on))  # fmt: skip
    choose(s, 1, "done", "play Rapiers (attack 1, C)", "Soldier d5 attacks Jaguar Knight d4")
    assert hits_at(s, "d4") == 1 and events(s, AttackResolved)[-1].killed == ()
    assert events(s, MomentCancelled)[-1].moment == UnitKilled(piece_on(s, "d4"), "jaguar-knight", 0, "d4")


def test_az_r29_a_bodyguard_dies_instead_of_the_war_leader():
    def guarded(m, card, killed):
        return killed.unit == "war-leader" and bool(guards(m, killed))

    def guards(m, killed):
        return [p for p in m.pieces_of(killed.owner, "warrior") if m.pieces[p].square in {"d1", "f1", "e2"}]

    @boardcore.replaces(UnitKilled, when=guarded)
    def bodyguard(self, m, card, killed):
        guard = guards(m, killed)[0]
        m.perform(UnitKilled(guard, "warrior", killed.owner, m.pieces[guard].square))

    s = position({"e1": "war-leader", "f1": "warrior", "f2": "soldier"}, active=CQ, cards=["Rapiers"], hits={"e1": 1},
                 game=game_with(bodyguard=bodyguard))  # fmt: skip
    choose(s, 1, "done", "play Rapiers (attack 1, C)", "Soldier f2 attacks War Leader e1")
    assert not s.is_over and at(s, "e1") == "war-leader" and at(s, "f1") is None
    assert hits_at(s, "e1") == 1 and events(s, UnitKilled)[-1].unit == "warrior"
    assert check(s.match) == []


# -- phases ----------------------------------------------------------------------------------


def test_az_r33_terror_makes_the_side_hit_by_a_cannon_skip_its_next_move_phase():
    @boardcore.reacts_to(AttackResolved)
    def terror(self, m, card, resolved):
        if resolved.killed and m.card(resolved.attack.card).shot is not None:  # a cannon shot
            m.skip_phase(1 - resolved.attack.seat, "move")

    s = position({"d7": "cannon", "d5": "warrior", "a3": "warrior"}, active=CQ, cards=["Canister Shot"], enemy_cards=["Maneuver"],
                 game=game_with(terror=terror))  # fmt: skip
    choose(s, 1, "done", "play Canister Shot (cannon, canister, C)", "Cannon d7 fires S at d6, d5, e5, c5")
    choose(s, 0, "pass")
    assert s.match.skips(0, "move") == 1
    choose(s, 1, "done")  # the Conquistador's turn ends; the Aztec's Fate, then no Move Phase
    assert (s.turn, s.match.phase, s.pending[0].player) == (3, "attack", 0)
    assert events(s, MomentCancelled)[-1] == MomentCancelled(PhaseBegan("move", 0), "skip_phase")
    assert s.match.skips(0, "move") == 0  # the flag cleared itself
    choose(s, 0, "done")
    assert s.match.phase == "move" and s.pending[0].player == 1  # the other side moves as usual


def test_az_r05_a_rule_replaces_the_first_fate_phase_of_the_aztec():
    def first_fate(m, card, began):
        return began.phase == "fate" and m.turn == 1

    @boardcore.replaces(PhaseBegan, when=first_fate)
    def forced_march(self, m, card, began):
        pass  # no cards on the first turn

    s = position({"d4": "warrior"}, cards=["Maneuver"], game=game_with(forced_march=forced_march))
    assert events(s, MomentReplaced) == [MomentReplaced(PhaseBegan("fate", 0), RULE)]
    # With an empty hand the Aztec is asked nothing (its size is public): turn 2 has begun.
    # (a draw is logged as CardsDrawn only while something acts on it: the cards moved tell it here)
    fate_draws = [e.target for e in events(s, boardcore.events.CardsMoved) if e.target in (HAND[0], HAND[1])]
    assert s.match.cards(HAND[0]) == () and s.turn == 2 and HAND[0] not in fate_draws and HAND[1] in fate_draws


# -- card types of a plugin's own ------------------------------------------------------------

VOLLEY = AztecCard("AZT02-1", "Volley", user=User.Z, printed_type="A", type="volley", use=CardUse.STRIKE, range=2)


def test_az_r25_a_card_of_a_new_type_that_negates_is_offered_by_the_defense_window(feinting):
    s = position({"d5": "soldier", "d4": "warrior"}, active=CQ, cards=["Rapiers"], enemy_cards=["Feint"], game=feinting)
    choose(s, 1, "done", "play Rapiers (attack 1, C)", "Soldier d5 attacks Warrior d4")
    choose(s, 0, "pass")  # not instead of the attack: then it may negate it as a Defense card
    assert options(s) == ["play Feint (feint, Z): negate the attack", "pass"]
    choose(s, 0, "play Feint (feint, Z): negate the attack")
    assert at(s, "d4") == "warrior" and events(s, AttackResolved)[-1].negated_by == "AZT01-1"


def test_az_d07_a_card_of_a_new_type_that_strikes_is_offered_by_the_attack_menu():
    s = position({"d4": "warrior", "d6": "soldier"}, cards=["Volley"], game=with_plugin(cards=[VOLLEY]))
    choose(s, 0, "done")
    assert options(s) == ["play Volley (volley 2, Z)", "done"]
    choose(s, 0, "play Volley (volley 2, Z)", "Warrior d4 attacks Soldier d6")
    assert hits_at(s, "d6") == 1 and VOLLEY.text == "Volley (attack, range 2, Aztec)"


def test_az_a_row_of_an_unknown_type_must_say_its_use():
    row = {"id": "AZT03-1", "name": "Omen", "user": "Z", "printed_type": "-", "type": "omen"}
    with pytest.raises(boardcore.InvalidData, match="the type 'omen' is not one of the game's") as caught:
        boardcore.loaders.structure(row, AztecCard, "row")
    assert caught.value.where == "row: $.type"
    assert boardcore.loaders.structure({**row, "use": "draw"}, AztecCard, "row").use is CardUse.DRAW


@pytest.mark.slow
def test_az_a_game_whose_moments_a_plugin_changes_keeps_every_property(feinting):
    """An optional replacement asked after every attack, and the game's invariants, with
    re-deals, saves and the secrecy of who is asked checked along random games."""
    summary = boardcore.testing.check_game(feinting, games=3, seed=31, every=20, cross_process=False, checks=[check])
    assert summary.games == 3
