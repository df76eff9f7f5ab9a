"""At the table: cards read with what matters in play, the game's events as sentences,
and the terminal screen (``boardcore.display``) showing both."""

from __future__ import annotations

import boardcore
from boardcore.display import Seating, is_bookkeeping, narrate, render_event, render_view
from boardcore.testing import advance_to, choose, events
from boardcore_prehistoric_warfare import CARDS, AttackMode, Attacked, Cause, EnteredPlay, LeftPlay, RaidBegan, RaidDecided
from boardcore_prehistoric_warfare import CardsDrawn, FoodPaid, FoodStolen, Hunted, RaidDeclared

from .pw_helpers import GAME, play_on, position, raid

TEXT = {c.id: c.text for c in CARDS}


def test_person_and_weapon_cards_read_with_their_strength():
    """Section 1.1: a person and a ranged weapon print a strength, an HTH weapon its bonus;
    the note follows, in its ruling's words (PW-R09 Chieftain, PW-R10 Hunter)."""
    assert TEXT["PW004-1"] == "Warrior (Person, strength 4)"
    assert TEXT["PW002-1"] == "Chieftain (Person, strength 6; Reroll 1 roll in each raid he fights in)"
    assert TEXT["PW005-1"] == "Hunter (Person, strength 3; His ranged weapon gets strength +1)"
    assert TEXT["PW007-1"] == "Spear Thrower (Ranged weapon, strength 6)"
    assert TEXT["PW016-1"] == "Stone Axe (HTH weapon, +3)"


def test_sticks_and_stones_and_armor():
    """PW-R13: Sticks & Stones gives ranged strength 2 and HTH +1; PW-R06/PW-R07: armor
    puts attacks on its wearer at +1 (printed "-1")."""
    assert TEXT["PW022-1"] == "Sticks & Stones (Ranged & HTH weapon, strength 2, HTH +1)"
    assert TEXT["PW023-1"] == "Wooden Shield (Armor, attacks on its wearer at +1)"


def test_food_hardship_special_and_raid_cards():
    """PW-R18 food value; PW-R20 a Hardship's category and the Special that negates it;
    PW-R28 what Massacre does, which it does not print."""
    assert TEXT["PW035-1"] == "Mammoth Hunters (Hunting, food 6)"
    assert TEXT["PW075-1"] == "Wolves (Hardship, animal)"
    assert TEXT["PW100-1"] == "Dogs (Special; Negate Animal Hardship)"
    assert TEXT["PW088-1"] == "Massacre (Special; As the Attacker, fight another raid round)"
    assert TEXT["PW034-1"] == "War Party (Raiding)"


def test_shared_name_keeps_its_family_and_label_is_unchanged():
    """PW-R05: the two "Set Traps" rows read apart; ``label`` (option texts) stays as it was.
    PW-R30: a Defense card says it is the Defender's reroll."""
    assert TEXT["PW028-1"] == "Set Traps (Defense; Reroll 1 raid roll as the Defender)"
    assert TEXT["PW051-1"] == "Set Traps (Hunting, food 3)"
    assert [c.label for c in CARDS if c.id in ("PW007-1", "PW051-1")] == ["Spear Thrower", "Set Traps (Hunting)"]


def test_every_card_reads_with_a_text():
    assert all(c.text.startswith(c.name + " (") and "None" not in c.text for c in CARDS)


def said(state: boardcore.State, kind: type) -> list[str | None]:
    return [render_event(e, {}) for e in events(state, kind)]


def test_a_raid_reads_as_sentences():
    """PW-R07: the hit test d10 + M <= S, here 2 + 1 (armor) against 4 + 3 (Stone Axe);
    PW-R41: the killed marker's armor is discarded with it."""
    state, built = raid([("Warrior", ["Stone Axe"])], [("generic", ["Wooden Shield"])], dice=[2, 9])
    assert said(state, RaidBegan) == ["seat 0 raids seat 1 with Warrior"]
    assert said(state, Attacked) == [
        "Warrior attacks a generic (hth): roll 2 + 1 against strength 7: a hit",
        "a generic attacks Warrior (hth): roll 9 + 0 against strength 1: a miss",
    ]
    assert said(state, LeftPlay)[-1] == "seat 1 loses a generic (killed; gear discarded: Wooden Shield)"
    assert said(state, RaidDecided) == ["seat 0 vs seat 1: the raid ends after 1 round(s), losses 0, 1; winning seat: 0"]
    assert "Warrior enters play for seat 0 as #21" in said(state, EnteredPlay)


def test_event_sentences_for_each_cause_and_no_winner():
    """PW-R27: a raid may have no winner; PW-R41: the causes a person leaves play by."""
    assert str(LeftPlay("PW005-3", 2, Cause.STARVATION)) == "seat 2 loses Hunter (starvation; gear discarded: none)"
    left = LeftPlay("PW001-1", 1, Cause.HARDSHIP, ("PW022-1", "PW024-2"))
    assert str(left) == "seat 1 loses Great Warrior (hardship; gear discarded: Sticks & Stones, Piecemeal Armor)"
    assert str(LeftPlay("person-4", 0, Cause.CAPTURED)) == "seat 0 loses a generic (captured; gear discarded: none)"
    shot = Attacked(AttackMode.RANGED, "PW005-1", "PW001-2", 7, 1, 6, True)
    assert str(shot) == "Hunter attacks Great Warrior (ranged): roll 6 + 1 against strength 7: a hit"
    assert str(RaidDecided(1, 0, 10, (2, 2), None)) == "seat 1 vs seat 0: the raid ends after 10 round(s), losses 2, 2; winning seat: none"


def test_a_card_played_is_told_once():
    """Issue 35: the choice that plays a card tells it ("Ann: play Murder on Bob"), then the
    card moves to the discard pile; neither the engine's ``CardPlayed`` nor the game's
    moments of the play (the hunt, the raid declared) tell it again. The moments whose
    counters and cards moved say what happened have no sentence of their own."""
    state, _ = position(hands={0: ["Fruits", "Murder", "War Party"], 1: ["Dogs"]},
                        tribes={0: ["Warrior"], 1: ["generic", "generic"]}, deck=["Honey"])  # fmt: skip
    start = len(state.events)
    advance_to(state, "hunt")
    choose(state, 0, "hunt Fruits (+2 food)")
    advance_to(state, "elements")
    play_on(state, 0, "Murder", 1)
    choose(state, 1, "pass")
    advance_to(state, "raid")
    play_on(state, 0, "War Party", 1)
    told = [line for line in narrate(state.events, start, TEXT, ["Ann", "Bob"].__getitem__) if line]

    def about(card: str) -> list[str]:
        return [line for line in told if card in line]

    assert about("Fruits") == ["Ann: hunt Fruits (+2 food)", "hand:0 -> discard: Fruits (Hunting, food 2)"]
    assert about("Murder") == ["Ann: play Murder on Bob", "hand:0 -> discard: Murder (Hardship, social)"]
    assert about("War Party") == ["Ann: play War Party on Bob", "hand:0 -> discard: War Party (Raiding)"]
    assert "Bob loses a generic (hardship; gear discarded: none)" in told
    quiet = (CardsDrawn, Hunted, FoodPaid, RaidDeclared, FoodStolen)
    assert all(is_bookkeeping(event) for event in state.events if isinstance(event, quiet))
    assert any(isinstance(event, Hunted) for event in state.events[start:])


def test_fields_and_saves_are_unchanged():
    """The sentences are read-outs only: the events keep their fields and repr."""
    event = EnteredPlay("person-1", 0, 1)
    assert repr(event) == "EnteredPlay(person='person-1', owner=0, entry=1)"


def test_screen_shows_hand_and_tribe_texts():
    """A fixed-seed match: seat 0's hand and tribe read with strengths, gear with its bonus."""
    assert "hand:0 [1]: Spear Thrower (Ranged weapon, strength 6)" in render_view(GAME.new_state(players=2, seed=1).view(0))
    state, _ = position(tribes={0: [("Warrior", ["Stone Axe"])]}, hands={0: ["Deer", "Wolves"]}, seed=1)
    screen = render_view(state.view(0))
    assert "tribe:0 [1]: Warrior (Person, strength 4)" in screen
    assert ": Stone Axe (HTH weapon, +3)" in screen
    assert "Deer (Hunting, food 4); Wolves (Hardship, animal)" in screen


def test_the_table_shows_each_tribes_people_by_seat():
    """PW-R01: the score played for is each tribe's people, a list by seat (``describe``)
    that the table shows as a row by seat, the players named."""
    state, _ = position(players=3, tribes={1: ["generic"] * 9})
    view = state.view(0)
    assert view["game_view"] == {"people": [10, 9, 10]}
    seating = Seating.of(["Ann", "Bob", "Cy"], 3, view["game_view"])
    assert "  people: Ann 10, Bob 9, Cy 10" in render_view(view, seating=seating).splitlines()
