"""Per-seat and spectator views of a Tetka robber.

A view copies from the state only what its seat may see now (RULES.md §4):
its own hand, the photograph, the trick in progress, and of the finished
tricks of this deal only those the rules let it review: the last two until
it has led once in the deal, the last one after that (a spectator, who
never leads, sees the last one). Trick counts, marks and proved revokes are
public. Everything else that happened is in the seat's events, which a bot
may remember as a player does; nothing on screen is built from them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tricktaker.cards import CARD_NAMES, SUITS, cards_in, parse_card
from tricktaker.core.errors import RecordError
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


@dataclass(frozen=True, slots=True)
class TetkaView:
    seat: int | None
    players: int
    options: Mapping[str, Any]
    dealer: int
    deal_number: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    to_act: int | None
    leader: int
    photo: int
    trick_number: int
    on_table: Plays
    review: tuple[ReviewTrick, ...]
    led: tuple[int, ...]
    taken: tuple[int, ...]
    deal_marks: tuple[tuple[str, ...], ...]
    marks: tuple[int, ...]
    revokes: tuple[tuple[int, str, int], ...]
    target: int
    finished: bool
    winner: int | None

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

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "players": self.players,
            "options": dict(self.options),
            "dealer": self.dealer,
            "deal_number": self.deal_number,
            "hand": [CARD_NAMES[c] for c in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "to_act": self.to_act,
            "leader": self.leader,
            "photo": CARD_NAMES[self.photo],
            "photo_by": self.photo_by,
            "counting": self.counting,
            "trick_number": self.trick_number,
            "table": [[s, CARD_NAMES[c]] for s, c in self.on_table],
            "review": [
                {
                    "trick": t.number,
                    "played": [[s, CARD_NAMES[c]] for s, c in t.plays],
                    "winner": t.winner,
                }
                for t in self.review
            ],
            "led": list(self.led),
            "taken": list(self.taken),
            "deal_marks": [list(r) for r in self.deal_marks],
            "marks": list(self.marks),
            "revokes": [list(r) for r in self.revokes],
            "target": self.target,
            "finished": self.finished,
            "winner": self.winner,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TetkaView:
        """The view whose JSON is ``data``; RecordError if ``data`` is not one."""
        try:
            view = cls(
                seat=_opt_int(data["seat"]),
                players=int(data["players"]),
                options=dict(data["options"]),
                dealer=int(data["dealer"]),
                deal_number=int(data["deal_number"]),
                hand=tuple(parse_card(str(c)) for c in data["hand"]),
                hand_sizes=tuple(int(x) for x in data["hand_sizes"]),
                to_act=_opt_int(data["to_act"]),
                leader=int(data["leader"]),
                photo=parse_card(str(data["photo"])),
                trick_number=int(data["trick_number"]),
                on_table=_plays(data["table"]),
                review=tuple(
                    ReviewTrick(int(t["trick"]), _plays(t["played"]), int(t["winner"]))
                    for t in data["review"]
                ),
                led=tuple(int(s) for s in data["led"]),
                taken=tuple(int(x) for x in data["taken"]),
                deal_marks=tuple(tuple(str(x) for x in r) for r in data["deal_marks"]),
                marks=tuple(int(x) for x in data["marks"]),
                revokes=tuple((int(s), str(u), int(t)) for s, u, t in data["revokes"]),
                target=int(data["target"]),
                finished=bool(data["finished"]),
                winner=_opt_int(data["winner"]),
            )
        except (KeyError, TypeError, ValueError, IndexError, ArithmeticError, AttributeError) as e:
            raise RecordError(f"not a Tetka view: {type(e).__name__}: {e}") from None
        view.check()
        return view

    def check(self) -> None:
        """RecordError unless the fields fit together as the engine would have built them."""
        seats = range(SEATS)
        hidden_slots = self.seat is None and self.hand
        problems = [
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
            (len(self.on_table) >= SEATS or any(s not in seats for s, _ in self.on_table), "table"),
            (len(self.review) > 2 or any(t.winner not in seats for t in self.review), "review"),
            (any(s not in seats for s in self.led), "leads"),
            (len(self.taken) != SEATS or len(self.marks) != SEATS, "counts"),
            (len(self.deal_marks) != SEATS, "marks"),
            (any(u not in SUITS or s not in seats for s, u, _ in self.revokes), "revokes"),
            (self.winner not in (None, *seats), "winner"),
        ]
        wrong = [what for bad, what in problems if bad]
        if wrong:
            raise RecordError(f"not a Tetka view: {', '.join(wrong)} out of place")


def _opt_int(x: object) -> int | None:
    return None if x is None else int(x)  # type: ignore[call-overload]


def _plays(raw: Any) -> Plays:
    return tuple((int(s), parse_card(str(c))) for s, c in raw)


def _unpack(plays: tuple[int, ...] | list[int]) -> Plays:
    return tuple((p >> 6, p & 63) for p in plays)


def build_view(state: TetkaRules, seat: int | None) -> TetkaView:
    done = len(state.winners)
    # At the robber's end the last deal's tricks stay reviewable as they were.
    keep = review_size(seat, state.led)
    first = max(0, done - keep)
    review = tuple(
        ReviewTrick(i + 1, _unpack(state.trick_log[i]), state.winners[i])
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
        seat=seat,
        players=SEATS,
        options=state.options.to_json(),
        dealer=state.dealer,
        deal_number=state.deal_no,
        hand=tuple(cards_in(state.hands[seat])) if seat is not None else (),
        hand_sizes=tuple(h.bit_count() for h in state.hands),
        to_act=state.actor,
        leader=state.leader,
        photo=state.photo,
        trick_number=min(done + 1, TRICKS),
        on_table=_unpack(state.plays),
        review=review,
        led=tuple(s for s in range(SEATS) if (state.led >> s) & 1),
        taken=taken,
        deal_marks=tuple(tuple(r) for r in reasons),
        marks=marks,
        revokes=tuple((s, SUITS[u], t + 1) for s, u, t in state.proved),
        target=state.target,
        finished=state.finished,
        winner=state.winner,
    )
