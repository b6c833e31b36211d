"""The web front end in a real browser: Playwright driving Debian's chromium.

The server runs as ``tricktaker serve`` in a subprocess (uvicorn, SQLite in a
temporary folder, bots without delay). The tests open the lobby, play a Le Truc
deal against the computer by clicking, switch to Russian, check the phone
layout, watch as a spectator, resume a saved record and step through a replay.

Skipped, with the reason, where playwright or chromium is missing
(``apt-get install -y chromium``), except under CI (``CI=true``), where they
must run. Marked slow: ``make test-all`` runs them, as CI does; ``make test`` not.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from preferans_helpers import OPEN_WHIST, web_record
from tricktaker.core import get_game
from tricktaker.core.registry import game_ids

if TYPE_CHECKING:
    from playwright.sync_api import Browser, FilePayload, Page, WebSocketRoute

pytestmark = pytest.mark.slow
# (Each wait_for_function is given a function, "() => ...": Playwright evaluates a bare
# expression with eval() in the page, which the page's Content-Security-Policy forbids.)

CHROMIUM = "/usr/bin/chromium"
IN_CI = os.environ.get("CI") == "true"
GAME = "truc"
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def _missing() -> str | None:
    if importlib.util.find_spec("playwright") is None:
        return "playwright (Python) is not installed"
    if not (Path(CHROMIUM).exists() or shutil.which("chromium")):
        return "chromium is not installed (apt-get install -y chromium)"
    return None


def _require() -> None:
    reason = _missing()
    if reason is None:
        return
    if IN_CI:
        pytest.fail(f"CI=true but the browser test cannot run: {reason}")
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=5) as response:
        return json.loads(response.read().decode("utf-8"))


def _post(url: str, body: object) -> Any:
    data = json.dumps(body).encode("utf-8")
    request = urllib.request.Request(url, data, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read().decode("utf-8"))


@pytest.fixture(scope="module")
def booting(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[subprocess.Popen[bytes], str, Path]]:
    """The server started (it boots while the browser starts)."""
    _require()
    port = _free_port()
    db = tmp_path_factory.mktemp("web") / "tables.db"
    log = tmp_path_factory.getbasetemp() / f"serve-{port}.log"
    # Every registered game, as users get them: one whose words fail must fail these tests.
    command = [sys.executable, "-m", "tricktaker.cli", "serve", "--port", str(port)]
    command += ["--db", f"sqlite:///{db}", "--bot-delay", "0"]
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    try:
        yield process, f"http://127.0.0.1:{port}", log
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="module")
def server(booting: tuple[subprocess.Popen[bytes], str, Path], browser: Browser) -> str:
    """The server's address, once it answers."""
    process, base, log = booting
    deadline = time.monotonic() + 30
    while True:
        if process.poll() is not None:
            pytest.fail(f"the server stopped: {log.read_text()}")
        try:
            _get(f"{base}/api/games")
            return base
        except (urllib.error.URLError, ConnectionError):
            if time.monotonic() > deadline:
                pytest.fail(f"the server did not start: {log.read_text()}")
            time.sleep(0.05)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    _require()
    from playwright.sync_api import sync_playwright

    executable = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable)
        yield launched
        launched.close()


class Watched:
    """A page whose script errors fail the test."""

    def __init__(
        self, browser: Browser, width: int = 1280, height: int = 900, allow: str = "^$"
    ) -> None:
        self.context = browser.new_context(
            viewport={"width": width, "height": height}, locale="en-US", reduced_motion="reduce"
        )
        self.errors: list[str] = []
        self.allowed = re.compile(allow)
        self.page = self.new_page()

    def new_page(self) -> Page:
        """Another tab of this browser, watched alike."""
        page = self.context.new_page()
        page.set_default_timeout(10_000)
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on(
            "console",
            lambda m: (
                self.errors.append(m.text)
                if m.type == "error" and not self.allowed.search(m.text)
                else None
            ),
        )
        return page

    def close(self) -> None:
        self.context.close()
        assert self.errors == [], self.errors


@pytest.fixture
def watched(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Watched]:
    page = Watched(browser)
    yield page
    keep_screenshot(page.page, request.node.name)
    page.close()


def keep_screenshot(page: Page, name: str) -> None:
    """The page as the test left it, kept where ``TRICKTAKER_SHOTS`` names a folder (``make
    test-all`` sets it: CI's artefacts, ``artifacts/screens``); nowhere otherwise."""
    folder = os.environ.get("TRICKTAKER_SHOTS")
    if not folder or page.is_closed():
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", name)[:120]
    try:
        page.screenshot(path=str(Path(folder) / f"{safe}.png"), full_page=True)
    except Exception:  # a page gone with its test: nothing to keep, and no failure
        return


def _no_horizontal_scroll(page: Page) -> None:
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"the page is {width}px wide in a {inner}px window"


def _choose_game(page: Page, game_id: str) -> None:
    """Pick a game in the lobby by its English title (the lobby lists the most played
    first and remembers the last choice, so another game may come first)."""
    page.select_option("#game", label=get_game(game_id).words("en").title)
    page.wait_for_selector(".option .help")


def _create_from_lobby(page: Page) -> str:
    """Press Play in the lobby (its options as set) and wait for the table."""
    page.click("#play")
    page.wait_for_url(re.compile(r".*/t/[A-Za-z0-9_-]+$"))
    page.wait_for_selector(".board")
    match = re.search(r"/t/([A-Za-z0-9_-]+)$", page.url)
    assert match is not None
    return match.group(1)


def _play_until_a_deal_ends(page: Page, seconds: float = 20) -> bool:
    """Click cards (else accept, else anything but folding) until the deal-end panel shows."""
    saw_trick = False
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if page.locator(".deal-dialog[open]").count():
            return saw_trick
        if page.locator(".trick.paused .played").count() >= 2:
            saw_trick = True
        cards = page.locator(".hand-card.playable:not([disabled])")
        buttons = page.locator(".actions button.action:not([disabled])")
        if cards.count():
            cards.first.click()
        elif buttons.count():
            actions = [
                buttons.nth(i).get_attribute("data-action") or "" for i in range(buttons.count())
            ]
            pick = next((a for a in actions if a.endswith(("accept", "pass"))), None)
            pick = pick or next((a for a in actions if not a.endswith("fold")), actions[0])
            page.click(f'.actions button[data-action="{pick}"]')
        page.wait_for_timeout(100)
    pytest.fail("no deal ended in time")


def test_lobby_table_a_deal_and_russian(server: str, watched: Watched) -> None:
    page = watched.page
    page.goto(f"{server}/")
    page.wait_for_selector("#play")
    _choose_game(page, GAME)
    # The game's options come from its schema, each with its help.
    players = ["two, one against one", "four, two against two"]
    assert page.locator("#opt-players option").all_inner_texts() == players
    assert page.locator(".option .help").count() >= 3
    assert page.locator(".seat-list select").count() == 1  # seat 2: a computer level
    table_id = _create_from_lobby(page)
    # The seat's token moved from the address into this browser's storage.
    assert "token" not in page.url
    assert page.evaluate(f"localStorage.getItem('tricktaker.token.{table_id}')")
    page.wait_for_selector(".hand svg.card.face")
    assert page.locator(".hand svg.card.face").count() == 3
    assert page.locator(".seat svg.card.back").count() >= 1
    assert page.locator("#conn[data-status=open]").count() == 1

    saw_trick = False
    for _deal in range(3):  # a deal may end without a trick (a refused raise)
        saw_trick = _play_until_a_deal_ends(page) or saw_trick
        assert page.locator(".deal-dialog[open] .deal-lines li").count() >= 2
        page.click(".deal-dialog[open] button")
        page.wait_for_selector(".deal-dialog[open]", state="detached")
        page.wait_for_selector(".hand svg.card.face")
        if saw_trick:
            break
    assert saw_trick, "no completed trick was held on the table"
    assert page.locator(".log-list li").count() >= 5

    page.click("text=Score sheet")
    assert page.locator(".sheet-dialog[open] tbody tr").count() >= 1
    page.keyboard.press("Escape")

    # Russian: the page's own texts at once, the game's words resent by the server.
    page.click("[data-lang=ru]")
    page.wait_for_selector("#nav a:has-text('Новый стол')")
    page.wait_for_function(
        "() => /[А-Яа-яЁё]/.test(document.querySelector('.status-lines').textContent)"
    )
    page.wait_for_function(
        "() => /[А-Яа-яЁё]/.test(document.querySelector('.log-list li').textContent)"
    )
    deals = page.locator(".log-list li.ev-deal").count()
    assert deals >= 2
    assert page.locator(".log-list li.ev-deal_end").count() == deals - 1  # rebuilt, not doubled
    assert page.evaluate("localStorage.getItem('tricktaker.lang')") == "ru"
    assert CYRILLIC.search(page.inner_text(".tools"))

    # A reload resumes from the last event the page saw: the log is whole, asked from there.
    lines = page.locator(".log-list li").all_inner_texts()
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.reload()
    page.wait_for_selector("#conn[data-status=open]")
    page.wait_for_function(
        f"() => document.querySelectorAll('.log-list li').length >= {len(lines)}"
    )
    assert page.locator(".log-list li").all_inner_texts()[: len(lines)] == lines
    since = re.search(r"since=(\d+)", sockets[0])
    assert since is not None and int(since.group(1)) > 0, sockets


def test_the_lobby_offers_every_registered_game(server: str, watched: Watched) -> None:
    """Every game registered is in the lobby under its title, with its options' help
    (the server leaves none out: a game whose words fail is a failure here)."""
    page = watched.page
    page.goto(f"{server}/")
    page.wait_for_selector("#play")
    from playwright.sync_api import expect

    titles = {get_game(gid).words("en").title for gid in game_ids()}
    assert set(page.locator("#game option").all_inner_texts()) == titles
    for gid in game_ids():
        _choose_game(page, gid)
        helps = page.locator(".option .help")
        # Only the options that apply to the defaults (Preferans' overtaking: the pot game).
        schema = get_game(gid).option_schema()
        defaults = {spec.name: spec.default for spec in schema}
        expect(helps).to_have_count(sum(spec.applies(defaults) for spec in schema))
        assert all(text.strip() for text in helps.all_inner_texts()), gid


def test_the_lobby_offers_every_level_weakest_first_by_name(server: str, watched: Watched) -> None:
    """A computer seat's choices: every level of the game, weakest first, in the players'
    words of the page's language (the server's ``level_names``), ``medium`` chosen."""
    page = watched.page
    page.goto(f"{server}/")
    page.wait_for_selector("#play")
    _choose_game(page, GAME)
    seat = page.locator("#seat-1")
    english = ["Computer: easy", "Computer: medium", "Computer: strong", "Computer: expert"]
    assert seat.locator("option").all_inner_texts()[:4] == english
    assert seat.input_value() == "bot:rules"
    values = seat.locator("option").evaluate_all("options => options.map(o => o.value)")
    assert values[:4] == ["bot:random", "bot:rules", "bot:search", "bot:deep"]
    page.click("[data-lang=ru]")
    page.wait_for_function(
        "() => document.querySelector('#seat-1 option') &&"
        " document.querySelector('#seat-1 option').textContent.includes('лёгкий')"
    )
    russian = ["Компьютер: лёгкий", "Компьютер: средний", "Компьютер: сильный", "Компьютер: мастер"]
    assert page.locator("#seat-1 option").all_inner_texts()[:4] == russian
    assert page.locator("#seat-1").input_value() == "bot:rules"


def test_phone_width_has_no_horizontal_scroll(server: str, browser: Browser) -> None:
    phone = Watched(browser, width=375, height=740)
    page = phone.page
    try:
        page.goto(f"{server}/")
        page.wait_for_selector("#play")
        _choose_game(page, GAME)
        page.select_option("#opt-players", label="four, two against two")
        assert page.locator(".seat-list select").count() == 3
        _no_horizontal_scroll(page)
        _create_from_lobby(page)
        page.wait_for_selector(".hand svg.card")
        page.wait_for_selector(".seat.to-act")
        _no_horizontal_scroll(page)
        assert page.locator(".board .seat").count() == 4
        # Measured in the page at one moment: the table may redraw between two calls from here
        # (the computers play on), which would detach an element already found.
        sizes = page.wait_for_function(
            """() => {
                const card = document.querySelector('.hand svg.card');
                const buttons = [...document.querySelectorAll('.actions button.action')];
                if (!card || !buttons.length) return null;
                return {
                    card: card.getBoundingClientRect().width,
                    buttons: buttons.map((b) => b.getBoundingClientRect().height),
                };
            }"""
        ).json_value()
        assert sizes["card"] >= 56
        assert sizes["buttons"] and min(sizes["buttons"]) >= 44
        page.goto(f"{server}/replay")
        page.wait_for_selector("#replay-file", state="attached")
        _no_horizontal_scroll(page)
    finally:
        phone.close()


def test_an_invited_friend_and_a_spectator(server: str, browser: Browser) -> None:
    host, guest = Watched(browser), Watched(browser)
    try:
        page = host.page
        page.goto(f"{server}/")
        page.wait_for_selector("#play")
        _choose_game(page, GAME)
        page.select_option("#seat-1", "human")
        page.fill("#your-name", "Ann")
        _create_from_lobby(page)
        # The table shows the link for seat 2 and the spectators' link.
        links = page.locator(".links .link-input")
        assert links.count() == 2
        invite, watch = links.nth(0).input_value(), links.nth(1).input_value()
        assert "token=" in invite and "token=" not in watch

        # The guest's browser watches first (it has no seat yet)...
        view = guest.page
        view.goto(watch)
        view.wait_for_selector(".board")
        assert view.locator(".hand").count() == 0
        assert view.locator(".actions button.action").count() == 0
        assert view.locator(".board svg.card.face").count() == view.locator(".played").count()
        assert view.locator(".seat svg.card.back").count() >= 6  # both hands, face down
        assert "watching" in view.inner_text(".actions")

        # ... then takes seat 2 from the invitation, in another tab.
        friend = guest.new_page()
        friend.goto(invite)
        friend.wait_for_selector(".hand svg.card.face")
        assert "Ann" in friend.inner_text(".board")
        assert friend.locator(".hand svg.card.face").count() == 3

        # Seat 2 plays first (Ann deals): the friend's move reaches everyone.
        friend.wait_for_selector(".actions button.action:not([disabled])")
        before = view.locator(".log-list li").count()
        friend.locator(".actions button.action").first.click()
        view.wait_for_function(f"() => document.querySelectorAll('.log-list li').length > {before}")
    finally:
        host.close()
        guest.close()


def test_a_refused_action_is_told(server: str, watched: Watched) -> None:
    """The page's action is swapped, on its way, for another seat's: the server refuses it."""
    created = _post(
        f"{server}/api/tables",
        {"game": GAME, "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]},
    )
    page = watched.page

    def route(ws: WebSocketRoute) -> None:
        upstream = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            text = message if isinstance(message, str) else message.decode()
            if json.loads(text).get("type") == "act":
                text = json.dumps({"type": "act", "action": "1:fold"})
            upstream.send(text)

        ws.on_message(from_page)

    page.route_web_socket(re.compile(r".*/ws/.*"), route)
    page.goto(f"{server}{created['seats'][0]['link']}")
    page.wait_for_selector(".actions button.action:not([disabled])")
    applied = page.locator(".log-list li").count()
    page.locator(".actions button.action").first.click()
    refused = page.wait_for_selector(".refused")
    assert refused is not None and "seat" in refused.inner_text()
    page.wait_for_selector(".actions button.action:not([disabled])")  # free to act again
    assert page.locator(".log-list li").count() == applied


def test_a_bad_link_is_told(server: str, browser: Browser) -> None:
    created = _post(
        f"{server}/api/tables",
        {"game": GAME, "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]},
    )
    # The browser itself logs the refused handshakes and the probe's 404.
    visitor = Watched(browser, allow="WebSocket connection to .* failed|status of 404")
    page = visitor.page
    try:
        page.goto(f"{server}/t/{created['id']}?token=not-a-seat")
        page.wait_for_selector(".notice.error:has-text('not valid')", timeout=15_000)
        assert page.get_attribute("#conn", "data-status") == "closed"
        page.click("text=Watch as a spectator")
        page.wait_for_selector(".board")
        assert page.locator(".hand").count() == 0
        page.goto(f"{server}/t/nosuchtable")
        page.wait_for_selector(".notice.error:has-text('no such table')", timeout=15_000)
    finally:
        visitor.close()


def _file(name: str, data: bytes) -> FilePayload:
    return {"name": name, "mimeType": "application/json", "buffer": data}


def _record(actions: int, seed: int = 7) -> dict[str, Any]:
    """A full record of a Le Truc match after a few random actions."""
    game = get_game(GAME)
    state = game.new_match(game.options({}), seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if state.to_act is None:
            break
        state.apply(rng.choice(list(state.legal_actions())))
    record: dict[str, Any] = state.to_record()
    record["names"] = ["Ann", "Bob"]
    return record


def test_replay_steps_with_buttons_keys_and_slider(server: str, watched: Watched) -> None:
    page = watched.page
    record = _record(12)
    steps = len(record["actions"])
    page.goto(f"{server}/replay")
    page.set_input_files(
        "#replay-file",
        files=[_file("m.json", json.dumps(record).encode())],
    )
    page.wait_for_selector("#replay-slider")
    assert page.get_attribute("#replay-slider", "max") == str(steps)
    assert page.locator(".hand svg.card.face").count() == 3  # seat 0's view
    log_at_start = page.locator(".log-list li").count()
    page.click("#step-forward")
    page.keyboard.press("ArrowRight")
    assert page.input_value("#replay-slider") == "2"
    assert page.locator(".log-list li").count() > log_at_start
    page.keyboard.press("End")
    assert page.input_value("#replay-slider") == str(steps)
    page.click("#step-back")
    assert page.input_value("#replay-slider") == str(steps - 1)
    page.keyboard.press("Home")
    assert page.locator(".log-list li").count() == log_at_start
    # The public view shows no hand.
    page.select_option("#replay-seat", "public")
    page.wait_for_function(
        "() => !document.querySelector('.hand') && !!document.querySelector('.board')"
    )

    # From a finished table, the record comes through this tab's sessionStorage.
    page.evaluate(
        "r => sessionStorage.setItem('tricktaker.replay', JSON.stringify({record: r, seat: 1}))",
        record,
    )
    page.goto(f"{server}/replay")
    page.wait_for_selector("#replay-slider")
    assert page.input_value("#replay-seat") == "1"


def test_a_saved_record_is_resumed_from_the_lobby(server: str, watched: Watched) -> None:
    page = watched.page
    page.goto(f"{server}/")
    page.wait_for_selector("#play")
    record = _record(6, seed=3)
    page.set_input_files(
        "#resume-file",
        files=[_file("m.json", json.dumps(record).encode())],
    )
    page.wait_for_url(re.compile(r".*/t/[A-Za-z0-9_-]+$"))
    page.wait_for_selector(".hand svg.card")
    assert page.locator(".log-list li").count() >= 4
    # A file that is no record is told as such.
    page.goto(f"{server}/")
    page.wait_for_selector("#play")  # the lobby's script is listening
    page.set_input_files(
        "#resume-file",
        files=[_file("x.json", b"{oops")],
    )
    page.wait_for_selector(".upload-status.error")
    # The table is in the recent list.
    assert page.locator(".recent-list li").count() == 1


def test_a_finished_match_offers_its_record_and_replay(server: str, watched: Watched) -> None:
    from tricktaker.core.records import parse_record, state_from_record

    start = {"score": [11, 11], "games": [1, 1]}  # one deal decides the match
    record = {"game": GAME, "options": {}, "seed": "end", "start": start, "actions": []}
    state = state_from_record(parse_record(record))
    rng = random.Random(2)
    while state.to_act is not None:
        state.apply(rng.choice(list(state.legal_actions())))
    page = watched.page
    page.goto(f"{server}/")
    page.wait_for_selector("#play")
    page.set_input_files(
        "#resume-file", files=[_file("end.json", json.dumps(state.to_record()).encode())]
    )
    page.wait_for_selector(".notice.result")
    assert page.inner_text(".match-result")
    assert page.locator(".actions button.action").count() == 0
    with page.expect_download() as download:
        page.click("text=Download record")
    saved = json.loads(Path(download.value.path()).read_text())
    assert saved["actions"] == state.to_record()["actions"]
    # Le Truc's unplayed cards stay hidden: the record shown is partial, without the seed;
    # the replay is the table's own match, as this seat saw it.
    assert saved["partial"] is True and "seed" not in saved
    page.click("text=Watch the replay")
    page.wait_for_url(re.compile(r".*/replay$"))
    page.wait_for_selector("#replay-slider")
    assert page.get_attribute("#replay-slider", "max") == str(len(saved["actions"]))
    assert page.input_value("#replay-seat") == "0"


#: A card as the words write it on the page (English).
CARD_TEXT = re.compile(r"(10|[2-9JQKA])([♣♦♥♠])")
#: A finished trick told card by card on the table (only those the seat may review).
SHOWN_TRICK = re.compile(r"^Trick \d+: .+ → ")


def test_tetka_a_whole_deal_by_clicking_cards(server: str, watched: Watched) -> None:
    """Tetka from the lobby: four players each for himself, the photograph and the marks on
    the table, a whole deal played by clicking cards; the log never names a played card but
    a queen (a public mark), and the table tells at most the two tricks a player may review."""
    page = watched.page
    page.goto(f"{server}/")
    page.wait_for_selector("#play")
    _choose_game(page, "tetka")
    assert page.locator("#opt-revoke option").all_inner_texts() == [
        "prevented: only cards that follow suit are offered",
        "allowed, but a proved revoke is penalized",
    ]
    assert page.input_value("#opt-target") == "21"
    assert page.locator(".seat-list select").count() == 3  # three computer seats
    for seat in (1, 2, 3):
        page.select_option(f"#seat-{seat}", "bot:random")
    _create_from_lobby(page)
    page.wait_for_selector(".hand svg.card.face")
    assert page.locator(".hand svg.card.face").count() == 13
    assert page.locator(".board .seat").count() == 4
    status = page.inner_text(".status-lines")
    assert "Marks: You 0 · " in status and "(robber to 21)" in status
    assert "Tricks this deal: " in status
    assert "Photograph: " in page.inner_text(".table-lines")
    assert "turned the photo" in page.inner_text(".board")

    queens = {"Q♣", "Q♦", "Q♥", "Q♠"}
    clicks = 0
    most_shown = 0
    deadline = time.monotonic() + 90
    while not page.locator(".deal-dialog[open]").count():
        assert time.monotonic() < deadline, "the deal did not end in time"
        for item in page.locator(".log-list li:not(.ev-deal)").all_inner_texts():
            named = {"".join(m) for m in CARD_TEXT.findall(item)}
            assert named <= queens, item
        if page.locator(".table-lines").count():
            lines = page.locator(".table-lines li").all_inner_texts()
            shown = [line for line in lines if SHOWN_TRICK.match(line)]
            assert len(shown) <= 2, lines
            most_shown = max(most_shown, len(shown))
        cards = page.locator(".hand-card.playable:not([disabled])")
        if cards.count():
            cards.first.click()
            clicks += 1
        page.wait_for_timeout(100)
    assert clicks == 13 and most_shown >= 1
    told = page.locator(".deal-dialog[open] .deal-lines li").all_inner_texts()
    heads = [line.split(":")[0] for line in told]
    assert heads[0] == "Deal marks"  # the marks first, then the deal trick by trick
    assert [h for h in heads if h.startswith("Trick ")] == [f"Trick {n}" for n in range(1, 14)]
    assert any(line.startswith("Deal marks: ") for line in told)
    page.click(".deal-dialog[open] button")
    page.wait_for_selector(".deal-dialog[open]", state="detached")
    page.wait_for_selector(".hand svg.card.face")
    assert page.locator(".log-list li.ev-deal_end").count() == 1

    page.click("text=Score sheet")
    assert page.locator(".sheet-dialog[open] thead th").all_inner_texts()[:2] == [
        "Deal",
        "Photograph",
    ]
    assert page.locator(".sheet-dialog[open] tbody tr").count() == 1
    page.keyboard.press("Escape")

    page.click("[data-lang=ru]")
    page.wait_for_function(
        "() => document.querySelector('.status-lines').textContent.includes('Марки:')"
    )
    assert "Фотография: " in page.inner_text(".table-lines")


def _preferans_pick(actions: list[str], said: set[str]) -> str:
    """The human's word at the preferans table: one bid (the lowest) then passes, the
    lowest contract, always a whist and a closed game, so that the deal is played out
    (the first possible card otherwise). The discard is two cards clicked in the hand."""
    verbs = {a: a.split(":", 1)[1].split(" ")[0] for a in actions}
    bids = [a for a in actions if verbs[a] == "bid"]
    if bids and "bid" not in said:
        return bids[0]
    for verb in ("pass", "whist", "closed", "declare", "invite"):
        found = [a for a in actions if verbs[a] == verb]
        if found and not (verb == "pass" and not bids and "whist" in verbs.values()):
            return found[0]
    return actions[0]


def test_preferans_bids_and_plays_a_whole_deal(server: str, watched: Watched) -> None:
    """Preferans from the lobby, Leningrad: three players, the bidding by buttons ("6♠"),
    the talon, the whists and a whole deal played by clicking cards; the score sheet drawn
    as on paper beside the status and in the sheet dialog; Russian at the table."""
    page = watched.page
    page.goto(f"{server}/")
    page.wait_for_selector("#play")
    _choose_game(page, "preferans")
    # The options and their values in the game's words (OptionWords), sent as notation.
    assert page.locator("#opt-rules option").all_inner_texts() == [
        "Sochi",
        "Leningrad",
        "Rostov",
        "Pot game (old rules, for stakes)",
    ]
    assert page.locator(".option-name").all_inner_texts()[:2] == ["Rules", "Pulya (pool)"]
    page.select_option("#opt-rules", label="Leningrad")
    page.fill("#opt-pool", "10")
    assert page.locator(".seat-list select").count() == 2  # two computer seats
    for seat in (1, 2):
        page.select_option(f"#seat-{seat}", "bot:random")
    _create_from_lobby(page)
    page.wait_for_selector(".hand svg.card.face")
    assert page.locator(".hand svg.card.face").count() == 10
    assert page.locator(".board .seat").count() == 3
    assert "If the pulya were closed now (in whists): You +0 · " in page.inner_text(".status-lines")
    paper = page.inner_text(".paper-slot .paper-sheet")
    assert paper.startswith("Leningrad, pulya to 10") and "pulya" in paper and "whists" in paper

    said: set[str] = set()
    bid_labels: set[str] = set()
    played = 0
    clicks = 0
    # A deal may end without play (both defenders pass), and the computers may bid so high
    # before the human speaks that no bid is left to him: deal on until both have happened.
    for _deal in range(10):
        deadline = time.monotonic() + 90
        while not page.locator(".deal-dialog[open]").count():
            assert time.monotonic() < deadline, "the deal did not end in time"
            cards = page.locator(".hand-card.playable:not([disabled])")
            buttons = page.locator(".actions button.action:not([disabled])")
            if cards.count():
                cards.first.click()
                clicks += 1
            elif page.locator(".actions button.pair-action").count():
                _discard_by_clicking(page, 0, 1)
                said.add("discard")
            elif buttons.count():
                actions = [
                    buttons.nth(i).get_attribute("data-action") or ""
                    for i in range(buttons.count())
                ]
                labels = buttons.locator(".action-label").all_inner_texts()
                bid_labels |= {
                    label for a, label in zip(actions, labels, strict=True) if ":bid " in a
                }
                pick = _preferans_pick(actions, said)
                said.add(pick.split(":", 1)[1].split(" ")[0])
                page.click(f'.actions button[data-action="{pick}"]')
                if pick.split(":", 1)[1].startswith("play"):
                    clicks += 1
            page.wait_for_timeout(100)
        told = page.locator(".deal-dialog[open] .deal-lines li").all_inner_texts()
        assert len(told) >= 2 and told[1].startswith(
            ("Pulya: ", "Gora: ", "Over the pulya: ", "Whists for the")
        )
        tricks = [line for line in told if re.match(r"Trick \d+", line)]
        page.click(".deal-dialog[open] button")
        page.wait_for_selector(".deal-dialog[open]", state="detached")
        if tricks:
            assert [line.split(":")[0].split(" (")[0] for line in tricks] == [
                f"Trick {n}" for n in range(1, 11)
            ]
            played += 1
        if played and "bid" in said:
            break
    assert played >= 1 and clicks >= 10, (played, clicks)
    assert "bid" in said and bid_labels  # the bids read as written: "6♠", "7 NT", "Misère"
    assert all(re.fullmatch(r"(6|7|8|9|10)(♠|♣|♦|♥| NT)|Misère", x) for x in bid_labels)
    assert page.locator(".log-list li.ev-deal_end").count() >= 1

    page.click(".tools button:has-text('Score sheet')")
    assert page.locator(".sheet-dialog[open] thead th").all_inner_texts()[:3] == [
        "Deal",
        "Contract",
        "Result",
    ]
    assert page.locator(".sheet-dialog[open] tbody tr").count() >= 1
    assert "balance" in page.inner_text(".sheet-dialog[open] .paper-sheet")
    page.keyboard.press("Escape")

    page.click("[data-lang=ru]")
    page.wait_for_function(
        "() => document.querySelector('.status-lines').textContent.includes('Если закрыть пулю')"
    )
    assert page.inner_text(".paper-slot .paper-sheet").startswith("Ленинградка, пуля до 10")
    _no_horizontal_scroll(page)

    # The declarer's discard (a match resumed at it, the page now in Russian): two
    # cards clicked in the hand, not one of 66 buttons.
    _preferans_discard(page, server)


def _discard_by_clicking(page: Page, *picks: int) -> str:
    """Choose two cards of the hand (by their place among those offered) and send them
    with the one button of the two-card choice; the action sent."""
    for pick in picks:
        page.locator(".hand-card.selectable:not(.selected)").nth(pick).click()
    button = page.locator(".actions button.pair-action")
    action = button.get_attribute("data-action") or ""
    assert action and button.is_enabled()
    button.click()
    page.wait_for_selector(".actions button.pair-action", state="detached")
    return action


def _preferans_discard(page: Page, server: str) -> None:
    """Seat 0 bid 6♠ and won: the talon is in his hand (twelve cards)."""
    record = web_record("0:bid 6s", "1:pass", "2:pass")
    page.goto(f"{server}/")
    page.wait_for_selector("#play")
    page.set_input_files("#resume-file", files=[_file("d.json", json.dumps(record).encode())])
    page.wait_for_url(re.compile(r".*/t/[A-Za-z0-9_-]+$"))
    page.wait_for_selector(".actions button.pair-action")

    # One button, not 66, and every card of the twelve may be chosen.
    assert page.locator(".actions button.action").count() == 1
    button = page.locator(".actions button.pair-action")
    assert button.is_disabled()
    assert button.locator(".action-label").inner_text() == "Снести"
    assert button.locator(".action-help").inner_text() == "Выберите две карты в руке"
    selectable = page.locator(".hand-card.selectable")
    assert selectable.count() == 12 and page.locator(".hand-card.playable").count() == 0

    # A click chooses a card (raised), another click unselects it.
    seven = page.locator('.hand-card.selectable[data-card="7h"]')
    seven.click()
    chosen = page.locator(".hand-card.selected")
    assert chosen.count() == 1 and chosen.get_attribute("data-card") == "7h"
    assert chosen.get_attribute("aria-pressed") == "true"
    assert button.is_disabled() and button.locator(".action-help").inner_text() == "7♥"
    lifted = page.evaluate(
        "getComputedStyle(document.querySelector('.hand-card.selected')).transform"
    )
    assert lifted not in ("none", "")
    page.locator('.hand-card.selected[data-card="7h"]').click()
    assert page.locator(".hand-card.selected").count() == 0

    # By keys: the focus stays on the card pressed; Space chooses, Tab goes on.
    page.locator('.hand-card.selectable[data-card="7h"]').focus()
    page.keyboard.press("Space")
    assert page.evaluate("document.activeElement.dataset.card") == "7h"
    page.locator('.hand-card.selectable[data-card="8h"]').focus()
    page.keyboard.press("Enter")
    assert page.locator(".hand-card.selected").count() == 2
    # Two chosen: no third card may be chosen, and the button sends the pair.
    assert page.locator(".hand-card.selectable:not(.selected)").count() == 0
    assert button.is_enabled()
    assert button.get_attribute("data-action") == "0:discard 7h 8h" or (
        button.get_attribute("data-action") == "0:discard 8h 7h"
    )
    assert button.locator(".action-help").inner_text() == "7♥ 8♥"
    # Only the two chosen cards are buttons now: Tab reaches the button at once.
    focused_on_button = "document.activeElement.classList.contains('pair-action')"
    for _tab in range(2):
        if not page.evaluate(focused_on_button):
            page.keyboard.press("Tab")
    assert page.evaluate(focused_on_button)
    page.keyboard.press("Enter")
    page.wait_for_selector(".actions button.pair-action", state="detached")
    page.wait_for_selector(".actions button.action[data-action^='0:declare']")
    assert page.locator(".hand svg.card.face").count() == 10
    held = page.locator(".hand-card").evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert "7h" not in held and "8h" not in held


def _open_preferans(server: str, page: Page, *actions: str) -> str:
    """A preferans table resumed from the web tests' deal after ``actions``, opened as seat
    0 (Ann); its id."""
    created = _post(
        f"{server}/api/records",
        {
            "record": web_record(*actions),
            "seats": [{"kind": "human"}] + [{"kind": "bot", "level": "rules"}] * 2,
        },
    )
    page.goto(f"{server}{created['seats'][0]['link']}")
    page.wait_for_selector(".hand svg.card.face")
    return str(created["id"])


def _columns_fit(page: Page, selector: str) -> None:
    """The paper sheet shows every player's column: nothing of it is cut or hidden."""
    sheet = page.locator(selector)
    for name in ("You", "Bob", "Cid"):
        assert name in sheet.inner_text()
    width, shown = sheet.evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert width <= shown, f"{selector}: {width}px of sheet in {shown}px"


def test_preferans_bids_in_a_grid_and_cards_never_bid(server: str, watched: Watched) -> None:
    """The bids as a grid (rows 6 to 10, columns ♠ ♣ ♦ ♥ NT; misère and the pass apart); a
    card of the hand that reads like a bid (9♦, "bid 9d") is not a button and its click
    sends nothing; the paper sheet shows every column; the rules are one click away."""
    page = watched.page
    _open_preferans(server, page)
    page.wait_for_selector(".actions .action-grid")
    grids = page.locator(".actions .action-grid")
    assert grids.count() == 3
    assert grids.nth(0).locator("button").all_inner_texts()[0].startswith("Pass")
    bids = grids.nth(1).locator("button .action-label").all_inner_texts()
    assert bids[:5] == ["6♠", "6♣", "6♦", "6♥", "6 NT"] and bids[-1] == "10 NT"
    assert len(bids) == 25
    assert grids.nth(2).locator(".action-label").all_inner_texts() == ["Misère"]
    widths = {
        round(b["width"])
        for b in grids.nth(1)
        .locator("button")
        .evaluate_all("bs => bs.map(b => b.getBoundingClientRect().toJSON())")
    }
    assert max(widths) - min(widths) <= 1, widths  # an even grid, no narrow "card" buttons
    assert page.locator(".actions button.card-action").count() == 0

    # No card is playable while bidding: a click on 9♦ (whose name is the bid "9d") bids
    # nothing.
    assert page.locator(".hand-card.playable").count() == 0
    assert page.locator("button.hand-card").count() == 0
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.append(str(f))))
    log = page.locator(".log-list li").count()
    page.locator('.hand-card[data-card="9d"]').click()
    page.wait_for_timeout(400)
    assert page.locator(".log-list li").count() == log
    assert page.locator(".actions .action-grid").count() == 3
    assert not [f for f in sent if '"act"' in f]

    _columns_fit(page, ".paper-slot .paper-sheet")
    page.click(".tools button:has-text('Score sheet')")
    _columns_fit(page, ".sheet-dialog[open] .paper-sheet")
    page.keyboard.press("Escape")

    page.click(".tools button:has-text('Rules')")
    rules = page.locator(".rules-dialog[open] .rules-lines li").all_inner_texts()
    assert rules[0].startswith("Preferans: three players") and len(rules) >= 6
    assert page.locator(".rules-dialog[open] h2").is_visible()
    page.keyboard.press("Escape")
    page.wait_for_selector(".rules-dialog[open]", state="detached")

    page.click('.actions button[data-action="0:bid 6s"]')
    page.wait_for_function(
        "() => document.querySelector('.log-list').textContent.includes('six spades')"
    )


def test_preferans_open_whist_hands_face_up_and_played_by_a_click(
    server: str, watched: Watched, browser: Browser
) -> None:
    """A lone whister who plays open: the other defender's hand lies face up at its seat,
    and its cards are played by a click when the whister plays for him; a spectator sees
    both hands, on a phone too, and the sheet keeps to the page's width."""
    page = watched.page
    table = _open_preferans(server, page, *OPEN_WHIST)
    open_hand = page.locator('.board .open-hand[data-seat="2"]')
    assert open_hand.locator("svg.card.face").count() == 10
    assert page.locator('.board .seat[data-seat="2"] svg.card.back').count() == 0
    assert page.locator(".open-card.playable").count() == 0  # seat 0 leads from his own hand
    page.locator('.hand-card.playable[data-card="7d"]').click()
    # Bob follows; then Ann plays Cid's card: a click on it in his open hand.
    page.wait_for_selector(".open-card.playable:not([disabled])")
    playable = page.locator(".open-card.playable")
    assert playable.count() == 5  # the diamonds: Cid must follow suit
    assert page.locator(".hand-card.playable").count() == 0
    action = playable.first.get_attribute("data-action") or ""
    assert action.startswith("0:play ") and action.endswith(" from 2")
    card = action.split(" ")[1]
    playable.first.click()
    page.wait_for_function(
        "() => document.querySelector('.log-list').textContent.includes('Trick 1:')",
        timeout=15_000,
    )
    page.wait_for_selector(f'.open-hand[data-seat="2"] [data-card="{card}"]', state="detached")
    assert open_hand.locator("svg.card.face").count() == 9

    phone = Watched(browser, width=375, height=740)
    try:
        view = phone.page
        view.goto(f"{server}/t/{table}")
        view.wait_for_selector(".board .open-hand")
        seats = view.locator(".board .open-hand").evaluate_all(
            "hands => hands.map(h => h.dataset.seat)"
        )
        assert sorted(seats) == ["0", "2"]
        assert view.locator(".open-card.playable").count() == 0
        view.wait_for_selector(".paper-slot .paper-sheet")
        _no_horizontal_scroll(view)
    finally:
        phone.close()


def test_the_table_tells_where_its_deals_come_from(server: str, watched: Watched) -> None:
    """Fair deals: a table the server dealt shows the hash of the seed it committed to; one
    made from an uploaded record tells everyone, spectators too, that its uploader may know
    the cards. (The page runs under its Content-Security-Policy: a violation is a console
    error, which fails the test.)"""
    page = watched.page
    made = _post(
        f"{server}/api/tables",
        {"game": GAME, "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]},
    )
    page.goto(f"{server}{made['seats'][0]['link']}")
    page.wait_for_selector(".play-col .fairness")
    with urllib.request.urlopen(f"{server}/api/tables/{made['id']}", timeout=10) as answer:
        info = json.loads(answer.read().decode("utf-8"))
    assert page.get_attribute(".fairness", "title") == info["seed_hash"]
    assert info["seed_hash"][:16] in page.inner_text(".fairness")
    uploaded = _post(f"{server}/api/records", {"record": {"game": GAME, "seed": 5}})
    page.goto(f"{server}{uploaded['watch']}")
    page.wait_for_selector(".fairness.notice")
    assert "uploaded record" in page.inner_text(".fairness")
    assert page.locator(".fairness").count() == 1


def test_the_page_appends_to_a_live_log_and_keeps_only_a_number(
    server: str, browser: Browser
) -> None:
    """One state object: the log is a polite live region whose lines are appended (a line
    shown stays the same element), session storage keeps only the last event number, a
    focused button stays while nothing changes, and a spectator is never asked to move,
    not even where the game words the hint for the seat he reads (Le Truc)."""
    host, guest = Watched(browser), Watched(browser)
    try:
        page = host.page
        page.goto(f"{server}/")
        page.wait_for_selector("#play")
        _choose_game(page, GAME)
        page.select_option("#seat-1", "human")
        table = _create_from_lobby(page)
        assert page.locator(".log-list[aria-live=polite]").count() == 1
        page.wait_for_function("() => document.querySelectorAll('.log-list li').length > 0")
        page.evaluate("document.querySelector('.log-list li').dataset.mark = 'first'")
        kept = page.evaluate("Object.keys(sessionStorage).map(k => [k, sessionStorage.getItem(k)])")
        assert not any(k.startswith("tricktaker.log.") for k, _ in kept)
        seen = [json.loads(v) for k, v in kept if k == f"tricktaker.seen.{table}"]
        assert seen and set(seen[0]) == {"token", "n"} and seen[0]["n"] > 0

        view = guest.page
        view.goto(f"{server}/t/{table}")
        view.wait_for_selector(".board")
        assert "Your" not in view.inner_text(".actions")
        assert view.locator(".actions button").count() == 0

        # The invited seat acts; the host's log grows by appending.
        invite = page.locator(".links .link-input").nth(0).input_value()
        friend = guest.new_page()
        friend.goto(invite)
        friend.wait_for_selector(".actions button.action:not([disabled])")
        friend.evaluate("document.querySelector('.actions button.action').dataset.mark = 'same'")
        friend.evaluate("document.querySelector('.actions button.action').focus()")
        view.goto(f"{server}/t/{table}?again=1")  # a spectator comes: no state for the seats
        view.wait_for_selector(".board")
        friend.wait_for_timeout(300)
        assert friend.locator(".actions button[data-mark=same]").count() == 1
        assert friend.evaluate("document.activeElement.dataset.mark") == "same"
        before = page.locator(".log-list li").count()
        friend.locator(".actions button.action").first.click()
        page.wait_for_function(f"() => document.querySelectorAll('.log-list li').length > {before}")
        assert page.locator(".log-list li[data-mark=first]").count() == 1
        assert "Your" not in view.inner_text(".actions")
    finally:
        host.close()
        guest.close()


def test_behind_the_deal_panel_the_board_shows_the_deal_as_it_ended(
    server: str, watched: Watched
) -> None:
    """Issue 21: behind the end-of-deal panel the board showed the moment before the last
    card (its trick not counted): now the deal as it ended, the last trick on the table
    and every trick counted at its taker's seat."""
    created = _post(
        f"{server}/api/tables",
        {"game": "tetka", "seats": [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * 3},
    )
    page = watched.page
    page.goto(f"{server}{created['seats'][0]['link']}")
    page.wait_for_selector(".hand svg.card.face")
    deadline = time.monotonic() + 90
    while not page.locator(".deal-dialog[open]").count():
        assert time.monotonic() < deadline, "the deal did not end in time"
        cards = page.locator(".hand-card.playable:not([disabled])")
        if cards.count():
            cards.first.click()
        page.wait_for_timeout(100)
    tags = page.locator(".board .seat").all_inner_texts()
    counted = sum(int(m.group(1)) for tag in tags for m in re.finditer(r"(\d+) tricks?\b", tag))
    assert counted == 13, tags
    assert page.locator(".board .trick .played").count() == 4
    assert page.locator(".hand svg.card.face").count() == 0


def test_a_long_think_is_shown_with_its_progress(server: str, watched: Watched) -> None:
    """A ``thinking`` message (a computer thinking past 2 s) shows "NAME is thinking… (N s)"
    with a progress bar, indeterminate where no progress is told; it goes when the
    computer has moved (``seat: null``)."""
    created = _post(
        f"{server}/api/tables",
        {"game": GAME, "options": {"players": 2}, "seats": [{"kind": "human"}, {"kind": "human"}]},
    )
    page = watched.page
    routes: list[WebSocketRoute] = []

    def route(ws: WebSocketRoute) -> None:
        ws.connect_to_server()
        routes.append(ws)

    page.route_web_socket(re.compile(r".*/ws/.*"), route)
    page.goto(f"{server}{created['seats'][0]['link']}")
    page.wait_for_selector(".hand svg.card.face")
    routes[-1].send(json.dumps({"type": "thinking", "seat": 1, "elapsed_s": 7.2, "progress": None}))
    page.wait_for_selector(".thinking:not([hidden])")
    text = page.inner_text(".thinking")
    assert re.search(r"Player 2 is thinking… \((7|8) s\)", text), text
    assert page.evaluate("() => document.querySelector('.thinking progress').position") == -1
    routes[-1].send(json.dumps({"type": "thinking", "seat": 1, "elapsed_s": 9, "progress": 0.25}))
    page.wait_for_function("() => document.querySelector('.thinking progress').position === 0.25")
    page.click("[data-lang=ru]")
    page.wait_for_function(
        "() => document.querySelector('.thinking').textContent.includes('думает')"
    )
    routes[-1].send(json.dumps({"type": "thinking", "seat": None}))
    page.wait_for_selector(".thinking", state="hidden")
    page.click("[data-lang=en]")


def test_the_computers_are_named_in_the_pages_language(server: str, watched: Watched) -> None:
    """Issue 21: made in English, a table named its computers in English after a switch
    to Russian; a name a person typed stays as typed."""
    created = _post(
        f"{server}/api/tables",
        {
            "game": GAME,
            "options": {"players": 4},
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "rules"}] * 2,
            "names": ["", "", "Ann", ""],
            "lang": "en",
        },
    )
    page = watched.page
    page.goto(f"{server}{created['seats'][0]['link']}")
    page.wait_for_selector(".board .seat")
    assert "Computer 2" in page.inner_text(".board")
    page.click("[data-lang=ru]")
    page.wait_for_function(
        "() => document.querySelector('.board').textContent.includes('Компьютер 2')"
    )
    page.wait_for_function(
        "() => document.querySelector('.life').textContent.includes('Компьютер 2')"
    )
    assert "Computer" not in page.inner_text(".board")
    assert "Ann" in page.inner_text(".board")
    page.click("[data-lang=en]")


def test_the_replay_tells_who_acts_next_and_nobody_thinks(server: str, watched: Watched) -> None:
    """Issue 21: the replay said "… is thinking…" at step 0, as if the match were live; a
    step now tells who acts next."""
    page = watched.page
    record = _record(12)
    page.goto(f"{server}/replay")
    page.set_input_files("#replay-file", files=[_file("m.json", json.dumps(record).encode())])
    page.wait_for_selector("#replay-slider")
    for _step in range(4):
        hint = page.inner_text(".hint")
        assert "thinking" not in hint and "Your turn" not in hint, hint
        assert hint.startswith("Next to act: "), hint
        page.keyboard.press("ArrowRight")
