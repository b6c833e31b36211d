"""Issue 21, item 7 in a real browser: "Your recent tables" with each table's result,
opponents and statistics (POST /api/mine); a card played and a trick gathered move,
and nothing moves under prefers-reduced-motion; sounds start off, are remembered, and
follow the game. The server and browser come from tests/test_web_browser.py."""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

import test_web_browser as web
from test_web_browser import GAME, Watched, _file, _record
from tricktaker.core.records import parse_record, state_from_record

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.slow

booting = web.booting
server = web.server
browser = web.browser
watched = web.watched

#: Counts the page's animations as they start, and stands in for the Web Audio API:
#: every sound made is counted, none is heard.
WATCH = """
window.__started = {};
document.addEventListener('animationstart', (e) => {
  window.__started[e.animationName] = (window.__started[e.animationName] || 0) + 1;
}, true);
window.__gathered = 0;
document.addEventListener('tricktaker:gather', () => { window.__gathered++; });
window.__sounds = 0;
class FakeNode { connect(x) { return x || this; } start() { window.__sounds++; } stop() {} }
class FakeParam { setValueAtTime() {} exponentialRampToValueAtTime() {} }
window.AudioContext = class {
  constructor() { this.state = 'running'; this.currentTime = 0; this.sampleRate = 8000;
    this.destination = {}; }
  resume() { return Promise.resolve(); }
  createBuffer(c, n) { return { getChannelData: () => new Float32Array(n) }; }
  createBufferSource() { return new FakeNode(); }
  createOscillator() { const o = new FakeNode(); o.frequency = { value: 0 }; return o; }
  createBiquadFilter() { const f = new FakeNode(); f.Q = { value: 0 };
    f.frequency = new FakeParam(); return f; }
  createGain() { const g = new FakeNode(); g.gain = new FakeParam(); return g; }
};
"""


def finished_record() -> dict[str, Any]:
    """A Le Truc match one deal from its end, played to the end by random moves."""
    start = {"score": [11, 11], "games": [1, 1]}
    record = {"game": GAME, "options": {}, "seed": "end", "start": start, "actions": []}
    state = state_from_record(parse_record(record))
    rng = random.Random(2)
    while state.to_act is not None:
        state.apply(rng.choice(list(state.legal_actions())))
    out: dict[str, Any] = state.to_record()
    out["names"] = ["Ann", "Bob"]
    return out


def resume(page: Page, server: str, record: dict[str, Any], name: str) -> str:
    page.goto(f"{server}/")
    page.wait_for_selector("#play")
    page.set_input_files("#resume-file", files=[_file(name, json.dumps(record).encode())])
    page.wait_for_url(re.compile(r".*/t/[A-Za-z0-9_-]+$"))
    page.wait_for_selector(".board")
    found = re.search(r"/t/([A-Za-z0-9_-]+)$", page.url)
    assert found is not None
    return found.group(1)


def test_the_lobby_lists_recent_tables_with_results_and_statistics(
    server: str, watched: Watched
) -> None:
    page = watched.page
    done = resume(page, server, finished_record(), "end.json")
    page.wait_for_selector(".notice.result")
    going = resume(page, server, _record(2, seed=5), "going.json")
    page.goto(f"{server}/")
    page.wait_for_selector(".recent[data-loaded='1']")
    items = page.locator(".recent-list li")
    assert items.count() == 2
    # Newest first: the table still going, with a link to reopen it.
    assert items.nth(0).get_attribute("data-table") == going
    assert items.nth(0).locator("a.btn", has_text="Reopen").get_attribute("href") == f"/t/{going}"
    finished = items.nth(1)
    assert finished.get_attribute("data-table") == done
    outcome = finished.get_attribute("data-outcome")
    assert outcome in ("won", "lost")
    text = finished.inner_text()
    assert outcome in text and ("games 2–1" if outcome == "won" else "games 1–2") in text
    assert "with Bob (medium)" in text
    assert finished.locator("a.btn").count() == 0
    row = page.locator(".stats-table tbody tr[data-game='truc'][data-level='rules']")
    cells = row.locator("td").all_inner_texts()
    assert cells[:4] == ["Le Truc", "medium", "1", "1" if outcome == "won" else "0"]
    assert re.fullmatch(r"[+-]?\d+(\.\d+)?", cells[4]), cells
    # Ten shown, the rest on asking; a table the server does not know stays as kept.
    page.evaluate(
        """() => {
          const list = JSON.parse(localStorage.getItem('tricktaker.recent'));
          for (let i = 0; i < 11; i++) list.push({id: `gone${i}`, title: 'Old', when: i + 1});
          localStorage.setItem('tricktaker.recent', JSON.stringify(list));
        }"""
    )
    page.reload()
    page.wait_for_selector(".recent[data-loaded='1']")
    assert items.count() == 10
    page.click(".recent-more")
    assert items.count() == 13 and page.locator(".recent-more").count() == 0
    assert items.nth(12).get_attribute("data-outcome") == "open"
    assert page.locator(".stats-table tbody tr").count() == 1
    # In Russian, the same list in the players' words.
    page.click("[data-lang=ru]")
    page.wait_for_function(
        "() => document.querySelector('.recent h2') &&"
        " document.querySelector('.recent h2').textContent.includes('недавние')"
        " && document.querySelector('.recent[data-loaded=\"1\"]')"
    )
    assert "Статистика" in page.inner_text(".recent-stats")


def play_until(page: Page, done: str, seconds: float = 20) -> None:
    """Click cards (else accept, else anything but folding) until ``done`` (a function
    of the page) holds."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if page.evaluate(done):
            return
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
        page.wait_for_timeout(50)
    pytest.fail(f"not in time: {done}")


@pytest.fixture
def moving(browser: Browser) -> Iterator[Watched]:
    """A page where the player has not asked for reduced motion."""
    page = Watched(browser)
    page.context.close()
    page.context = browser.new_context(
        viewport={"width": 1280, "height": 900}, locale="en-US", reduced_motion="no-preference"
    )
    page.page = page.new_page()
    yield page
    page.close()


def test_a_card_played_and_a_trick_gathered_move(server: str, moving: Watched) -> None:
    page = moving.page
    page.add_init_script(WATCH)
    resume(page, server, _record(0, seed=11), "move.json")
    play_until(
        page, "() => (window.__started.arrive || 0) > 0 && (window.__started.gather || 0) > 0"
    )
    # The ghosts of a gathered trick go when they have moved.
    page.wait_for_selector(".gather-layer", state="detached")


def test_nothing_moves_under_reduced_motion(server: str, watched: Watched) -> None:
    page = watched.page
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(WATCH)
    resume(page, server, _record(0, seed=11), "still.json")
    # Cards played, and a trick gathered (motion.js tells it, moving or not).
    play_until(page, "() => window.__gathered > 0", 30)
    running = page.evaluate(
        "() => document.getAnimations().filter((a) => a.playState === 'running').length"
    )
    assert running == 0
    assert page.evaluate("() => window.__started") == {}
    assert page.locator(".gather-layer").count() == 0


def test_sounds_start_off_are_remembered_and_follow_the_game(server: str, watched: Watched) -> None:
    page = watched.page
    page.add_init_script(WATCH)
    resume(page, server, _record(0, seed=11), "sound.json")
    toggle = page.locator("#sound-toggle")
    assert toggle.get_attribute("aria-pressed") == "false"
    play_until(page, "() => document.querySelectorAll('.trick .played').length >= 1")
    assert page.evaluate("() => window.__sounds") == 0
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    page.reload()
    page.wait_for_selector(".board")
    assert page.get_attribute("#sound-toggle", "aria-pressed") == "true"
    play_until(page, "() => window.__sounds > 0 && Number(document.body.dataset.sounds) > 0")
    # Off again: no more sounds.
    page.click("#sound-toggle")
    assert page.get_attribute("#sound-toggle", "aria-pressed") == "false"
    page.goto(f"{server}/")
    page.wait_for_selector("#play")
    assert page.get_attribute("#sound-toggle", "aria-pressed") == "false"
