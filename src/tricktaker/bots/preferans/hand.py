"""How many tricks a Preferans hand is worth: the counts a player makes before he speaks.

Everything here is a pure function of bit masks (the shared card encoding:
``suit * 13 + rank``, a seven is rank 5, an ace 12), memoised per suit, so that
the ``rules`` bot can try all 66 discards of a twelve-card hand in each strain
in a few milliseconds.

The count is the one players make at the table, suit by suit:

* *Sure tricks*: the rounds of the suit our cards win, played from the top,
  while the others win with their cheapest higher card and keep their high
  cards guarded as long as they have small ones (A; AK; KQ's second round;
  AKxxx's small cards once the suit is drawn; not AKT's ten against QJxxx).
* *Half tricks*: a guarded king with the ace out, a queen with two guards.
* In a trump contract, side suits lose value round by round (the defenders
  ruff the third round); short side suits are worth ruffs for trumps the
  rank count did not already use; fewer than four trumps is a weak trump suit.
* In no trumps, every suit the others may run needs a stopper: a suit without
  one costs what the defenders take in it.

For defence the same count is made against the declarer (sure tricks, with
side suits' later rounds worth less), and for misère the *losers*: a card is
a loser when the others hold more cards below it than we hold below it, so
that they can lead the suit under it and force it to take a trick.
"""

from __future__ import annotations

from functools import lru_cache

from tricktaker.games.preferans.deck import DECK_MASK, STRAIN_SUIT

SUIT_BITS = 0x1FFF
TRUMP, SIDE, NT = range(3)
#: What a declarer's side-suit trick is worth by the round it is won (ruffs come later).
SIDE_ROUND = (1.0, 0.85, 0.55, 0.35, 0.25, 0.2, 0.2, 0.2)
#: The same for a defender, who usually does not get a third round in a side suit.
DEFENCE_ROUND = (1.0, 0.7, 0.3, 0.15, 0.1, 0.1, 0.1, 0.1)
#: What a ruff is worth to a declarer (a trump the rank count left idle, a short side suit).
RUFF = 0.7
#: Per trump short of four in a trump contract.
SHORT_TRUMPS = 0.6


def suit_of_mask(mask: int, suit: int) -> int:
    """The 13-bit rank set of ``suit`` in a card mask."""
    return (mask >> (13 * suit)) & SUIT_BITS


def _ranks_down(bits: int) -> list[int]:
    return [r for r in range(12, -1, -1) if (bits >> r) & 1]


def _above(others: int, rank: int) -> int:
    return (others >> (rank + 1)).bit_count()


@lru_cache(maxsize=1 << 16)
def winning_rounds(ours: int, others: int) -> tuple[int, ...]:
    """The rounds of a suit (0 first) that our cards win when we lead it from the top each
    round and the others, pooled, win a round with their cheapest card above ours and
    otherwise follow with their lowest cards (two a round, while they have them).

    So AKT against QJ987 wins two rounds (the others keep the queen guarded), KQJ
    against the ace two, AK987 against QJT five (the others' three cards fall).
    """
    mine = _ranks_down(ours)
    theirs = sorted(r for r in range(13) if (others >> r) & 1)
    won: list[int] = []
    for k, x in enumerate(mine):
        over = [r for r in theirs if r > x]
        if over:
            theirs.remove(over[0])
            drop = 1
        else:
            won.append(k)
            drop = 2
        del theirs[:drop]
    return tuple(won)


def _half_tricks(ours: int, others: int) -> float:
    """A guarded king with the ace out, a queen with two guards: a finesse or a lead
    towards them may make them."""
    ranks = _ranks_down(ours)
    if not ranks or 0 in winning_rounds(ours, others):
        return 0.0
    h = _above(others, ranks[0])
    if h == 1 and len(ranks) >= 2:
        return 0.45
    if h == 2 and len(ranks) >= 3:
        return 0.25
    return 0.0


@lru_cache(maxsize=1 << 16)
def declarer_suit(ours: int, others: int, role: int) -> float:
    """A declarer's tricks in one suit: ``ours`` and ``others`` are 13-bit rank sets."""
    rounds = winning_rounds(ours, others)
    weights = SIDE_ROUND if role == SIDE else (1.0,) * 8
    tricks = sum(weights[min(k, 7)] for k in rounds)
    return tricks + _half_tricks(ours, others)


@lru_cache(maxsize=1 << 16)
def defence_suit(ours: int, others: int, role: int) -> float:
    """A defender's tricks in one suit against a declarer (``role``: the trump suit,
    a side suit of a trump contract, or a suit in no trumps)."""
    rounds = winning_rounds(ours, others)
    weights = DEFENCE_ROUND if role == SIDE else (1.0,) * 8
    tricks = sum(weights[min(k, 7)] for k in rounds)
    return tricks + 0.9 * _half_tricks(ours, others)


@lru_cache(maxsize=1 << 16)
def stopped(ours: int, others: int) -> bool:
    """Whether a suit is stopped in no trumps: our top card takes a trick before the
    others' higher cards run out of guards (A; Kx; QJx or Qxx)."""
    if not others:
        return True
    ranks = _ranks_down(ours)
    return bool(ranks) and _above(others, ranks[0]) <= len(ranks) - 1


@lru_cache(maxsize=1 << 16)
def misere_losers(ours: int, others: int) -> int:
    """Cards of one suit that may be forced to take a trick in misère: the ``k``-th lowest
    of ours is a loser when the others hold more than ``k`` cards below it."""
    losers = 0
    k = 0
    for r in range(13):
        if (ours >> r) & 1:
            if (others & ((1 << r) - 1)).bit_count() > k:
                losers += 1
            k += 1
    return losers


def declarer_tricks(hand: int, strain: int, others: int | None = None) -> float:
    """The tricks ``hand`` (ten cards, or twelve before the discard) is worth to a declarer
    in ``strain`` (0..4: s c d h nt). ``others``: the cards the defenders may hold
    (by default every card of the deck not in ``hand``)."""
    if others is None:
        others = DECK_MASK & ~hand
    trump = STRAIN_SUIT[strain]
    total = 0.0
    if trump is None:
        for s in range(4):
            o, t = suit_of_mask(hand, s), suit_of_mask(others, s)
            total += declarer_suit(o, t, NT)
            if not stopped(o, t):
                total -= 1.0 + 0.3 * t.bit_count()
        return total
    slots = spare = 0
    for s in range(4):
        o, t = suit_of_mask(hand, s), suit_of_mask(others, s)
        if s == trump:
            counted = declarer_suit(o, t, TRUMP)
            total += counted
            length = o.bit_count()
            spare = max(0, length - int(counted + 0.5))
            if length < 4:
                total -= SHORT_TRUMPS * (4 - length)
        else:
            total += declarer_suit(o, t, SIDE)
            if t:
                slots += max(0, 2 - o.bit_count())
    return total + RUFF * min(spare, slots)


def defence_tricks(hand: int, trump: int | None, others: int | None = None) -> float:
    """The tricks ``hand`` may take in defence against a declarer playing ``trump``
    (a card suit, or None for no trumps)."""
    if others is None:
        others = DECK_MASK & ~hand
    total = 0.0
    trumps = suit_of_mask(hand, trump).bit_count() if trump is not None else 0
    for s in range(4):
        o, t = suit_of_mask(hand, s), suit_of_mask(others, s)
        if trump is None:
            total += defence_suit(o, t, NT)
        elif s == trump:
            total += defence_suit(o, t, TRUMP)
        else:
            total += defence_suit(o, t, SIDE)
            if trumps >= 2 and o.bit_count() <= 1 and t:
                total += 0.3
    return total


def losers(hand: int, others: int | None = None) -> int:
    """Misère losers of the whole hand (see :func:`misere_losers`)."""
    if others is None:
        others = DECK_MASK & ~hand
    return sum(misere_losers(suit_of_mask(hand, s), suit_of_mask(others, s)) for s in range(4))


def best_strain(hand: int, strains: range | tuple[int, ...] = range(5)) -> tuple[int, float]:
    """The strain in which ``hand`` counts most tricks as declarer, and that count."""
    best = max(strains, key=lambda s: (declarer_tricks(hand, s), -s))
    return best, declarer_tricks(hand, best)
