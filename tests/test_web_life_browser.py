"""The seats' life in a real browser (chromium), with two people in two browser contexts:
the host makes a table with a second person's seat and a turn clock; the friend opens
his invitation, chooses a name, and the host sees it and "connected"; the friend goes,
the host sees "away"; the clock hands his seat to a computer and the table goes on;
the friend comes back and has his seat again.

The server runs with ``TRICKTAKER_CLOCK_SCALE`` so the lobby's 30 s clock lasts 3 s.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import urllib.error
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from test_web_browser import (
    CHROMIUM,
    Watched,
    _choose_game,
    _create_from_lobby,
    _free_port,
    _get,
    _require,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.slow

SCALE = "0.1"  # 30 s -> 3 s


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    _require()
    port = _free_port()
    db = tmp_path_factory.mktemp("life") / "tables.db"
    log = tmp_path_factory.getbasetemp() / f"serve-life-{port}.log"
    command = [sys.executable, "-m", "tricktaker.cli", "serve", "--port", str(port)]
    command += ["--db", f"sqlite:///{db}", "--bot-delay", "0"]
    env = {**os.environ, "TRICKTAKER_CLOCK_SCALE": SCALE}
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                pytest.fail(f"the server stopped: {log.read_text()}")
            try:
                _get(f"{base}/api/games")
                break
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > deadline:
                    pytest.fail(f"the server did not start: {log.read_text()}")
                time.sleep(0.05)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    _require()
    import shutil

    from playwright.sync_api import sync_playwright

    executable = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable)
        yield launched
        launched.close()


def seat_item(seat: int, extra: str = "") -> str:
    return f'.life-seat[data-seat="{seat}"]{extra}'


def play_until(page: Page, selector: str, seconds: float = 30) -> None:
    """The host plays (a card, else anything but folding) until ``selector`` shows."""
    deadline = time.monotonic() + seconds
    while not page.locator(selector).count():
        assert time.monotonic() < deadline, f"{selector} did not show"
        cards = page.locator(".hand-card.playable:not([disabled])")
        buttons = page.locator(".actions button.action:not([disabled])")
        if cards.count():
            cards.first.click()
        elif buttons.count():
            found = [buttons.nth(i).get_attribute("data-action") for i in range(buttons.count())]
            actions = [a or "" for a in found]
            pick = next((a for a in actions if not a.endswith("fold")), actions[0])
            page.click(f'.actions button[data-action="{pick}"]')
        page.wait_for_timeout(200)


def test_two_people_presence_clock_stand_in_and_return(server: str, browser: Browser) -> None:
    host = Watched(browser)
    guest = Watched(browser)
    back: Watched | None = None
    try:
        page = host.page
        page.goto(f"{server}/")
        page.wait_for_selector("#play")
        _choose_game(page, "truc")
        page.select_option("#seat-1", "human")
        page.select_option("#clock", "30")
        page.fill("#your-name", "Ann")
        _create_from_lobby(page)
        invite = page.locator(".links .link-input").nth(0).input_value()
        assert "token=" in invite
        # The friend has not come: his seat is waiting for him.
        page.wait_for_selector(".life .life-waiting")
        assert "Waiting for Player 2 to join" in page.inner_text(".life")
        assert page.locator(".life .fill-seat").count() == 1  # the host may fill it
        # A turn clock counts down by the seat whose turn it is.
        page.wait_for_selector(".life .life-clock")
        assert re.fullmatch(r"\d+ s", page.inner_text(".life .life-clock").strip())

        # The friend opens his invitation and chooses a name.
        friend = guest.page
        friend.goto(invite)
        friend.wait_for_selector("#life-name")
        assert friend.input_value("#life-name") == "Player 2"
        friend.fill("#life-name", "Bob\u202e")
        friend.click(".life-name-form button[type=submit]")
        friend.wait_for_selector("#life-name", state="detached")
        page.wait_for_selector(seat_item(1, '[data-presence="connected"]'))
        page.wait_for_function(
            "document.querySelector('.life-seat[data-seat=\"1\"] .life-name')"
            ".textContent.trim() === 'Bob'"
        )
        assert page.locator(".life .fill-seat").count() == 0

        # He goes: the host sees him away.
        guest.close()
        page.wait_for_selector(seat_item(1, '[data-presence="away"]'))

        # The clock runs out on his turn (the host plays his own, with nobody to hurry
        # him): a computer plays for the friend, and the table goes on.
        play_until(page, seat_item(1, " .stand-in"))
        moves = page.locator(".log-list li").count()
        play_until(page, f".log-list li:nth-child({moves + 1})")

        # He comes back: the seat is his again, at once.
        back = Watched(browser)
        again = back.page
        again.goto(invite)
        again.wait_for_selector(".hand svg.card.face")
        page.wait_for_selector(seat_item(1, '[data-presence="connected"]'))
        page.wait_for_selector(seat_item(1, " .stand-in"), state="detached")
        assert again.locator("#life-name").count() == 0  # named already
        assert "Bob" in page.inner_text(".life")
        # In Russian too.
        page.click('#langs button[data-lang="ru"]')
        page.wait_for_function(
            "() => document.querySelector('.life').textContent.includes('на месте')"
        )
        assert "Места" in page.inner_text(".life")
    finally:
        host.close()
        if back is not None:
            back.close()
