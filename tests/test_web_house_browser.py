"""Preferans' house rules at a web table (issue 25, part 4): before the pulya starts,
every player at the table, and a spectator, reads the rules in force in one line
(the convention, the pulya and each house rule agreed), in his language. The server
and browser come from tests/test_web_browser.py."""

from __future__ import annotations

import pytest

import test_web_browser as web
from test_web_browser import Watched, _post

pytestmark = pytest.mark.slow

# The server and the browser of tests/test_web_browser.py (started for this module).
booting = web.booting
server = web.server
browser = web.browser
watched = web.watched


def test_every_seat_reads_the_house_rules_before_the_pulya(server: str, watched: Watched) -> None:
    made = _post(
        f"{server}/api/tables",
        {
            "game": "preferans",
            "options": {"rules": "leningrad", "failed": "double", "ten_tricks": "checked"},
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "rules"}],
        },
    )
    line = (
        "Leningrad, pulya 20; Failed contract: doubled; Ten-trick contract: checked, without whist"
    )
    for path in (made["seats"][0]["link"], made["seats"][1]["link"], f"/t/{made['id']}"):
        page = watched.new_page()
        page.goto(f"{server}{path}")
        summary = page.locator(".rules-summary")
        summary.wait_for()
        assert summary.inner_text() == f"Rules: {line}"
        # Nobody has played a card: the line is there before the pulya starts.
        assert page.locator(".trick .played").count() == 0
    # In Russian, the same rules in the players' words.
    page = watched.page
    page.goto(f"{server}{made['seats'][0]['link']}")
    page.wait_for_selector(".rules-summary")
    page.click("button[data-lang=ru]")
    page.wait_for_function(
        "() => (document.querySelector('.rules-summary') || {}).innerText?.includes('Ремиз')"
    )
    text = page.locator(".rules-summary").inner_text()
    assert "Ленинградка, пуля 20" in text and "Десятерная: проверяется, без виста" in text


def test_the_lobby_offers_a_conventions_house_rules_under_it_alone(
    server: str, watched: Watched
) -> None:
    """Leningrad's doubled remise is offered under Leningrad only; chosen in the lobby, the
    table made reads it in its summary."""
    page = watched.page
    page.goto(f"{server}/")
    page.wait_for_selector("#play")
    page.select_option("#game", label="Preferans")
    page.wait_for_selector("#opt-rules")
    page.select_option("#opt-rules", label="Sochi")
    assert page.locator("#opt-failed").count() == 0
    assert page.locator("#opt-stalingrad").count() == 1  # every Russian convention's
    page.select_option("#opt-rules", label="Leningrad")
    page.wait_for_selector("#opt-failed")
    assert page.locator("#field-failed label").inner_text().strip() == "Failed contract"
    page.select_option("#opt-failed", label="doubled")
    page.click("#play")
    page.wait_for_selector(".rules-summary")
    assert "Leningrad, pulya 20; Failed contract: doubled" in page.inner_text(".rules-summary")
