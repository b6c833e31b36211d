"""Per-seat and spectator views of a Tetka robber.

A view copies from the state only what its seat may see now (docs/rules/tetka.md):
its own hand, the photograph, the trick in progress, and of the finished
tricks of this deal only those the rules let it review: the last two until
it has led once in the deal, the last one after that (a spectator, who
never leads, sees the last one). Trick counts, marks and proved revokes are
public. Everything else that happened is in the seat's events, which a bot
may remember as a player does; nothing on screen is built from them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tricktaker.cards import SUITS, cards_in
from tricktaker.core.viewjson import ANY_CARD, Codec, TableView, as_json, table_fields, unpack_plays
from tricktaker.games.tetka.rules import SEATS, TetkaRules
from tricktaker.games.tetka.scoring import TRICKS, counting_number, trick_reasons

Plays = tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class ReviewTrick:
    """A finished trick the observer may still look at: its number (1..13), plays, winner."""

    number: int
    plays: Plays
    winner: int


def review_size(seat: int | None, led: int) -> int:
    """How many finished tricks ``seat`` may review: two before his first lead, then one."""
    if seat is None or (led >> seat) & 1:
        return 1
    return 2


_PLAYS = ANY_CARD.plays
#: The finished tricks its observer may review: number (1..13), plays and winner.
REVIEW = Codec(
    lambda ts: [
        {"trick": t.number, "played": _PLAYS.dump(t.plays), "winner": t.winner} for t in ts
    ],
    lambda raw: tuple(
        ReviewTrick(int(t["trick"]), _PLAYS.load(t["played"]), int(t["winner"])) for t in raw
    ),
)
#: Proved revokes: (seat, suit, trick).
REVOKES = Codec(
    lambda rs: [list(r) for r in rs],
    lambda raw: tuple((int(s), str(u), int(t)) for s, u, t in raw),
)


@dataclass(frozen=True, slots=True)
class TetkaView(TableView):
    GAME_NAME = "Tetka"

    hand: tuple[int, ...] = field(metadata=as_json(ANY_CARD.cards))
    leader: int
    photo: int = field(metadata=as_json(ANY_CARD.card))
    trick_number: int
    on_table: Plays = field(metadata=as_json(_PLAYS, "table"))
    review: tuple[ReviewTrick, ...] = field(metadata=as_json(REVIEW))
    led: tuple[int, ...]
    taken: tuple[int, ...]
    deal_marks: tuple[tuple[str, ...], ...]
    marks: tuple[int, ...]
    revokes: tuple[tuple[int, str, int], ...] = field(metadata=as_json(REVOKES))
    target: int

    def extra_json(self) -> dict[str, Any]:
        return {"photo_by": self.photo_by, "counting": self.counting}

    @property
    def counting(self) -> int:
        """The counting trick's number, from the photograph's rank."""
        return counting_number(self.photo)

    @property
    def photo_by(self) -> int:
        """Who turned the photograph: the player left of the dealer."""
        return (self.dealer + 1) % SEATS

    @property
    def running(self) -> tuple[int, ...]:
        """Each seat's marks in the robber with this deal's so far."""
        return tuple(m + len(r) for m, r in zip(self.marks, self.deal_marks, strict=True))

    def check(self) -> None:
        """RecordError unless the fields fit together as the engine would have built them."""
        seats = range(SEATS)
        hidden_slots = self.seat is None and self.hand
        self.refuse(
            [
                (self.players != SEATS, f"players={self.players}"),
                (len(self.hand_sizes) != SEATS, "hand sizes"),
                (not all(0 <= k <= TRICKS for k in self.hand_sizes), "hand sizes"),
                (self.seat is not None and self.seat not in seats, "seat"),
                (bool(hidden_slots), "a spectator's hand"),
                (
                    self.seat in seats and len(self.hand) != self.hand_sizes[self.seat or 0],
                    "hand",
                ),
                (self.to_act not in (None, *seats), "turn"),
                (self.dealer not in seats or self.leader not in seats, "dealer"),
                (not 1 <= self.trick_number <= TRICKS, "trick number"),
                (
                    len(self.on_table) >= SEATS or any(s not in seats for s, _ in self.on_table),
                    "table",
                ),
                (len(self.review) > 2 or any(t.winner not in seats for t in self.review), "review"),
                (any(s not in seats for s in self.led), "leads"),
                (len(self.taken) != SEATS or len(self.marks) != SEATS, "counts"),
                (len(self.deal_marks) != SEATS, "marks"),
                (any(u not in SUITS or s not in seats for s, u, _ in self.revokes), "revokes"),
                (self.winner not in (None, *seats), "winner"),
            ]
        )


def build_view(state: TetkaRules, seat: int | None) -> TetkaView:
    done = len(state.winners)
    # At the robber's end the last deal's tricks stay reviewable as they were.
    keep = review_size(seat, state.led)
    first = max(0, done - keep)
    review = tuple(
        ReviewTrick(i + 1, unpack_plays(state.trick_log[i]), state.winners[i])
        for i in range(first, done)
    )
    counting = counting_number(state.photo)
    reasons: list[list[str]] = [[] for _ in range(SEATS)]
    if state.history and (state.finished or state.actor is None) and done == TRICKS:
        # The deal is over and marked: its final marks (a revoker's handed tricks included).
        final = state.history[-1][6]
        reasons = [list(r) for r in final.reasons]
        taken = tuple(len(h) for h in final.holds)
        marks = tuple(m - len(r) for m, r in zip(state.marks, reasons, strict=True))
    else:
        for i in range(done):
            reasons[state.winners[i]] += trick_reasons(
                i, state.trick_cards[i], state.photo, counting
            )
        marks = tuple(state.marks)
        taken = tuple(state.won)
    return TetkaView(
        **table_fields(state, seat),
        hand=tuple(cards_in(state.hands[seat])) if seat is not None else (),
        leader=state.leader,
        photo=state.photo,
        trick_number=min(done + 1, TRICKS),
        on_table=unpack_plays(state.plays),
        review=review,
        led=tuple(s for s in range(SEATS) if (state.led >> s) & 1),
        taken=taken,
        deal_marks=tuple(tuple(r) for r in reasons),
        marks=marks,
        revokes=tuple((s, SUITS[u], t + 1) for s, u, t in state.proved),
        target=state.target,
    )
