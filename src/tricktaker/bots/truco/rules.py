"""The ``rules`` level for Truco: seed 003's advice (section 9) written down as heuristics.

* Know the manilhas of this vira: every card is read through the deal's
  strength table (``TrucoView.strength``), so a manilha is never played as
  the ordinary card it looks like.
* Keep the zap for the deciding trick: on the first trick the bot leads the
  cheapest card likely to hold and keeps a card nothing unseen can beat; a
  card that surely wins is spent where the trick decides the hand.
* Take the first trick seriously (it breaks ties): following, it beats the
  table with the cheapest card that beats it and is likely to hold against
  the opponents still to play, ties where a tie is worth more than a loss,
  and throws its lowest card otherwise.
* Raise ("truco") with strong hands, sometimes waiting a trick so as not to
  scare the other team off; bluff a raise with weak cards now and then.
* Answer a raise by the chance of the hand against what refusing costs
  (only the value before the raise): accept, refuse cheaply, or raise again
  with very strong cards. Points beyond what a team needs for the game count
  for nothing, so near the end of a game the sums change.
* The hidden ``rules-balanced`` level (``Params.balanced``) bets at frequencies
  from the stakes instead (``bots/truco/balance.py``): for a raise from ``s`` to
  ``r`` it bluffs just often enough that its raises are bluffs the balanced share
  of the time (``(r - s) / (2r)`` for sure value against nothing, less where its
  value raises are weaker), at every step of the ladder, and it goes on with at
  least the best ``s / (s + r)`` of the hands facing a raise (mixed on the line).
  Measured against ``rules`` it is even with two players and weaker with four
  (docs/strength.md, "Balanced betting"), so it is not the default.
* Play for the partner: throw low (face down where allowed, to hide it) when
  a partner's card already holds the trick against the opponents still to
  play; in a hand of eleven count the partners' cards, seen, both in the
  decision to play or run and in the play.
* Hand of eleven: play only with good cards (the whole team's, when seen),
  weighed by the chance of the match (``bots/equity.py``): at 11:10 a run
  leads to an even iron hand; iron hand: any blind card, never a fold (a fold
  there loses the game).
* Argentino and Gaúcho: always sing a flor; sing envido by the chance that its
  count beats the other side's (the exact odds of a random hand's count, the
  caller's count taken as strong when answering), raise it to real or falta
  envido with a top count, and answer a contest of flores by the flor's count.

The chance of the hand comes from :func:`tricktaker.bots.truco.model.estimate`,
a few dozen played-out deals (its compiled copy,
:func:`tricktaker.solvers.truco.chance.estimate_fast`), computed only where a raise, an answer or a
hand of eleven is to be decided. All chance comes from the ``rng`` handed to :meth:`RulesBot.act`,
so the bot is deterministic given that rng's seed.

Against ``random`` (``tricktaker arena truco --bots rules,random --deals 20000
--seed 1 --option players=N [--option variant=mineiro]``, 10,000 duplicate
sets each, 95% intervals), points per deal and share of deals done better:

* paulista: 2 players +1.70 (1.67..1.74), 78%; 4 players +2.01 (1.97..2.04),
  82%; 6 players +2.05 (2.02..2.09), 83%;
* mineiro: 2 players +2.18 (2.14..2.22), 81%; 4 players +2.55 (2.51..2.59), 86%;
  6 players +2.64 (2.60..2.68), 87%

(each share within 0.8 percentage points either way).

Argentino (``--option variant=argentino --deals 2000 --seed 1``, 1,000 duplicate
sets, 95% intervals), points per deal and share of deals done better: 2 players
+1.38 (1.25..1.51), 73%; with ``flor=on`` +1.26 (1.14..1.38), 70%; 4 players with
flor +1.26 (1.15..1.37), 69%; 6 players with flor +1.18 (1.05..1.30), 67%.
Gaúcho, 4 players: +1.32 (1.22..1.43), 72%.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from itertools import combinations
from types import MappingProxyType
from typing import ClassVar

import tricktaker.games.truco.scoring as env
from tricktaker.bots.base import RulesLevel
from tricktaker.bots.equity import view_equity
from tricktaker.bots.opponents import Rates
from tricktaker.bots.truco import balance
from tricktaker.bots.truco.model import Table, bests, counts_above, hold_chance
from tricktaker.cards import parse_card
from tricktaker.core.actions import Action
from tricktaker.core.errors import TricktakerError
from tricktaker.core.events import Event
from tricktaker.games.truco.cards import DECK, DOWN
from tricktaker.games.truco.outcomes import ELEVEN, OUTCOME, TIE
from tricktaker.games.truco.views import TrucoView


@dataclass(frozen=True, slots=True)
class Params:
    """The bot's tunable numbers (probabilities are per opportunity)."""

    #: Played-out deals per estimate with 2, 4 and 6 players.
    samples2: int = 40
    samples4: int = 28
    samples6: int = 20
    #: Trick one: lead the cheapest card at least this likely to hold, keeping a sure one.
    lead_hold: float = 0.5
    #: Following with opponents still to play: a winner must hold at least this likely.
    follow_hold: float = 0.5
    #: Throw low when the partner's card holds the trick at least this likely.
    partner_holds: float = 0.7
    #: Throw away face down where allowed (it hides the card).
    hide: bool = True
    #: Raise from these chances of the hand on (plus ``level_step`` per raise already made).
    sure: float = 0.97
    strong: float = 0.75
    good: float = 0.62
    level_step: float = 0.04
    #: How often to raise with a sure / strong / good hand, on trick one and later.
    sure_early: float = 0.5
    strong_early: float = 0.5
    strong_late: float = 0.85
    good_early: float = 0.15
    good_late: float = 0.35
    #: A bluff: raise with a chance of the hand below ``bluff_below``, this often.
    bluff_below: float = 0.3
    bluff: float = 0.06
    #: Taken off the chance when the other team raised (they are likely strong).
    raised_margin: float = 0.08
    #: Reading the raiser (``ReadingBot``, the search's own side): this much more margin
    #: for the share by which his raises are rarer than ``rules``' (a player raising
    #: half as often is taken to raise from the top half of its hands). 0: not read.
    tight_margin: float = 0.0
    #: Raise back from this (discounted) chance on.
    reraise_at: float = 0.8
    #: Near the line between accepting and refusing, accept this often (not to be read).
    call_mixed: float = 0.25
    call_band: float = 0.05
    #: Play a hand of eleven only this far above the break-even chance.
    eleven_margin: float = 0.05
    #: Argentino: sing envido when it wins at least this likely against the other side.
    envido_call: float = 0.6
    #: ... real envido / falta envido from these chances on.
    envido_real: float = 0.8
    envido_falta: float = 0.93
    #: Answering, the caller's count is taken to be at least this (he sang for a reason).
    caller_floor: int = 24
    #: A bluffed envido with a poor count, this often.
    envido_bluff: float = 0.05
    #: Contest of flores: contraflor / contraflor al resto from these flor counts on.
    contraflor_at: int = 33
    resto_at: int = 36
    #: ... accept ("con flor quiero") from this count on, else "con flor me achico".
    flor_accept_at: int = 28
    #: Bet at balanced frequencies (``bots/truco/balance.py``; the hidden
    #: ``rules-balanced``): bluff a calibrated share of the raises at every level instead
    #: of ``bluff`` at the first, and go on with at least the stakes' share of the hands
    #: facing a raise instead of the ``call_mixed`` band.
    balanced: bool = False
    #: The balanced share of bluffs weighs what value raises and bluffs win when accepted
    #: (``balance.bluff_share_of``); False: the polar share ``(r - s) / (2r)``.
    equity_share: bool = True
    #: A model of another player (``bots/truco/reading.py``), not the bot's own play:
    #: raise this often where the above would not (any hand), and keep only this
    #: share of the raises the above would make. The defaults draw no chance.
    bluff_any: float = 0.0
    raise_scale: float = 1.0


DEFAULT = Params()
#: Balanced betting: the hidden ``rules-balanced`` level.
BALANCED = Params(balanced=True)
#: ``rules`` with its betting tuned by self-play against ``rules`` with four and six
#: players (``bench/tune_bets.py``): the policy Truco's search levels weigh their moves
#: against and imagine their own side with at four players, and (with the cells learnt
#: from play, ``learnt.py``) bet as at six (``bots/truco/__init__.py``'s ``TACTICS``;
#: docs/strength.md, "Bets tuned by self-play"). Against ``rules``' honest raises it
#: answers tighter and bluffs no raise. It is not the ``rules`` level's own, which
#: stays the yardstick the levels are measured by.
TEAM = Params(
    sure=0.95,
    strong_early=0.7,
    good_early=0.05,
    bluff_below=0.2,
    bluff=0.0,
    raised_margin=0.16,
    reraise_at=0.85,
    eleven_margin=0.01,
)


#: ``TEAM`` reading each raiser (``ReadingBot``): four-player Truco's search levels' own
#: policy. Against minitruco's strongest bot, who raises about half as often as
#: ``rules`` and for value, it gained +0.062 (+0.019 .. +0.105) a deal set by set at 64
#: worlds; against ``rules``, read as departing nowhere in 600 sets, it played exactly
#: as ``TEAM`` (docs/strength.md, "Against minitruco's bots").
TEAM_READING = replace(TEAM, tight_margin=0.3)


class _Turn:
    """One decision: the view in the bot's relative terms, and the choice."""

    #: Each other player's raises as a share of ``rules``' own rate, as read (``ReadingBot``;
    #: read-only: shared by every turn that is told nothing).
    raise_shares: Mapping[int, float] = MappingProxyType({})

    def __init__(
        self, view: TrucoView, legal: Sequence[Action], rng: random.Random, params: Params
    ) -> None:
        if view.seat is None:
            raise TricktakerError("the rules bot needs a seat's view, not a spectator's")
        self.view = view
        self.rng = rng
        self.params = params
        self.seat = me = view.seat
        self.n = n = view.players
        self.side = me & 1
        self.verbs: dict[str, Action] = {}
        self.up: dict[int, Action] = {}
        self.down: dict[int, Action] = {}
        self.blind: list[Action] = []
        for a in legal:
            if a.verb != "play":
                self.verbs[a.verb] = a
            elif not a.args:
                self.verbs["keep"] = a  # play the hand of eleven
            elif a.args[0].startswith("#"):
                self.blind.append(a)
            else:
                (self.down if len(a.args) == 2 else self.up)[parse_card(a.args[0])] = a
        st = self.st = view.strength
        #: My cards (strength, card), weakest first; empty in the iron hand.
        self.mine = sorted((st[c], c) for c in view.hand if c is not None)
        self.known = {(s - me) % n: [st[c] for c in h] for s, h in view.partners}
        seen = {c for c in view.hand if c is not None}
        for _, h in view.partners:
            seen.update(h)
        if view.vira is not None:
            seen.add(view.vira)
        downs = set(view.down_on_table)
        table: Table = []
        for s, c in view.on_table:
            if c is not None:
                seen.add(c)
            table.append(((s - me) % n, DOWN if s in downs or c is None else st[c]))
        for plays, _, _ in view.tricks:
            seen.update(c for _, c in plays if c is not None)
        self.table = table
        self.pool = [st[c] for c in DECK if c not in seen]
        self.equal, self.above = counts_above(self.pool)
        self.tricks = tuple(TIE if r == "tie" else int(r) ^ self.side for _, _, r in view.tricks)
        self.sizes = [view.hand_sizes[(me + r) % n] for r in range(n)]
        self.my_need = view.target - view.score[self.side]
        self.their_need = view.target - view.score[1 - self.side]

    # ------------------------------------------------------------ estimates

    @cached_property
    def p(self) -> float:
        """The chance of the hand (won 1, drawn 1/2) if play goes on without raises."""
        k = self.params
        samples = {2: k.samples2, 4: k.samples4}.get(self.n, k.samples6)
        nxt = self.view.next_to_play
        to_play = (nxt - self.seat) % self.n if nxt is not None else 0
        # Imported here: numba loads with the first estimate, not with the bot.
        from tricktaker.solvers.truco.chance import estimate_fast

        return estimate_fast(
            [s for s, _ in self.mine],
            self.known,
            self.sizes,
            self.pool,
            self.tricks,
            self.table,
            to_play,
            self.rng,
            samples,
        )

    def hold(self, s: int, opponents: Sequence[int]) -> float:
        """How likely strength ``s`` holds against the hands of these relative seats."""
        return hold_chance(s, self.equal, self.above, sum(self.sizes[r] for r in opponents))

    def unbeatable(self, s: int) -> bool:
        """No card the bot has not seen beats or ties ``s``."""
        return self.above[s + 1] == 0 and self.equal[s + 1] == 0

    @cached_property
    def sure(self) -> bool:
        """The hand is surely won: a card nothing beats where one more trick wins it."""
        top = self.mine[-1][0] if self.mine else DOWN
        played = any(r == 0 for r, _ in self.table)  # answering after its card: not this trick
        if played or not self.unbeatable(top) or top <= bests(self.table, 0)[1]:
            return False
        second = self.mine[-2][0] if len(self.mine) > 1 else DOWN
        return (bool(self.tricks) and self.tricks != (1,)) or self.unbeatable(second)

    def gain(self, points: int) -> int:
        return min(points, self.my_need)

    def loss(self, points: int) -> int:
        return min(points, self.their_need)

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def mixed(self, p: float) -> bool:
        """True with chance ``p``, drawing from the rng only when it is a real mix."""
        return p >= 1.0 or (p > 0.0 and self.chance(p))

    @cached_property
    def spread(self) -> Sequence[float]:
        """The spread of the chance of the hand in this situation (``balance.CHANCES``)."""
        variant = str(self.view.options.get("variant", "paulista"))
        kind = "answer" if self.view.phase == "answer" else "raise"
        return balance.quantiles(variant, self.n, kind, self.tricks, len(self.table))

    # ------------------------------------------------------------ decisions

    def decide(self) -> Action:
        phase = self.view.phase
        if "flor" in self.verbs:
            return self.verbs["flor"]  # a flor is always sung
        if phase == "envido":
            return self.envido_answer()
        if phase == "flor":
            return self.flor_answer()
        if phase == "decide":
            return self.eleven()
        call = self.envido_call()
        if call is not None:
            return call
        if phase == "answer":
            return self.answer()
        if self.blind:
            return self.blind[self.rng.randrange(len(self.blind))]
        if "raise" in self.verbs and self.want_raise():
            return self.verbs["raise"]
        if not self.mine:
            raise TricktakerError("the rules bot has no card to play")
        card, down = self.card()
        if down and card in self.down:
            return self.down[card]
        return self.up[card]

    def eleven(self) -> Action:
        """Play a hand of eleven when it is worth more than running.

        Worth is the chance of the match (``bots/equity.py``) where a table exists:
        at 11:10 running leads to the iron hand, an even game, so only a hand
        likelier than not to win is played (points capped at the need played
        from 38%); at 11:0 a run gives away one point of the eleven the other
        side has to go, a lost hand three, and the line is again near even.
        Elsewhere (no table) it is points, capped at what each side needs. Either
        way the hand is played only ``eleven_margin`` above the break-even chance."""
        v = self.view
        _, value, run = ELEVEN[str(v.options.get("variant", "paulista"))]
        margin = self.params.eleven_margin
        p = self.p - margin
        equity = view_equity("truco", v)
        if equity is None:
            play = p * self.gain(value) - (1 - p) * self.loss(value)
            return self.verbs["keep" if play >= -self.loss(run) else "run"]
        mine, theirs = v.score[self.side], v.score[1 - self.side]
        games = (v.games[self.side], v.games[1 - self.side])
        # The side that plays first passes on to the other side next deal.
        mano = ((v.dealer + 1) % self.n) & 1 != self.side
        won = equity.match(mine + value, theirs, mano, games)
        lost = equity.match(mine, theirs + value, mano, games)
        ran = equity.match(mine, theirs + run, mano, games)
        return self.verbs["keep" if p * won + (1 - p) * lost >= ran else "run"]

    def answer(self) -> Action:
        v = self.view
        k = self.params
        if self.sure:
            return self.verbs.get("raise") or self.verbs["accept"]
        margin = k.raised_margin
        if k.tight_margin and v.raiser is not None:
            margin += k.tight_margin * max(0.0, 1.0 - self.raise_shares.get(v.raiser, 1.0))
        p = max(0.0, self.p - margin)
        top = len(v.ladder) - 1
        pending = v.pending if v.pending is not None else v.ladder[min(v.level + 1, top)]
        refuse = -self.loss(v.value)
        accept = p * self.gain(pending) - (1 - p) * self.loss(pending)
        if "raise" in self.verbs and p >= k.reraise_at:
            return self.verbs["raise"]
        if accept >= refuse:
            return self.verbs["accept"]
        if k.balanced:
            # Go on with at least the stakes' share of the hands; the margin beyond the
            # usual one is what the opponent model (``reading.py``) moved it by.
            share = balance.defend_share(v.value, pending)
            shifted = self.p - (k.raised_margin - DEFAULT.raised_margin)
            if self.mixed(balance.go_on(shifted, share, self.spread)):
                return self.verbs["accept"]
            return self.verbs["refuse"]
        if accept >= refuse - k.call_band * pending and self.chance(k.call_mixed):
            return self.verbs["accept"]
        return self.verbs["refuse"]

    # ------------------------------------------------------------ envido and flor

    def envido_chance(self, floor: int = 0) -> float:
        """How likely my envido beats each opponent's (taken at ``floor`` or more), ties to
        the mano; in teams a partner's count is another chance."""
        v = self.view
        mine = v.my_envido or 0
        mano = (v.dealer + 1) % self.n
        me_first = (self.seat - mano) % self.n < (self.seat + 1 - mano) % self.n
        beat = win_chance(mine, floor, me_first)
        opponents = self.n // 2
        p = beat**opponents
        partners = self.n // 2 - 1
        if partners:  # a partner's count may win where mine does not
            p = 1 - (1 - p) * (1 - win_chance(25, floor, me_first) ** opponents) ** partners
        return p

    def envido_call(self) -> Action | None:
        """Sing envido (or real or falta envido) first, if it is offered and worth it."""
        if "envido" not in self.verbs:
            return None
        k = self.params
        p = self.envido_chance()
        if p >= k.envido_falta and "falta" in self.verbs and self.my_need <= self.their_need:
            return self.verbs["falta"]
        if p >= k.envido_real and "real" in self.verbs:
            return self.verbs["real"]
        if p >= k.envido_call or self.chance(k.envido_bluff):
            return self.verbs["envido"]
        return None

    def envido_answer(self) -> Action:
        """Accept, refuse or raise an envido by the chance against a strong caller."""
        v = self.view
        k = self.params
        p = self.envido_chance(k.caller_floor)
        chain = tuple(env.CALL_VERBS.index(c) for c in v.envido)
        falta = v.target - max(v.score)
        accepted = env.accepted_points(chain, falta)
        refused = env.refused_points(chain)
        if p >= k.envido_falta and "falta" in self.verbs and "falta" not in v.envido:
            return self.verbs["falta"]
        if p >= k.envido_real and "real" in self.verbs:
            return self.verbs["real"]
        win, lose = self.gain(accepted), self.loss(accepted)
        if p * win - (1 - p) * lose >= -self.loss(refused):
            return self.verbs["accept"]
        return self.verbs["refuse"]

    def flor_answer(self) -> Action:
        """A contest of flores: raise with a high flor, accept a fair one, else back down."""
        k = self.params
        count = env.flor_count(self.my_dealt())
        if count >= k.resto_at and "resto" in self.verbs:
            return self.verbs["resto"]
        if count >= k.contraflor_at and "contraflor" in self.verbs:
            return self.verbs["contraflor"]
        if count >= k.flor_accept_at:
            return self.verbs["accept"]
        return self.verbs["refuse"]

    def my_dealt(self) -> list[int]:
        """My three cards as dealt: those in hand and those I played."""
        v = self.view
        cards = [c for c in v.hand if c is not None]
        for s, c in v.on_table:
            if s == self.seat and c is not None:
                cards.append(c)
        for plays, _, _ in v.tricks:
            cards.extend(c for s, c in plays if s == self.seat and c is not None)
        return cards

    def want_raise(self) -> bool:
        k = self.params
        if self._want_raise():
            return k.raise_scale >= 1.0 or self.chance(k.raise_scale)
        return k.bluff_any > 0.0 and self.chance(k.bluff_any)

    def _want_raise(self) -> bool:
        k = self.params
        late = bool(self.tricks) or len(self.mine) < 3
        if self.sure:
            return late or self.chance(k.sure_early)
        p = self.p
        step = k.level_step * self.view.level
        if p >= k.sure + step:
            return late or self.chance(k.sure_early)
        if p >= k.strong + step:
            return self.chance(k.strong_late if late else k.strong_early)
        if p >= k.good + step:
            return self.chance(k.good_late if late else k.good_early)
        if not k.balanced:
            if p < k.bluff_below and self.view.level == 0:
                return self.chance(k.bluff)
            return False
        if p < k.bluff_below:
            return self.mixed(self.bluffing(late)[1])
        return False

    def bluffing(self, late: bool) -> tuple[float, float]:
        """The balanced share of bluffs among the raises here, and how often a hand
        below ``bluff_below`` raises to make it so (``balance.bluff_share_of``). The
        hands are the spread of the chance here (``balance.CHANCES``): each raises for
        value at the rate the thresholds above give it, and the mean chance of the
        value raises and of the bluffs is what each wins when accepted."""
        k = self.params
        v = self.view
        step = k.level_step * v.level
        lines = (k.sure + step, k.strong + step, k.good + step, k.bluff_below)
        value = value_p = pool = pool_p = 0.0
        for mass, p in balance.pieces(self.spread, lines):
            if p >= k.sure + step:
                rate = 1.0 if late else k.sure_early
            elif p >= k.strong + step:
                rate = k.strong_late if late else k.strong_early
            elif p >= k.good + step:
                rate = k.good_late if late else k.good_early
            else:
                rate = 0.0
                if p < k.bluff_below:
                    pool += mass
                    pool_p += mass * p
            value += mass * rate
            value_p += mass * rate * p
        if value <= 0.0 or pool <= 0.0:
            return 0.0, 0.0
        stake, raised = v.value, v.ladder[v.level + 1]
        if k.equity_share:
            share = balance.bluff_share_of(stake, raised, value_p / value, pool_p / pool)
        else:
            share = balance.bluff_share(stake, raised)
        return share, min(1.0, value * share / (1.0 - share) / pool)

    # ------------------------------------------------------------ card play

    def card(self) -> tuple[int, bool]:
        """The card to play and whether face down."""
        if not self.table:
            return self.lead(), False
        return self.follow()

    def _after(self) -> tuple[list[int], list[int]]:
        """The relative seats still to play in this trick after the bot: opponents, partners."""
        later = range(1, self.n - len(self.table))
        return [r for r in later if r & 1], [r for r in later if not r & 1]

    def lead(self) -> int:
        mine = self.mine
        if len(mine) == 1:
            return mine[0][1]
        opponents = [r for r in range(1, self.n) if r & 1]
        if self.tricks:
            return mine[-1][1]  # the trick that decides, or one more that wins it
        # Trick one breaks ties: lead the cheapest card likely to hold, keeping a sure card.
        top = mine[-1]
        partner_sure = any(self.unbeatable(max(h)) for h in self.known.values() if h)
        if partner_sure and not self.unbeatable(top[0]):
            return mine[0][1]  # eleven: a partner's sure card takes it; keep mine
        rest = mine[:-1] if self.unbeatable(top[0]) else mine
        for s, c in rest:
            if self.hold(s, opponents) >= self.params.lead_hold:
                return c
        return top[1]

    def follow(self) -> tuple[int, bool]:
        k = self.params
        mine = self.mine
        own, theirs = bests(self.table, 0)
        opp_after, partners_after = self._after()
        lowest = mine[0][1]
        throw = (lowest, bool(self.tricks) and k.hide)
        # A partner's card, seen (hand of eleven), that will be played after the bot.
        seen_help = max(
            (max(self.known[r]) for r in partners_after if self.known.get(r)), default=-2
        )
        team = max(own, seen_help if seen_help > theirs else -2)
        if team > theirs and self.hold(team, opp_after) >= k.partner_holds:
            return throw
        if own > theirs:
            # The partner holds the trick for now, but may be beaten: cover it if cheaply sure.
            for s, c in mine:
                if s > own and self.hold(s, opp_after) >= k.partner_holds:
                    return c, False
            return throw
        beaters = [(s, c) for s, c in mine if s > theirs]
        if beaters:
            if not opp_after:
                return beaters[0][1], False
            for s, c in beaters:
                if self.hold(s, opp_after) >= k.follow_hold:
                    return c, False
            if partners_after and not self.must_win:
                return throw
            return beaters[-1][1], False
        ties = [c for s, c in mine if s == theirs]
        if ties and self.tie_helps:
            return ties[0], False
        return throw

    @cached_property
    def must_win(self) -> bool:
        """Losing this trick loses the hand."""
        return OUTCOME[(*self.tricks, 1)] == 1

    @cached_property
    def tie_helps(self) -> bool:
        """A tie in this trick is worth more than losing it."""
        return OUTCOME[(*self.tricks, TIE)] != OUTCOME[(*self.tricks, 1)]


def _envido_spread() -> tuple[int, ...]:
    """How many three-card hands of the 40 have each envido count (0..33)."""
    out = [0] * 34
    for hand in combinations(DECK, 3):
        out[env.envido_count(hand)] += 1
    return tuple(out)


_SPREAD: list[tuple[int, ...]] = []


def win_chance(mine: int, floor: int, first: bool) -> float:
    """How likely ``mine`` beats a random hand's envido of at least ``floor`` (a tie goes
    to whoever is nearer the mano: ``first``)."""
    if not _SPREAD:
        _SPREAD.append(_envido_spread())
    spread = _SPREAD[0]
    pool = spread[floor:] if floor <= 33 else (1,)
    below = sum(spread[floor:mine]) if mine > floor else 0
    tie = spread[mine] if mine >= floor and first else 0
    return (below + tie) / max(1, sum(pool))


class RulesBot(RulesLevel[TrucoView, Params]):
    """Heuristics from seed 003's advice; sees only its view and the legal actions."""

    game = "Truco"
    view_type = TrucoView

    DEFAULTS = DEFAULT

    def choose(
        self, view: TrucoView, memory: Sequence[Event], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        return _Turn(view, legal, rng, self.params).decide()


class ReadingBot(RulesBot):
    """``rules`` with these numbers, answering a raise by how its raiser was read to raise
    (``tight_margin``): the search's own side's policy, told what the search's reader
    read before each decision (``opponents.ReadsOthers``).

    Why: a player who raises half as often as ``rules`` mostly raises from the top half
    of its hands, and answering him as ``rules`` answers ``rules`` calls his value raises
    (four-player Truco against minitruco's strongest bot, docs/strength.md). The
    search keeps its policy's answer unless the worlds show clearly better, so the
    reading belongs in the policy too."""

    def __init__(self, params: Params | None = None) -> None:
        super().__init__(params)
        self.shares: dict[int, float] = {}

    def read(self, rates: Mapping[int, Rates], prior: Rates) -> None:
        self.shares = {
            seat: r.raises / prior.raises for seat, r in rates.items() if prior.raises > 0
        }

    def choose(
        self, view: TrucoView, memory: Sequence[Event], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        turn = _Turn(view, legal, rng, self.params)
        turn.raise_shares = self.shares
        return turn.decide()


class BalancedRulesBot(RulesBot):
    """The ``rules`` level betting at balanced frequencies (issue 23): a hidden level,
    for measurements, since it does not beat ``rules`` (docs/strength.md)."""

    name = "rules-balanced"
    hidden: ClassVar[bool] = True
    DEFAULTS = BALANCED
