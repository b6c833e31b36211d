"""The Undo button in a real browser (``server.undo``): the person at a solo table plays
a card, takes it back, and holds it again, the log told again from its start. Marked
slow, run with the other browser tests (their server and browser fixtures)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pytest

from test_web_browser import Watched, _post, booting, browser, server, watched

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.slow

__all__ = ["booting", "browser", "server", "watched"]  # the fixtures this module uses


def _play_a_card_the_computer_answers(page: Page, seconds: float = 30) -> str:
    """Play cards (accepting or passing on words, going on past a deal's end) until a card
    played is answered within its deal: Undo shows. The card."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if page.locator(".deal-dialog[open]").count():
            page.click(".deal-dialog[open] button")
            continue
        cards = page.locator(".hand-card.playable:not([disabled])")
        buttons = page.locator(".actions button.action:not([disabled])")
        if cards.count():
            card = cards.first.get_attribute("data-card") or ""
            cards.first.click()
            # Until the computers have answered and it is his turn again, or the deal ended.
            page.wait_for_function(
                "() => (document.querySelector('.undo-button:not([disabled])')"
                " && document.querySelector('.hand-card.playable:not([disabled]),"
                " .actions button.action:not([disabled])'))"
                " || document.querySelector('.deal-dialog[open]')"
            )
            if page.locator(".undo-button:not([disabled])").count():
                return card
        elif buttons.count():
            actions = [
                buttons.nth(i).get_attribute("data-action") or "" for i in range(buttons.count())
            ]
            pick = next((a for a in actions if a.endswith(("accept", "pass"))), None)
            pick = pick or next((a for a in actions if not a.endswith("fold")), actions[0])
            page.click(f'.actions button[data-action="{pick}"]')
        page.wait_for_timeout(100)
    pytest.fail("no card was answered within its deal in time")


def test_a_card_played_and_taken_back_is_in_the_hand_again(server: str, watched: Watched) -> None:
    created = _post(
        f"{server}/api/tables",
        {"game": "truc", "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]},
    )
    page = watched.page
    page.goto(f"{server}{created['seats'][0]['link']}")
    page.wait_for_selector(".hand svg.card.face")
    assert page.locator(".undo-button").count() == 0  # nothing of his to take back yet
    card = _play_a_card_the_computer_answers(page)
    lines = page.locator(".log-list li").count()
    page.click(".undo-button")
    # The card is back in his hand, playable: it is his turn at the same decision.
    page.wait_for_selector(f'.hand-card.playable[data-card="{card}"]')
    # The log was told again from event 0: fewer lines (his card and what followed gone),
    # numbered from 0 on, none twice (an event without a line has none).
    page.wait_for_function(
        f"() => document.querySelectorAll('.log-list li').length < {lines}"
        " && document.querySelector('.log-list li').dataset.n === '0'"
    )
    numbers = page.eval_on_selector_all(".log-list li", "items => items.map(i => i.dataset.n)")
    assert [int(n) for n in numbers] == sorted({int(n) for n in numbers})
    assert page.locator(".error.refused").count() == 0


def test_ctrl_z_takes_the_move_back(server: str, watched: Watched) -> None:
    created = _post(
        f"{server}/api/tables",
        {"game": "truc", "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]},
    )
    page = watched.page
    page.goto(f"{server}{created['seats'][0]['link']}")
    page.wait_for_selector(".hand svg.card.face")
    page.keyboard.press("Control+z")  # nothing to take back: nothing happens
    assert page.locator(".error.refused").count() == 0
    card = _play_a_card_the_computer_answers(page)
    page.locator("body").focus()
    page.keyboard.press("Control+z")
    page.wait_for_selector(f'.hand-card.playable[data-card="{card}"]')
    assert page.locator(".error.refused").count() == 0
