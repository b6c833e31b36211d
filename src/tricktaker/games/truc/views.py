"""Per-seat and spectator views of a Le Truc match.

A view is built from the state by copying only what its seat may know now:
its own hand and the cards it set aside in a redeal, the cards played in this
deal, the public bets, and whether its own side has used its private channel.
Unplayed cards of others, the stock's order and others' set-aside hands never
enter it; what was said and played in earlier deals is in the seat's events.
The JSON is the canonical form: :meth:`TrucView.from_json` reads it back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tricktaker.cards import CARD_NAMES, cards_in, parse_card
from tricktaker.core.errors import RecordError
from tricktaker.games.truc.cards import BY_STRENGTH
from tricktaker.games.truc.outcomes import SPOILED
from tricktaker.games.truc.rules import PHASE_NAMES, PROPOSE_DOUBLE, PROPOSE_REST, TrucRules

Plays = tuple[tuple[int, int], ...]
TrickView = tuple[Plays, int | str]


@dataclass(frozen=True, slots=True)
class TrucView:
    seat: int | None
    players: int
    options: Mapping[str, Any]
    dealer: int
    game_first_dealer: int
    captains: tuple[int, int]
    deal_number: int
    hand: tuple[int, ...]
    set_aside: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    to_act: int | None
    next_to_play: int | None
    phase: str
    value: int
    pending: str | None
    proposer: int | None
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
    on_table: Plays
    tricks: tuple[TrickView, ...]
    stock_left: int
    redeals: int
    redeal_open: bool

    @property
    def table(self) -> Plays:
        """The trick in progress (``on_table``), as Le Truc's code has long called it."""
        return self.on_table

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "players": self.players,
            "options": dict(self.options),
            "dealer": self.dealer,
            "game_first_dealer": self.game_first_dealer,
            "captains": list(self.captains),
            "deal_number": self.deal_number,
            "hand": [CARD_NAMES[c] for c in self.hand],
            "set_aside": [CARD_NAMES[c] for c in self.set_aside],
            "hand_sizes": list(self.hand_sizes),
            "to_act": self.to_act,
            "next_to_play": self.next_to_play,
            "phase": self.phase,
            "value": self.value,
            "pending": self.pending,
            "proposer": self.proposer,
            "rest_side": self.rest_side,
            "decider": self.decider,
            "proposed_turn": self.proposed_turn,
            "proposed_trick": list(self.proposed_trick),
            "msg_sent": self.msg_sent,
            "score": list(self.score),
            "games": list(self.games),
            "finished": self.finished,
            "winner": self.winner,
            "leader": self.leader,
            "table": [[s, CARD_NAMES[c]] for s, c in self.on_table],
            "tricks": [
                {"played": [[s, CARD_NAMES[c]] for s, c in plays], "result": r}
                for plays, r in self.tricks
            ],
            "stock_left": self.stock_left,
            "redeals": self.redeals,
            "redeal_open": self.redeal_open,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TrucView:
        """The view whose JSON is ``data``; RecordError if ``data`` is not one."""
        try:
            view = cls(
                seat=_opt_int(data["seat"]),
                players=int(data["players"]),
                options=dict(data["options"]),
                dealer=int(data["dealer"]),
                game_first_dealer=int(data["game_first_dealer"]),
                captains=_pair(data["captains"]),
                deal_number=int(data["deal_number"]),
                hand=tuple(parse_card(c) for c in data["hand"]),
                set_aside=tuple(parse_card(c) for c in data["set_aside"]),
                hand_sizes=tuple(int(x) for x in data["hand_sizes"]),
                to_act=_opt_int(data["to_act"]),
                next_to_play=_opt_int(data["next_to_play"]),
                phase=str(data["phase"]),
                value=int(data["value"]),
                pending=None if data["pending"] is None else str(data["pending"]),
                proposer=_opt_int(data["proposer"]),
                rest_side=_opt_int(data["rest_side"]),
                decider=bool(data["decider"]),
                proposed_turn=bool(data["proposed_turn"]),
                proposed_trick=(bool(data["proposed_trick"][0]), bool(data["proposed_trick"][1])),
                msg_sent=int(data["msg_sent"]),
                score=_pair(data["score"]),
                games=_pair(data["games"]),
                finished=bool(data["finished"]),
                winner=_opt_int(data["winner"]),
                leader=int(data["leader"]),
                on_table=_plays(data["table"]),
                tricks=tuple(
                    (
                        _plays(t["played"]),
                        t["result"] if t["result"] == "spoiled" else int(t["result"]),
                    )
                    for t in data["tricks"]
                ),
                stock_left=int(data["stock_left"]),
                redeals=int(data["redeals"]),
                redeal_open=bool(data["redeal_open"]),
            )
        except (
            KeyError,
            TypeError,
            ValueError,
            IndexError,
            ArithmeticError,
            AttributeError,
        ) as exc:
            raise RecordError(f"not a Le Truc view: {type(exc).__name__}: {exc}") from None
        view.check()
        return view

    def check(self) -> None:
        """RecordError unless the fields fit together as the engine would have built them."""
        n = self.players
        seats = range(n)
        if n not in (2, 4) or len(self.hand_sizes) != n:
            raise RecordError(f"not a Le Truc view: players={n} with {len(self.hand_sizes)} hands")
        problems = [
            (self.seat is not None and self.seat not in seats, "seat"),
            (self.phase not in PHASE_NAMES, f"phase={self.phase!r}"),
            (not all(0 <= k <= 3 for k in self.hand_sizes), "hand sizes"),
            (
                self.seat in seats and len(self.hand) != self.hand_sizes[self.seat or 0],
                "hand",
            ),
            (self.to_act is not None and self.to_act not in seats, "to_act"),
            (self.next_to_play is not None and self.next_to_play not in seats, "next_to_play"),
            (self.dealer not in seats or self.game_first_dealer not in seats, "dealer"),
            (any(c not in seats for c in self.captains), "captains"),
            (self.proposer is not None and self.proposer not in seats, "proposer"),
            (any(s not in seats for s, _ in self.on_table), "table"),
            (self.leader not in seats, "leader"),
            (not 0 <= self.stock_left <= 32 or self.value < 1 or self.redeals < 0, "counts"),
            (any(r not in (0, 1, "spoiled") for _, r in self.tricks), "tricks"),
        ]
        wrong = [what for bad, what in problems if bad]
        if wrong:
            raise RecordError(f"not a Le Truc view: {', '.join(wrong)} out of place")


def _opt_int(x: object) -> int | None:
    return None if x is None else int(x)  # type: ignore[call-overload]


def _pair(x: Any) -> tuple[int, int]:
    return (int(x[0]), int(x[1]))


def _plays(raw: Any) -> Plays:
    return tuple((int(s), parse_card(c)) for s, c in raw)


def _seat_plays(raw: tuple[int, ...] | list[int]) -> Plays:
    return tuple((p >> 6, p & 63) for p in raw)


def build_view(state: TrucRules, seat: int | None) -> TrucView:
    if seat is None:
        hand: tuple[int, ...] = ()
        aside: tuple[int, ...] = ()
    else:
        mine = state.hands[seat]
        hand = tuple(c for c in BY_STRENGTH if (mine >> c) & 1)
        aside = tuple(cards_in(state.discards[seat]))
    pending = {PROPOSE_DOUBLE: "double", PROPOSE_REST: "rest"}.get(state.pending)
    active = state.actor is not None
    return TrucView(
        seat=seat,
        players=state.n,
        options=state.options.to_json(),
        dealer=state.dealer,
        game_first_dealer=state.game_first_dealer,
        captains=(state.captain(0), state.captain(1)),
        deal_number=state.deal_no,
        hand=hand,
        set_aside=aside,
        hand_sizes=tuple(h.bit_count() for h in state.hands),
        to_act=state.actor,
        next_to_play=state.resume if active else None,
        phase=PHASE_NAMES[state.phase],
        value=state.value,
        pending=pending,
        proposer=state.proposer if pending else None,
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
        on_table=_seat_plays(state.plays),
        tricks=tuple(
            (_seat_plays(plays), "spoiled" if r == SPOILED else r)
            for plays, r in zip(state.trick_log, state.tricks, strict=True)
        ),
        stock_left=len(state.stock) - state.stock_pos,
        redeals=state.redeals,
        redeal_open=state.redeal_open,
    )
