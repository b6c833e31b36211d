"""Each conformance check catches the bug it is there for (a check that cannot fail is a defect).

A real Le Truc state is wrapped in a proxy that breaks one thing; the check
must then raise :class:`harness.CheckFailed` with the message of that bug, while
it passes on the unbroken state. (Not AssertionError: a bare ``assert`` firing
anywhere in the engine would pass such a test for the wrong reason.)
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from typing import Any

import harness
import pytest
from harness import CheckFailed

from tricktaker.core import Game, State, get_game
from tricktaker.core.events import Told, deal_events
from tricktaker.core.protocol import random_playouts

GAME = get_game("truc")


class Broken:
    """A state that behaves like ``inner`` except for the methods in ``patches``."""

    def __init__(self, inner: Any, **patches: Callable[..., Any]) -> None:
        self._inner = inner
        self._patches = patches

    def __getattr__(self, name: str) -> Any:
        if name in self._patches:
            return lambda *a, **k: self._patches[name](self._inner, *a, **k)
        return getattr(self._inner, name)

    @property
    def to_act(self) -> int | None:
        return self._inner.to_act  # type: ignore[no-any-return]

    @property
    def players(self) -> int:
        return self._inner.players  # type: ignore[no-any-return]

    @property
    def sides(self) -> tuple[int, ...]:
        return self._inner.sides  # type: ignore[no-any-return]

    def clone(self, stop_after_deal: bool | None = None) -> Broken:
        if "clone" in self._patches:
            return self._patches["clone"](self, stop_after_deal)  # type: ignore[no-any-return]
        return Broken(self._inner.clone(stop_after_deal), **self._patches)


class BrokenGame:
    """A game that behaves like ``inner`` except for the methods in ``patches``."""

    def __init__(self, inner: Game, **patches: Callable[..., Any]) -> None:
        self._inner = inner
        self._patches = patches

    def __getattr__(self, name: str) -> Any:
        if name in self._patches:
            return lambda *a, **k: self._patches[name](self._inner, *a, **k)
        return getattr(self._inner, name)


def mid_match(players: int = 2, seed: int = 5, steps: int = 40) -> State:
    """A Le Truc match some way in, with cards in hand and a finished deal behind it."""
    for s in range(seed, seed + 200):
        state = GAME.new_match(GAME.options({"players": players}), seed=s)
        rng = random.Random(s)
        for _ in range(steps):
            if state.to_act is None:
                break
            state.apply(harness.random_action(state.legal_actions(), rng))
        if state.to_act is not None and state.finished_deals() and state.view(0).hand:
            return state
    raise AssertionError("no suitable state")


def as_state(x: object) -> State:
    return x  # type: ignore[return-value]


def as_game(x: object) -> Game:
    return x  # type: ignore[return-value]


def other_card(state: State, seat: int) -> str:
    other = (seat + 1) % state.players
    return str(state.view(other).to_json()["hand"][0])


# ------------------------------------------------------------------ tests


def test_conservation_catches_a_card_in_two_hands() -> None:
    state = mid_match()
    harness.check_cards_conserved(GAME, state)

    def view(inner: State, seat: int) -> Any:
        v = inner.view(seat)
        if seat == 0:
            stolen = inner.view(1).hand[0]
            return GAME.view_from_json(
                {**v.to_json(), "hand": [*v.to_json()["hand"][:-1], stolen_name(stolen)]}
            )
        return v

    with pytest.raises(CheckFailed, match="holds another seat's card"):
        harness.check_cards_conserved(GAME, as_state(Broken(state, view=view)))


def stolen_name(card: int | None) -> str:
    from tricktaker.cards import CARD_NAMES

    assert card is not None
    return CARD_NAMES[card]


def test_hidden_check_catches_a_card_in_a_view() -> None:
    state = mid_match()
    harness.check_no_hidden_card(GAME, state)
    leak = other_card(state, 0)

    class Leaky:
        def __init__(self, v: Any) -> None:
            self.v = v

        def __getattr__(self, name: str) -> Any:
            return getattr(self.v, name)

        def to_json(self) -> dict[str, Any]:
            return {**self.v.to_json(), "extra": leak}

    def view(inner: State, seat: int) -> Any:
        return Leaky(inner.view(seat)) if seat == 0 else inner.view(seat)

    with pytest.raises(CheckFailed, match="in the view"):
        harness.check_no_hidden_card(GAME, as_state(Broken(state, view=view)))


def test_hidden_check_catches_a_card_in_an_event() -> None:
    state = mid_match()
    leak = other_card(state, 0)

    def events(inner: State, since: int = 0, observer: int | None = None) -> Any:
        out = inner.events(since, observer)
        if observer == 0 and out:
            last = out[-1]
            out[-1] = type(last)(last.number, last.kind, last.seat, last.action, {"x": leak})
        return out

    with pytest.raises(CheckFailed, match="observer 0 sees"):
        harness.check_no_hidden_card(GAME, as_state(Broken(state, events=events)))


def test_hidden_check_catches_a_public_record_with_an_unseen_card() -> None:
    state = mid_match()
    leak = other_card(state, 0)

    def public_record(inner: State) -> Any:
        return {**inner.public_record(), "note": leak}

    with pytest.raises(CheckFailed, match="public record"):
        harness.check_no_hidden_card(GAME, as_state(Broken(state, public_record=public_record)))


def test_returns_check_catches_returns_that_do_not_sum_to_zero() -> None:
    state = mid_match()
    harness.check_returns(GAME, state)
    broken = Broken(state, returns=lambda inner: (0.5,) * inner.players)
    with pytest.raises(CheckFailed, match="sum to zero"):
        harness.check_returns(GAME, as_state(broken))


def test_record_check_catches_a_record_missing_an_action() -> None:
    state = mid_match()
    harness.check_record_round_trip(state)

    def to_record(inner: State) -> Any:
        record = inner.to_record()
        return {**record, "actions": record["actions"][:-1]}

    with pytest.raises(CheckFailed, match="differs"):
        harness.check_record_round_trip(as_state(Broken(state, to_record=to_record)))


def test_partition_check_catches_a_card_dealt_twice() -> None:
    state = mid_match()
    harness.check_deals_partition_the_deck(GAME, state)

    def to_record(inner: State) -> Any:
        record = json.loads(json.dumps(inner.to_record()))
        deal = record["deals"][0]
        deal["stock"][0] = deal["hands"][0][0]
        return record

    with pytest.raises(CheckFailed, match="twice"):
        harness.check_deals_partition_the_deck(GAME, as_state(Broken(state, to_record=to_record)))


def test_clone_check_catches_a_clone_that_shares_the_state() -> None:
    state = mid_match()
    harness.check_clone_independent(state.clone(), random.Random(1))
    shared = Broken(state, clone=lambda self, stop=None: self)
    with pytest.raises(CheckFailed, match="acting on a clone changed the original"):
        harness.check_clone_independent(as_state(shared), random.Random(1))


def test_sample_check_catches_a_sample_that_forgets_the_past() -> None:
    state = mid_match()
    seat = state.to_act
    assert seat is not None
    harness.check_sample_agrees(GAME, state, seat, random.Random(3))

    def sample_state(inner: Game, view: Any, memory: Any, rng: random.Random) -> Any:
        sample = inner.sample_state(view, memory, rng)
        past = sample.log[0]  # type: ignore[attr-defined]
        assert isinstance(past, Told) and past.events  # the earlier deals, as remembered
        sample.log[0] = Told(past.observer, list(past.events)[1:])  # type: ignore[attr-defined]
        return sample.clone()  # a clone tells its (now forgetful) log anew

    with pytest.raises(CheckFailed, match="another past"):
        harness.check_sample_agrees(
            as_game(BrokenGame(GAME, sample_state=sample_state)), state, seat, random.Random(3)
        )


def test_sample_check_catches_a_sample_with_the_wrong_hand() -> None:
    state = mid_match()
    seat = state.to_act
    assert seat is not None

    def sample_state(inner: Game, view: Any, memory: Any, rng: random.Random) -> Any:
        real = inner.sample_state(view, memory, rng)
        mine = real.hands[seat]  # type: ignore[attr-defined]
        real.hands[seat] = real.hands[1 - seat]  # type: ignore[attr-defined]
        real.hands[1 - seat] = mine  # type: ignore[attr-defined]
        real._legal = None  # type: ignore[attr-defined]
        return real

    with pytest.raises(CheckFailed, match="another view"):
        harness.check_sample_agrees(
            as_game(BrokenGame(GAME, sample_state=sample_state)), state, seat, random.Random(3)
        )


def test_illegal_check_catches_a_refusal_that_changes_the_state() -> None:
    state = mid_match()
    harness.check_illegal_changes_nothing(GAME, state.clone(), random.Random(4))
    calls: list[str] = []

    def apply(inner: State, action: Any) -> None:
        calls.append(str(action))
        inner.apply(action)

    def returns(inner: State) -> Any:
        return (float(len(calls)), -float(len(calls))) if inner.players == 2 else inner.returns()

    broken = Broken(state.clone(), apply=apply, returns=returns)
    with pytest.raises(CheckFailed, match="changed the state"):
        harness.check_illegal_changes_nothing(GAME, as_state(broken), random.Random(4))


def test_illegal_check_catches_an_accepted_illegal_action() -> None:
    state = mid_match()
    broken = Broken(state.clone(), apply=lambda inner, action: None)
    with pytest.raises(CheckFailed, match="was accepted"):
        harness.check_illegal_changes_nothing(GAME, as_state(broken), random.Random(4))


def test_action_table_check_catches_two_ids_for_one_action() -> None:
    harness.check_action_table(GAME)
    broken = BrokenGame(
        GAME,
        action_id=lambda inner, a: min(inner.action_id(a), inner.info.num_distinct_actions - 2),
    )
    with pytest.raises(CheckFailed, match="whose id is another"):
        harness.check_action_table(as_game(broken))


def test_legal_ids_check_catches_an_id_out_of_range() -> None:
    state = mid_match()
    harness.check_legal_ids(GAME, state)
    broken = BrokenGame(GAME, action_id=lambda inner, a: inner.info.num_distinct_actions)
    with pytest.raises(CheckFailed, match="out of range"):
        harness.check_legal_ids(as_game(broken), state)


def test_events_check_catches_a_gap_in_the_numbers() -> None:
    state = mid_match()
    harness.check_events_numbered(state)

    def events(inner: State, since: int = 0, observer: int | None = None) -> Any:
        out = inner.events(since, observer)
        return out[:2] + out[3:]

    with pytest.raises(CheckFailed, match="not numbered 0, 1, 2"):
        harness.check_events_numbered(as_state(Broken(state, events=events)))


def test_view_check_catches_a_view_that_does_not_read_back() -> None:
    state = mid_match()
    harness.check_views_canonical(GAME, state)

    def view_from_json(inner: Game, data: Any) -> Any:
        return inner.view_from_json({**data, "value": data["value"] + 1})

    with pytest.raises(CheckFailed, match="does not read back"):
        harness.check_views_canonical(
            as_game(BrokenGame(GAME, view_from_json=view_from_json)), state
        )


def test_info_key_check_catches_a_key_that_forgets() -> None:
    game = GAME
    memo: dict[tuple[int, object], str] = {}
    forgetful: dict[tuple[int, object], str] = {}
    rng = random.Random(6)
    state = game.new_match(game.options({}), seed=6)
    caught = ""
    for _ in range(60):
        harness.check_info_keys(state, memo)
        try:
            harness.check_info_keys(
                as_state(Broken(state, info_key=lambda inner, seat: seat)), forgetful
            )
        except CheckFailed as exc:
            caught = str(exc)
            break
        state.apply(harness.random_action(state.legal_actions(), rng))
    assert "one information-set key for two different views" in caught


def test_search_clone_check_catches_a_clone_that_deals_on() -> None:
    state = mid_match()
    harness.check_search_clone_stops(GAME, state, random.Random(7))
    broken = Broken(state, clone=lambda self, stop=None: Broken(self._inner.clone(False)))
    with pytest.raises(CheckFailed, match="plays past the end of its deal"):
        harness.check_search_clone_stops(GAME, as_state(broken), random.Random(7))


def test_playouts_check_catches_an_illegal_action_a_miscount_and_a_short_deal() -> None:
    state = mid_match()
    harness.check_random_playouts(GAME, state, 7)
    batch = random_playouts(state, 2, 7)
    assert batch is not None
    harness.check_playouts_replay(GAME, state, batch)
    seat = state.to_act
    assert seat is not None
    illegal = GAME.action_id(GAME.parse_action(f"{1 - seat}:fold"))
    wrong = dataclasses.replace(batch, actions=batch.actions.copy())
    wrong.actions[0, 0] = illegal
    with pytest.raises(CheckFailed, match="is not legal"):
        harness.check_playouts_replay(GAME, state, wrong)
    miscount = dataclasses.replace(batch, legal_counts=batch.legal_counts + 1)
    with pytest.raises(CheckFailed, match="legal actions, the engine lists"):
        harness.check_playouts_replay(GAME, state, miscount)
    short = dataclasses.replace(batch, lengths=batch.lengths * 0)
    with pytest.raises(CheckFailed, match="stops before the end of its deal"):
        harness.check_playouts_replay(GAME, state, short)


def test_sample_check_catches_a_sample_that_knows_only_one_seat() -> None:
    state = mid_match()
    seat = state.to_act
    assert seat is not None

    def sample_state(inner: Game, view: Any, memory: Any, rng: random.Random) -> Any:
        sample = inner.sample_state(view, memory, rng)
        current = deal_events(memory)
        past = list(memory)[: len(memory) - len(current)]
        # The old way: the seat's own memory and nothing for anyone else.
        sample.log[:] = [Told(seat, past), Told(seat, current)]  # type: ignore[attr-defined]
        sample.deal_start = 1  # type: ignore[attr-defined]
        return sample

    with pytest.raises(CheckFailed, match="never told"):
        harness.check_sample_agrees(
            as_game(BrokenGame(GAME, sample_state=sample_state)), state, seat, random.Random(3)
        )


def test_told_check_catches_a_seat_never_told_its_cards() -> None:
    state = mid_match()
    harness.check_hands_told(state)

    def events(inner: State, since: int = 0, observer: int | None = None) -> Any:
        return [e for e in inner.events(since, observer) if e.kind != "deal"]

    with pytest.raises(CheckFailed, match="never told"):
        harness.check_hands_told(as_state(Broken(state, events=events)))


@pytest.mark.parametrize("leak", ["stock", "set_aside"])
def test_hidden_check_catches_a_stock_or_set_aside_card(leak: str) -> None:
    """Cards nobody holds now: the stock, and the hand the other player laid aside."""
    found = None
    for s in range(300):
        state = GAME.new_match(GAME.options({}), seed=s)
        know = harness.Knowledge.of(state)
        rng = random.Random(s)
        for _ in range(6):
            if state.to_act is None or state.finished_deals():
                break
            redeal = [a for a in state.legal_actions() if a.verb in ("redeal", "accept")]
            state.apply(redeal[0] if redeal else harness.random_action(state.legal_actions(), rng))
            know = harness.check_no_hidden_card(GAME, state, know)
        if state.redeals and not state.finished_deals() and state.to_act is not None:  # type: ignore[attr-defined]
            found = (state, know)
            break
    assert found is not None
    state, know = found
    from tricktaker.cards import CARD_NAMES, cards_in

    dealer = state.view(0).dealer
    other = 1 - dealer  # 2 players: the non-dealer calls; both laid a hand aside
    aside = state.discards[other]  # type: ignore[attr-defined]
    stock = state.stock[state.stock_pos :]  # type: ignore[attr-defined]
    card = CARD_NAMES[stock[-1]] if leak == "stock" else CARD_NAMES[next(cards_in(aside))]

    class Leaky:
        def __init__(self, v: Any) -> None:
            self.v = v

        def __getattr__(self, name: str) -> Any:
            return getattr(self.v, name)

        def to_json(self) -> dict[str, Any]:
            return {**self.v.to_json(), "extra": card}

    def view(inner: State, seat: int) -> Any:
        return Leaky(inner.view(seat)) if seat == dealer else inner.view(seat)

    with pytest.raises(CheckFailed, match="in the view"):
        harness.check_no_hidden_card(GAME, as_state(Broken(state, view=view)), know)
