"""The ``rules`` level for Le Truc: the seed's playing advice written down as heuristics.

Seed 000 («советы по розыгрышу») says Le Truc is won by bluff and by reading
the opponent, so the bot:

* estimates its chance of the deal from its own cards and the cards it has not
  seen (the 32-card deck less its hand, its set-aside cards and every card
  played), with :mod:`tricktaker.bots.truc.model`: exact over the opponent's
  possible hands with two players, a few dozen sampled deals with four (their
  compiled copies, :mod:`tricktaker.solvers.truc.chance2` and
  :mod:`tricktaker.solvers.truc.chance4`);
* plays the card that wins cheaply (that estimate, per card, prefers the
  lowest card that beats the table and the lowest card when nothing wins);
* doubles by that chance, but mixed with probabilities so it can be neither
  read nor exploited: it bluffs now and then with weak cards, often keeps
  silent with strong ones early so as not to scare the opponent off, and
  raises late once the deal is surely won (the last card that surely wins);
* answers a double by the chance against the pot odds (a double risks ``v``
  more to win ``2v``, so it pays to accept from a chance of about a quarter),
  refusing cheaply when far behind with bad cards, and a ``rest`` by comparing
  refusing, accepting and the counter-rest;
* calls for cards with weak hands (and sometimes as a bluff), answers a call
  as dealer knowing the caller is likely weak, and folds only when the deal
  is surely lost (folding then costs nothing that playing on would not);
* with four players, as captain it tells its partner to keep low cards when it
  holds the trick itself and to play its best otherwise; as partner it signals
  its best card and follows the captain's word.

All chance comes from the ``rng`` handed to :meth:`RulesBot.act`, so the bot is
deterministic given that rng's seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

from tricktaker.bots.base import RulesLevel
from tricktaker.bots.truc.model import (
    Counts,
    Estimate,
    Hand,
    Plays,
    Spot,
    bound2,
    estimate2_fast,
    policy,
)
from tricktaker.cards import parse_card
from tricktaker.core.actions import Action, split_action
from tricktaker.core.errors import TricktakerError
from tricktaker.core.events import Event, deal_events
from tricktaker.games.truc.cards import DECK, STRENGTH
from tricktaker.games.truc.outcomes import SPOILED
from tricktaker.games.truc.views import TrucView

GAME_POINTS = 12


@dataclass(frozen=True, slots=True)
class Params:
    """The bot's tunable numbers (probabilities are per opportunity)."""

    #: Chance of proposing with a weak hand: a bluff.
    bluff: float = 0.07
    #: Chance of a last bluff instead of folding a deal that is surely lost.
    bluff_lost: float = 0.3
    #: Chance of doubling a surely won deal early (slow play: let the opponent raise).
    early_sure: float = 0.3
    #: Chances of proposing with a strong / good hand, early (first trick) and late.
    strong: float = 0.8
    strong_early: float = 0.3
    strong_late: float = 0.6
    good: float = 0.6
    good_early: float = 0.15
    good_late: float = 0.3
    #: Accept a double from this chance on (pot odds say 1/4; a margin for his strength).
    accept_at: float = 0.3
    #: Below accept_at but above this, accept now and then so refusals cannot be read.
    accept_mixed: float = 0.2
    accept_mixed_share: float = 0.25
    #: Weight given to each bold act of the opponent (double, rest, accepting ours).
    bold_step: float = 0.5
    #: Share of the modelled opponent's leads that are his best card.
    lead_high: float = 0.5
    #: Call for cards below this chance (mostly), or as a bluff above ``call_bluff_above``.
    call_below: float = 0.35
    call_weak_share: float = 0.9
    call_bluff_above: float = 0.85
    call_bluff_share: float = 0.1
    #: As dealer, accept a call below this chance (the caller being likely weak).
    dealer_accept_below: float = 0.55
    samples_4p: int = 32
    #: With four players, how far the other side's boldness (its doubles, rests and
    #: accepts) tilts the sampled deals towards its high cards (1: as two players'
    #: exact estimate tilts the opponent's hands; 0: the bets are not read).
    read_4p: float = 0.0
    #: A model of another player (``bots/truc/reading.py``), not the bot's own play:
    #: propose this often where the above would not (any hand), and keep only this
    #: share of the proposals the above would make. The defaults draw no chance.
    bluff_any: float = 0.0
    raise_scale: float = 1.0


DEFAULT = Params()
#: The policy four-player Le Truc's search weighs its moves against: ``rules`` tuned by
#: self-play (as Truco's ``TEAM``; ``bench/tune_bets.py``). ``rules`` keeps ``DEFAULT``.
TEAM = Params(
    early_sure=0.7,
    strong_early=0.4,
    strong_late=0.7,
    good=0.7,
    good_early=0.05,
    good_late=0.4,
    accept_at=0.35,
    accept_mixed=0.25,
    call_weak_share=1.0,
    dealer_accept_below=0.5,
)

#: What a partner's signal says about its best card (strength), "none": below an ace.
SIGNAL_TOP = {"7": 7, "8": 6, "A": 5, "none": 4}


@lru_cache(maxsize=4096)
def _said(text: str) -> tuple[int, str, tuple[str, ...]]:
    """An action of the log as (seat, verb, arguments), read once per text: a search's
    play-outs ask the bot for thousands of decisions whose logs repeat the same few
    dozen actions, and reading them afresh at each was a tenth of its time."""
    seat, verb, args, _ = split_action(text)
    return seat, verb, args


def _rel_result(r: int | str, side: int) -> int:
    return SPOILED if r == "spoiled" else int(r) ^ side


class _Turn:
    """One decision: what the view says, in the bot's relative terms, and the choice."""

    def __init__(
        self,
        view: TrucView,
        memory: Sequence[Event],
        legal: Sequence[Action],
        rng: random.Random,
        params: Params,
    ) -> None:
        self.params = params
        if view.seat is None:
            raise TricktakerError("the rules bot needs a seat's view, not a spectator's")
        self.view = view
        #: What the seat heard and saw said and played in this deal, in order.
        self.log = tuple(
            _said(e.action)
            for e in deal_events(memory)
            if e.kind == "action" and e.action is not None
        )
        self.rng = rng
        self.seat = view.seat
        self.n = view.players
        self.side = self.seat & 1
        self.ties = str(view.options.get("ties", "leader"))
        self.by_verb: dict[str, Action] = {}
        self.plays: dict[int, Action] = {}
        self.words: dict[str, Action] = {}
        for a in legal:
            if a.verb == "play":
                s = STRENGTH[parse_card(a.args[0])]
                self.plays.setdefault(s, a)
            elif a.verb in ("say", "signal"):
                self.words[a.args[0]] = a
            else:
                self.by_verb[a.verb] = a
        self.mine: Hand = tuple(sorted(STRENGTH[c] for c in view.hand))
        seen = set(view.hand) | set(view.set_aside)
        seen.update(c for _, c in view.on_table)
        for plays, _ in view.tricks:
            seen.update(c for _, c in plays)
        self.pool = [STRENGTH[c] for c in DECK if c not in seen]
        counts = [0] * 8
        for s in self.pool:
            counts[s] += 1
        self.unseen: Counts = tuple(counts)
        self.tricks = tuple(_rel_result(r, self.side) for _, r in view.tricks)
        self.table: Plays = tuple((self.rel(s), STRENGTH[c]) for s, c in view.on_table)
        self.lead = self.rel(view.leader)
        nxt = view.next_to_play if view.next_to_play is not None else view.leader
        self.next_to_play = self.rel(nxt)
        self.sizes = [view.hand_sizes[(self.seat + i) % self.n] for i in range(self.n)]
        self.value = view.value
        self.my_need = GAME_POINTS - view.score[self.side]
        self.their_need = GAME_POINTS - view.score[1 - self.side]

    def rel(self, seat: int) -> int:
        return (seat - self.seat) % self.n

    # ------------------------------------------------------------ estimates

    @cached_property
    def boldness(self) -> float:
        """How strong the opponent has shown himself this deal (negative: weak)."""
        bold = 0.0
        prev: tuple[int, str] | None = None
        for seat, verb, _ in self.log:
            theirs = (seat & 1) != self.side
            if verb == "accept" and prev is not None and prev[1] == "redeal":
                bold = 0.0  # new hands: what was shown is gone
            elif theirs and verb in ("double", "rest"):
                bold += self.params.bold_step
            elif theirs and verb == "accept" and prev is not None and prev[1] in ("double", "rest"):
                bold += self.params.bold_step / 2
            elif not theirs and verb == "refuse" and prev is not None and prev[1] == "redeal":
                bold -= 0.4  # he called for cards and must play them: likely weak
            if verb not in ("say", "signal"):
                prev = (seat, verb)
        return max(-0.6, min(bold, 1.5))

    @cached_property
    def estimate(self) -> Estimate:
        if self.n == 2:
            return estimate2_fast(
                self.mine,
                self.unseen,
                self.sizes[1],
                self.tricks,
                self.table,
                self.lead,
                self.ties,
                self.boldness,
                self.params.lead_high,
            )
        # Imported here: numba loads with the first four-player estimate, not with the bot.
        from tricktaker.solvers.truc.chance4 import estimate4_fast

        p, cards = estimate4_fast(
            self.mine,
            self.pool,
            self.sizes,
            self.tricks,
            self.table,
            self.next_to_play,
            self.ties,
            self.rng,
            self.params.samples_4p,
            self.partner_filter,
            self.params.read_4p * self.boldness if self.params.read_4p else 0.0,
        )
        return Estimate(p, cards)

    @cached_property
    def bounds(self) -> tuple[float, float]:
        """(worst, best): 1 and 0 mean surely won and surely lost.

        The exact bounds cost more than the estimate, and a deal surely won
        (lost) has the modelled chance 1 (0), so they are only computed then.
        """
        p = self.estimate.p
        if self.n != 2:
            return (1.0 if p >= 0.999 else 0.0, 1.0)  # sampled: never "surely lost" with 4
        spot = Spot(
            self.mine, self.unseen, self.sizes[1], self.tricks, self.table, self.lead, self.ties
        )
        worst = bound2(spot, True) if p >= 1.0 - 1e-9 else 0.0
        best = bound2(spot, False) if p <= 1e-9 else 1.0
        return worst, best

    @cached_property
    def partner_signal(self) -> tuple[str, int] | None:
        """The partner's latest signal this deal and how many cards it played since."""
        partner = (self.seat + 2) % self.n
        found: tuple[str, int] | None = None
        for seat, verb, args in self.log:
            if seat != partner:
                continue
            if verb == "signal" and args:
                found = (args[0], 0)
            elif verb == "play" and found is not None:
                found = (found[0], found[1] + 1)
        return found

    @cached_property
    def partner_filter(self) -> tuple[int, bool] | None:
        """What the partner's latest signal says of his hand: no card above the
        strength it names, and that card itself while he has played none since
        ("none" names no card); None without a signal to fit."""
        sig = self.partner_signal
        if sig is None or sig[0] not in SIGNAL_TOP:
            return None
        return SIGNAL_TOP[sig[0]], not (sig[0] == "none" or sig[1] > 0)

    def captain_word(self) -> str | None:
        """What this seat's captain said for the current trick, if anything."""
        captain = self.view.captains[self.side]
        trick = len(self.view.tricks)
        plays = 0
        word = None
        for seat, verb, args in self.log:
            if verb == "play":
                plays += 1
            elif verb == "say" and seat == captain and args and plays // self.n == trick:
                word = args[0]
        return word

    # ------------------------------------------------------------ decisions

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def want_to_propose(self) -> bool:
        k = self.params
        if self._want_to_propose():
            return k.raise_scale >= 1.0 or self.chance(k.raise_scale)
        return k.bluff_any > 0.0 and self.chance(k.bluff_any)

    def _want_to_propose(self) -> bool:
        worst, best = self.bounds
        k = self.params
        late = len(self.tricks) >= 1 or len(self.mine) <= 1
        if worst >= 1.0:
            return late or self.chance(k.early_sure)
        if best <= 0.0:
            return self.chance(k.bluff_lost)
        p = self.estimate.p
        if p >= k.strong:
            return self.chance(k.strong_late if late else k.strong_early)
        if p >= k.good:
            return self.chance(k.good_late if late else k.good_early)
        return self.chance(k.bluff)

    def want_redeal(self) -> bool:
        """Call for cards: mostly with weak hands, sometimes with good ones as a bluff."""
        p = self.estimate.p
        k = self.params
        if self.view.stock_left < 6:
            return p < 0.5  # an accepted call voids the deal: nothing lost
        if p < k.call_below:
            return self.chance(k.call_weak_share)
        if p > k.call_bluff_above:
            return self.chance(k.call_bluff_share)
        return False

    def answer_redeal(self) -> Action:
        """As dealer: the caller is likely weak, so refuse with fair cards, mixed a little."""
        p = self.estimate.p
        line = self.params.dealer_accept_below
        if self.view.stock_left < 6:
            accept = p < 0.5  # accepting voids the deal
        else:
            accept = p < line
            if abs(p - line) < 0.1 and self.chance(0.2):
                accept = not accept
        return self.by_verb["accept" if accept else "refuse"]

    def answer_proposal(self) -> Action:
        worst, best = self.bounds
        if self.view.pending == "rest":
            return self._answer_rest(worst, best)
        if best <= 0.0:
            return self.by_verb["refuse"]
        p = self.estimate.p
        k = self.params
        if (
            worst >= 1.0
            or p >= k.accept_at
            or (p >= k.accept_mixed and self.chance(k.accept_mixed_share))
        ):
            return self.by_verb["accept"]
        return self.by_verb["refuse"]

    def _answer_rest(self, worst: float, best: float) -> Action:
        v = self.value
        claim = self.their_need
        mine = self.my_need
        if best <= 0.0:
            return self.by_verb["refuse"]
        counter = self.by_verb.get("rest")
        if worst >= 1.0:
            return counter if counter is not None and mine > claim else self.by_verb["accept"]
        p = max(0.0, self.estimate.p - 0.05)
        options = [
            (-float(v), "refuse"),
            (claim * (2 * p - 1), "accept"),
        ]
        if counter is not None:
            options.append((p * mine - (1 - p) * claim, "rest"))
        return self.by_verb[max(options)[1]]

    def decider_rest(self) -> bool:
        """After their accepted rest, our own rest makes the deal decide the game."""
        rest_side = self.view.rest_side
        if "rest" not in self.by_verb or rest_side is None or rest_side == self.side:
            return False
        return self.my_need > self.value and self.bounds[1] > 0.0

    def proposal(self) -> Action | None:
        """A double or rest now, or a last bluff; None to stay silent."""
        if self.decider_rest():
            return self.by_verb["rest"]
        for verb in ("double", "rest"):
            a = self.by_verb.get(verb)
            if a is not None and (verb == "double" or self.view.rest_side is None):
                return a if self.want_to_propose() else None
        return None

    def card(self) -> Action:
        word = self.captain_word() if self.n == 4 and not self._captain() else None
        if word in ("low", "best", "high", "seven"):
            return self.plays[self._obey(word)]
        return self.plays[self.estimate.best_card()]

    def _obey(self, word: str) -> int:
        """The partner's card when told: low = lowest; seven = a seven; else win if it can."""
        if word == "low":
            return self.mine[0]
        if word == "seven" and 7 in self.mine:
            return 7
        return policy(self.mine, 0, self.table, self.tricks, self.ties)

    def signal(self) -> Action | None:
        top = self.mine[-1] if self.mine else 0
        word = {7: "7", 6: "8", 5: "A"}.get(top, "none")
        return self.words.get(word)

    def instruction(self) -> Action | None:
        """Captain to partner: keep low if I hold a high card myself, else play your best."""
        top = self.mine[-1] if self.mine else 0
        return self.words.get("low" if top >= 6 else "best")

    # --------------------------------------------------------------- phases

    def decide(self) -> Action:
        phase = self.view.phase
        if phase == "redeal_answer":
            return self.answer_redeal()
        if phase == "answer":
            return self.answer_proposal()
        if phase == "call":
            if self.want_redeal():
                return self.by_verb["redeal"]
            return self.by_verb["pass"]
        if phase == "window":
            if self.words:
                said = self.instruction()
                if said is not None:
                    return said
            proposal = self.proposal()
            if proposal is not None:
                return proposal
            return self.by_verb["pass"]
        return self.play_turn()

    def play_turn(self) -> Action:
        if "redeal" in self.by_verb and self.want_redeal():
            return self.by_verb["redeal"]
        if self.n == 4 and self.words and not self._captain():
            sig = self.signal()
            if sig is not None:
                return sig
        if self.n == 2 and "fold" in self.by_verb and self.bounds[1] <= 0.0:
            proposal = self.proposal()
            if proposal is not None:
                return proposal
            return self.by_verb["fold"]
        proposal = self.proposal()
        if proposal is not None:
            return proposal
        return self.card()

    def _captain(self) -> bool:
        return self.view.captains[self.side] == self.seat


class RulesBot(RulesLevel[TrucView, Params]):
    """Heuristics from seed 000's advice; sees only its view and the legal actions."""

    game = "Le Truc"
    view_type = TrucView

    DEFAULTS = DEFAULT

    def choose(
        self, view: TrucView, memory: Sequence[Event], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        return _Turn(view, memory, legal, rng, self.params).decide()
