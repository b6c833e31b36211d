"""Claiming the rest of the tricks in Preferans (issue 21; docs/rules/preferans.md, "Claims").

A claim is offered only where it is sure from what the claimer knows, and played
out as ordinary moves. So the tests hold it to exactly that: wherever one is
offered in thousands of random deals, the claimer takes every trick left however
everybody plays on (his own cards in any order included), and the line the
server writes is legal and gives him all of them.
"""

from __future__ import annotations

import random

import pytest

from preferans_helpers import deal, play, pref, run
from tricktaker.cards import parse_card
from tricktaker.core.protocol import claim_line
from tricktaker.games.preferans import PreferansState
from tricktaker.games.preferans.claims import can_claim, out_against
from tricktaker.games.preferans.deck import TRICKS

#: Seat 0 holds six top spades and the red and black aces; the talon 8s 7s. With 7h
#: and 8s discarded every card of his is the best of its suit still out, and no trump is
#: out against him: ten tricks are his from the first lead.
ALL_TOP = deal(
    "As Ks Qs Js Ts 9s Ac Ad Ah 7h",
    "Kc Qc Jc Tc 9c 8c 7c Kd Qd Jd",
    "Kh Qh Jh Th 9h 8h Td 9d 8d 7d",
    talon="8s 7s",
)
TO_PLAY = "0:bid 6s,1:pass,2:pass,0:discard 7h 8s,0:declare 6s,1:whist,2:whist"


def left(state: PreferansState) -> int:
    return TRICKS - len(state.winners)


def test_a_sure_claim_is_offered_and_its_line_takes_every_trick() -> None:
    st = run(pref([ALL_TOP]), TO_PLAY)
    assert st.to_act == 0 and can_claim(st, 0)
    line = claim_line(st, 0)
    assert line is not None and len(line) == 3 * TRICKS
    for action in line:
        st.apply(action)
    assert st.finished_deals()[-1].to_json()["taken"] == [10, 0, 0]


def test_no_claim_for_the_defenders_or_off_lead() -> None:
    st = run(pref([ALL_TOP]), TO_PLAY)
    assert claim_line(st, 1) is None and claim_line(st, 2) is None
    play(st, "As")
    assert claim_line(st, 0) is None  # not his lead: the trick is under way


def test_a_card_out_above_his_own_spoils_the_claim() -> None:
    # Throwing Ah instead of 7h keeps the 7h, and the hearts from the eight up are out.
    st = run(pref([ALL_TOP]), TO_PLAY.replace("discard 7h 8s", "discard Ah 8s"))
    assert st.to_act == 0 and not can_claim(st, 0)


def test_a_trump_out_against_him_spoils_the_claim() -> None:
    # Throwing 7h and Ah keeps 8s and 7s in his hand: no trump is out. Give seat 1 the
    # 8s instead of a club (and the talon the club): a trump is out, and the red aces
    # could be ruffed, so no claim, though every card of his is the best of its suit.
    spoilt = deal(
        "As Ks Qs Js Ts 9s Ac Ad Ah 7h",
        "Kc Qc Jc Tc 9c 8c 8s Kd Qd Jd",
        "Kh Qh Jh Th 9h 8h Td 9d 8d 7d",
        talon="7c 7s",
    )
    st = run(pref([spoilt]), TO_PLAY.replace("discard 7h 8s", "discard 7h 7c"))
    assert st.to_act == 0 and not can_claim(st, 0)
    # Once the 8s has fallen, the rest is his.
    play(st, "As 8s 7d")
    assert can_claim(st, 0)


def test_only_the_declarer_counts_his_discard_as_gone() -> None:
    # A card a whister cannot see may be in the discard or in a hand: he counts it out.
    st = run(pref([ALL_TOP]), TO_PLAY)
    discard = (1 << parse_card("7h")) | (1 << parse_card("8s"))
    assert out_against(st, 0) & discard == 0
    assert out_against(st, 1) & discard == discard


@pytest.mark.parametrize("rules", ["sochi", "rostov", "leningrad", "pot"])
def test_every_claim_offered_in_random_deals_is_sure(rules: str) -> None:
    rng = random.Random(rules)
    found = 0
    for seed in range(120):
        st = pref(None, rules=rules, seed=seed)
        for _ in range(400):
            seat = st.to_act
            if seat is None:
                break
            if claim_line(st, seat) is not None:
                found += 1
                assert st.contract is not None and st.contract != "misere"
                for _trial in range(3):
                    trial = st.clone(stop_after_deal=True)
                    before, deal_no, rest = trial.taken[seat], trial.deal_no, left(trial)
                    while trial.to_act is not None and trial.deal_no == deal_no:
                        trial.apply(rng.choice(trial.legal_actions()))
                    summary = trial.finished_deals()[-1].to_json()
                    assert summary["taken"][seat] == before + rest, (seed, seat)
            st.apply(rng.choice(st.legal_actions()))
    assert found > 20, f"too few claims found to test ({found})"
