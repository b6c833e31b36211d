"""Per-seat and spectator views of a Truco match.

A view copies from the state only what its seat may know now: its own hand
(hidden slots in the iron hand, where nobody sees his cards), its partners'
hands during a hand of eleven, the vira, the cards played in this deal (a
face-down card only to its player), and the public stake. What was said and
played in earlier deals is in the seat's events. The JSON is the canonical
form: :meth:`TrucoView.from_json` reads it back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tricktaker.cards import CARD_NAMES, parse_card
from tricktaker.core.errors import RecordError
from tricktaker.games.truco.cards import by_strength, manilhas, strength_table
from tricktaker.games.truco.outcomes import TIE
from tricktaker.games.truco.rules import DOWN_BIT, PHASE_NAMES, TrucoRules

Plays = tuple[tuple[int, int | None], ...]
#: A finished trick: its plays, the seats whose card lay face down, the side that took it or "tie".
TrickView = tuple[Plays, tuple[int, ...], int | str]


@dataclass(frozen=True, slots=True)
class TrucoView:
    seat: int | None
    players: int
    options: Mapping[str, Any]
    dealer: int
    deal_number: int
    hand: tuple[int | None, ...]
    partners: tuple[tuple[int, tuple[int, ...]], ...]
    hand_sizes: tuple[int, ...]
    vira: int | None
    to_act: int | None
    next_to_play: int | None
    phase: str
    value: int
    level: int
    ladder: tuple[int, ...]
    pending: int | None
    raiser: int | None
    lock: int | None
    raised_turn: bool
    eleven: int | None
    iron: bool
    score: tuple[int, int]
    games: tuple[int, int]
    games_to_win: int
    finished: bool
    winner: int | None
    leader: int
    on_table: Plays
    down_on_table: tuple[int, ...]
    tricks: tuple[TrickView, ...]

    @property
    def strength(self) -> tuple[int, ...]:
        """Every card's strength this deal (``games.truco.cards``): by the vira, or Mineiro's."""
        return strength_table(self.vira)

    @property
    def manilhas(self) -> tuple[int, ...]:
        """This deal's four manilhas, the zap first (rules, not cards seen: kept out of JSON)."""
        return manilhas(self.strength)

    @property
    def shown_hands(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The partners' hands he sees in a hand of eleven (``core.protocol.ShownHands``)."""
        return self.partners

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "players": self.players,
            "options": dict(self.options),
            "dealer": self.dealer,
            "deal_number": self.deal_number,
            "hand": [_name(c) for c in self.hand],
            "partners": [[s, [CARD_NAMES[c] for c in h]] for s, h in self.partners],
            "hand_sizes": list(self.hand_sizes),
            "vira": _name(self.vira),
            "to_act": self.to_act,
            "next_to_play": self.next_to_play,
            "phase": self.phase,
            "value": self.value,
            "level": self.level,
            "ladder": list(self.ladder),
            "pending": self.pending,
            "raiser": self.raiser,
            "lock": self.lock,
            "raised_turn": self.raised_turn,
            "eleven": self.eleven,
            "iron": self.iron,
            "score": list(self.score),
            "games": list(self.games),
            "games_to_win": self.games_to_win,
            "finished": self.finished,
            "winner": self.winner,
            "leader": self.leader,
            "table": _plays_json(self.on_table),
            "down_on_table": list(self.down_on_table),
            "tricks": [
                {"played": _plays_json(p), "down": list(d), "result": r} for p, d, r in self.tricks
            ],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TrucoView:
        """The view whose JSON is ``data``; RecordError if ``data`` is not one."""
        try:
            view = cls(
                seat=_opt_int(data["seat"]),
                players=int(data["players"]),
                options=dict(data["options"]),
                dealer=int(data["dealer"]),
                deal_number=int(data["deal_number"]),
                hand=tuple(_card(c) for c in data["hand"]),
                partners=tuple(
                    (int(s), tuple(parse_card(c) for c in h)) for s, h in data["partners"]
                ),
                hand_sizes=tuple(int(x) for x in data["hand_sizes"]),
                vira=_card(data["vira"]),
                to_act=_opt_int(data["to_act"]),
                next_to_play=_opt_int(data["next_to_play"]),
                phase=str(data["phase"]),
                value=int(data["value"]),
                level=int(data["level"]),
                ladder=tuple(int(x) for x in data["ladder"]),
                pending=_opt_int(data["pending"]),
                raiser=_opt_int(data["raiser"]),
                lock=_opt_int(data["lock"]),
                raised_turn=bool(data["raised_turn"]),
                eleven=_opt_int(data["eleven"]),
                iron=bool(data["iron"]),
                score=_pair(data["score"]),
                games=_pair(data["games"]),
                games_to_win=int(data["games_to_win"]),
                finished=bool(data["finished"]),
                winner=_opt_int(data["winner"]),
                leader=int(data["leader"]),
                on_table=_plays(data["table"]),
                down_on_table=tuple(int(s) for s in data["down_on_table"]),
                tricks=tuple(
                    (
                        _plays(t["played"]),
                        tuple(int(s) for s in t["down"]),
                        t["result"] if t["result"] == "tie" else int(t["result"]),
                    )
                    for t in data["tricks"]
                ),
            )
        except (KeyError, TypeError, ValueError, IndexError, ArithmeticError, AttributeError) as e:
            raise RecordError(f"not a Truco view: {type(e).__name__}: {e}") from None
        view.check()
        return view

    def check(self) -> None:
        """RecordError unless the fields fit together as the engine would have built them."""
        n = self.players
        seats = range(n)
        if n not in (2, 4, 6) or len(self.hand_sizes) != n:
            raise RecordError(f"not a Truco view: players={n} with {len(self.hand_sizes)} hands")
        problems = [
            (self.seat is not None and self.seat not in seats, "seat"),
            (self.phase not in PHASE_NAMES, f"phase={self.phase!r}"),
            (not all(0 <= k <= 3 for k in self.hand_sizes), "hand sizes"),
            (self.seat in seats and len(self.hand) != self.hand_sizes[self.seat or 0], "hand"),
            (any(s not in seats for s, _ in self.partners), "partners"),
            (any(x not in (None, *seats) for x in (self.to_act, self.next_to_play)), "turn"),
            (self.dealer not in seats or self.leader not in seats, "dealer"),
            (self.raiser is not None and self.raiser not in seats, "raiser"),
            (any(s not in seats for s, _ in self.on_table), "table"),
            (any(s not in seats for s in self.down_on_table), "face-down cards"),
            (len(self.ladder) != 5 or not 0 <= self.level < 5, "stake"),
            (any(r not in (0, 1, "tie") for _, _, r in self.tricks), "tricks"),
            (any(x not in (None, 0, 1) for x in (self.lock, self.eleven, self.winner)), "sides"),
        ]
        wrong = [what for bad, what in problems if bad]
        if wrong:
            raise RecordError(f"not a Truco view: {', '.join(wrong)} out of place")


def _name(c: int | None) -> str | None:
    return None if c is None else CARD_NAMES[c]


def _card(c: object) -> int | None:
    return None if c is None else parse_card(str(c))


def _opt_int(x: object) -> int | None:
    return None if x is None else int(x)  # type: ignore[call-overload]


def _pair(x: Any) -> tuple[int, int]:
    return (int(x[0]), int(x[1]))


def _plays(raw: Any) -> Plays:
    return tuple((int(s), _card(c)) for s, c in raw)


def _plays_json(plays: Plays) -> list[list[Any]]:
    return [[s, _name(c)] for s, c in plays]


def _seat_plays(raw: tuple[int, ...] | list[int], seat: int | None) -> Plays:
    """(seat, card) per play; a face-down card is None to all but its player."""
    return tuple((p >> 7, None if p & DOWN_BIT and seat != p >> 7 else p & 63) for p in raw)


def _downs(raw: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    return tuple(p >> 7 for p in raw if p & DOWN_BIT)


def build_view(state: TrucoRules, seat: int | None) -> TrucoView:
    table = state.strength
    hand: tuple[int | None, ...] = ()
    partners: tuple[tuple[int, tuple[int, ...]], ...] = ()
    if seat is not None:
        mine = state.hands[seat]
        hand = (None,) * mine.bit_count() if state.iron else by_strength(mine, table)
        if state.eleven >= 0 and seat & 1 == state.eleven and state.n > 2:
            partners = tuple(
                (s, by_strength(state.hands[s], table))
                for s in range(state.n)
                if s != seat and s & 1 == state.eleven
            )
    active = state.actor is not None
    return TrucoView(
        seat=seat,
        players=state.n,
        options=state.options.to_json(),
        dealer=state.dealer,
        deal_number=state.deal_no,
        hand=hand,
        partners=partners,
        hand_sizes=tuple(h.bit_count() for h in state.hands),
        vira=state.vira if state.vira >= 0 else None,
        to_act=state.actor,
        next_to_play=state.resume if active else None,
        phase=PHASE_NAMES[state.phase],
        value=state.value,
        level=state.level,
        ladder=state.ladder,
        pending=state.ladder[state.level + 1] if state.pending else None,
        raiser=state.raiser if state.pending else None,
        lock=state.lock if state.lock >= 0 else None,
        raised_turn=state.raised_turn,
        eleven=state.eleven if state.eleven >= 0 else None,
        iron=state.iron,
        score=(state.score[0], state.score[1]),
        games=(state.games[0], state.games[1]),
        games_to_win=state.games_to_win,
        finished=state.finished,
        winner=state.winner,
        leader=state.leader,
        on_table=_seat_plays(state.plays, seat),
        down_on_table=_downs(state.plays),
        tricks=tuple(
            (_seat_plays(plays, seat), _downs(plays), "tie" if r == TIE else r)
            for plays, r in zip(state.trick_log, state.tricks, strict=True)
        ),
    )
