"""The opt-in Omens expansion: absent, Aztec Skirmish is unchanged; present, each card
works in arranged positions, and random games keep the engine's properties and the
game's invariants."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

import boardcore
from boardcore.testing import check_game, choose, events, options
from boardcore_aztec_skirmish import CARDS, LEADER_KILLED, MOVED, AttackResolved, UnitKilled
from boardcore_aztec_skirmish.testing import CQ, at, check, discarded, hits_at, piece_on, position, with_plugin

OMENS = ("AZO01-1", "AZO02-1")
MIRROR = "play Smoking Mirror (defense, Z): negate the attack"


@pytest.fixture(scope="module")
def base():
    return boardcore.load_game("aztec-skirmish")


@pytest.fixture(scope="module")
def variant():
    return boardcore.load_game("aztec-skirmish", plugins=["az-omens"])


def random_history(game, seed, steps=500, **options):
    """A legal history of random choices (a local generator: only the test's own choices)."""
    pick = random.Random(seed)
    state = game.new_state(seed=seed, **options)
    while not state.is_over and len(state.history) < steps:
        d = state.pending[pick.randrange(len(state.pending))]
        state.apply(d.player, d.options[pick.randrange(len(d.options))])
    return state


# -- absent: the base game is byte-identical ------------------------------------------------


def test_absent_the_base_game_keeps_its_cards_and_effects(base, variant):
    assert base.plugins == () and variant.plugins == ("az-omens",)
    assert tuple(base.cards.values()) == CARDS and len(base.cards) == 79
    assert not set(OMENS) & set(base.cards) and set(OMENS) <= set(variant.cards)
    assert base.effects == {} and set(variant.effects) == {"smoking-mirror", "santiago"}
    assert base.reacting is False  # no card of the base game reacts to rule moments


@pytest.mark.parametrize(("seed", "options"), [(1, {}), (7, {"deployment": "standard"}), (11, {"aztec": 1})])
def test_absent_games_replay_byte_for_byte_after_the_plugin_was_loaded(base, variant, seed, options):
    played = random_history(base, seed, **options)
    again = boardcore.load_game("aztec-skirmish")  # loaded after the variant was
    assert again.replay(seed=seed, players=2, history=played.history, **options).to_json() == played.to_json()
    assert again.new_state(seed=seed, **options).to_json() == base.new_state(seed=seed, **options).to_json()


def test_absent_the_base_game_matches_a_process_that_never_imported_the_plugin(base):
    played = random_history(base, 5, deployment="standard")
    child = (
        "import json, sys, boardcore\n"
        "args = json.load(sys.stdin)\n"
        "game = boardcore.load_game('aztec-skirmish')\n"
        "state = game.replay(seed=5, players=2, history=args, deployment='standard')\n"
        "assert 'boardcore_az_omens' not in sys.modules\n"
        "sys.stdout.write(state.to_json())\n"
    )
    history = json.dumps([[p, boardcore.to_data(a)] for p, a in played.history])
    done = subprocess.run([sys.executable, "-c", child], input=history, capture_output=True, text=True, check=True)
    assert done.stdout == played.to_json()


def test_present_the_cards_are_shuffled_into_the_shared_deck(variant):
    state = variant.new_state(seed=3, deployment="standard")
    m = state.match
    assert len(m.cards("draw")) + sum(len(m.cards(f"hand:{seat}")) for seat in (0, 1)) == 81
    assert variant.card("AZO01-1").label == "Smoking Mirror (defense, Z)"
    assert variant.card("AZO02-1").label == "Santiago! (attack 1, horsemen only, C)"


# -- Smoking Mirror ----------------------------------------------------------------------------


def attack_the_aztec(variant, card, attack, units, hits=None):
    """The Conquistador plays ``card`` (its label) for ``attack``; the Aztec holds the
    Smoking Mirror and Wooden Shields."""
    mirror = ["Smoking Mirror", "Wooden Shields"]
    s = position(units, active=CQ, cards=[card.split(" (")[0]], enemy_cards=mirror, hits=hits, game=variant)
    choose(s, 1, "done", f"play {card}", attack)
    return s


def test_smoking_mirror_negates_the_attack_and_the_attacker_loses_a_hit(variant):
    s = attack_the_aztec(variant, "Rapiers (attack 1, C)", "Soldier d5 attacks Warrior d4", {"d5": "soldier", "d4": "warrior"})
    assert options(s) == [MIRROR, "play Wooden Shields (defense, Z): negate the attack", "pass"]
    choose(s, 0, MIRROR)
    assert at(s, "d4") == "warrior" and hits_at(s, "d5") == 1  # negated, and the Soldier is hurt
    resolved = events(s, AttackResolved)[-1]
    assert resolved.negated_by == "AZO01-1" and resolved.killed == ()
    assert discarded(s)[-2:] == ["Rapiers", "Smoking Mirror"]


def test_smoking_mirror_turns_a_cannon_shot_back_on_the_cannon(variant):
    units = {"d7": "cannon", "d5": "warrior", "c5": "soldier", "a5": "warrior"}
    s = attack_the_aztec(variant, "Canister Shot (cannon, canister, C)", "Cannon d7 fires S at d6, d5, e5, c5", units, hits={"d7": 1})
    choose(s, 0, MIRROR)
    assert at(s, "d5") == "warrior" and hits_at(s, "c5") == 2  # no friendly fire either
    assert at(s, "d7") is None and events(s, UnitKilled)[-1].unit == "cannon"
    assert not s.is_over


def test_smoking_mirror_killing_the_attacking_captain_wins_for_the_aztec(variant):
    s = attack_the_aztec(variant, "Rapiers (attack 1, C)", "Captain d5 attacks Warrior d4", {"d5": "captain", "d4": "warrior"}, hits={"d5": 1})
    choose(s, 0, MIRROR)
    assert s.is_over and s.result.winners == (0,) and s.result.reason == LEADER_KILLED


def test_another_defense_card_or_a_pass_reflects_nothing(variant):
    s = attack_the_aztec(variant, "Rapiers (attack 1, C)", "Soldier d5 attacks Warrior d4", {"d5": "soldier", "d4": "warrior"})
    choose(s, 0, "play Wooden Shields (defense, Z): negate the attack")
    assert hits_at(s, "d5") == 2 and at(s, "d4") == "warrior"
    s = attack_the_aztec(variant, "Rapiers (attack 1, C)", "Soldier d5 attacks Warrior d4", {"d5": "soldier", "d4": "warrior"})
    choose(s, 0, "pass")
    assert hits_at(s, "d5") == 2 and at(s, "d4") is None  # the Mirror stays in hand, unused


# -- Santiago! ---------------------------------------------------------------------------------


def charge(variant, units, attack, **kwargs):
    s = position(units, active=CQ, cards=["Santiago!"], game=variant, **kwargs)
    choose(s, 1, "done", "play Santiago! (attack 1, horsemen only, C)", attack)
    return s


def test_santiago_kills_and_the_horseman_may_ride_into_the_square(variant):
    s = charge(variant, {"e5": "horseman", "e4": "warrior", "d5": "soldier"}, "Horseman e5 attacks Warrior e4")
    assert at(s, "e4") is None and s.pending[0].prompt == "Santiago!: ride into e4, or pass"
    assert options(s) == ["ride Horseman e5 into e4", "pass"]
    horseman = piece_on(s, "e5")
    choose(s, 1, "ride Horseman e5 into e4")
    assert at(s, "e4") == "horseman" and at(s, "e5") is None
    assert horseman not in s.match.marked(MOVED)  # a pursuit is not one of his two moves
    assert s.match.phase == "attack"


def test_santiago_the_rider_may_stay(variant):
    s = charge(variant, {"e5": "horseman", "e4": "warrior"}, "Horseman e5 attacks Warrior e4")
    choose(s, 1, "pass")
    assert at(s, "e5") == "horseman" and at(s, "e4") is None


def test_santiago_no_ride_when_the_target_survives_or_the_attack_is_negated(variant):
    s = charge(variant, {"e5": "horseman", "e4": "jaguar-knight"}, "Horseman e5 attacks Jaguar Knight e4")
    assert hits_at(s, "e4") == 1 and "Santiago" not in s.pending[0].prompt
    s = charge(variant, {"e5": "horseman", "e4": "warrior"}, "Horseman e5 attacks Warrior e4", enemy_cards=["Magic"])
    choose(s, 0, "play Magic (defense, Z): negate the attack")
    assert at(s, "e4") == "warrior" and "Santiago" not in s.pending[0].prompt


def test_santiago_killing_the_war_leader_ends_the_game_with_no_question(variant):
    s = charge(variant, {"e5": "horseman", "e4": "war-leader"}, "Horseman e5 attacks War Leader e4", hits={"e4": 1})
    assert s.is_over and s.result.winners == (1,) and s.pending == ()


def test_santiago_is_for_horsemen_only(variant):
    s = position({"d5": "soldier", "d4": "warrior"}, active=CQ, cards=["Santiago!"], game=variant)
    choose(s, 1, "done")
    assert options(s) == ["done"]


# -- with the game's moments -------------------------------------------------------------------


class Ransom(boardcore.Effect):
    """A house rule: a Leader who would be killed is taken for ransom instead and keeps 1 Hit."""

    @boardcore.modifies(UnitKilled)
    def spare(self, m, card, killed):
        return boardcore.CANCEL if killed.unit in ("captain", "war-leader") else None


def test_the_mirrors_kill_is_the_games_moment_so_a_rule_may_cancel_it():
    game = with_plugin(rules=[Ransom()], plugins=["az-omens"])
    s = attack_the_aztec(game, "Rapiers (attack 1, C)", "Captain d5 attacks Warrior d4", {"d5": "captain", "d4": "warrior"}, hits={"d5": 1})
    choose(s, 0, MIRROR)
    assert not s.is_over and hits_at(s, "d5") == 1  # the Mirror struck, the Captain is spared
    assert events(s, boardcore.events.MomentCancelled)[-1].moment.unit == "captain"


def test_santiago_rides_only_after_a_kill_that_happened():
    game = with_plugin(rules=[Ransom()], plugins=["az-omens"])
    s = charge(game, {"e5": "horseman", "e4": "war-leader"}, "Horseman e5 attacks War Leader e4", hits={"e4": 1})
    assert not s.is_over and at(s, "e4") == "war-leader" and events(s, AttackResolved)[-1].killed == ()
    assert "Santiago" not in s.pending[0].prompt


# -- the engine's properties with the plugin loaded ---------------------------------------------


@pytest.mark.slow
def test_check_game_with_the_omens(variant):
    summary = check_game(variant, games=3, seed=21, every=40, cross_process=True, checks=[check])
    assert summary.games == 3
    summary = check_game(variant, games=2, seed=22, every=40, cross_process=False, options={"deployment": "standard"}, checks=[check])
    assert summary.games == 2


def test_the_example_of_the_plugin_page(variant):
    s = charge(variant, {"e5": "horseman", "e4": "warrior"}, "Horseman e5 attacks Warrior e4", enemy_cards=["Maneuver"])
    choose(s, 0, "pass")  # he holds a card, so he is asked (the engine's secrecy rule)
    choose(s, 1, "ride Horseman e5 into e4")
    assert at(s, "e4") == "horseman" and s.match.marked(MOVED) == ()
    s = charge(variant, {"e5": "horseman", "e4": "warrior"}, "Horseman e5 attacks Warrior e4", enemy_cards=["Smoking Mirror"])
    choose(s, 0, MIRROR)
    assert at(s, "e4") == "warrior" and hits_at(s, "e5") == 1 and "Santiago" not in s.pending[0].prompt
