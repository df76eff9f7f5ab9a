"""No response of the server gives a seat a card it may not see.

For each game, every seat of a match is joined and played through the API with
random answers, while the same answers are applied to a local copy of the match.
Every response a seat receives (its state, with and without the page's HTML, its
answers' replies, the WebSocket's updates, the lobby) is searched for card ids:
each one found must be one that seat has been shown by the engine itself, in its
``state.view(seat)`` now or earlier, or in ``state.events_for(seat)``. Cards are
also searched by their text ("Caesar (Leader, Force 10)"), which is how events
and options name them: a text found must be that of a card the seat was shown
(several copies share a text, so any of them will do). A spectator's responses
are checked the same way against ``view(None)``.
"""

from __future__ import annotations

import html
import json
import random
import re
from typing import Any

import pytest

import boardcore
from server_helpers import Api, auth, card_id_pattern

CASES = [
    # game, players, options, answers to play (None: to the end)
    ("gallic-wars", 2, {}, None),
    ("invasions-of-the-horse-people", 3, {}, 90),
    ("prehistoric-warfare", 2, {}, 90),
    ("aztec-skirmish", 2, {"deployment": "choose"}, 90),
]


class Witness:
    """What each seat (None: a spectator) has been shown by the engine so far, as card ids."""

    def __init__(self, state: boardcore.State, pattern: Any) -> None:
        self.state = state
        self.pattern = pattern
        self.copies: dict[str, set[str]] = {}
        for cid, card in state.game.cards.items():
            self.copies.setdefault(card.text, set()).add(cid)
        texts = "|".join(re.escape(t) for t in sorted(self.copies, key=len, reverse=True))
        self.texts = re.compile(rf"(?<!\w)(?:{texts})(?!\w)")
        self.seats: list[int | None] = [*range(state.players), None]
        self.allowed: dict[int | None, set[str]] = {seat: set() for seat in self.seats}
        self.spoken: dict[int | None, set[str]] = {seat: set() for seat in self.seats}
        """Card texts the engine itself wrote for the seat (a played card named in a prompt)."""
        self.told = {seat: 0 for seat in self.seats}
        self.update()

    def ids(self, text: str) -> set[str]:
        return set(self.pattern.findall(text))

    def update(self) -> None:
        for seat in self.seats:
            view = self.state.view(seat)
            events = self.state.events_for(seat)
            new = events[self.told[seat] :]
            data = [boardcore.to_data(e) for e in new]
            self.allowed[seat] |= self.ids(json.dumps(view)) | self.ids(json.dumps(data))
            written = [*_strings(view), *_strings(data), *(str(e) for e in new)]
            self.spoken[seat] |= set(self.texts.findall(" | ".join(written)))
            self.told[seat] = len(events)

    def check(self, seat: int | None, text: str, what: str) -> int:
        """Fails if ``text``, sent to ``seat``, names a card that seat was not shown."""
        found = self.ids(text)
        leaked = found - self.allowed[seat]
        assert not leaked, f"{what} for seat {seat} names cards it may not see: {sorted(leaked)[:5]}"
        words = " | ".join(html.unescape(s) for s in _strings(json.loads(text) if text[:1] in "[{" else text))
        named = set(self.texts.findall(words))
        unseen = sorted(t for t in named if t not in self.spoken[seat] and not self.copies[t] & self.allowed[seat])
        assert not unseen, f"{what} for seat {seat} tells cards it may not see: {unseen[:5]}"
        return len(found) + len(named)


# Gallic Wars runs in the quick subset; the longer games with the slow tests.
@pytest.mark.parametrize(
    "game_name, players, options, limit",
    [pytest.param(*c, id=c[0], marks=[] if c[0] == "gallic-wars" else [pytest.mark.slow]) for c in CASES],
)
def test_no_response_names_a_card_the_seat_may_not_see(api: Api, game_name, players, options, limit):
    game = boardcore.load_game(game_name)
    seed = 20240 + players
    local = game.new_state(players=players, seed=seed, **options)
    witness = Witness(local, card_id_pattern(game.cards))
    assert all(witness.allowed[seat] < set(game.cards) for seat in witness.seats), "nothing is hidden: the test proves nothing"
    match = api.create(game_name, players=players, seed=seed, options=options)["id"]
    tokens = [api.join(match, seat=seat, name=f"player {seat}") for seat in range(players)]
    rng = random.Random(seed)
    found = {seat: 0 for seat in witness.seats}

    def read(seat: int | None, **params: Any) -> dict[str, Any]:
        response = api.client.get(f"/api/matches/{match}/state", headers=auth(None if seat is None else tokens[seat]), params=params)
        assert response.status_code == 200, response.text
        found[seat] += witness.check(seat, response.text, f"GET state {params}")
        return response.json()

    answers = 0
    while not local.is_over and (limit is None or answers < limit):
        states = {seat: read(seat, html=1 if answers % 3 == 0 else 0) for seat in range(players)}
        if answers % 5 == 0:
            read(None, html=1)
        asked = sorted(seat for seat, state in states.items() if state["decision"] is not None)
        assert asked == sorted(d.player for d in local.pending)
        seat = rng.choice(asked)
        option = rng.randrange(len(states[seat]["decision"]["options"]))
        response = api.answer(match, tokens[seat], option, version=answers)
        assert response.status_code == 200, response.text
        decision = next(d for d in local.pending if d.player == seat)
        local.apply(seat, decision.options[option])
        answers += 1
        witness.update()
        found[seat] += witness.check(seat, response.text, "POST answer")

    for seat in witness.seats:
        read(seat, html=1)
        with api.client.websocket_connect(f"/api/matches/{match}/ws") as socket:
            socket.send_json({"token": None if seat is None else tokens[seat], "html": True})
            update = socket.receive_json()
            assert update["version"] == answers
            witness.check(seat, json.dumps(update), "WebSocket update")
    for path in ("/", f"/matches/{match}", "/api/matches", f"/api/matches/{match}"):
        witness.check(None, api.client.get(path).text, path)
    assert all(found[seat] for seat in range(players)), "the check never saw a card id: it would miss a leak"


def _strings(data: Any) -> list[str]:
    """Every string in JSON data (keys too), or the text itself."""
    if isinstance(data, dict):
        return [*data.keys(), *(s for v in data.values() for s in _strings(v))]
    if isinstance(data, list):
        return [s for v in data for s in _strings(v)]
    return [data] if isinstance(data, str) else []
