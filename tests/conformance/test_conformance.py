"""Every registered game, every option set: random matches through the protocol alone.

A new game gets these tests by registering (entry point ``tricktaker.games``).
The examples per test are read through ``scale.examples``: one seed per case (every
game and option set) under the ``dev`` profile, the counts below under ``ci``;
``TRICKTAKER_SOAK=50`` multiplies them by 50 for a long soak run (bench/README.md).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import harness
import pytest
from hypothesis import given
from hypothesis import strategies as st
from toygame import TOY

from scale import examples
from tricktaker.core import Game, OptionError, Options, get_game, register
from tricktaker.core.options import option_sets, parse_option_texts
from tricktaker.core.registry import game_ids, unregister

SEEDS = st.integers(0, 2**32 - 1)


@pytest.fixture(autouse=True, scope="module")
def toy_registered() -> Iterator[None]:
    """The test-only toy game (dummy hands, hidden slots, a range option) joins the registry."""
    register(TOY)
    yield
    unregister(TOY.id)


def cases() -> list[tuple[str, Options]]:
    out = []
    for gid in [*game_ids(), TOY.id]:
        game = TOY if gid == TOY.id else get_game(gid)
        # Every value of every option; all combinations only where they are few (else every
        # pair of values of any two options meets in some set: Preferans' 48 in 13).
        out += [(gid, opts) for opts in option_sets(game.option_schema(), limit=16)]
    return out


CASES = cases()
IDS = [f"{gid}-" + "-".join(f"{k}={v}" for k, v in opts.items()) for gid, opts in CASES]


def game_of(gid: str) -> Game:
    return get_game(gid)


# ------------------------------------------------------------ per game


@pytest.mark.parametrize("gid", [*game_ids(), TOY.id])
def test_option_schema_is_typed_and_strict(gid: str) -> None:
    game = game_of(gid)
    schema = game.option_schema()
    assert schema, "a game with no options still says so explicitly"
    defaults = game.options({})
    for spec in schema:
        assert spec.help, f"option {spec.name} has no help"
        assert defaults[spec.name] == spec.default
        for value in spec.samples():
            assert game.options({spec.name: value})[spec.name] == value
            typed = parse_option_texts(schema, {spec.name: spec.show(value)})
            assert game.options(typed)[spec.name] == value  # text as the command line gives it
            if spec.json_type() != "a string":
                with pytest.raises(OptionError):  # JSON is held to the option's type
                    game.options({spec.name: str(value).lower()})
        json.dumps(spec.to_json())
        for bad in ("no-such-value", 10**40, [1], None, "9" * 5000):
            with pytest.raises(OptionError):
                game.options({spec.name: bad})
    with pytest.raises(OptionError, match="unknown option"):
        game.options({"no_such_option": 1})


@pytest.mark.parametrize("gid", [*game_ids(), TOY.id])
def test_action_ids_and_texts_round_trip(gid: str) -> None:
    harness.check_action_table(game_of(gid))


@pytest.mark.parametrize("gid", [*game_ids(), TOY.id])
def test_info_is_consistent(gid: str) -> None:
    game = game_of(gid)
    info = game.info
    assert info.id == gid and info.name
    assert info.min_return <= 0 <= info.max_return
    for opts in option_sets(game.option_schema()):
        state = game.new_match(opts, seed=1)
        assert state.players in info.players
        assert len(state.sides) == state.players
        assert len(state.returns()) == state.players
        if info.zero_sum:
            assert sum(state.returns()) == 0


# ------------------------------------------------------- random matches


@pytest.mark.parametrize(("gid", "opts"), CASES, ids=IDS)
@examples(6)
@given(seed=SEEDS)
def test_whole_matches_keep_every_invariant(gid: str, opts: Options, seed: int) -> None:
    """Cards conserved, nothing hidden shown, returns zero-sum, ids in range, at every step."""
    game = game_of(gid)
    run = None
    for run in harness.runs(game, opts, seed, cap=3000):
        state = run.state
        harness.check_cards_conserved(game, state, run.know)
        harness.check_hands_told(state, run.know)
        run.know = harness.check_no_hidden_card(game, state, run.know)
        harness.check_returns(game, state)
        harness.check_legal_ids(game, state)
    assert run is not None and run.state.to_act is None, "the match did not end"
    state = run.state
    harness.check_deals_partition_the_deck(game, state)
    harness.check_events_numbered(state)
    harness.check_views_canonical(game, state)
    harness.check_record_round_trip(state)
    result = state.result()
    assert result.finished and (result.winner is None or result.winner in state.sides)


@pytest.mark.parametrize(("gid", "opts"), CASES, ids=IDS)
@examples(4)
@given(seed=SEEDS)
def test_records_clones_and_refusals_mid_match(gid: str, opts: Options, seed: int) -> None:
    """At random moments: the record round-trips, clones are independent, bad actions change
    nothing, views read back, a search clone stops at the end of its deal, compiled
    playouts (where a game has them) replay through the engine.

    The first moment is always checked (a short match may have no random one), and the
    checks are counted: a test whose checks never ran cannot pass."""
    game = game_of(gid)
    rng = random.Random(seed ^ 0xC10E)
    checked = 0
    for run in harness.runs(game, opts, seed, cap=400):
        if checked and rng.random() > 0.04:
            continue
        checked += 1
        state = run.state
        harness.check_record_round_trip(state)
        harness.check_illegal_changes_nothing(game, state, rng)
        harness.check_views_canonical(game, state)
        harness.check_events_numbered(state)
        harness.check_search_clone_stops(game, state, rng)
        harness.check_random_playouts(game, state, seed)
        harness.check_clone_independent(state.clone(), rng)
    assert checked > 0, "no moment of the match was checked"


@pytest.mark.parametrize(("gid", "opts"), CASES, ids=IDS)
@examples(4)
@given(seed=SEEDS)
def test_samples_agree_with_what_the_seat_knows(gid: str, opts: Options, seed: int) -> None:
    """A sampled state shows the seat its view and its past; keys decide views.

    Samples are drawn at the first moment and at random ones after, and counted."""
    game = game_of(gid)
    rng = random.Random(seed ^ 0x5A3E)
    memo: dict[tuple[int, object], str] = {}
    sampled = 0
    for run in harness.runs(game, opts, seed, cap=400):
        state = run.state
        harness.check_info_keys(state, memo)
        if sampled and rng.random() > 0.1:
            continue
        sampled += 1
        if state.to_act is not None:
            harness.check_sample_agrees(game, state, state.to_act, rng)
        harness.check_sample_agrees(game, state, rng.randrange(state.players), rng)
    assert sampled > 0, "no moment of the match was sampled"
