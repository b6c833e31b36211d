"""Preferans' scoring systems: one per convention, behind the one interface the state
machine asks wherever the conventions differ (``games/preferans/scoring``).

The systems declare their differences (who leads, whether a lone whister may
invite, whether an all-pass is played and led from the talon, when half-whist
is offered, the exit from all-passes); a system made to say otherwise makes
the state machine play otherwise, which shows that the rules ask it rather
than test the convention themselves.
"""

from __future__ import annotations

import pytest

from preferans_helpers import SPADES, SPADES_DISCARD, pref, run, verbs
from tricktaker.games.preferans.deck import LADDER
from tricktaker.games.preferans.options import SCHEMA
from tricktaker.games.preferans.systems import SYSTEMS, PotScoring, SheetScoring
from tricktaker.games.preferans.terms import Convention, DealEnd

LONE_WHIST = f"0:bid 6s,1:pass,2:pass,{SPADES_DISCARD},0:declare 6s,1:whist,2:pass"


def test_every_convention_has_its_system() -> None:
    rules = next(spec for spec in SCHEMA if spec.name == "rules")
    assert set(SYSTEMS) == set(rules.choices) == set(Convention)
    for name, system in SYSTEMS.items():
        assert system.convention == name
    assert isinstance(SYSTEMS["pot"], PotScoring)
    assert all(isinstance(SYSTEMS[c], SheetScoring) for c in ("sochi", "leningrad", "rostov"))


def test_the_systems_declare_their_differences() -> None:
    sochi, leningrad, rostov, pot = (SYSTEMS[c] for c in ("sochi", "leningrad", "rostov", "pot"))
    assert sochi.talon_leads_allpass and leningrad.talon_leads_allpass
    assert not rostov.talon_leads_allpass and not pot.talon_leads_allpass
    assert [sochi.half_whist(level) for level in range(6, 11)] == [True, True, False, False, False]
    assert not any(pot.half_whist(level) for level in range(6, 11))
    assert pot.invites and pot.declarer_leads and pot.may_overtake
    assert not (sochi.invites or sochi.declarer_leads or sochi.may_overtake)
    assert pot.all_passed() == DealEnd.THROWN_IN and sochi.all_passed() is None
    assert sochi.talon_shown(None) and not sochi.talon_shown("misere")
    assert not pot.talon_shown(None)
    # The exit after 1, 2, 3 all-passes: Sochi 6-7-7, Leningrad 6-7-8; the pot game bids anything.
    assert [LADDER[sochi.bids.min_bid(n)] for n in range(5)] == ["6s", "6s", "7s", "7s", "7s"]
    assert [LADDER[leningrad.bids.min_bid(n)] for n in range(5)] == ["6s", "6s", "7s", "8s", "8s"]
    assert pot.bids.min_bid(3) == 0


def test_a_lone_whister_chooses_open_or_closed_unless_his_system_invites(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = run(pref([SPADES]), LONE_WHIST)
    assert state.to_act == 1 and verbs(state) == ["open", "closed"]

    class Inviting(SheetScoring):
        invites = True

    monkeypatch.setitem(SYSTEMS, Convention.SOCHI, Inviting(Convention.SOCHI))
    state = run(pref([SPADES]), LONE_WHIST)
    assert state.to_act == 1 and verbs(state) == ["invite", "pass"]


def test_an_all_pass_is_played_unless_the_system_throws_it_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = run(pref([SPADES]), "0:pass,1:pass,2:pass")
    assert state.public_view().phase == "play" and not state.finished_deals()

    class ThrowingIn(SheetScoring):
        def all_passed(self) -> DealEnd | None:
            return DealEnd.THROWN_IN

    monkeypatch.setitem(SYSTEMS, Convention.SOCHI, ThrowingIn(Convention.SOCHI))
    state = run(pref([SPADES]), "0:pass,1:pass,2:pass")
    assert state.finished_deals()[0].end == "thrown_in"
