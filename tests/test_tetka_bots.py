"""Tetka's bots: legal and deterministic everywhere, seed 004's advice in crafted deals,
never a revoke under ``revoke=penalized``, and rules beats random in a small arena."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from helpers import bot_choice
from tricktaker.arena.duplicate import play_duplicate
from tricktaker.bots import levels, make_bot
from tricktaker.bots.tetka.model import read
from tricktaker.cards import parse_card
from tricktaker.core import State, TricktakerError, get_game
from tricktaker.games.tetka import TetkaView

GAME = get_game("tetka")

#: Every seat holds every suit; seat 0 leads the first trick (dealer 3).
EVEN = (
    "2c 5c 9c Kc 3d 6d Td Qd 4h 7h Jh 5s 9s",
    "3c 6c Tc Ac 4d 7d Jd 2h 5h 8h Qh 2s 7s",
    "4c 7c Jc 2d 5d 8d Kd 3h 6h 9h Kh 3s 6s",
    "8c Qc 9d Ad Th Ah 4s 8s Ts Js Qs Ks As",
)
#: Seat 1 holds no diamonds, seat 2 no clubs.
VOIDS = (
    "2d 3d 4d 5d 6d 7d 2c 9h Th Jh 9s Ts Js",
    "3c 4c 5c Ac Qh 2h 3h 4h 2s 3s 4s As Ks",
    "8d 9d Td Jd 5h 6h 7h 8h 5s 6s 7s 8s Qs",
    "Qd Kd Ad 6c 7c 8c 9c Tc Jc Qc Kc Kh Ah",
)
#: As VOIDS, but seat 1 has no queen (its Qh swapped for seat 0's 9h).
VOIDS_NO_QUEEN = (
    "2d 3d 4d 5d 6d 7d 2c Qh Th Jh 9s Ts Js",
    "3c 4c 5c Ac 9h 2h 3h 4h 2s 3s 4s As Ks",
    VOIDS[2],
    VOIDS[3],
)
#: Seat 2 holds no clubs; seat 0 holds the ace and the lowest cards.
LEADER = (
    "Ac 2c 3c 2h 3h 4h 2d 3d 4d 2s 3s 4s 5s",
    "4c 5c 6c 7c 5h 6h 7h 5d 6d 7d 6s 7s 8s",
    "8h 9h Th Jh Qh 8d 9d Td Jd 9s Ts Js Qs",
    "8c 9c Tc Jc Qc Kc Kh Ah Qd Kd Ad Ks As",
)
#: Seat 1's hearts (9, 10, ace) are all above a seven; the queen of hearts is out.
MIDDLE = (
    "2h 3h 4h 7h 2c 3c 4c 5c 2d 3d 4d 5d 6d",
    "9h Th Ah 6c 7c 8c 9c 7d 8d 9d Td 2s 3s",
    "5h 6h 8h Jh Tc Jc Qc Jd Qd 4s 5s 6s 7s",
    "Qh Kh Kc Ac Kd Ad 8s 9s Ts Js Qs Ks As",
)


def crafted(
    hands: Sequence[str],
    actions: Sequence[str] = (),
    photo: str = "9c",
    dealer: int = 3,
    revoke: str = "prevented",
) -> State:
    """A robber's first deal with these hands (seat order) and photograph, actions applied.

    The default photograph, the nine of clubs, makes the ninth trick the counting one.
    """
    state = GAME.new_match(
        GAME.options({"revoke": revoke}),
        deals=[{"hands": [h.split() for h in hands], "photo": photo}],
        dealer=dealer,
    )
    for a in actions:
        state.apply(a)
    return state


def rules_act(state: State, seed: int = 0) -> str:
    return bot_choice(state, "tetka", seed)


# ------------------------------------------------------------ registry and legality


def test_bots_are_registered() -> None:
    assert levels("tetka") == ["random", "rules", "search", "deep"]
    assert make_bot("rules", "tetka").name == "rules"
    assert make_bot("random", "tetka").name == "random"


@pytest.mark.parametrize("revoke", ["prevented", "penalized"])
def test_rules_bot_is_legal_and_deterministic_in_random_positions(revoke: str) -> None:
    """Mixed tables reach all kinds of positions; the bot's card is legal, follows suit
    whenever it can (no revoke even where one is allowed), and its rng changes nothing."""
    options = GAME.options({"revoke": revoke})
    rng = random.Random(f"tetka-legal/{revoke}")
    rules = make_bot("rules", "tetka")
    rand = make_bot("random", "tetka")
    checked = 0
    for deal in range(12):
        state = GAME.new_match(options, seed=deal, dealer=deal % 4)
        while not state.finished_deals():
            seat = state.to_act
            assert seat is not None
            view, memory, legal = state.view(seat), state.events(0, seat), state.legal_actions()
            assert isinstance(view, TetkaView)
            picks = {str(rules.act(view, memory, legal, random.Random(s))) for s in range(3)}
            assert len(picks) == 1
            (pick,) = picks
            assert pick in {str(a) for a in legal}
            if view.on_table:
                led = view.on_table[0][1] // 13
                if any(c // 13 == led for c in view.hand):
                    assert parse_card(pick.split()[-1]) // 13 == led, "revoked"
            checked += 1
            state.apply(pick if rng.random() < 0.5 else rand.act(view, memory, legal, rng))
    assert checked > 500


def test_rules_bot_plays_whole_robbers() -> None:
    state = GAME.new_match(GAME.options({"target": 10}), seed=3)
    bot = make_bot("rules", "tetka")
    rngs = [random.Random(seat) for seat in range(4)]
    while state.to_act is not None:
        seat = state.to_act
        state.apply(
            bot.act(state.view(seat), state.events(0, seat), state.legal_actions(), rngs[seat])
        )
    assert state.result().finished and len(state.finished_deals()) >= 2


def test_rules_bot_refuses_a_spectator_and_other_games() -> None:
    state = crafted(EVEN)
    bot = make_bot("rules", "tetka")
    with pytest.raises(TricktakerError, match="seat"):
        bot.act(state.public_view(), state.events(0), state.legal_actions(), random.Random(0))
    truc = get_game("truc").new_match(get_game("truc").options({}), seed=1)
    with pytest.raises(TricktakerError, match="Tetka only"):
        bot.act(truc.view(0), truc.events(0, 0), truc.legal_actions(), random.Random(0))


# ------------------------------------------------------------ what the bot remembers


def test_memory_keeps_every_card_played_and_every_void_shown() -> None:
    # Trick 1: seat 2 shows a void in clubs; tricks 2-3 follow. The view now shows only
    # the last trick (seat 0 has led), but the bot remembers them all.
    state = crafted(
        LEADER,
        [
            *("0:play Ac", "1:play 4c", "2:play 9s", "3:play 8c"),
            *("0:play 5s", "1:play 6s", "2:play Qs", "3:play As"),
            *("3:play Kh", "0:play 2h", "1:play 5h", "2:play 8h"),
            "3:play Ks",
        ],
    )
    view = state.view(0)
    assert isinstance(view, TetkaView)
    assert [t.number for t in view.review] == [3]
    known = read(view, state.events(0, 0))
    played = {"Ac", "4c", "9s", "8c", "5s", "6s", "Qs", "As", "Kh", "2h", "5h", "8h", "Ks"}
    assert known.played == sum(1 << parse_card(c) for c in played)
    assert known.is_void(2, 0) and not known.is_void(2, 3)
    assert not any(known.is_void(s, u) for s in (0, 1, 3) for u in range(4))
    assert known.unseen.bit_count() == 52 - 13 - 10  # 10 in seat 0's hand, 13 played
    assert not (known.unseen >> parse_card("Qs")) & 1  # the queen of spades is out
    # Without a memory the bot falls back on what the view shows.
    blind = read(view, [])
    assert blind.played == sum(1 << parse_card(c) for c in ("Kh", "2h", "5h", "8h", "Ks"))


def test_a_proved_revoke_is_no_void() -> None:
    state = crafted(
        EVEN,
        [
            *("0:play 5s", "1:play Qh", "2:play 6s", "3:play As"),  # seat 1 revokes
            *("3:play 4s", "0:play 9s", "1:play 2s"),  # and proves it
        ],
        revoke="penalized",
    )
    seat = state.to_act
    assert seat == 2
    view = state.view(seat)
    assert isinstance(view, TetkaView)
    assert view.revokes == ((1, "s", 1),)
    assert not read(view, state.events(0, seat)).is_void(1, 3)


# ------------------------------------------------------------ seed 004's advice


def test_fourth_seat_takes_a_clean_trick_with_its_highest_card() -> None:
    """No queen, no photo card, not the counting or last trick: take it with the ace, so as
    not to be forced later to take a queen with it (never with its own queen)."""
    state = crafted(EVEN, ["0:play 5s", "1:play 7s", "2:play 6s"])
    assert rules_act(state) == "3:play As"


def test_fourth_seat_ducks_a_trick_holding_a_queen() -> None:
    state = crafted(EVEN, ["0:play 4h", "1:play Qh", "2:play 3h"])
    assert rules_act(state) == "3:play Th"  # the highest heart below the queen


def test_fourth_seat_ducks_the_counting_trick() -> None:
    # An ace photographed: the first trick is the counting trick.
    state = crafted(EVEN, ["0:play 5s", "1:play 7s", "2:play 6s"], photo="Ac")
    assert rules_act(state) == "3:play 4s"


def test_fourth_seat_ducks_a_trick_holding_the_photo_card() -> None:
    state = crafted(EVEN, ["0:play 5s", "1:play 7s", "2:play 6s"], photo="7s")
    assert rules_act(state) == "3:play 4s"


def test_second_seat_plays_a_middle_card_not_the_ace() -> None:
    """Every heart it holds beats the seven: a high card would invite a queen dump."""
    state = crafted(MIDDLE, ["0:play 7h"])
    assert rules_act(state) in {"1:play 9h", "1:play Th"}


def test_a_queen_is_shed_onto_a_trick_someone_else_takes() -> None:
    # Following below the ace of hearts: the queen goes to the ace.
    state = crafted(VOIDS, ["3:play Ah", "0:play 9h"], dealer=2)
    assert rules_act(state) == "1:play Qh"
    # Void in the suit led: the queen before the aces.
    assert rules_act(crafted(VOIDS, ["0:play 2d"])) == "1:play Qh"


def test_void_without_a_queen_sheds_the_photo_card_first() -> None:
    # The king of spades is the photo card: it goes before either ace.
    state = crafted(VOIDS_NO_QUEEN, ["0:play 2d"], photo="Ks")
    assert rules_act(state) == "1:play Ks"


def test_leads_away_from_a_suit_where_a_player_has_shown_void() -> None:
    """Seat 2 showed a void in clubs: a club led could carry his queen of hearts or spades."""
    state = crafted(LEADER, ["0:play Ac", "1:play 4c", "2:play 9s", "3:play 8c"])
    assert state.to_act == 0
    card = rules_act(state).split()[-1]
    assert card[1] != "c"
    assert card[0] in "234"  # and a low card


def test_penalized_revokes_are_never_played_on_purpose() -> None:
    # Dropping a queen of another suit would be tempting, and allowed: the bot follows.
    state = crafted(EVEN, ["0:play 4h", "1:play Qh", "2:play 3h"], revoke="penalized")
    assert "3:play Qs" in {str(a) for a in state.legal_actions()}
    assert rules_act(state) == "3:play Th"


# ------------------------------------------------------------ the arena


def test_rules_takes_fewer_marks_than_random_in_a_small_arena() -> None:
    result = play_duplicate("tetka", "rules", "random", 80, seed=5)
    assert result.deals == 80 and result.pairs == 20 and result.sides == 4
    assert result.points.above(0.0)  # random's marks minus rules', per deal
    assert result.win_rate.above(0.5)
    assert "rules beats random" in result.verdict()


def test_random_against_itself_is_about_even() -> None:
    """The sanity check: equal bots differ by chance only (an interval misses 0 one time in
    20, so this asks for a mean near 0, far below rules' edge of well over a mark)."""
    result = play_duplicate("tetka", "random", "random", 160, seed=5)
    assert abs(result.points.mean) < 0.4
    assert abs(result.win_rate.mean - 0.5) < 0.06
