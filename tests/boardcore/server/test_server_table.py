"""What the web table is made of, through the JSON API: each option with the card it
plays and the squares it names (so that the page can be clicked instead of offering
buttons), the cards that cannot be played now, the players named with their sides,
the pieces' letters fixed for the match, the game's self-description as sentences
and small tables; the lobby's titles and side choice."""

from __future__ import annotations

import html
import json
import re

import boardcore
from boardcore.server import page
from server_helpers import my_turn_or_over


def test_each_option_names_its_card_and_its_squares(api):
    match = api.create("aztec-skirmish", seed=7, options={"deployment": "standard"}, bots={"1": "first"})["id"]
    token = api.join(match, name="Ann")
    state = api.wait(match, token, my_turn_or_over)
    hand = {c["id"] for c in state["view"]["zones"]["hand:0"]["cards"]}
    for _ in range(60):  # first options until a move is asked: its options name two squares each
        options = state["decision"]["options"]
        if any(len(o["squares"]) == 2 for o in options):
            break
        assert api.answer(match, token, 0, state["version"]).status_code == 200
        state = api.wait(match, token, my_turn_or_over)
        hand = {c["id"] for c in state["view"]["zones"]["hand:0"]["cards"]}
    else:
        raise AssertionError("no move was asked")
    for option in options:
        assert option["card"] is None or option["card"] in hand
        named = re.findall(r"\b[a-h][1-8]\b", option["text"])
        assert option["squares"] == named
    assert set(state["decision"]["unplayable"]) <= hand
    table = api.state(match, token, html=1)["html"]
    offers = html.unescape(re.search(r'<script type="application/json" class="offers">(.*?)</script>', table, re.S).group(1))
    assert '"squares"' in offers
    # a move is made on the board: no option that names squares is a button
    buttons = {int(i) for i in re.findall(r'<button class="option" data-index="(\d+)"', table)}
    assert not buttons & {o["index"] for o in options if o["squares"] or o["card"]}


def test_the_players_are_named_with_their_sides_and_the_letters_stay(api):
    match = api.create("aztec-skirmish", seed=7, options={"deployment": "standard", "aztec": 1}, bots={"1": "first"})["id"]
    token = api.join(match, name="Ann")
    state = api.wait(match, token, my_turn_or_over)
    assert state["seating"] == {
        "names": ["Ann", "first bot"],
        "sides": ["Conquistadors", "Aztecs"],
        "who": ["Ann (Conquistadors)", "first bot (Aztecs)"],
    }
    assert state["title"] == "Aztec Skirmish"
    legend = state["legend"]
    assert len(set(legend.values())) == len(legend) >= 7
    for _ in range(12):
        assert api.answer(match, token, 0, state["version"]).status_code == 200
        state = api.wait(match, token, my_turn_or_over)
        assert {k: v for k, v in state["legend"].items() if k in legend} == legend  # no letter ever changes
    table = api.state(match, token, html=1)["html"]
    assert "You are <strong>Ann (Conquistadors)</strong>" in table and "sides:" not in table
    assert any("first bot (Aztecs)" in line for line in state["recent"])


def test_the_table_panel_is_the_games_self_description_in_sentences_and_small_tables():
    payload = {
        "game": "toy", "version": 3, "seat": 0, "names": ["Ann", "Bob"], "recent": ["first", "newest"],
        "decision": None,
        "view": {
            "players": 2, "turn": 1, "round": 1, "phase": "p", "active": None, "out": [], "result": None,
            "others_deciding": [], "zones": {}, "counters": {}, "pieces": {}, "board": None, "draft": [],
            "table": {"winners": [1, 1, 0]},
            "game_view": {
                "sides": ["North", "South"], "piece_kinds": ["king"], "people": [10, 9], "Khan": "seat 1",
                "battles": [{"hand": 1, "winner": "seat 1"}, {"hand": 2, "winner": "seat 0"}],
            },
        },
    }  # fmt: skip
    payload["seating"] = {"names": ["Ann", "Bob"], "sides": ["North", "South"], "who": ["Ann (North)", "Bob (South)"]}
    table = page.table_html(payload)
    panel = table.split('id="on-the-table"')[1].split("</section>")[0]
    assert "<b>Khan</b>: Bob (South)" in panel
    assert "<caption>people</caption><tr><th>Ann (North)</th><th>Bob (South)</th></tr><tr><td>10</td><td>9</td></tr>" in panel
    assert "<th>hand</th><th>winner</th>" in panel and "<td>Bob (South)</td>" in panel
    assert "sides" not in panel and "piece_kinds" not in panel and "[1; 1; 0]" not in table and "winners" not in table
    # the newest event first, so it is always in sight
    assert table.index("newest</li>") < table.index("first</li>")


def test_the_lobby_names_games_by_title_and_offers_a_side(api):
    lobby = api.client.get("/").text
    assert "<strong>Invasions of the Horse People</strong>" in lobby
    select = re.search(r'<select name="side:romans" data-sides="([^"]+)">(.*?)</select>', lobby, re.S)
    assert select and '<option value="Romans">' in select.group(2) and '<option value="Celts">' in select.group(2)
    assert json.loads(html.unescape(select.group(1))) == [{"value": 0, "sides": ["Romans", "Celts"]}, {"value": 1, "sides": ["Celts", "Romans"]}]
    games = {g["name"]: g for g in api.client.get("/api/games").json()["games"]}
    romans = next(o for o in games["gallic-wars"]["options"] if o["name"] == "romans")
    assert romans["sides"] == [{"value": 0, "sides": ["Romans", "Celts"]}, {"value": 1, "sides": ["Celts", "Romans"]}]
    assert games["gallic-wars"]["title"] == "Gallic Wars"
    match = api.create("gallic-wars", options={"romans": 1})
    assert [s["side"] for s in match["seats"]] == ["Celts", "Romans"] and match["title"] == "Gallic Wars"
    assert "join as Celts" in api.client.get("/").text


def test_every_game_is_titled_in_the_catalog(api):
    titles = {g["name"]: g["title"] for g in api.client.get("/api/games").json()["games"]}
    assert set(titles) == set(boardcore.list_games())
    assert all(title and "-" not in title for title in titles.values())
