"""Per-seat and spectator views of a Le Truc match.

A view is built from the state by copying only what its seat may know now:
its own hand and the cards it set aside in a redeal, the cards played in this
deal, the public bets, and whether its own side has used its private channel.
Unplayed cards of others, the stock's order and others' set-aside hands never
enter it; what was said and played in earlier deals is in the seat's events.
The JSON is the canonical form: :meth:`TrucView.from_json` reads it back.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tricktaker.cards import cards_in
from tricktaker.core.errors import RecordError
from tricktaker.core.viewjson import ANY_CARD, Codec, TableView, as_json, table_fields, unpack_plays
from tricktaker.games.truc.cards import BY_STRENGTH
from tricktaker.games.truc.outcomes import SPOILED
from tricktaker.games.truc.rules import PHASE_NAMES, PROPOSE_DOUBLE, PROPOSE_REST, TrucRules

Plays = tuple[tuple[int, int], ...]
TrickView = tuple[Plays, int | str]


def _trick_result(raw: object) -> int | str:
    return "spoiled" if raw == "spoiled" else int(raw)  # type: ignore[call-overload]


#: A finished trick: its plays and its result (the side that took it, or "spoiled").
TRICKS = Codec(
    lambda ts: [{"played": ANY_CARD.plays.dump(p), "result": r} for p, r in ts],
    lambda raw: tuple((ANY_CARD.plays.load(t["played"]), _trick_result(t["result"])) for t in raw),
)


@dataclass(frozen=True, slots=True)
class TrucView(TableView):
    GAME_NAME = "Le Truc"

    game_first_dealer: int
    captains: tuple[int, int]
    hand: tuple[int, ...] = field(metadata=as_json(ANY_CARD.cards))
    set_aside: tuple[int, ...] = field(metadata=as_json(ANY_CARD.cards))
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
    games_to_win: int
    leader: int
    on_table: Plays = field(metadata=as_json(ANY_CARD.plays, "table"))
    tricks: tuple[TrickView, ...] = field(metadata=as_json(TRICKS))
    stock_left: int
    redeals: int
    redeal_open: bool

    @property
    def table(self) -> Plays:
        """The trick in progress (``on_table``), as Le Truc's code has long called it."""
        return self.on_table

    def check(self) -> None:
        n = self.players
        seats = range(n)
        if n not in (2, 4) or len(self.hand_sizes) != n:
            raise RecordError(f"not a Le Truc view: players={n} with {len(self.hand_sizes)} hands")
        self.refuse(
            [
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
        )


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
        **table_fields(state, seat),
        game_first_dealer=state.game_first_dealer,
        captains=(state.captain(0), state.captain(1)),
        hand=hand,
        set_aside=aside,
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
        games_to_win=state.games_to_win,
        leader=state.leader,
        on_table=unpack_plays(state.plays),
        tricks=tuple(
            (unpack_plays(plays), "spoiled" if r == SPOILED else r)
            for plays, r in zip(state.trick_log, state.tricks, strict=True)
        ),
        stock_left=len(state.stock) - state.stock_pos,
        redeals=state.redeals,
        redeal_open=state.redeal_open,
    )
