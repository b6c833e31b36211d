"""The Hint button in a real browser: a seat on its turn asks, the computer's sentence
shows and its move is outlined; a spectator is offered no hint. Marked slow, run
with the other browser tests (their server and browser fixtures)."""

from __future__ import annotations

import pytest

from test_web_browser import Watched, _post, booting, browser, server, watched

pytestmark = pytest.mark.slow

__all__ = ["booting", "browser", "server", "watched"]  # the fixtures this module uses


def test_a_hint_is_shown_and_its_move_outlined(server: str, watched: Watched) -> None:
    created = _post(
        f"{server}/api/tables",
        {"game": "truc", "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]},
    )
    page = watched.page
    page.goto(f"{server}{created['seats'][0]['link']}")
    page.wait_for_selector(".actions button.action:not([disabled])")
    page.click(".hint-button")
    advice = page.wait_for_selector(".hint-advice[role=status]")
    assert advice is not None
    text = advice.inner_text()
    assert text.startswith("Hint: ") and len(text) > len("Hint: ") + 5, text
    page.wait_for_function(
        "() => document.querySelectorAll('.actions .btn.action.suggested').length === 1"
    )
    suggested = page.locator(".actions .btn.action.suggested").get_attribute("data-action")
    assert suggested and suggested.startswith("0:")

    spectator = Watched(watched.context.browser)  # type: ignore[arg-type]
    try:
        spectator.page.goto(f"{server}/t/{created['id']}")
        spectator.page.wait_for_selector(".board")
        spectator.page.wait_for_selector(".actions .muted")
        assert spectator.page.locator(".hint-button").count() == 0
    finally:
        spectator.close()
