"""The examples of "For expansion authors" in docs/games/aztec-skirmish.md run as written:
a modification (AZ-R28), a replacement (AZ-R29), an optional replacement and a reaction,
a card row of a type of its own (AZ-D08), and the testing helpers."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import boardcore
from boardcore.testing import choose, events, options
from boardcore_aztec_skirmish import AztecCard, CardUse, User
from boardcore_aztec_skirmish.testing import CQ, at, position, with_plugin

PAGE = Path(__file__).resolve().parents[3] / "docs" / "games" / "aztec-skirmish.md"


def blocks(language: str) -> list[str]:
    text = PAGE.read_text(encoding="utf-8")
    section = text[text.index("## For expansion authors") : text.index("## Rulings that matter at the table")]
    return re.findall(rf"```{language}\n(.*?)```", section, flags=re.S)


def test_az_r28_r29_the_python_examples_run_and_do_what_the_page_says():
    found: dict[str, object] = {}
    for code in blocks("python"):
        exec(compile(code, str(PAGE), "exec"), found)  # the last block plays and checks a game
    # The bodyguard dies instead of the War Leader (AZ-R29).
    game = with_plugin(rules=[found["Bodyguard"]()])
    s = position({"e1": "war-leader", "f1": "warrior", "f2": "soldier"}, active=CQ, cards=["Rapiers"], hits={"e1": 1}, game=game)
    choose(s, 1, "done", "play Rapiers (attack 1, C)", "Soldier f2 attacks War Leader e1")
    assert at(s, "e1") == "war-leader" and at(s, "f1") is None and not s.is_over
    # Terror: a kill by a cannon shot skips the defender's next Move Phase.
    s = position({"d7": "cannon", "d5": "warrior"}, active=CQ, cards=["Canister Shot"], game=with_plugin(rules=[found["Terror"]()]))
    choose(s, 1, "done", "play Canister Shot (cannon, canister, C)", "Cannon d7 fires S at d6, d5, e5, c5")
    assert s.match.skips(0, "move") == 1


def test_az_d08_the_feint_of_the_page_is_offered_instead_of_an_attack():
    found: dict[str, object] = {}
    for code in blocks("python")[:3]:
        exec(compile(code, str(PAGE), "exec"), found)
    feint = AztecCard("AZT01-1", "Feint", user=User.Z, printed_type="D", type="feint", use=CardUse.NEGATE, effect="feint")
    game = with_plugin(cards=[feint], effects={"feint": found["Feint"]()})
    s = position({"d5": "soldier", "d4": "warrior"}, active=CQ, cards=["Rapiers"], enemy_cards=["Feint"], game=game)
    choose(s, 1, "done", "play Rapiers (attack 1, C)", "Soldier d5 attacks Warrior d4")
    choose(s, 0, "Feint (feint, Z): instead of this")
    assert at(s, "d4") == "warrior" and events(s, boardcore.events.MomentReplaced)[-1].by == "AZT01-1"


def test_az_d08_the_card_row_of_a_type_of_its_own_is_offered_by_the_defense_window():
    (toml,) = blocks("toml")
    cards = boardcore.loaders.make_cards(tomllib.loads(toml)["cards"], AztecCard)
    assert cards[0].use is CardUse.NEGATE and cards[0].label == "Obsidian Mirror (mirror, Z)"
    s = position({"d5": "soldier", "d4": "warrior"}, active=CQ, cards=["Rapiers"], enemy_cards=["Obsidian Mirror"],
                 game=with_plugin(cards=cards))  # fmt: skip
    choose(s, 1, "done", "play Rapiers (attack 1, C)", "Soldier d5 attacks Warrior d4")
    assert options(s) == ["play Obsidian Mirror (mirror, Z): negate the attack", "pass"]
