"""Truco Argentino at the web table, in a real browser (js/cards.js, table.js, board.js).

Where the view says ``deck: "spanish"`` the page draws Spanish cards (the number and
a drawn sign of espadas, bastos, oros or copas, in their colours, each card named "1 of
swords"), names them so in the log, the hints and the buttons, groups the calls
(envido, flor, truco, the answer, the mazo) under their names, and counts the race to
30 in malas and buenas. A deal is played to its end against a computer with an envido
sung; the replay viewer draws the same cards; a phone shows them without scrolling
sideways. The server and browser fixtures are the web tests' own.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from test_web_browser import (
    Watched,
    _choose_game,
    _create_from_lobby,
    _file,
    _post,
    booting,
    browser,
    keep_screenshot,
    server,
)
from test_web_table_browser import Phone
from tricktaker.core import get_game

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.slow

__all__ = ["booting", "browser", "server"]  # the fixtures, imported to be found here

#: A Spanish card as the page names it in English.
SPANISH_NAME = re.compile(r"^(1|2|3|4|5|6|7|10|11|12) of (swords|clubs|coins|cups)$")
SUITS = {"s": "espadas", "c": "bastos", "d": "oros", "h": "copas"}
FRENCH_CARD = re.compile(r"(?<![\w])([2-7AKQJ])[♣♦♥♠]")


def _argentino(seed: int = 7) -> tuple[dict[str, Any], dict[str, Any]]:
    """A new Argentino match for two, seat 0 the mano (to act first), and seat 0's view."""
    game = get_game("truco")
    options = game.options({"variant": "argentino", "players": 2})
    state = game.new_match(options, seed=seed, dealer=1)
    assert state.to_act == 0
    record: dict[str, Any] = state.to_record()
    record["names"] = ["Ana", "Beto"]
    return record, state.view(0).to_json()


def _open(server: str, page: Page, record: dict[str, Any]) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "level": "rules"}]
    created = _post(f"{server}/api/records", {"record": record, "seats": seats})
    page.goto(f"{server}{created['seats'][0]['link']}")
    page.wait_for_selector(".hand svg.card.spanish")


def _hand_is_spanish(page: Page, view: dict[str, Any]) -> None:
    cards = page.locator(".hand svg.card.face")
    drawn = cards.evaluate_all(
        "cs => cs.map(c => [c.dataset.card, c.dataset.suit, c.dataset.number,"
        " c.getAttribute('aria-label'), c.classList.contains('spanish')])"
    )
    assert sorted(c[0] for c in drawn) == sorted(view["hand"])
    mapping = view["spanish"]
    names = {r + s: mapping["ranks"][r] + mapping["suits"][s] for r in "A234567QJK" for s in "scdh"}
    for card, suit, number, label, spanish in drawn:
        assert spanish, card
        assert suit == SUITS[card[1]]
        assert number == names[card][:-1]  # "12b": 12
        assert SPANISH_NAME.match(label), label
        assert label.startswith(f"{number} of ")


def _play_out(page: Page, seconds: float = 30) -> set[str]:
    """Click cards, else quiero, else anything but the mazo, until the deal's end panel
    shows; the suits seen drawn on the table's centre."""
    seen: set[str] = set()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        seen.update(
            page.locator(".board .trick svg.card.spanish").evaluate_all(
                "cs => cs.map(c => c.dataset.suit)"
            )
        )
        if page.locator(".deal-dialog[open]").count():
            return seen
        cards = page.locator(".hand-card.playable:not([disabled])")
        buttons = page.locator(".actions button.action:not([disabled])")
        if cards.count():
            cards.first.click()
        elif buttons.count():
            actions = [
                buttons.nth(i).get_attribute("data-action") or "" for i in range(buttons.count())
            ]
            pick = next((a for a in actions if a.endswith("accept")), None)
            pick = pick or next((a for a in actions if not a.endswith("fold")), actions[0])
            page.click(f'.actions button[data-action="{pick}"]')
        page.wait_for_timeout(100)
    pytest.fail("no deal ended in time")


@pytest.fixture
def desktop(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Watched]:
    page = Watched(browser, width=1280, height=900)
    yield page
    keep_screenshot(page.page, request.node.name)
    page.close()


@pytest.fixture
def phone(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Phone]:
    page = Phone(browser)
    yield page
    keep_screenshot(page.page, request.node.name)
    page.close()


def test_an_argentino_deal_with_spanish_cards_and_an_envido(server: str, desktop: Watched) -> None:
    page = desktop.page
    record, view = _argentino()
    _open(server, page, record)
    _hand_is_spanish(page, view)
    # The race to 30, counted in malas and buenas.
    assert page.inner_text(".status .race") == "Game to 30 · You: 0 malas · Beto: 0 malas"
    # The calls under their names; the envido is sung from its group.
    envido = page.locator('.action-group:has(.action-group-title:text-is("Envido"))')
    assert envido.locator("button.action").count() == 3  # envido, real envido, falta envido
    assert page.locator('.action-group-title:text-is("Truco")').count() == 1
    assert page.locator('.action-group-title:text-is("Mazo")').count() == 1
    envido.locator('button[data-action="0:envido"]').click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('.log-list li')]"
        ".some(li => li.textContent.includes('Envido!'))"
    )
    seen = _play_out(page)
    panel = page.inner_text(".deal-dialog")
    assert not FRENCH_CARD.search(panel), panel
    assert seen, "no Spanish card was drawn on the table"
    assert seen <= set(SUITS.values())
    # The log names the cards played as Spanish cards, never as French ones.
    log = page.inner_text(".log-list")
    assert re.search(r"\b(1|2|3|4|5|6|7|10|11|12) of (swords|clubs|coins|cups)\b", log), log
    assert not FRENCH_CARD.search(log), log


def test_the_replay_draws_spanish_cards(server: str, desktop: Watched) -> None:
    page = desktop.page
    record, view = _argentino(seed=3)
    page.goto(f"{server}/replay")
    page.set_input_files("#replay-file", files=[_file("a.json", json.dumps(record).encode())])
    page.wait_for_selector("#replay-slider")
    _hand_is_spanish(page, view)


def test_spanish_cards_on_a_phone(server: str, phone: Phone, tmp_path: Path) -> None:
    page = phone.page
    record, view = _argentino(seed=11)
    _open(server, page, record)
    _hand_is_spanish(page, view)
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"the page is {width}px wide in a {inner}px window"
    # Each card's number in its corner is at least 10 CSS px high: readable at 390 px.
    heights = page.locator(".hand svg.card.spanish > g > text").evaluate_all(
        "ts => ts.map(t => t.getBoundingClientRect().height)"
    )
    assert heights and min(heights) >= 10, heights
    # The envido is in reach with the hand.
    button = page.locator('.actions button[data-action="0:envido"]')
    button.scroll_into_view_if_needed()
    assert button.is_visible()
    button.click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('.log-list li')]"
        ".some(li => li.textContent.includes('Envido!'))"
    )


def test_the_lobby_offers_argentino_and_gaucho_with_their_options(
    server: str, desktop: Watched
) -> None:
    page = desktop.page
    page.goto(f"{server}/")
    _choose_game(page, "truco")
    assert page.locator("#field-flor").count() == 0  # Brazil's Truco has no flor
    page.select_option("#field-variant select", label="Argentino")
    page.wait_for_selector("#field-flor input[type=checkbox]")
    assert page.inner_text("#field-flor .option-name") == "Flor"
    points = page.locator("#field-points select option").all_inner_texts()
    assert points == ["to 15", "to 30 (malas and buenas)"]
    page.select_option("#field-variant select", label="Gaúcho")
    page.wait_for_selector("#field-points", state="detached")  # Gaúcho plays to 24 or 18
    assert page.locator("#field-flor").count() == 1
    page.check("#field-flor input[type=checkbox]")
    _create_from_lobby(page)
    page.wait_for_selector(".hand svg.card.spanish")
    page.wait_for_selector(".status .race")
    assert page.inner_text(".status .race").startswith("Game to 18")  # two players


def test_a_flor_is_sung_from_its_group(server: str, desktop: Watched) -> None:
    """With ``flor=on``, a hand of three espadas offers the flor alone, under its name."""
    game = get_game("truco")
    options = game.options({"variant": "argentino", "players": 2, "flor": True})
    hands = [["As", "5s", "7s"], ["Ah", "2c", "3d"]]
    state = game.new_match(options, seed=1, dealer=1, deals=[{"hands": hands}])
    page = desktop.page
    _open(server, page, state.to_record())
    flor = page.locator('.action-group:has(.action-group-title:text-is("Flor"))')
    assert flor.locator("button.action").count() == 1
    assert (
        page.locator(".hand svg.card.spanish").evaluate_all("cs => cs.map(c => c.dataset.suit)")
        == ["espadas"] * 3
    )
    flor.locator('button[data-action="0:flor"]').click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('.log-list li')]"
        ".some(li => li.textContent.includes('Flor!'))"
    )
    # In Russian the cards are named with the Russian suits, the log's too (the words write
    # the French card with Russian letters, "Т♠", and the page reads them back).
    page.click("[data-lang=ru]")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.log-list li')]"
        ".some(li => li.textContent.includes('Флор!'))"
    )
    labels = page.locator(".hand svg.card.spanish").evaluate_all(
        "cs => cs.map(c => c.getAttribute('aria-label'))"
    )
    assert labels and all(label.endswith(" мечей") for label in labels), labels
    log = page.inner_text(".log-list")
    assert "мечей" in log, log
    assert not re.search(r"(?<![\w])[2-7ТКДВ][♣♦♥♠]", log), log
