"""Loading a saved game is strict and complete: ``game.state_from_json`` either refuses
a save with InvalidData saying where, or gives a state every public call works on.

Three layers, each tested here through the public API: the JSON text (size, depth,
numbers), strict structuring (exact types, nothing converted), the invariants of a
match at rest, and, by default, a replay of the saved history (``verify``).
"""

from __future__ import annotations

import copy
import json
import random

import pytest

import boardcore
import boardcore.testing
from boardcore import InvalidData, cli

import toy
import toycards

DUEL = toy.duel()
ARENA = toy.arena()
GAMES = ("gallic-wars", "invasions-of-the-horse-people", "prehistoric-warfare", "aztec-skirmish")


def played(game=DUEL, players=2, seed=5, actions=6, **options):
    """A match after ``actions`` actions, always taking the last option of the first decision."""
    state = game.new_state(players=players, seed=seed, **options)
    for _ in range(actions):
        if state.is_over:
            break
        d = state.pending[0]
        state.apply(d.player, d.options[-1])
    return state


def random_play(game, players, seed, actions=None):
    """A match of random moves (seeded), to the end or for ``actions`` actions."""
    rand = random.Random(seed)
    state = game.new_state(players=players, seed=seed)
    while not state.is_over and (actions is None or len(state.history) < actions):
        d = rand.choice(state.pending)
        state.apply(d.player, rand.choice(d.options))
    return state


BOX = boardcore.to_data(DUEL.new_state(players=2).match.specs["box"])
HAND0 = boardcore.to_data(DUEL.new_state(players=2).match.specs["hand:0"])


def doc(game=DUEL, **kwargs):
    return played(game, **kwargs).to_data(rows=True)


def changed(data, path, value):
    """``data`` (deep-copied) with ``value`` at ``path``, as JSON text."""
    data = copy.deepcopy(data)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return json.dumps(data)


def refused(game, text, *, verify=True):
    with pytest.raises(InvalidData) as caught:
        game.state_from_json(text, verify=verify)
    error = caught.value
    assert error.where and str(error).startswith(error.where)
    return error


# -- the JSON text: size, depth, numbers -----------------------------------------------------------


def with_token(data, path, token):
    """``data`` as JSON text with the raw ``token`` (``NaN``, ``1e400``) at ``path``."""
    return changed(data, path, "@TOKEN@").replace('"@TOKEN@"', token)


@pytest.mark.parametrize(
    "token, where",
    [
        ("NaN", "$.seed"),
        ("Infinity", "$.seed"),
        ("-Infinity", "$.seed"),
        ("1e400", "$.seed"),  # read as an infinity by Python's json
        ("1" + "0" * 30, "$.seed"),  # 10**30 in an int field
        ("9" * 5000, "$.seed"),  # beyond Python's own 4300-digit limit
        ("18446744073709551616", "$.seed"),  # 2**64
        ("-18446744073709551616", "$.seed"),
    ],
)
def test_numbers_no_save_holds_are_refused_where_they_are(token, where):
    for verify in (True, False):
        assert refused(DUEL, with_token(doc(), ["seed"], token), verify=verify).where == where


def test_the_largest_64_bit_seeds_still_load():
    for seed in (2**64 - 1, -(2**63)):
        state = played(seed=seed)
        assert DUEL.state_from_json(state.to_json()) == state


def test_deep_nesting_is_refused_before_python_recurses():
    for depth in (100, 1000, 2000, 100_000):
        assert refused(DUEL, "[" * depth + "]" * depth).where == "$"
    assert refused(DUEL, '{"a":' * 2000 + "1" + "}" * 2000).where == "$"
    nested = with_token(doc(), ["options", "target"], "[" * 2000 + "]" * 2000)
    assert "nested more than" in str(refused(DUEL, nested))


def test_brackets_inside_strings_do_not_count_as_nesting():
    data = doc()
    text = changed(data, ["asks", 0, 0, "prompt"], "[[[{" * 200)  # deeper than any limit, as text
    assert DUEL.state_from_json(text, verify=False).pending[0].prompt == "[[[{" * 200


def test_a_huge_save_is_refused_by_its_size():
    error = refused(DUEL, '{"format": "boardcore.match/2", "junk": "' + "x" * 30_000_000 + '"}')
    assert error.where == "$" and "more than" in str(error)
    assert refused(DUEL, b" " * 30_000_000).where == "$"


@pytest.mark.parametrize("text", ["{", "", "nul", b"\xff\xfe\x00", 123, None])
def test_text_that_is_not_json_is_refused(text):
    assert refused(DUEL, text).where == "saved game"


def test_bytes_load_like_text():
    state = played()
    assert DUEL.state_from_json(state.to_json().encode("utf-8")) == state


# -- strict structuring: exact types, nothing converted ---------------------------------------------

STRICT = {
    "players as a string": (["players"], "2", "$.players"),
    "players as a float": (["players"], 2.0, "$.players"),
    "players as a bool": (["players"], True, "$.players"),
    "phase as a number": (["phase"], 5, "$.phase"),
    "in_phase as a number": (["in_phase"], 1, "$.in_phase"),
    "turn as a string": (["turn"], "3", "$.turn"),
    "seed as a float": (["seed"], 5.0, "$.seed"),
    "active seat as a bool": (["active_seat"], False, "$.active_seat"),
    "a pile as a string": (["zones", "box"], "d0-1", "$.zones.box"),
    "a pile as an object": (["zones", "box"], {"d0-1": 1}, "$.zones.box"),
    "a card id as a number": (["zones", "hand:0", 0], 7, "$.zones.hand:0[0]"),
    "a counter as a string": (["counters", "tokens@0"], "2", "$.counters.tokens@0"),
    "a counter as a float": (["counters", "tokens@0"], 2.0, "$.counters.tokens@0"),
    # a save leaves out the specs of declared zones; one written in anyway is read as strictly
    "a visibility as a number": (["specs", "box"], {**BOX, "visibility": 2}, "$.specs.box.visibility"),
    "an unknown spec key": (["specs", "box"], {**BOX, "colour": "red"}, "$.specs.box"),
    "an unknown event key": (["log", 1, "colour"], "red", "$.log[1]"),
    "an event field as a number": (["log", 0, "game"], 5, "$.log[0].game"),
    "an option's player as a string": (["asks", 0, 0, "player"], "0", "$.asks[0][0].player"),
    "an option list as a string": (["asks", 0, 0, "options"], "done", "$.asks[0][0].options"),
    "a history seat as a string": (["history", 0, 0], "0", "$.history[0][0]"),
    "a history seat as a float": (["history", 0, 0], 0.0, "$.history[0][0]"),
    "the generator in capitals": (["rng"], "ABC", "$.rng"),
    "the generator with a prefix": (["rng"], "0x1f", "$.rng"),
    "the generator beyond 64 bits": (["rng"], "1" + "0" * 16, "$.rng"),
    "the generator as a number": (["rng"], 31, "$.rng"),
    "a draft keyed by a padded seat": (["drafts"], {"00": []}, "$.drafts"),
    "a table on a game without one": (["table"], {"hits": [0, 0]}, "$.table"),
    "an unknown top-level key": (["colour"], "red", "$"),
    "the result's winners as a string": (["result"], {"winners": "0", "reason": "x", "scores": None}, "$.result"),
}


@pytest.mark.parametrize("case", sorted(STRICT))
def test_values_of_the_wrong_type_are_refused_not_converted(case):
    path, value, where = STRICT[case]
    data = doc()
    for verify in (True, False):
        text = changed(data, path, value)
        if not verify and path[0] == "log" and len(path) > 2:
            # A trusted load checks each event row's shape at once and its fields
            # when the log is first read: the same error, later.
            state = DUEL.state_from_json(text, verify=False)
            with pytest.raises(InvalidData) as caught:
                state.events
            error = caught.value
        else:
            error = refused(DUEL, text, verify=verify)
        assert error.where.startswith(where), (error.where, str(error))


def test_the_message_says_what_was_expected():
    data = doc()
    assert "expected an integer, got '2'" in str(refused(DUEL, changed(data, ["players"], "2")))
    assert "expected a string, got 5" in str(refused(DUEL, changed(data, ["phase"], 5)))
    assert "unknown keys ['colour']" in str(refused(DUEL, changed(data, ["log", 1, "colour"], "red")))


def test_an_option_of_the_wrong_type_is_refused():
    data = doc()
    for value, where in (("3", "$.options.target"), ("sideways", "$.options.window")):
        key = where.rpartition(".")[2]
        for verify in (True, False):
            assert refused(DUEL, changed(data, ["options", key], value), verify=verify).where == where


def test_a_save_without_an_option_the_game_added_since_loads_with_its_default():
    # A save made before the game declared an option was played without it, and a new
    # option's default keeps the old rules: the option is filled in, and the match replays.
    data = doc()
    without = copy.deepcopy(data)
    default = without["options"].pop("target")
    for verify in (True, False):
        loaded = DUEL.state_from_json(json.dumps(without), verify=verify)
        assert loaded.setup_options["target"] == default
        assert loaded == DUEL.state_from_json(json.dumps(data), verify=verify)


def test_from_data_is_strict_too():
    with pytest.raises(InvalidData) as caught:
        boardcore.from_data(boardcore.actions.Pick, {"kind": "Pick", "item": 5, "text": "x"})
    assert caught.value.where == "$.item"
    with pytest.raises(InvalidData):
        boardcore.from_data(boardcore.Result, {"winners": [True], "reason": "x", "scores": None})
    with pytest.raises(InvalidData):
        boardcore.from_data(boardcore.actions.Play, {"kind": "Play", "card": "c", "target": 1.0, "text": "x"})


# -- the invariants of a match at rest (checked with and without verify) ----------------------------

BROKEN = {
    "a card removed from a pile": (lambda d: d["zones"]["box"].pop(), "$.zones"),
    "a card in two zones": (lambda d: d["zones"]["box"].append(d["zones"]["hand:0"][0]), "$.zones."),
    "an unknown card": (lambda d: d["zones"]["box"].append("zz-9"), "$.zones.box"),
    "a declared zone deleted": (lambda d: d["zones"].pop("play:1"), "$.zones"),
    "a zone without a spec": (lambda d: d["zones"].update(extra=[]), "$.specs"),
    "a declared zone changed": (lambda d: d["specs"].update({"hand:0": {**HAND0, "visibility": "public"}}), "$.specs.hand:0"),
    "a zone owned by no seat": (lambda d: d["specs"].update({"hand:0": {**HAND0, "owner": 7}}), "$.specs.hand:0.owner"),
    "a refill from nowhere": (lambda d: d["specs"].update(box={**BOX, "refill": "nowhere"}), "$.specs.box.refill"),
    "a negative counter": (lambda d: d["counters"].update({"tokens@0": -1}), "$.counters"),
    "a counter of seat 9": (lambda d: d["counters"].update({"tokens@9": 1}), "$.counters.tokens@9"),
    "a negative turn": (lambda d: d.update(turn=-1), "$.turn"),
    "a negative round": (lambda d: d.update(round=-2), "$.round"),
    "a negative serial": (lambda d: d.update(serial=-1), "$.serial"),
    "players out of range": (lambda d: d.update(players=9), "$.players"),
    "an active seat out of range": (lambda d: d.update(active_seat=2), "$.active_seat"),
    "a negative active seat": (lambda d: d.update(active_seat=-1), "$.active_seat"),
    "a seat out that does not exist": (lambda d: d.update(out=[7]), "$.out[0]"),
    "a seat out twice": (lambda d: d.update(out=[1, 1]), "$.out"),
    "a draft of seat 4": (lambda d: d.update(drafts={"4": []}), "$.drafts.4"),
    "a sealed choice of seat 3": (lambda d: d.update(sealed={"3": {"kind": "Commit"}}), "$.sealed.3"),
    "a decision for seat 9": (lambda d: d["asks"][0][0].update(player=9), "$.asks[0][0].player"),
    "a decision with no options": (lambda d: d["asks"][0][0].update(options=[]), "$.asks[0][0].options"),
    "a player asked twice": (lambda d: d["asks"].append(copy.deepcopy(d["asks"][0])), "$.asks[1]"),
    "a running match asking nothing": (lambda d: d.update(asks=[]), "$.asks"),
    "a history move by seat 3": (lambda d: d["history"][0].__setitem__(0, 3), "$.history[0][0]"),
    "a result with decisions pending": (
        lambda d: d.update(result={"winners": [0], "reason": "forged", "scores": None}),
        "$.asks",
    ),
    "a result with steps left": (
        lambda d: d.update(asks=[], result={"winners": [0], "reason": "forged", "scores": None}),
        "$.agenda",
    ),
    "a result naming seat 5": (
        lambda d: d.update(asks=[], agenda=[], result={"winners": [5], "reason": "forged", "scores": None}),
        "$.result.winners[0]",
    ),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_save_with_broken_invariants_is_refused(case):
    change, where = BROKEN[case]
    data = doc(players=2, actions=5)
    change(data)
    for verify in (True, False):
        error = refused(DUEL, json.dumps(data), verify=verify)
        assert error.where.startswith(where), (error.where, str(error))


def test_pieces_belong_to_seats():
    data = ARENA.new_state(players=2, seed=1).to_data()
    data["pieces"]["hero-1"]["owner"] = 9
    for verify in (True, False):
        assert refused(ARENA, json.dumps(data), verify=verify).where == "$.pieces.hero-1.owner"


# -- verify: the save must be what its history gives -----------------------------------------------


def test_a_forged_result_is_refused():
    state = played(actions=4)
    assert not state.is_over
    data = state.to_data()
    # a consistent-looking finished match: nothing asked, nothing left to run
    data.update(asks=[], agenda=[], triggered=[], result={"winners": [0], "reason": "forged", "scores": None})
    error = refused(DUEL, json.dumps(data))
    assert error.where == "$.agenda" and "replaying" in str(error)
    assert DUEL.state_from_json(json.dumps(data), verify=False).is_over  # trusted, it loads as it is


def test_verify_catches_a_changed_card_order_in_a_hidden_pile():
    state = played(actions=4)
    data = state.to_data()
    hidden = [z for z, spec in state.match.specs.items() if spec.visibility is boardcore.Visibility.HIDDEN]
    pile = max(hidden, key=lambda z: len(data["zones"][z]))
    deck = data["zones"][pile]
    assert len(deck) > 2
    deck[0], deck[-1] = deck[-1], deck[0]  # every invariant holds: only the order changed
    text = json.dumps(data)
    assert refused(DUEL, text).where == f"$.zones.{pile}[0]"
    assert DUEL.state_from_json(text, verify=False).match.zones[pile][0] == deck[0]


def test_verify_catches_an_opponents_card_in_a_hand():
    data = doc(actions=4)
    hand0, hand1 = data["zones"]["hand:0"], data["zones"]["hand:1"]
    hand0.append(hand1.pop())
    assert refused(DUEL, json.dumps(data)).where == "$.zones.hand:0"


def test_verify_catches_an_injected_option():
    state = played(actions=4)
    data = state.to_data()
    options = data["asks"][0][0]["options"]
    options.append({"kind": "Pick", "item": data["zones"]["box"][0], "text": "take the whole box"})
    assert refused(DUEL, json.dumps(data)).where.startswith("$.asks[0][0].options")


def test_verify_catches_a_history_that_is_not_legal():
    data = doc(actions=4)
    data["history"][1] = copy.deepcopy(data["history"][0])
    error = refused(DUEL, json.dumps(data))
    assert error.where.startswith("$.history[") and "not legal" in str(error)


def test_verify_catches_a_changed_seed_log_or_loaded_dice():
    data = doc(actions=4)
    assert refused(DUEL, changed(data, ["seed"], 6)).where.startswith("$.")
    last = len(data["log"]) - 1
    assert refused(DUEL, changed(data, ["log", last], data["log"][0])).where.startswith(f"$.log[{last}]")
    assert refused(DUEL, changed(data, ["loaded"], [6, 6])).where == "$.loaded"


def test_verify_accepts_any_layout_of_a_true_save():
    state = played(actions=7)
    pretty = json.dumps(state.to_data(), indent=2)  # not the canonical text: compared field by field
    assert DUEL.state_from_json(pretty) == state


def test_the_arranged_positions_of_the_test_kit_load_only_when_trusted():
    state = played(game=toycards.game(), players=3, actions=3)
    boardcore.testing.put(state, toycards.HAND[0], ["Coin"])
    text = state.to_json()
    assert "replaying" in str(refused(state.game, text))
    assert state.game.state_from_json(text, verify=False) == state


# -- the saved format ----------------------------------------------------------------------------


def test_a_save_of_the_previous_format_is_refused_at_format():
    old = {"format": "boardcore.match/1", "game": "toy-duel", "players": 2, "seed": 1, "history": []}
    for verify in (True, False):
        error = refused(DUEL, json.dumps(old), verify=verify)
        assert error.where == "$.format" and "boardcore.match/3" in str(error)


def test_a_save_without_a_format_is_refused():
    data = doc()
    del data["format"]
    assert "format" in str(refused(DUEL, json.dumps(data)))


# -- real saves of every game round-trip ---------------------------------------------------------


@pytest.fixture(scope="module", params=GAMES)
def real_game(request):
    return boardcore.load_game(request.param)


def test_real_saves_round_trip_exactly(real_game):
    players = real_game.player_counts[-1]
    for state in (random_play(real_game, players, seed=1, actions=40), random_play(real_game, 2, seed=2)):
        text = state.to_json()
        for verify in (True, False):
            loaded = real_game.state_from_json(text, verify=verify)
            assert loaded.to_json() == text
        assert loaded.is_over == state.is_over


# -- the command line --------------------------------------------------------------------------


@pytest.mark.usefixtures("installed_toys")
def test_replay_refuses_a_changed_save_and_no_verify_warns(tmp_path, capsys):
    state = played(actions=6)
    for rows in (True, False):
        data = state.to_data(rows=rows)
        deck = data["zones"]["deck:1"]
        deck[0], deck[-1] = deck[-1], deck[0]
        path = tmp_path / "match.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        assert cli.main(["replay", str(path)]) == 2
        assert "$.zones.deck:1" in capsys.readouterr().err
        if rows:  # the saved actions are shown, then the difference
            assert cli.main(["replay", str(path), "--no-verify"]) == 1
            assert "did not give the saved state" in capsys.readouterr().err
        else:  # the actions of a compact save come from a replay, which must give the save
            assert cli.main(["replay", str(path), "--no-verify"]) == 2
            assert "not what replaying its choices gives" in capsys.readouterr().err
    path.write_text(state.to_json(), encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 0
    assert "[6] seat" in capsys.readouterr().out


@pytest.mark.usefixtures("installed_toys")
def test_replay_applies_the_loaders_limits_first(tmp_path, capsys):
    path = tmp_path / "deep.json"
    path.write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 2
    assert "nested more than" in capsys.readouterr().err
