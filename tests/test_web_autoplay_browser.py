"""The option to play a lone legal card by itself (Playwright, as test_web_browser, whose
server and browser fixtures these tests share): off until the player sets it,
remembered, and then a forced card goes without a click while every real choice
still waits for one."""

from __future__ import annotations

import time

import pytest

import test_web_browser as web
from test_web_browser import Watched

pytestmark = pytest.mark.slow

booting, server, browser, watched = web.booting, web.server, web.browser, web.watched


def test_a_lone_legal_card_plays_itself_once_the_option_is_set(
    server: str, watched: Watched
) -> None:
    page = watched.page
    page.goto(f"{server}/")
    page.wait_for_selector("#play")
    web._choose_game(page, "tetka")  # revoke prevented: a lone card of the suit led is forced
    for seat in (1, 2, 3):
        page.select_option(f"#seat-{seat}", "bot:random")
    web._create_from_lobby(page)
    page.wait_for_selector(".hand svg.card.face")
    page.wait_for_selector(".autoplay-box")
    assert not page.is_checked(".autoplay-box")  # off until the player sets it
    page.check(".autoplay-box")
    page.reload()
    page.wait_for_selector(".autoplay-box")
    assert page.is_checked(".autoplay-box")  # remembered

    clicks = 0
    deadline = time.monotonic() + 90
    while not page.locator(".deal-dialog[open]").count():
        assert time.monotonic() < deadline, "the deal did not end in time"
        cards = page.locator(".hand-card.playable:not([disabled])")
        if cards.count() > 1:  # a real choice: only a click plays it
            cards.first.click()
            clicks += 1
        page.wait_for_timeout(100)
    # Thirteen tricks, every card of the hand played: those not clicked played themselves
    # (the last card of a deal is always alone).
    assert clicks < 13
