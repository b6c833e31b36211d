"""Reading how the other players bet, over a match (issue 23; Truco and Le Truc).

Why. The search weighs its sampled worlds by how likely the others' bets are
there, and plays the worlds out, with a model of how each player bets. Taking
every player for the ``rules`` bot is what a player who bets otherwise beats:
one who gives up nearly every raise (``two-top-accept``) is met as if he called
like ``rules``, and one who raises everything has his raises read as strength.
So the model of each other player is the ``rules`` bot with its betting moved
towards what that player was *seen* to do:

* per seat, three frequencies are counted from the actions the bot saw
  (its memory, never the state): how often he **raises** when he could
  (a raise per chance: each card he plays, and each raise, while his side is
  not the last to have raised and no answer is due), how often he **calls**
  (accepts or raises back) a raise he must answer, and how often he **raises
  back**;
* each is shrunk towards the ``rules`` bot's own frequency (measured in
  ``rules`` self-play, the game's ``Prior``) by a Beta prior worth
  ``PRIOR_WEIGHT`` observations, so a few deals move the model a little and a
  long match moves it far;
* the game's reading (``bots/truco/reading.py``, ``bots/truc/reading.py``)
  turns the three rates into ``rules`` parameters: the answer thresholds are
  moved by the distance, in the ``rules`` bot's own chance-of-the-deal
  quantiles at its answers, between the player's call rate and ``rules``'s (a
  player who calls 20% of raises is modelled as calling with the best 20% of
  the hands ``rules`` answers with), and a player who raises more than
  ``rules`` gets the excess as raises with any hand (a raise of his then says
  little about his cards), one who raises less has his raises thinned.

With no observation the model is the ``rules`` bot exactly (every shift 0).

Where the counts come from: the finished deals of the current match in the
seat's memory, plus the matches the bot was told were over
(``Learner.match_over``: the arena and the ladder play one-deal matches, so a
bot meeting the same opponent deal after deal learns across them), kept by each
player's place from the bot's seat (the arena seats a level at the other parity
in the mirrored deal). Sides are seat parity, as in both games.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from tricktaker.bots.base import Bot
from tricktaker.core.actions import split_action
from tricktaker.core.errors import TricktakerError
from tricktaker.core.events import Event
from tricktaker.core.protocol import View

#: Verbs that raise the stake (Truco's ``raise``, Le Truc's ``double`` and ``rest``).
RAISES = frozenset({"raise", "double", "rest"})
#: Observations the prior is worth, per frequency.
PRIOR_WEIGHT = 8.0


@runtime_checkable
class Learner(Protocol):
    """A bot that keeps what it saw beyond one match (optional): told when its seat's
    match is over (or, in the arena and the ladder, stops), with everything that seat
    saw. The arena calls it once per bot object and deal, with the first seat it held."""

    def match_over(self, view: View, memory: Sequence[Event]) -> None: ...


@runtime_checkable
class ReadsOthers(Protocol):
    """A policy that takes the reader's view of the other side (optional): told, before
    each decision of the search that advises with it, each other player's frequencies
    as read (posterior means) and the ``rules`` bot's own (``SearchBot._set_tactics``)."""

    def read(self, rates: Mapping[int, Rates], prior: Rates) -> None: ...


@dataclass(slots=True)
class Tally:
    """Successes out of tries of one frequency."""

    hits: int = 0
    tries: int = 0

    def add(self, hit: bool) -> None:
        self.tries += 1
        self.hits += hit

    def rate(self, prior: float, weight: float = PRIOR_WEIGHT) -> float:
        """The Beta posterior mean with ``prior`` worth ``weight`` observations."""
        return (self.hits + prior * weight) / (self.tries + weight)


#: The least expected count of the rarer outcome before a frequency, a player's or
#: a side's pooled, is judged (``Reader.departing``, ``Reader.side_departs``): below
#: it the normal approximation of the binomial is poor, and one raise-back in a
#: side's first three answers (``rules`` raises back about one in 25) would read as
#: 2.5 standard errors off.
LEAST_EXPECTED = 5.0


def _off(seen: Tally, p: float, z: float) -> bool:
    """Whether the counts are more than ``z`` binomial standard errors off rate ``p``,
    judged only once they are enough for that (``LEAST_EXPECTED``)."""
    if seen.tries * min(p, 1.0 - p) < LEAST_EXPECTED:
        return False
    return abs(seen.hits / seen.tries - p) > z * math.sqrt(max(p * (1.0 - p), 1e-6) / seen.tries)


@dataclass(slots=True)
class SeatTally:
    """One player's betting: raises per chance, calls and raises back per answer."""

    raises: Tally = field(default_factory=Tally)
    calls: Tally = field(default_factory=Tally)
    backs: Tally = field(default_factory=Tally)

    def merged(self, other: SeatTally) -> SeatTally:
        out = SeatTally()
        for name in ("raises", "calls", "backs"):
            a, b, c = getattr(self, name), getattr(other, name), getattr(out, name)
            c.hits, c.tries = a.hits + b.hits, a.tries + b.tries
        return out


@dataclass(frozen=True, slots=True)
class Rates:
    """A player's frequencies (posterior means): raise per chance, call and raise back
    per answer."""

    raises: float
    calls: float
    backs: float


@dataclass(frozen=True, slots=True)
class Prior:
    """The ``rules`` bot's own frequencies (counted as :func:`tally_actions` counts them,
    in its self-play) and the quantiles of its chance of the deal at its answers, 0% to
    100% in equal steps."""

    rates: Rates
    answer_quantiles: tuple[float, ...]

    def quantile(self, q: float) -> float:
        """The chance below which a share ``q`` of the ``rules`` bot's answers fall."""
        qs = self.answer_quantiles
        x = min(max(q, 0.0), 1.0) * (len(qs) - 1)
        i = min(int(x), len(qs) - 2)
        return qs[i] + (qs[i + 1] - qs[i]) * (x - i)

    def shift(self, rate: float, base: float) -> float:
        """How far up to move a threshold on the chance of the deal so that a player who
        acts from the top of the hands calls at ``rate`` instead of ``base``."""
        return self.quantile(1.0 - rate) - self.quantile(1.0 - base)

    def posterior(self, tally: SeatTally) -> Rates:
        r = self.rates
        return Rates(
            tally.raises.rate(r.raises), tally.calls.rate(r.calls), tally.backs.rate(r.backs)
        )


def tally_actions(actions: Iterable[str], into: dict[int, SeatTally]) -> None:
    """Count one deal's actions (notation, in order) into each seat's tally.

    A raise while the other side's raise waits for an answer is a raise back (and a
    call); ``accept``/``refuse`` answer the pending raise (not a call for cards:
    Le Truc's ``redeal``); a card played or a raise made with no answer due and by a
    side that did not make the last raise is a chance to raise. A deal with a hand of
    eleven (Truco's bare ``play`` or ``run``) has no raises, so no chances."""
    pending: int | None = None  # the side whose raise waits for an answer
    redeal = False
    last: int | None = None  # the side that raised last
    chances: list[tuple[int, bool]] = []
    eleven = False
    for text in actions:
        try:
            seat, verb, args, _ = split_action(text)
        except TricktakerError:
            continue
        side = seat & 1
        if verb in RAISES:
            if pending is not None and pending != side:
                tally = into.setdefault(seat, SeatTally())
                tally.calls.add(True)
                tally.backs.add(True)
            elif pending is None and last != side:
                chances.append((seat, True))
            pending = last = side
            redeal = False
        elif verb == "redeal":
            redeal = True
        elif verb in ("accept", "refuse"):
            if redeal:
                redeal = False
            elif pending is not None and pending != side:
                tally = into.setdefault(seat, SeatTally())
                tally.calls.add(verb == "accept")
                tally.backs.add(False)
                pending = None
        elif verb == "run" or (verb == "play" and not args):
            eleven = True
        elif verb == "play" and pending is None and last != side:
            chances.append((seat, False))
    if not eleven:
        for seat, hit in chances:
            into.setdefault(seat, SeatTally()).raises.add(hit)


def tally_memory(memory: Sequence[Event], into: dict[int, SeatTally], *, finished: bool) -> None:
    """Count the deals in a seat's memory: all of them, or (``finished``) only those
    whose ``deal_end`` it saw (a deal in progress is still the search's own business)."""
    deal: list[str] = []
    started = False
    for e in memory:
        if e.kind == "deal":
            if started and not finished:
                tally_actions(deal, into)
            deal, started = [], True
        elif e.kind == "action" and e.action is not None:
            deal.append(e.action)
        elif e.kind == "deal_end":
            tally_actions(deal, into)
            deal, started = [], False
    if started and not finished:
        tally_actions(deal, into)


def _departs(tally: SeatTally, base: Rates, z: float) -> bool:
    """Whether one of a player's (or a side's pooled) frequencies is clearly off the
    ``rules`` bot's own (``_off``)."""
    return any(
        _off(getattr(tally, name), getattr(base, name), z) for name in ("raises", "calls", "backs")
    )


class Reader:
    """The opponents' betting models of one bot: what it learnt over past matches,
    plus the finished deals of the match in progress; ``adapt`` turns a player's
    rates into the policy that plays him (None: the plain rollout policy)."""

    def __init__(self, prior: Callable[[int], Prior], adapt: Callable[[Rates, int], Bot | None]):
        self._prior = prior
        self._adapt = adapt
        #: What past matches showed of the other side, by place from the bot's seat
        #: (``match_over``): 1 the next seat after it, 3 the one after its partner.
        self.history: dict[int, SeatTally] = {}

    def match_over(self, memory: Sequence[Event], seat: int, players: int) -> None:
        """Keep the counts of a match that is over, of the other side of ``seat`` only,
        each player's under his place from that seat (``(his seat - seat) % players``).

        Why not the own side's: they are never read (``others``). Why by place: where
        one bot object plays both sides of a duplicate set (the arena, the benches), the
        level it meets sits at the odd places from it in both deals of a set, at other
        seats each time; kept by seat, its bets of one deal were read under the bot's
        own side in the next, and the bot's own bets as the other side's. On the server
        a bot keeps its seat for its match, so a place is a seat."""
        now: dict[int, SeatTally] = {}
        tally_memory(memory, now, finished=False)
        empty = SeatTally()
        for other, tally in now.items():
            if (other & 1) != (seat & 1) and other < players:
                place = (other - seat) % players
                self.history[place] = self.history.get(place, empty).merged(tally)

    def tallies(self, seat: int, players: int, memory: Sequence[Event]) -> dict[int, SeatTally]:
        """Each seat's counts: the current match's from the memory, plus those kept from
        past matches under his place from ``seat``."""
        now: dict[int, SeatTally] = {}
        tally_memory(memory, now, finished=True)
        past = {(seat + place) % players: tally for place, tally in self.history.items()}
        seats = set(now) | set(past)
        empty = SeatTally()
        return {s: past.get(s, empty).merged(now.get(s, empty)) for s in seats}

    def others(
        self, seat: int, players: int, memory: Sequence[Event]
    ) -> list[tuple[int, SeatTally]]:
        """Each seat of the other side that was seen to bet, with its counts."""
        return [
            (other, tally)
            for other, tally in self.tallies(seat, players, memory).items()
            if (other & 1) != (seat & 1) and other < players
        ]

    def departing(
        self, seat: int, players: int, memory: Sequence[Event], z: float
    ) -> frozenset[int]:
        """The other side's players seen to bet clearly otherwise than the ``rules`` bot:
        one of their frequencies more than ``z`` binomial standard errors off its own,
        judged once its counts are enough for that (``LEAST_EXPECTED``).

        Why: the shrunk rates move the model a little for any player, the ``rules`` bot
        too (chance alone); this asks whether the counts show a real difference (used by
        ``bench/search_parts.py`` to widen the margin on bets against ``rules``-like
        players only, docs/strength.md "The margin on bets")."""
        base = self._prior(players).rates
        return frozenset(
            other for other, tally in self.others(seat, players, memory) if _departs(tally, base, z)
        )

    def side_departs(self, seat: int, players: int, memory: Sequence[Event], z: float) -> bool:
        """Whether the other side, its players' counts pooled, bets clearly otherwise
        than the ``rules`` bot: one frequency more than ``z`` binomial standard errors off,
        judged once its counts are enough for that (``LEAST_EXPECTED``, as in ``departing``).

        Why pooled: with six players each of three opponents answers few raises, and a
        side that refuses four raises in five took about 100 deals to show it player by
        player at three standard errors, some 25 sets pooled (``Tactics.until``)."""
        pooled = SeatTally()
        for _, tally in self.others(seat, players, memory):
            pooled = pooled.merged(tally)
        return _departs(pooled, self._prior(players).rates, z)

    def rates(
        self, seat: int, players: int, memory: Sequence[Event], z: float | None = None
    ) -> tuple[dict[int, Rates], Rates]:
        """Each other side's seat seen to bet, with his frequencies as read (posterior
        means), and the ``rules`` bot's own; with ``z``, only the players whose raise
        rate is more than ``z`` binomial standard errors off ``rules``' (judged as
        ``departing`` judges, on the raises alone)."""
        prior = self._prior(players)
        return {
            other: prior.posterior(tally)
            for other, tally in self.others(seat, players, memory)
            if z is None or _off(tally.raises, prior.rates.raises, z)
        }, prior.rates

    def policies(self, seat: int, players: int, memory: Sequence[Event]) -> Mapping[int, Bot]:
        """The model of each other side's seat that the counts move off the ``rules`` bot."""
        prior = self._prior(players)
        out: dict[int, Bot] = {}
        for other, tally in self.others(seat, players, memory):
            bot = self._adapt(prior.posterior(tally), players)
            if bot is not None:
                out[other] = bot
        return out
