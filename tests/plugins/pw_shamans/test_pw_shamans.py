"""The opt-in Shamans expansion: absent, Prehistoric Warfare is unchanged; present,
each card works, and random games keep the engine's properties and the game's invariants."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

import boardcore
import boardcore_prehistoric_warfare as pw
import boardcore_pw_shamans
from boardcore.testing import advance_to, check_game, choose, decision, events, options
from boardcore_prehistoric_warfare import CARDS, FOOD, HAND, LeftPlay
from boardcore_prehistoric_warfare.testing import check, names, pass_rerolls, play_on, play_out_turn, position, raid

SHAMANS = ("PWS01-1", "PWS01-2", "PWS02-1", "PWS02-2", "PWS03-1")


@pytest.fixture(scope="module")
def base():
    return boardcore.load_game("prehistoric-warfare")


@pytest.fixture(scope="module")
def variant():
    return boardcore.load_game("prehistoric-warfare", plugins=["pw-shamans"])


def random_history(game, players, seed, steps=400):
    """A legal history of random choices (a local generator: only the test's own choices)."""
    pick = random.Random(seed)
    state = game.new_state(players=players, seed=seed)
    while not state.is_over and len(state.history) < steps:
        d = state.pending[pick.randrange(len(state.pending))]
        state.apply(d.player, d.options[pick.randrange(len(d.options))])
    return state


# -- absent: the base game is byte-identical ----------------------------------------------


def test_absent_the_base_game_keeps_its_cards_and_effects(base, variant):
    assert base.plugins == () and variant.plugins == ("pw-shamans",)
    assert tuple(base.cards.values()) == CARDS and len(base.cards) == 183
    assert not set(SHAMANS) & set(base.cards) and set(SHAMANS) <= set(variant.cards)
    assert not {"cave-shaman", "spirit-hunt", "keeper-of-the-dead"} & set(base.effects)
    assert base.reacting is False  # no card of the base game reacts to rule moments


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 7), (6, 11)])
def test_absent_games_replay_byte_for_byte_after_the_plugin_was_loaded(base, variant, players, seed):
    played = random_history(base, players, seed)
    again = boardcore.load_game("prehistoric-warfare")  # loaded after the variant was
    assert again.replay(seed=seed, players=players, history=played.history).to_json() == played.to_json()
    assert again.new_state(players=players, seed=seed).to_json() == base.new_state(players=players, seed=seed).to_json()


def test_absent_the_base_game_matches_a_process_that_never_imported_the_plugin(base):
    played = random_history(base, 2, 5)
    child = (
        "import json, sys, boardcore\n"
        "args = json.load(sys.stdin)\n"
        "game = boardcore.load_game('prehistoric-warfare')\n"
        "state = game.replay(seed=5, players=2, history=args)\n"
        "assert 'boardcore_pw_shamans' not in sys.modules\n"
        "sys.stdout.write(state.to_json())\n"
    )
    history = json.dumps([[p, boardcore.to_data(a)] for p, a in played.history])
    done = subprocess.run([sys.executable, "-c", child], input=history, capture_output=True, text=True, check=True)
    assert done.stdout == played.to_json()


# -- present: Cave Shaman (reacts to PhaseBegan) -------------------------------------------


def test_cave_shaman_gains_its_owner_food_when_his_hunt_begins(variant):
    state, _ = position(
        game=variant, tribes={0: ["generic", "Cave Shaman"]}, hands={1: ["Cave Shaman"]}, deck=["Bark & Leaves", "Honey"]
    )
    m = state.match
    assert m.count(FOOD, 0) == 2  # nothing in the Nomad Phase
    advance_to(state, "hunt")
    assert m.count(FOOD, 0) == 3  # the Hunt began: +1
    play_out_turn(state)  # 4 people eat nothing
    advance_to(state, "hunt")  # Bob's Hunt: his Cave Shaman is in hand, Alice's is not his
    assert m.active == 1 and (m.count(FOOD, 0), m.count(FOOD, 1)) == (3, 2)


def test_each_cave_shaman_in_play_gains_one_food(variant):
    state, _ = position(game=variant, tribes={0: ["generic", "Cave Shaman", "Cave Shaman"]}, deck=["Bark & Leaves"])
    advance_to(state, "hunt")
    gained = [e for e in state.events if isinstance(e, boardcore.events.CounterChanged) and e.name == FOOD and e.owner == 0]
    assert [(e.old, e.new) for e in gained][-2:] == [(2, 3), (3, 4)]
    began = [e for e in state.events if isinstance(e, boardcore.events.PhaseBegan)][-1]
    assert began.phase == "hunt" and state.events.index(began) < state.events.index(gained[-2])


# -- present: Spirit Hunt (its own play, then a decision it triggers) ----------------------


def test_spirit_hunt_steals_one_food_from_the_only_opponent_with_food(variant):
    state, _ = position(3, game=variant, hands={0: ["Spirit Hunt"]}, food={0: 0, 1: 3, 2: 0}, deck=["Sentries"])
    advance_to(state, "hunt")
    assert options(state) == ["hunt Spirit Hunt (+2 food)", "pass"]
    choose(state, 0, "hunt Spirit Hunt (+2 food)")
    m = state.match
    # seat 2 has no Food, so seat 1 is the only choice, and that is public: nothing is asked
    assert [m.count(FOOD, seat) for seat in range(3)] == [3, 2, 0]
    assert m.phase == "elements"  # PW-R18: it was the turn's one Hunting card


def test_spirit_hunt_asks_which_opponent_when_several_have_food(variant):
    state, _ = position(3, game=variant, hands={0: ["Spirit Hunt"]}, food={0: 1, 1: 3, 2: 4}, deck=["Sentries"])
    advance_to(state, "hunt")
    choose(state, 0, "hunt Spirit Hunt (+2 food)")
    assert decision(state).prompt == "Spirit Hunt: steal 1 Food from an opponent"
    assert options(state) == ["steal 1 Food from seat 1", "steal 1 Food from seat 2"]
    choose(state, 0, "steal 1 Food from seat 2")
    assert [state.match.count(FOOD, seat) for seat in range(3)] == [4, 3, 3]


def test_spirit_hunts_theft_is_the_games_food_stolen_moment(variant):
    """The theft is performed as the game's FoodStolen: a rule that changes what a raider
    steals (here: nothing) changes Spirit Hunt's theft too."""

    class Guarded(boardcore.Effect):
        @boardcore.modifies(pw.FoodStolen)
        def guard(self, m, card, moment):
            return boardcore.CANCEL

    class Guards:
        name = "guards"

        @boardcore.hookimpl
        def register_rules(self, game):
            return [Guarded()]

    game = boardcore.load_game("prehistoric-warfare", plugins=["pw-shamans", Guards()])
    state, _ = position(3, game=game, hands={0: ["Spirit Hunt"]}, food={0: 0, 1: 3, 2: 0}, deck=["Sentries"])
    advance_to(state, "hunt")
    choose(state, 0, "hunt Spirit Hunt (+2 food)")
    assert [state.match.count(FOOD, seat) for seat in range(3)] == [2, 3, 0]
    assert [(e.moment.thief, e.moment.victim, e.moment.food) for e in events(state, boardcore.events.MomentCancelled)] == [(0, 1, 1)]


def test_spirit_hunt_with_no_food_to_steal_only_feeds_the_hunter(variant):
    state, _ = position(game=variant, hands={0: ["Spirit Hunt"]}, food={0: 0, 1: 0}, deck=["Sentries"])
    advance_to(state, "hunt")
    choose(state, 0, "hunt Spirit Hunt (+2 food)")
    assert (state.match.count(FOOD, 0), state.match.count(FOOD, 1)) == (2, 0)
    assert state.match.phase == "elements"


# -- present: Keeper of the Dead (reacts to the game's LeftPlay) ---------------------------


def test_keeper_of_the_dead_draws_a_card_for_each_other_person_killed_in_a_raid(variant):
    state, built = raid(
        ["Keeper of the Dead", "Warrior"], ["generic", "generic"], raiders=[1], dice=[9, 1], game=variant
    )
    keeper, warrior = built[0]
    # Bob's two generics are one target (section 4.4), which the engine names:
    pass_rerolls(state)  # the Warrior misses; a generic hits him (the other then has no target)
    [died] = [e for e in events(state, LeftPlay) if e.person == warrior]
    log = list(state.events)
    after = log[log.index(died) + 1]
    assert isinstance(after, boardcore.events.CardsMoved) and after.source == "deck" and after.target == HAND[0]
    assert len(after.cards) == 1 and keeper in state.match.zones["tribe:0"]
    # the draw is the engine's CardsDrawn moment, which is quiet: its CardsMoved is the record
    assert not any(isinstance(e, pw.CardsDrawn) for e in log)


def test_keeper_of_the_dead_does_not_mourn_itself(variant):
    state, built = raid(["Keeper of the Dead"], ["generic", "generic"], dice=[9, 1], game=variant)
    keeper = built[0][0]
    pass_rerolls(state)  # the Keeper (S 1) misses Bob's generics, one target, and is killed
    log = list(state.events)
    [died] = [e for e in events(state, LeftPlay) if e.person == keeper]
    drawn = [e for e in log[log.index(died) :] if isinstance(e, boardcore.events.CardsMoved) and e.target == HAND[0]]
    assert not drawn


def test_keeper_of_the_dead_only_mourns_raid_deaths(variant):
    state, built = position(
        game=variant, tribes={1: ["generic", "Keeper of the Dead"]}, hands={0: ["Wolves"]}, deck=["Bark & Leaves"]
    )
    advance_to(state, "elements")
    play_on(state, 0, "Wolves", 1)  # Bob, with an empty hand, is not asked to negate
    state.apply(1, next(o for o in decision(state, 1).options if o.item == built[1][0]))
    assert names(state, HAND[1]) == []  # a Hardship is no raid: nothing drawn


# -- present: the whole game --------------------------------------------------------------


@pytest.mark.slow
def test_the_expansion_keeps_the_engine_properties_and_the_game_invariants(variant):
    # Two-player games are the shortest; even so this test takes several seconds.
    summary = check_game(variant, games=3, seed=3, players=2, every=150, cross_process=False, checks=[check])
    assert summary.games == 3


def test_the_plugin_uses_only_what_the_game_exports():
    """Issue 33: an expansion needs neither the game's modules nor the engine's private
    ones, and never touches the agenda."""
    import ast
    from pathlib import Path

    for path in Path(boardcore_pw_shamans.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        imported |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        assert imported <= {"__future__", "collections.abc", "typing", "attrs", "boardcore", "boardcore_prehistoric_warfare", "effects"}
        assert not any(isinstance(n, ast.Attribute) and n.attr == "agenda" for n in ast.walk(tree))


def test_the_plugin_object_works_as_well_as_its_name():
    game = boardcore.load_game("prehistoric-warfare", plugins=[boardcore_pw_shamans])
    assert game.plugins == ("pw-shamans",) and "PWS03-1" in game.cards


def test_the_plugin_refuses_other_games():
    with pytest.raises(boardcore.PluginError, match="pw-shamans"):
        boardcore.load_game("gallic-wars", plugins=["pw-shamans"])


def test_saved_games_remember_the_plugin(variant, base):
    text = random_history(variant, 2, 3, steps=60).to_json()
    assert variant.state_from_json(text).to_json() == text
    with pytest.raises(boardcore.InvalidData, match="plugins"):
        base.state_from_json(text)
