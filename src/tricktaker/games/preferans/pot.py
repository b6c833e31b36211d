"""Seed 002's pot game: what a deal pays, in stakes, to the pot and between players.

Every player pays ``ANTE`` stakes into the pot (the *kitty*) when a game
begins and whenever the pot is empty. After a deal the declarer takes
``ANTE`` stakes from the pot (what it holds, if less) and pays each whister
one stake per trick he took (an inviter is paid for his side's tricks, the
invited player nothing); a declarer short of six tricks pays ``2 * ANTE``
into the pot; each whister short of two tricks, or an inviter whose side is
short of four, pays ``ANTE`` into the pot. Premiums pass between players: a
``hearts`` contract made earns ``ANTE`` from each defender (failed, it costs
``ANTE`` to each); four aces in the declarer's hand after the discard earn
``ANTE`` from each defender if the contract is made.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

ANTE = 10
NEED = 6
WHIST_PROMISE = 2
INVITER_PROMISE = 4
#: Where a payment goes when it does not go to a player.
KITTY = "pot"


@dataclass(frozen=True, slots=True)
class PotResult:
    """Cash moved per seat, the pot after the deal, each payment (payer, payee, stakes, why),
    and whether the contract was made."""

    cash: tuple[int, ...]
    kitty: int
    payments: tuple[tuple[int | str, int | str, int, str], ...]
    made: bool


ACES = sum(1 << (suit * 13 + 12) for suit in range(4))


def four_aces(hand: int) -> bool:
    return hand & ACES == ACES


def settle(
    *,
    players: int,
    declarer: int,
    defenders: Sequence[int],
    answers: Sequence[str],
    tricks: Sequence[int],
    hearts: bool,
    four_aces: bool,
    kitty: int,
) -> PotResult:
    """The payments of one deal (``answers[s]``: ``whist``, ``pass`` or ``invited``)."""
    cash = [0] * players
    payments: list[tuple[int | str, int | str, int, str]] = []

    def pay(payer: int | str, payee: int | str, amount: int, why: str) -> None:
        nonlocal kitty
        if amount <= 0:
            return
        if payer == KITTY:
            kitty -= amount
        else:
            assert isinstance(payer, int)
            cash[payer] -= amount
        if payee == KITTY:
            kitty += amount
        else:
            assert isinstance(payee, int)
            cash[payee] += amount
        payments.append((payer, payee, amount, why))

    made = tricks[declarer] >= NEED
    pay(KITTY, declarer, min(ANTE, kitty), "contract")
    whisters = [s for s in defenders if answers[s] == "whist"]
    invited = [s for s in defenders if answers[s] == "invited"]
    side = sum(tricks[s] for s in defenders)
    for w in whisters:
        paid = side if invited else tricks[w]
        pay(declarer, w, paid, "tricks")
    if not made:
        pay(declarer, KITTY, 2 * ANTE, "failed")
    if invited:
        if side < INVITER_PROMISE:
            pay(whisters[0], KITTY, ANTE, "short")
    else:
        for w in whisters:
            if tricks[w] < WHIST_PROMISE:
                pay(w, KITTY, ANTE, "short")
    if hearts:
        for d in defenders:
            if made:
                pay(d, declarer, ANTE, "hearts")
            else:
                pay(declarer, d, ANTE, "hearts")
    if four_aces and made:
        for d in defenders:
            pay(d, declarer, ANTE, "aces")
    return PotResult(tuple(cash), kitty, tuple(payments), made)
