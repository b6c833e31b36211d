"""Claiming the rest of the tricks (issue 21; docs/rules/preferans.md, "Claims").

Players at a real table lay their cards down when the rest is theirs, and the
others look and agree, or play on. Here a claim is allowed only where it is
*sure* from what the claimer himself knows: he is on lead with his own hand,
every card he holds is the highest of its suit still out (played cards, and his
own discard if he is the declarer, are the only ones he may count as gone), and
no trump is out against him (or he holds nothing but trumps). Then every lead of
his wins its trick and keeps him on lead, however the others play and wherever
the cards he cannot see lie: nothing the others could see in his hand would make
them refuse, and the claim tells nobody anything the rules hide (it is decided
from his knowledge alone, never from the others' cards).

An accepted claim is played out as the ordinary moves it stands for
(:func:`claim_line`): the rules, the referees and the record see a deal played to
its end, not a new verb, so the scores are the rules' own.
"""

from __future__ import annotations

from tricktaker.games.preferans.actions import PrefAction
from tricktaker.games.preferans.deck import DECK_MASK, MISERE, SUIT_MASKS, TRICKS
from tricktaker.games.preferans.rules import PLAYING, PreferansRules

#: A claim of one trick is the trick itself: play it.
FEWEST = 2


def out_against(rules: PreferansRules, seat: int) -> int:
    """The cards ``seat`` must count as still out against him: all but his own, those
    played, and (the declarer's) his own discard."""
    played = 0
    for trick in rules.trick_log:
        for p in trick:
            played |= 1 << (p & 63)
    for p in rules.plays:
        played |= 1 << (p & 63)
    gone = played | rules.hands[seat]
    if seat == rules.declarer:
        gone |= rules.discard
    return DECK_MASK & ~gone


def can_claim(rules: PreferansRules, seat: int) -> bool:
    """Whether ``seat`` may claim the rest now: a contract's play (not misère, not an
    all-pass, where nobody wants tricks), his own lead, two tricks or more left, and
    a claim sure from what he knows (the module's docstring)."""
    if rules.phase != PLAYING or rules.to_act != seat:
        return False
    if rules.contract is None or rules.contract == MISERE or rules.talon_lead >= 0:
        return False
    if rules.plays or rules.hand_to_play() != seat:
        return False
    if TRICKS - len(rules.winners) < FEWEST:
        return False
    hand = rules.hands[seat]
    out = out_against(rules, seat)
    for suit_mask in SUIT_MASKS:
        mine = hand & suit_mask
        if not mine:
            continue
        lowest = mine & -mine
        if out & suit_mask & ~(lowest - 1) & ~lowest:
            # A card out in this suit beats his lowest one there.
            return False
    trump = rules.trump
    if trump is None or not out & SUIT_MASKS[trump]:
        return True
    return not hand & ~SUIT_MASKS[trump]


def claim_line(rules: PreferansRules, seat: int) -> tuple[PrefAction, ...] | None:
    """The rest of the deal as the moves an accepted claim stands for, or None where
    ``seat`` may not claim now: he leads his highest card each trick, everyone else
    plays his lowest allowed card (which cards they give changes no score)."""
    if not can_claim(rules, seat):
        return None
    trial = rules.clone(stop_after_deal=True)
    deal = trial.deal_no
    line: list[PrefAction] = []
    while trial.to_act is not None and trial.deal_no == deal and trial.phase == PLAYING:
        legal = trial.legal_actions()
        leading = trial.to_act == seat and not trial.plays
        chosen = max(legal, key=_card) if leading else min(legal, key=_card)
        line.append(chosen)
        trial.apply(chosen)
    return tuple(line)


def _card(action: PrefAction) -> int:
    return action.card


__all__ = ["can_claim", "claim_line", "out_against"]
