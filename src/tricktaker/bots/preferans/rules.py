"""The ``rules`` level for Preferans: the counts and habits of a decent Russian player.

* **Bidding.** The bot counts its tricks in each strain (:mod:`.hand`: sure
  tricks by rank, half tricks for guarded honours, ruffs, stoppers in no
  trumps), adds what the talon and the discard are worth on average, and bids
  up, one step at a time, to the highest contract it counts; it says misère,
  as its first bid, with a hand of at most one loser (the discard takes care
  of one). After all-passes the legal bids already start at the exit level.
  In the pot game a number is bid up to the highest suit it counts six tricks
  in with the talon, ``game`` and ``hearts`` with six tricks without it, and
  ``hold`` keeps a number (or a game) the bot can still play.
* **The discard.** It tries all 66 pairs of its twelve cards and keeps the ten
  that count most tricks in a contract it may still name, over what that
  contract needs (so trumps and aces stay, short side suits go); for misère,
  the ten with the fewest losers, the highest cards first.
* **The contract.** Among the legal contracts, the one whose count beats its
  level by most (up to a trick: past that, the higher contract).
* **Whisting.** By the duty table (6→4, 7→2, 8-10→1 for the two defenders)
  with the partner's share: at 6 it whists with two defensive tricks, at 7
  with a little more than one, at 8 and above with most of one; a lone
  whister needs nearly the whole duty. Half-whist costs the half-whister
  nothing, so it says half where it would not whist alone. A lone whister
  plays open (seeing and steering both hands) when he is weak or the
  contract is high, closed otherwise. In the pot game it whists with two
  tricks and invites the passer with three (the inviter answers for four).
* **The play** (:mod:`.play`).

The bot uses no chance at all, so it is deterministic given any rng, and it
decides in about a tenth of a millisecond on average (the slowest, a discard,
in a few milliseconds).

The numbers (:class:`Params`) were set by duplicate self-play, a variant in
one seat against the defaults in the other two (the talon's worth 0.75 beat
0.5, 1.0 and 1.5). Against ``random`` (duplicate sets: one deal played three
times, ``rules`` in each seat in turn; points are the settlement's whists,
stakes in the pot game, ``rules``' gain minus the mean of the ``random``
seats', 95% intervals over the sets)::

    tricktaker arena preferans --bots rules,random --deals 2000 --seed 1

gives +564.0 whists per deal (95% interval +557.0 .. +571.0), better than a
random seat 90.3% of the time (87.8% .. 92.3%); with ``--option rules=pot``
+12.9 stakes (+12.4 .. +13.5) and 74.4% (71.0% .. 77.6%). ``random,random``
gives -15.0 (-41.5 .. +11.6) and +0.9 (-0.1 .. +2.0): no difference.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tricktaker.bots.base import RulesLevel
from tricktaker.bots.preferans.hand import declarer_tricks, defence_tricks, losers
from tricktaker.bots.preferans.model import read, trump_of
from tricktaker.bots.preferans.play import choose_card
from tricktaker.core.actions import Action
from tricktaker.core.errors import TricktakerError
from tricktaker.core.events import Event
from tricktaker.games.preferans.actions import (
    BID,
    CLOSED,
    DECLARE,
    DISCARD,
    HALF,
    HOLD,
    INVITE,
    OPEN,
    PASS,
    POT_BID,
    WHIST,
    PrefAction,
)
from tricktaker.games.preferans.deck import (
    CONTRACTS,
    DECK_MASK,
    LADDER_INDEX,
    MISERE,
    MISERE_INDEX,
    POT_BIDS,
    STRAINS,
    contract_level,
    contract_strain,
)
from tricktaker.games.preferans.views import PreferansView

NINE = LADDER_INDEX["9s"]
GAME_BID = POT_BIDS.index("game")
HEARTS_BID = POT_BIDS.index("hearts")


@dataclass(frozen=True, slots=True)
class Params:
    """The bot's numbers (in tricks)."""

    #: What the talon and the discard add to a ten-card count, on average.
    talon: float = 0.75
    #: Misère is bid with at most this many losers.
    misere_losers: int = 1
    #: Defensive tricks to whist with, by contract level: first defender, second after a
    #: whist, and a lone whister.
    first: tuple[float, ...] = (2.0, 1.2, 0.8, 0.7, 0.6)
    second: tuple[float, ...] = (1.6, 1.0, 0.6, 0.5, 0.4)
    alone: tuple[float, ...] = (3.5, 1.8, 1.0, 0.8, 0.6)
    #: The first defender asked again after the second's half-whist, to whist alone.
    again: tuple[float, ...] = (3.5, 1.8, 1.0, 0.8, 0.6)
    #: A declarer names a contract above his bid when he counts this many tricks over it.
    margin: float = 1.0
    #: The pot game: tricks to whist with, and to invite the passer.
    pot_whist: float = 2.0
    pot_invite: float = 3.0


DEFAULT = Params()


def _mask(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _top_bid(view: PreferansView) -> int:
    """The ladder index of the highest bid so far (-1 if none)."""
    top = -1
    for _, word in view.bids:
        top = max(top, LADDER_INDEX.get(word, -1))
    return top


def _defenders(view: PreferansView) -> tuple[int, int]:
    d = view.declarer
    assert d is not None
    i = view.active.index(d)
    return view.active[(i + 1) % 3], view.active[(i + 2) % 3]


class RulesBot(RulesLevel[PreferansView, Params]):
    """A Russian player's counts and habits; sees only its view, its memory and the legal
    actions."""

    game = "Preferans"
    view_type = PreferansView

    DEFAULTS = DEFAULT

    def choose(
        self,
        view: PreferansView,
        memory: Sequence[Event],
        legal: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        acts = [a for a in legal if isinstance(a, PrefAction)]
        if len(acts) != len(legal):
            raise TricktakerError("the Preferans rules bot was handed another game's actions")
        phase = view.phase
        if phase == "play":
            return choose_card(read(view, memory, acts[0].hand_seat), acts)
        if phase == "bidding":
            return self._pot_bid(view, acts) if view.pot else self._bid(view, acts)
        if phase == "discard":
            return self._discard(view, acts)
        if phase == "declare":
            return self._declare(view, acts)
        if phase in ("whist", "whist_again"):
            return self._whist(view, acts)
        if phase == "open_or_closed":
            return self._open_or_closed(view, acts)
        if phase == "invite":
            est = self._defence(view)
            return _pick(acts, INVITE if est >= self.params.pot_invite else PASS)
        return acts[0]

    # ------------------------------------------------------------ bidding

    def _bid(self, view: PreferansView, acts: Sequence[PrefAction]) -> PrefAction:
        hand = _mask(view.hand)
        target = -1
        for s, strain in enumerate(STRAINS):
            level = min(10, int(declarer_tricks(hand, s) + self.params.talon))
            if level >= 6:
                target = max(target, LADDER_INDEX[f"{level}{strain}"])
        misere = [a for a in acts if a.kind == BID and a.code == MISERE_INDEX]
        if misere and target < NINE and losers(hand) <= self.params.misere_losers:
            return misere[0]
        bids = [a for a in acts if a.kind == BID and a.code != MISERE_INDEX and a.code <= target]
        if bids:
            return min(bids, key=lambda a: a.code)
        return _pick(acts, PASS)

    def _pot_bid(self, view: PreferansView, acts: Sequence[PrefAction]) -> PrefAction:
        hand = _mask(view.hand)
        bare = [declarer_tricks(hand, s) for s in range(4)]
        with_talon = [t + self.params.talon for t in bare]
        numbers = max((s + 1 for s in range(4) if with_talon[s] >= 6.0), default=0)
        games = [s for s in range(3) if bare[s] >= 6.0]
        bids = {a.code: a for a in acts if a.kind == POT_BID}
        if HEARTS_BID in bids and bare[3] >= 6.0:
            return bids[HEARTS_BID]
        words = [w for _, w in view.bids]
        game_level = words.count("game")
        if game_level:  # the games compete up the suits; numbers are over
            if any(s >= game_level - 1 for s in games) and _has(acts, HOLD):
                return _pick(acts, HOLD)
            if GAME_BID in bids and any(s >= game_level for s in games):
                return bids[GAME_BID]
            return _pick(acts, PASS)
        if GAME_BID in bids and games and numbers <= max(games) + 1:
            return bids[GAME_BID]
        top = max((int(w) for w in words if w.isdigit()), default=0)
        if _has(acts, HOLD) and numbers >= top:
            return _pick(acts, HOLD)
        raise_to = [a for a in bids.values() if a.code < GAME_BID and a.code + 1 <= numbers]
        if raise_to:
            return min(raise_to, key=lambda a: a.code)
        if GAME_BID in bids and games:
            return bids[GAME_BID]
        return _pick(acts, PASS)

    # ------------------------------------------------------------ the talon and contract

    def _allowed(self, view: PreferansView) -> list[tuple[int, int]]:
        """(strain, level) the declarer may still name, each at its lowest level."""
        if view.pot:
            top = max((int(w) for _, w in view.bids if w.isdigit()), default=1)
            return [(s, 6) for s in range(top - 1, 4)]
        bid = _top_bid(view)
        out = []
        for s, strain in enumerate(STRAINS):
            for level in range(6, 11):
                if LADDER_INDEX[f"{level}{strain}"] >= bid:
                    out.append((s, level))
                    break
        return out

    def _discard(self, view: PreferansView, acts: Sequence[PrefAction]) -> PrefAction:
        hand = _mask(view.hand)
        others = DECK_MASK & ~hand
        pairs = [a for a in acts if a.kind == DISCARD]
        if view.contract == MISERE:
            return min(
                pairs,
                key=lambda a: (
                    losers(hand & ~(1 << a.card) & ~(1 << a.card2), others),
                    -(a.card % 13 + a.card2 % 13),
                    a.number,
                ),
            )
        allowed = self._allowed(view)

        def score(a: PrefAction) -> tuple[float, int, int]:
            kept = hand & ~(1 << a.card) & ~(1 << a.card2)
            best = max(declarer_tricks(kept, s, others) - level for s, level in allowed)
            return (best, -(a.card % 13 + a.card2 % 13), -a.number)

        return max(pairs, key=score)

    def _declare(self, view: PreferansView, acts: Sequence[PrefAction]) -> PrefAction:
        hand = _mask(view.hand)
        others = DECK_MASK & ~hand & ~_mask(view.discard)
        margin = self.params.margin

        def score(a: PrefAction) -> tuple[float, int]:
            contract = CONTRACTS[a.code]
            strain = contract_strain(contract)
            assert strain is not None
            level = contract_level(contract)
            over = declarer_tricks(hand, strain, others) - level
            return (min(over, margin) + 0.01 * level, -a.code)

        return max((a for a in acts if a.kind == DECLARE), key=score)

    # ------------------------------------------------------------ whisting

    def _defence(self, view: PreferansView) -> float:
        return defence_tricks(_mask(view.hand), trump_of(view.contract))

    def _whist(self, view: PreferansView, acts: Sequence[PrefAction]) -> PrefAction:
        p = self.params
        est = self._defence(view)
        first, _ = _defenders(view)
        me = view.seat
        if view.pot:
            need = p.pot_whist - (0.2 if me != first and view.answers[first] == "whist" else 0)
            return _pick(acts, WHIST if est >= need else PASS)
        assert view.contract is not None
        i = contract_level(view.contract) - 6
        if view.phase == "whist_again":
            return _pick(acts, WHIST if est >= p.again[i] else PASS)
        if me == first:
            return _pick(acts, WHIST if est >= p.first[i] else PASS)
        if view.answers[first] == "whist":
            return _pick(acts, WHIST if est >= p.second[i] else PASS)
        if est >= p.alone[i]:
            return _pick(acts, WHIST)
        return _pick(acts, HALF if _has(acts, HALF) else PASS)

    def _open_or_closed(self, view: PreferansView, acts: Sequence[PrefAction]) -> PrefAction:
        assert view.contract is not None
        level = contract_level(view.contract)
        strong = self._defence(view) >= self.params.alone[level - 6] + 1.0
        return _pick(acts, CLOSED if strong and level < 8 else OPEN)


def _has(acts: Sequence[PrefAction], kind: int) -> bool:
    return any(a.kind == kind for a in acts)


def _pick(acts: Sequence[PrefAction], kind: int) -> PrefAction:
    """The legal action of ``kind``; else pass; else the first legal action."""
    for k in (kind, PASS):
        for a in acts:
            if a.kind == k:
                return a
    return acts[0]
