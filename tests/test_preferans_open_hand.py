"""The open-hand solver against a plain minimax (no pruning, no table, no collapsed
cards, the rules written again the obvious way) on random small endings, against the
engine itself on endings of real deals, and on positions worked by hand."""

from __future__ import annotations

import random

import pytest

from scale import sample
from tricktaker.cards import CARD_NAMES, parse_card, parse_cards
from tricktaker.core.registry import get_game
from tricktaker.games.preferans.deck import DECK
from tricktaker.games.preferans.rules import PLAYING, PreferansRules
from tricktaker.solvers.preferans.position import Position, Solver, from_state

SOLVER = Solver(tt_bits=16)


def mask(text: str) -> int:
    return sum(1 << c for c in parse_cards(text.split()))


def _winner(table: list[tuple[int, int]], led: int, trump: int | None) -> int:
    best: int | None = None
    who = -1
    for place, c in table:
        suit = c // 13
        if best is None:
            if suit in (led, trump):
                best, who = c, place
        elif (suit == best // 13 and c > best) or (suit == trump and best // 13 != trump):
            best, who = c, place
    return who


def _legal(
    pos_hand: int,
    led: int | None,
    trump: int | None,
    overtake: bool = False,
    table: list[tuple[int, int]] | None = None,
) -> list[int]:
    cards = [c for c in DECK if pos_hand >> c & 1]
    if led is None:
        return cards
    follow = [c for c in cards if c // 13 == led]
    if not follow:
        follow = [c for c in cards if c // 13 == trump]
        if not follow:
            return cards
    if overtake and table:
        best = max(
            (c for _, c in table if c // 13 in (led, trump)),
            key=lambda c: (c // 13 == trump, c),
        )
        beats = [
            c
            for c in follow
            if (c // 13 == best // 13 and c > best) or (c // 13 == trump != best // 13)
        ]
        return beats or follow
    return follow


def brute(pos: Position) -> int:
    """Plain minimax over every legal card."""
    n = pos.players

    def go(
        hands: list[int], table: list[tuple[int, int]], leader: int, talon: tuple[int, ...]
    ) -> int:
        if not any(hands) and not table:
            return 0
        mover = (leader + len(table)) % n
        led = talon[0] if talon else (table[0][1] // 13 if table else None)
        values = []
        for c in _legal(hands[mover], led, pos.trump, pos.overtake, table):
            hands[mover] &= ~(1 << c)
            now = [*table, (mover, c)]
            if len(now) == n:
                assert led is not None or len(now) == 1 or True
                trick_led = led if led is not None else now[0][1] // 13
                w = _winner(now, trick_led, pos.trump)
                gain = 1 if w >= 0 and pos.counted >> w & 1 else 0
                nxt = pos.first if talon else w
                v = gain + go(hands, [], nxt, talon[1:])
            else:
                v = go(hands, now, leader, talon)
            hands[mover] |= 1 << c
            values.append(v)
        return max(values) if pos.maximisers >> mover & 1 else min(values)

    table = [((pos.leader + i) % n, c) for i, c in enumerate(pos.table)]
    return go(list(pos.hands), table, pos.leader, pos.talon)


def random_ending(rng: random.Random, kind: str) -> Position:
    """2..4 cards each, three places (two in some contracts), a random trick in progress."""
    n = 2 if kind == "two" or (kind == "overtake" and rng.random() < 0.5) else 3
    per = rng.randint(2, 4)
    cards = list(DECK)
    rng.shuffle(cards)
    # Few suits make following (and the collapsed runs) common.
    suits = rng.sample(range(4), rng.randint(2, 4))
    cards = [c for c in cards if c // 13 in suits]
    if len(cards) < n * per:
        per = len(cards) // n
    hands = [sum(1 << c for c in cards[i * per : (i + 1) * per]) for i in range(n)]
    trump = None if kind in ("allpass", "misere") or rng.random() < 0.3 else rng.choice(suits)
    leader = rng.randrange(n)
    talon: tuple[int, ...] = ()
    if kind == "allpass" and rng.random() < 0.5:
        talon = tuple(rng.choice(range(4)) for _ in range(rng.randint(1, 2)))
        leader = 0
    table: list[int] = []
    for i in range(rng.randrange(n)):  # part of a trick already played
        place = (leader + i) % n
        led = talon[0] if talon else (table[0] // 13 if table else None)
        on_table = [((leader + j) % n, x) for j, x in enumerate(table)]
        c = rng.choice(_legal(hands[place], led, trump, kind == "overtake", on_table))
        hands[place] &= ~(1 << c)
        table.append(c)
    if kind in ("allpass", "misere"):
        counted = 1 << rng.randrange(n)
        maximisers = 7 & ~counted
    else:
        counted = 1 << rng.randrange(n)
        maximisers = counted
    return Position(
        hands=tuple(hands),
        leader=leader,
        counted=counted,
        maximisers=maximisers,
        trump=trump,
        table=tuple(table),
        talon=talon,
        first=0,
        overtake=kind == "overtake",
    )


@pytest.mark.parametrize("kind", ["contract", "misere", "allpass", "two", "overtake"])
def test_the_solver_agrees_with_plain_minimax(kind: str) -> None:
    rng = random.Random(f"open-hand {kind}")
    for _ in range(sample(150, dev=30)):
        pos = random_ending(rng, kind)
        got = SOLVER.solve(pos)
        assert got.tricks == brute(pos), pos
        # The card it names keeps the value: play it and solve the rest.
        assert got.card in [c for c in DECK if pos.hands[pos.to_play] >> c & 1]


def test_a_squeeze_free_count_in_no_trumps() -> None:
    # Declarer (place 0) leads: A K of spades, the defenders hold the Q and the rest.
    pos = Position(
        hands=(mask("As Ks 7h"), mask("Qs 8h 9h"), mask("Js Th Jh")),
        leader=0,
        counted=1,
        maximisers=1,
    )
    assert SOLVER.solve(pos).tricks == 2  # two spades, then the hearts are lost


def test_the_trump_decides_a_void() -> None:
    # Hearts trump: place 1, void in spades, ruffs the ace.
    pos = Position(
        hands=(mask("As Ks"), mask("7h 8h"), mask("7s 8s")),
        leader=0,
        counted=1,
        maximisers=1,
        trump=2,
    )
    assert SOLVER.solve(pos).tricks == 0
    no_trump = Position(pos.hands, 0, 1, 1)
    assert SOLVER.solve(no_trump).tricks == 2


def test_misere_declarer_ducks_and_the_catchers_push() -> None:
    # Declarer (0) holds 7s and As; catchers lead spades under him only if they can.
    pos = Position(
        hands=(mask("7s As"), mask("8s 9s"), mask("Ts Js")),
        leader=1,
        counted=1,
        maximisers=6,
    )
    # Whatever is led, declarer ducks with the 7 once, then the ace takes the last.
    assert SOLVER.solve(pos).tricks == 1
    assert SOLVER.solve(pos).card in (parse_card("8s"), parse_card("9s"))


def test_a_talon_trick_nobody_follows_is_spoiled() -> None:
    # All-pass: a club talon card, nobody holds a club: the trick goes to nobody.
    pos = Position(
        hands=(mask("As"), mask("Ah"), mask("Ad")),
        leader=0,
        counted=1,
        maximisers=6,
        talon=(0,),
    )
    assert SOLVER.solve(pos).tricks == 0
    assert brute(pos) == 0


def _engine_value(state: PreferansRules, places: tuple[int, ...], pos: Position) -> int:
    """The counted places' tricks by minimax over the engine's own legal actions."""
    counted = {places[i] for i in range(len(places)) if pos.counted >> i & 1}
    maxers = {places[i] for i in range(len(places)) if pos.maximisers >> i & 1}

    def go(s: PreferansRules) -> int:
        if s.phase != PLAYING:
            return 0
        owner = s.hand_to_play()
        values = []
        for a in s.legal_actions():
            child = s.clone()
            before = list(child.taken)
            child.apply(a)
            gain = sum(child.taken[x] - before[x] for x in counted)
            values.append(gain + go(child))
        return max(values) if owner in maxers else min(values)

    return go(state)


@pytest.mark.parametrize(
    "options",
    [
        {"rules": "sochi"},
        {"rules": "rostov"},
        {"rules": "pot"},
        {"rules": "pot", "overtake": True},
        {"rules": "leningrad", "players": 4},
    ],
    ids=["sochi", "rostov", "pot", "pot-overtake", "four-players"],
)
def test_the_solver_agrees_with_the_engine_on_real_endings(options: dict[str, object]) -> None:
    game = get_game("preferans")
    rng = random.Random(f"engine {sorted(options.items())}")
    checked = 0
    for seed in range(40):
        state = game.new_match(game.options(options), seed=seed)
        assert isinstance(state, PreferansRules)
        state = state.clone(stop_after_deal=True)
        # Random actions until only three (or two) cards are left in each hand.
        while state.to_act is not None and not (
            state.phase == PLAYING and sum(h.bit_count() for h in state.hands) <= 8
        ):
            state.apply(rng.choice(state.legal_actions()))
        if state.to_act is None:
            continue
        seat = state.hand_to_play()
        pos, places = from_state(state, seat)
        assert SOLVER.solve(pos).tricks == _engine_value(state, places, pos)
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("rules", ["sochi", "rostov"])
def test_an_all_pass_line_from_the_first_card_is_the_engines(rules: str) -> None:
    # From the first card of an all-pass (sochi: the talon leads the first two tricks),
    # the solver's line is legal in the engine and the seat takes the tricks it said.
    game = get_game("preferans")
    for seed in range(6):
        state = game.new_match(game.options({"rules": rules}), seed=seed)
        assert isinstance(state, PreferansRules)
        state = state.clone(stop_after_deal=True)
        for _ in range(3):
            seat = state.to_act
            assert seat is not None
            state.apply(f"{seat}:pass")
        assert state.phase == PLAYING and state.contract is None
        seat = state.active[seed % 3]
        pos, _ = from_state(state, seat)
        assert len(pos.talon) == (2 if rules == "sochi" else 0)
        found = Solver().line(pos)
        assert found is not None
        tricks, line = found
        for card in line:
            actor = state.to_act
            assert actor is not None
            state.apply(f"{actor}:play {CARD_NAMES[card]}")
        assert state.finished_deals()[-1].details["taken"][seat] == tricks
