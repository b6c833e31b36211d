"""The browser's keyboard and the replay's jumps (Playwright, as test_web_browser, whose
server and browser fixtures these tests share).

A deal of Le Truc for two played with the keyboard alone (no mouse event reaches the
page); a replay jumped to a deal's start and from trick to trick, its step counter and
board checked against the steps where that seat's deal and trick events are.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import test_web_browser as web
from preferans_helpers import web_record
from test_web_browser import Watched, _file, _post
from tricktaker.core import get_game
from tricktaker.core.records import parse_record, state_from_record
from tricktaker.server.replay import replay_frames

pytestmark = pytest.mark.slow

# The server and the browser of test_web_browser, shared (module-scoped there, so this
# module starts its own).
booting, server, browser, watched = web.booting, web.server, web.browser, web.watched

#: Counts the mouse's and pointer's presses on the page (none may come).
COUNT_MOUSE = """() => {
  window.__mouse = 0;
  for (const kind of ["mousedown", "pointerdown", "touchstart"])
    document.addEventListener(kind, () => { window.__mouse += 1; }, true);
}"""


def _key_for(page: Any) -> str:
    """The key of the move to make: the first card of the hand, else accept or pass,
    else anything but folding (the keys the page shows on its buttons)."""
    cards = page.locator(".hand-card.playable[data-key]:not([disabled])")
    if cards.count():
        return str(cards.first.get_attribute("data-key"))
    buttons = page.locator(".actions button.action[data-key]:not([disabled])")
    moves = [
        (
            buttons.nth(i).get_attribute("data-action") or "",
            buttons.nth(i).get_attribute("data-key"),
        )
        for i in range(buttons.count())
    ]
    pick = next((k for a, k in moves if a.endswith(("accept", "pass"))), None)
    pick = pick or next((k for a, k in moves if not a.endswith("fold")), moves[0][1])
    return str(pick)


def test_a_deal_of_le_truc_played_with_the_keyboard_alone(server: str, watched: Watched) -> None:
    created = _post(
        f"{server}/api/tables",
        {"game": "truc", "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]},
    )
    page = watched.page
    page.goto(f"{server}{created['seats'][0]['link']}")
    page.evaluate(COUNT_MOUSE)
    page.wait_for_selector(".actions button.action[data-key]:not([disabled])")
    # Every action and card shows its key; the hand's cards are letters, the actions digits.
    keys = page.locator(".actions button.action[data-key]").evaluate_all(
        "bs => bs.map(b => b.dataset.key)"
    )
    assert keys == list("1234567890"[: len(keys)])
    cards = page.locator(".hand-card.playable[data-key]").evaluate_all(
        "bs => bs.map(b => b.dataset.key)"
    )
    assert cards == list("abc"[: len(cards)])
    # ? opens the list of keys, and closes it.
    page.keyboard.press("?")
    page.wait_for_selector("#keys-help[open] li")
    assert "Enter" in page.inner_text("#keys-help")
    page.keyboard.press("Escape")
    page.wait_for_selector("#keys-help:not([open])", state="attached")
    # The arrows mark an action (a focus ring on a real button), Enter takes it.
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("() => document.activeElement.matches('button')")
    assert focused
    log = page.locator(".log-list li").count()
    page.keyboard.press("Escape")  # nothing to close: a no-op
    page.keyboard.press(_key_for(page))
    page.wait_for_function(f"() => document.querySelectorAll('.log-list li').length > {log}")
    ended = False
    for _ in range(200):
        if page.locator(".deal-dialog[open]").count():
            page.keyboard.press("Enter")  # Continue has the focus
            page.wait_for_selector(".deal-dialog[open]", state="detached")
            ended = True
            break
        if page.locator("[data-key]:not([disabled])").count():
            before = page.locator(".log-list li").count()
            page.keyboard.press(_key_for(page))
            page.wait_for_function(
                f"""() => document.querySelectorAll('.log-list li').length > {before}
                    || !!document.querySelector('.deal-dialog[open]')"""
            )
        else:
            page.wait_for_timeout(100)
    assert ended, "no deal ended"
    page.wait_for_function("() => document.querySelectorAll('.log-list li.ev-deal').length >= 2")
    assert page.evaluate("() => window.__mouse") == 0


def _match(seed: int) -> dict[str, Any]:
    """A Le Truc record of a few deals, played mostly with cards."""
    game = get_game("truc")
    state = game.new_match(game.options({}), seed=seed)
    rng = random.Random(seed)
    actions = 0
    while state.to_act is not None and len(state.finished_deals()) < 3 and actions < 200:
        legal = list(state.legal_actions())
        plays = [a for a in legal if ":play" in str(a)]
        state.apply(rng.choice(plays if plays and rng.random() < 0.9 else legal))
        actions += 1
    record: dict[str, Any] = state.to_record()
    record["names"] = ["Ann", "Bob"]
    return record


def test_a_replay_jumps_to_a_deal_and_from_trick_to_trick(server: str, watched: Watched) -> None:
    record = _match(5)
    parsed = parse_record(record)
    actions = list(parsed.actions)
    parsed.actions = []
    fresh = state_from_record(parsed)
    frames = replay_frames(get_game("truc"), fresh, actions, 0, "en", ["Ann", "Bob"], {})["frames"]
    deal_steps = [s for s, f in enumerate(frames) if any(e["kind"] == "deal" for e in f["events"])]
    trick_steps = [
        s for s, f in enumerate(frames) if any(e["kind"] == "trick" for e in f["events"])
    ]
    assert len(deal_steps) >= 3 and trick_steps

    page = watched.page
    page.goto(f"{server}/replay")
    page.set_input_files("#replay-file", files=[_file("m.json", json.dumps(record).encode())])
    page.wait_for_selector("#replay-deal")
    total = len(deal_steps)
    assert page.inner_text("#deal-count") == f"Deal 1 of {total}"
    assert page.locator("#replay-deal option").count() == total

    def at() -> int:
        return int(page.input_value("#replay-slider"))

    # The start of deal 2: its deal event is the last line of the log, a fresh hand.
    page.select_option("#replay-deal", "1")
    assert at() == deal_steps[1]
    assert page.inner_text("#step-count") == f"Step {deal_steps[1]} of {len(frames) - 1}"
    assert page.inner_text("#deal-count") == f"Deal 2 of {total}"
    assert page.locator(".log-list li.ev-deal").count() == 2
    assert page.locator(".hand svg.card.face").count() == 3
    # Next trick, next again, then back: each the step after a trick is complete.
    page.click("#trick-forward")
    after = [s for s in trick_steps if s > deal_steps[1]]
    assert len(after) >= 2 and at() == after[0]
    assert page.locator(".log-list li.ev-trick").count() == trick_steps.index(after[0]) + 1
    page.keyboard.press("Shift+ArrowRight")
    assert at() == after[1]
    page.click("#trick-back")
    assert at() == after[0]
    page.keyboard.press("Shift+ArrowLeft")
    before = max(s for s in trick_steps if s < after[0])
    assert at() == before
    deal = sum(s <= before for s in deal_steps)  # 1-based: the deal this step is in
    assert page.inner_text("#deal-count") == f"Deal {deal} of {total}"
    # PageDown: the next deal's start; the log is the same as stepping there one by one.
    page.keyboard.press("PageDown")
    assert at() == deal_steps[deal]
    lines = page.locator(".log-list li").all_inner_texts()
    page.keyboard.press("Home")
    for _ in range(deal_steps[deal]):
        page.keyboard.press("ArrowRight")
    assert page.locator(".log-list li").all_inner_texts() == lines
    page.keyboard.press("PageUp")
    assert at() == deal_steps[deal - 1]
    page.keyboard.press("End")
    assert page.inner_text("#deal-count") == f"Deal {total} of {total}"
    assert page.is_disabled("#trick-forward")


def test_a_deal_of_tetka_played_with_the_keyboard_alone(server: str, watched: Watched) -> None:
    """Thirteen tricks of Tetka against three computers: cards taken by their letters, or
    marked with the arrows and taken with Enter; then the score sheet by its key."""
    created = _post(
        f"{server}/api/tables",
        {"game": "tetka", "seats": [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * 3},
    )
    page = watched.page
    page.goto(f"{server}{created['seats'][0]['link']}")
    page.evaluate(COUNT_MOUSE)
    page.wait_for_selector(".hand svg.card.face")
    plays = 0
    for _ in range(600):
        if page.locator(".deal-dialog[open]").count():
            break
        cards = page.locator(".hand-card.playable[data-key]:not([disabled])")
        if cards.count():
            before = page.locator(".log-list li").count()
            if plays % 2:
                page.keyboard.press("ArrowLeft")  # nothing marked: the last play is
                marked = "() => document.activeElement.matches('button.action, .hand-card')"
                assert page.evaluate(marked)
                page.keyboard.press("Enter")
            else:
                page.keyboard.press(str(cards.last.get_attribute("data-key")))
            plays += 1
            page.wait_for_function(
                f"""() => document.querySelectorAll('.log-list li').length > {before}
                    || !!document.querySelector('.deal-dialog[open]')"""
            )
        else:
            page.wait_for_timeout(100)
    assert plays == 13
    page.keyboard.press("Enter")
    page.wait_for_selector(".deal-dialog[open]", state="detached")
    page.keyboard.press("s")
    page.wait_for_selector(".sheet-dialog[open] tbody tr")
    page.keyboard.press("Escape")
    page.wait_for_selector(".sheet-dialog[open]", state="detached")
    assert page.evaluate("() => window.__mouse") == 0


def test_a_preferans_discard_chosen_with_the_keyboard(server: str, watched: Watched) -> None:
    """The two cards of a discard by their letters (Esc puts the last one back), sent by
    the digit of the one button of the choice."""
    created = _post(
        f"{server}/api/records",
        {
            "record": web_record("0:bid 6s", "1:pass", "2:pass"),
            "seats": [{"kind": "human"}] + [{"kind": "bot", "level": "rules"}] * 2,
        },
    )
    page = watched.page
    page.goto(f"{server}{created['seats'][0]['link']}")
    page.evaluate(COUNT_MOUSE)
    page.wait_for_selector(".hand-card.selectable[data-key='a']")
    cards = page.locator(".hand-card.selectable").evaluate_all(
        "bs => bs.map(b => [b.dataset.key, b.dataset.card])"
    )
    assert len(cards) == 12 and [k for k, _ in cards] == list("abcdefgijklm")
    page.keyboard.press("c")
    page.wait_for_selector(".hand-card.selected")
    page.keyboard.press("Escape")
    page.wait_for_selector(".hand-card.selected", state="detached")
    page.keyboard.press("a")
    page.wait_for_selector(".hand-card.selected")
    page.keyboard.press("b")
    page.wait_for_selector(".actions button.pair-action[data-key='1']:not([disabled])")
    page.keyboard.press("1")
    page.wait_for_selector(".actions button.action[data-action^='0:declare']")
    held = page.locator(".hand-card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    assert cards[0][1] not in held and cards[1][1] not in held and len(held) == 10
    assert page.evaluate("() => window.__mouse") == 0
