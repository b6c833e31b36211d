"""The lobby and Le Truc for four in a real browser (issue 21, items 4 and 5): the
games the most played first, the last choice remembered, an option shown only where
it applies, the options in Russian, and the four-player buttons in named groups, on
a desktop and on a phone (390×844). Screenshots go to ``$TRICKTAKER_SHOTS`` where
it is set (none kept otherwise). The server and browser come from
tests/test_web_browser.py."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import test_web_browser as web
from test_web_browser import CYRILLIC, Watched, _no_horizontal_scroll
from tricktaker.core import get_game

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.slow

# The server and the browser of tests/test_web_browser.py (started for this module).
booting = web.booting
server = web.server
browser = web.browser
watched = web.watched

TITLES = ["Truco", "Preferans", "Le Truc", "Tetka"]


def title(gid: str) -> str:
    return get_game(gid).words("en").title


def shot(page: Page, name: str) -> None:
    """A screenshot where ``TRICKTAKER_SHOTS`` names a folder (a CI's artefacts)."""
    folder = os.environ.get("TRICKTAKER_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def test_the_games_come_most_played_first_and_the_last_choice_is_kept(
    server: str, watched: Watched
) -> None:
    page = watched.page
    page.goto(f"{server}/")
    page.wait_for_selector("#play")
    assert [title(g) for g in ("truco", "preferans", "truc", "tetka")] == TITLES
    assert page.locator("#game option").all_inner_texts() == TITLES
    assert page.locator("#game option:checked").inner_text() == "Truco"
    page.select_option("#game", label="Le Truc")
    page.wait_for_selector("#opt-match")
    page.select_option("#opt-players", label="four, two against two")
    page.select_option("#opt-match", label="one game to 12")
    page.select_option("#speed", "slow")
    page.select_option("#clock", "60")
    page.reload()
    page.wait_for_selector("#opt-match")
    assert page.locator("#game option:checked").inner_text() == "Le Truc"
    assert page.locator("#opt-players option:checked").inner_text() == "four, two against two"
    assert page.locator("#opt-match option:checked").inner_text() == "one game to 12"
    assert page.locator("#speed").input_value() == "slow"
    assert page.locator("#clock").input_value() == "60"
    assert page.locator(".seat-list select").count() == 3
    # Another game keeps its own options; coming back finds Le Truc's as left.
    page.select_option("#game", label="Tetka")
    page.wait_for_selector("#opt-revoke")
    page.select_option("#game", label="Le Truc")
    page.wait_for_selector("#opt-match")
    assert page.locator("#opt-match option:checked").inner_text() == "one game to 12"
    # A value kept that the menu no longer offers is not used: the default is.
    page.evaluate(
        """() => localStorage.setItem('tricktaker.lobby', JSON.stringify(
            {game: 'truc', options: {truc: {match: 7, players: 'x'}}, speed: 'warp'}))"""
    )
    page.reload()
    page.wait_for_selector("#opt-match")
    assert page.locator("#opt-match option:checked").inner_text() == "best of three games to 12"
    assert page.locator("#opt-players option:checked").inner_text() == "two, one against one"
    assert page.locator("#speed").input_value() == "normal"


def test_an_option_shows_only_where_it_applies_and_speaks_russian(
    server: str, watched: Watched
) -> None:
    page = watched.page
    page.goto(f"{server}/")
    page.wait_for_selector("#play")
    page.select_option("#game", label="Preferans")
    page.wait_for_selector("#opt-rules")
    assert page.locator("#opt-overtake").count() == 0
    page.select_option("#opt-rules", label="Pot game (old rules, for stakes)")
    page.wait_for_selector("#opt-overtake")
    assert page.locator("#field-overtake label").inner_text().strip() == "Must overtake"
    help_text = page.locator("#field-overtake .help").inner_text()
    assert "pot game only" not in help_text and "beat the best card" in help_text
    shot(page, "lobby-preferans-pot")
    page.select_option("#opt-rules", label="Sochi")
    page.wait_for_selector("#opt-overtake", state="detached")
    # Russian: labels, values and help in the players' words, no raw ids.
    page.click("[data-lang=ru]")
    page.wait_for_function(
        "() => document.querySelector('#field-rules label') &&"
        " document.querySelector('#field-rules label').textContent.includes('Правила')"
    )
    for text in page.locator(".option label").all_inner_texts():
        assert CYRILLIC.search(text), text
    for text in page.locator(".option .help").all_inner_texts():
        assert CYRILLIC.search(text) and not re.search(r"\b(sochi|pot|rostov)\b", text), text
    assert "Котёл (старинные правила, на ставки)" in page.locator("#opt-rules").inner_text()
    page.select_option("#game", index=3)  # Tetka
    page.wait_for_selector("#opt-revoke")
    revoke = page.locator("#opt-revoke option").all_inner_texts()
    assert all(CYRILLIC.search(x) and "prevented" not in x for x in revoke), revoke
    assert page.locator("label[for=speed]").inner_text() == "Скорость компьютеров"
    shot(page, "lobby-tetka-ru")


def test_a_hidden_option_is_sent_at_its_default_and_the_speed_is_kept(
    server: str, watched: Watched
) -> None:
    """Overtaking ticked in the pot game, then Sochi chosen: the table is made with the
    option's default (it does not apply), and with the speed chosen."""
    page = watched.page
    page.goto(f"{server}/")
    page.wait_for_selector("#play")
    page.select_option("#game", label="Preferans")
    page.select_option("#opt-rules", label="Pot game (old rules, for stakes)")
    page.check("#opt-overtake")
    page.select_option("#opt-rules", label="Sochi")
    page.wait_for_selector("#opt-overtake", state="detached")
    page.select_option("#speed", "instant")
    page.click("#play")
    page.wait_for_url(re.compile(r".*/t/[A-Za-z0-9_-]+$"))
    found = re.search(r"/t/([A-Za-z0-9_-]+)$", page.url)
    assert found is not None
    table = web._get(f"{server}/api/tables/{found.group(1)}")
    assert table["options"]["rules"] == "sochi" and table["options"]["overtake"] is False
    life = web._get(f"{server}/api/tables/{found.group(1)}/life")
    assert life["speed"] == "instant"
    # The choice is kept as made: back in the lobby, the pot game's tick is remembered.
    page.goto(f"{server}/")
    page.wait_for_selector("#opt-rules")
    assert page.locator("#game option:checked").inner_text() == "Preferans"
    page.select_option("#opt-rules", label="Pot game (old rules, for stakes)")
    assert page.locator("#opt-overtake").is_checked()


def _four_player_words(page: Page, seconds: float = 40) -> None:
    """Play on (cards first, never a fold) until the seat is offered words, in groups."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if page.locator(".actions .action-group").count():
            return
        if page.locator(".deal-dialog[open]").count():
            page.click(".deal-dialog[open] button")
        buttons = page.locator(".actions button.action:not([disabled])")
        if buttons.count():
            actions = [
                buttons.nth(i).get_attribute("data-action") or "" for i in range(buttons.count())
            ]
            pick = next((a for a in actions if " play " in f" {a} " or a.endswith("pass")), None)
            pick = pick or next((a for a in actions if not a.endswith("fold")), actions[0])
            page.click(f'.actions button[data-action="{pick}"]')
        page.wait_for_timeout(100)
    pytest.fail("no word was offered in time")


@pytest.mark.parametrize(("width", "height"), [(1280, 900), (390, 844)])
def test_le_truc_for_four_groups_its_buttons(
    server: str, browser: Browser, width: int, height: int
) -> None:
    seen = Watched(browser, width=width, height=height)
    page = seen.page
    try:
        page.goto(f"{server}/")
        page.wait_for_selector("#play")
        page.select_option("#game", label="Le Truc")
        page.wait_for_selector("#opt-players")
        page.select_option("#opt-players", label="four, two against two")
        for seat in (1, 2, 3):
            page.select_option(f"#seat-{seat}", "bot:random")
        page.select_option("#speed", "instant")
        page.click("#play")
        page.wait_for_url(re.compile(r".*/t/[A-Za-z0-9_-]+$"))
        page.wait_for_selector(".board")
        _four_player_words(page)
        found = page.wait_for_function(
            """() => {
                const groups = [...document.querySelectorAll('.actions .action-group')];
                if (!groups.length) return null;
                const all = document.querySelectorAll('.actions button.action').length;
                const inGroups = document.querySelectorAll('.action-group button.action').length;
                const note = document.querySelector('.actions .groups-note');
                return {
                    titles: groups.map((g) => g.querySelector('.action-group-title').textContent),
                    labelled: groups.every((g) => g.getAttribute('role') === 'group'
                        && document.getElementById(g.getAttribute('aria-labelledby'))),
                    all, inGroups,
                    note: note ? note.textContent : '',
                    heights: [...document.querySelectorAll('.actions button.action')]
                        .map((b) => b.getBoundingClientRect().height),
                };
            }"""
        ).json_value()
        named = {"Your cards", "The stake", "New cards"}
        named |= {"Say to your partner", "Signal to your captain"}
        assert found["titles"] and set(found["titles"]) <= named, found
        assert {"Say to your partner", "Signal to your captain"} & set(found["titles"]), found
        assert found["labelled"] and found["all"] == found["inGroups"], found
        assert "Captains" in found["note"] and "do not end your turn" in found["note"], found
        assert min(found["heights"]) >= 44 if width < 500 else True
        _no_horizontal_scroll(page)
        shot(page, f"truc-four-groups-{width}")
        # Russian: the groups' names and the note in the players' words.
        page.click("[data-lang=ru]")
        page.wait_for_function(
            "() => { const n = document.querySelector('.actions .groups-note');"
            " return !n || /[А-Яа-яЁё]/.test(n.textContent); }"
        )
        titles = page.locator(".action-group-title").all_inner_texts()
        assert all(CYRILLIC.search(x) for x in titles), titles
        _no_horizontal_scroll(page)
        shot(page, f"truc-four-groups-{width}-ru")
    finally:
        seen.close()
