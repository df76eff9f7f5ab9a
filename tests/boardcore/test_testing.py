"""boardcore.testing: check_game on sound and deliberately broken toy games; arranging matches."""

import ast
import json
import random
import re

import attrs
import pytest

import boardcore
from boardcore import DONE, pick
from boardcore.testing import ConformanceError, Summary, arranged, check_game, load_dice, put, resolve_cards, stack

import toy


def reproducer(error):
    """(seed, players, history) parsed from a ConformanceError message."""
    text = str(error)
    found = re.search(r"game\.replay\(seed=(\d+), players=(\d+), history=json\.loads\(HISTORY\)", text)
    assert found, text
    history = json.loads(ast.literal_eval(re.search(r"HISTORY = (.+)$", text, re.M).group(1)))
    return int(found.group(1)), int(found.group(2)), history


# -- sound games pass -------------------------------------------------------------------


@pytest.mark.parametrize("window", ["close", "restart", "next"])
def test_check_game_passes_on_toy_duel(window):
    game = toy.duel_variant(f"toy-duel-{window}", options={"window": window, "target": 3})
    summary = check_game(game, games=6, seed=window.__len__(), cross_process=False)
    assert isinstance(summary, Summary)
    assert summary.games == 6 and summary.players == {2: 3, 3: 3}
    assert sum(summary.reasons.values()) == 6
    assert set(summary.reasons) <= {"reached 3 points", "turn limit"}
    assert summary.actions > 6 * 10


def test_check_game_passes_on_toy_arena_with_a_fixed_player_count():
    summary = check_game(toy.arena(), games=8, players=3, every=2, cross_process=False)
    assert summary.players == {3: 8}
    assert set(summary.reasons) <= {"last hero standing", "turn limit"}


def test_check_game_is_deterministic():
    a = check_game(toy.arena(), games=4, seed=9, cross_process=False)
    b = check_game(toy.arena(), games=4, seed=9, cross_process=False)
    assert a == b


def test_cross_process_check_needs_an_installed_game():
    # The toy is not installed under its name, so the child process cannot load it:
    # that is reported as a ConformanceError, not a crash.
    with pytest.raises(ConformanceError, match="new process"):
        check_game(toy.arena(), games=1, cross_process=True)


# -- broken games fail, naming the property, with a reproducer ----------------------------------


def peek(m, player):
    """A describe that shows every deck's top card: hidden from everybody."""
    return {"peek": [c for s in range(m.players) for c in m.cards(toy.deck(s))[-1:]]}


class LoseCard(boardcore.Phase):
    """A buggy phase: on turn 2 a card of seat 0's hand vanishes."""

    name = "lose"

    def begin(self, m):
        if m.turn == 2:
            m.zones = {**m.zones, toy.hand(0): m.cards(toy.hand(0))[1:]}


def chaotic_setup(m):
    """Rule code that uses Python's global generator instead of the match's."""
    toy.duel_setup(m)
    m.set_count("luck", random.randrange(1, 10**9))


@attrs.frozen
class Fragile(boardcore.Step):
    """Offers an option that fails when taken."""

    def run(self, m):
        m.ask(0, [pick("boom", "press the red button"), DONE], "press?", self)

    def resolve(self, m, player, action):
        if action != DONE:
            raise RuntimeError("boom")


class Button(boardcore.Phase):
    name = "button"

    def begin(self, m):
        if m.turn == 2:
            m.schedule(Fragile())


BROKEN = {
    "no leaks": dict(describe=peek),
    "conservation": dict(phases=(LoseCard, *toy.DUEL_SPEC.phases)),
    "termination": dict(turn_limit=None, options={"window": "close", "target": 10**6}),
    "determinism": dict(setup=chaotic_setup),
    "game invariants": dict(check=lambda m: ["too late"] if m.turn >= 3 else []),
    "legal options": dict(phases=(*toy.DUEL_SPEC.phases, Button)),
}


@pytest.mark.parametrize("prop", sorted(BROKEN))
def test_check_game_fails_on_a_broken_game_naming_the_property(prop):
    changes = BROKEN[prop]
    types = list(toy.DUEL_TYPES) + [Fragile]
    spec = attrs.evolve(toy.DUEL_SPEC, name=f"toy-broken-{prop.replace(' ', '-')}", **changes)
    game = boardcore.game_from_provider(
        toy.Provider(spec.name, spec, cards=toy.duel_cards(), types=types, effects=toy.DUEL_EFFECTS)
    )
    with pytest.raises(ConformanceError) as caught:
        check_game(game, games=10, max_actions=150, cross_process=False)
    message = str(caught.value)
    assert f"property '{prop}' failed" in message
    assert spec.name in message and "reproduce with" in message
    seed, players, history = reproducer(caught.value)
    assert players in spec.player_counts
    if prop == "determinism":
        return  # not reproducible by nature
    replayed = game.replay(seed=seed, players=players, history=history, **{})
    if prop == "conservation":
        assert len(toy.all_cards(replayed)) == 18 - 1
    elif prop == "no leaks":
        hidden = set(replayed.match.cards(toy.deck(0)))
        assert hidden & set(replayed.view(1)["game_view"]["peek"])
    elif prop == "termination":
        assert not replayed.is_over and len(history) > 150
    elif prop == "game invariants":
        assert replayed.turn >= 3
    elif prop == "legal options":
        assert replayed.pending and str(replayed.pending[0].options[0]) == "press the red button"


def test_conformance_error_is_an_assertion_error():
    assert issubclass(ConformanceError, AssertionError)


# -- arranging matches --------------------------------------------------------------------------


def test_arranged_stacks_decks_before_the_first_step():
    game = toy.duel()
    state = arranged(game, 2, 0, top={"deck:0": ["Club", "Axe"], "deck:1": ["d1-3"]})
    # turn 1 drew the two stacked cards into seat 0's hand (on top of the 2 dealt)
    assert state.match.cards("hand:0")[-2:] == ("d0-6", "d0-4")
    assert state.match.cards("hand:1")[-2] == "d1-3"
    assert sorted(toy.all_cards(state)) == sorted(toy.all_cards(game.new_state(players=2, seed=0)))


def test_arranged_loads_dice_and_runs_a_before_hook():
    seen = []
    state = arranged(toy.arena(), 2, 0, dice=[6, 6], before=lambda s: seen.append(s.turn))
    assert seen == [0]
    state.apply(0, DONE)
    rolls = [e.value for e in state.events if isinstance(e, boardcore.DieRolled)]
    assert rolls == [6]
    assert state.match.loaded == (6,)


def test_put_and_stack_resolve_names_and_ids():
    state = toy.duel().new_state(players=2, seed=0)
    m = state.match
    assert put(state, "discard:1", ["d1-5", "d1-1"]) == ["d1-5", "d1-1"]
    assert m.cards("discard:1") == ("d1-5", "d1-1")
    assert stack(state, "deck:1", ["d1-1"]) == ["d1-1"]
    assert m.cards("deck:1")[-1] == "d1-1" and "d1-1" not in m.cards("discard:1")
    clubs = resolve_cards(state, ["Club", "Club", "Club"])
    assert sorted(clubs) == ["d0-6", "d1-6", "d2-6"]
    assert m.specs[m.locate(clubs[0])].visibility is boardcore.Visibility.HIDDEN  # unseen copies first
    put(state, "play:0", ["Bow"])
    assert m.card(m.cards("play:0")[0]).name == "Bow"
    with pytest.raises(boardcore.InvalidData):
        resolve_cards(state, ["Catapult"])
    with pytest.raises(boardcore.InvalidData):
        resolve_cards(state, ["d0-1", "d0-1"])


def test_load_dice_appends_to_what_is_loaded():
    state = toy.arena().new_state(players=2, seed=0)
    load_dice(state, [1])
    load_dice(state, [2, 3])
    assert state.match.loaded == (1, 2, 3)


def test_check_game_refuses_a_decision_with_too_many_options():
    # The arena offers more than 2 options at some decision; a cap of 2 must trip.
    with pytest.raises(ConformanceError, match="legal options.*more than 2"):
        check_game(toy.arena(), games=2, max_options=2, cross_process=False)
    check_game(toy.arena(), games=2, cross_process=False)  # the default cap of 300 holds
