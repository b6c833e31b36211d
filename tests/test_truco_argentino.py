"""Truco Argentino and Gaúcho (docs/rules/truco.md, "Truco Argentino"): one test per rule.

Hands are written in the project's card names; the Spanish names follow the
documented mapping (espadas s, bastos c, oros d, copas h; 1 A, 10 Q, 11 J, 12 K):
``As`` is the 1 of espadas, ``7d`` the 7 of oros. Seat 0 deals unless a test says
otherwise, so seat 1 is the mano.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import fingerprint, legal, replay_cli
from scale import examples
from tricktaker.cards import parse_card
from tricktaker.core import IllegalAction, Start, get_game
from tricktaker.core.records import load_record, state_from_record
from tricktaker.games.truco import TrucoState
from tricktaker.games.truco import scoring as env
from tricktaker.games.truco.cards import (
    ARGENTINO,
    BY_SPANISH_NAME,
    DECK,
    by_strength,
    spanish_name,
)
from tricktaker.games.truco.phases import EV_COUNT

GAME = get_game("truco")


def arg(
    players: int = 2,
    *hands: str,
    variant: str = "argentino",
    flor: bool = False,
    points: int = 30,
    score: tuple[int, int] | None = None,
    dealer: int = 0,
    seed: int = 0,
) -> TrucoState:
    options = GAME.options({"variant": variant, "players": players, "flor": flor, "points": points})
    deals: Sequence[Mapping[str, Any]] | None = (
        [{"hands": [h.split() for h in hands]}] if hands else None
    )
    start = Start({"score": score}) if score is not None else None
    state = GAME.new_match(options, seed=seed, deals=deals, dealer=dealer, start=start)
    assert isinstance(state, TrucoState)
    return state


def run(state: TrucoState, *actions: str) -> TrucoState:
    for a in actions:
        state.apply(a)
    return state


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


# ------------------------------------------------------------------- cards


def test_the_spanish_names_and_the_mapping() -> None:
    assert spanish_name(parse_card("As")) == "1e"
    assert spanish_name(parse_card("Ac")) == "1b"
    assert spanish_name(parse_card("7d")) == "7o"
    assert spanish_name(parse_card("Qh")) == "10c"
    assert spanish_name(parse_card("Jc")) == "11b"
    assert spanish_name(parse_card("Kd")) == "12o"
    assert len(BY_SPANISH_NAME) == len(DECK) == 40


def test_the_fixed_ranking() -> None:
    high_to_low = "As Ac 7s 7d 3h 2h Ad Kh Jh Qh 7h 6h 5h 4h"
    order = cards(high_to_low)
    strengths = [ARGENTINO[c] for c in order]
    assert strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == len(strengths)
    # Equal ranks of other suits tie (the other 1s, the other 7s).
    assert ARGENTINO[parse_card("Ad")] == ARGENTINO[parse_card("Ah")]
    assert ARGENTINO[parse_card("7c")] == ARGENTINO[parse_card("7h")]
    assert ARGENTINO[parse_card("3c")] == ARGENTINO[parse_card("3s")]
    state = arg(2, "4c 7h As", "Ac 3d 7d")
    assert state.view(1).hand == tuple(cards("Ac 7d 3d"))
    assert by_strength(sum(1 << c for c in order), ARGENTINO) == tuple(order[:1]) + tuple(
        by_strength(sum(1 << c for c in order[1:]), ARGENTINO)
    )


def test_no_card_is_played_face_down() -> None:
    state = arg(2, "4c 7h As", "Ac 3d 7d")
    run(state, "1:play Ac", "0:play 4c")
    assert not any(a.endswith("down") for a in legal(state))
    with pytest.raises(IllegalAction):
        state.apply("1:play 3d down")


def test_three_tied_tricks_go_to_the_mano() -> None:
    state = arg(2, "3c 2c 4c", "3d 2d 4d")
    run(state, "1:play 3d", "0:play 3c", "1:play 2d", "0:play 2c", "1:play 4d", "0:play 4c")
    deal = state.finished_deals()[0]
    assert deal.tricks == ("tie", "tie", "tie")
    assert deal.winner == 1 and deal.points == 1


# ------------------------------------------------------------------- envido counts


@pytest.mark.parametrize(
    ("hand", "count"),
    [
        ("7h 6h Kc", 33),
        ("Qh Kh 5c", 20),
        ("7s 5d 4c", 7),
        ("Qs Kd Jc", 0),
        ("7h 6h 5h", 33),  # three of a suit without flor: the best two
        ("Ah 2h 3c", 23),
    ],
)
def test_envido_counts(hand: str, count: int) -> None:
    assert env.envido_count(cards(hand)) == count


def test_flor_counts() -> None:
    assert env.has_flor(cards("7h 6h 5h")) and env.flor_count(cards("7h 6h 5h")) == 38
    assert env.flor_count(cards("Qh Kh Jh")) == 20
    assert not env.has_flor(cards("7h 6h 5c"))


@pytest.mark.parametrize(
    ("chain", "accepted", "refused"),
    [
        ((env.ENVIDO,), 2, 1),
        ((env.REAL,), 3, 1),
        ((env.ENVIDO, env.ENVIDO), 4, 2),
        ((env.ENVIDO, env.REAL), 5, 2),
        ((env.ENVIDO, env.ENVIDO, env.REAL), 7, 4),
        ((env.FALTA,), 99, 1),
        ((env.ENVIDO, env.FALTA), 99, 2),
        ((env.ENVIDO, env.ENVIDO, env.REAL, env.FALTA), 99, 7),
    ],
)
def test_envido_values(chain: tuple[int, ...], accepted: int, refused: int) -> None:
    assert env.accepted_points(chain, 99) == accepted
    assert env.refused_points(chain) == refused


def test_which_envido_calls_may_follow() -> None:
    assert env.next_calls(()) == (env.ENVIDO, env.REAL, env.FALTA)
    assert env.next_calls((env.ENVIDO,)) == (env.ENVIDO, env.REAL, env.FALTA)
    assert env.next_calls((env.ENVIDO, env.ENVIDO)) == (env.REAL, env.FALTA)
    assert env.next_calls((env.REAL,)) == (env.FALTA,)
    assert env.next_calls((env.FALTA,)) == ()


def test_falta_envido_is_what_the_leader_lacks() -> None:
    assert env.falta_points((3, 10), 30) == 20
    assert env.falta_points((22, 10), 30) == 8
    assert env.falta_points((0, 0), 15) == 15


def test_showing_counts_mano_wins_ties_and_son_buenas_hides() -> None:
    # Two players, the mano (seat 1) first: a tie goes to him; the other says son buenas.
    said, best = env.show_counts([1, 0], [27, 27])
    assert said == [(1, 27), (0, None)] and best == 1
    said, best = env.show_counts([1, 0], [27, 31])
    assert said == [(1, 27), (0, 31)] and best == 0
    # Four: a partner who waited speaks when the lead changes sides.
    said, best = env.show_counts([1, 2, 3, 0], [30, 20, 33, 31])
    assert said == [(1, 30), (2, None), (0, 31), (3, 33)] and best == 3
    # ... and wins a tie, being nearer the mano.
    said, best = env.show_counts([1, 2, 3, 0], [30, 20, 31, 31])
    assert best == 3


# ------------------------------------------------------------------- envido in play


def test_envido_accepted_scores_its_winner_and_hides_the_losing_count() -> None:
    state = arg(2, "Kc 4d 5s", "7h 6h Ac")  # seat 0: 5 points; seat 1 (mano): 33
    assert "1:envido" in legal(state) and "1:real" in legal(state) and "1:falta" in legal(state)
    run(state, "1:envido")
    assert legal(state) == ["0:accept", "0:refuse", "0:envido", "0:real", "0:falta"]
    run(state, "0:accept")
    assert state.score == [0, 2]
    view = state.view(1)
    assert view.counts == ((1, 33, "envido"), (0, None, "envido"))
    # Seat 0's count (5) reaches nobody else: not a view, an event or the public record.
    for observer in (None, 1):
        events = [e.to_json() for e in state.events(0, observer)]
        counts = [e for e in events if e["kind"] == "count"]
        assert [c["data"] for c in counts] == [
            {"what": "envido", "count": 33},
            {"what": "envido", "buenas": True},
        ]
    assert state.view(0).my_envido == 5
    assert state.view(1).my_envido == 33
    assert "5" not in json.dumps([c for c in state.view(1).to_json()["counts"]])
    # Play goes on where it stopped: the mano plays his card.
    assert "1:play Ac" in legal(state)


def test_envido_refused_and_raised() -> None:
    state = arg(2, "Kc 4d 5s", "7h 6h Ac")
    run(state, "1:envido", "0:refuse")
    assert state.score == [0, 1]
    state = arg(2, "Kc 4d 5s", "7h 6h Ac")
    run(state, "1:envido", "0:envido", "1:real", "0:refuse")
    assert state.score == [0, 4]
    state = arg(2, "Kc 4d 5s", "7h 6h Ac")
    run(state, "1:envido", "0:envido", "1:real", "0:accept")
    assert state.score == [0, 7]
    state = arg(2, "Kc 4d 5s", "7h 6h Ac")
    run(state, "1:real", "0:refuse")
    assert state.score == [0, 1]


def test_falta_envido_accepted_wins_what_the_leader_lacks() -> None:
    state = arg(2, "Kc 4d 5s", "7h 6h Ac", score=(12, 4))
    run(state, "1:falta", "0:accept")
    assert state.score == [12, 4 + 18]


def test_envido_ties_go_to_the_mano() -> None:
    state = arg(2, "7c 6c Kh", "7h 6h Ac")  # both 33: the mano (seat 1) wins
    run(state, "1:envido", "0:accept")
    assert state.score == [0, 2]
    state = arg(2, "7c 6c Kh", "7h 6h Ac", dealer=1)  # now seat 0 is the mano
    run(state, "0:envido", "1:accept")
    assert state.score == [2, 0]


def test_envido_only_in_the_first_trick_and_before_the_truco_is_accepted() -> None:
    state = arg(2, "Kc 4d 5s", "7h 6h Ac")
    run(state, "1:play Ac")
    assert "0:envido" in legal(state)  # the pie has not played yet
    run(state, "0:play 4d")
    assert not any(a.split(":")[1] in ("envido", "real", "falta") for a in legal(state))
    state = arg(2, "Kc 4d 5s", "7h 6h Ac")
    run(state, "1:raise", "0:accept")
    assert "1:envido" not in legal(state)
    with pytest.raises(IllegalAction, match="envido"):
        state.apply("1:envido")


def test_el_envido_esta_primero() -> None:
    """Answering the first truco, the envido may be sung first; then the truco is answered."""
    state = arg(2, "Kc 4d 5s", "7h 6h Ac")
    run(state, "1:raise")
    assert "0:envido" in legal(state)
    run(state, "0:envido", "1:accept")
    assert state.score == [0, 2]
    assert legal(state)[:2] == ["0:accept", "0:refuse"]  # the truco waits for its answer
    run(state, "0:accept")
    assert state.value == 2


def test_irse_al_mazo_before_and_after_the_envido() -> None:
    state = arg(2, "Kc 4d 5s", "7h 6h Ac")
    run(state, "1:fold")  # the envido could still be sung: one point more
    assert state.score == [2, 0]
    state = arg(2, "Kc 4d 5s", "7h 6h Ac")
    run(state, "1:envido", "0:refuse", "1:fold")
    assert state.score == [1, 1]


# ------------------------------------------------------------------- truco


def test_truco_retruco_vale_cuatro_and_refusals() -> None:
    state = arg(2, "Kc 4d 5s", "7h 6h Ac")
    run(state, "1:raise", "0:raise", "1:raise")
    assert state.level == 2 and state.pending  # vale cuatro asked, retruco accepted
    assert legal(state) == ["0:accept", "0:refuse"]
    run(state, "0:accept")
    assert state.value == 4
    state = arg(2, "Kc 4d 5s", "7h 6h Ac")
    run(state, "1:raise", "0:refuse")
    assert state.score == [0, 1]
    state = arg(2, "Kc 4d 5s", "7h 6h Ac")
    run(state, "1:raise", "0:raise", "1:refuse")
    assert state.score == [2, 0]


# ------------------------------------------------------------------- flor


def test_flor_must_be_sung_and_scores_three() -> None:
    state = arg(2, "Kc 4d 5s", "7h 6h Ah", flor=True)
    assert legal(state) == ["1:flor"]
    run(state, "1:flor")
    assert state.score == [0, 3]
    assert "1:envido" not in legal(state)  # the flor closes the envido
    assert "1:play Ah" in legal(state)


def test_without_the_flor_option_three_of_a_suit_is_an_envido() -> None:
    state = arg(2, "Kc 4d 5s", "7h 6h Ah")
    assert "1:flor" not in legal(state) and "1:envido" in legal(state)


def test_flor_beats_envido() -> None:
    state = arg(2, "Kc Jc 5c", "7h 6h Ad", flor=True)
    run(state, "1:envido")
    assert legal(state) == ["0:flor"]
    run(state, "0:flor")
    assert state.score == [3, 0]  # the envido is void
    assert state.view(0).envido_state == "closed"


@pytest.mark.parametrize(
    ("answers", "score"),
    [
        (["0:refuse"], [0, 3]),  # con flor me achico
        (["0:accept"], [4, 0]),  # con flor quiero: the best flor (seat 0: 38) takes 4
        (["0:contraflor", "1:accept"], [6, 0]),
        (["0:contraflor", "1:refuse"], [4, 0]),
        (["0:resto", "1:accept"], [30, 0]),
        (["0:contraflor", "1:resto", "0:refuse"], [0, 6]),
    ],
)
def test_contraflor(answers: list[str], score: list[int]) -> None:
    state = arg(2, "7c 6c 5c", "Kh Jh Ah", flor=True)  # flores: seat 0 38, seat 1 21
    run(state, "1:flor", *answers)
    assert state.score == score


# ------------------------------------------------------------------- games and players


@pytest.mark.parametrize("points", [15, 30])
def test_a_game_to_15_or_30_ends_at_once_when_the_envido_reaches_it(points: int) -> None:
    state = arg(2, "Kc 4d 5s", "7h 6h Ac", points=points, score=(0, points - 2))
    run(state, "1:envido", "0:accept")
    assert state.finished and state.winner == 1
    assert state.score == [0, points]
    assert state.finished_deals()[0].end == "envido"


def test_gaucho_plays_to_24_and_18_for_two() -> None:
    assert arg(4, variant="gaucho").target == 24
    assert arg(2, variant="gaucho").target == 18
    assert arg(2, points=15).target == 15


def test_four_players_the_team_count_is_its_best() -> None:
    # Seat 1 (mano) 20, seat 2 7, seat 3 33, seat 0 31.
    state = arg(4, "7c 4c Kd", "Qh Kh 4s", "7d 2s Kc", "7h 6h Ac")
    run(state, "1:envido", "2:accept")
    assert state.score == [0, 2]
    assert state.view(0).counts == (
        (1, 20, "envido"),
        (2, None, "envido"),
        (0, 31, "envido"),
        (3, 33, "envido"),
    )


# ------------------------------------------------------------------- records and views


def random_match(players: int, flor: bool, seed: int, variant: str = "argentino") -> TrucoState:
    state = arg(players, variant=variant, flor=flor, seed=seed)
    rng = random.Random(seed)
    while not state.finished:
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("players", "flor"), [(2, False), (4, True), (6, True)])
def test_records_replay_exactly(players: int, flor: bool) -> None:
    state = random_match(players, flor, seed=players)
    record = state.to_record()
    again = state_from_record(load_record(json.dumps(record)))
    assert fingerprint(again) == fingerprint(state)


def test_son_buenas_never_leaks() -> None:
    """Over many random deals: a count hidden by "son buenas" is in no view, event or
    public record; the counts that are shown are the players' true counts."""
    for seed in range(12):
        state = random_match(4, True, seed)
        public = json.dumps(state.public_record())
        for observer in (None, 0, 1, 2, 3):
            for e in state.events(0, observer):
                if e.kind == "count":
                    assert set(e.data) <= {"what", "count", "buenas"}
                    assert ("count" in e.data) != ("buenas" in e.data)
        assert "buenas" not in public


def test_views_name_the_deck_and_round_trip() -> None:
    state = arg(2, "Kc 4d 5s", "7h 6h Ac")
    run(state, "1:envido", "0:accept")
    view = state.view(0)
    assert view.deck == "spanish" and view.target == 30
    assert GAME.view_from_json(view.to_json()) == view
    assert view.to_json()["options"]["variant"] == "argentino"


def test_replay_for_a_seat_shows_the_counts_said_and_hides_son_buenas(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``tricktaker replay --seat``: the mano's 33 is told; seat 0's 5, hidden by
    "son buenas", is nowhere in what seat 1 is told."""
    state = arg(2, "Kc 4d 5s", "7h 6h Ac")
    run(state, "1:envido", "0:accept", "1:play Ac", "0:play 4d", "1:play 7h", "0:play 5s")
    record = state.to_record()
    code, out = replay_cli(json.dumps(record), capsys, "--seat", "1")
    assert code == 0
    counts = [e["data"] for e in out["events"] if e["kind"] == "count"]
    assert counts == [{"what": "envido", "count": 33}, {"what": "envido", "buenas": True}]
    summary = out["deals"][0]
    assert summary["tantos"] == [{"what": "envido", "side": 1, "points": 2}]
    assert summary["points"] == 1  # the hand; the envido's 2 are in ``tantos``
    assert state.finished_deals()[0].gains == (0.0, 3.0)
    code, out = replay_cli(json.dumps(record), capsys)
    assert code == 0 and out["score"] == [0, 3]


def test_the_view_gives_the_spanish_names_of_ranks_and_suits() -> None:
    mapping = arg(2).view(0).to_json()["spanish"]
    ranks, suits = mapping["ranks"], mapping["suits"]
    named = {r + s: ranks[r] + suits[s] for r in "A234567QJK" for s in "scdh"}
    assert named["As"] == "1e" and named["Kc"] == "12b" and named["Qh"] == "10c"
    assert named == {name: spanish_name(parse_card(name)) for name in named}
    assert "spanish" not in GAME.new_match(GAME.options({})).view(0).to_json()


def test_samples_respect_the_counts_said_and_the_flores_sung() -> None:
    """The search bot's worlds: a count said is the sampled hand's count; a seat that
    said "son buenas" holds no better count; a flor sung is a flor in every world."""
    state = arg(2, "Kc 4d 5s", "7h 6h Ac")
    run(state, "1:envido", "0:accept")
    rng = random.Random(1)
    for _ in range(20):
        world = GAME.sample_state(state.view(0), state.events(0, 0), rng)
        assert isinstance(world, TrucoState)
        assert env.envido_count(world.order[1]) == 33
    state = arg(2, "Kc 4d 5s", "Qh Ah 5c")  # the mano says 21; seat 0: "son buenas"
    run(state, "1:envido", "0:accept")
    for _ in range(20):
        world = GAME.sample_state(state.view(1), state.events(0, 1), rng)
        assert isinstance(world, TrucoState)
        assert env.envido_count(world.order[0]) <= 21
    state = arg(4, "Kc 4d 5s", "7h 6h Ah", "Qc 2d 3s", "4c 5c 6d", flor=True)
    run(state, "1:flor")
    for _ in range(20):
        world = GAME.sample_state(state.view(0), state.events(0, 0), rng)
        assert isinstance(world, TrucoState)
        assert env.has_flor(world.order[1])


@examples(30, dev=5)
@given(
    variant=st.sampled_from(["argentino", "gaucho"]),
    players=st.sampled_from([2, 4, 6]),
    flor=st.booleans(),
    points=st.sampled_from([15, 30]),
    seed=st.integers(0, 2**32 - 1),
)
def test_random_matches_keep_the_envido_and_flor_rules(
    variant: str, players: int, flor: bool, points: int, seed: int
) -> None:
    """Random matches: every count said is the player's true count, the envido's winner
    is the side of the best count (ties to the nearer the mano), a "son buenas" hides a
    count that would not have won, the score never passes the game's total, and a
    deal's gains add up to what the score moved."""
    state = arg(players, variant=variant, flor=flor, points=points, seed=seed)
    rng = random.Random(seed)
    before = list(state.score)
    deals_seen = 0
    while not state.finished:
        hands = state.dealt[-1].hands
        mano = (state.dealer + 1) % players
        logged = len(state.log)
        state.apply(rng.choice(state.legal_actions()))
        said = [e for e in state.log[logged:] if isinstance(e, tuple) and e[0] == EV_COUNT]
        for what in ("envido", "flor"):
            turns = [(seat, count) for _, seat, count, w in said if w == what]
            if not turns:
                continue
            rank = {s: -((s - mano) % players) for s in range(players)}

            count_of = env.envido_count if what == "envido" else env.flor_count
            values = [count_of(h) for h in hands]
            for seat, count in turns:
                assert count is None or count == values[seat]
            shown = [(count, rank[seat], seat) for seat, count in turns if count is not None]
            best = max(shown)
            for seat, count in turns:
                if count is None:  # "son buenas": it would not have won
                    assert (values[seat], rank[seat]) < best[:2]
            if what == "envido":  # the side of the best count in the whole table won
                true_best = max((values[s], rank[s], s) for s in range(players))
                assert true_best[2] % 2 == best[2] % 2
        assert all(0 <= s <= state.target for s in state.score)
        deals = state.finished_deals()
        if len(deals) > deals_seen:
            last = deals[len(deals) - 1]
            after = last.details["score"]
            for side in (0, 1):
                gained = min(last.gains[side], state.target - before[side])
                assert after[side] == before[side] + gained or after[side] == state.target
            before = [0, 0] if max(after) >= state.target else list(after)
            deals_seen = len(deals)


def test_gaucho_answers_in_portuguese() -> None:
    """Gaúcho's "quero", "não quero" and "vale quatro" (docs/rules/truco.md, [H])."""
    words = GAME.words("en")
    state = arg(2, "Kc 4d 5s", "7h 6h Ac", variant="gaucho")
    run(state, "1:envido")
    labels = [words.action_label(a, state.view(0)) for a in state.legal_actions()]
    assert labels[:2] == ["Quero", "Não quero"]
    run(state, "0:accept", "1:raise", "0:raise", "1:raise")
    names = ["West", "East"]
    lines = [words.event_text(e, names, names) for e in state.events(0, 0)]
    assert "East: “Envido! (2)”" in lines and "West: “Quero (2)”" in lines
    assert "East: “Vale quatro! (4)”" in lines
    argentino = arg(2, "Kc 4d 5s", "7h 6h Ac")
    run(argentino, "1:envido")
    labels = [words.action_label(a, argentino.view(0)) for a in argentino.legal_actions()]
    assert labels[:2] == ["Quiero", "No quiero"]
