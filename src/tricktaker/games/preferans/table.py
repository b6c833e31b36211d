"""What the bidding and the scoring systems may read and write of a game in progress.

``auction`` and ``systems`` work on the state's own fields (small ints and
short lists, cheap to clone) rather than on copies; this protocol names the
fields they touch, so they need not import the state machine that calls
them, and what they may change is written down: the bidding's fields, the
turn, and the position (the sheet and the all-pass streak, the stakes and
the pot). The rest they only read.
"""

from __future__ import annotations

from typing import Protocol

from tricktaker.core.deals import Deal
from tricktaker.games.preferans.sheet import Sheet
from tricktaker.games.preferans.terms import Answer, BidKind


class Table(Protocol):
    """A game of Preferans in progress (``rules.PreferansRules``), as its parts see it."""

    # The bidding, which ``auction`` writes.
    bid_top: int
    bid_seat: int | None
    bid_kind: BidKind
    spoken: int
    passed: int
    number_bidders: int
    game_bidders: int
    actor: int | None
    # The position, which ``systems`` write.
    sheet: Sheet
    streak: int
    cash: list[int]
    kitty: int

    # What they only read.
    @property
    def players(self) -> int: ...

    pool: int
    deal_no: int
    active: tuple[int, ...]
    dealt: list[Deal]
    bids: list[tuple[int, str]]
    declarer: int | None
    contract: str | None
    holding: int
    discard: int
    answers: list[Answer]
    taken: list[int]

    @property
    def level(self) -> int: ...

    def order(self, seat: int) -> int: ...

    def next_active(self, seat: int) -> int: ...

    def defenders(self) -> tuple[int, ...]: ...
