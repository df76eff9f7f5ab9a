"""benchmarks/openspiel_vs_ismcts.py: boardcore's search in an OpenSpiel match, and the tally."""

from __future__ import annotations

import io

import pytest

from tests.scripts.loading import ROOT, load_script

pytest.importorskip("pyspiel")

import boardcore.openspiel


@pytest.fixture(scope="module")
def bench():
    return load_script("openspiel_vs_ismcts", ROOT / "benchmarks")


def test_boardcores_search_plays_the_option_it_chose_id_by_id(bench):
    # Aztec Skirmish has options of two ids: the seat gives them one at a time.
    game = boardcore.openspiel.load("aztec-skirmish", 2)
    state = game.new_initial_state()
    state.apply_action(3)
    seats = [bench.BoardcoreSearch(seconds=0.001, seed=seat) for seat in range(2)]
    chosen = []
    for seat in seats:
        seat.bot.iterations = 2

        def choose(engine, decision, original=seat.bot.choose):
            option = original(engine, decision)
            chosen.append((decision.player, option))
            return option

        seat.bot.choose = choose
    compound = searched = 0
    while not (compound and searched):
        engine = state.cursor.state
        before, asked, ids = len(engine.history), len(chosen), 0
        while len(engine.history) == before:
            state.apply_action(seats[state.current_player()].act(state))
            ids += 1
        compound += ids > 1
        if len(chosen) > asked:
            searched += 1
            assert engine.history[-1] == chosen[-1]


def test_the_comparison_counts_every_game_in_both_seat_orders(bench):
    out = io.StringIO()
    result = bench.compare("gallic-wars", 2, games=1, seconds=0.001, seed=0, out=out)
    assert result["games"] == 2 and 0 <= result["wins"] + result["draws"] <= 2
    assert result["ours"][0] > 0 and result["theirs"][0] > 0
    assert result["low"] <= result["wins"] / 2 <= result["high"]
    assert out.getvalue().startswith("gallic-wars, 2 players, 0.001 s per decision: boardcore ismcts won ")


def test_wilsons_interval(bench):
    assert bench.wilson(0, 0) == (0.0, 1.0)
    low, high = bench.wilson(36, 40)
    assert round(low, 3) == 0.769 and round(high, 3) == 0.960


def test_the_comparison_needs_a_time_per_decision(bench):
    # 0 would be boardcore's "no time limit", and a billion iterations.
    with pytest.raises(ValueError):
        bench.compare("gallic-wars", 2, games=1, seconds=0.0, seed=0)
