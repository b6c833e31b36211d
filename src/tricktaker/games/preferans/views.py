"""Per-seat and spectator views of a Preferans game.

A view copies from the state only what its seat may see now (docs/rules/preferans.md):
its own hand (twelve cards while a declarer holds the talon), the bidding,
the contract and the answers, the talon where it was shown (to everyone in a
Russian contract, to its taker alone in misère and the pot game, card by card
as it leads an all-pass), the declarer's own discard, hands laid open, the
trick in progress and the last one, tricks taken, and the score sheet (or the
pot). Everything else is in the seat's events.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tricktaker.cards import cards_in
from tricktaker.core.viewjson import (
    INT_OR_TEXT,
    CardCodecs,
    Codec,
    TableView,
    as_json,
    table_fields,
    unpack_plays,
)
from tricktaker.games.preferans.deck import DECK, LADDER
from tricktaker.games.preferans.rules import PHASE_NAMES, PreferansRules

Plays = tuple[tuple[int, int], ...]
Cards = tuple[int, ...]


CARD = CardCodecs.of(DECK)
#: The bidding so far: (seat, word).
BIDS = Codec(
    lambda bs: [[s, w] for s, w in bs], lambda raw: tuple((int(s), str(w)) for s, w in raw)
)


@dataclass(frozen=True, slots=True)
class PreferansView(TableView):
    GAME_NAME = "Preferans"

    active: tuple[int, ...]
    phase: str
    hand: Cards = field(metadata=as_json(CARD.cards))
    bids: tuple[tuple[int, str], ...] = field(metadata=as_json(BIDS))
    min_bid: str
    declarer: int | None
    contract: str | None
    answers: tuple[str, ...]
    whisters: tuple[int, ...]
    out_seat: int | None
    open_hands: tuple[tuple[int, Cards], ...] = field(metadata=as_json(CARD.seat_cards))
    talon: Cards = field(metadata=as_json(CARD.cards))
    discard: Cards = field(metadata=as_json(CARD.cards))
    talon_lead: int | None = field(metadata=as_json(CARD.maybe_card))
    on_table: Plays = field(metadata=as_json(CARD.plays, "table"))
    last_trick: Plays = field(metadata=as_json(CARD.plays))
    last_winner: int | str | None = field(metadata=as_json(INT_OR_TEXT))
    taken: tuple[int, ...]
    trick_number: int
    pulya: tuple[int, ...]
    gora: tuple[int, ...]
    whists: tuple[tuple[int, ...], ...]
    allpass: int
    cash: tuple[int, ...]
    kitty: int
    balance: tuple[float, ...]

    @property
    def pot(self) -> bool:
        return self.options.get("rules") == "pot"

    @property
    def shown_hands(self) -> tuple[tuple[int, Cards], ...]:
        """Hands laid open but the observer's own (``core.protocol.ShownHands``)."""
        return tuple((s, h) for s, h in self.open_hands if s != self.seat)

    def check(self) -> None:
        """RecordError unless the fields fit together as the engine would have built them."""
        n = self.players
        seats = range(n)
        self.refuse(
            [
                (n not in (3, 4), "players"),
                (self.seat is not None and self.seat not in seats, "seat"),
                (
                    len(self.hand_sizes) != n or not all(0 <= k <= 12 for k in self.hand_sizes),
                    "sizes",
                ),
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
        )


def build_view(state: PreferansRules, seat: int | None) -> PreferansView:
    declarer = state.declarer
    sees_talon = declarer is not None and seat == declarer and state.holding != 0
    talon = tuple(c for c in state.talon if sees_talon or (state.shown >> c) & 1)
    discard = tuple(cards_in(state.discard)) if seat is not None and seat == declarer else ()
    sheet = state.sheet
    last = state.trick_log[-1] if state.trick_log else ()
    return PreferansView(
        **table_fields(state, seat),
        active=state.active,
        phase=PHASE_NAMES[state.phase],
        hand=tuple(cards_in(state.hands[seat])) if seat is not None else (),
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
        on_table=unpack_plays(state.plays),
        last_trick=unpack_plays(last),
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
    )
