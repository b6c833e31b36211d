"""The Undo button in a real browser (``server.undo``): the person at a solo table plays
a card, takes it back, and holds it again, the log told again from its start. Marked
slow, run with the other browser tests (their server and browser fixtures)."""

from __future__ import annotations

import time

import pytest

from test_web_browser import Watched, _post, booting, browser, server, watched

pytestmark = pytest.mark.slow

__all__ = ["booting", "browser", "server", "watched"]  # the fixtures this module uses


def test_a_card_played_and_taken_back_is_in_the_hand_again(server: str, watched: Watched) -> None:
    created = _post(
        f"{server}/api/tables",
        {"game": "truc", "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]},
    )
    page = watched.page
    page.goto(f"{server}{created['seats'][0]['link']}")
    page.wait_for_selector(".hand svg.card.face")
    assert page.locator(".undo-button").count() == 0  # nothing of his to take back yet
    cards = page.locator(".hand-card.playable:not([disabled])")
    deadline = time.monotonic() + 20
    while not cards.count():  # words before the cards (a redeal asked): not a fold
        assert time.monotonic() < deadline, "no card to play came"
        buttons = page.locator(".actions button.action:not([disabled])")
        actions = [
            buttons.nth(i).get_attribute("data-action") or "" for i in range(buttons.count())
        ]
        pick = next((a for a in actions if a.endswith(("refuse", "pass"))), None)
        pick = pick or next((a for a in actions if not a.endswith("fold")), None)
        if pick:
            page.click(f'.actions button[data-action="{pick}"]')
        page.wait_for_timeout(150)
    card = cards.first.get_attribute("data-card")
    assert card
    cards.first.click()
    page.wait_for_selector(".undo-button:not([disabled])")
    page.wait_for_function(f"() => !document.querySelector('.hand-card[data-card=\"{card}\"]')")
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
