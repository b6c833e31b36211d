"""Determinisation: a full state consistent with what one seat knows.

Search bots cannot look at the real state, so they sample one: the cards the
seat cannot see (others' hands, others' set-aside hands, the stock) are dealt
with ``core.sampling`` from the cards it has not seen, keeping every count
the view shows. Le Truc has no duty to follow suit, so play reveals no void
and the piles carry no constraint. The sample remembers the seat's own events
(``core.events.Told``), so it tells that seat the same past.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tricktaker.cards import mask_of
from tricktaker.core.deals import Deal
from tricktaker.core.errors import SampleError
from tricktaker.core.events import Event, told_from
from tricktaker.core.options import build_options
from tricktaker.core.sampling import Pile, deal_unseen
from tricktaker.core.start import Start
from tricktaker.games.truc.cards import DECK_MASK
from tricktaker.games.truc.options import SCHEMA
from tricktaker.games.truc.outcomes import SPOILED
from tricktaker.games.truc.rules import HAND, PHASE_NAMES
from tricktaker.games.truc.state import TrucState
from tricktaker.games.truc.views import TrucView


def sample_state(view: TrucView, memory: Sequence[Event], rng: random.Random) -> TrucState:
    if view.seat is None:
        raise SampleError("a sample needs a seat's view: a spectator knows no hand")
    n = view.players
    me = view.seat
    played = mask_of(c for _, c in view.on_table)
    for plays, _ in view.tricks:
        played |= mask_of(c for _, c in plays)
    mine = mask_of(view.hand)
    aside = mask_of(view.set_aside)
    unseen = DECK_MASK & ~(mine | aside | played)
    caller = (view.dealer - 1) % n
    piles: list[Pile] = []
    owners: list[tuple[str, int]] = []
    for seat in range(n):
        if seat == me:
            continue
        piles.append(Pile(view.hand_sizes[seat]))
        owners.append(("hand", seat))
        if seat in (caller, view.dealer) and view.redeals:
            piles.append(Pile(HAND * view.redeals))
            owners.append(("aside", seat))
    # A finished match shows no hands: the last deal's unplayed cards are simply gone.
    left = unseen.bit_count() - sum(p.size for p in piles)
    if view.finished:
        left = view.stock_left
        unseen = _drop_extra(unseen, sum(p.size for p in piles) + left, rng)
    if left != view.stock_left:
        raise SampleError("the view's card counts do not add up")
    piles.append(Pile(left))
    owners.append(("stock", -1))
    dealt = deal_unseen(unseen, piles, rng)

    hands = [0] * n
    discards = [0] * n
    hands[me] = mine
    discards[me] = aside
    stock_mask = 0
    for (what, seat), mask in zip(owners, dealt, strict=True):
        if what == "hand":
            hands[seat] = mask
        elif what == "aside":
            discards[seat] = mask
        else:
            stock_mask = mask
    stock_cards = [c for c in range(52) if (stock_mask >> c) & 1]
    rng.shuffle(stock_cards)

    st = TrucState.__new__(TrucState)
    st.options = build_options(SCHEMA, view.options)
    st.n = n
    st.ties = st.options.text("ties")
    st.repeat = st.options.text("redeal") == "repeat"
    st.seed = rng.getrandbits(63)
    st.given = ()
    st.start = Start()
    st.first_dealer = view.game_first_dealer
    st.game_first_dealer = view.game_first_dealer
    st.dealer = view.dealer
    st.deal_no = view.deal_number
    stock = tuple(stock_cards)
    st.dealt = [Deal(tuple(() for _ in range(n)), {"stock": stock})]
    st.score = list(view.score)
    st.games = list(view.games)
    st.finished = view.finished
    st.winner = view.winner
    st.history = []
    st._summaries = []
    st.log = list(told_from(memory, me))
    starts = [i for i, e in enumerate(memory) if e.kind == "deal"]
    st.deal_start = starts[-1] if starts else 0
    st._legal = None
    st.stop_after_deal = False
    st.hands = hands
    st.stock = stock
    st.stock_pos = 0
    st.discards = discards
    st.played = played
    st.value = view.value
    st.pending = {"double": 1, "rest": 2}.get(view.pending or "", 0)
    st.proposer = view.proposer if view.proposer is not None else -1
    st.resume = view.next_to_play if view.next_to_play is not None else -1
    st.rest_side = view.rest_side if view.rest_side is not None else -1
    st.decider = view.decider
    st.redeals = view.redeals
    st.redeal_open = view.redeal_open
    st.leader = view.leader
    st.plays = [(s << 6) | c for s, c in view.on_table]
    st.tricks = [SPOILED if r == "spoiled" else int(r) for _, r in view.tricks]
    st.trick_log = [tuple((s << 6) | c for s, c in plays) for plays, _ in view.tricks]
    st.proposed_turn = view.proposed_turn
    st.proposed_trick = list(view.proposed_trick)
    st.msg_sent = view.msg_sent
    st.phase = PHASE_NAMES.index(view.phase)
    st.actor = view.to_act
    return st


def _drop_extra(unseen: int, keep: int, rng: random.Random) -> int:
    cards = [c for c in range(52) if (unseen >> c) & 1]
    rng.shuffle(cards)
    return mask_of(cards[:keep])
