"""Determinisation: a full state consistent with one seat's view.

Search bots cannot look at the real state, so they sample one: the cards the
seat cannot see (others' hands, others' set-aside hands, the stock) are dealt
at random from the cards it has not seen, keeping every count the view shows.
"""

from __future__ import annotations

import random

from tricktaker.cards import mask_of
from tricktaker.games.truc.actions import BY_TEXT, INTERNED
from tricktaker.games.truc.cards import DECK
from tricktaker.games.truc.options import TrucOptions
from tricktaker.games.truc.outcomes import SPOILED
from tricktaker.games.truc.rules import HAND, PHASE_NAMES, Deal, TrucState
from tricktaker.games.truc.views import TrucView


def sample_state(view: TrucView, rng: random.Random) -> TrucState:
    n = view.players
    seen = set(view.hand) | set(view.set_aside)
    seen.update(c for _, c in view.table)
    for plays, _ in view.tricks:
        seen.update(c for _, c in plays)
    unknown = [c for c in DECK if c not in seen]
    rng.shuffle(unknown)
    pos = 0
    hands = [0] * n
    discards = [0] * n
    caller = (view.dealer - 1) % n
    for seat in range(n):
        if seat == view.seat:
            hands[seat] = mask_of(view.hand)
            discards[seat] = mask_of(view.set_aside)
            continue
        size = view.hand_sizes[seat]
        hands[seat] = mask_of(unknown[pos : pos + size])
        pos += size
        if seat in (caller, view.dealer) and view.redeals:
            k = HAND * view.redeals
            discards[seat] = mask_of(unknown[pos : pos + k])
            pos += k
    # A finished match's view shows empty hands: the last deal's unplayed cards are gone.
    stock = tuple(unknown[pos:] if not view.finished else unknown[pos : pos + view.stock_left])
    if len(stock) != view.stock_left:
        raise ValueError("the view's card counts do not add up")

    st = TrucState.__new__(TrucState)
    st.options = TrucOptions(**view.options)
    st.n = n
    st.seed = rng.getrandbits(63)
    st.given = ()
    st.first_dealer = view.game_first_dealer
    st.game_first_dealer = view.game_first_dealer
    st.dealer = view.dealer
    st.deal_no = view.deal_number
    st.dealt = [Deal(tuple(() for _ in range(n)), stock)]
    st.score = list(view.score)
    st.games = list(view.games)
    st.finished = view.finished
    st.winner = view.winner
    st.history = [dict(d) for d in view.deals]
    # The deal's log as the seat saw it, so the sample's view shows the same log.
    st.actions = [BY_TEXT[text] for text in view.log]
    st.deal_start = 0
    st.messages = [
        (view.deal_number, INTERNED[(s, verb, (word,))]) for s, verb, word in view.messages
    ]
    st._legal = None
    st.stop_after_deal = False
    st.hands = hands
    st.stock = stock
    st.stock_pos = 0
    st.discards = discards
    played = 0
    for c in seen - set(view.hand) - set(view.set_aside):
        played |= 1 << c
    st.played = played
    st.value = view.value
    st.pending = {"double": 1, "rest": 2}.get(view.pending or "", 0)
    st.proposer = view.proposer if view.proposer is not None else -1
    st.resume = view.resume if view.resume is not None else -1
    st.rest_side = view.rest_side if view.rest_side is not None else -1
    st.decider = view.decider
    st.redeals = view.redeals
    st.redeal_open = view.redeal_open
    st.leader = view.leader
    st.plays = [(s << 6) | c for s, c in view.table]
    st.tricks = [SPOILED if r == "spoiled" else int(r) for _, r in view.tricks]
    st.trick_log = [tuple((s << 6) | c for s, c in plays) for plays, _ in view.tricks]
    st.proposed_turn = view.proposed_turn
    st.proposed_trick = list(view.proposed_trick)
    st.msg_sent = view.msg_sent
    st.phase = PHASE_NAMES.index(view.phase)
    st.actor = view.to_act
    return st
