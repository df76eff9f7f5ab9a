"""Every card's text read back against its data (issue 35): what a player reads at the
table (``PWCard.text``) gives the card's family, every number its row prints and its
note, and the note says what the ruling behind the card says."""

from __future__ import annotations

import pytest

from boardcore_prehistoric_warfare import CARDS, CardType, PWCard, Side

from .pw_helpers import GAME

T = CardType

READS = {
    T.PERSON: "{name} (Person, strength {strength}{note})",
    T.RANGED: "{name} (Ranged weapon, strength {strength}{note})",
    T.HTH: "{name} (HTH weapon, +{strength}{note})",
    T.BOTH: "{name} (Ranged & HTH weapon, strength {strength}, HTH +{bonus})",  # PW-R13: "Both Ranged & HTH"
    T.ARMOR: "{name} (Armor, attacks on its wearer at +1{note})",  # PW-R06, PW-R07: printed "-1"
    T.DEFENSE: "{name} (Defense; Reroll 1 raid roll as the Defender{note})",  # PW-R30
    T.TACTICS: "{name} (Tactics; Reroll 1 raid roll as the Attacker{note})",  # PW-R30
    T.RAID: "{name} (Raiding{note})",
    T.HUNT: "{name} (Hunting, food {food}{note})",  # PW-R18
    T.HARDSHIP: "{name} (Hardship, {category}{note})",  # PW-R19, PW-R20
    T.SPECIAL: "{name} (Special{note})",
}
"""How a card of each type reads (section 1.1), filled in from the card's own data."""

RULED = {
    "PW001": ("PW-R08", "Great Warrior (Person, strength 7; Attacks against him are at +1)"),
    "PW002": ("PW-R09", "Chieftain (Person, strength 6; Reroll 1 roll in each raid he fights in)"),
    "PW005": ("PW-R10", "Hunter (Person, strength 3; His ranged weapon gets strength +1)"),
    "PW022": ("PW-R13", "Sticks & Stones (Ranged & HTH weapon, strength 2, HTH +1)"),
    "PW024": ("PW-R07", "Piecemeal Armor (Armor, attacks on its wearer at +1)"),
    "PW090": ("PW-R17", "Trade (Special; Draw 2 cards)"),
    "PW075": ("PW-R20", "Wolves (Hardship, animal)"),
    "PW100": ("PW-R20", "Dogs (Special; Negate Animal Hardship)"),
    "PW088": ("PW-R28", "Massacre (Special; As the Attacker, fight another raid round)"),
    "PW089": ("PW-R28", "Counter-Attack (Special; As the Defender, fight another raid round)"),
    "PW028": ("PW-R30", "Set Traps (Defense; Reroll 1 raid roll as the Defender)"),
    "PW030": ("PW-R30", "Surrounded (Tactics; Reroll 1 raid roll as the Attacker)"),
}
"""Cards whose words a ruling fixes, by row: the ruling, and the whole text."""


UNREAD = ("None", "{", "}", " vs ", "Str+")
"""What no text may show: a missing value, a template left unfilled, the printed shorthands."""


def read_back(card: PWCard) -> str:
    note = f"; {card.note}" if card.note else ""
    fields = {"name": card.name, "strength": card.strength, "bonus": card.bonus, "food": card.food}
    return READS[card.type].format(**fields, category=card.category, note=note)


def test_every_card_reads_back_its_data():
    """All 183 cards: the family, the numbers the row prints (section 1.1) and the note."""
    for card in CARDS:
        assert card.text == read_back(card), card.id
        assert not [word for word in UNREAD if word in card.text], card.id


@pytest.mark.parametrize("row", sorted(RULED), ids=[f"{RULED[row][0]}-{row}" for row in sorted(RULED)])
def test_a_ruled_card_says_its_ruling(row):
    ruling, text = RULED[row]
    assert GAME.cards[f"{row}-1"].text == text, ruling


def test_pw_r08_the_great_warrior_reads_as_attacks_against_him():
    """PW-R08: the printed "Attack rolls vs are at +1" lacks its object; the text says
    the attacks against him are at +1, the +1 his effect adds to M."""
    warrior = GAME.cards["PW001-1"]
    assert warrior.note == "Attacks against him are at +1" and "vs" not in warrior.text
    assert GAME.effects["great-warrior"].modifier_against(warrior) == 1


def test_each_effect_says_in_its_text_what_it_answers():
    """The numbers an effect answers with (PW-R08 to PW-R10, PW-R17, PW-R20, PW-R28) are
    the ones its card's text gives."""
    for card in CARDS:
        effect = GAME.effects.get(card.effect) if card.effect else None
        if effect is None:
            continue
        bonus = effect.modifier_against(card) or effect.ranged_bonus(card)
        assert not bonus or f"+{bonus}" in card.text, card.id
        assert not effect.raid_rerolls(card) or f"Reroll {effect.raid_rerolls(card)} " in card.text, card.id
        assert not effect.draws(card) or f"Draw {effect.draws(card)} cards" in card.text, card.id
        side = effect.extra_round_for(card)
        assert side is None or f"As the {side.name.title()}, fight another raid round" in card.text, card.id
        assert card.negates is None or f"Negate {card.negates.title()} Hardship" in card.text, card.id
    sides = {GAME.effects[card.effect].extra_round_for(card) for card in CARDS if card.effect}
    assert sides >= {Side.ATTACKER, Side.DEFENDER}
