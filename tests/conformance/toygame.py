"""A tiny trick game used only by the tests, to exercise what Le Truc does not.

Le Truc never hides a card from its own holder, never lets one seat play
another's cards, never forces a suit and has no numeric option. This game
does all four, so that the conformance suite, ``core.sampling`` (known voids)
and ``core.events`` are proved on them before a real game needs them:

* 20 cards (T J Q K A in four suits); 3 players each for himself, or 4 in two
  partnerships where seat 2 is a dummy: its hand lies open and seat 0 plays
  it (``0:play Kh from 2``);
* three cards each, three tricks a deal, follow suit if able, the highest
  card of the led suit wins, the winner leads;
* option ``blind`` (yes/no): each seat's third card is dealt face down, unseen
  even by its holder (a hidden slot in his view), and is played with
  ``play blind``, which need not follow suit;
* option ``deals`` (1..3): deals in a match; a trick is a point to its side;
  returns: each side's points minus the average, so they sum to zero.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Self

from tricktaker.cards import CARD_NAMES, Card, CardError, mask_of, parse_card, suit_of
from tricktaker.core import (
    Action,
    DealSummary,
    Event,
    GameInfo,
    IllegalAction,
    Options,
    OptionSpec,
    RecordError,
    Result,
    Start,
    View,
)
from tricktaker.core.actions import split_action
from tricktaker.core.deals import Deal, DealSpec, PileSpec, make_deal, read_deal
from tricktaker.core.events import info_key_of, render_log, told_from
from tricktaker.core.options import build_options
from tricktaker.core.sampling import ALL_CARDS, Pile, deal_unseen

RANKS = "TJQKA"
DECK: tuple[Card, ...] = tuple(
    sorted(s * 13 + "23456789TJQKA".index(r) for s in range(4) for r in RANKS)
)
HAND = 3
SPEC = DealSpec(DECK, (PileSpec("hands", HAND, per_seat=True), PileSpec("stock", None)), "Toy")
SCHEMA = (
    OptionSpec(
        "players", "choice", 3, "three for themselves, or four with a dummy", choices=(3, 4)
    ),
    OptionSpec("deals", "int", 1, "deals in a match", low=1, high=3),
    OptionSpec("blind", "bool", False, "each seat's third card is dealt face down"),
)
MAX_SEATS = 4


def _table() -> list[Action]:
    out: list[Action] = []
    for seat in range(MAX_SEATS):
        owners: tuple[int | None, ...] = (None, 2) if seat == 0 else (None,)
        for owner in owners:
            out += [Action(seat, "play", (CARD_NAMES[c],), owner) for c in DECK]
            out.append(Action(seat, "play", ("blind",), owner))
    return out


ACTIONS = tuple(_table())
IDS = {str(a): i for i, a in enumerate(ACTIONS)}


def parse(text: str) -> Action:
    """The toy's action written ``text`` (cards in any notation), or IllegalAction."""
    seat, verb, args, owner = split_action(text)
    if verb == "play" and len(args) == 1 and args[0] != "blind":
        try:
            args = (CARD_NAMES[parse_card(args[0])],)
        except CardError as exc:
            raise IllegalAction(str(exc)) from None
    key = str(Action(seat, verb, args, owner))
    if key not in IDS:
        raise IllegalAction(f"not an action of the toy game: {text[:40]!r}")
    return ACTIONS[IDS[key]]


@dataclass(frozen=True, slots=True)
class ToyView:
    seat: int | None
    players: int
    to_act: int | None
    dealer: int
    hand: tuple[Card | None, ...]
    dummy: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    on_table: tuple[tuple[int, Card | None], ...]
    points: tuple[int, ...]
    deal_number: int
    deals: int
    finished: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "players": self.players,
            "to_act": self.to_act,
            "dealer": self.dealer,
            "hand": [None if c is None else CARD_NAMES[c] for c in self.hand],
            "dummy": [CARD_NAMES[c] for c in self.dummy],
            "hand_sizes": list(self.hand_sizes),
            "table": [[s, CARD_NAMES[c] if c is not None else None] for s, c in self.on_table],
            "points": list(self.points),
            "deal_number": self.deal_number,
            "deals": self.deals,
            "finished": self.finished,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> ToyView:
        def card(x: str | None) -> Card | None:
            return None if x is None else parse_card(x)

        return cls(
            d["seat"],
            d["players"],
            d["to_act"],
            d["dealer"],
            tuple(card(x) for x in d["hand"]),
            tuple(parse_card(x) for x in d["dummy"]),
            tuple(d["hand_sizes"]),
            tuple((s, card(c)) for s, c in d["table"]),
            tuple(d["points"]),
            d["deal_number"],
            d["deals"],
            d["finished"],
        )


class ToyState:
    def __init__(
        self,
        options: Options,
        seed: int | str,
        deals: Sequence[Mapping[str, Any]] | None,
        dealer: int,
        start: Start | None,
    ) -> None:
        self.options = options
        self.n = options.integer("players")
        if not isinstance(dealer, int) or not 0 <= dealer < self.n:
            raise RecordError(f"dealer must be a seat from 0 to {self.n - 1}")
        if start:
            raise RecordError("the toy game has no starting position")
        self.total_deals = options.integer("deals")
        self.blind = options.flag("blind")
        self.seed = seed
        self.given = tuple(read_deal(d, SPEC, self.n, i) for i, d in enumerate(deals or ()))
        self.first_dealer = dealer
        self.dealer = dealer
        self.deal_no = 0
        self.over = False
        self.dealt: list[Deal] = []
        self.log: list[object] = []
        self.history: list[DealSummary] = []
        self.points = [0] * self.side_count
        self.stop_after_deal = False
        self._start_deal()

    @property
    def side_count(self) -> int:
        return 2 if self.n == 4 else 3

    @property
    def sides(self) -> tuple[int, ...]:
        return (0, 1, 0, 1) if self.n == 4 else (0, 1, 2)

    @property
    def players(self) -> int:
        return self.n

    def _start_deal(self) -> None:
        given = self.given[self.deal_no] if self.deal_no < len(self.given) else None
        deal = make_deal(SPEC, self.n, (self.dealer + 1) % self.n, self.seed, self.deal_no, given)
        self.dealt.append(deal)
        self.hands = [list(h) for h in deal.hands]
        self.hidden = [h[-1] if self.blind else -1 for h in deal.hands]
        self.plays: list[tuple[int, Card]] = []
        self.tricks: list[int] = []
        self.deal_points = [0] * self.side_count
        self.leader = (self.dealer + 1) % self.n
        self.turn: int | None = self.leader
        self.log.append(("deal", self.deal_no, self.dealer, deal))

    @property
    def to_act(self) -> int | None:
        if self.turn is None:
            return None
        return 0 if self.n == 4 and self.turn == 2 else self.turn

    def legal_actions(self) -> list[Action]:
        seat = self.turn
        if seat is None:
            return []
        actor = self.to_act
        assert actor is not None
        owner = seat if seat != actor else None
        visible = [c for c in self.hands[seat] if c != self.hidden[seat]]
        if self.plays:
            led = suit_of(self.plays[0][1])
            follow = [c for c in visible if suit_of(c) == led]
            visible = follow or visible
        out = [
            ACTIONS[IDS[str(Action(actor, "play", (CARD_NAMES[c],), owner))]]
            for c in sorted(visible)
        ]
        if self.hidden[seat] in self.hands[seat]:
            out.append(ACTIONS[IDS[str(Action(actor, "play", ("blind",), owner))]])
        return out

    def apply(self, action: Action | str) -> None:
        a = parse(action) if isinstance(action, str) else parse(str(action))
        if str(a) not in {str(x) for x in self.legal_actions()}:
            if self.turn is None:
                raise IllegalAction("the match is over")
            raise IllegalAction(f"{a} is not allowed now")
        seat = a.hand_seat
        card = self.hidden[seat] if a.args[0] == "blind" else parse_card(a.args[0])
        self.hands[seat].remove(card)
        self.plays.append((seat, card))
        self.log.append(("play", a, card))
        if len(self.plays) < self.n:
            self.turn = (seat + 1) % self.n
            return
        led = suit_of(self.plays[0][1])
        winner = max((p for p in self.plays if suit_of(p[1]) == led), key=lambda p: p[1])[0]
        side = self.sides[winner]
        self.deal_points[side] += 1
        self.tricks.append(side)
        self.log.append(("trick", len(self.tricks) - 1, tuple(self.plays), side))
        self.plays = []
        self.turn = winner
        if len(self.tricks) == HAND:
            self._end_deal()

    def _end_deal(self) -> None:
        for s, p in enumerate(self.deal_points):
            self.points[s] += p
        best = max(self.deal_points)
        leaders = [s for s, p in enumerate(self.deal_points) if p == best]
        summary = DealSummary(
            self.deal_no,
            self.dealer,
            tuple(self.tricks),
            leaders[0] if len(leaders) == 1 else None,
            best,
            tuple(float(p) for p in self.deal_points),
            "tricks",
            {"points": list(self.deal_points)},
        )
        self.history.append(summary)
        self.log.append(("deal_end", summary))
        self.turn = None
        if self.deal_no + 1 >= self.total_deals:
            self.over = True
            self.log.append(("match_end", tuple(self.points)))
            return
        self.deal_no += 1
        self.dealer = (self.dealer + 1) % self.n
        if not self.stop_after_deal:
            self._start_deal()

    def result(self) -> Result:
        finished = self.over
        best = max(self.points)
        winners = [s for s, p in enumerate(self.points) if p == best]
        winner = winners[0] if finished and len(winners) == 1 else None
        return Result(tuple(self.points), (), finished, winner)

    def returns(self) -> tuple[float, ...]:
        if not self.result().finished:
            return (0.0,) * self.n
        mean = sum(self.points[s] for s in self.sides) / self.n
        return tuple(self.points[s] - mean for s in self.sides)

    def _visible_hand(self, seat: int) -> tuple[Card | None, ...]:
        return tuple(None if c == self.hidden[seat] else c for c in self.hands[seat])

    def view(self, seat: int) -> ToyView:
        if not isinstance(seat, int) or not 0 <= seat < self.n:
            raise IllegalAction(f"there is no seat {seat}")
        return self._view(seat)

    def public_view(self) -> ToyView:
        return self._view(None)

    def _view(self, seat: int | None) -> ToyView:
        dummy = tuple(c for c in self.hands[2] if c != self.hidden[2]) if self.n == 4 else ()
        return ToyView(
            seat,
            self.n,
            self.to_act,
            self.dealer,
            self._visible_hand(seat) if seat is not None else (),
            dummy,
            tuple(len(h) for h in self.hands),
            tuple(self.plays),
            tuple(self.points),
            self.deal_no,
            self.total_deals,
            self.result().finished,
        )

    def _render(
        self, entry: object, observer: int | None
    ) -> tuple[str, int | None, str | None, Mapping[str, Any]] | None:
        assert isinstance(entry, tuple)
        kind = entry[0]
        if kind == "deal":
            _, number, dealer, deal = entry
            data: dict[str, Any] = {"deal": number, "dealer": dealer}
            if observer is not None:
                hand = deal.hands[observer]
                data["hand"] = [
                    None if (self.blind and i == len(hand) - 1) else CARD_NAMES[c]
                    for i, c in enumerate(hand)
                ]
            return ("deal", None, None, data)
        if kind == "play":
            _, a, card = entry
            return ("action", a.seat, str(a), {"card": CARD_NAMES[card], "hand": a.hand_seat})
        if kind == "trick":
            _, i, plays, side = entry
            return (
                "trick",
                None,
                None,
                {"trick": i, "played": [[s, CARD_NAMES[c]] for s, c in plays], "side": side},
            )
        if kind == "deal_end":
            return ("deal_end", None, None, entry[1].to_json())
        return ("match_end", None, None, {"points": list(entry[1])})

    def events(self, since: int = 0, observer: int | None = None) -> list[Event]:
        return render_log(self.log, observer, since, self._render)

    def finished_deals(self) -> list[DealSummary]:
        return list(self.history)

    def info_key(self, seat: int) -> Hashable:
        return info_key_of(seat, self.events(0, seat))

    def shown_cards(self, observer: int | None) -> frozenset[int]:
        """The dummy's hand lies open, and a blind card once played is shown: anyone may
        see them (the harness cannot tell a played blind card from one never held)."""
        out = {c for s, c in enumerate(self.hidden) if c >= 0 and c not in self.hands[s]}
        if self.n == 4:
            out |= {c for c in self.hands[2] if c != self.hidden[2]}
        return frozenset(out)

    def clone(self, stop_after_deal: bool | None = None) -> Self:
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.hands = [list(h) for h in self.hands]
        new.hidden = list(self.hidden)
        new.plays = list(self.plays)
        new.tricks = list(self.tricks)
        new.deal_points = list(self.deal_points)
        new.points = list(self.points)
        new.log = list(self.log)
        new.history = list(self.history)
        new.dealt = list(self.dealt)
        if stop_after_deal is not None:
            new.stop_after_deal = stop_after_deal
        return new

    def to_record(self) -> dict[str, Any]:
        return {
            "game": "toy",
            "options": self.options.to_json(),
            "dealer": self.first_dealer,
            "seed": self.seed,
            "deals": [d.to_json() for d in self.dealt],
            "actions": [str(e[1]) for e in self.log if isinstance(e, tuple) and e[0] == "play"],
        }

    def public_record(self) -> dict[str, Any]:
        record = self.to_record()
        del record["seed"], record["deals"]
        return record

    def shown_record(self) -> dict[str, Any]:
        record = self.public_record()
        record["partial"] = True
        return record


class ToyWords:
    lang = "en"
    title = "Toy"

    def rules(self, options: Options) -> list[str]:
        return ["Follow suit; the highest card of the led suit wins."]

    def option_help(self, spec: OptionSpec) -> str:
        return spec.help

    def phase(self, view: View) -> str:
        return "play"

    def action_label(self, action: Action, view: View) -> str:
        return str(action)

    def action_help(self, action: Action, view: View, names: Sequence[str]) -> str | None:
        return None

    def is_private(self, action: Action) -> bool:
        return False

    def event_text(self, event: Event, names: Sequence[str], sides: Sequence[str]) -> str | None:
        return event.action

    def table_lines(self, view: View, names: Sequence[str], sides: Sequence[str]) -> list[str]:
        return []

    def hand_note(self, view: View) -> str | None:
        return None

    def hint(self, view: View, legal: Sequence[Action], names: Sequence[str]) -> str:
        return ""

    def status(self, view: View, names: Sequence[str], sides: Sequence[str]) -> list[str]:
        return []

    def seat_tags(self, view: View, seat: int) -> list[str]:
        return []

    def deal_lines(
        self, summary: DealSummary, names: Sequence[str], sides: Sequence[str]
    ) -> list[str]:
        return []

    def sheet_row(self, summary: DealSummary, sides: Sequence[str]) -> list[str]:
        return []

    def sheet_header(self, sides: Sequence[str]) -> list[str]:
        return []

    def match_result(self, view: View, sides: Sequence[str]) -> str:
        return ""


class ToyGame:
    id = "toy"
    info = GameInfo(
        id="toy",
        name="Toy",
        players=(3, 4),
        num_distinct_actions=len(ACTIONS),
        min_return=-9.0,
        max_return=9.0,
        max_deal_actions=HAND * MAX_SEATS,
        deck_size=len(DECK),
    )

    def option_schema(self) -> tuple[OptionSpec, ...]:
        return SCHEMA

    def options(self, values: Mapping[str, object] | Options) -> Options:
        return build_options(SCHEMA, values)

    def new_match(
        self,
        options: Options,
        seed: int | str = 0,
        deals: Sequence[Mapping[str, Any]] | None = None,
        dealer: int = 0,
        start: Start | None = None,
    ) -> ToyState:
        return ToyState(options, seed, deals, dealer, start)

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def action_id(self, action: Action) -> int:
        return IDS[str(parse(str(action)))]

    def action_from_id(self, number: int) -> Action:
        if (
            not isinstance(number, int)
            or isinstance(number, bool)
            or not 0 <= number < len(ACTIONS)
        ):
            raise IllegalAction(f"no action has id {number!r}")
        return ACTIONS[number]

    def view_from_json(self, data: Mapping[str, Any]) -> ToyView:
        return ToyView.from_json(data)

    def random_start(self, options: Options, rng: random.Random) -> Start:
        return Start()

    def words(self, lang: str) -> ToyWords:
        return ToyWords()

    def sample_state(self, view: View, memory: Sequence[Event], rng: random.Random) -> ToyState:
        """Deal the unseen cards: others' hands avoid the suits they showed out of."""
        assert isinstance(view, ToyView) and view.seat is not None
        me = view.seat
        n = view.players
        options = self.options(
            {"players": n, "deals": 3, "blind": any(c is None for c in view.hand) or _blind(memory)}
        )
        seen = {c for c in view.hand if c is not None} | set(view.dummy)
        voids = [ALL_CARDS] * n
        current: list[Event] = []
        for e in memory:
            if e.kind == "deal":
                current = []
            current.append(e)
        led: int | None = None
        played = set()
        for e in current:
            if e.kind == "action":
                c = parse_card(e.data["card"])
                played.add(c)
                owner = int(e.data["hand"])
                blind = e.action is not None and e.action.split(" from ")[0].endswith("blind")
                if led is None:
                    led = suit_of(c)
                elif suit_of(c) != led and not blind:
                    voids[owner] &= ~_suit_mask(led)
            elif e.kind == "trick":
                led = None
        seen |= played
        unseen = mask_of(DECK) & ~mask_of(seen)
        blind = options.flag("blind")
        piles: list[Pile] = []
        owners: list[tuple[int, bool]] = []
        for seat in range(n):
            size = view.hand_sizes[seat]
            hidden_left = 1 if blind and _still_hidden(seat, memory, current) else 0
            if seat == me:
                if hidden_left:
                    piles.append(Pile(1))
                    owners.append((seat, True))
                continue
            if n == 4 and seat == 2:
                visible = size - hidden_left
                assert visible == len(view.dummy)
                if hidden_left:
                    piles.append(Pile(1))
                    owners.append((seat, True))
                continue
            piles.append(Pile(size - hidden_left, allowed=voids[seat]))
            owners.append((seat, False))
            if hidden_left:
                piles.append(Pile(1))
                owners.append((seat, True))
        piles.append(Pile(unseen.bit_count() - sum(p.size for p in piles)))
        owners.append((-1, False))
        dealt = deal_unseen(unseen, piles, rng)
        # Each seat's hand as dealt: what it holds or played in sight, its blind card last.
        shown: list[list[Card]] = [[] for _ in range(n)]
        blind_card: list[Card | None] = [None] * n
        for e in current:
            if e.kind == "action":
                owner = int(e.data["hand"])
                card = parse_card(e.data["card"])
                if e.action is not None and e.action.split(" from ")[0].endswith("blind"):
                    blind_card[owner] = card
                else:
                    shown[owner].append(card)
        shown[me] += [c for c in view.hand if c is not None]
        if n == 4 and me != 2:
            shown[2] += list(view.dummy)
        for (seat, is_hidden), mask in zip(owners, dealt, strict=True):
            cards = [c for c in DECK if (mask >> c) & 1]
            if seat < 0:
                continue
            if is_hidden:
                blind_card[seat] = cards[0]
            else:
                shown[seat] += cards
        hands = [
            [CARD_NAMES[c] for c in shown[seat]]
            + ([CARD_NAMES[c] for c in [blind_card[seat]] if c is not None] if blind else [])
            for seat in range(n)
        ]
        # The seat's own hand keeps the order it was dealt in (its deal event shows it).
        mine = current[0].data["hand"]
        own_blind = blind_card[me]
        hands[me] = [c if c is not None else CARD_NAMES[own_blind or 0] for c in mine]
        options = self.options({"players": n, "deals": view.deals, "blind": blind})
        state = ToyState(options, rng.getrandbits(32), [{"hands": hands}], view.dealer, None)
        # The sample begins at the deal in progress: its number and the points before it.
        state.deal_no = view.deal_number
        state.log[-1] = ("deal", view.deal_number, view.dealer, state.dealt[-1])
        ended = [e.data["points"] for e in current if e.kind == "deal_end"]
        state.points = [p - (ended[0][i] if ended else 0) for i, p in enumerate(view.points)]
        for e in current:
            if e.kind == "action" and e.action is not None:
                state.apply(e.action)
        state.log[:0] = told_from(list(memory[: len(memory) - len(current)]), me)
        return state


def _suit_mask(suit: int) -> int:
    return mask_of(c for c in DECK if suit_of(c) == suit)


def _blind(memory: Sequence[Event]) -> bool:
    return any(e.kind == "deal" and None in e.data.get("hand", []) for e in memory)


def _still_hidden(seat: int, memory: Sequence[Event], current: Sequence[Event]) -> bool:
    return not any(
        e.kind == "action"
        and e.action is not None
        and e.action.split(" from ")[0].endswith("blind")
        and e.data.get("hand") == seat
        for e in current
    )


def _seat_to_play(view: ToyView, current: Sequence[Event]) -> int | None:
    if view.to_act is None:
        return None
    if view.on_table:
        return (view.on_table[-1][0] + 1) % view.players
    tricks = [e for e in current if e.kind == "trick"]
    if tricks:
        plays = tricks[-1].data["played"]
        led = suit_of(parse_card(plays[0][1]))
        return int(
            max(
                (p for p in plays if suit_of(parse_card(p[1])) == led),
                key=lambda p: parse_card(p[1]),
            )[0]
        )
    return (view.dealer + 1) % view.players


TOY = ToyGame()
