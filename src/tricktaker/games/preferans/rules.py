"""Preferans' state machine: one game (a pulya, or a run of pot deals), docs/rules/preferans.md.

Seats are numbered in order of play, which goes to the left (clockwise). With
four players the dealer sits out of his deal; the three others are the deal's
``active`` seats, first hand (left of the dealer) first. A deal passes through
phases (``terms.Phase``): the bidding (``auction``), the talon (the declarer's
discard), the contract, the defenders' answers, the play, and the writing of
the deal. Wherever the conventions differ the machine asks its scoring system
(``systems``: the Russian sheet's ``SheetScoring``, seed 002's ``PotScoring``),
never which convention it plays.

(The state's plumbing, and why it is slots and small ints, is ``core.engine``'s.)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker.cards import CARD_NAMES, cards_in, mask_of
from tricktaker.core.actions import Action
from tricktaker.core.deals import DealSpec, GivenDeal, PileSpec, make_deal, read_deal
from tricktaker.core.engine import Engine
from tricktaker.core.errors import RecordError
from tricktaker.core.protocol import Result
from tricktaker.core.summary import DealSummary
from tricktaker.games.preferans.actions import (
    BID,
    CLOSED,
    DECLARES,
    DISCARD,
    DISCARDS,
    HALF,
    INVITE,
    OPEN,
    PASS,
    PLAY,
    PLAYS,
    POT_BID,
    SIMPLE,
    TABLE,
    TEXTS,
    WHIST,
    PrefAction,
)
from tricktaker.games.preferans.auction import Bidding, speak
from tricktaker.games.preferans.deck import (
    CONTRACTS,
    DECK,
    HAND,
    MISERE,
    STRAIN_SUIT,
    SUIT_MASKS,
    TALON,
    TRICKS,
    card_names,
    contract_level,
    contract_strain,
)
from tricktaker.games.preferans.options import house_rules
from tricktaker.games.preferans.sheet import Sheet, whist_duty
from tricktaker.games.preferans.systems import Scoring, system_for
from tricktaker.games.preferans.terms import (
    PHASE_NAMES,
    Answer,
    BidKind,
    Convention,
    DealEnd,
    DealKind,
    Phase,
)

DEAL_SPEC = DealSpec(
    deck=DECK,
    piles=(PileSpec("hands", HAND, per_seat=True), PileSpec("talon", TALON)),
    game_name="Preferans",
)

# Phases of a deal, as module names: the machine compares them on every action.
BIDDING = Phase.BIDDING
DISCARDING = Phase.DISCARDING
DECLARING = Phase.DECLARING
WHISTING = Phase.WHISTING
WHIST_BACK = Phase.WHIST_BACK
CHOOSING = Phase.CHOOSING
INVITING = Phase.INVITING
PLAYING = Phase.PLAYING
OVER = Phase.OVER
#: A defender's answer, by the kind of the action that gives it.
ANSWERS = {WHIST: Answer.WHIST, PASS: Answer.PASS, HALF: Answer.HALF}

# Log entries other than actions (logged as their interned action):
EV_DEAL, EV_TALON, EV_SHOW, EV_LEAD, EV_TRICK, EV_DEAL_END, EV_MATCH_END, EV_OUT = range(8)


def play_text(p: int) -> str:
    return f"{p >> 6}:{CARD_NAMES[p & 63]}"


class PreferansRules(Engine[PrefAction]):
    """A game of Preferans: the rules alone (views and events are added by ``state``)."""

    GAME_ID = "preferans"
    COPIED = (
        "hands",
        "_public_deals",
        "bids",
        "answers",
        "plays",
        "winners",
        "trick_log",
        "taken",
        "cash",
    )
    ACTIONS = TABLE

    __slots__ = (
        "_public_deals",
        "active",
        "answers",
        "bid_kind",
        "bid_seat",
        "bid_top",
        "bids",
        "cash",
        "contract",
        "convention",
        "declarer",
        "discard",
        "game_bidders",
        "given",
        "hands",
        "holding",
        "kitty",
        "leader",
        "number_bidders",
        "open_seats",
        "out_seat",
        "overtake",
        "passed",
        "phase",
        "plays",
        "pool",
        "pot",
        "sheet",
        "shown",
        "spoken",
        "streak",
        "system",
        "taken",
        "talon",
        "talon_lead",
        "trick_log",
        "trump",
        "whisters",
        "winners",
    )

    def _setup(self, deals: Sequence[Mapping[str, Any] | GivenDeal]) -> None:
        self.convention = Convention(self.options.text("rules"))
        # The scoring system of the convention and house rules played: asked wherever
        # conventions differ (one shared, stateless object; a clone shares it too).
        self.system: Scoring = system_for(self.convention, house_rules(self.options))
        # A fact for readers of the state; the rules themselves ask ``system``.
        self.pot = self.convention == Convention.POT
        self.pool = self.options.integer("pool")
        self.overtake = bool(self.options["overtake"]) and self.system.may_overtake
        self.given = self._read_deals(deals, self.first_dealer)
        self.sheet: Sheet
        self.sheet, self.streak, self.cash, self.kitty = self.system.read_start(
            self.start, self.n, self.pool
        )
        self._public_deals: list[str] = []

    # ------------------------------------------------------------ reading

    def _read_deals(
        self, deals: Sequence[Mapping[str, Any] | GivenDeal] | None, dealer: int
    ) -> tuple[GivenDeal, ...]:
        """A record's deals, hands in seat order. With four players the sitting-out
        dealer's hand is written as an empty list."""
        out: list[GivenDeal] = []
        n = self.players
        for i, raw in enumerate(deals or ()):
            if isinstance(raw, GivenDeal):
                out.append(raw)
                continue
            if not isinstance(raw, Mapping):
                raise RecordError(f'deal {i} must be an object of piles, e.g. {{"hands": [...]}}')
            rest = dict(raw)
            if "hands" in rest:
                hands = rest["hands"]
                deals_it = (dealer + i) % n
                if not isinstance(hands, list) or len(hands) != n:
                    raise RecordError(f'deal {i}: "hands" must hold {n} hands, one per seat')
                if n == 4 and hands[deals_it] != []:
                    raise RecordError(
                        f"deal {i}: seat {deals_it} deals and sits out: his hand must be []"
                    )
                # Core reads the three hands dealt, first hand first.
                rest["hands"] = [hands[(deals_it + 1 + k) % n] for k in range(3)]
            out.append(read_deal(rest, DEAL_SPEC, 3, i))
        return tuple(out)

    # ------------------------------------------------------------ deals

    def _start_deal(self) -> None:
        n = self.players
        k = self.deal_no - self.first_deal
        given = self.given[k] if k < len(self.given) else None
        # The three dealt in, first hand first (with four, the dealer sits out).
        self.active = tuple((self.dealer + 1 + i) % n for i in range(3))
        deal = make_deal(DEAL_SPEC, 3, 0, self.seed, self.deal_no, given)
        self.dealt.append(deal)
        self.hands = [0] * n
        for i, seat in enumerate(self.active):
            self.hands[seat] = mask_of(deal.hands[i])
        self.talon = tuple(deal.pile("talon"))
        self.system.open_deal(self)
        self.phase = BIDDING
        self.bids: list[tuple[int, str]] = []
        self.passed = 0
        self.spoken = 0
        self.number_bidders = 0
        self.game_bidders = 0
        self.bid_top = -1
        self.bid_kind = BidKind.NONE
        self.bid_seat: int | None = None
        self.declarer: int | None = None
        self.contract: str | None = None
        self.trump: int | None = None
        self.discard = 0
        self.holding = 0
        self.answers = [Answer.NONE] * n
        self.whisters = 0
        self.open_seats = 0
        self.out_seat: int | None = None
        self.shown = 0
        self.plays: list[int] = []
        self.talon_lead = -1
        self.winners: list[int | str] = []
        self.trick_log: list[tuple[int, ...]] = []
        self.taken = [0] * n
        self.leader = self.active[0]
        self.actor: int | None = self.active[0]
        self._legal = None
        self.deal_start = len(self.log)
        position = self.system.position(self)
        self.log.append((EV_DEAL, deal, self.deal_no, self.dealer, self.active, position))

    # ------------------------------------------------------------ facts

    @property
    def sides(self) -> tuple[int, ...]:
        return tuple(range(self.players))

    def min_bid(self) -> int:
        """The lowest ladder index one may bid now (after all-passes, the exit rises)."""
        return self.system.bids.min_bid(self.streak)

    def order(self, seat: int) -> int:
        """A seat's place in the deal: 0 for first hand."""
        return self.active.index(seat)

    def next_active(self, seat: int) -> int:
        i = self.active.index(seat)
        return self.active[(i + 1) % 3]

    def defenders(self) -> tuple[int, ...]:
        """The declarer's opponents in the order they answer (left of him first)."""
        d = self.declarer
        assert d is not None
        first = self.next_active(d)
        return first, self.next_active(first)

    @property
    def level(self) -> int:
        return contract_level(self.contract) if self.contract else 0

    # ------------------------------------------------------------ legal

    def _compute_legal(self, seat: int) -> tuple[PrefAction, ...]:
        phase = self.phase
        if phase == PLAYING:
            owner = self.hand_to_play()
            mask = self.allowed_mask(owner)
            return tuple(PLAYS[(seat, owner, c)] for c in cards_in(mask))
        if phase == BIDDING:
            return self.system.bids.offers(self, seat)
        if phase == DISCARDING:
            cards = list(cards_in(self.hands[seat]))
            return tuple(
                DISCARDS[(seat, a, b)] for i, a in enumerate(cards) for b in cards[i + 1 :]
            )
        if phase == DECLARING:
            return tuple(DECLARES[(seat, CONTRACTS.index(c))] for c in self.declarable())
        if phase == WHISTING:
            if self.system.must_whist(self.contract):
                return (SIMPLE[(seat, WHIST)],)  # Stalingrad
            out = [SIMPLE[(seat, WHIST)], SIMPLE[(seat, PASS)]]
            first, second = self.defenders()
            if (
                seat == second
                and self.answers[first] == Answer.PASS
                and self.system.half_whist(self.level)
            ):
                out.append(SIMPLE[(seat, HALF)])
            return tuple(out)
        if phase == WHIST_BACK:
            return (SIMPLE[(seat, WHIST)], SIMPLE[(seat, PASS)])
        if phase == CHOOSING:
            return (SIMPLE[(seat, OPEN)], SIMPLE[(seat, CLOSED)])
        if phase == INVITING:
            return (SIMPLE[(seat, INVITE)], SIMPLE[(seat, PASS)])
        return ()

    def declarable(self) -> list[str]:
        """Contracts the declarer may name now."""
        return self.system.bids.declarable(self)

    def hand_to_play(self) -> int:
        """The seat whose card is due: the actor's own, or (an open whist) the passer's,
        whose cards the whister plays."""
        plays = self.plays
        if not plays:
            return self.leader
        last = plays[-1] >> 6
        nxt = self.next_active(last)
        if nxt == self.out_seat:
            nxt = self.next_active(nxt)
        return nxt

    def allowed_mask(self, owner: int) -> int:
        """The cards ``owner`` may play now: follow suit, else trump, else any."""
        hand = self.hands[owner]
        plays = self.plays
        if self.talon_lead >= 0:
            led = self.talon_lead // 13
        elif plays:
            led = (plays[0] & 63) // 13
        else:
            return hand
        follow = hand & SUIT_MASKS[led]
        trump = self.trump
        if follow:
            allowed = follow
        elif trump is not None and hand & SUIT_MASKS[trump]:
            allowed = hand & SUIT_MASKS[trump]
        else:
            return hand
        if self.overtake and plays:
            best = self._best(plays)
            beats = allowed & _beating(best, trump)
            if beats:
                return beats
        return allowed

    def _best(self, plays: Sequence[int]) -> int:
        """The card winning the trick so far."""
        trump = self.trump
        top = plays[0] & 63
        for p in plays[1:]:
            c = p & 63
            if c // 13 == top // 13:
                if c > top:
                    top = c
            elif trump is not None and c // 13 == trump:
                top = c
        return top

    # ------------------------------------------------------------ apply

    def apply(self, action: Action | str) -> None:
        a = self._take(action)
        kind = a.kind
        if kind == PLAY:
            self.log.append(a)
            self._play(a.hand_seat, a.card)
            return
        self.log.append(a)
        seat = a.seat
        phase = self.phase
        if phase == BIDDING:
            after = speak(self, a, self.system.bids)
            if after is Bidding.WON:
                assert self.bid_seat is not None
                self._won(self.bid_seat)
            elif after is Bidding.ALL_PASSED:
                self._all_passed()
        elif phase == DISCARDING:
            self.discard = (1 << a.card) | (1 << a.card2)
            self.hands[seat] &= ~self.discard
            if self.contract == MISERE:
                self._begin_play()
            else:
                self.phase = DECLARING
        elif phase == DECLARING:
            self._declare(CONTRACTS[a.code])
        elif phase in (WHISTING, WHIST_BACK):
            self._answer(seat, kind)
        elif phase == CHOOSING:
            passer = next(s for s in self.defenders() if s != seat)
            self.answers[seat] = Answer.WHIST
            if kind == OPEN:
                self._show((seat, passer), "open")
            self._begin_play(whist_mode="open" if kind == OPEN else "closed")
        elif phase == INVITING:
            passer = next(s for s in self.defenders() if s != seat)
            if kind == INVITE:
                self.answers[passer] = Answer.INVITED
            else:  # he plays alone: the passer's hand is out of play
                self.out_seat = passer
                self.log.append((EV_OUT, passer, seat))
            self._begin_play()

    def _why_illegal(self, a: PrefAction) -> str:
        if self.actor is None:
            return "the game is over"
        if a.seat != self.actor:
            return f"it is seat {self.actor}'s turn, not seat {a.seat}'s"
        legal = self.legal_actions()
        phase = PHASE_NAMES[self.phase]
        if self.phase == PLAYING:
            owner = self.hand_to_play()
            if a.kind == PLAY and a.hand_seat != owner:
                if owner != a.seat:
                    return (
                        f"the card is due from seat {owner}'s hand:"
                        f" write 'play <card> from {owner}'"
                    )
                return f"play from your own hand: seat {owner}'s card is due"
            if a.kind == PLAY and not (self.hands[owner] >> a.card) & 1:
                return f"seat {owner} does not hold {CARD_NAMES[a.card]}"
            if a.kind == PLAY:
                allowed = " ".join(CARD_NAMES[x.card] for x in legal)
                return f"follow suit, else trump, else any card: allowed {allowed}"
            return "now a card is played"
        ladder = self.system.bids
        if self.phase == BIDDING and a.kind in (BID, POT_BID) and a.kind != ladder.kind:
            return ladder.wrong_ladder
        specific = self._why_not_allowed(a)
        if specific:
            return specific
        shown = ", ".join(str(x).split(":", 1)[1] for x in legal[:12])
        more = "..." if len(legal) > 12 else ""
        return f"now is the {phase}: allowed {shown}{more}"

    def _why_not_allowed(self, a: PrefAction) -> str:
        """The rule a player broke, where a list of what is allowed would not say it."""
        if self.phase == DISCARDING and a.kind == DISCARD:
            missing = [c for c in (a.card, a.card2) if not (self.hands[a.seat] >> c) & 1]
            if missing:
                return f"you do not hold {CARD_NAMES[missing[0]]}: discard two of your cards"
        ladder = self.system.bids
        if self.phase == BIDDING and a.kind == ladder.kind:
            return ladder.refusal(self, a)
        if self.phase == WHISTING and self.system.must_whist(self.contract):
            return "a six of spades must be whisted by both defenders (Stalingrad)"
        if self.phase == WHISTING and a.kind == HALF:
            return "half-whist only at 6 and 7, by the second defender after the first passed"
        return ""

    # the end of the bidding ---------------------------------------------

    def _won(self, seat: int) -> None:
        """The bidding is over: ``seat`` declares, with the talon or without it."""
        self.declarer = seat
        award = self.system.bids.award(self)
        if award.talon:
            self.contract = award.contract
            self._take_talon(seat, public=self.system.talon_shown(award.contract))
        elif award.contract is not None:
            self._declare(award.contract)
        else:
            self.phase = DECLARING
            self.actor = seat

    def _take_talon(self, seat: int, public: bool) -> None:
        talon = mask_of(self.talon)
        self.holding = self.hands[seat] | talon
        self.hands[seat] |= talon
        if public:
            self.shown |= talon
        self.log.append((EV_TALON, seat, self.talon, public))
        self.phase = DISCARDING
        self.actor = seat

    def _all_passed(self) -> None:
        end = self.system.all_passed()
        if end is not None:
            self._finish_deal(end)
            return
        self.contract = None
        self.declarer = None
        self._begin_play()

    # the contract and the answers ------------------------------------------

    def _declare(self, contract: str) -> None:
        self.contract = contract
        strain = contract_strain(contract)
        self.trump = STRAIN_SUIT[strain] if strain is not None else None
        first, second = self.defenders()
        if self.system.checks(self.level):
            # A checked ten: nobody is asked; both defenders play it out, each his own
            # cards, and write no whists for tricks (the sheet's ``House.checks``).
            self.answers[first] = self.answers[second] = Answer.WHIST
            self.whisters = (1 << first) | (1 << second)
            self._begin_play()
            return
        self.phase = WHISTING
        self.actor = first

    def _answer(self, seat: int, kind: int) -> None:
        first, second = self.defenders()
        word = ANSWERS[kind]
        if self.phase == WHIST_BACK:
            self.answers[seat] = word
            if kind == WHIST:  # he takes the whist back: the half-whister passes
                self.answers[second] = Answer.PASS
                self._lone_whister(seat)
            else:
                self._no_play()
            return
        self.answers[seat] = word
        if seat == first:
            self.actor = second
            return
        if kind == HALF:
            self.phase = WHIST_BACK
            self.actor = first
            return
        whisting = [s for s in (first, second) if self.answers[s] == Answer.WHIST]
        if len(whisting) == 2:
            self.whisters = (1 << first) | (1 << second)
            self._begin_play()
        elif len(whisting) == 1:
            self._lone_whister(whisting[0])
        else:
            self._no_play()

    def _lone_whister(self, seat: int) -> None:
        self.whisters = 1 << seat
        self.phase = INVITING if self.system.invites else CHOOSING
        self.actor = seat

    def _no_play(self) -> None:
        """Nobody whists (or a half-whist stands): the contract is made without play."""
        half = Answer.HALF in self.answers
        self._finish_deal(DealEnd.HALF_WHIST if half else DealEnd.NO_WHIST)

    # the play -----------------------------------------------------------

    def _begin_play(self, whist_mode: str = "") -> None:
        self.phase = PLAYING
        system = self.system
        if system.declarer_leads:
            assert self.declarer is not None
            self.leader = self.declarer
        else:
            self.leader = self.active[0]
        if self.contract is None and system.talon_leads_allpass:
            self._lead_from_talon()
        self._set_actor()

    def _lead_from_talon(self) -> None:
        """All-pass in sochi and leningrad: a talon card sets the suit of each of the first
        two tricks; first hand plays first to it."""
        card = self.talon[len(self.winners)]
        self.talon_lead = card
        self.shown |= 1 << card
        self.leader = self.active[0]
        self.log.append((EV_LEAD, card, len(self.winners)))

    def _show(self, seats: tuple[int, ...], why: str) -> None:
        """Lay hands open to everyone: an open whist, or misère catchers after trick one."""
        for s in seats:
            self.open_seats |= 1 << s
            self.shown |= self.hands[s]
        self.log.append((EV_SHOW, tuple((s, self.hands[s]) for s in seats), why))

    def _set_actor(self) -> None:
        owner = self.hand_to_play()
        if self.whisters and (self.open_seats >> owner) & 1 and not (self.whisters >> owner) & 1:
            # An open whist: the whister plays his partner's cards.
            self.actor = next(s for s in self.active if (self.whisters >> s) & 1)
        else:
            self.actor = owner

    def _play(self, owner: int, card: int) -> None:
        self.hands[owner] &= ~(1 << card)
        self.plays.append((owner << 6) | card)
        in_trick = 2 if self.out_seat is not None else 3
        if len(self.plays) == in_trick:
            self._end_trick()
        else:
            self._set_actor()

    def _end_trick(self) -> None:
        plays = self.plays
        winner: int | str
        if self.talon_lead >= 0:
            suit = self.talon_lead // 13
            followed = [p for p in plays if (p & 63) // 13 == suit]
            winner = max(followed, key=lambda p: p & 63) >> 6 if followed else "spoiled"
        else:
            best = self._best(plays)
            winner = next(p >> 6 for p in plays if p & 63 == best)
        index = len(self.winners)
        self.winners.append(winner)
        done = tuple(plays)
        self.trick_log.append(done)
        self.plays = []
        lead = self.talon_lead
        self.talon_lead = -1
        if isinstance(winner, int):
            self.taken[winner] += 1
        self.log.append((EV_TRICK, index, done, winner, lead))
        if index + 1 == TRICKS:
            self._finish_deal(DealEnd.TRICKS)
            return
        if self.contract == MISERE and index == 0:
            # The catchers lay their hands open after the first trick.
            self._show(tuple(s for s in self.active if s != self.declarer), "misere")
        talon_leads = self.contract is None and self.system.talon_leads_allpass
        if talon_leads and index < 1:
            self._lead_from_talon()
        elif talon_leads and index == 1:
            self.leader = self.active[0]
        else:
            assert isinstance(winner, int)
            self.leader = winner
        self._set_actor()

    # the end of a deal ------------------------------------------------------

    def _finish_deal(self, end: DealEnd) -> None:
        self.phase = OVER
        n = self.players
        system = self.system
        before = self.returns()
        # Unplayed, the talon stays in the declarer's hand: the summary does not repeat it.
        played = end == DealEnd.TRICKS
        details: dict[str, Any] = {
            "contract": self.contract,
            "declarer": self.declarer,
            "bids": [[s, w] for s, w in self.bids],
            "answers": list(self.answers),
            "taken": list(self.taken),
            "played": [[play_text(p) for p in t] for t in self.trick_log],
        }
        if self.contract is None and played:
            details["contract"] = DealKind.ALLPASS
            details["allpass_round"] = self.streak + 1
            if system.talon_leads_allpass:
                details["talon"] = [CARD_NAMES[c] for c in self.talon]
        elif self.declarer is not None and played and system.talon_shown(self.contract):
            details["talon"] = [CARD_NAMES[c] for c in self.talon]
        winner, points = system.settle(self, end, details)
        after = self.returns()
        gains = tuple(after[s] - before[s] for s in range(n))
        summary = DealSummary(
            number=self.deal_no,
            dealer=self.dealer,
            tricks=tuple(self.winners),
            winner=winner,
            points=points,
            gains=gains,
            end=end,
            details=details,
        )
        self.history.append(summary)
        self.log.append((EV_DEAL_END, summary))
        self.actor = None
        if system.over(self):
            self.finished = True
            ret = self.returns()
            best = max(ret)
            top = [s for s in range(n) if ret[s] == best]
            self.winner = top[0] if len(top) == 1 else None
            self.log.append((EV_MATCH_END, tuple(ret), self.winner))
            return
        if self.stop_after_deal:
            return
        self.dealer = (self.dealer + 1) % n
        self.deal_no += 1
        self._start_deal()

    # ------------------------------------------------------------ output

    def balance(self) -> tuple[float, ...]:
        """Each seat's balance as if the game were settled now (whists, or stakes)."""
        return self.system.balance(self)

    def result(self) -> Result:
        return Result(
            tuple(round(x) for x in self.balance()),
            (0,) * self.players,
            self.finished,
            self.winner,
        )

    def returns(self) -> tuple[float, ...]:
        return self.balance()

    def deal_json(self, index: int) -> dict[str, Any]:
        """A deal as a record writes it: hands in seat order (a sitting-out dealer: [])."""
        deal = self.dealt[index]
        n = self.players
        dealer = (self.first_dealer + index) % n
        hands: list[list[str]] = [[] for _ in range(n)]
        for i in range(3):
            hands[(dealer + 1 + i) % n] = [CARD_NAMES[c] for c in deal.hands[i]]
        return {"hands": hands, "talon": [CARD_NAMES[c] for c in deal.pile("talon")]}

    def to_record(self) -> dict[str, Any]:
        record = self._record_head()
        record["seed"] = self.seed
        record["deals"] = [self.deal_json(i) for i in range(len(self.dealt))]
        record["actions"] = [TEXTS[e.number] for e in self.log if type(e) is PrefAction]
        return record

    def public_record(self) -> dict[str, Any]:
        """What anyone may see: the actions as everyone saw them, and each deal's summary."""
        record = self._record_head()
        record["actions"] = [public_text(e) for e in self.log if type(e) is PrefAction]
        cache = self._public_deals
        summaries = self.finished_deals()
        while len(cache) < len(summaries):
            cache.append(json.dumps(summaries[len(cache)].to_json()))
        record["deals"] = json.loads("[" + ",".join(cache) + "]")
        return record


def public_text(a: PrefAction) -> str:
    """An action as everyone but its seat sees it: a discard is face down."""
    return f"{a.seat}:discard" if a.kind == DISCARD else TEXTS[a.number]


def _beating(best: int, trump: int | None) -> int:
    """Cards that beat ``best``: higher of its suit, and any trump if it is not one."""
    suit = best // 13
    higher = SUIT_MASKS[suit] & ~((1 << (best + 1)) - 1)
    if trump is not None and suit != trump:
        higher |= SUIT_MASKS[trump]
    return higher


__all__ = ["PHASE_NAMES", "PreferansRules", "card_names", "whist_duty"]
