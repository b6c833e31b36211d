"""Per-seat and spectator views of a Le Truc match.

A view is built from the state by copying only what its seat may know: its
own hand and the cards it set aside in a redeal, the cards played, the public
bets, and its side's private channel. Unplayed cards of others, the stock's
order and others' set-aside hands never enter it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tricktaker.cards import CARD_NAMES, cards_in
from tricktaker.core.options import options_to_dict
from tricktaker.games.truc.actions import SAY, SIGNAL, TrucAction
from tricktaker.games.truc.cards import BY_STRENGTH

if TYPE_CHECKING:
    from tricktaker.games.truc.rules import TrucState


@dataclass(frozen=True, slots=True)
class TrucView:
    seat: int | None
    players: int
    options: dict[str, Any]
    dealer: int
    game_first_dealer: int
    captains: tuple[int, int]
    deal_number: int
    hand: tuple[int, ...]
    set_aside: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    to_act: int | None
    phase: str
    value: int
    pending: str | None
    proposer: int | None
    resume: int | None
    rest_side: int | None
    decider: bool
    proposed_turn: bool
    proposed_trick: tuple[bool, bool]
    msg_sent: int
    score: tuple[int, int]
    games: tuple[int, int]
    finished: bool
    winner: int | None
    leader: int
    table: tuple[tuple[int, int], ...]
    tricks: tuple[tuple[tuple[tuple[int, int], ...], int | str], ...]
    stock_left: int
    redeals: int
    redeal_open: bool
    messages: tuple[tuple[int, str, str], ...]
    log: tuple[str, ...]
    deals: tuple[dict[str, Any], ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "players": self.players,
            "options": self.options,
            "dealer": self.dealer,
            "captains": list(self.captains),
            "deal_number": self.deal_number,
            "hand": [CARD_NAMES[c] for c in self.hand],
            "set_aside": [CARD_NAMES[c] for c in self.set_aside],
            "hand_sizes": list(self.hand_sizes),
            "to_act": self.to_act,
            "phase": self.phase,
            "value": self.value,
            "pending": self.pending,
            "proposer": self.proposer,
            "rest_side": self.rest_side,
            "decider": self.decider,
            "score": list(self.score),
            "games": list(self.games),
            "finished": self.finished,
            "winner": self.winner,
            "leader": self.leader,
            "table": [[s, CARD_NAMES[c]] for s, c in self.table],
            "tricks": [
                {"played": [[s, CARD_NAMES[c]] for s, c in plays], "result": r}
                for plays, r in self.tricks
            ],
            "stock_left": self.stock_left,
            "redeals": self.redeals,
            "messages": [[s, v, w] for s, v, w in self.messages],
            "log": list(self.log),
            "deals": [dict(d) for d in self.deals],
        }


def _seen_by(a: TrucAction, seat: int | None) -> bool:
    """Private words are seen by their sender and his partner only."""
    if a.kind != SAY and a.kind != SIGNAL:
        return True
    return seat is not None and (a.seat & 1) == (seat & 1)


def _plays(raw: tuple[int, ...] | list[int]) -> tuple[tuple[int, int], ...]:
    return tuple((p >> 6, p & 63) for p in raw)


def build_view(state: TrucState, seat: int | None) -> TrucView:
    from tricktaker.games.truc.outcomes import SPOILED
    from tricktaker.games.truc.rules import PHASE_NAMES, PROPOSE_DOUBLE, PROPOSE_REST

    n = state.n
    if seat is None:
        hand: tuple[int, ...] = ()
        aside: tuple[int, ...] = ()
    else:
        mine = state.hands[seat]
        hand = tuple(c for c in BY_STRENGTH if (mine >> c) & 1)
        aside = tuple(cards_in(state.discards[seat]))
    pending = {PROPOSE_DOUBLE: "double", PROPOSE_REST: "rest"}.get(state.pending)
    deal_actions = state.actions[state.deal_start :]
    messages = tuple(
        (a.seat, a.verb, a.args[0])
        for deal_no, a in state.messages
        if deal_no == state.deal_no and _seen_by(a, seat)
    )
    return TrucView(
        seat=seat,
        players=n,
        options=options_to_dict(state.options),
        dealer=state.dealer,
        game_first_dealer=state.game_first_dealer,
        captains=(state.captain(0), state.captain(1)),
        deal_number=state.deal_no,
        hand=hand,
        set_aside=aside,
        hand_sizes=tuple(h.bit_count() for h in state.hands),
        to_act=state.actor,
        phase=PHASE_NAMES[state.phase],
        value=state.value,
        pending=pending,
        proposer=state.proposer if pending else None,
        resume=state.resume if state.actor is not None else None,
        rest_side=state.rest_side if state.rest_side >= 0 else None,
        decider=state.decider,
        proposed_turn=state.proposed_turn,
        proposed_trick=(state.proposed_trick[0], state.proposed_trick[1]),
        # Whether the other side has used its private channel is private too.
        msg_sent=state.msg_sent & (0b0101 << (seat & 1)) if seat is not None else 0,
        score=(state.score[0], state.score[1]),
        games=(state.games[0], state.games[1]),
        finished=state.finished,
        winner=state.winner,
        leader=state.leader,
        table=_plays(state.plays),
        tricks=tuple(
            (_plays(plays), "spoiled" if r == SPOILED else r)
            for plays, r in zip(state.trick_log, state.tricks, strict=True)
        ),
        stock_left=len(state.stock) - state.stock_pos,
        redeals=state.redeals,
        redeal_open=state.redeal_open,
        messages=messages,
        log=tuple(str(a) for a in deal_actions if _seen_by(a, seat)),
        deals=tuple(
            {
                k: d[k]
                for k in (
                    "deal",
                    "dealer",
                    "tricks",
                    "played",
                    "winner",
                    "points",
                    "end",
                    "value",
                    "score",
                )
            }
            for d in state.history
        ),
    )
