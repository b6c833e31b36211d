"""Claims at a live table (``server.claims``, ``server.claiming``): made, answered,
played out, refused, and kept in the record.

Markers are stored rows like an undo's, so a restart rebuilds the same match and the
same waiting claim; an accepted claim is the ordinary moves it stands for, so the
record replays without knowing claims at all.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TypeVar

import pytest

from server_helpers import run, sqlite_settings, stored_table
from test_preferans_claims import ALL_TOP, TO_PLAY
from tricktaker.bots.registry import make_bot
from tricktaker.core import RecordError
from tricktaker.core.records import load_record, replay_text
from tricktaker.server import claiming
from tricktaker.server.claiming import ClaimRefused, claim_frame
from tricktaker.server.claims import CLAIM, NO, YES, claim_marker, pending
from tricktaker.server.config import Settings
from tricktaker.server.store import Store, StoredTable
from tricktaker.server.tables import Hub, LiveTable
from tricktaker.server.undo import effective

T = TypeVar("T")


def stored(kinds: tuple[str, ...]) -> StoredTable:
    """A Preferans table at seat 0's first lead of ALL_TOP (ten sure tricks)."""
    return stored_table(
        kinds,
        seed="claims",
        game="preferans",
        options={"rules": "sochi", "pool": 10},
        dealer=2,
        deals=[ALL_TOP],
        names=["A", "B", "C"],
        actions=TO_PLAY.split(","),
        origin="record",
    )


def settings_for(tmp_path: Path) -> Settings:
    return sqlite_settings(tmp_path, "claims")


def taken(table: LiveTable) -> list[int]:
    return list(table.state.finished_deals()[-1].to_json()["taken"])


def test_people_are_asked_one_play_on_ends_it_and_all_yes_plays_it_out(tmp_path: Path) -> None:
    settings = settings_for(tmp_path)

    async def scenario() -> None:
        store = Store(settings.database_url)
        hub = Hub(store, settings)
        table = await hub.create(stored(("human", "human", "human")))
        assert claim_frame(table, 0) == {"tricks": 10, "pending": None}
        assert claim_frame(table, 1) is None  # not his turn
        with pytest.raises(ClaimRefused, match="turn"):
            await claiming.claim(hub, table, 1)
        with pytest.raises(ClaimRefused, match="none"):
            await claiming.answer(hub, table, 1, True)
        view = table.state.view(0).to_json()
        await claiming.claim(hub, table, 0)
        assert table.state.view(0).to_json() == view  # nothing played yet
        frame = claim_frame(table, 1)
        assert frame is not None and frame["pending"] == {
            "seat": 0,
            "waiting": [1, 2],
            "answer": True,
            "tricks": 10,
        }
        with pytest.raises(ClaimRefused, match="waiting"):
            await claiming.claim(hub, table, 0)
        with pytest.raises(ClaimRefused, match="asked"):
            await claiming.answer(hub, table, 0, True)  # the claimer is not asked
        await claiming.answer(hub, table, 1, True)
        with pytest.raises(ClaimRefused, match="asked"):
            await claiming.answer(hub, table, 1, True)  # once
        assert pending(table.stored.actions) is not None
        await claiming.answer(hub, table, 2, False)  # play on
        assert pending(table.stored.actions) is None
        assert table.state.view(0).to_json() == view and table.state.to_act == 0
        # Claimed again, both accept: the deal is played out, ten tricks to seat 0.
        deals = len(table.state.finished_deals())
        await claiming.claim(hub, table, 0)
        await claiming.answer(hub, table, 2, True)
        await claiming.answer(hub, table, 1, True)
        assert len(table.state.finished_deals()) == deals + 1
        assert taken(table) == [10, 0, 0]
        rows = table.stored.actions
        assert rows[7:12] == ["0:claim", "1:claim-yes", "2:claim-no", "0:claim", "2:claim-yes"]
        record = table.record()
        assert record["claims"] == [
            {"at": 7, "seat": 0, "accepted": False},
            {"at": 7, "seat": 0, "accepted": True},
        ]
        assert not any("claim" in a for a in record["actions"])
        # The record replays (its moves are ordinary ones) and is read back.
        text = json.dumps(record)
        out = replay_text(text, 0)
        assert out.exit_code == 0, out.output
        assert out.output["view"] == table.state.view(0).to_json()
        load_record(text)
        # A restart reads the very same match from the rows.
        again = Hub(store, settings)
        loaded = await again.load(table.id)
        assert loaded is not None and loaded.record() == record
        await hub.close()
        await again.close()
        store.close()

    run(scenario())


def test_among_computers_a_claim_is_played_out_at_once(tmp_path: Path) -> None:
    settings = settings_for(tmp_path)

    async def scenario() -> None:
        store = Store(settings.database_url)
        hub = Hub(store, settings)
        table = await hub.create(stored(("human", "random", "random")))
        assert table.state.to_act == 0
        await claiming.claim(hub, table, 0)
        assert taken(table) == [10, 0, 0]
        assert effective(table.stored.actions).claims == [{"at": 7, "seat": 0, "accepted": True}]
        await hub.close()
        store.close()

    run(scenario())


def test_a_waiting_claim_survives_a_restart_and_the_claimer_may_play_instead(
    tmp_path: Path,
) -> None:
    settings = settings_for(tmp_path)

    async def scenario() -> None:
        store = Store(settings.database_url)
        hub = Hub(store, settings)
        table = await hub.create(stored(("human", "human", "random")))
        await claiming.claim(hub, table, 0)
        again = Hub(store, settings)
        loaded = await again.load(table.id)
        assert loaded is not None
        frame = claim_frame(loaded, 1)
        assert frame is not None and frame["pending"]["waiting"] == [1]  # the computer is not asked
        # He plays a card instead of waiting: the claim is withdrawn.
        await again.act(loaded, 0, "0:play As")
        assert pending(loaded.stored.actions) is None
        assert effective(loaded.stored.actions).claims == [{"at": 7, "seat": 0, "accepted": False}]
        await hub.close()
        await again.close()
        store.close()

    run(scenario())


def test_markers_and_pending() -> None:
    rows = ["0:bid 6s", claim_marker(0), claim_marker(1, YES)]
    found = pending(rows)
    assert found is not None and found.seat == 0 and found.accepted == {1}
    assert pending([*rows, claim_marker(2, NO)]) is None
    assert pending([*rows, claim_marker(0, YES)]) is None  # played out
    assert pending(["0:claimx", "1:claim"]) is not None
    assert CLAIM == "claim"


@pytest.mark.parametrize(
    "claims",
    [
        {"at": 1},
        [{"at": -1, "seat": 0, "accepted": True}],
        [{"at": 1, "seat": 0, "accepted": 1}],
        [{"at": 1, "seat": "0", "accepted": True}],
        [{"at": 1, "seat": 0, "accepted": True, "x": 1}],
        "HUGE",
    ],
)
def test_a_malformed_claims_list_is_refused(claims: object) -> None:
    record = {"game": "truc", "options": {}, "seed": 1, "actions": [], "claims": claims}
    text = json.dumps(record).replace('"HUGE"', '[{"at": ' + "9" * 5000 + ', "seat": 0}]')
    with pytest.raises(RecordError):
        load_record(text)


def test_a_claim_whose_people_went_away_is_claimed_again_and_played_out(tmp_path: Path) -> None:
    """The one person asked is now a computer's seat (his stand-in): nobody is left to
    answer, so the claimer is offered the claim again, and it is played out."""
    settings = settings_for(tmp_path)

    async def scenario() -> None:
        store = Store(settings.database_url)
        hub = Hub(store, settings)
        table = await hub.create(stored(("human", "human", "random")))
        await claiming.claim(hub, table, 0)
        frame = claim_frame(table, 0)
        assert frame is not None and frame["pending"]["waiting"] == [1]
        table.bots[1] = make_bot("rules", "preferans")  # as a stand-in takes the seat
        assert claim_frame(table, 0) == {"tricks": 10, "pending": None}
        await claiming.claim(hub, table, 0)
        assert taken(table) == [10, 0, 0]
        await hub.close()
        store.close()

    run(scenario())
