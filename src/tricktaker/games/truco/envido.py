"""The envido and the flor of Truco Argentino and Gaúcho: their state machine.

An envido or a flor interrupts a turn to play, or an answer to a truco, and then
hands it back (``back``): the calls go back and forth between the sides, the
counts are said in turn from the mano once a call is accepted, and the points are
scored at once (they may win the game there and then, ending the deal). The tables
they read (counts, what a chain of calls is worth, who shows his count) are
``scoring``'s, which the bots read too. :class:`TrucoRules` (``rules``) is built on
this class and adds the tricks and the truco.
"""

from __future__ import annotations

from typing import Any

from tricktaker.core.points import PointsMatch
from tricktaker.games.truco import scoring as env
from tricktaker.games.truco.actions import (
    ACCEPT,
    CONTRAFLOR,
    ENVIDO,
    FALTA,
    FLOR,
    FOLD,
    PLAYS,
    RAISE,
    REAL,
    REFUSE,
    RESTO,
    SIMPLE,
    TrucoAction,
)
from tricktaker.games.truco.cards import by_strength
from tricktaker.games.truco.phases import (
    ANSWER,
    CALLING,
    CLOSED,
    ENVIDO_PHASE,
    EV_COUNT,
    EV_SAID,
    FLOR_PHASE,
    OPEN,
    PLAY_PHASE,
)

#: An envido call's action kind and its ``scoring`` code, both ways.
CALL_OF_KIND = {ENVIDO: env.ENVIDO, REAL: env.REAL, FALTA: env.FALTA}
KIND_OF_CALL = {v: k for k, v in CALL_OF_KIND.items()}
FLOR_OF_KIND = {FLOR: env.FLOR, CONTRAFLOR: env.CONTRAFLOR, RESTO: env.RESTO}
#: Legal actions of Argentino by what decides them, built once per distinct situation.
_LEGAL: dict[tuple[int, ...], tuple[TrucoAction, ...]] = {}
MAX_LEGAL_CACHE = 500_000


class EnvidoRules(PointsMatch[TrucoAction]):
    """The envido and the flor; the tricks and the truco are the subclass's."""

    __slots__ = (
        "back",
        "env_caller",
        "env_chain",
        "env_state",
        "flor_caller",
        "flor_due",
        "flor_level",
        "flor_on",
        "flor_prev",
        "flor_state",
        "shown",
        "spanish",
        "tantos",
        "target",
    )

    back: tuple[int, int]
    env_caller: int
    env_chain: tuple[int, ...]
    env_state: int
    flor_caller: int
    flor_due: int
    flor_level: int
    flor_on: bool
    flor_prev: int
    flor_state: int
    shown: tuple[tuple[int, int | None, str], ...]
    spanish: bool
    tantos: tuple[tuple[str, int, int], ...]
    target: int
    # The subclass's, read here:
    level: int
    ladder: tuple[int, ...]
    order: Any
    raised_turn: bool
    strength: tuple[int, ...]
    variant: str

    def can_raise(self, seat: int) -> bool:
        raise NotImplementedError

    def _reset_envido(self, hands: Any) -> None:
        """A new deal: the envido open (Argentino), each flor due from its holder."""
        self.env_state = OPEN if self.spanish else CLOSED
        self.env_chain = ()
        self.env_caller = -1
        self.flor_state = OPEN if self.flor_on else CLOSED
        #: Seats holding a flor not yet sung: each must sing it at his first word.
        self.flor_due = 0
        if self.flor_on:
            for seat, h in enumerate(hands):
                if env.has_flor(h):
                    self.flor_due |= 1 << seat
        self.flor_level = -1
        self.flor_prev = -1
        self.flor_caller = -1
        #: Where play resumes once an envido or a flor is settled: (phase, seat).
        self.back = (PLAY_PHASE, -1)
        #: Points of envido and flor scored in this deal: (what, side, points).
        self.tantos = ()
        #: The counts said in this deal: (seat, count or None for "son buenas", what).
        self.shown = ()

    def envido_open(self, seat: int) -> bool:
        """Whether ``seat`` may start an envido now: in the first trick before he plays his
        card, before any truco is accepted, and while no envido or flor has been sung."""
        return (
            self.env_state == OPEN
            and not self.tricks
            and self.level == 0
            and all(p >> 7 != seat for p in self.plays)
        )

    def _spanish_legal(self, seat: int, phase: int) -> tuple[TrucoAction, ...]:
        """Argentino's and Gaúcho's choices (the envido and the flor beside the truco)."""
        flor_due = bool((self.flor_due >> seat) & 1) and phase != FLOR_PHASE
        calls: tuple[int, ...] = ()
        raise_ok = False
        if phase == PLAY_PHASE:
            raise_ok = not self.raised_turn and self.can_raise(seat)
            if not self.raised_turn and self.envido_open(seat):
                calls = (env.ENVIDO, env.REAL, env.FALTA)
        elif phase == ANSWER:
            raise_ok = self.level + 1 < len(self.ladder) - 1
            if self.envido_open(seat):
                calls = (env.ENVIDO, env.REAL, env.FALTA)
        elif phase == ENVIDO_PHASE:
            calls = env.next_calls(self.env_chain)
        hand = self.hands[seat] if phase == PLAY_PHASE else 0
        mask = sum(1 << c for c in calls)
        key = (100 + phase, seat, hand, flor_due, raise_ok, mask, self.flor_level)
        found = _LEGAL.get(key)
        if found is not None:
            return found
        simple = SIMPLE[seat]
        out: list[TrucoAction] = []
        if flor_due:
            out.append(simple[FLOR])
        elif phase == PLAY_PHASE:
            out.extend(PLAYS[seat][c] for c in by_strength(hand, self.strength))  # type: ignore[misc]
            if raise_ok:
                out.append(simple[RAISE])
            out.extend(simple[KIND_OF_CALL[c]] for c in calls)
            out.append(simple[FOLD])
        elif phase in (ANSWER, ENVIDO_PHASE):
            out.extend((simple[ACCEPT], simple[REFUSE]))
            if raise_ok:
                out.append(simple[RAISE])
            out.extend(simple[KIND_OF_CALL[c]] for c in calls)
        elif phase == FLOR_PHASE:
            out.extend((simple[ACCEPT], simple[REFUSE]))
            if self.flor_level == env.FLOR:
                out.append(simple[CONTRAFLOR])
            if self.flor_level < env.RESTO:
                out.append(simple[RESTO])
        if len(_LEGAL) > MAX_LEGAL_CACHE:
            _LEGAL.clear()
        result = _LEGAL[key] = tuple(out)
        return result

    def _sing(self, a: TrucoAction) -> None:
        """An envido or flor call, or an answer to one."""
        kind = a.kind
        seat = a.seat
        if kind in CALL_OF_KIND:
            if self.phase != ENVIDO_PHASE:
                self.back = (self.phase, seat)
            self.env_chain = (*self.env_chain, CALL_OF_KIND[kind])
            self.env_state = CALLING
            self.env_caller = seat
            self._say(a, env.accepted_points(self.env_chain, self._falta()), "envido")
            self.phase = ENVIDO_PHASE
            self.actor = (seat + 1) % self.n
        elif kind == FLOR:
            self._flor(a)
        elif self.phase == ENVIDO_PHASE:
            self.env_state = CLOSED
            if kind == ACCEPT:
                points = env.accepted_points(self.env_chain, self._falta())
                self._say(a, points, "envido")
                hands = self.order
                side = self._show("envido", [env.envido_count(hands[s]) for s in range(self.n)])
            else:  # REFUSE
                points = env.refused_points(self.env_chain)
                self._say(a, points, "envido")
                side = self.env_caller & 1
            if not self._tanto("envido", side, points):
                self._resume()
        else:  # FLOR_PHASE
            self._flor_answer(a)

    def _say(self, a: TrucoAction, value: int, about: str) -> None:
        """Log a word and what it is worth; in Argentino also what it is about (a truco,
        an envido, a flor, the mazo), for the words that say it."""
        if self.variant == "gaucho":  # the calls in Rio Grande do Sul's Portuguese
            self.log.append((EV_SAID, a, value, about, "pt"))
        elif self.spanish:
            self.log.append((EV_SAID, a, value, about))
        else:
            self.log.append((EV_SAID, a, value))

    def _falta(self) -> int:
        return env.falta_points(self.score, self.target)

    def _holders_after(self, seat: int, side: int) -> int:
        """The first seat after ``seat`` of ``side`` holding a flor (-1: none)."""
        n = self.n
        for k in range(1, n + 1):
            s = (seat + k) % n
            if s & 1 == side and env.has_flor(self.order[s]):
                return s
        return -1

    def _flor(self, a: TrucoAction) -> None:
        """A flor sung: it cancels an envido; an opponent holding flor answers it, else it
        scores at once."""
        seat = a.seat
        self.flor_due &= ~(1 << seat)
        if self.phase != ENVIDO_PHASE:
            self.back = (self.phase, seat)
        self.env_state = CLOSED
        self.env_chain = ()
        self.flor_level = env.FLOR
        self.flor_caller = seat
        answer = self._holders_after(seat, 1 - (seat & 1))
        if answer < 0:
            self._say(a, env.FLOR_ALONE, "flor")
            self._flor_closed()
            if not self._tanto("flor", seat & 1, env.FLOR_ALONE):
                self._resume()
            return
        self._say(a, env.FLOR_ALONE, "flor")
        self.flor_state = CALLING
        self.phase = FLOR_PHASE
        self.actor = answer

    def _flor_worth(self, level: int) -> int:
        return self._falta() if level == env.RESTO else env.FLOR_WON[level]

    def _flor_answer(self, a: TrucoAction) -> None:
        seat = a.seat
        kind = a.kind
        self.flor_due &= ~(1 << seat)
        if kind in (CONTRAFLOR, RESTO):
            self.flor_prev = self.flor_level
            self.flor_level = FLOR_OF_KIND[kind]
            self.flor_caller = seat
            self._say(a, self._flor_worth(self.flor_level), "flor")
            self.actor = self._holders_after(seat, 1 - (seat & 1))
            return
        level = self.flor_level
        if kind == ACCEPT:
            points = self._flor_worth(level)
            self._say(a, points, "flor")
            hands = self.order
            counts = [
                env.flor_count(hands[s]) if env.has_flor(hands[s]) else -1 for s in range(self.n)
            ]
            side = self._show("flor", counts)
        else:  # REFUSE: "con flor me achico", or a contraflor refused
            if level == env.FLOR:
                points = env.FLOR_SMALL
            elif level == env.RESTO and self.flor_prev == env.CONTRAFLOR:
                points = env.FLOR_WON[env.CONTRAFLOR]
            else:
                points = env.FLOR_REFUSED
            self._say(a, points, "flor")
            side = self.flor_caller & 1
        self._flor_closed()
        if not self._tanto("flor", side, points):
            self._resume()

    def _flor_closed(self) -> None:
        self.flor_state = CLOSED
        self.flor_due = 0

    def _show(self, what: str, counts: list[int]) -> int:
        """The counts said in turn from the mano (-1: not in the contest); the winning side."""
        n = self.n
        mano = (self.dealer + 1) % n
        order = [(mano + k) % n for k in range(n) if counts[(mano + k) % n] >= 0]
        said, best = env.show_counts(order, [counts[s] for s in order])
        for seat, count in said:
            self.log.append((EV_COUNT, seat, count, what))
            self.shown = (*self.shown, (seat, count, what))
        return best & 1

    def _tanto(self, what: str, side: int, points: int) -> bool:
        """Score an envido's or a flor's points now; True if they won the game (the deal
        then ends there)."""
        score = self.score
        score[side] = min(self.target, score[side] + points)
        self.tantos = (*self.tantos, (what, side, points))
        if score[side] >= self.target:
            self._finish_deal(what, side, 0)
            return True
        return False

    def _resume(self) -> None:
        """Back to the turn the envido or the flor interrupted."""
        phase, seat = self.back
        self.phase = ANSWER if phase == ANSWER else PLAY_PHASE
        self.actor = seat
