"""Preferans' bots: legal and deterministic in every convention and table size; the
``rules`` bot bids, discards, declares and whists as a Russian player would on made-up
hands, catches a misère with a hole in it, and beats ``random`` in a small arena."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

import pytest

from helpers import bot_choice
from tricktaker.arena.duplicate import play_duplicate
from tricktaker.bots import levels, make_bot
from tricktaker.bots.preferans.hand import (
    declarer_tricks,
    defence_tricks,
    losers,
    winning_rounds,
)
from tricktaker.cards import parse_card
from tricktaker.core import State, get_game
from tricktaker.games.preferans import PreferansView

GAME = get_game("preferans")
RULES = ("sochi", "leningrad", "rostov", "pot")


def mask(cards: str) -> int:
    return sum(1 << parse_card(c) for c in cards.split())


def suit_bits(cards: str) -> int:
    """13-bit rank set of cards of one suit (for the per-suit counts)."""
    return sum(1 << (parse_card(c) % 13) for c in cards.split())


def crafted(
    hands: Sequence[str], talon: str, actions: Sequence[str] = (), rules: str = "sochi"
) -> State:
    """A first deal with these hands (seats 0, 1, 2; dealer 2, so seat 0 is first hand)."""
    state = GAME.new_match(
        GAME.options({"rules": rules}),
        deals=[{"hands": [h.split() for h in hands], "talon": talon.split()}],
        dealer=2,
    )
    for a in actions:
        state.apply(a)
    return state


def rules_act(state: State, seed: int = 0) -> str:
    return bot_choice(state, "preferans", seed)


def run_rules(state: State, until: str) -> None:
    """Let the rules bot act for every seat until the phase is ``until``."""
    while state.to_act is not None:
        view = state.view(state.to_act)
        assert isinstance(view, PreferansView)
        if view.phase == until:
            return
        state.apply(rules_act(state))


# Seat 0: five top spades and three side aces; the talon two low cards.
STRONG = (
    "As Ks Qs Js Ts Ac Ad Ah 7c 7d",
    "Kc Qc Jc Kd Qd Jd Kh Qh Jh 9s",
    "Tc 9c 8c Td 9d 8d Th 9h 8h 8s",
)
STRONG_TALON = "7h 7s"
# Seat 0: middling cards, no ace or king, and losers for misère.
WEAK = (
    "8c 9c Jc 8d 9d Jd 9h Jh Ts Js",
    "7c Tc Qc Kc Ac Td Qd Kd 7h 8h",
    "Th Qh Kh Ah 7s 8s 9s Qs Ks As",
)
# Seat 0 holds no card that can be forced to take a trick.
CLEAN = (
    "7c 8c Tc 7d 8d 7h 8h 7s 8s 9s",
    "9c Jc Qc 9d Td Jd 9h Th Jh Ts",
    "Kc Ac Qd Kd Ad Qh Kh Ah Js Qs",
)
CLEAN_TALON = "As Ks"
# A misère with a hole: seat 0's hearts are all above the catchers' four low hearts.
HOLED = (
    "7c 8c 9c 7d 8d Td 7s 8s Jh Qh",
    "Tc Jc Qc 9d Jd 7h 8h 9s Ts Js",
    "Kc Ac Qd Kd Ad 9h Th Qs Ks As",
)
HOLED_TALON = "Ah Kh"


# ------------------------------------------------------------ registry and legality


def test_bots_are_registered() -> None:
    assert levels("preferans") == ["random", "rules", "search", "deep"]
    assert make_bot("rules", "preferans").name == "rules"
    assert make_bot("random", "preferans").name == "random"


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("rules", RULES)
def test_bots_are_legal_and_deterministic_in_random_games(rules: str, players: int) -> None:
    """Mixed tables reach every phase (open whists, misère, all-pass, invitations); the rules
    bot's choice is legal, the same whatever its rng, and quick."""
    options = GAME.options({"rules": rules, "players": players})
    rng = random.Random(f"preferans-legal/{rules}/{players}")
    bots = {"rules": make_bot("rules", "preferans"), "random": make_bot("random", "preferans")}
    phases: set[str] = set()
    slowest = 0.0
    for deal in range(8):
        state = GAME.new_match(options, seed=deal, dealer=deal % players)
        mix = rng.random()
        while not state.finished_deals():
            seat = state.to_act
            assert seat is not None
            view, memory, legal = state.view(seat), state.events(0, seat), state.legal_actions()
            assert isinstance(view, PreferansView)
            phases.add(view.phase)
            t0 = time.perf_counter()
            picks = {str(bots["rules"].act(view, memory, legal, random.Random(s))) for s in (1, 2)}
            slowest = max(slowest, (time.perf_counter() - t0) / 2)
            assert len(picks) == 1
            (pick,) = picks
            assert pick in {str(a) for a in legal}
            rand = str(bots["random"].act(view, memory, legal, rng))
            state.apply(pick if rng.random() < mix else rand)
    assert {"bidding", "play"} <= phases
    assert slowest < 0.25  # well under 50 ms on an idle core; lenient for a busy machine


# ------------------------------------------------------------ counting


def test_winning_rounds_keep_guarded_honours_guarded() -> None:
    assert winning_rounds(suit_bits("As Ks Ts"), suit_bits("Qs Js 9s 8s 7s")) == (0, 1)
    assert winning_rounds(suit_bits("Ks Qs Js"), suit_bits("As 9s 8s 7s")) == (1, 2)
    assert len(winning_rounds(suit_bits("As Ks 9s 8s 7s"), suit_bits("Qs Js Ts"))) == 5


def test_counts_tricks_losers_and_defence() -> None:
    strong = mask(STRONG[0])
    assert declarer_tricks(strong, 0) >= 8  # spades: five trumps and three aces
    assert declarer_tricks(strong, 0) > declarer_tricks(strong, 3)  # better than hearts
    assert losers(mask(CLEAN[0])) == 0
    assert losers(mask(HOLED[0])) >= 1
    assert defence_tricks(mask("Ac Ad 7h 8h 9h Th 8s 9s 7c 7d"), 3) >= 1.5
    assert defence_tricks(mask("7c 8c 9c 7d 8d 9d 7h 8h 9h Th"), 3) < 0.5


# ------------------------------------------------------------ bidding and the talon


def test_strong_hand_bids_and_declares_high() -> None:
    state = crafted(STRONG, STRONG_TALON)
    assert rules_act(state) == "0:bid 6s"
    state = crafted(STRONG, STRONG_TALON, ["0:bid 6s", "1:bid 7s", "2:pass"])
    # Outbid at seven, it bids on: seven in a higher strain.
    bid = rules_act(state)
    assert bid.startswith("0:bid 7") and bid != "0:bid 7s"
    state = crafted(STRONG, STRONG_TALON, ["0:bid 6s", "1:pass", "2:pass"])
    discard = rules_act(state)
    kept = mask(STRONG[0] + " " + STRONG_TALON) & ~mask(" ".join(discard.split()[2:]))
    assert kept & mask("As Ks Qs Js Ts Ac Ad Ah") == mask("As Ks Qs Js Ts Ac Ad Ah")
    state.apply(discard)
    declared = rules_act(state)
    assert declared.startswith("0:declare ")
    contract = declared.split()[-1]
    assert contract.endswith("s") and int(contract[:-1]) >= 7


def test_discard_keeps_trumps_and_aces() -> None:
    hands = (
        "Ks Qs Js 9s 8s Ah 7h 7d Ac 8c",
        "As Ts Kc Qc Jc Kd Qd Jd Kh Qh",
        "7s 9c Tc 8d 9d Td Ad 8h 9h Th",
    )
    state = crafted(hands, "7c Jh", ["0:bid 6s", "1:pass", "2:pass"])
    thrown = mask(" ".join(rules_act(state).split()[2:]))
    assert not thrown & mask("Ks Qs Js 9s 8s Ah Ac")


def test_weak_hand_passes() -> None:
    state = crafted(WEAK, "7d Ad")
    assert rules_act(state) == "0:pass"


def test_clean_hand_bids_misere_and_throws_its_high_cards() -> None:
    state = crafted(CLEAN, CLEAN_TALON)
    assert rules_act(state) == "0:bid misere"
    state = crafted(CLEAN, CLEAN_TALON, ["0:bid misere", "1:pass", "2:pass"])
    assert rules_act(state) == "0:discard Ks As"


def test_misere_is_a_first_bid_only() -> None:
    state = crafted(CLEAN, CLEAN_TALON, ["0:bid 6s", "1:pass", "2:bid 6c"])
    assert rules_act(state) == "0:pass"


def test_whists_with_tricks_and_passes_without() -> None:
    hands = (
        "As Ks Qs Js Ts 9s Kc Kd 7c 7d",
        "Ac Ad 8c 9c 8d 9d 7h 8h 9h Th",
        "Qc Jc Tc Qd Jd Td Jh Qh Kh Ah",
    )
    state = crafted(hands, "8s 7s", ["0:bid 6s", "1:pass", "2:pass"])
    run_rules(state, "whist")
    assert state.to_act == 1
    assert rules_act(state) == "1:whist"  # two aces against a six
    weak = (hands[0], "8c 9c Tc 8d 9d Td 7h 8h 9h Th", "Ac Qc Jc Ad Qd Jd Jh Qh Kh Ah")
    state = crafted(weak, "8s 7s", ["0:bid 6s", "1:pass", "2:pass"])
    run_rules(state, "whist")
    assert rules_act(state) == "1:pass"
    state.apply("1:pass")
    # Second defender after a pass: strong enough to whist alone, or half-whists.
    assert rules_act(state) in ("2:whist", "2:half")


def test_pot_game_bids_and_whists() -> None:
    state = crafted(STRONG, STRONG_TALON, rules="pot")
    assert rules_act(state) in ("0:bid game", "0:bid 1")
    state = crafted(WEAK, "7d Ad", rules="pot")
    assert rules_act(state) == "0:pass"


# ------------------------------------------------------------ play


def test_catchers_catch_a_misere_with_a_hole() -> None:
    state = crafted(HOLED, HOLED_TALON, ["0:bid misere", "1:pass", "2:pass"])
    while not state.finished_deals():
        state.apply(rules_act(state))
    deal = state.finished_deals()[0]
    assert deal.details["contract"] == "misere"
    assert deal.details["taken"][0] >= 1


def test_declarer_draws_trumps_and_makes_a_solid_contract() -> None:
    state = crafted(STRONG, STRONG_TALON, ["0:bid 6s", "1:pass", "2:pass"])
    while not state.finished_deals():
        state.apply(rules_act(state))
    deal = state.finished_deals()[0]
    level = int(str(deal.details["contract"])[:-1])
    assert deal.details["taken"][0] >= level


def test_all_pass_ducks_under_the_card_winning() -> None:
    hands = (
        "7c Tc Kc 7d 9d Jd 8h Qh 9s Js",
        "8c Jc Ac 8d Qd Ad 9h Kh Ts Ks",
        "9c Qc 8s Td Kd 7h Th Ah Qs As",
    )
    state = crafted(hands, "Jh 7s", ["0:pass", "1:pass", "2:pass"])
    # The talon's jack of hearts sets the suit; first hand (8h Qh) plays the heart that
    # the others are likelier to overtake: the eight.
    assert rules_act(state) == "0:play 8h"
    state.apply("0:play 8h")
    # Seat 1 (9h Kh) cannot duck under the eight; seat 2 may still overtake, so it plays
    # its lowest heart and keeps the king's fate open.
    assert rules_act(state) == "1:play 9h"
    state.apply("1:play 9h")
    # Seat 2 (7h Th Ah): ducks under the nine with the seven.
    assert rules_act(state) == "2:play 7h"


# ------------------------------------------------------------ arena


@pytest.mark.parametrize("options", [{}, {"rules": "pot"}, {"players": 4}])
def test_rules_beats_random_in_a_small_arena(options: dict[str, object]) -> None:
    result = play_duplicate("preferans", "rules", "random", 90, seed=3, options=options)
    assert result.sides == (4 if options.get("players") == 4 else 3)
    assert result.points.low > 0
