"""The ``rules`` bot's card play: how a decent player plays each role.

* **Declarer** (a contract): draw trumps while his top trump is the master or he
  holds as many trumps as the defenders, knock out the one card over a side
  sequence, cash his masters, then lead low from
  his longest side suit to set it up; follow with the cheapest card that
  surely wins, else the lowest; ruff cheaply; discard from his shortest,
  weakest suit.
* **Defender**: cash masters the declarer cannot ruff, return the partner's
  suit, else lead from his longest suit without a bare honour; second hand
  low, third hand high (the cheapest sure winner); leave a trick the partner
  surely wins; discard the least useful card.
* **Ducking** (all-pass, the misère declarer): follow with the highest card
  that still loses; forced to win, win with the highest card when nobody can
  overtake, else play the lowest and hope; when void, shed the most dangerous
  card (a high card the others can lead under); lead the lowest card of a suit
  whose other cards lie above it.
* **Misère catchers**: lead low in a suit where the declarer holds no card
  below theirs (he must take the trick), else in the suit where he holds the
  fewest cards below theirs, to strip his low cards; play under the declarer's
  card with the highest card that ducks (the low ones are kept for leads),
  throw high cards on a trick a catcher wins; when void, throw the highest card.

Every choice is made among the legal actions, so the bot never tries what the
rules forbid; ties go to the lower card.
"""

from __future__ import annotations

from collections.abc import Sequence

from tricktaker.bots.preferans.model import ALLPASS, MISERE_PLAY, Table, above, below
from tricktaker.games.preferans.actions import PrefAction
from tricktaker.games.preferans.deck import SUIT_MASKS


def rank(card: int) -> int:
    return card % 13


def _lowest(cards: Sequence[int]) -> int:
    return min(cards, key=rank)


def _highest(cards: Sequence[int]) -> int:
    return max(cards, key=rank)


def choose_card(t: Table, legal: Sequence[PrefAction]) -> PrefAction:
    """The card to play among ``legal`` (all from ``t.owner``'s hand)."""
    by_card = {a.card: a for a in legal}
    cards = sorted(by_card)
    if len(cards) == 1:
        return by_card[cards[0]]
    if t.mode == ALLPASS or (t.mode == MISERE_PLAY and t.owner == t.declarer):
        card = _duck(t, cards)
    elif t.mode == MISERE_PLAY:
        card = _catch(t, cards)
    elif t.on_table or t.talon_lead:
        card = _follow(t, cards)
    else:
        card = _lead(t, cards)
    return by_card[card]


# ------------------------------------------------------------------ taking tricks


def _opponents(t: Table, seats: Sequence[int]) -> list[int]:
    return [s for s in seats if not t.friends(s, t.owner)]


def _master(t: Table, card: int) -> bool:
    """No opponent can beat ``card`` when it is led."""
    return t.safe(card, _opponents(t, t.seats))


def _keep_value(t: Table, card: int) -> float:
    """How much a card is worth keeping (the lowest is discarded)."""
    value = float(rank(card))
    if _master(t, card):
        value += 10.0
    if t.trump is not None and card // 13 == t.trump:
        value += 20.0
    # A short suit is cheaper to let go (a void to ruff in), a long one worth keeping.
    value += 0.3 * (t.hand & SUIT_MASKS[card // 13]).bit_count()
    return value


def _cheapest(t: Table, cards: Sequence[int]) -> int:
    if t.led is not None and any(c // 13 == t.led for c in cards):
        return _lowest([c for c in cards if c // 13 == t.led])
    if t.trump is not None and all(c // 13 == t.trump for c in cards):
        return _lowest(cards)
    return min(cards, key=lambda c: (_keep_value(t, c), c))


def _follow(t: Table, cards: Sequence[int]) -> int:
    best = t.best()
    assert best is not None and t.led is not None
    best_seat, best_card = best
    later_opps = _opponents(t, t.later)
    winners = [c for c in cards if t.beats(c, best_card)]
    # Among winners, the cheapest: the lowest of the led suit, else the lowest trump.
    winners.sort(key=lambda c: (c // 13 != t.led, rank(c)))
    safe = [c for c in winners if t.safe(c, later_opps, t.led)]
    if t.friends(best_seat, t.owner):
        if t.safe(best_card, later_opps, t.led):
            return _cheapest(t, cards)
        return safe[0] if safe else _cheapest(t, cards)
    if safe:
        return safe[0]
    return _cheapest(t, cards)


def _lead(t: Table, cards: Sequence[int]) -> int:
    if t.owner == t.declarer:
        return _declarer_lead(t, cards)
    return _defender_lead(t, cards)


def _declarer_lead(t: Table, cards: Sequence[int]) -> int:
    opps = _opponents(t, t.seats)
    trump = t.trump
    if trump is not None:
        mine = [c for c in cards if c // 13 == trump]
        out = 0
        for s in opps:
            out |= t.possible[s]
        out &= SUIT_MASKS[trump]
        if mine and out:
            top = _highest(mine)
            if not out & above(top):
                return top
            if len(mine) >= out.bit_count():
                return _sequence_bottom(t, top)
    side = [c for c in cards if c // 13 != trump]
    masters = [c for c in side if _master(t, c)]
    if masters:
        return _highest(masters)
    # Knock out the one card above a sequence (Q from QJ with the ace gone and the king out).
    for c in sorted(side, key=rank, reverse=True):
        over = t.unseen_above(c, opps)
        if over.bit_count() == 1 and (t.hand >> (c - 1)) & 1 and rank(c) >= 9:
            return c
    if side:
        suit = max(
            {c // 13 for c in side},
            key=lambda s: ((t.hand & SUIT_MASKS[s]).bit_count(), s),
        )
        return _lowest([c for c in side if c // 13 == suit])
    return _highest(cards)


def _sequence_bottom(t: Table, top: int) -> int:
    """The lowest card touching ``top`` through cards held or played (as good as it)."""
    card = bottom = top
    while card % 13 > 5:
        card -= 1
        if (t.hand >> card) & 1:
            bottom = card
        elif not (t.played >> card) & 1:
            break
    return bottom


def _defender_lead(t: Table, cards: Sequence[int]) -> int:
    trump = t.trump
    declarer = t.declarer
    assert declarer is not None
    side = [c for c in cards if c // 13 != trump]
    safe_masters = [
        c
        for c in side
        if _master(t, c)
        and not (
            trump is not None
            and t.possible[declarer] & SUIT_MASKS[trump]
            and t.may_be_void(declarer, c // 13)
        )
    ]
    if safe_masters:
        return _highest(safe_masters)
    partners = [s for s in t.seats if s != t.owner and s != declarer]
    theirs = 0
    for p in partners:
        theirs |= t.leads.get(p, 0)
    returned = [c for c in side if (theirs >> (c // 13)) & 1]
    if returned:
        return _lowest(returned)
    if not side:
        mine = list(cards)
        top = _highest(mine)
        return top if _master(t, top) else _lowest(mine)

    def score(suit: int) -> tuple[int, int, int]:
        held = [c for c in side if c // 13 == suit]
        top = _highest(held)
        # A bare honour (a king or queen with the cards above it out) is led from last.
        bare = int(rank(top) >= 10 and bool(t.unseen_above(top, [declarer])))
        return (-bare, len(held), suit)

    suit = max({c // 13 for c in side}, key=score)
    return _lowest([c for c in side if c // 13 == suit])


# ------------------------------------------------------------------ ducking


def _others(t: Table) -> list[int]:
    return [s for s in t.seats if s != t.owner]


def _forced_over(t: Table, seat: int, card: int) -> float:
    """How likely ``seat`` must play over ``card`` in its suit: it holds cards of the suit
    and none below ``card`` (exact where the hand is known)."""
    held = t.possible[seat] & SUIT_MASKS[card // 13]
    if not held:
        return 0.0
    if seat in t.known:
        return 1.0 if not held & below(card) else 0.0
    low, high = (held & below(card)).bit_count(), (held & above(card)).bit_count()
    if not high:
        return 0.0
    return high / (high + 2.0 * low)


def _lead_risk(t: Table, card: int) -> float:
    """The chance a led ``card`` takes the trick: nobody is forced over it."""
    risk = 1.0
    for s in _others(t):
        risk *= 1.0 - _forced_over(t, s, card)
    return risk


def _danger(t: Table, card: int) -> tuple[int, int]:
    """How dangerous a card is to keep when ducking: the others may lead under it."""
    suit_cards = SUIT_MASKS[card // 13]
    others = 0
    for s in _others(t):
        others |= t.possible[s]
    under = (others & suit_cards & below(card)).bit_count()
    mine_under = (t.hand & suit_cards & below(card)).bit_count()
    return (int(under > mine_under), rank(card))


def _duck(t: Table, cards: Sequence[int]) -> int:
    follow = [c for c in cards if t.led is not None and c // 13 == t.led]
    if not t.on_table and not t.talon_lead:
        return min(cards, key=lambda c: (round(_lead_risk(t, c), 3), -rank(c)))
    if not follow:
        return max(cards, key=lambda c: (_danger(t, c), -c))
    best = t.best()
    if best is None:  # first to a talon card: as good as a lead
        return min(follow, key=lambda c: (round(_lead_risk(t, c), 3), -rank(c)))
    under = [c for c in follow if c < best[1]]
    if under:
        return _highest(under)
    if not t.unseen_above(_lowest(follow), t.later):
        return _highest(follow)
    return _lowest(follow)


# ------------------------------------------------------------------ catching a misère


def _catch(t: Table, cards: Sequence[int]) -> int:
    declarer = t.declarer
    assert declarer is not None
    theirs = t.possible[declarer]
    if not t.on_table:
        return _catch_lead(t, cards, theirs)
    follow = [c for c in cards if t.led is not None and c // 13 == t.led]
    if not follow:
        # Throw the highest card, first from suits the declarer cannot be caught in.
        return max(cards, key=lambda c: (not theirs & SUIT_MASKS[c // 13], rank(c)))
    best = t.best()
    assert best is not None
    if any(s == declarer for s, _ in t.on_table):
        if best[0] == declarer:
            under = [c for c in follow if c < best[1]]
            return _highest(under) if under else _highest(follow)
        return _highest(follow)
    return _lowest(follow)


def _catch_lead(t: Table, cards: Sequence[int], theirs: int) -> int:
    def score(card: int) -> tuple[int, int, int]:
        suit_cards = theirs & SUIT_MASKS[card // 13]
        if not suit_cards:
            return (-1, 0, -rank(card))
        low = (suit_cards & below(card)).bit_count()
        return (int(low == 0), -low, -rank(card))

    lows = [_lowest([c for c in cards if c // 13 == s]) for s in {c // 13 for c in cards}]
    return max(lows, key=score)
