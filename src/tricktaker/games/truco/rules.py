"""Truco's state machine: one match (one game to 12, or the best of three), RULES.md §2.

Seats are numbered in order of play, which in Truco goes to the right: seat
``dealer + 1`` is the mão and leads the first trick, and the deal moves to
the right too. Teams are seats of equal parity. Phases of a deal:

* ``DECIDE``: a hand of eleven; the team on 11 (Mineiro: 10) plays or runs;
* ``PLAY``: a player is to play a card (and, first, may raise or fold);
* ``ANSWER``: the next opponent of the last raiser accepts, refuses or raises.

The state is small ints, bit masks and short lists, so that ``clone`` and
``apply`` stay cheap for the search bots.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Self

from tricktaker.cards import CARD_NAMES
from tricktaker.core.actions import Action
from tricktaker.core.deals import Deal, DealSpec, GivenDeal, PileSpec, make_deal, read_deal
from tricktaker.core.errors import IllegalAction, RecordError
from tricktaker.core.options import Options
from tricktaker.core.protocol import Result
from tricktaker.core.start import Start
from tricktaker.core.summary import DealList, DealSummary
from tricktaker.games.truco.actions import (
    ACCEPT,
    BLIND,
    BLINDS,
    BY_ID,
    DOWN,
    DOWNS,
    FOLD,
    HAND,
    KEEP,
    PLAY,
    PLAYS,
    RAISE,
    REFUSE,
    RUN,
    SIMPLE,
    TrucoAction,
    intern,
    parse_action,
)
from tricktaker.games.truco.cards import DECK, by_strength, strength_table
from tricktaker.games.truco.cards import DOWN as DOWN_STRENGTH
from tricktaker.games.truco.outcomes import (
    DRAW,
    ELEVEN,
    GAME_POINTS,
    LADDERS,
    OUTCOME,
    TIE,
    UNDECIDED,
)

DECIDE, PLAY_PHASE, ANSWER, OVER = range(4)
PHASE_NAMES = ("decide", "play", "answer", "over")
#: Truco's piles: three cards each, the vira turned from the top of the rest (Paulista), the stock.
DEAL_SPECS = {
    "paulista": DealSpec(
        deck=DECK,
        piles=(
            PileSpec("hands", HAND, per_seat=True),
            PileSpec("vira", 1),
            PileSpec("stock", None),
        ),
        game_name="Truco",
    ),
    "mineiro": DealSpec(
        deck=DECK,
        piles=(PileSpec("hands", HAND, per_seat=True), PileSpec("stock", None)),
        game_name="Truco",
    ),
}

# Log entries other than plain actions (logged as their interned object):
EV_SAID, EV_BLIND, EV_DEAL, EV_TRICK, EV_DEAL_END, EV_GAME_END, EV_MATCH_END = range(7)
START_ROWS = ("score", "games")
SIDES = {2: (0, 1), 4: (0, 1, 0, 1), 6: (0, 1, 0, 1, 0, 1)}
#: A play as the engine keeps it: ``(seat << 7) | (down << 6) | card``.
DOWN_BIT = 64


def _vira_as_pile(deal: object) -> object:
    """A record writes the vira as one card, ``"vira": "6d"``; core reads piles as lists."""
    if isinstance(deal, Mapping) and isinstance(deal.get("vira"), str):
        return {**deal, "vira": [deal["vira"]]}
    return deal


def _vira_as_card(deal: dict[str, Any]) -> dict[str, Any]:
    if isinstance(deal.get("vira"), list) and len(deal["vira"]) == 1:
        deal["vira"] = deal["vira"][0]
    return deal


def read_start(start: Start | None, games_to_win: int) -> tuple[list[int], list[int]]:
    """A starting score (0..11 each) and games won (fewer than the match needs)."""
    if start is None:
        return [0, 0], [0, 0]
    start.check_keys(START_ROWS)
    score = start.row("score", 2, 0, GAME_POINTS - 1, (0, 0))
    games = start.row("games", 2, 0, games_to_win - 1, (0, 0))
    return list(score), list(games)


#: A finished deal as the engine keeps it: number, dealer, vira, trick results,
#: the plays of each trick and of a trick cut short, winner, points, how it
#: ended, the value, the score after it, the eleven side (-1: none), iron.
RawDeal = tuple[
    int,
    int,
    int,
    list[int],
    list[tuple[int, ...]],
    list[int],
    int | None,
    int,
    str,
    int,
    tuple[int, int],
    int,
    bool,
]


def play_text(p: int) -> str:
    """A play as summaries write it: ``2:7c``, or ``2:down`` for a face-down card."""
    if p & DOWN_BIT:
        return f"{p >> 7}:down"
    return f"{p >> 7}:{CARD_NAMES[p & 63]}"


def deal_summary(raw: RawDeal) -> DealSummary:
    """The typed summary of a finished deal: only cards shown face up appear in it."""
    number, dealer, vira, tricks, trick_log, cut, winner, points, end, value, score = raw[:11]
    eleven, iron = raw[11], raw[12]
    plays = (*trick_log, cut)
    details: dict[str, Any] = {
        "played": tuple(tuple(play_text(p) for p in t) for t in plays if t),
        "value": value,
        "score": score,
    }
    if vira >= 0:
        details["vira"] = CARD_NAMES[vira]
    if eleven >= 0:
        details["eleven"] = eleven
    if iron:
        details["iron"] = True
    return DealSummary(
        number=number,
        dealer=dealer,
        tricks=tuple("tie" if t == TIE else t for t in tricks),
        winner=winner,
        points=points,
        gains=(0.0, 0.0)
        if winner is None
        else ((float(points), 0.0) if winner == 0 else (0.0, float(points))),
        end=end,
        details=details,
    )


#: Legal actions by what decides them, built once per distinct situation.
_LEGAL: dict[tuple[int, ...], tuple[TrucoAction, ...]] = {}
MAX_LEGAL_CACHE = 500_000


class TrucoRules:
    """A match of Truco: the rules alone (views and events are added by ``state``)."""

    __slots__ = (
        "_legal",
        "_summaries",
        "actor",
        "base",
        "deal_no",
        "deal_start",
        "dealer",
        "dealt",
        "eleven",
        "eleven_rule",
        "finished",
        "first_deal",
        "first_dealer",
        "games",
        "games_to_win",
        "given",
        "hands",
        "history",
        "iron",
        "ladder",
        "leader",
        "level",
        "lock",
        "log",
        "n",
        "options",
        "order",
        "pending",
        "phase",
        "plays",
        "raised_turn",
        "raiser",
        "resume",
        "score",
        "seed",
        "spec",
        "start",
        "stop_after_deal",
        "strength",
        "table_key",
        "trick_log",
        "tricks",
        "value",
        "variant",
        "vira",
        "winner",
    )

    def __init__(
        self,
        options: Options,
        seed: int | str = 0,
        deals: Sequence[Mapping[str, Any] | GivenDeal] | None = None,
        dealer: int = 0,
        start: Start | None = None,
        *,
        deal_number: int = 0,
    ) -> None:
        """A match from its first deal; ``deal_number`` lets a determinisation begin later."""
        n = options.integer("players")
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
            raise RecordError(f"dealer must be a seat from 0 to {n - 1}")
        self.options = options
        self.n = n
        self.variant = options.text("variant")
        self.ladder = LADDERS[self.variant]
        self.base = self.ladder[0]
        self.eleven_rule = ELEVEN[self.variant]
        self.games_to_win = (options.integer("match") + 1) // 2
        self.spec = DEAL_SPECS[self.variant]
        self.seed = seed
        self.given: tuple[GivenDeal, ...] = tuple(
            read_deal(_vira_as_pile(d), self.spec, n, i) for i, d in enumerate(deals or ())
        )
        self.start = start if start is not None else Start()
        self.score, self.games = read_start(start, self.games_to_win)
        self.first_dealer = dealer
        self.dealer = dealer
        self.deal_no = deal_number
        self.first_deal = deal_number
        self.dealt: list[Deal] = []
        self.finished = False
        self.winner: int | None = None
        self.history: list[RawDeal] = []
        self._summaries: list[DealSummary] = []
        #: What happened, in order: interned actions and small tuples (see EV_*).
        self.log: list[object] = []
        self._legal: tuple[TrucoAction, ...] | None = None
        self.stop_after_deal = False
        self._start_deal()

    # ------------------------------------------------------------------ deals

    def _start_deal(self) -> None:
        n = self.n
        k = self.deal_no - self.first_deal
        given = self.given[k] if k < len(self.given) else None
        deal = make_deal(self.spec, n, (self.dealer + 1) % n, self.seed, self.deal_no, given)
        self.dealt.append(deal)
        vira = deal.piles["vira"][0] if "vira" in deal.piles else -1
        self.vira = vira
        self.strength = strength_table(None if vira < 0 else vira)
        #: Which strength table this deal uses (the manilhas' rank; -1: Mineiro's), for caches.
        self.table_key = -1 if vira < 0 else vira % 13
        self.order = deal.hands
        self.hands = [(1 << h[0]) | (1 << h[1]) | (1 << h[2]) for h in deal.hands]
        at, value, _ = self.eleven_rule
        on = [self.score[0] >= at, self.score[1] >= at]
        self.iron = on[0] and on[1]
        self.eleven = -1 if self.iron or on[0] == on[1] else (0 if on[0] else 1)
        self.level = 0
        self.value = self.base
        if self.eleven >= 0:
            self.value = value
        self.pending = False
        self.raiser = -1
        self.lock = -1
        self.raised_turn = False
        self.plays: list[int] = []
        self.tricks: list[int] = []
        self.trick_log: list[tuple[int, ...]] = []
        self.leader = (self.dealer + 1) % n
        self.deal_start = len(self.log)
        self.log.append(
            (
                EV_DEAL,
                deal,
                self.deal_no,
                self.dealer,
                (self.score[0], self.score[1]),
                (self.games[0], self.games[1]),
                self.eleven,
                self.iron,
            )
        )
        self.actor: int | None
        if self.eleven >= 0:
            self.phase = DECIDE
            seat = self.leader
            while seat & 1 != self.eleven:
                seat = (seat + 1) % n
            self.actor = seat
            self.resume = self.leader
        else:
            self._turn(self.leader)

    def _turn(self, seat: int) -> None:
        self.phase = PLAY_PHASE
        self.actor = seat
        self.resume = seat
        self.raised_turn = False

    # ---------------------------------------------------------------- legal

    @property
    def to_act(self) -> int | None:
        return self.actor

    @property
    def players(self) -> int:
        return self.n

    @property
    def sides(self) -> tuple[int, ...]:
        return SIDES[self.n]

    def can_raise(self, seat: int) -> bool:
        """Whether ``seat``'s team may raise now (ignoring whose turn it is)."""
        return (
            self.eleven < 0
            and not self.iron
            and self.level < len(self.ladder) - 1
            and (self.lock < 0 or self.lock == seat & 1)
        )

    def legal_actions(self) -> tuple[TrucoAction, ...]:
        cached = self._legal
        if cached is None:
            cached = self._legal = self._compute_legal()
        return cached

    def _compute_legal(self) -> tuple[TrucoAction, ...]:
        seat = self.actor
        if seat is None:
            return ()
        phase = self.phase
        if phase == PLAY_PHASE:
            raise_ok = not self.raised_turn and self.can_raise(seat)
            key: tuple[int, ...] = (
                phase,
                seat,
                self.hands[seat],
                self.iron,
                bool(self.tricks),
                raise_ok,
                self.table_key,
            )
        elif phase == ANSWER:
            key = (phase, seat, self.level + 1 < len(self.ladder) - 1)
        else:
            key = (phase, seat)
        found = _LEGAL.get(key)
        if found is None:
            if len(_LEGAL) > MAX_LEGAL_CACHE:  # a long run's memory stays bounded
                _LEGAL.clear()
            found = _LEGAL[key] = self._build_legal(seat, phase)
        return found

    def _build_legal(self, seat: int, phase: int) -> tuple[TrucoAction, ...]:
        simple = SIMPLE[seat]
        out: list[TrucoAction] = []
        if phase == PLAY_PHASE:
            hand = self.hands[seat]
            if self.iron:
                out.extend(BLINDS[seat][: hand.bit_count()])
            else:
                cards = by_strength(hand, self.strength)
                out.extend(PLAYS[seat][c] for c in cards)  # type: ignore[misc]
                if self.tricks:
                    out.extend(DOWNS[seat][c] for c in cards)  # type: ignore[misc]
                if not self.raised_turn and self.can_raise(seat):
                    out.append(simple[RAISE])
            out.append(simple[FOLD])
        elif phase == ANSWER:
            out.extend((simple[ACCEPT], simple[REFUSE]))
            if self.level + 1 < len(self.ladder) - 1:
                out.append(simple[RAISE])
        elif phase == DECIDE:
            out.extend((simple[KEEP], simple[RUN]))
        return tuple(out)

    # ---------------------------------------------------------------- apply

    def apply(self, action: Action | str) -> None:
        try:  # the usual case first: an interned action, as legal_actions() gives them
            a = action if BY_ID[action.number] is action else intern(action)  # type: ignore[union-attr,arg-type]
        except (AttributeError, IndexError, TypeError):
            a = parse_action(action) if isinstance(action, str) else intern(action)
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        for candidate in legal:  # interned: identity is equality
            if candidate is a:
                break
        else:
            raise IllegalAction(self._why_illegal(a), f"'{a}' is not allowed now")
        self._legal = None
        kind = a.kind
        seat = a.seat
        if kind in (PLAY, DOWN):
            self.log.append(a)
            self._play(seat, a.card, DOWN_BIT if kind == DOWN else 0)
        elif kind == BLIND:
            hand = self.hands[seat]
            cards = [c for c in self.order[seat] if (hand >> c) & 1]
            c = cards[a.slot - 1]
            self.log.append((EV_BLIND, a, c))
            self._play(seat, c, 0)
        elif kind == RAISE:
            self._raise(a)
        elif kind == ACCEPT:
            self.log.append((EV_SAID, a, self.ladder[self.level + 1]))
            self.level += 1
            self.value = self.ladder[self.level]
            self.pending = False
            self.lock = seat & 1  # the team that received the raise may raise next
            self.phase = PLAY_PHASE
            self.actor = self.resume
        elif kind == REFUSE:
            self.log.append((EV_SAID, a, self.value))
            self._finish_deal("refused", self.raiser & 1, self.value)
        elif kind == FOLD:
            self.log.append((EV_SAID, a, self._fold_points(1 - (seat & 1))))
            self._finish_deal("folded", 1 - (seat & 1), self._fold_points(1 - (seat & 1)))
        elif kind == KEEP:
            self.log.append((EV_SAID, a, self.value))
            self._turn(self.leader)
        else:  # RUN
            points = self.eleven_rule[2]
            self.log.append((EV_SAID, a, points))
            self._finish_deal("ran", 1 - self.eleven, points)

    def _fold_points(self, side: int) -> int:
        """What a fold gives the other team: the value, or in the iron hand the game."""
        return GAME_POINTS - self.score[side] if self.iron else self.value

    def _raise(self, a: TrucoAction) -> None:
        seat = a.seat
        if self.phase == ANSWER:  # accepting the raise and raising again
            self.level += 1
            self.value = self.ladder[self.level]
        else:
            self.raised_turn = True
        self.log.append((EV_SAID, a, self.ladder[self.level + 1]))
        self.pending = True
        self.raiser = seat
        self.lock = -1
        self.phase = ANSWER
        self.actor = (seat + 1) % self.n  # the next opponent in turn answers for his team

    def _why_illegal(self, a: TrucoAction) -> str:
        if self.actor is None:
            return "the match is over"
        if a.seat >= self.n:
            return f"there is no seat {a.seat} at this table of {self.n}"
        if a.seat != self.actor:
            return f"it is seat {self.actor}'s turn, not seat {a.seat}'s"
        if self.phase == PLAY_PHASE:
            # The same answer whether or not he holds the card: it must not tell him.
            if self.iron and a.kind in (PLAY, DOWN):
                return "in the iron hand nobody sees his cards: play one by place, '#1'"
            if a.kind in (PLAY, DOWN) and not (self.hands[a.seat] >> a.card) & 1:
                return f"seat {a.seat} does not hold {CARD_NAMES[a.card]}"
            if a.kind == DOWN:
                return "a card may be played face down from the second trick on"
            if a.kind == RAISE:
                if self.eleven >= 0 or self.iron:
                    return "no raise is allowed in this hand"
                if self.level >= len(self.ladder) - 1:
                    return f"the hand is already worth {self.ladder[-1]}: no higher raise"
                return "only the team that received the last raise may raise now"
        allowed = ", ".join(str(x) for x in self._compute_legal())
        return f"'{a}' is not allowed now; allowed: {allowed}"

    def _play(self, seat: int, card: int, down: int) -> None:
        self.hands[seat] &= ~(1 << card)
        plays = self.plays
        plays.append((seat << 7) | down | card)
        if len(plays) == self.n:
            self._end_trick()
        else:
            self._turn((seat + 1) % self.n)

    def _end_trick(self) -> None:
        plays = self.plays
        strength = self.strength
        best0 = best1 = -2
        seat0 = seat1 = -1
        for p in plays:
            s = DOWN_STRENGTH if p & DOWN_BIT else strength[p & 63]
            seat = p >> 7
            if seat & 1:
                if s > best1:
                    best1, seat1 = s, seat
            elif s > best0:
                best0, seat0 = s, seat
        if best0 > best1:
            result, leader = 0, seat0
        elif best1 > best0:
            result, leader = 1, seat1
        else:  # an empate: whoever led the tied trick leads again
            result, leader = TIE, plays[0] >> 7
        self.tricks.append(result)
        done = tuple(plays)
        self.trick_log.append(done)
        self.plays = []
        self.log.append((EV_TRICK, len(self.tricks) - 1, done, result, leader))
        outcome = OUTCOME[tuple(self.tricks)]
        if outcome != UNDECIDED:
            if outcome == DRAW:
                self._finish_deal("drawn", DRAW, 0)
            else:
                points = GAME_POINTS - self.score[outcome] if self.iron else self.value
                self._finish_deal("tricks", outcome, points)
            return
        self.leader = leader
        self._turn(leader)

    def _finish_deal(self, end: str, side: int, points: int) -> None:
        winner = None if side == DRAW else side
        if winner is None:
            points = 0
        else:  # the score stops at 12, as players write it: the game is won there
            self.score[winner] = min(GAME_POINTS, self.score[winner] + points)
        raw: RawDeal = (
            self.deal_no,
            self.dealer,
            self.vira,
            self.tricks,
            self.trick_log,
            self.plays,
            winner,
            points,
            end,
            self.value,
            (self.score[0], self.score[1]),
            self.eleven,
            self.iron,
        )
        self.history.append(raw)
        self.log.append((EV_DEAL_END, raw))
        self.pending = False
        if winner is not None and self.score[winner] >= GAME_POINTS:
            self.games[winner] += 1
            self.log.append((EV_GAME_END, winner, tuple(self.score), tuple(self.games)))
            if self.games[winner] >= self.games_to_win:
                self.finished = True
                self.winner = winner
                self.phase = OVER
                self.actor = None
                self.hands = [0] * self.n
                self.plays = []
                self.log.append((EV_MATCH_END, winner, tuple(self.games)))
                return
            self.score = [0, 0]
        self.dealer = (self.dealer + 1) % self.n  # the deal moves to the right
        self.deal_no += 1
        if self.stop_after_deal:
            self.phase = OVER
            self.actor = None
            return
        self._start_deal()

    # --------------------------------------------------------------- output

    def result(self) -> Result:
        return Result(tuple(self.score), tuple(self.games), self.finished, self.winner)

    def returns(self) -> tuple[float, ...]:
        """+1 to each seat of the team that won the match, -1 to the others; 0 until then."""
        if self.winner is None:
            return (0.0,) * self.n
        return tuple(1.0 if (seat & 1) == self.winner else -1.0 for seat in range(self.n))

    def finished_deals(self) -> DealList:
        return DealList(self.history, self._summaries, deal_summary)

    @property
    def actions(self) -> list[TrucoAction]:
        """Every action taken so far, in order."""
        out: list[TrucoAction] = []
        for entry in self.log:
            if type(entry) is TrucoAction:
                out.append(entry)
            elif type(entry) is tuple and entry[0] in (EV_SAID, EV_BLIND):
                out.append(entry[1])
        return out

    def clone(self, stop_after_deal: bool | None = None) -> Self:
        """A deep-enough copy: shared immutable parts, fresh mutable lists."""
        cls = type(self)
        new = cls.__new__(cls)
        for name in _SHARED:
            setattr(new, name, getattr(self, name))
        new.dealt = self.dealt[:]
        new.games = self.games[:]
        new.hands = self.hands[:]
        new.history = self.history[:]
        new._summaries = self._summaries[:]
        new.log = self.log[:]
        new.plays = self.plays[:]
        new.score = self.score[:]
        new.trick_log = self.trick_log[:]
        new.tricks = self.tricks[:]
        if stop_after_deal is not None:
            new.stop_after_deal = stop_after_deal
        return new

    def _record_head(self) -> dict[str, Any]:
        head: dict[str, Any] = {
            "game": "truco",
            "options": self.options.to_json(),
            "dealer": self.first_dealer,
        }
        if self.start:
            head["start"] = self.start.to_json()
        return head

    def to_record(self) -> dict[str, Any]:
        """The full record: every deal's cards so far, so it replays exactly."""
        record = self._record_head()
        record["seed"] = self.seed
        record["deals"] = [_vira_as_card(d.to_json()) for d in self.dealt]
        record["actions"] = [str(a) for a in self.actions]
        return record

    def public_record(self) -> dict[str, Any]:
        """What anyone may see: face-down cards hidden, no hand, no stock, no seed."""
        record = self._record_head()
        record["actions"] = [
            f"{a.seat}:play down" if a.kind == DOWN else str(a) for a in self.actions
        ]
        record["deals"] = [
            {k: v for k, v in d.to_json().items() if k in PUBLIC_DEAL_KEYS}
            for d in self.finished_deals()
        ]
        return record


#: Fields a clone shares with its original (immutable, or replaced whole when they change).
_SHARED = tuple(
    name
    for name in TrucoRules.__slots__
    if name not in ("dealt", "games", "hands", "history", "_summaries", "log", "plays")
    and name not in ("score", "trick_log", "tricks")
)
PUBLIC_DEAL_KEYS = ("deal", "dealer", "tricks", "played", "winner", "points", "end", "vira")
