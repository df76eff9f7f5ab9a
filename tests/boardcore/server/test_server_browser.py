"""The web page in a real headless browser (Chromium driven by Playwright).

Two browser contexts (two people, each with their own storage) create and join a
Gallic Wars match from the lobby and play it to the end by clicking their cards
(a button only for what is no card, "done"); one context plays a whole Aztec
Skirmish match against a server bot by clicking cards, pieces and squares; a
double click is applied once; the Gallic Wars match is stepped through in its
replay; and each game's page is drawn once. Screenshots are saved in
``$BOARDCORE_TEST_ARTIFACTS`` if set, else in a pytest temporary folder whose
path is printed.

The browser is the system's Chromium (``/usr/bin/chromium``, or
``$BOARDCORE_CHROMIUM``); Playwright's own browser downloads are never used.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import time
import warnings
from pathlib import Path
from typing import Any

import pytest

from server_helpers import Api, free_port, start_server

pytestmark = pytest.mark.slow

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")
httpx = pytest.importorskip("httpx")

CHROMIUM = os.environ.get("BOARDCORE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    # this machine's network is closed: no calls home
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
CLICKABLE = "#chooser button.option, td.sq.to, .card.can, td.sq.can, .options button.option"
"""What a person may click to answer, in the order a random player prefers it: an
option a click left open, a square the picked piece may go to, then anything."""


@pytest.fixture(scope="module")
def artifacts(tmp_path_factory) -> Path:
    folder = Path(os.environ.get("BOARDCORE_TEST_ARTIFACTS") or tmp_path_factory.mktemp("browser-artifacts"))
    folder.mkdir(parents=True, exist_ok=True)
    print(f"\nscreenshots in {folder}")
    return folder


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Any:
    db, port = tmp_path_factory.mktemp("server") / "matches.sqlite3", free_port()
    process = start_server(db, port)
    yield f"http://127.0.0.1:{port}"
    process.terminate()
    process.wait(10)


@pytest.fixture(scope="module")
def browser() -> Any:
    if not Path(CHROMIUM).exists():
        # said in the warnings summary too: a skip alone is easy to miss in a long run
        why = f"the browser tests are skipped: no Chromium at {CHROMIUM} (apt-get install chromium, or set BOARDCORE_CHROMIUM)"
        warnings.warn(why, stacklevel=1)
        pytest.skip(why)
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


class Person:
    """One browser context: a person with their own storage, and their page."""

    def __init__(self, browser: Any, base: str, name: str) -> None:
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.base = base
        self.name = name
        self.clicks = 0

    def lobby(self) -> None:
        self.page.goto(self.base + "/")
        self.page.fill("#player-name", self.name)
        self.page.dispatch_event("#player-name", "change")

    def create(self, game: str, bots: dict[int, str] | None = None, side: str | None = None) -> str:
        """Create a match of ``game`` from the lobby and sit at its first free seat; its id."""
        self.lobby()
        form = self.page.locator(f'form[data-game="{game}"]')
        self.page.locator("details.new-match", has=form).locator("summary").click()
        for seat, bot in (bots or {}).items():
            form.locator(f'select[name="seat:{seat}"]').select_option(bot)
        if side is not None:
            form.locator("select[data-sides]").select_option(side)
        form.locator('button[type="submit"]').click()
        self.page.wait_for_url("**/matches/*?seat=*")
        self.page.wait_for_selector(".table")
        return self.page.url.split("/matches/")[1].split("?")[0]

    def join(self, match: str, seat: int) -> None:
        self.lobby()
        self.page.click(f'button.join[data-match="{match}"][data-seat="{seat}"]')
        self.page.wait_for_url(f"**/matches/{match}?seat={seat}")
        self.page.wait_for_selector(".table")

    def offers(self) -> list[dict[str, Any]]:
        text = self.page.evaluate("() => { const s = document.querySelector('.table script.offers'); return s ? s.textContent : '[]'; }")
        return json.loads(text)

    def buttons_are_for_what_is_no_card_and_no_square(self) -> None:
        """The option buttons the page shows stand only for options that name neither a
        card on the table nor a square: moves are made on the cards and the board."""
        # Both read in one evaluation: the page may show the next decision (a bot moved)
        # between two calls, and the offers of one would be compared with the buttons of another.
        text, shown = self.page.evaluate(
            "() => { const s = document.querySelector('.table script.offers');"
            " return [s ? s.textContent : '[]',"
            " [...document.querySelectorAll('.options button.option')].map(b => Number(b.dataset.index))]; }"
        )
        by_click = {o["index"] for o in json.loads(text) if o["card"] or o["squares"]}
        assert not by_click & set(shown), f"buttons for moves: {sorted(by_click & set(shown))}"

    def click_something(self, rng: random.Random) -> bool:
        """Click one thing that answers or leads to an answer, if there is any now."""
        for selector in CLICKABLE.split(", ")[:2]:
            found = self.page.locator(f"{selector}:visible")
            if found.count():
                return self._click(found, rng)
        found = self.page.locator(", ".join(f"{s}:visible" for s in CLICKABLE.split(", ")[2:]))
        if not found.count():
            cancel = self.page.locator("#chooser button.cancel:visible")
            if cancel.count():
                self._click(cancel, rng)
            return False
        return self._click(found, rng)

    def _click(self, found: Any, rng: random.Random) -> bool:
        count = found.count()
        if not count:
            return False  # the table was redrawn since it was looked at: look again
        try:
            found.nth(rng.randrange(count)).click(timeout=2000)
        except sync_api.Error:
            return False  # the table was redrawn under the click: look again
        self.clicks += 1
        # the page takes no click in the moment after the table changed: give it that moment
        self.page.wait_for_timeout(40)
        return True

    def version(self) -> int:
        return int(self.page.get_attribute(".table", "data-version") or -1)

    def over(self) -> bool:
        return self.page.locator("#result").count() > 0

    def shoot(self, folder: Path, name: str) -> None:
        self.page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


def version_of(server: str, match: str) -> int:
    return int(httpx.get(f"{server}/api/matches/{match}").json()["version"])


@pytest.fixture(scope="module")
def gallic_wars_match(browser, server, artifacts) -> str:
    """A Gallic Wars match two people played to the end in two browsers, by clicking
    cards; a double click of Ann's is applied once. Its id."""
    ann, bob = Person(browser, server, "Ann"), Person(browser, server, "Bob")
    match = ann.create("gallic-wars", side="Celts")
    bob.join(match, seat=1)
    assert "You are Ann (Celts)" in ann.page.inner_text(".where") and "You are Bob (Romans)" in bob.page.inner_text(".where")
    ann.shoot(artifacts, "gallic-wars-ann-start")
    bob.shoot(artifacts, "gallic-wars-bob-start")

    # A double click on a card of Ann's discard: one answer, one card picked.
    before = version_of(server, match)
    ann.page.locator(".zone.mine .card.can").first.dblclick()
    ann.page.wait_for_function(f"Number(document.querySelector('.table').dataset.version) > {before}")
    ann.page.wait_for_timeout(600)
    assert version_of(server, match) == before + 1
    picks = ann.page.locator("section", has=ann.page.locator("h3", has_text="Your picks so far")).locator("p")
    assert len(picks.inner_text().split("; ")) == 1
    # An answer chosen on the table before that one is refused, naming why.
    refused = ann.page.evaluate(
        "([m, v]) => boardcore.api('POST', `/api/matches/${m}/answer`, {option: 0, version: v},"
        " boardcore.seats(m)[0]).then(() => 'accepted', (e) => e.message)",
        [match, before],
    )
    assert "has changed since version" in refused
    assert version_of(server, match) == before + 1

    rng = random.Random(5)
    deadline = time.monotonic() + 240
    while not (ann.over() and bob.over()):
        assert time.monotonic() < deadline, f"the match did not end in 240 s ({ann.clicks + bob.clicks} clicks)"
        moved = []
        for person in (ann, bob):
            person.buttons_are_for_what_is_no_card_and_no_square()
            moved.append(person.click_something(rng))
        if ann.clicks + bob.clicks == 12:
            ann.shoot(artifacts, "gallic-wars-ann-middle")
        if not any(moved):
            ann.page.wait_for_timeout(30)
    for person in (ann, bob):
        person.page.wait_for_selector("#result")
        assert "Game over" in person.page.inner_text("#result")
        assert not person.errors, person.errors
    cards = ann.page.eval_on_selector_all(".card.can", "cs => cs.length")
    assert cards == 0  # nothing left to click once it is over
    summary = httpx.get(f"{server}/api/matches/{match}").json()
    assert summary["over"]
    ann.shoot(artifacts, "gallic-wars-ann-end")
    bob.shoot(artifacts, "gallic-wars-bob-end")
    return match


def test_two_people_play_a_whole_gallic_wars_match_by_clicking_their_cards(gallic_wars_match, server):
    summary = httpx.get(f"{server}/api/matches/{gallic_wars_match}").json()
    assert summary["over"] and [s["side"] for s in summary["seats"]] == ["Celts", "Romans"]
    assert [s["name"] for s in summary["seats"]] == ["Ann", "Bob"]


def test_a_finished_match_is_stepped_through_in_its_replay(gallic_wars_match, browser, server, artifacts):
    carol = Person(browser, server, "Carol")
    carol.page.goto(server + "/")
    carol.page.locator("details.new-match", has=carol.page.locator('form[data-game="gallic-wars"]')).locator("summary").click()
    carol.shoot(artifacts, "lobby")
    carol.page.click(f'tr[data-match="{gallic_wars_match}"] a.replay')
    carol.page.wait_for_url(f"**/matches/{gallic_wars_match}/replay")
    carol.page.wait_for_selector(".table")
    steps = version_of(server, gallic_wars_match)
    assert carol.page.inner_text("#where") == f"step {steps} of {steps}"
    assert carol.page.locator("#result").count() == 1

    def at(step: int) -> None:
        carol.page.wait_for_function(f"document.getElementById('replay').dataset.step === '{step}'")
        assert carol.page.inner_text("#where") == f"step {step} of {steps}"
        assert f"step {step} of {steps}" in carol.page.inner_text(".where")

    carol.page.click("#first")
    at(0)
    assert carol.page.locator("#result").count() == 0
    for step in (1, 2, 3):
        carol.page.click("#forward")
        at(step)
    carol.page.click("#back")
    at(2)
    carol.page.keyboard.press("ArrowRight")
    at(3)
    # the spectator sees no hand; Ann's point of view shows hers, once the match is over
    assert carol.page.locator('.zone[data-zone="hand:0"] .card').count() == 0
    carol.page.select_option("#seat", "0")
    carol.page.wait_for_function("document.querySelectorAll('.zone[data-zone=\"hand:0\"] .card').length > 0")
    assert "Ann (Celts)'s view" in carol.page.inner_text(".where")
    carol.shoot(artifacts, "replay")
    carol.page.click("#last")
    at(steps)
    assert carol.page.locator("#result").count() == 1
    assert not carol.errors, carol.errors


def test_a_person_plays_a_whole_aztec_skirmish_match_on_the_board_against_a_server_bot(browser, server, artifacts):
    carl = Person(browser, server, "Carl")
    match = carl.create("aztec-skirmish", bots={1: "random"})
    assert carl.page.locator("table.board td.sq").count() == 64
    assert "You are Carl (Aztecs)" in carl.page.inner_text(".where")
    carl.shoot(artifacts, "aztec-skirmish-start")
    rng = random.Random(8)
    deadline, squares, moving = time.monotonic() + 600, 0, False
    while not carl.over():
        assert time.monotonic() < deadline, f"the match did not end in 600 s ({carl.clicks} clicks)"
        carl.buttons_are_for_what_is_no_card_and_no_square()
        squares += carl.page.locator("td.sq.can:visible, td.sq.to:visible").count() > 0
        if not moving and carl.page.locator("td.sq.to").count():
            # a piece picked (after a card, or on its own): where it may go is highlighted
            # (a picked card's targets may all be one-square attacks, so both ways count)
            moving = True
            carl.shoot(artifacts, "aztec-skirmish-move")
        # A picked card also offers its uses that name no square (draw two) as buttons,
        # which click_something prefers: half the time, a piece is picked instead.
        picked = carl.page.locator(".card.picked").count() > 0
        if picked and rng.random() < 0.5 and carl._click(carl.page.locator("td.sq.can:visible"), rng):
            continue
        if not carl.click_something(rng):
            carl.page.wait_for_timeout(30)
    carl.page.wait_for_selector("#result")
    assert squares > 10 and moving, f"the board was hardly clicked: {squares} looks with squares to click, moved: {moving}, {carl.clicks} clicks"
    assert version_of(server, match) > carl.clicks // 3  # the bot moved too
    assert not carl.errors, carl.errors
    carl.shoot(artifacts, "aztec-skirmish-end")


@pytest.mark.parametrize("game", ["gallic-wars", "invasions-of-the-horse-people", "prehistoric-warfare", "aztec-skirmish"])
def test_each_games_page_is_drawn(browser, server, artifacts, game):
    api = Api(httpx.Client(base_url=server, timeout=10))
    options = {"deployment": "standard"} if game == "aztec-skirmish" else {}
    match = api.create(game, seed=7, options=options, bots={"1": "random"})["id"]
    token = api.join(match, seat=0, name="Dora")
    dora = Person(browser, server, "Dora")
    dora.page.goto(server + "/")
    dora.page.evaluate("([m, t]) => boardcore.keepSeat(m, 0, t)", [match, token])
    dora.page.goto(f"{server}/matches/{match}?seat=0")
    dora.page.wait_for_selector(".table")
    rng = random.Random(3)
    while dora.clicks < 6 and not dora.over():
        dora.page.wait_for_function(
            "document.querySelector('#chooser button.option, td.sq.to, .card.can, td.sq.can, .options button.option') || document.getElementById('result')"
        )
        dora.click_something(rng)
    dora.page.wait_for_timeout(300)
    assert dora.page.locator(".zone.mine .card").count() > 0 or game == "prehistoric-warfare"
    assert "Dora" in dora.page.inner_text(".where")
    assert not dora.errors, dora.errors
    dora.shoot(artifacts, game)
