"""Tetka's state machine: one robber of four players, each for himself (docs/rules/tetka.md).

Seats are numbered in order of play, which goes to the left (clockwise):
seat ``dealer + 1`` sits left of the dealer, turns the photograph and leads
the first trick; the deal moves to the left too. A deal is 13 tricks of
``play <card>``; the winner of a trick leads the next. After the 13th trick
the deal is marked (``scoring.settle``), and the robber ends after the deal
in which anyone reaches ``target`` marks.

(The state's plumbing, and why it is slots and small ints, is ``core.engine``'s.)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tricktaker.cards import CARD_NAMES, SUITS, CardError, parse_card
from tricktaker.core.actions import Action
from tricktaker.core.deals import DealSpec, GivenDeal, PileSpec, make_deal, read_deal
from tricktaker.core.engine import Engine
from tricktaker.core.errors import IllegalAction, RecordError
from tricktaker.core.options import Options
from tricktaker.core.protocol import Result
from tricktaker.core.start import Start
from tricktaker.core.summary import DealSummary
from tricktaker.games.tetka.actions import BY_ID, PLAYS, TABLE, TEXTS, TetkaAction
from tricktaker.games.tetka.chance import check_draw, photo_card, seat_draw
from tricktaker.games.tetka.scoring import (
    QUEENS,
    SUIT_MASKS,
    TRICKS,
    counting_number,
    settle,
    settlement,
    trick_reasons,
)

if TYPE_CHECKING:  # numpy is loaded with the kernel, at the first playouts
    from tricktaker.core.playouts import Playouts

SEATS = 4
HAND = 13
DECK = tuple(range(52))
DEAL_SPEC = DealSpec(deck=DECK, piles=(PileSpec("hands", HAND, per_seat=True),), game_name="Tetka")
MARKS_PER_DEAL = 8
START_ROWS = ("marks",)

# Log entries other than plays (logged as their interned action):
EV_DEAL, EV_TRICK, EV_REVOKE, EV_DEAL_END, EV_MATCH_END = range(5)

#: A finished deal as the engine keeps it: number, dealer, photo, trick winners,
#: trick plays (packed ``seat << 6 | card``), proved revokes (seat, suit, trick
#: index), the marks (``scoring.DealMarks``), the totals after it.
RawDeal = tuple[
    int,
    int,
    int,
    tuple[int, ...],
    tuple[tuple[int, ...], ...],
    tuple[tuple[int, int, int], ...],
    Any,
    tuple[int, ...],
]


def play_text(p: int) -> str:
    return f"{p >> 6}:{CARD_NAMES[p & 63]}"


def deal_summary(raw: RawDeal) -> DealSummary:
    """The typed summary of a finished deal: every card was played, so all are shown."""
    number, dealer, photo, winners, plays, revokes, marks, totals = raw
    return DealSummary(
        number=number,
        dealer=dealer,
        tricks=winners,
        winner=None,
        points=MARKS_PER_DEAL,
        gains=tuple(-float(m) for m in marks.marks),
        end="tricks",
        details={
            "photo": CARD_NAMES[photo],
            "counting": counting_number(photo),
            "played": tuple(tuple(play_text(p) for p in t) for t in plays),
            "marks": marks.marks,
            "reasons": marks.reasons,
            "taken": tuple(len(h) for h in marks.holds),
            "revokes": tuple((s, SUITS[suit], t + 1) for s, suit, t in revokes),
            "handed": tuple((g, r, t + 1) for g, r, t in marks.handed),
            "total": totals,
        },
    )


def read_start(start: Start | None, target: int) -> list[int]:
    """Marks already taken in this robber (each below the target, or it would be over)."""
    if start is None:
        return [0] * SEATS
    start.check_keys(START_ROWS)
    return list(start.row("marks", SEATS, 0, target - 1, (0,) * SEATS))


def _one_card(raw: object, what: str) -> int:
    if isinstance(raw, list) and len(raw) == 1:
        raw = raw[0]
    if not isinstance(raw, str):
        raise RecordError(f'{what} must be one card, e.g. "Jh"')
    try:
        return parse_card(raw)
    except CardError as exc:
        raise RecordError(f"{what}: {exc}") from None


#: A deal's piles turned from the second deck: the photograph, and the robber's seat draw.
SECOND = ("photo", "draw")


def read_deals(
    deals: Sequence[Mapping[str, Any] | GivenDeal] | None, dealer: int, first_deal: int
) -> tuple[tuple[GivenDeal, ...], tuple[int | None, ...], tuple[int, ...] | None]:
    """A record's deals: the playing deck's piles (read by core), and the photograph
    and the seat draw, which come from a second deck and are read here."""
    given: list[GivenDeal] = []
    photos: list[int | None] = []
    draw: tuple[int, ...] | None = None
    for i, raw in enumerate(deals or ()):
        if isinstance(raw, GivenDeal):  # read already (a determinisation's deal)
            second = raw.piles
            photos.append(second["photo"][0] if "photo" in second else None)
            draw = tuple(second["draw"]) if "draw" in second else draw
            given.append(GivenDeal(raw.hands, {k: v for k, v in second.items() if k not in SECOND}))
            continue
        if not isinstance(raw, Mapping):
            raise RecordError(f'deal {i} must be an object of piles, e.g. {{"hands": [...]}}')
        rest = {k: v for k, v in raw.items() if k not in SECOND}
        photos.append(_one_card(raw["photo"], f"deal {i}, photo") if "photo" in raw else None)
        if "draw" in raw:
            if i != 0 or first_deal != 0:
                raise RecordError(f"deal {i}: only the first deal of a robber has a seat draw")
            cards = raw["draw"]
            if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
                raise RecordError('deal 0: "draw" must list one card per seat, e.g. ["5h", ...]')
            try:
                draw = tuple(parse_card(c) for c in cards[:5])
            except CardError as exc:
                raise RecordError(f"deal 0, draw: {exc}") from None
            check_draw(draw, dealer)
        given.append(read_deal(rest, DEAL_SPEC, SEATS, i))
    return tuple(given), tuple(photos), draw


#: A seat's plays of one suit by the 13-bit pattern of its cards, built as met.
_SUIT_PLAYS: dict[int, tuple[TetkaAction, ...]] = {}


#: A seat's plays of the low seven ranks (2 to 8) of a suit, then of its six high ranks
#: (9 to A), by (seat, suit) and the ranks' bits: every pattern, made at import (3,072).
_LOW = tuple(
    tuple(
        tuple(PLAYS[seat][suit * 13 + r] for r in range(7) if (bits >> r) & 1)
        for bits in range(128)
    )
    for seat in range(SEATS)
    for suit in range(4)
)
_HIGH = tuple(
    tuple(
        tuple(PLAYS[seat][suit * 13 + 7 + r] for r in range(6) if (bits >> r) & 1)
        for bits in range(64)
    )
    for seat in range(SEATS)
    for suit in range(4)
)


def _suit_plays(seat: int, suit: int, pattern: int) -> tuple[TetkaAction, ...]:
    """The actions playing the cards of ``pattern`` in ``suit``: legal_actions in four lookups."""
    key = (seat << 15) | (suit << 13) | pattern
    found = _SUIT_PLAYS.get(key)
    if found is None:
        row = (seat << 2) | suit
        found = _SUIT_PLAYS[key] = _LOW[row][pattern & 0x7F] + _HIGH[row][pattern >> 7]
    return found


SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
#: Each card's suit.
SUIT_OF = tuple(c // 13 for c in range(52))
#: Each card's bit.
BITS = tuple(1 << c for c in range(52))
#: The counting trick's number by photograph.
COUNTING = tuple(counting_number(c) for c in range(52))


class TetkaRules(Engine[TetkaAction]):
    """A robber of Tetka: the rules alone (views and events are added by ``state``)."""

    GAME_ID = "tetka"
    COPIED = (
        "photos",
        "hands",
        "_public_deals",
        "marks",
        "plays",
        "winners",
        "trick_cards",
        "trick_log",
        "won",
        "deal_marks",
        "pending_revokes",
        "proved",
    )
    ACTIONS = TABLE
    deal_summary = staticmethod(deal_summary)

    __slots__ = (
        "_public_deals",
        "deal_marks",
        "draw",
        "given",
        "given_photos",
        "hands",
        "leader",
        "led",
        "marks",
        "penalized",
        "pending_revokes",
        "photo",
        "photos",
        "plays",
        "proved",
        "target",
        "trick_cards",
        "trick_log",
        "winners",
        "won",
    )

    def seats(self, options: Options) -> int:
        return SEATS

    def _setup(self, deals: Sequence[Mapping[str, Any] | GivenDeal]) -> None:
        self.penalized = self.options.text("revoke") == "penalized"
        self.target = self.options.integer("target")
        self.given, self.given_photos, draw = read_deals(deals, self.dealer, self.first_deal)
        self.marks = read_start(self.start, self.target)
        self.photos: list[int] = []
        #: Finished deals as the public record writes them, as JSON text (built once:
        #: they never change; read back fresh for each record).
        self._public_deals: list[str] = []
        self.draw: tuple[int, ...] = ()
        if self.first_deal == 0:  # the seat draw opens a robber, told with its first deal
            self.draw = draw if draw is not None else seat_draw(self.seed, self.dealer)

    # ------------------------------------------------------------------ deals

    def _start_deal(self) -> None:
        k = self.deal_no - self.first_deal
        given = self.given[k] if k < len(self.given) else None
        first = (self.dealer + 1) % SEATS
        deal = make_deal(DEAL_SPEC, SEATS, first, self.seed, self.deal_no, given)
        photo = self.given_photos[k] if k < len(self.given_photos) else None
        self.photo = photo_card(self.seed, self.deal_no) if photo is None else photo
        self.dealt.append(deal)
        self.photos.append(self.photo)
        self.hands = [sum(map(BITS.__getitem__, h)) for h in deal.hands]
        self.plays: list[int] = []
        self.winners: list[int] = []
        self.trick_cards: list[int] = []
        self.trick_log: list[tuple[int, ...]] = []
        self.won = [0] * SEATS
        self.deal_marks = [0] * SEATS
        self.led = 0
        self.pending_revokes: list[tuple[int, int, int]] = []
        self.proved: list[tuple[int, int, int]] = []
        self.leader = first
        self.actor: int | None = first
        self.deal_start = len(self.log)
        draw = self.draw if self.deal_no == 0 else ()
        self.log.append(
            (EV_DEAL, deal, self.deal_no, self.dealer, self.photo, tuple(self.marks), draw)
        )

    # ---------------------------------------------------------------- legal

    @property
    def sides(self) -> tuple[int, ...]:
        return (0, 1, 2, 3)

    @property
    def counting(self) -> int:
        return counting_number(self.photo)

    def allowed_mask(self) -> int:
        """The cards ``to_act`` may play now, as a mask."""
        seat = self.actor
        if seat is None:
            return 0
        hand = self.hands[seat]
        if self.penalized or not self.plays:
            return hand
        follow = hand & SUIT_MASKS[(self.plays[0] & 63) // 13]
        return follow or hand

    def _compute_legal(self, seat: int) -> tuple[TetkaAction, ...]:
        hand = self.hands[seat]
        plays = self.plays
        get = _SUIT_PLAYS.get
        key = seat << 15
        if plays and not self.penalized:  # following: one suit, if he holds it
            suit = (plays[0] & 63) // 13
            pattern = (hand >> (13 * suit)) & 0x1FFF
            if pattern:
                found = get(key | (suit << 13) | pattern)
                return found if found is not None else _suit_plays(seat, suit, pattern)
        # Any card: the four suits' tuples, each one lookup once met.
        c = get(key | (hand & 0x1FFF))
        d = get(key | 0x2000 | ((hand >> 13) & 0x1FFF))
        h = get(key | 0x4000 | ((hand >> 26) & 0x1FFF))
        s = get(key | 0x6000 | (hand >> 39))
        if c is None or d is None or h is None or s is None:
            c = _suit_plays(seat, 0, hand & 0x1FFF)
            d = _suit_plays(seat, 1, (hand >> 13) & 0x1FFF)
            h = _suit_plays(seat, 2, (hand >> 26) & 0x1FFF)
            s = _suit_plays(seat, 3, hand >> 39)
        return c + d + h + s

    def legal_actions(self) -> tuple[TetkaAction, ...]:
        """What ``to_act`` may do now (``Engine.legal_actions``, one call less)."""
        cached = self._legal
        if cached is None:
            seat = self.actor
            cached = self._legal = () if seat is None else self._compute_legal(seat)
        return cached

    # ---------------------------------------------------------------- apply

    def apply(self, action: Action | str) -> None:
        # The usual case first, inline (an interned action, as legal_actions hands them
        # out); the rules are then checked here, cheaper than a search of the legal actions.
        try:
            a = action if BY_ID[action.number] is action else self._interned(action)  # type: ignore[union-attr]
        except (AttributeError, IndexError, TypeError):
            a = self._interned(action)
        seat = a.seat
        if seat != self.actor:
            raise IllegalAction(self._why_illegal(a), f"'{a}' is not allowed now")
        card = a.card
        hands = self.hands
        hand = hands[seat]
        bit = 1 << card
        if not hand & bit:
            raise IllegalAction(self._why_illegal(a), f"'{a}' is not allowed now")
        plays = self.plays
        if plays:
            led = SUIT_OF[plays[0] & 63]
            if hand & SUIT_MASKS[led] and SUIT_OF[card] != led:  # he holds the suit led
                if not self.penalized:
                    raise IllegalAction(self._why_illegal(a), f"'{a}' is not allowed now")
                self.pending_revokes.append((seat, led, len(self.winners)))
        else:
            self.led |= 1 << seat
        self._legal = None
        self.log.append(a)
        hands[seat] = hand ^ bit
        if self.pending_revokes:
            self._prove(seat, SUIT_OF[card])
        plays.append((seat << 6) | card)
        if len(plays) == SEATS:
            self._end_trick()
        else:
            self.actor = (seat + 1) & 3

    def _prove(self, seat: int, suit: int) -> None:
        """A player who revoked in a suit proves it by showing that suit later."""
        still: list[tuple[int, int, int]] = []
        for r in self.pending_revokes:
            if r[0] == seat and r[1] == suit:
                self.proved.append(r)
                self.log.append((EV_REVOKE, r))
            else:
                still.append(r)
        self.pending_revokes = still

    def _why_illegal(self, a: TetkaAction) -> str:
        if self.actor is None:
            return "the match is over"
        if a.seat != self.actor:
            return f"it is seat {self.actor}'s turn, not seat {a.seat}'s"
        if not (self.hands[a.seat] >> a.card) & 1:
            return f"seat {a.seat} does not hold {CARD_NAMES[a.card]}"
        led = SUIT_NAMES[(self.plays[0] & 63) // 13]
        allowed = ", ".join(str(x) for x in self.legal_actions())
        return f"follow suit: {led} were led and you hold some; allowed: {allowed}"

    def _end_trick(self) -> None:
        plays = self.plays
        p0, p1, p2, p3 = plays
        top = lead = p0 & 63
        suit = lead // 13
        winner = p0 >> 6
        # Same suit: a higher card is a higher rank.
        c1, c2, c3 = p1 & 63, p2 & 63, p3 & 63
        if c1 > top and c1 // 13 == suit:
            top, winner = c1, p1 >> 6
        if c2 > top and c2 // 13 == suit:
            top, winner = c2, p2 >> 6
        if c3 > top and c3 // 13 == suit:
            winner = p3 >> 6
        cards = (1 << lead) | (1 << c1) | (1 << c2) | (1 << c3)
        index = len(self.winners)
        photo = self.photo
        if cards & (QUEENS | (1 << photo)) or index + 1 == COUNTING[photo] or index == TRICKS - 1:
            reasons = trick_reasons(index, cards, photo, COUNTING[photo])
        else:  # most tricks carry no mark: no list to build
            reasons = []
        self.winners.append(winner)
        self.trick_cards.append(cards)
        done = tuple(plays)
        self.trick_log.append(done)
        self.won[winner] += 1
        self.deal_marks[winner] += len(reasons)
        self.plays = []
        self.log.append((EV_TRICK, index, done, winner, tuple(reasons)))
        if index + 1 == TRICKS:
            self._finish_deal()
            return
        self.leader = winner
        self.actor = winner

    def _finish_deal(self) -> None:
        marks = settle(self.winners, self.trick_cards, self.photo, [r[0] for r in self.proved])
        for seat, m in enumerate(marks.marks):
            self.marks[seat] += m
        raw: RawDeal = (
            self.deal_no,
            self.dealer,
            self.photo,
            tuple(self.winners),
            tuple(self.trick_log),
            tuple(self.proved),
            marks,
            tuple(self.marks),
        )
        self.history.append(raw)
        self.log.append((EV_DEAL_END, raw))
        self.deal_marks = list(marks.marks)
        if max(self.marks) >= self.target:
            self.finished = True
            low = min(self.marks)
            lowest = [s for s in range(SEATS) if self.marks[s] == low]
            self.winner = lowest[0] if len(lowest) == 1 else None
            self.actor = None
            self.log.append((EV_MATCH_END, tuple(self.marks), self.winner))
            return
        if self.stop_after_deal:  # a search copy: the deal is over, the next never dealt
            self.actor = None
            return
        self.dealer = (self.dealer + 1) % SEATS  # the deal moves to the left
        self.deal_no += 1
        self._start_deal()

    # ------------------------------------------------------------- playouts

    def random_playouts(
        self, n: int, seed: int, policy: str = "uniform", deal: bool = False
    ) -> Playouts:
        """The deal in progress played out ``n`` times in machine code (``core.playouts``,
        ``fast.py``); the kernel (and numba) is loaded at the first call only."""
        from tricktaker.games.tetka.fast import random_playouts

        return random_playouts(self, n, seed, policy, deal)

    # --------------------------------------------------------------- output

    def result(self) -> Result:
        return Result(tuple(self.marks), (0,) * SEATS, self.finished, self.winner)

    def returns(self) -> tuple[float, ...]:
        """The settlement of the marks so far (final once the robber is over)."""
        return tuple(float(x) for x in settlement(self.marks))

    def to_record(self) -> dict[str, Any]:
        """The full record: every deal's cards, photograph and the draw, so it replays exactly."""
        record = self._record_head()
        record["seed"] = self.seed
        deals = []
        for i, (d, photo) in enumerate(zip(self.dealt, self.photos, strict=True)):
            entry = d.to_json()
            entry["photo"] = CARD_NAMES[photo]
            if i == 0 and self.draw:
                entry["draw"] = [CARD_NAMES[c] for c in self.draw]
            deals.append(entry)
        record["deals"] = deals
        record["actions"] = [TEXTS[e.number] for e in self.log if type(e) is TetkaAction]
        return record

    def public_record(self) -> dict[str, Any]:
        """What anyone may see: every card played (all were shown face up), no hand, no seed."""
        record = self._record_head()
        record["actions"] = [TEXTS[e.number] for e in self.log if type(e) is TetkaAction]
        cache = self._public_deals
        summaries = self.finished_deals()
        while len(cache) < len(summaries):
            d = summaries[len(cache)].to_json()
            cache.append(json.dumps({k: v for k, v in d.items() if k in PUBLIC_DEAL_KEYS}))
        deals: list[dict[str, Any]] = json.loads("[" + ",".join(cache) + "]")
        if self.draw:
            draw = [CARD_NAMES[c] for c in self.draw]
            if deals:
                deals[0]["draw"] = draw
        record["deals"] = deals
        return record


PUBLIC_DEAL_KEYS = (
    "deal",
    "dealer",
    "tricks",
    "played",
    "winner",
    "points",
    "end",
    "photo",
    "counting",
    "marks",
    "reasons",
    "taken",
    "revokes",
    "handed",
    "total",
)
