"""Le Truc's state machine: one match (a robber of games to 12), docs/rules/truc.md.

The state is a bag of small ints, bit masks and short lists so that ``clone``
and ``apply`` stay cheap: search bots will call them millions of times.
Phases of a deal:

* ``CALL`` (four players only): right-of-dealer calls for cards or passes;
* ``REDEAL_ANSWER``: the dealer accepts or refuses a call for cards;
* ``WINDOW`` (four players only): a captain's chance to propose just before
  his partner plays their side's first card of a trick;
* ``PLAY``: a player is to play a card (and, first, may propose or fold);
* ``ANSWER``: the opposing captain answers a ``double`` or a ``rest``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from itertools import combinations
from typing import TYPE_CHECKING, Any

from tricktaker.cards import CARD_NAMES
from tricktaker.core.actions import Action
from tricktaker.core.deals import Deal, DealSpec, GivenDeal, PileSpec, make_deal, read_deal
from tricktaker.core.points import (
    PointsDeal,
    PointsMatch,
    points_summary,
    read_score,
)
from tricktaker.core.summary import DealSummary
from tricktaker.games.truc.actions import (
    ACCEPT,
    DOUBLE,
    FOLD,
    PASS,
    PLAY,
    PLAY_ACTIONS,
    REDEAL,
    REFUSE,
    REST,
    SAY,
    SAYS,
    SIGNAL,
    SIGNALS,
    SIMPLE,
    TABLE,
    TrucAction,
)
from tricktaker.games.truc.cards import BY_STRENGTH, DECK, STRENGTH
from tricktaker.games.truc.outcomes import (
    DRAW,
    OUTCOME,
    RESOLVE2,
    SPOILED,
    resolve_trick,
)

if TYPE_CHECKING:  # numpy is loaded with the kernel, at the first playouts
    from tricktaker.core.playouts import Playouts

CALL, REDEAL_ANSWER, WINDOW, PLAY_PHASE, ANSWER, OVER = range(6)
PHASE_NAMES = ("call", "redeal_answer", "window", "play", "answer", "over")
GAME_POINTS = 12
HAND = 3
NO_PROPOSAL, PROPOSE_DOUBLE, PROPOSE_REST = 0, 1, 2


#: Le Truc's piles: three cards to each seat, and the stock, top first.
DEAL_SPEC = DealSpec(
    deck=DECK,
    piles=(PileSpec("hands", HAND, per_seat=True), PileSpec("stock", None)),
    game_name="Le Truc",
)

# Log entries other than plain actions (which are logged as their interned object):
# (EV_SAID, action, context) for a word whose meaning depends on the moment,
# and the table's own events.
EV_SAID, EV_DEAL, EV_NEW_CARDS = range(3)


#: A start's rows besides the score and games: the seat that dealt the game's first deal.
START_MORE = ("game_dealer",)

#: "seat:card" as deal summaries write a play, by (seat << 6) | card.
PLAY_TEXT: dict[int, str] = {(s << 6) | c: f"{s}:{CARD_NAMES[c]}" for s in range(4) for c in DECK}


_SHUFFLE = DEAL_SPEC.shuffle
_DECK_LIST = DEAL_SPEC.deck_list
_deal = partial(tuple.__new__, Deal)  # a named tuple made as a tuple: once a deal


def deal_summary(raw: PointsDeal) -> DealSummary:
    """The typed summary of a finished deal (only cards that were played appear)."""
    return points_summary(raw, (SPOILED, "spoiled"), PLAY_TEXT.__getitem__)


#: Legal actions by what decides them (see ``_compute_legal``); filled as
#: situations occur (a few thousand three-card hands per seat, times a few flags).
_LEGAL: dict[int, tuple[TrucAction, ...]] = {}
#: Play actions of a (hand, seat), strongest card first, shared by the table above.
_PLAYS: dict[int, tuple[TrucAction, ...]] = {}


#: Each card's place in ``BY_STRENGTH`` (the order plays are listed in).
_SHOWN_AT: dict[int, int] = {c: i for i, c in enumerate(BY_STRENGTH)}


def _plays_for(seat: int, hand: int) -> tuple[TrucAction, ...]:
    cards = []
    while hand:
        low = hand & -hand
        cards.append(low.bit_length() - 1)
        hand ^= low
    cards.sort(key=_SHOWN_AT.__getitem__)
    row = PLAY_ACTIONS[seat]
    out = []
    for c in cards:
        a = row[c]
        assert a is not None
        out.append(a)
    return tuple(out)


def _words2(seat: int, kind: int, redeal: bool) -> tuple[TrucAction, ...]:
    """What a seat of two players may do on his card turn besides a card (_build_legal)."""
    simple = SIMPLE[seat]
    out = [simple[REDEAL]] if redeal else []
    if kind == PROPOSE_DOUBLE:
        out.append(simple[DOUBLE])
    elif kind == PROPOSE_REST:
        out.append(simple[REST])
    out.append(simple[FOLD])
    return tuple(out)


def _fill_plays(seat: int) -> None:
    """Every hand of three cards or fewer of ``seat`` in ``_PLAYS`` (5,488 hands, some ms):
    once, at its first card turn of two players, not one new hand at a time."""
    for size in range(4):
        for cards in combinations(DECK, size):
            hand = sum(1 << c for c in cards)
            _PLAYS.setdefault((hand << 2) | seat, _plays_for(seat, hand))


#: ``_words2`` by (seat << 3) | (kind << 1) | redeal.
_WORDS2: dict[int, tuple[TrucAction, ...]] = {
    (seat << 3) | (kind << 1) | redeal: _words2(seat, kind, bool(redeal))
    for seat in range(2)
    for kind in (NO_PROPOSAL, PROPOSE_DOUBLE, PROPOSE_REST)
    for redeal in (0, 1)
}


class TrucRules(PointsMatch[TrucAction]):
    """A match of Le Truc: the rules alone. Seats 0..n-1 in order of play; sides are seat parity.

    :class:`~tricktaker.games.truc.state.TrucState` adds what leaves the state
    (views, events); this class knows nothing of them, so the modules that
    build them can import the rules without a cycle.
    """

    GAME_ID = "truc"
    COPIED = (
        "discards",
        "games",
        "hands",
        "plays",
        "proposed_trick",
        "score",
        "trick_log",
        "tricks",
    )
    ACTIONS = TABLE
    ACTION_ENTRIES = frozenset({EV_SAID})
    OVER = OVER
    deal_summary = staticmethod(deal_summary)

    __slots__ = (
        "decider",
        "discards",
        "game_first_dealer",
        "given",
        "leader",
        "msg_sent",
        "played",
        "proposed_trick",
        "proposed_turn",
        "proposer",
        "redeal_open",
        "redeals",
        "repeat",
        "rest_side",
        "resume",
        "stock",
        "stock_pos",
        "ties",
    )

    def _setup(self, deals: Sequence[Mapping[str, Any] | GivenDeal]) -> None:
        n = self.n
        self.ties = self.options.text("ties")
        self.repeat = self.options.text("redeal") == "repeat"
        self.given: tuple[GivenDeal, ...] = tuple(
            read_deal(d, DEAL_SPEC, n, i) for i, d in enumerate(deals)
        )
        # The match: the best of three games (a robber, the default) or a single game.
        self.games_to_win = (self.options.integer("match") + 1) // 2
        self.score, self.games = read_score(self.start, GAME_POINTS, self.games_to_win, START_MORE)
        # Who dealt the first deal of the game under way: his left hand deals the next game.
        # A start in the middle of a game may say (a determinisation does); else the dealer.
        self.game_first_dealer = self.start.row("game_dealer", 1, 0, n - 1, (self.dealer,))[0]

    # ------------------------------------------------------------------ deals

    def _start_deal(self) -> None:
        n = self.n
        k = self.deal_no - self.first_deal
        given = self.given[k] if k < len(self.given) else None
        dealer = self.dealer
        leader = (dealer + 1) % n
        if given is None and n == 2:  # make_deal's two-handed case, spelled out: every deal
            order = _SHUFFLE(_DECK_LIST, self.seed, self.deal_no)
            a, b, c, d, e, f = order[:6]
            if leader:
                a, b, c, d, e, f = b, a, d, c, f, e
            stock = tuple(order[6:])
            deal = _deal((((a, c, e), (b, d, f)), {"stock": stock}))
            self.hands = [(1 << a) | (1 << c) | (1 << e), (1 << b) | (1 << d) | (1 << f)]
        else:
            deal = make_deal(DEAL_SPEC, n, leader, self.seed, self.deal_no, given)
            self.hands = [(1 << h[0]) | (1 << h[1]) | (1 << h[2]) for h in deal.hands]
            stock = deal.piles["stock"]
        self.dealt.append(deal)
        score, games = self.score, self.games
        log = self.log
        self.deal_start = len(log)
        log.append(
            (EV_DEAL, deal, self.deal_no, dealer, (score[0], score[1]), (games[0], games[1]))
        )
        self.stock = stock
        self.stock_pos = 0
        self.discards = [0] * n
        self.played = 0
        self.value = 1
        self.pending = NO_PROPOSAL
        self.proposer = -1
        self.resume = -1
        self.rest_side = -1
        self.decider = False
        self.redeals = 0
        self.redeal_open = True
        self.leader = leader
        self.plays: list[int] = []  # seat * 64 + card, in order of play
        self.tricks: list[int] = []
        self.trick_log: list[tuple[int, ...]] = []
        self.proposed_turn = False
        self.proposed_trick = [False, False]
        self.msg_sent = 0
        self.actor: int | None
        if n == 4:
            self.phase = CALL
            self.actor = (dealer + 3) % 4
            self.resume = leader
        else:  # _turn: no window in two-handed play
            self.phase = PLAY_PHASE
            self.actor = self.resume = leader

    def captain(self, side: int) -> int:
        """The dealer captains his side; right-of-dealer the other (2p: each himself)."""
        d = self.dealer
        if (d & 1) == side:
            return d
        return (d - 1) % self.n

    def _proposal_kind(self, side: int) -> int:
        """What the captain of ``side`` may propose now, ignoring whose turn it is."""
        if self.decider:
            return NO_PROPOSAL
        if self.rest_side >= 0:
            return PROPOSE_REST if side != self.rest_side else NO_PROPOSAL
        mine = self.score[side]
        if mine + 2 * self.value <= GAME_POINTS:
            return PROPOSE_DOUBLE
        if GAME_POINTS - mine > self.value:
            return PROPOSE_REST
        return NO_PROPOSAL

    def _side_has_played(self, side: int) -> bool:
        for p in self.plays:  # noqa: SIM110 - a plain loop: no generator in the hot path
            if ((p >> 6) & 1) == side:
                return True
        return False

    def _turn(self, seat: int) -> None:
        """``seat`` is to play; in four-handed play his captain may speak first."""
        if self.n == 4:
            side = seat & 1
            cap = self.captain(side)
            if (
                cap != seat
                and not self.proposed_trick[side]
                and not self._side_has_played(side)
                and self._proposal_kind(side) != NO_PROPOSAL
            ):
                self.phase = WINDOW
                self.actor = cap
                self.resume = seat
                return
        self.phase = PLAY_PHASE
        self.actor = seat
        self.resume = seat

    def _can_propose_now(self, seat: int) -> int:
        side = seat & 1
        if self.n == 2:
            if self.proposed_turn:
                return NO_PROPOSAL
        elif self.captain(side) != seat or self.proposed_trick[side] or self._side_has_played(side):
            return NO_PROPOSAL
        return self._proposal_kind(side)

    # ---------------------------------------------------------------- legal

    def legal_actions(self) -> tuple[TrucAction, ...]:
        """What ``to_act`` may do now (``Engine.legal_actions``): a card turn of two players,
        the most common by far, keyed here without a call (as ``_compute_legal`` keys it)."""
        cached = self._legal
        if cached is not None:
            return cached
        seat = self.actor
        if seat is None:
            cached = ()
        elif self.n == 2 and self.phase == PLAY_PHASE:
            # _can_propose_now and _proposal_kind, inline.
            if self.proposed_turn or self.decider:
                kind = NO_PROPOSAL
            elif self.rest_side >= 0:
                kind = PROPOSE_REST if seat != self.rest_side else NO_PROPOSAL
            else:
                mine = self.score[seat]
                value = self.value
                if mine + 2 * value <= GAME_POINTS:
                    kind = PROPOSE_DOUBLE
                elif GAME_POINTS - mine > value:
                    kind = PROPOSE_REST
                else:
                    kind = NO_PROPOSAL
            # The cards (as _build_legal lists them), then the words: one tuple each.
            hand = self.hands[seat]
            key = (hand << 2) | seat
            plays = _PLAYS.get(key)
            if plays is None:
                _fill_plays(seat)
                plays = _PLAYS.get(key)
                if plays is None:  # more than three cards: no hand of the rules
                    plays = _PLAYS[key] = _plays_for(seat, hand)
            cached = plays + _WORDS2[(seat << 3) | (kind << 1) | self.redeal_open]
        else:
            cached = self._compute_legal(seat)
        self._legal = cached
        return cached

    def _compute_legal(self, seat: int) -> tuple[TrucAction, ...]:
        """The legal actions, from a table keyed by everything they depend on.

        A handful of facts decide them (seat, phase, hand, whether a call or a
        proposal is open, whether the seat still may talk), so each distinct
        combination is built once and shared as a tuple: most turns cost one
        dict lookup.
        """
        phase = self.phase
        talk = self.n == 4 and not (self.msg_sent >> seat) & 1
        if phase == PLAY_PHASE:
            captain = self.n == 2 or self.captain(seat & 1) == seat
            kind = self._can_propose_now(seat) if captain else NO_PROPOSAL
            redeal = self.n == 2 and self.redeal_open
            key = (self.hands[seat] << 10) | (seat << 6) | (kind << 3) | (captain << 2)
            key |= (redeal << 1) | talk
        elif phase == WINDOW:
            kind = self._proposal_kind(seat & 1)
            key = (phase << 6) | (seat << 3) | (kind << 1) | talk
        else:
            key = (phase << 6) | (seat << 3) | (self.pending << 1) | talk
        found = _LEGAL.get(key)
        if found is None:
            found = _LEGAL[key] = self._build_legal(seat, phase, talk)
        return found

    def _build_legal(self, seat: int, phase: int, talk: bool) -> tuple[TrucAction, ...]:
        simple = SIMPLE[seat]
        out: list[TrucAction] = []
        if phase == PLAY_PHASE:
            key = (self.hands[seat] << 2) | seat
            plays = _PLAYS.get(key)
            if plays is None:
                plays = _PLAYS[key] = _plays_for(seat, self.hands[seat])
            out.extend(plays)
            is_captain = self.n == 2 or self.captain(seat & 1) == seat
            if self.n == 2 and self.redeal_open:
                out.append(simple[REDEAL])
            if is_captain:
                kind = self._can_propose_now(seat)
                if kind == PROPOSE_DOUBLE:
                    out.append(simple[DOUBLE])
                elif kind == PROPOSE_REST:
                    out.append(simple[REST])
            if talk:
                out.extend(SAYS[seat] if is_captain else SIGNALS[seat])
            if is_captain:
                out.append(simple[FOLD])
        elif phase == ANSWER:
            out.append(simple[ACCEPT])
            out.append(simple[REFUSE])
            if self.pending == PROPOSE_REST:
                out.append(simple[REST])
            out.append(simple[FOLD])
        elif phase == REDEAL_ANSWER:
            out.extend((simple[ACCEPT], simple[REFUSE], simple[FOLD]))
        elif phase == CALL:
            out.extend((simple[REDEAL], simple[PASS]))
            if talk:
                out.extend(SAYS[seat])
            out.append(simple[FOLD])
        elif phase == WINDOW:
            kind = self._proposal_kind(seat & 1)
            out.append(simple[DOUBLE] if kind == PROPOSE_DOUBLE else simple[REST])
            out.append(simple[PASS])
            if talk:
                out.extend(SAYS[seat])
            out.append(simple[FOLD])
        return tuple(out)

    # ---------------------------------------------------------------- apply

    def apply(self, action: Action | str) -> None:
        a = self._take(action)
        kind = a.kind
        seat = a.seat
        if kind == PLAY:  # _play and _add_play, inline: most actions are cards
            self.log.append(a)
            card = a.card
            self.hands[seat] &= ~(1 << card)
            self.played |= 1 << card
            self.redeal_open = False
            self.proposed_turn = False
            plays = self.plays
            plays.append((seat << 6) | card)
            n = self.n
            if len(plays) == n:
                self._end_trick()
            elif n == 2:  # _turn: no window in two-handed play
                self.phase = PLAY_PHASE
                self.actor = self.resume = 1 - seat
            else:
                self._turn((seat + 1) % n)
            return
        log = self.log
        if kind == FOLD:
            log.append(a)
            side = 1 - (seat & 1)
            # After a counter-rest the deal decides the game: folding concedes it.
            points = GAME_POINTS - self.score[side] if self.decider else self.value
            self._finish_deal("folded", side, points)
        elif kind in (DOUBLE, REST):
            log.append(self._said(a))
            if self.phase == ANSWER:
                self._counter_rest()
            else:
                self._propose(seat, kind)
        elif kind == ACCEPT:
            log.append((EV_SAID, a, self.phase * 4 + self.pending))
            if self.phase == REDEAL_ANSWER:
                self._redeal()
            else:
                self._accept()
        elif kind == REFUSE:
            log.append((EV_SAID, a, self.phase * 4 + self.pending))
            if self.phase == REDEAL_ANSWER:
                self.redeal_open = False
                self._after_call()
            else:
                self._finish_deal("refused", self.proposer & 1, self.value)
        elif kind == REDEAL:
            log.append(a)
            self.phase = REDEAL_ANSWER
            self.actor = self.dealer
        elif kind == PASS:
            log.append((EV_SAID, a, self.phase))
            if self.phase == CALL:
                self.redeal_open = False
                self._after_call()
            else:
                self.proposed_trick[seat & 1] = True
                self.phase = PLAY_PHASE
                self.actor = self.resume
        else:  # SAY or SIGNAL: a private word to the partner; the turn stays
            log.append(a)
            self.msg_sent |= 1 << seat

    def _said(self, a: TrucAction) -> object:
        """The log entry of a ``double`` or ``rest``: with the stake or claim it meant then.

        (``accept``/``refuse`` are logged with what they answer, ``pass`` with
        what it declines; the other verbs mean the same at any moment.)
        """
        if a.kind == DOUBLE and self.phase != ANSWER:
            return (EV_SAID, a, self.value * 2)
        if self.phase == ANSWER or self.rest_side >= 0:
            return (EV_SAID, a, -1)  # counter-rest: the deal decides the game
        return (EV_SAID, a, GAME_POINTS - self.score[a.seat & 1])

    def _why_illegal(self, a: TrucAction) -> str:
        if self.actor is None:
            return "the match is over"
        if a.seat != self.actor:
            return f"it is seat {self.actor}'s turn, not seat {a.seat}'s"
        if a.kind == PLAY and self.phase == PLAY_PHASE and not (self.hands[a.seat] >> a.card) & 1:
            return f"seat {a.seat} does not hold {CARD_NAMES[a.card]}"
        allowed = ", ".join(str(x) for x in self.legal_actions())
        return f"'{a}' is not allowed now; allowed: {allowed}"

    def _after_call(self) -> None:
        self._turn(self.leader)

    def _redeal(self) -> None:
        n = self.n
        caller = (self.dealer - 1) % n
        dealer = self.dealer
        pos = self.stock_pos
        stock = self.stock
        if len(stock) - pos < 2 * HAND:
            self._finish_deal("void", DRAW, 0)
            return
        self.discards[caller] |= self.hands[caller]
        self.discards[dealer] |= self.hands[dealer]
        self.hands[caller] = (1 << stock[pos]) | (1 << stock[pos + 2]) | (1 << stock[pos + 4])
        self.hands[dealer] = (1 << stock[pos + 1]) | (1 << stock[pos + 3]) | (1 << stock[pos + 5])
        self.stock_pos = pos + 2 * HAND
        self.redeals += 1
        self.redeal_open = self.repeat
        self.log.append(
            (
                EV_NEW_CARDS,
                caller,
                dealer,
                self.hands[caller],
                self.hands[dealer],
                len(stock) - pos - 6,
            )
        )
        if n == 4 and self.redeal_open:
            self.phase = CALL
            self.actor = caller
        else:
            self._after_call()

    def _propose(self, seat: int, kind: int) -> None:
        side = seat & 1
        self.redeal_open = False
        if self.n == 2:
            self.proposed_turn = True
        else:
            self.proposed_trick[side] = True
        if kind == REST and self.rest_side >= 0:
            # After the other side's accepted rest: a counter-rest, no answer asked.
            self.decider = True
            self._turn(self.resume)
            return
        self.pending = PROPOSE_DOUBLE if kind == DOUBLE else PROPOSE_REST
        self.proposer = seat
        self.phase = ANSWER
        self.actor = self.captain(1 - side)

    def _accept(self) -> None:
        side = self.proposer & 1
        if self.pending == PROPOSE_DOUBLE:
            self.value *= 2
        else:
            self.value = GAME_POINTS - self.score[side]
            self.rest_side = side
        self.pending = NO_PROPOSAL
        self._turn(self.resume)

    def _counter_rest(self) -> None:
        self.rest_side = self.proposer & 1
        self.decider = True
        self.pending = NO_PROPOSAL
        self._turn(self.resume)

    def _end_trick(self) -> None:
        plays = self.plays
        tricks = self.tricks
        if self.n == 2:
            first, second = plays
            won = 1 if (0 in tricks or 1 in tricks) else 0
            key = (STRENGTH[first & 63] << 4) | (STRENGTH[second & 63] << 1) | won
            code = RESOLVE2[self.ties][key]
            if code == SPOILED:
                result, leader = SPOILED, first >> 6
            else:
                leader = (second if code else first) >> 6
                result = leader & 1
        else:
            result, leader = resolve_trick(
                [(p >> 6, STRENGTH[p & 63]) for p in plays], tricks, self.ties
            )
        if self._end_of_trick(result, leader, OUTCOME[self.ties][(*tricks, result)], self.decider):
            return
        self.leader = leader
        self.proposed_trick = [False, False]
        self.msg_sent = 0
        self._turn(leader)

    def _next_dealer(self, game_over: bool) -> int:
        """The deal passes to the left; a new game is dealt by the next game's first dealer."""
        if game_over:
            self.game_first_dealer = (self.game_first_dealer + 1) % self.n
            return self.game_first_dealer
        return (self.dealer + 1) % self.n

    # ------------------------------------------------------------- playouts

    def random_playouts(
        self, n: int, seed: int, policy: str = "uniform", deal: bool = False
    ) -> Playouts:
        """The deal in progress played out ``n`` times in machine code (``core.playouts``,
        ``fast.py``); the kernel (and numba) is loaded at the first call only."""
        from tricktaker.games.truc.fast import random_playouts

        return random_playouts(self, n, seed, policy, deal)

    # --------------------------------------------------------------- output

    def to_record(self) -> dict[str, Any]:
        """The full record: every hand dealt so far, so it replays exactly."""
        record = self._record_head()
        record["seed"] = self.seed
        record["deals"] = [d.to_json() for d in self.dealt]
        record["actions"] = [str(a) for a in self.actions]
        return record

    def public_record(self) -> dict[str, Any]:
        """What anyone may see: public actions and played cards, no hand, no stock."""
        record = self._record_head()
        record["actions"] = [str(a) for a in self.actions if a.kind not in (SAY, SIGNAL)]
        record["deals"] = [
            {k: v for k, v in d.to_json().items() if k in PUBLIC_DEAL_KEYS}
            for d in self.finished_deals()
        ]
        return record


PUBLIC_DEAL_KEYS = ("deal", "tricks", "played", "winner", "points", "end")
