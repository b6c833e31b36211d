"""The table's cards and sheet in a real browser (js/centre.js, js/sheet.js, css/table.css).

The vira, the photograph and the talon are drawn as cards on the felt, not only
named in a panel; the talon's two cards are marked in the declarer's hand while
he discards; on a phone (390 x 844, touch) the moves stay on screen without
scrolling with ten to thirteen cards in hand; and Preferans' score sheet is
drawn as on paper, its text never below 12 px and no cell cut, on a phone and
a desktop.

Screenshots are written to ``$TRICKTAKER_SHOTS`` where it is set (a CI's artefacts, as
the lobby's browser tests do), else to
``screens/`` under pytest's base temporary folder (``--basetemp``), and the
path is printed. The server and browser fixtures are the web tests' own.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from preferans_helpers import pref, web_record
from test_web_browser import Watched, _post, booting, browser, server
from tricktaker.core import get_game

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.slow

__all__ = ["booting", "browser", "server"]  # the fixtures, imported to be found here


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the screenshots go (printed, so that a reader finds them)."""
    given = os.environ.get("TRICKTAKER_SHOTS")
    folder = Path(given) if given else tmp_path_factory.getbasetemp() / "screens"
    folder.mkdir(parents=True, exist_ok=True)
    print(f"screenshots in {folder}")
    return folder


class Phone(Watched):
    """A watched page on a phone: 390 x 844, touch, a phone's pixel ratio."""

    def __init__(self, browser: Browser) -> None:
        self.context = browser.new_context(
            viewport={"width": 390, "height": 844},
            device_scale_factor=2,
            is_mobile=True,
            has_touch=True,
            locale="en-US",
            reduced_motion="reduce",
        )
        self.errors: list[str] = []
        self.allowed = re.compile("^$")
        self.page = self.new_page()


@pytest.fixture
def phone(browser: Browser) -> Iterator[Phone]:
    page = Phone(browser)
    yield page
    page.close()


@pytest.fixture
def desktop(browser: Browser) -> Iterator[Watched]:
    page = Watched(browser, width=1280, height=900)
    yield page
    page.close()


def _open(server: str, page: Page, record: dict[str, Any], players: int) -> str:
    """A table resumed from ``record``, opened as seat 0 (a person) against computers."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "rules"}] * (players - 1)
    created = _post(f"{server}/api/records", {"record": record, "seats": seats})
    page.goto(f"{server}{created['seats'][0]['link']}")
    page.wait_for_selector(".hand svg.card.face")
    return str(created["id"])


def _record_at_seat_zeros_turn(
    game_id: str, options: dict[str, Any], dealer: int
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A new match's record, seat 0 to act, and seat 0's view (JSON)."""
    game = get_game(game_id)
    state = game.new_match(game.options(options), seed=7, dealer=dealer)
    assert state.to_act == 0, state.to_act
    record: dict[str, Any] = state.to_record()
    return record, state.view(0).to_json()


def _sheet_record() -> dict[str, Any]:
    """Leningrad to 10 after a few deals played at random, seat 0 to bid with ten cards: a
    sheet whose lines hold several running totals, and the grid of bids on screen."""
    rng = random.Random(11)
    state = pref(rules="leningrad", pool=10, seed=3, start=None)
    while True:
        if len(state.finished_deals()) >= 4 and state.to_act == 0:
            view = state.view(0).to_json()
            if view["phase"] == "bidding" and not view["bids"]:
                break
        state.apply(rng.choice(state.legal_actions()))
        assert not state.result().finished
    record: dict[str, Any] = state.to_record()
    record["names"] = ["Ann", "Bob", "Cid"]
    return record


# ------------------------------------------------------------------ cards on the table


def test_truco_draws_the_vira_face_up_by_the_deck(
    server: str, desktop: Watched, shots: Path
) -> None:
    page = desktop.page
    record, view = _record_at_seat_zeros_turn("truco", {}, dealer=1)
    _open(server, page, record, players=2)
    vira = page.locator(".board .center .pile-vira svg.card.face")
    vira.wait_for()
    assert page.locator(".board .center .pile-deck svg.card.back").count() == 1
    assert vira.get_attribute("data-card") == view["vira"]
    assert page.locator(".board .center .pile-vira .pile-caption").inner_text() == "Vira"
    page.screenshot(path=shots / "truco-vira.png")
    page.click("[data-lang=ru]")
    page.wait_for_function(
        "() => document.querySelector('.pile-vira .pile-caption').textContent === 'Вира'"
    )


def test_tetka_draws_the_photograph_and_a_phone_sees_the_whole_hand(
    server: str, phone: Phone, shots: Path
) -> None:
    page = phone.page
    record, view = _record_at_seat_zeros_turn("tetka", {}, dealer=3)
    _open(server, page, record, players=4)
    photo = page.locator(".board .center .pile-photo svg.card.face")
    photo.wait_for()
    assert photo.get_attribute("data-card") == view["photo"]
    note = page.inner_text(".pile-photo .pile-note")
    assert note == f"Counting trick: {view['counting']}"
    page.wait_for_selector(".hand-card.playable")
    assert page.locator(".hand .hand-card").count() == 13
    fit = _in_view(page, ".hand-card.playable")
    assert fit["count"] >= 1 and fit["outside"] == [], fit
    assert fit["scrollY"] == 0
    assert _corners_seen(page, ".hand .hand-card") == []
    page.screenshot(path=shots / "tetka-phone.png")


def test_preferans_talon_face_down_then_up_and_marked_while_discarding(
    server: str, desktop: Watched, shots: Path
) -> None:
    page = desktop.page
    # Bidding: two cards face down in the middle of the table.
    _open(server, page, web_record(), players=3)
    talon = page.locator(".board .center .pile-talon")
    talon.wait_for()
    assert talon.locator("svg.card.back").count() == 2
    assert talon.locator("svg.card.face").count() == 0
    page.screenshot(path=shots / "preferans-talon-down.png")

    # Seat 0 won the bidding: he holds the talon (8♠ 7♠), marked in his hand, and the
    # talon no longer lies on the table for him.
    _open(server, page, web_record("0:bid 6s", "1:pass", "2:pass"), players=3)
    page.wait_for_selector(".actions button.pair-action")
    marked = page.locator(".hand-card.from-talon").evaluate_all(
        "cards => cards.map(c => c.dataset.card).sort()"
    )
    assert marked == ["7s", "8s"]
    assert page.locator(".hand-card.from-talon .talon-mark").count() == 2
    assert page.locator(".board .center .pile-talon").count() == 0
    page.screenshot(path=shots / "preferans-discard-marked.png")
    # Once discarded, nothing is marked.
    page.locator('.hand-card.selectable[data-card="7h"]').click()
    page.locator('.hand-card.selectable[data-card="8h"]').click()
    page.click(".actions button.pair-action")
    page.wait_for_selector(".actions button.action[data-action^='0:declare']")
    assert page.locator(".hand-card.from-talon").count() == 0


def test_preferans_the_talon_shown_to_the_others_face_up(
    server: str, browser: Browser, shots: Path
) -> None:
    """Bob bid and took the talon: Ann (a defender) sees it face up on the table, as the
    rules show a contract's talon to all, while Bob discards; nothing marked in her hand."""
    record = web_record("0:pass", "1:bid 6c", "2:pass")
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "rules"}]
    created = _post(f"{server}/api/records", {"record": record, "seats": seats})
    ann = Watched(browser)
    try:
        page = ann.page
        page.goto(f"{server}{created['seats'][0]['link']}")
        page.wait_for_selector(".board .center .pile-talon")
        faces = page.locator(".pile-talon svg.card.face").evaluate_all(
            "cards => cards.map(c => c.dataset.card).sort()"
        )
        assert faces == ["7s", "8s"]
        assert page.locator(".hand-card.from-talon").count() == 0
        page.screenshot(path=shots / "preferans-talon-up.png")
    finally:
        ann.close()


def test_preferans_an_all_pass_turns_the_talon_card_by_card(
    server: str, desktop: Watched, shots: Path
) -> None:
    """Everyone passed (Sochi): the talon's first card lies face up, leading trick 1, the
    second still face down."""
    page = desktop.page
    _open(server, page, web_record("0:pass", "1:pass", "2:pass"), players=3)
    talon = page.locator(".board .center .pile-talon")
    talon.wait_for()
    faces = talon.locator("svg.card.face").evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert faces == ["8s"]
    assert talon.locator("svg.card.back").count() == 1
    page.screenshot(path=shots / "preferans-allpass-talon.png")


# ------------------------------------------------------------------------- the phone


def _in_view(page: Page, selector: str) -> dict[str, Any]:
    """Which of the matched elements lie outside the window, at the page's scroll now."""
    result: dict[str, Any] = page.evaluate(
        """(selector) => {
            const els = [...document.querySelectorAll(selector)];
            const outside = [];
            for (const el of els) {
                const r = el.getBoundingClientRect();
                if (r.top < 0 || r.bottom > window.innerHeight + 0.5 || r.left < 0
                    || r.right > window.innerWidth + 0.5) {
                    outside.push([el.dataset.action || el.dataset.card || el.className,
                                  Math.round(r.top), Math.round(r.bottom)]);
                }
            }
            return {count: els.length, outside, scrollY: window.scrollY,
                    height: window.innerHeight};
        }""",
        selector,
    )
    return result


def _corners_seen(page: Page, selector: str) -> list[str]:
    """The cards whose top-left corner (rank and suit) something else covers."""
    hidden: list[str] = page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)].filter((el) => {
            const r = el.getBoundingClientRect();
            const top = document.elementFromPoint(r.left + 6, r.top + 14);
            return !(top && el.contains(top));
        }).map((el) => el.dataset.card)""",
        selector,
    )
    return hidden


def _hand_clear_of_the_bar(page: Page) -> float:
    """How many pixels of the hand the moves' bar covers (0: the whole hand shows above
    it; the grid of bids once hid the lower half of every card)."""
    covered: float = page.evaluate(
        """() => {
            const hand = document.querySelector('.hand').getBoundingClientRect();
            const bar = document.querySelector('.actions.panel').getBoundingClientRect();
            return Math.max(0, hand.bottom - bar.top);
        }"""
    )
    return covered


def test_phone_preferans_bids_in_sight_with_the_hand(
    server: str, phone: Phone, shots: Path
) -> None:
    """A table from the lobby (no notice above it): the whole grid of bids and every card's
    corner on screen at once, nothing scrolled."""
    page = phone.page
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "rules"}] * 2
    created = _post(f"{server}/api/tables", {"game": "preferans", "seats": seats})
    page.goto(f"{server}{created['seats'][0]['link']}")
    page.wait_for_selector(".actions .action-grid button.action", timeout=30_000)
    assert page.locator(".hand .hand-card").count() == 10
    fit = _in_view(page, ".actions button.action")
    assert fit["count"] >= 3 and fit["outside"] == [], fit
    assert fit["scrollY"] == 0
    assert _in_view(page, ".hand .hand-card")["outside"] == []
    assert _corners_seen(page, ".hand .hand-card") == []
    assert _hand_clear_of_the_bar(page) <= 1
    page.screenshot(path=shots / "preferans-phone-bidding.png")


def test_phone_preferans_bids_in_sight_and_the_sheet_readable(
    server: str, phone: Phone, shots: Path
) -> None:
    """An uploaded record (its notice above the table): the moves stay on screen all the
    same, each card's corner too; the sheet drawn as on paper is read at 390 px."""
    page = phone.page
    _open(server, page, _sheet_record(), players=3)
    page.wait_for_selector(".actions .action-grid button.action")
    assert page.locator(".hand .hand-card").count() == 10
    fit = _in_view(page, ".actions button.action")
    assert fit["count"] >= 27 and fit["outside"] == [], fit
    assert fit["scrollY"] == 0
    cards = _in_view(page, ".hand .hand-card")
    assert cards["outside"] == [], cards
    assert _corners_seen(page, ".hand .hand-card") == []
    assert _hand_clear_of_the_bar(page) <= 1
    page.screenshot(path=shots / "preferans-phone-bidding-uploaded.png")
    _sheet_fits(page, ".paper-slot .paper-drawing")
    page.locator(".paper-slot").scroll_into_view_if_needed()
    page.locator(".paper-slot").screenshot(path=shots / "preferans-phone-sheet.png")
    page.click(".tools button:has-text('Score sheet')")
    _sheet_fits(page, ".sheet-dialog[open] .paper-drawing")
    page.screenshot(path=shots / "preferans-phone-sheet-dialog.png")


def test_phone_the_discard_with_the_talon_marked(server: str, phone: Phone, shots: Path) -> None:
    """Twelve cards on a phone while discarding: the talon's two marked, every corner seen,
    the discard's button on screen."""
    page = phone.page
    _open(server, page, web_record("0:bid 6s", "1:pass", "2:pass"), players=3)
    page.wait_for_selector(".actions button.pair-action")
    assert page.locator(".hand .hand-card").count() == 12
    assert page.locator(".hand-card.from-talon").count() == 2
    assert _corners_seen(page, ".hand .hand-card") == []
    # Each mark shows: its card, not the next one, is there (the mark lets clicks through).
    covered = page.evaluate(
        """() => [...document.querySelectorAll('.talon-mark')].filter((m) => {
            const r = m.getBoundingClientRect();
            const top = document.elementFromPoint(r.left + 4, r.top + r.height / 2);
            return !(top && m.closest('.hand-card').contains(top));
        }).length"""
    )
    assert covered == 0
    assert _in_view(page, ".actions button.pair-action")["outside"] == []
    page.locator('.hand-card.selectable[data-card="7h"]').click()
    page.screenshot(path=shots / "preferans-phone-discard.png")


def test_desktop_preferans_sheet_whole_and_readable(
    server: str, desktop: Watched, shots: Path
) -> None:
    page = desktop.page
    _open(server, page, _sheet_record(), players=3)
    _sheet_fits(page, ".paper-slot .paper-drawing")
    assert page.locator(".paper-drawing .sector").count() == 3
    assert page.locator(".paper-drawing .whist-cell").count() == 6
    assert page.locator(".paper-drawing .paper-settlement li").count() >= 1
    page.locator(".paper-slot").screenshot(path=shots / "preferans-desktop-sheet.png")
    page.click(".tools button:has-text('Score sheet')")
    _sheet_fits(page, ".sheet-dialog[open] .paper-drawing")
    page.screenshot(path=shots / "preferans-desktop-sheet-dialog.png")
    page.keyboard.press("Escape")
    page.click("[data-lang=ru]")
    page.wait_for_function(
        "() => (document.querySelector('.paper-slot .paper-title') || {}).textContent"
        " === 'Ленинградка, пуля до 10'"
    )
    _sheet_fits(page, ".paper-slot .paper-drawing")


def _sheet_fits(page: Page, selector: str) -> None:
    """Every piece of text in the drawn sheet is 12 px or more, and no box of it is wider
    than it shows (nothing cut or scrolled), nor sticks out of the sheet."""
    page.wait_for_selector(selector)
    found: dict[str, Any] = page.evaluate(
        """(selector) => {
            const sheet = document.querySelector(selector);
            const box = sheet.getBoundingClientRect();
            const small = [], cut = [], out = [];
            for (const el of [sheet, ...sheet.querySelectorAll('*')]) {
                const style = getComputedStyle(el);
                const own = [...el.childNodes].some(
                    (n) => n.nodeType === 3 && n.textContent.trim());
                if (own && parseFloat(style.fontSize) < 12)
                    small.push([el.className, style.fontSize]);
                if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
                    cut.push([el.className, el.scrollWidth, el.clientWidth]);
                const r = el.getBoundingClientRect();
                if (r.width && (r.left < box.left - 1 || r.right > box.right + 1))
                    out.push([el.className, r.left, r.right, box.left, box.right]);
            }
            return {small, cut, out, width: box.width, page: document.documentElement.scrollWidth,
                    inner: window.innerWidth, text: sheet.innerText};
        }""",
        selector,
    )
    assert found["small"] == [], found["small"]
    assert found["cut"] == [], found["cut"]
    assert found["out"] == [], found["out"]
    assert found["page"] <= found["inner"], found
    for word in ("pulya", "gora", "whists", "balance", "Bob", "Cid"):
        assert word in found["text"] or found["text"].startswith("Ленинградка"), word
