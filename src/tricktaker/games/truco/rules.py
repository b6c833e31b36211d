"""Truco's state machine: one match (one game to 12, or the best of three), docs/rules/truco.md.

Seats are numbered in order of play, which in Truco goes to the right: seat
``dealer + 1`` is the mão and leads the first trick, and the deal moves to
the right too. Teams are seats of equal parity. Phases of a deal:

* ``DECIDE``: a hand of eleven; the team on 11 (Mineiro: 10) plays or runs;
* ``PLAY``: a player is to play a card (and, first, may raise or fold);
* ``ANSWER``: the next opponent of the last raiser accepts, refuses or raises;
* ``ENVIDO`` (Argentino, Gaúcho): the next opponent of the last caller answers an envido;
* ``FLOR``: an opponent holding flor answers a flor or a contraflor.

Argentino and Gaúcho (``SPANISH``) add the envido and the flor, which interrupt a
turn to play or an answer to a truco and then hand it back (``back``); their tables
are ``games.truco.envido``'s.

(The state's plumbing, and why it is slots and small ints, is ``core.engine``'s.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker.cards import CARD_NAMES
from tricktaker.core.actions import Action
from tricktaker.core.deals import DealSpec, GivenDeal, PileSpec, make_deal, read_deal
from tricktaker.core.points import (
    PointsDeal,
    points_summary,
    read_score,
)
from tricktaker.core.summary import DealSummary
from tricktaker.games.truco.actions import (
    ACCEPT,
    BLIND,
    BLINDS,
    DOWN,
    DOWNS,
    ENVIDO,
    FOLD,
    HAND,
    KEEP,
    PLAY,
    PLAYS,
    RAISE,
    REFUSE,
    RUN,
    SIMPLE,
    TABLE,
    TrucoAction,
)
from tricktaker.games.truco.cards import ARGENTINO, DECK, by_strength, strength_table
from tricktaker.games.truco.cards import DOWN as DOWN_STRENGTH
from tricktaker.games.truco.envido import CALL_OF_KIND, EnvidoRules
from tricktaker.games.truco.options import SPANISH, game_points
from tricktaker.games.truco.outcomes import (
    DRAW,
    ELEVEN,
    GAME_POINTS,
    LADDERS,
    OUTCOME,
    TIE,
)
from tricktaker.games.truco.phases import (
    ANSWER,
    DECIDE,
    ENVIDO_PHASE,
    EV_BLIND,
    EV_COUNT,
    EV_DEAL,
    EV_SAID,
    FLOR_PHASE,
    OPEN,
    OVER,
    PHASE_NAMES,
    PLAY_PHASE,
)

#: The rules' numbers are read from here by the views, the events and the tests.
__all__ = [
    "DEAL_SPECS",
    "DOWN_BIT",
    "EV_BLIND",
    "EV_COUNT",
    "EV_DEAL",
    "EV_SAID",
    "PHASE_NAMES",
    "TrucoRules",
    "deal_summary",
    "play_text",
]

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
DEAL_SPECS["argentino"] = DEAL_SPECS["gaucho"] = DEAL_SPECS["mineiro"]

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


def play_text(p: int) -> str:
    """A play as summaries write it: ``2:7c``, or ``2:down`` for a face-down card."""
    if p & DOWN_BIT:
        return f"{p >> 7}:down"
    return f"{p >> 7}:{CARD_NAMES[p & 63]}"


def deal_summary(raw: PointsDeal) -> DealSummary:
    """The typed summary of a finished deal: only cards shown face up appear in it."""
    vira, eleven, iron, tantos, target, spanish = raw.extra
    more: dict[str, Any] = {}
    if spanish:
        more["deck"] = "spanish"
    if target != GAME_POINTS:
        more["target"] = target
    if tantos:
        more["tantos"] = tuple({"what": w, "side": side, "points": p} for w, side, p in tantos)
    if vira >= 0:
        more["vira"] = CARD_NAMES[vira]
    if eleven >= 0:
        more["eleven"] = eleven
    if iron:
        more["iron"] = True
    summary = points_summary(raw, (TIE, "tie"), play_text, **more)
    if not tantos:
        return summary
    gains = list(summary.gains)
    for _, side, p in tantos:
        gains[side] += p
    return summary._replace(gains=tuple(gains))


#: Legal actions by what decides them, built once per distinct situation.
_LEGAL: dict[tuple[int, ...], tuple[TrucoAction, ...]] = {}
MAX_LEGAL_CACHE = 500_000


class TrucoRules(EnvidoRules):
    """A match of Truco: the rules alone (views and events are added by ``state``)."""

    GAME_ID = "truco"
    COPIED = ("games", "hands", "plays", "score", "trick_log", "tricks")
    SCORE_CAPPED = True  # the score stops at 12, as players write it: the game is won there
    ACTIONS = TABLE
    ACTION_ENTRIES = frozenset({EV_SAID, EV_BLIND})
    OVER = OVER
    deal_summary = staticmethod(deal_summary)

    __slots__ = (
        "base",
        "eleven",
        "eleven_rule",
        "given",
        "iron",
        "ladder",
        "leader",
        "level",
        "lock",
        "order",
        "raised_turn",
        "raiser",
        "resume",
        "spec",
        "strength",
        "table_key",
        "variant",
        "vira",
    )

    @property
    def game_points(self) -> int:
        return self.target

    def _setup(self, deals: Sequence[Mapping[str, Any] | GivenDeal]) -> None:
        self.variant = self.options.text("variant")
        self.spanish = self.variant in SPANISH
        self.flor_on = self.spanish and bool(self.options.get("flor", False))
        self.target = game_points(self.variant, self.options.integer("points"), self.n)
        self.ladder = LADDERS[self.variant]
        self.base = self.ladder[0]
        self.eleven_rule = ELEVEN[self.variant]
        self.games_to_win = (self.options.integer("match") + 1) // 2
        self.spec = DEAL_SPECS[self.variant]
        self.given: tuple[GivenDeal, ...] = tuple(
            read_deal(_vira_as_pile(d), self.spec, self.n, i) for i, d in enumerate(deals)
        )
        self.score, self.games = read_score(self.start, self.target, self.games_to_win)

    # ------------------------------------------------------------------ deals

    def _start_deal(self) -> None:
        n = self.n
        k = self.deal_no - self.first_deal
        given = self.given[k] if k < len(self.given) else None
        deal = make_deal(self.spec, n, (self.dealer + 1) % n, self.seed, self.deal_no, given)
        self.dealt.append(deal)
        vira = deal.piles["vira"][0] if "vira" in deal.piles else -1
        self.vira = vira
        self.strength = ARGENTINO if self.spanish else strength_table(None if vira < 0 else vira)
        #: Which strength table this deal uses (the manilhas' rank; -1: Mineiro's; -2:
        #: Argentino's), for caches.
        self.table_key = -2 if self.spanish else -1 if vira < 0 else vira % 13
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
        self._reset_envido(deal.hands)
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
                *(("spanish",) if self.spanish else ()),
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

    def can_raise(self, seat: int) -> bool:
        """Whether ``seat``'s team may raise now (ignoring whose turn it is)."""
        return (
            self.eleven < 0
            and not self.iron
            and self.level < len(self.ladder) - 1
            and (self.lock < 0 or self.lock == seat & 1)
        )

    def _compute_legal(self, seat: int) -> tuple[TrucoAction, ...]:
        phase = self.phase
        if self.spanish:
            return self._spanish_legal(seat, phase)
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
        a = self._take(action)
        kind = a.kind
        seat = a.seat
        if self.phase in (ENVIDO_PHASE, FLOR_PHASE) or kind >= ENVIDO:
            self._sing(a)
        elif kind in (PLAY, DOWN):
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
            self._say(a, self.ladder[self.level + 1], "truco")
            self.level += 1
            self.value = self.ladder[self.level]
            self.pending = False
            self.lock = seat & 1  # the team that received the raise may raise next
            self.phase = PLAY_PHASE
            self.actor = self.resume
        elif kind == REFUSE:
            self._say(a, self.value, "truco")
            self._finish_deal("refused", self.raiser & 1, self.value)
        elif kind == FOLD:
            self._say(a, self._fold_points(1 - (seat & 1)), "mazo")
            self._finish_deal("folded", 1 - (seat & 1), self._fold_points(1 - (seat & 1)))
        elif kind == KEEP:
            self.log.append((EV_SAID, a, self.value))
            self._turn(self.leader)
        else:  # RUN
            points = self.eleven_rule[2]
            self.log.append((EV_SAID, a, points))
            self._finish_deal("ran", 1 - self.eleven, points)

    def _fold_points(self, side: int) -> int:
        """What a fold gives the other team: the value, or in the iron hand the game;
        in Argentino one more while the envido could still be sung (docs/rules/truco.md)."""
        if self.iron:
            return GAME_POINTS - self.score[side]
        if self.spanish and self.env_state == OPEN and not self.tricks and self.level == 0:
            return self.value + 1
        return self.value

    def _raise(self, a: TrucoAction) -> None:
        seat = a.seat
        if self.phase == ANSWER:  # accepting the raise and raising again
            self.level += 1
            self.value = self.ladder[self.level]
        else:
            self.raised_turn = True
        self._say(a, self.ladder[self.level + 1], "truco")
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
                if self.spanish:
                    return "no card is played face down in Truco Argentino"
                return "a card may be played face down from the second trick on"
            if (self.flor_due >> a.seat) & 1:
                return "a player holding flor sings it first: 'flor'"
            if a.kind in CALL_OF_KIND:
                if not self.spanish:
                    return "there is no envido in Brazilian Truco"
                return "the envido is sung only once, in the first trick, before the truco"
            if a.kind == RAISE:
                if self.eleven >= 0 or self.iron:
                    return "no raise is allowed in this hand"
                if self.level >= len(self.ladder) - 1:
                    return f"the hand is already worth {self.ladder[-1]}: no higher raise"
                return "only the team that received the last raise may raise now"
        allowed = ", ".join(str(x) for x in self.legal_actions())
        return f"'{a}' is not allowed now; allowed: {allowed}"

    def _play(self, seat: int, card: int, down: int) -> None:
        self.hands[seat] &= ~(1 << card)
        self._add_play(seat, (seat << 7) | down | card)

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
        outcome = OUTCOME[(*self.tricks, result)]
        if outcome == DRAW and self.spanish:  # three pardas: the mano's side wins
            outcome = ((self.dealer + 1) % self.n) & 1
        if self._end_of_trick(result, leader, outcome, self.iron):
            return
        self.leader = leader
        self._turn(leader)

    def _deal_facts(
        self,
    ) -> tuple[int, int, bool, tuple[tuple[str, int, int], ...], int, bool]:
        """The vira, the side on eleven (-1: none), whether it was the iron hand, the
        envido's and flor's points scored (Argentino), the game's total, and whether the
        Spanish deck was played (its words need its order to tell who took a trick)."""
        return (self.vira, self.eleven, self.iron, self.tantos, self.target, self.spanish)

    # --------------------------------------------------------------- output

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


PUBLIC_DEAL_KEYS = ("deal", "dealer", "tricks", "played", "winner", "points", "end", "vira")
