"""The worked example of the rules reference (section 6), traced exactly."""

from __future__ import annotations

from boardcore.testing import arranged
from boardcore_gallic_wars.testing import exchange, hands_fought

ROMAN_HAND = [
    "Caesar", "Legions", "Centurions", "Professional Soldiers",
    "Spies", "Generals", "Hostile Territory", "Pilum & Gladius",
]  # fmt: skip
ROMAN_REPLACEMENTS = ["Conquest", "Discipline", "Reserves", "Roman Politics"]
CELTIC_HAND = ["Vercingetorix", "Commius", "Gauls", "Tribes", "Skill", "Charges", "Revolt", "Tribal Divisions"]
CELTIC_REPLACEMENTS = ["Women & Children"]


def test_worked_example_hand_one_totals_55_and_62(game):
    state = arranged(
        game,
        players=2,
        seed=11,
        top={"draw:0": ROMAN_HAND + ROMAN_REPLACEMENTS, "draw:1": CELTIC_HAND + CELTIC_REPLACEMENTS},
    )
    view = state.view(0)
    assert sorted(c["name"] for c in view["zones"]["hand:0"]["cards"]) == sorted(ROMAN_HAND)

    exchange(state, 0, ["Professional Soldiers", "Spies", "Pilum & Gladius", "Hostile Territory"])
    exchange(state, 1, ["Tribal Divisions"])

    (fought,) = hands_fought(state)
    assert fought.hand == 1
    assert fought.totals == (55, 62)
    assert fought.winner == 1  # the Celts win hand 1
    assert [state.match.count("streak", seat) for seat in (0, 1)] == [0, 1]
    zones = state.match.zones
    assert (len(zones["draw:0"]), len(zones["draw:1"])) == (24 - 8, 27 - 8)  # hand 2 already drawn
    assert (len(zones["discard:0"]), len(zones["discard:1"])) == (12, 9)
    assert state.turn == 2 and not state.is_over


def test_worked_example_hands_after_the_exchange(game):
    state = arranged(
        game, seed=5, top={"draw:0": ROMAN_HAND + ROMAN_REPLACEMENTS, "draw:1": CELTIC_HAND + CELTIC_REPLACEMENTS}
    )
    exchange(state, 0, ["Professional Soldiers", "Spies", "Pilum & Gladius", "Hostile Territory"])
    exchange(state, 1, ["Tribal Divisions"])
    battle_hands = {}
    from boardcore.events import CardsMoved

    for event in state.events:
        if isinstance(event, CardsMoved) and event.source.startswith("hand:") and event.target.startswith("discard:"):
            battle_hands.setdefault(event.source, []).append(event.cards)
    names = {cid: card.name for cid, card in game.cards.items()}
    roman_battle = sorted(names[c] for c in battle_hands["hand:0"][-1])
    assert roman_battle == sorted(
        ["Caesar", "Legions", "Centurions", "Generals", "Conquest", "Discipline", "Reserves", "Roman Politics"]
    )
    celtic_battle = sorted(names[c] for c in battle_hands["hand:1"][-1])
    assert celtic_battle == sorted(CELTIC_HAND[:-1] + ["Women & Children"])
