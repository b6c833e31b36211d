"""Claiming the rest in a real browser (``server.claims``): at a table of computers the
claim is played out at once; a person at the table is asked, and his "Accept" plays it
out. Marked slow, run with the other browser tests (their server and browser fixtures)."""

from __future__ import annotations

from typing import Any

import pytest

from test_preferans_claims import ALL_TOP, TO_PLAY
from test_web_browser import Watched, _post, booting, browser, server, watched
from tricktaker.core import get_game

pytestmark = pytest.mark.slow

__all__ = ["booting", "browser", "server", "watched"]  # the fixtures this module uses


def claim_record() -> dict[str, Any]:
    """Seat 0 on lead with ten sure tricks (test_preferans_claims.ALL_TOP)."""
    game = get_game("preferans")
    state = game.new_match(game.options({"rules": "sochi"}), deals=[ALL_TOP], dealer=2)
    for action in TO_PLAY.split(","):
        state.apply(action)
    record: dict[str, Any] = state.to_record()
    record["names"] = ["Ann", "Bob", "Cid"]
    return record


def test_a_claim_among_computers_is_played_out(server: str, watched: Watched) -> None:
    created = _post(
        f"{server}/api/records",
        {
            "record": claim_record(),
            "seats": [{"kind": "human"}] + [{"kind": "bot", "level": "rules"}] * 2,
        },
    )
    page = watched.page
    page.goto(f"{server}{created['seats'][0]['link']}")
    page.wait_for_selector(".claim-button")
    assert page.locator(".claim-button").inner_text() == "Claim the remaining 10 tricks"
    page.click(".claim-button")
    page.wait_for_selector(".deal-dialog[open]")
    assert "10" in page.locator(".deal-dialog[open]").inner_text()
    assert page.locator(".error.refused").count() == 0


def test_a_person_asked_accepts_and_the_rest_is_played_out(server: str, watched: Watched) -> None:
    created = _post(
        f"{server}/api/records",
        {
            "record": claim_record(),
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "rules"}],
        },
    )
    page = watched.page
    other = page.context.new_page()
    page.goto(f"{server}{created['seats'][0]['link']}")
    other.goto(f"{server}{created['seats'][1]['link']}")
    for p in (page, other):
        p.wait_for_selector(".hand svg.card.face")
    page.click(".claim-button")
    page.wait_for_selector(".claim-notice")
    other.wait_for_selector(".claim-answer .claim-accept")
    assert "Ann claims the remaining 10 tricks" in other.locator(".claim-notice").inner_text()
    assert other.locator(".actions .waiting").count() == 0  # the claim is what is awaited
    other.click(".claim-answer .claim-accept")
    for p in (page, other):
        p.wait_for_selector(".deal-dialog[open]")
    other.close()
