"""The web page in a real headless browser (Chromium driven by Playwright).

Two browser contexts (two people, each with their own storage) create and join a
Gallic Wars match from the lobby and play it to the end by clicking option
buttons; one context plays Aztec Skirmish against a server bot; and each game's
page is drawn once. Screenshots are saved in ``$BOARDCORE_TEST_ARTIFACTS`` if set,
else in a pytest temporary folder whose path is printed.

The browser is the system's Chromium (``/usr/bin/chromium``, or
``$BOARDCORE_CHROMIUM``); Playwright's own browser downloads are never used.
"""

from __future__ import annotations

import os
import random
import shutil
import time
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
AZTEC_CLICKS = 60
"""Answers the person gives in the Aztec Skirmish match: a whole match is some 270
of theirs, more than this test's time allows; 60 cover deployment and several turns."""


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
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium, or set BOARDCORE_CHROMIUM)")
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

    def lobby(self) -> None:
        self.page.goto(self.base + "/")
        self.page.fill("#player-name", self.name)
        self.page.dispatch_event("#player-name", "change")

    def create(self, game: str, bots: dict[int, str] | None = None) -> str:
        """Create a match of ``game`` from the lobby and sit at its first free seat; its id."""
        self.lobby()
        form = self.page.locator(f'form[data-game="{game}"]')
        self.page.locator("details.new-match", has=form).locator("summary").click()
        for seat, bot in (bots or {}).items():
            form.locator(f'select[name="seat:{seat}"]').select_option(bot)
        form.locator('button[type="submit"]').click()
        self.page.wait_for_url("**/matches/*?seat=*")
        self.page.wait_for_selector(".table")
        return self.page.url.split("/matches/")[1].split("?")[0]

    def join(self, match: str, seat: int) -> None:
        self.lobby()
        self.page.click(f'button.join[data-match="{match}"][data-seat="{seat}"]')
        self.page.wait_for_url(f"**/matches/{match}?seat={seat}")
        self.page.wait_for_selector(".table")

    def click_an_option(self, rng: random.Random) -> bool:
        """Click one of the offered options, if there are any to click now."""
        buttons = self.page.locator("button.option:not([disabled])")
        count = buttons.count()
        if not count:
            return False
        try:
            buttons.nth(rng.randrange(count)).click(timeout=2000)
        except sync_api.Error:
            return False  # the table was redrawn under the click: look again
        return True

    def version(self) -> int:
        return int(self.page.get_attribute(".table", "data-version") or -1)

    def over(self) -> bool:
        return self.page.locator("#result").count() > 0

    def shoot(self, folder: Path, name: str) -> None:
        self.page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


def test_two_people_play_a_whole_gallic_wars_match_in_two_browsers(browser, server, artifacts):
    ann, bob = Person(browser, server, "Ann"), Person(browser, server, "Bob")
    match = ann.create("gallic-wars")
    bob.join(match, seat=1)
    assert "You are Ann" in ann.page.inner_text(".where") and "You are Bob" in bob.page.inner_text(".where")
    ann.shoot(artifacts, "gallic-wars-ann-start")
    bob.shoot(artifacts, "gallic-wars-bob-start")
    rng = random.Random(5)
    clicks, deadline = 0, time.monotonic() + 90
    while not (ann.over() and bob.over()):
        assert time.monotonic() < deadline, f"the match did not end in 90 s ({clicks} clicks)"
        moved = [person.click_an_option(rng) for person in (ann, bob)]
        clicks += sum(moved)
        if clicks == 12:
            ann.shoot(artifacts, "gallic-wars-ann-middle")
        if not any(moved):
            ann.page.wait_for_timeout(30)
    for person in (ann, bob):
        person.page.wait_for_selector("#result")
        assert "Game over" in person.page.inner_text("#result")
        assert not person.errors, person.errors
    state = httpx.get(f"{server}/api/matches/{match}").json()
    assert state["over"] and state["version"] == clicks_accepted(server, match)
    ann.shoot(artifacts, "gallic-wars-ann-end")
    bob.shoot(artifacts, "gallic-wars-bob-end")


def clicks_accepted(server: str, match: str) -> int:
    return int(httpx.get(f"{server}/api/matches/{match}").json()["version"])


def test_a_person_plays_aztec_skirmish_against_a_server_bot(browser, server, artifacts):
    carl = Person(browser, server, "Carl")
    match = carl.create("aztec-skirmish", bots={1: "random"})
    assert carl.page.locator("table.board td.sq").count() == 64
    carl.shoot(artifacts, "aztec-skirmish-start")
    rng = random.Random(8)
    clicks, deadline = 0, time.monotonic() + 60
    while clicks < AZTEC_CLICKS and not carl.over():
        assert time.monotonic() < deadline, f"only {clicks} answers in 60 s"
        if carl.click_an_option(rng):
            clicks += 1
        else:
            carl.page.wait_for_timeout(30)
    carl.page.wait_for_function("document.querySelectorAll('button.option:not([disabled])').length > 0 || document.getElementById('result')")
    version = carl.version()
    assert version > clicks, "the bot never moved"
    assert carl.page.locator("table.board .owner-1").count() > 0  # the bot's pieces are on the board
    assert not carl.errors, carl.errors
    carl.shoot(artifacts, "aztec-skirmish-after")


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
    for _ in range(4):
        dora.page.wait_for_function("document.querySelectorAll('button.option:not([disabled])').length > 0 || document.getElementById('result')")
        dora.click_an_option(rng)
    dora.page.wait_for_function("document.querySelectorAll('button.option:not([disabled])').length > 0 || document.getElementById('result')")
    assert dora.page.locator(".zone.mine .card").count() > 0 or game == "prehistoric-warfare"
    assert not dora.errors, dora.errors
    dora.shoot(artifacts, game)
