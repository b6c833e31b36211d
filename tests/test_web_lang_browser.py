"""Portuguese, French and Spanish in a real browser (issues 22, 25): the page opens in
the browser's language, its buttons switch language at any time, and a deal of each
game, played in Portuguese, French or Spanish, shows no English message of the catalogs.

The server and browser fixtures are test_web_browser.py's (Debian's chromium; skipped
where it is missing, except under CI). Marked slow, as the other browser tests.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from test_i18n import english_left
from test_web_browser import Watched, booting, browser, server
from tricktaker.core import get_game
from tricktaker.server.messages import web_words

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.slow

__all__ = ["booting", "browser", "server"]  # the fixtures, imported to be found here

#: A browser's locale (Playwright sets navigator.languages and Accept-Language from it),
#: and the language the page should open in.
LOCALES = [
    ("pt-BR", "pt"),
    ("fr-FR", "fr"),
    ("fr-CA", "fr"),
    ("es-AR", "es"),
    ("es-419", "es"),
    ("de-DE", "en"),
]
GAMES = ["truc", "truco", "tetka", "preferans"]


class Localized(Watched):
    """A watched page in a browser set to ``locale`` (a new context: a new browser
    profile, nothing remembered from another test)."""

    def __init__(self, browser: Browser, locale: str, width: int = 1280, height: int = 900):
        self.context = browser.new_context(
            viewport={"width": width, "height": height}, locale=locale, reduced_motion="reduce"
        )
        self.errors: list[str] = []
        self.allowed = re.compile("^$")
        self.page = self.new_page()


@pytest.fixture
def opened(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Localized]:
    """A page in the locale the test is parametrised with (``locale``)."""
    page = Localized(browser, request.node.callspec.params["locale"])
    yield page
    page.close()


def visible_text(page: Page) -> str:
    """What a person sees of the page now: rendered text (closed dialogs, hidden panels
    left out), the select boxes' chosen values among them."""
    text: str = page.evaluate("() => document.body.innerText")
    return text


def wait_for_language(page: Page, lang: str, seconds: float = 10) -> None:
    """Until the page is in ``lang``: its own texts (the nav's), and no English message
    of the catalogs left anywhere on it (the server's words come by the socket)."""
    new_table = web_words(lang)("New table")
    page.wait_for_function(
        "([lang, text]) => document.documentElement.lang === lang &&"
        " document.querySelector('#nav a') &&"
        " document.querySelector('#nav a').textContent === text",
        arg=[lang, new_table],
    )
    deadline = time.monotonic() + seconds
    while (left := english_left(visible_text(page), lang)) and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert left == [], f"English left on the {lang} page: {left}"


@pytest.mark.parametrize(("locale", "lang"), LOCALES)
def test_the_page_opens_in_the_browsers_language(
    server: str, opened: Localized, locale: str, lang: str
) -> None:
    """A browser set to pt-BR, fr-FR or es-AR gets the lobby in its language at once,
    its button pressed; one in a language the app does not speak, English."""
    page = opened.page
    assert page.evaluate("() => navigator.languages[0]") == locale
    page.goto(f"{server}/")
    page.wait_for_selector("#play")
    _ = web_words(lang)
    assert page.evaluate("() => document.documentElement.lang") == lang
    assert page.get_attribute(f"[data-lang={lang}]", "aria-pressed") == "true"
    assert page.locator("[data-lang][aria-pressed=true]").count() == 1
    assert page.inner_text("#nav a >> nth=0") == _("New table")
    assert page.inner_text("label[for=speed]") == _("Computers' speed")
    titles = {get_game(gid).words(lang).title for gid in GAMES}
    assert set(page.locator("#game option").all_inner_texts()) == titles
    if lang != "en":
        assert _("Computers' speed") != "Computers' speed"
        wait_for_language(page, lang)
    # The page's numbers (the lobby's statistics) as the server's: "+1,5" but in English.
    written = page.evaluate("async () => (await import('/static/js/i18n.js')).decimal('+1.5')")
    assert written == ("+1.5" if lang == "en" else "+1,5")
    # Nothing was chosen: the next visit asks the browser again.
    assert page.evaluate("() => localStorage.getItem('tricktaker.lang')") is None


def test_the_browsers_languages_in_their_order(server: str, browser: Browser) -> None:
    """navigator.languages is read in order: the first the app speaks wins (German, then
    French, then Portuguese: French), as the server reads Accept-Language."""
    seen = Localized(browser, "de-DE")
    try:
        page = seen.page
        page.add_init_script(
            "Object.defineProperty(navigator, 'languages', {get: () => ['de-DE', 'fr-CA', 'pt']})"
        )
        page.goto(f"{server}/")
        page.wait_for_selector("#play")
        assert page.evaluate("() => document.documentElement.lang") == "fr"
    finally:
        seen.close()


@pytest.mark.parametrize(("locale", "lang"), [("pt-BR", "pt")])
def test_the_buttons_switch_language_at_any_time(
    server: str, opened: Localized, locale: str, lang: str
) -> None:
    """EN RU PT FR ES, in the lobby and at a table (the game's words resent by the server);
    the choice is kept over the browser's language; on a 390 px phone all five buttons
    are on screen, each big enough for a finger, and the page does not scroll sideways."""
    page = opened.page
    page.goto(f"{server}/")
    page.wait_for_selector("#play")
    assert page.locator(".langs button").all_inner_texts() == ["EN", "RU", "PT", "FR", "ES"]
    for code in ("fr", "es", "en", "pt"):
        page.click(f"[data-lang={code}]")
        wait_for_language(page, code)
    page.select_option("#game", label=get_game("truco").words("pt").title)
    page.select_option("#seat-1", "bot:random")
    page.click("#play")
    page.wait_for_url(re.compile(r".*/t/[A-Za-z0-9_-]+$"))
    page.wait_for_selector(".hand svg.card.face")
    wait_for_language(page, "pt")
    for code in ("fr", "es", "en", "pt"):
        page.click(f"[data-lang={code}]")
        wait_for_language(page, code)
    assert page.evaluate("() => localStorage.getItem('tricktaker.lang')") == "pt"
    page.click("[data-lang=fr]")
    wait_for_language(page, "fr")  # kept once its texts have come
    page.reload()
    page.wait_for_selector(".hand svg.card.face")
    wait_for_language(page, "fr")  # remembered, though the browser says pt-BR

    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(100)
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"the page is {width}px wide in a {inner}px window"
    boxes = page.locator(".langs button").evaluate_all(
        "buttons => buttons.map(b => { const r = b.getBoundingClientRect();"
        " return [r.left, r.right, r.width, r.height]; })"
    )
    assert len(boxes) == 5
    for left, right, box_width, box_height in boxes:
        assert left >= 0 and right <= 390, boxes
        assert box_width >= 36 and box_height >= 36, boxes
    # ...and on the brand's row: the header does not grow a row for them (a phone's
    # table needs its height for the hand and the moves).
    rows = page.evaluate(
        "() => [document.querySelector('.brand').getBoundingClientRect().top,"
        " document.querySelector('.langs').getBoundingClientRect().top]"
    )
    assert abs(rows[0] - rows[1]) < 20, rows


def _create_against_the_computer(page: Page, game: str, lang: str) -> None:
    """From the lobby in ``lang``: ``game``, every other seat the random computer, the
    computers at their fastest; then wait for the table."""
    page.select_option("#game", label=get_game(game).words(lang).title)
    page.wait_for_selector(".option .help")
    for seat in page.locator(".seat-list select").all():
        seat.select_option("bot:random")
    page.select_option("#speed", "instant")
    page.click("#play")
    page.wait_for_url(re.compile(r".*/t/[A-Za-z0-9_-]+$"))
    page.wait_for_selector(".board")


def _look_at_the_dialogs(page: Page, seen: set[str]) -> None:
    """Open the table's score sheet and its rules, keep their text, close them."""
    buttons = page.locator(".tools .button-row button")
    for i in range(buttons.count()):
        buttons.nth(i).click()
        page.wait_for_selector("dialog[open]")
        seen.add(visible_text(page))
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog[open]", state="detached")


def _play_the_deal(page: Page, seen: set[str], seconds: float = 90) -> None:
    """Play by clicking until the deal-end panel shows (a legal card, else pass or
    accept, else anything but folding; two cards and the button where two are to be
    chosen), keeping the page's visible text at every step."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        seen.add(visible_text(page))
        if page.locator(".deal-dialog[open]").count():
            return
        cards = page.locator(".hand-card.playable:not([disabled])")
        pair = page.locator(".actions button.pair-action")
        buttons = page.locator(".actions button.action:not([disabled])")
        if cards.count():
            cards.first.click()
        elif pair.count():
            for card in page.locator(".hand-card.selectable").all()[:2]:
                card.click()
            pair.first.click()
        elif buttons.count():
            actions = [
                buttons.nth(i).get_attribute("data-action") or "" for i in range(buttons.count())
            ]
            pick = next((a for a in actions if a.endswith(("pass", "accept"))), None)
            pick = pick or next((a for a in actions if not a.endswith("fold")), actions[0])
            page.click(f'.actions button[data-action="{pick}"]')
        page.wait_for_timeout(50)
    pytest.fail("the deal did not end in time")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("locale", "lang"), [("pt-BR", "pt"), ("fr-FR", "fr"), ("es-AR", "es")])
def test_no_english_left_on_a_translated_table(
    server: str, opened: Localized, game: str, locale: str, lang: str
) -> None:
    """A deal against the computer in Portuguese, French or Spanish, from the lobby to the
    deal's end panel, rules and score sheet opened: no English message of the catalogs
    (three words or more, translated differently) is ever on screen."""
    page = opened.page
    seen: set[str] = set()
    page.goto(f"{server}/")
    page.wait_for_selector("#play")
    _create_against_the_computer(page, game, lang)
    seen.add(visible_text(page))
    page.wait_for_selector(".hand svg.card.face")
    _look_at_the_dialogs(page, seen)
    _play_the_deal(page, seen)
    page.wait_for_selector(".deal-dialog[open] .deal-lines li")
    seen.add(visible_text(page))
    page.click(".deal-dialog[open] button")
    _look_at_the_dialogs(page, seen)
    assert page.evaluate("() => document.documentElement.lang") == lang
    assert len(seen) > 3
    found = english_left("\n\n".join(sorted(seen)), lang)
    assert found == [], f"English on a {lang} {game} table:\n" + "\n".join(found)
