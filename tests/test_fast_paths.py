"""The engines' fast paths (issue 23) agree with the plain definitions they replace.

The written-out shuffle gives the plain Fisher-Yates loop's order for every deck size
and every kind of seed, so records made before it replay the same deals; Tetka's
seat draw reads the same cards as the plain draw.
"""

from __future__ import annotations

import random

import pytest

from tricktaker.cards import mask_of, rank_of
from tricktaker.core import get_game
from tricktaker.core.dealing import deal_bits, shuffled, shuffled_plain, shuffler
from tricktaker.core.deals import make_deal
from tricktaker.games.tetka.actions import PLAYS as TETKA_PLAYS
from tricktaker.games.tetka.chance import seat_draw
from tricktaker.games.tetka.rules import _suit_plays
from tricktaker.games.tetka.scoring import settle, settle_general
from tricktaker.games.truc.actions import PLAY_ACTIONS
from tricktaker.games.truc.cards import BY_STRENGTH
from tricktaker.games.truc.cards import DECK as TRUC_DECK
from tricktaker.games.truc.rules import DEAL_SPEC as TRUC_DEAL_SPEC
from tricktaker.games.truc.rules import _plays_for
from tricktaker.games.truc.state import TrucState


@pytest.mark.parametrize("size", [0, 1, 2, 3, 5, 20, 24, 30, 32, 33, 36, 40, 48, 52, 59])
def test_written_shuffle_is_the_plain_loop(size: int) -> None:
    rng = random.Random(size)
    cards = [rng.randrange(1000) for _ in range(size)]
    seeds: list[int | str] = [0, 1, -7, 2**80, "x", "seed/é#draw", "\ud800"]
    seeds += [rng.randrange(10**12) for _ in range(40)]
    for seed in seeds:
        for index in (0, 1, 13, 99_999):
            expected = shuffled_plain(cards, seed, index)
            assert shuffled(cards, seed, index) == expected
            assert shuffler(size)(cards, seed, index) == expected
    assert shuffled(cards, 5, 5) is not cards


def _seat_draw_plain(seed: int | str, dealer: int) -> tuple[int, ...]:
    """Tetka's seat draw as first written (a list for the deck, ranks by ``rank_of``)."""
    for attempt in range(1000):
        bits = deal_bits(f"{seed}#draw", attempt)
        deck = list(range(52))
        cards = []
        for i in range(4):
            bits, j = divmod(bits, 52 - i)
            cards.append(deck[i + j])
            deck[i + j] = deck[i]
        low = min(rank_of(c) for c in cards)
        if [rank_of(c) for c in cards].count(low) != 1:
            continue
        card = min(cards, key=rank_of)
        others = [c for c in cards if c != card]
        out = [0] * 4
        out[dealer] = card
        for i in range(1, 4):
            out[(dealer + i) % 4] = others[i - 1]
        return tuple(out)
    raise AssertionError("no decisive draw")


def test_seat_draw_is_the_plain_draw() -> None:
    for seed in [*range(400), "x", "seed/é"]:
        for dealer in range(4):
            assert seat_draw(seed, dealer) == _seat_draw_plain(seed, dealer)


def test_truc_plays_are_listed_strongest_first() -> None:
    rng = random.Random(3)
    for _ in range(3000):
        seat = rng.randrange(4)
        hand = mask_of(rng.sample(TRUC_DECK, rng.randrange(0, 4)))
        expected = [PLAY_ACTIONS[seat][c] for c in BY_STRENGTH if (hand >> c) & 1]
        assert list(_plays_for(seat, hand)) == expected


@pytest.mark.parametrize("players", [2, 4])
def test_truc_deals_are_make_deals(players: int) -> None:
    """Le Truc deals two-handed deals itself: the same piles as ``make_deal``."""
    game = get_game("truc")
    options = game.options({"players": players})
    for k, seed in enumerate([*range(60), "x", "é/1"]):
        state = game.new_match(options, seed=seed, dealer=k % players)
        assert isinstance(state, TrucState)
        while len(state.dealt) < 4 and state.to_act is not None:
            state.apply(state.legal_actions()[0])
        dealers = [d.dealer for d in state.finished_deals()] + [state.dealer]
        for number, deal in enumerate(state.dealt):
            first = (dealers[number] + 1) % players
            assert deal == make_deal(TRUC_DEAL_SPEC, players, first, seed, number)


@pytest.mark.parametrize(("ties", "redeal"), [("spoil", "once"), ("leader", "repeat")])
def test_truc_two_handed_card_turns_list_what_the_table_lists(ties: str, redeal: str) -> None:
    """The inline card turn of ``legal_actions`` gives ``_compute_legal``'s tuple."""
    game = get_game("truc")
    options = game.options({"players": 2, "ties": ties, "redeal": redeal})
    rng = random.Random(ties)
    turns = 0
    for seed in range(150):
        state = game.new_match(options, seed=seed)
        assert isinstance(state, TrucState)
        while state.actor is not None:
            legal = state.legal_actions()
            assert legal == state._compute_legal(state.actor)
            turns += 1
            state.apply(legal[rng.randrange(len(legal))])
    assert turns > 10_000


def test_tetka_suit_plays_are_the_cards_of_the_pattern() -> None:
    rng = random.Random(9)
    for _ in range(4000):
        seat, suit, pattern = rng.randrange(4), rng.randrange(4), rng.randrange(1 << 13)
        expected = tuple(TETKA_PLAYS[seat][suit * 13 + r] for r in range(13) if (pattern >> r) & 1)
        assert _suit_plays(seat, suit, pattern) == expected


def test_tetka_settle_without_revokes_is_the_general_settle() -> None:
    rng = random.Random(13)
    deck = list(range(52))
    for k in range(3000):
        rng.shuffle(deck)
        played = rng.choice([13, 13, 13, rng.randrange(14)])  # whole deals, and a few cut
        tricks = [sum(1 << c for c in deck[4 * t : 4 * t + 4]) for t in range(played)]
        winners = [rng.randrange(4) for _ in range(played)]
        if k % 3 == 0:  # one seat takes most, ties otherwise
            winners = [0 if rng.random() < 0.6 else w for w in winners]
        photo = rng.randrange(52)
        assert settle(winners, tricks, photo) == settle_general(winners, tricks, photo)
