"""A bot's failure never stalls a table: the rules level moves for it, else the first
legal action, and the log says where it happened without naming a card.

The failing levels are registered for one test each (``registry._BOTS``), so the
table's bot is broken from its very first move; the match comes from an uploaded
record whose seed is chosen so that the rules level's move is not the first legal
action, which is what tells the two fallbacks apart.
"""

from __future__ import annotations

import logging
import random
import re
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tricktaker.bots import registry
from tricktaker.bots.registry import levels, make_bot
from tricktaker.cards import CARD_NAMES
from tricktaker.core import get_game
from tricktaker.core.actions import Action
from tricktaker.core.events import Event
from tricktaker.core.protocol import View
from tricktaker.core.records import parse_record, state_from_record
from tricktaker.server import fallback
from tricktaker.server.app import create_app
from tricktaker.server.config import Settings
from webserver import seats

#: A card in the notation, or in the game's words, anywhere in a text.
CARD = re.compile(r"(?<![0-9A-Za-z])(10|[2-9TJQKA])[cdhs](?![0-9A-Za-z])|(10|[2-9JQKA])[♣♦♥♠]")
PATIENCE = 20.0


class RaisingBot:
    """Raises with its whole hand in the message, as a careless bug might."""

    name = "raising"

    def act(
        self, view: View, memory: Sequence[Event], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        hand = " ".join(CARD_NAMES[c] for c in view.hand if c is not None)
        raise RuntimeError(f"a bug while holding {hand} (and Q♠, 10♥)")


class CheatingBot:
    """Answers another seat's move, which the rules do not allow it."""

    name = "cheating"

    def act(
        self, view: View, memory: Sequence[Event], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        return get_game("truc").parse_action("0:fold")


def record(seed: int) -> dict[str, Any]:
    return {"game": "truc", "options": {"players": 2}, "seed": seed, "dealer": 0, "actions": []}


def first_moves(seed: int) -> tuple[str, str, list[str]]:
    """At the start of ``record(seed)``: the rules level's move for seat 1 (which acts
    first, the dealer being seat 0) with the table's chance, the first legal action, and
    seat 1's cards."""
    state = state_from_record(parse_record(record(seed)))
    assert state.to_act == 1
    legal = list(state.legal_actions())
    rules = make_bot("rules", "truc").act(
        state.view(1), state.events(0, 1), legal, random.Random(f"{seed}:0:1")
    )
    hand = [CARD_NAMES[c] for c in state.view(1).hand if c is not None]
    return str(rules), str(legal[0]), hand


#: A seed where the rules level's first move is not the first legal action.
SEED = next(s for s in range(200) if len(set(first_moves(s)[:2])) == 2)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'bots.db'}", bot_delay=0)
    with TestClient(create_app(settings)) as c:
        yield c


def first_action(
    client: TestClient,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    bot: RaisingBot | CheatingBot,
) -> tuple[str, str, list[str]]:
    """``record(SEED)`` uploaded with ``bot`` at seat 1 (its level registered for the
    test): the table id, the first action the table applied (waited for), and the lines
    logged about failing levels."""
    levels("truc")  # the registry loaded first, so the test's entry is not overwritten
    monkeypatch.setitem(registry._BOTS, ("truc", bot.name), lambda: bot)
    with caplog.at_level(logging.ERROR, logger="tricktaker.server"):
        made = client.post(
            "/api/records", json={"record": record(SEED), "seats": seats("human", bot.name)}
        )
        assert made.status_code == 201, made.text
        table_id = made.json()["id"]
        table = client.app.state.hub.tables[table_id]  # type: ignore[attr-defined]
        deadline = time.monotonic() + PATIENCE
        while not table.stored.actions:
            assert time.monotonic() < deadline, "the table stalled"
            time.sleep(0.02)
    lines = [r.getMessage() for r in caplog.records if "level failed" in r.getMessage()]
    return table_id, table.stored.actions[0], lines


def test_a_raising_bot_is_replaced_by_the_rules_level_and_logged_without_cards(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    rules, first, hand = first_moves(SEED)
    table_id, played, [line] = first_action(client, monkeypatch, caplog, RaisingBot())
    assert played == rules and played != first  # the rules level's move, not the first legal
    assert f"table {table_id}, deal 1, 0 actions applied, seat 1 to act" in line
    assert "the raising level failed: RuntimeError at " in line
    assert "a bug while holding ??" in line and "playing the rules level's move" in line
    # The bot's hand was in the message: no card of it, nor any other, reaches the log.
    assert len(hand) == 3 and not CARD.search(line), line
    assert not CARD.search(caplog.text), caplog.text
    info = client.get(f"/api/tables/{table_id}").json()  # the table goes on
    assert info["applied"] >= 1 and not info["finished"]


def test_when_the_rules_level_fails_too_the_first_legal_action_is_played(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def no_rules(level: str, game: str) -> object:
        raise RuntimeError(f"no {level} level today (7h)")

    monkeypatch.setattr(fallback, "make_bot", no_rules)
    _rules, first, _hand = first_moves(SEED)
    _id, played, [bot_line, rules_line] = first_action(client, monkeypatch, caplog, RaisingBot())
    assert played == first
    assert bot_line.endswith("asking the rules level")
    assert "the rules level failed: RuntimeError" in rules_line
    assert rules_line.endswith("no rules level today (??); playing the first legal action")


def test_a_move_the_rules_do_not_allow_counts_as_a_failure(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    rules, _first, _hand = first_moves(SEED)
    _id, played, [line] = first_action(client, monkeypatch, caplog, CheatingBot())
    assert played == rules
    assert "the cheating level failed: NotLegal" in line
    assert "the move chosen is not among the legal actions" in line


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("rules bot chose 7h, not among the legal actions", "rules bot chose ??, not among"),
        ("holding Tc 10d As Kh", "holding ?? ?? ?? ??"),
        ("the Q♠ and 10♥ and Д♠", "the ?? and ?? and ??"),
        ("The bot has 3 cards: as such, nothing", "The bot has 3 cards: as such, nothing"),
    ],
)
def test_cards_are_masked_in_a_logged_message(text: str, masked: str) -> None:
    assert fallback.without_cards(text).startswith(masked)


def test_a_long_message_is_cut() -> None:
    assert len(fallback.without_cards("x" * 10_000)) == fallback.MAX_MESSAGE
