"""Per-seat and spectator views of a Truco match.

A view copies from the state only what its seat may know now: its own hand
(hidden slots in the iron hand, where nobody sees his cards), its partners'
hands during a hand of eleven, the vira, the cards played in this deal (a
face-down card only to its player), and the public stake. What was said and
played in earlier deals is in the seat's events. The JSON is the canonical
form: :meth:`TrucoView.from_json` reads it back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tricktaker.core.errors import RecordError
from tricktaker.core.viewjson import ANY_CARD, Codec, TableView, as_json, table_fields
from tricktaker.games.truco import scoring as env
from tricktaker.games.truco.cards import (
    ARGENTINO,
    SPANISH_RANKS,
    SPANISH_SUITS,
    by_strength,
    manilhas,
    strength_table,
)
from tricktaker.games.truco.options import SPANISH
from tricktaker.games.truco.outcomes import TIE
from tricktaker.games.truco.rules import DOWN_BIT, PHASE_NAMES, TrucoRules

Plays = tuple[tuple[int, int | None], ...]
#: The notation's ranks and suits as Spanish ranks and suits (``cards.spanish_name``).
SPANISH_MAPPING: dict[str, dict[str, str]] = {"ranks": SPANISH_RANKS, "suits": SPANISH_SUITS}
#: A finished trick: its plays, the seats whose card lay face down, the side that took it or "tie".
TrickView = tuple[Plays, tuple[int, ...], int | str]


def _trick_result(raw: object) -> int | str:
    return "tie" if raw == "tie" else int(raw)  # type: ignore[call-overload]


_PLAYS = ANY_CARD.maybe_plays
#: A finished trick: its plays, the seats whose card lay face down, and its result.
TRICKS = Codec(
    lambda ts: [{"played": _PLAYS.dump(p), "down": list(d), "result": r} for p, d, r in ts],
    lambda raw: tuple(
        (_PLAYS.load(t["played"]), tuple(int(s) for s in t["down"]), _trick_result(t["result"]))
        for t in raw
    ),
)


#: Counts said: ``[seat, count or null, what]``; envido and flor points: ``[what, side, points]``.
COUNTS = Codec(
    lambda cs: [[s, c, w] for s, c, w in cs],
    lambda raw: tuple((int(s), None if c is None else int(c), str(w)) for s, c, w in raw),
)
TANTOS = Codec(
    lambda ts: [[w, s, p] for w, s, p in ts],
    lambda raw: tuple((str(w), int(s), int(p)) for w, s, p in raw),
)


@dataclass(frozen=True, slots=True)
class TrucoView(TableView):
    GAME_NAME = "Truco"

    hand: tuple[int | None, ...] = field(metadata=as_json(ANY_CARD.maybe_cards))
    partners: tuple[tuple[int, tuple[int, ...]], ...] = field(metadata=as_json(ANY_CARD.seat_cards))
    vira: int | None = field(metadata=as_json(ANY_CARD.maybe_card))
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
    leader: int
    on_table: Plays = field(metadata=as_json(_PLAYS, "table"))
    down_on_table: tuple[int, ...]
    tricks: tuple[TrickView, ...] = field(metadata=as_json(TRICKS))
    #: Argentino and Gaúcho (their defaults are Brazil's, where none of this exists).
    #: The points that win a game.
    target: int = 12
    #: "spanish": the cards are named and drawn as Spanish cards, by the mapping of
    #: ``games.truco.cards`` (``spanish_name``); "french": as they are written.
    deck: str = "french"
    #: The envido's state in this deal ("open", "calling", "closed"; "" where there is none)
    #: and the calls sung, by verb ("envido", "real", "falta").
    envido_state: str = ""
    envido: tuple[str, ...] = ()
    #: The flor's last call ("flor", "contraflor", "resto"; "" when none).
    flor: str = ""
    #: The counts said in this deal: (seat, count, "envido" or "flor"); a count
    #: hidden by "son buenas" is None: it never leaves the engine.
    counts: tuple[tuple[int, int | None, str], ...] = field(default=(), metadata=as_json(COUNTS))
    #: Envido and flor points scored in this deal: (what, side, points).
    tantos: tuple[tuple[str, int, int], ...] = field(default=(), metadata=as_json(TANTOS))
    #: The seat's own envido count, and whether it holds a flor (None: a spectator,
    #: or no envido in this variant).
    my_envido: int | None = None
    my_flor: bool = False

    @property
    def spanish(self) -> bool:
        return self.deck == "spanish"

    def extra_json(self) -> dict[str, Any]:
        """With the Spanish deck, the mapping from the notation's ranks and suits to the
        Spanish ones (``As`` is ``1e``, ``Kc`` ``12b``), so that a client names and draws
        Spanish cards; rank and suit letters alone, never a card the seat has not seen."""
        if self.deck != "spanish":
            return {}
        return {"spanish": SPANISH_MAPPING}

    @property
    def strength(self) -> tuple[int, ...]:
        """Every card's strength this deal (``games.truco.cards``): by the vira, Mineiro's,
        or Argentino's."""
        if self.deck == "spanish":
            return ARGENTINO
        return strength_table(self.vira)

    @property
    def manilhas(self) -> tuple[int, ...]:
        """This deal's four manilhas, the zap first (rules, not cards seen: kept out of JSON)."""
        return manilhas(self.strength)

    @property
    def shown_hands(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The partners' hands he sees in a hand of eleven (``core.protocol.ShownHands``)."""
        return self.partners

    def check(self) -> None:
        """RecordError unless the fields fit together as the engine would have built them."""
        n = self.players
        seats = range(n)
        if n not in (2, 4, 6) or len(self.hand_sizes) != n:
            raise RecordError(f"not a Truco view: players={n} with {len(self.hand_sizes)} hands")
        self.refuse(
            [
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
                (
                    len(self.ladder) not in (4, 5) or not 0 <= self.level < len(self.ladder),
                    "stake",
                ),
                (self.deck not in ("french", "spanish"), "deck"),
                (any(s not in seats for s, _, _ in self.counts), "counts"),
                (any(r not in (0, 1, "tie") for _, _, r in self.tricks), "tricks"),
                (
                    any(x not in (None, 0, 1) for x in (self.lock, self.eleven, self.winner)),
                    "sides",
                ),
            ]
        )


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
    spanish = state.variant in SPANISH
    more: dict[str, object] = {}
    if spanish:
        more = {
            "target": state.target,
            "deck": "spanish",
            "envido_state": ("open", "calling", "closed")[state.env_state],
            "envido": tuple(env.CALL_VERBS[c] for c in state.env_chain),
            "flor": env.FLOR_VERBS[state.flor_level] if state.flor_level >= 0 else "",
            "counts": state.shown,
            "tantos": state.tantos,
        }
        if seat is not None and state.order:
            dealt = state.order[seat]
            more["my_envido"] = env.envido_count(dealt)
            more["my_flor"] = state.flor_on and env.has_flor(dealt)
    return TrucoView(
        **more,  # type: ignore[arg-type]
        **table_fields(state, seat),
        hand=hand,
        partners=partners,
        vira=state.vira if state.vira >= 0 else None,
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
        leader=state.leader,
        on_table=_seat_plays(state.plays, seat),
        down_on_table=_downs(state.plays),
        tricks=tuple(
            (_seat_plays(plays, seat), _downs(plays), "tie" if r == TIE else r)
            for plays, r in zip(state.trick_log, state.tricks, strict=True)
        ),
    )
