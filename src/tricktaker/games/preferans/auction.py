"""Preferans' bidding (docs/rules/preferans.md): who speaks, what he may say, and who wins
the talon.

The flow is the same in every system: first hand speaks first and the word
goes round the three seats dealt in; a pass is final; the top bidder does not
speak while he is on top; the bidding ends when only he is left, or when
everybody has passed. What may be said differs, and each system brings its
:class:`Ladder`: the Russian one (6♠ up to 10 NT, misère as a first word, the
lowest bid rising after all-passes) or seed 002's pot game (one to four with
the talon, ``game`` and ``hearts`` without it, ``hold`` for a player who spoke
before the top bidder).

The bidding's fields are the state's own (``table.Table``: small ints and a
short list, cheap to clone); these functions read and write them, and tell
the state machine what comes next (:class:`Bidding`), never which phase that
is.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from enum import Enum

from tricktaker.games.preferans.actions import (
    BID,
    BIDS,
    HOLD,
    PASS,
    POT,
    POT_BID,
    SIMPLE,
    WORDS,
    PrefAction,
)
from tricktaker.games.preferans.deck import (
    CONTRACTS,
    LADDER,
    LADDER_INDEX,
    MISERE,
    MISERE_INDEX,
    POT_BIDS,
)
from tricktaker.games.preferans.sheet import HOUSE, House, min_level_after_allpass
from tricktaker.games.preferans.table import Table
from tricktaker.games.preferans.terms import BidKind

GAME_BID = POT_BIDS.index("game")
HEARTS_BID = POT_BIDS.index("hearts")


class Bidding(Enum):
    """Where the bidding stands after a word."""

    GOES_ON = "goes on"
    WON = "won"
    ALL_PASSED = "all passed"


@dataclass(frozen=True, slots=True)
class Award:
    """What the winner of the bidding gets: a contract the bidding itself named (misère,
    the pot game's hearts) or None, and whether he takes the talon."""

    contract: str | None
    talon: bool


class Ladder(ABC):
    """One system's bids: what may be said, what a bid does, what its winner plays."""

    #: The action kind of this ladder's bids (``bid 6s`` or ``bid 1``).
    kind: int
    #: What to write when a bid of the other ladder is tried.
    wrong_ladder: str

    @abstractmethod
    def min_bid(self, streak: int) -> int:
        """The lowest ladder index one may bid after ``streak`` all-passes in a row."""

    @abstractmethod
    def offers(self, t: Table, seat: int) -> tuple[PrefAction, ...]:
        """What ``seat`` may say now (a pass first)."""

    @abstractmethod
    def take(self, t: Table, a: PrefAction) -> bool:
        """Write a bid of this ladder on top; True when it ends the bidding at once."""

    @abstractmethod
    def award(self, t: Table) -> Award:
        """What the winner of the bidding gets."""

    @abstractmethod
    def declarable(self, t: Table) -> list[str]:
        """Contracts the declarer may name after this bidding."""

    def refusal(self, t: Table, a: PrefAction) -> str:
        """The rule a bid of this ladder broke, where a list of what is allowed would not
        say it ("" where there is none to tell)."""
        return ""


class RussianLadder(Ladder):
    """6♠ up to 10 NT, misère between 8 NT and 9♠ as a first word only; after
    all-passes the exit rises by the convention or the house's exit
    (``sheet.min_level_after_allpass``)."""

    kind = BID
    wrong_ladder = "bid 6s..10nt or misere"

    def __init__(self, convention: str, house: House = HOUSE) -> None:
        self.convention = convention
        self.house = house

    def min_bid(self, streak: int) -> int:
        level = min_level_after_allpass(self.convention, streak, self.house)
        return LADDER_INDEX[f"{level}s"]

    def offers(self, t: Table, seat: int) -> tuple[PrefAction, ...]:
        low = max(t.bid_top + 1, self.min_bid(t.streak))
        first_speech = not (t.spoken >> seat) & 1
        out = [SIMPLE[(seat, PASS)]]
        for i in range(low, len(LADDER)):
            if i == MISERE_INDEX and not first_speech:
                continue
            out.append(BIDS[(seat, i)])
        return tuple(out)

    def take(self, t: Table, a: PrefAction) -> bool:
        if t.bid_seat is not None and t.bid_top == MISERE_INDEX:
            t.passed |= 1 << t.bid_seat  # an outbid misère is out of the bidding
        t.bid_top = a.code
        t.bid_seat = a.seat
        t.bid_kind = BidKind.MISERE if a.code == MISERE_INDEX else BidKind.CONTRACT
        return False

    def award(self, t: Table) -> Award:
        return Award(MISERE if t.bid_top == MISERE_INDEX else None, talon=True)

    def declarable(self, t: Table) -> list[str]:
        return [c for c in CONTRACTS if LADDER_INDEX[c] >= t.bid_top]

    def refusal(self, t: Table, a: PrefAction) -> str:
        if a.code == MISERE_INDEX and (t.spoken >> a.seat) & 1:
            return "misère may only be a player's first bid"
        return ""


class PotLadder(Ladder):
    """Seed 002: numbers with the talon, ``game`` and ``hearts`` without it, ``hold``."""

    kind = POT_BID
    wrong_ladder = "the pot game bids 1..4, game or hearts"

    def min_bid(self, streak: int) -> int:
        return 0

    def offers(self, t: Table, seat: int) -> tuple[PrefAction, ...]:
        out = [SIMPLE[(seat, PASS)]]
        first_speech = not (t.spoken >> seat) & 1
        kind, top = t.bid_kind, t.bid_top
        game = POT[(seat, GAME_BID)]
        if kind in (BidKind.NONE, BidKind.NUMBER):
            out += [POT[(seat, n - 1)] for n in range(max(top, 0) + 1, 5)]
            if kind == BidKind.NUMBER and (t.number_bidders >> seat) & 1 and has_priority(t, seat):
                out.append(SIMPLE[(seat, HOLD)])
            if first_speech:
                out.append(game)
        else:  # games compete up to their suits; numbers are over
            if (t.game_bidders >> seat) & 1 and has_priority(t, seat):
                out.append(SIMPLE[(seat, HOLD)])
            if (first_speech or (t.game_bidders >> seat) & 1) and top < 3:
                out.append(game)
        if first_speech:
            out.append(POT[(seat, HEARTS_BID)])
        return tuple(out)

    def take(self, t: Table, a: PrefAction) -> bool:
        seat = a.seat
        if a.code == HEARTS_BID:
            t.bid_kind, t.bid_top, t.bid_seat = BidKind.HEARTS, 4, seat
            return True
        if a.code == GAME_BID:
            if t.bid_kind == BidKind.GAME:
                t.bid_top += 1
            else:
                t.bid_kind, t.bid_top = BidKind.GAME, 1
            t.game_bidders |= 1 << seat
        else:
            t.bid_kind, t.bid_top = BidKind.NUMBER, a.code + 1
            t.number_bidders |= 1 << seat
        t.bid_seat = seat
        return False

    def award(self, t: Table) -> Award:
        if t.bid_kind == BidKind.HEARTS:
            return Award("6h", talon=False)
        return Award(None, talon=t.bid_kind != BidKind.GAME)

    def declarable(self, t: Table) -> list[str]:
        level = t.bid_top
        if t.bid_kind == BidKind.NUMBER:
            return [f"6{s}" for s in "scdh"[level - 1 :]]
        return [f"6{s}" for s in "scd"[level - 1 :]]  # a game: any suit but hearts

    def refusal(self, t: Table, a: PrefAction) -> str:
        rival = a.code == GAME_BID and (t.game_bidders >> a.seat) & 1  # games compete
        if (t.spoken >> a.seat) & 1 and a.code >= GAME_BID and not rival:
            return "game and hearts may only be bid at a player's first word"
        return ""


def has_priority(t: Table, seat: int) -> bool:
    """Whether ``seat`` may hold the top bid: he bid before its holder (seed 002)."""
    holder = t.bid_seat
    return holder is not None and holder != seat and t.order(seat) < t.order(holder)


def speak(t: Table, a: PrefAction, ladder: Ladder) -> Bidding:
    """Take one word of the bidding (already known legal) and pass the word on."""
    seat = a.seat
    t.spoken |= 1 << seat
    kind = a.kind
    word = str(a).split(" ", 1)[1] if kind in (BID, POT_BID) else WORDS[kind]
    t.bids.append((seat, word))
    if kind == PASS:
        t.passed |= 1 << seat
    elif kind == HOLD:
        t.bid_seat = seat
    elif ladder.take(t, a):
        return Bidding.WON
    return _next_bidder(t, seat)


def _next_bidder(t: Table, seat: int) -> Bidding:
    left = [s for s in t.active if not (t.passed >> s) & 1]
    if not left:
        return Bidding.ALL_PASSED
    if len(left) == 1 and left[0] == t.bid_seat:
        return Bidding.WON
    s = seat
    for _ in range(3):
        s = t.next_active(s)
        if (t.passed >> s) & 1 or s == t.bid_seat:
            continue  # a misère bidder stands too: he bids no more
        t.actor = s
        return Bidding.GOES_ON
    assert t.bid_seat is not None  # everyone else has passed
    return Bidding.WON
