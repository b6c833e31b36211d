"""Per-seat and spectator views of a Preferans game.

A view copies from the state only what its seat may see now (RULES.md §3):
its own hand (twelve cards while a declarer holds the talon), the bidding,
the contract and the answers, the talon where it was shown (to everyone in a
Russian contract, to its taker alone in misère and the pot game, card by card
as it leads an all-pass), the declarer's own discard, hands laid open, the
trick in progress and the last one, tricks taken, and the score sheet (or the
pot). Everything else is in the seat's events.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tricktaker.cards import CARD_NAMES, cards_in, parse_card
from tricktaker.core.errors import RecordError
from tricktaker.games.preferans.deck import DECK, LADDER
from tricktaker.games.preferans.rules import PHASE_NAMES, PreferansRules

Plays = tuple[tuple[int, int], ...]
Cards = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PreferansView:
    seat: int | None
    players: int
    options: Mapping[str, Any]
    dealer: int
    deal_number: int
    active: tuple[int, ...]
    phase: str
    to_act: int | None
    hand: Cards
    hand_sizes: tuple[int, ...]
    bids: tuple[tuple[int, str], ...]
    min_bid: str
    declarer: int | None
    contract: str | None
    answers: tuple[str, ...]
    whisters: tuple[int, ...]
    out_seat: int | None
    open_hands: tuple[tuple[int, Cards], ...]
    talon: Cards
    discard: Cards
    talon_lead: int | None
    on_table: Plays
    last_trick: Plays
    last_winner: int | str | None
    taken: tuple[int, ...]
    trick_number: int
    pulya: tuple[int, ...]
    gora: tuple[int, ...]
    whists: tuple[tuple[int, ...], ...]
    allpass: int
    cash: tuple[int, ...]
    kitty: int
    balance: tuple[float, ...]
    finished: bool
    winner: int | None

    @property
    def pot(self) -> bool:
        return self.options.get("rules") == "pot"

    @property
    def shown_hands(self) -> tuple[tuple[int, Cards], ...]:
        """Hands laid open but the observer's own (``core.protocol.ShownHands``)."""
        return tuple((s, h) for s, h in self.open_hands if s != self.seat)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "players": self.players,
            "options": dict(self.options),
            "dealer": self.dealer,
            "deal_number": self.deal_number,
            "active": list(self.active),
            "phase": self.phase,
            "to_act": self.to_act,
            "hand": _names(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "bids": [[s, w] for s, w in self.bids],
            "min_bid": self.min_bid,
            "declarer": self.declarer,
            "contract": self.contract,
            "answers": list(self.answers),
            "whisters": list(self.whisters),
            "out_seat": self.out_seat,
            "open_hands": [[s, _names(h)] for s, h in self.open_hands],
            "talon": _names(self.talon),
            "discard": _names(self.discard),
            "talon_lead": None if self.talon_lead is None else CARD_NAMES[self.talon_lead],
            "table": [[s, CARD_NAMES[c]] for s, c in self.on_table],
            "last_trick": [[s, CARD_NAMES[c]] for s, c in self.last_trick],
            "last_winner": self.last_winner,
            "taken": list(self.taken),
            "trick_number": self.trick_number,
            "pulya": list(self.pulya),
            "gora": list(self.gora),
            "whists": [list(r) for r in self.whists],
            "allpass": self.allpass,
            "cash": list(self.cash),
            "kitty": self.kitty,
            "balance": list(self.balance),
            "finished": self.finished,
            "winner": self.winner,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PreferansView:
        """The view whose JSON is ``data``; RecordError if ``data`` is not one."""
        try:
            lw = data["last_winner"]
            view = cls(
                seat=_opt_int(data["seat"]),
                players=int(data["players"]),
                options=dict(data["options"]),
                dealer=int(data["dealer"]),
                deal_number=int(data["deal_number"]),
                active=tuple(int(s) for s in data["active"]),
                phase=str(data["phase"]),
                to_act=_opt_int(data["to_act"]),
                hand=_cards(data["hand"]),
                hand_sizes=tuple(int(x) for x in data["hand_sizes"]),
                bids=tuple((int(s), str(w)) for s, w in data["bids"]),
                min_bid=str(data["min_bid"]),
                declarer=_opt_int(data["declarer"]),
                contract=None if data["contract"] is None else str(data["contract"]),
                answers=tuple(str(a) for a in data["answers"]),
                whisters=tuple(int(s) for s in data["whisters"]),
                out_seat=_opt_int(data["out_seat"]),
                open_hands=tuple((int(s), _cards(h)) for s, h in data["open_hands"]),
                talon=_cards(data["talon"]),
                discard=_cards(data["discard"]),
                talon_lead=None if data["talon_lead"] is None else _card(data["talon_lead"]),
                on_table=_plays(data["table"]),
                last_trick=_plays(data["last_trick"]),
                last_winner=lw if lw is None or isinstance(lw, str) else int(lw),
                taken=tuple(int(x) for x in data["taken"]),
                trick_number=int(data["trick_number"]),
                pulya=tuple(int(x) for x in data["pulya"]),
                gora=tuple(int(x) for x in data["gora"]),
                whists=tuple(tuple(int(x) for x in r) for r in data["whists"]),
                allpass=int(data["allpass"]),
                cash=tuple(int(x) for x in data["cash"]),
                kitty=int(data["kitty"]),
                balance=tuple(float(x) for x in data["balance"]),
                finished=bool(data["finished"]),
                winner=_opt_int(data["winner"]),
            )
        except (KeyError, TypeError, ValueError, IndexError, ArithmeticError, AttributeError) as e:
            raise RecordError(f"not a Preferans view: {type(e).__name__}: {e}") from None
        view.check()
        return view

    def check(self) -> None:
        """RecordError unless the fields fit together as the engine would have built them."""
        n = self.players
        seats = range(n)
        problems = [
            (n not in (3, 4), "players"),
            (self.seat is not None and self.seat not in seats, "seat"),
            (len(self.hand_sizes) != n or not all(0 <= k <= 12 for k in self.hand_sizes), "sizes"),
            (self.seat is None and bool(self.hand), "a spectator's hand"),
            (
                self.seat is not None
                and self.seat in seats
                and len(self.hand) != self.hand_sizes[self.seat],
                "hand",
            ),
            (len(self.active) != 3 or any(s not in seats for s in self.active), "active seats"),
            (self.phase not in PHASE_NAMES, "phase"),
            (self.to_act not in (None, *seats), "turn"),
            (self.dealer not in seats, "dealer"),
            (self.min_bid not in LADDER, "lowest bid"),
            (self.declarer not in (None, *seats), "declarer"),
            (len(self.answers) != n or len(self.taken) != n, "answers"),
            (any(s not in seats for s, _ in self.on_table), "table"),
            (len(self.pulya) != n or len(self.gora) != n or len(self.whists) != n, "sheet"),
            (len(self.cash) != n or len(self.balance) != n, "cash"),
            (self.winner not in (None, *seats), "winner"),
        ]
        wrong = [what for bad, what in problems if bad]
        if wrong:
            raise RecordError(f"not a Preferans view: {', '.join(wrong)} out of place")


def _names(cards: Cards) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


def _card(raw: object) -> int:
    c = parse_card(str(raw))
    if c not in DECK:
        raise ValueError(f"{raw!r} is not a preferans card")
    return c


def _cards(raw: Any) -> Cards:
    return tuple(_card(c) for c in raw)


def _opt_int(x: object) -> int | None:
    return None if x is None else int(x)  # type: ignore[call-overload]


def _plays(raw: Any) -> Plays:
    return tuple((int(s), _card(c)) for s, c in raw)


def _unpack(plays: tuple[int, ...] | list[int]) -> Plays:
    return tuple((p >> 6, p & 63) for p in plays)


def build_view(state: PreferansRules, seat: int | None) -> PreferansView:
    declarer = state.declarer
    sees_talon = declarer is not None and seat == declarer and state.holding != 0
    talon = tuple(c for c in state.talon if sees_talon or (state.shown >> c) & 1)
    discard = tuple(cards_in(state.discard)) if seat is not None and seat == declarer else ()
    sheet = state.sheet
    last = state.trick_log[-1] if state.trick_log else ()
    return PreferansView(
        seat=seat,
        players=state.players,
        options=state.options.to_json(),
        dealer=state.dealer,
        deal_number=state.deal_no,
        active=state.active,
        phase=PHASE_NAMES[state.phase],
        to_act=state.actor,
        hand=tuple(cards_in(state.hands[seat])) if seat is not None else (),
        hand_sizes=tuple(h.bit_count() for h in state.hands),
        bids=tuple(state.bids),
        min_bid=LADDER[state.min_bid()],
        declarer=declarer,
        contract=state.contract,
        answers=tuple(state.answers),
        whisters=tuple(s for s in range(state.players) if (state.whisters >> s) & 1),
        out_seat=state.out_seat,
        open_hands=tuple(
            (s, tuple(cards_in(state.hands[s])))
            for s in range(state.players)
            if (state.open_seats >> s) & 1
        ),
        talon=talon,
        discard=discard,
        talon_lead=state.talon_lead if state.talon_lead >= 0 else None,
        on_table=_unpack(state.plays),
        last_trick=_unpack(last),
        last_winner=state.winners[-1] if state.winners else None,
        taken=tuple(state.taken),
        trick_number=min(len(state.winners) + 1, 10),
        pulya=sheet.pulya,
        gora=sheet.gora,
        whists=sheet.whists,
        allpass=state.streak,
        cash=tuple(state.cash),
        kitty=state.kitty,
        balance=tuple(round(x, 6) for x in state.balance()),
        finished=state.finished,
        winner=state.winner,
    )
