"""boardcore.spaces and boardcore.observations: the fixed action space and the encoding."""

from __future__ import annotations

import random
import re
import types
from pathlib import Path

import numpy as np
import pytest

import boardcore
from boardcore import spaces
from boardcore.observations import Feature, ObservationEncoder
from boardcore.spaces import ActionSpace, Choice, Cursor, card_specs, rewards

import toy

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["gallic-wars", "invasions-of-the-horse-people", "prehistoric-warfare", "aztec-skirmish"]
COUNTS = [(name, n) for name in GAMES for n in boardcore.load_game(name).player_counts]


def decisions(game, players, seed, limit=400):
    """(state, decision) at each decision of a random match, the state before the answer."""
    state = game.new_state(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over:
            return
        decision = state.pending[rng.randrange(len(state.pending))]
        yield state, decision
        state.apply(decision.player, decision.options[rng.randrange(len(decision.options))])


def follow(choice, sequence):
    """Choose the ids of ``sequence`` that the choice asks for (it takes shared ids itself)."""
    step = choice
    while isinstance(step, Choice):
        step = step.choose(sequence[len(step.prefix)])
    return step


@pytest.mark.parametrize("name", GAMES + ["toy-duel", "toy-arena"])
def test_every_option_offered_is_reached_by_its_ids_and_no_other(name):
    game = toy.duel() if name == "toy-duel" else toy.arena() if name == "toy-arena" else boardcore.load_game(name)
    players = max(game.player_counts)
    space = ActionSpace(game, players)
    seen = 0
    for seed in range(3):
        for state, decision in decisions(game, players, seed, limit=150):
            choice = space.choice(state, decision.player)
            assert len(set(choice.sequences)) == len(decision.options)
            for option, sequence in zip(decision.options, choice.sequences):
                assert all(0 <= t < space.size for t in sequence)
                assert follow(choice, sequence) is option
                seen += 1
            mask = choice.mask()
            assert mask.dtype == np.int8 and mask.sum() == len(choice.legal()) >= 1
    assert seen > 50


def test_the_space_names_its_ids_and_back():
    space = ActionSpace(boardcore.load_game("aztec-skirmish"), 2)
    for name in ("done", "pass", "end", "alt:0", "seat:+1", "square:a1", "square:h8", "direction:NW", "piece:+1:0", "word:3"):
        assert space.name_of(space.id_of(name)) == name
    assert len(set(space.names)) == space.size
    with pytest.raises(boardcore.InvalidData):
        space.id_of("square:z9")
    with pytest.raises(boardcore.IllegalAction):
        space.name_of(space.size)


def test_copies_of_a_card_share_one_id_and_different_cards_do_not():
    game = boardcore.load_game("prehistoric-warfare")
    specs = card_specs(game)
    assert len(specs) < len(game.cards)
    copies = next(ids for _, ids in specs if len(ids) > 1)
    space = ActionSpace(game, 2)
    state = game.new_state(players=2, seed=1)
    ids = {space.tokens(state, 0, boardcore.actions.Pick(card, "x")) for card in copies}
    assert len(ids) == 1
    others = {space.tokens(state, 0, boardcore.actions.Pick(ids_[0], "x")) for _, ids_ in specs}
    assert len(others) == len(specs)


def test_seats_are_counted_from_the_player_choosing():
    game = boardcore.load_game("prehistoric-warfare")
    space = ActionSpace(game, 4)
    state = game.new_state(players=4, seed=1)
    card = next(iter(game.cards))
    play = boardcore.actions.Play(card, 3, "play it on seat 3")
    assert space.names[space.tokens(state, 1, play)[1]] == "seat:+2"
    assert space.names[space.tokens(state, 3, play)[1]] == "seat:+0"


def test_a_piece_on_the_board_reads_as_its_square():
    game = boardcore.load_game("aztec-skirmish")
    space = ActionSpace(game, 2)
    state = game.new_state(players=2, seed=1, deployment="standard")
    piece, where = next((pid, p.square) for pid, p in state.match.pieces.items())
    names = [space.names[t] for t in space.tokens(state, 0, boardcore.actions.Pick(f"{piece} d4", "move"))]
    assert names == [f"square:{where}", "square:d4"]


def test_a_compound_option_takes_one_id_at_a_time():
    game = boardcore.load_game("aztec-skirmish")
    space = ActionSpace(game, 2)
    longest = 0
    for state, decision in decisions(game, 2, seed=4, limit=600):
        choice = space.choice(state, decision.player)
        token = max(choice.legal(), key=lambda t: len(choice.actions_for(t)))
        if len(choice.actions_for(token)) > 1:
            step = choice.choose(token)
            assert isinstance(step, Choice) and step.prefix[: len(choice.prefix) + 1] == (*choice.prefix, token)
            assert set(step.options[i] for i in step.candidates) == set(choice.actions_for(token))
            longest = max(longest, len(step.prefix))
    assert longest >= 2


def test_bad_input_raises_boardcores_own_errors():
    game = boardcore.load_game("gallic-wars")
    with pytest.raises(boardcore.InvalidData, match="players"):
        ActionSpace(game, 5)
    with pytest.raises(boardcore.UnknownGame):
        boardcore.load_game("no-such-game")
    space = ActionSpace(game, 2)
    state = game.new_state(players=2, seed=3)
    choice = space.choice(state, state.pending[0].player)
    illegal = next(t for t in range(space.size) if t not in choice.legal())
    with pytest.raises(boardcore.IllegalAction, match="not legal"):
        choice.choose(illegal)
    with pytest.raises(boardcore.IllegalAction):
        choice.choose(-1)
    with pytest.raises(boardcore.IllegalAction):
        choice.choose("done")  # type: ignore[arg-type]
    cursor = Cursor(space, state)
    before = state.to_json()
    with pytest.raises(boardcore.IllegalAction):
        cursor.step(illegal)
    assert state.to_json() == before


def test_rewards_share_a_win_and_sum_to_zero():
    assert rewards(None, 3) == [0.0, 0.0, 0.0]
    assert rewards(boardcore.Result((1,), "won"), 2) == [-1.0, 1.0]
    assert rewards(boardcore.Result((0, 2), "shared"), 4) == [0.5, -0.5, 0.5, -0.5]
    assert rewards(boardcore.Result((), "nobody"), 2) == [0.0, 0.0]


# -- the observation -----------------------------------------------------------------------


@pytest.mark.parametrize("name,players", COUNTS)
def test_a_seat_sees_the_same_observation_whatever_it_cannot_see(name, players):
    """Two states that differ only in what a seat cannot see (State.determinize deals it
    again) give that seat the same observation; other seats' observations do change."""
    game = boardcore.load_game(name)
    encoder = ObservationEncoder(game, players)
    rng = random.Random(players)
    compared = changed = 0
    for state, _ in decisions(game, players, seed=players, limit=120):
        if rng.random() > 0.15:
            continue
        for seat in range(players):
            twin = state.determinize(seat, rng.randrange(1 << 30))
            assert np.array_equal(encoder.encode(state, seat), encoder.encode(twin, seat))
            compared += 1
            changed += any(not np.array_equal(encoder.encode(state, o), encoder.encode(twin, o)) for o in range(players) if o != seat)
    assert compared > 0 and changed > 0


@pytest.mark.parametrize("name,players", COUNTS)
def test_an_encoder_that_remembers_encodes_as_a_new_one(name, players, monkeypatch):
    """An encoder reads zones, counters and pieces again only when the match's
    containers were replaced since it last encoded that seat, and remembers the
    buckets of words (a few here, so that it starts afresh again and again): in any
    order of states and seats (forward, then going back to earlier ones), it
    encodes as an encoder made for that one state."""
    monkeypatch.setattr(spaces, "MEMO_LIMIT", 3)
    game = boardcore.load_game(name)
    kept = ObservationEncoder(game, players)
    states = [state.clone() for state, _ in decisions(game, players, seed=players, limit=120)]
    rng = random.Random(players)
    for state in states + rng.sample(states, len(states)):
        seat = rng.randrange(players)
        fresh = ObservationEncoder(game, players, space=kept.space)
        assert np.array_equal(kept.encode(state, seat), fresh.encode(state, seat))


@pytest.mark.parametrize("name", GAMES)
def test_a_space_that_remembers_options_reads_them_as_a_new_one(name, monkeypatch):
    """An action space remembers the ids of options that read the same in any match,
    and the buckets of words (a few of each here, so that it starts afresh again and
    again)."""
    monkeypatch.setattr(spaces, "READS_LIMIT", 3)
    monkeypatch.setattr(spaces, "MEMO_LIMIT", 3)
    game = boardcore.load_game(name)
    kept = ActionSpace(game, 2)
    for state, decision in decisions(game, 2, seed=3, limit=150):
        fresh = ActionSpace(game, 2)
        assert kept.choice(state, decision.player).sequences == fresh.choice(state, decision.player).sequences


def test_an_option_naming_a_piece_is_read_again_in_every_match():
    """A piece reads as its square, which changes: such an option is never remembered,
    even when a game offers the very same option object again."""
    game = boardcore.load_game("aztec-skirmish")
    space = ActionSpace(game, 2)
    state = game.new_state(players=2, seed=1, deployment="standard")
    piece = next(iter(state.match.pieces))
    option = boardcore.actions.Pick(piece, "that piece")

    def asking(state):  # the state, with one decision of player 0 offering ``option``
        decision = boardcore.Decision(0, (option, boardcore.actions.DONE), "which?")
        return types.SimpleNamespace(game=state.game, players=2, pending=(decision,), match=state.match)

    moved = state.clone()
    moved.match.move_piece(piece, "d4" if state.match.pieces[piece].square != "d4" else "d5")
    for one in (state, moved, state):
        square = one.match.pieces[piece].square
        assert space.choice(asking(one), 0).sequences[0][0] == space.id_of(f"square:{square}")


def test_the_observation_shows_own_cards_and_only_counts_of_hidden_ones():
    game = boardcore.load_game("gallic-wars")
    encoder = ObservationEncoder(game, 2)
    state = game.new_state(players=2, seed=5)
    mine, theirs = encoder.encode(state, 0), encoder.encode(state, 1)
    zones = encoder.sections["zones"]
    width = 2 + len(encoder.space.specs)
    hand = [z for z in game.spec.zones if isinstance(z, boardcore.SeatZones) and z.name == "hand"][0]
    group = encoder._zone_group[hand[0]][0]  # the hand family's first group: the seat's own hand
    own = mine[zones][group * width : (group + 1) * width]
    seen_by_other = theirs[zones][(group + 1) * width : (group + 2) * width]  # seat 0's hand, from seat 1
    assert own[0] == seen_by_other[0] == len(state.match.zones[hand[0]]) > 0
    assert own[1] == 1 and own[2:].sum() == own[0]
    assert seen_by_other[1] == 0 and seen_by_other[2:].sum() == 0


def test_the_layout_depends_only_on_the_game_and_the_player_count():
    game = boardcore.load_game("aztec-skirmish")
    encoder = ObservationEncoder(game, 2)
    sizes = {encoder.encode(s, d.player).shape for s, d in decisions(game, 2, seed=2, limit=50)}
    assert sizes == {(encoder.size,)}
    assert sum(s.stop - s.start for s in encoder.sections.values()) == encoder.size
    low, high = encoder.bounds()
    assert low.shape == high.shape == (encoder.size,)


class Tempo:
    """A plugin that adds the turn number twice, as a game's own feature."""

    @boardcore.hookimpl(optionalhook=True)
    def register_observation_features(self, players):
        return [Feature("tempo", 2, lambda m, player: [m.turn, m.turn * players])]


class Broken:
    @boardcore.hookimpl(optionalhook=True)
    def register_observation_features(self):
        return ["not a feature"]


def test_a_game_adds_features_through_the_hook():
    game = boardcore.load_game("gallic-wars", plugins=[Tempo()])
    encoder = ObservationEncoder(game, 2)
    state = game.new_state(players=2, seed=1)
    assert list(encoder.encode(state, 0)[encoder.sections["feature:tempo"]]) == [state.turn, state.turn * 2]
    assert ObservationEncoder(boardcore.load_game("gallic-wars"), 2).size == encoder.size - 2
    with pytest.raises(boardcore.PluginError, match="Feature"):
        ObservationEncoder(boardcore.load_game("gallic-wars", plugins=[Broken()]), 2)


def test_the_sizes_on_the_docs_page_are_the_sizes():
    page = (ROOT / "docs" / "learning" / "index.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\S+) \| (\d) \| (\d+) \| (\d+) \|", page, flags=re.M)
    assert len(rows) == len(COUNTS)
    for name, players, actions, observation in rows:
        encoder = ObservationEncoder(boardcore.load_game(name), int(players))
        assert (encoder.space.size, encoder.size) == (int(actions), int(observation)), name


# -- the documentation's code runs ---------------------------------------------------------


def run_page(page: str, **sizes: int) -> None:
    """Run every Python block of ``docs/learning/<page>`` in one namespace, with each
    ``NAME = number`` line of ``sizes`` set to the tiny size given."""
    text = (ROOT / "docs" / "learning" / page).read_text(encoding="utf-8")
    code = "\n".join(re.findall(r"```python\n(.*?)```", text, flags=re.S))
    assert code
    for name, value in sizes.items():
        code, found = re.subn(rf"^{name} = \d+$", f"{name} = {value}", code, flags=re.M)
        assert found == 1, f"{page} sets {name} {found} times"
    exec(compile(code, page, "exec"), {"__name__": "docs"})


def test_the_overview_pages_code_runs(capsys):
    run_page("index.md")
    assert "176 square:e4" in capsys.readouterr().out
