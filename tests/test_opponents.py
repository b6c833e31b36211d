"""The opponent model of the search levels (``bots/opponents.py``, issue 23): what it
counts, how the counts move the model off the ``rules`` bot, and how that moves the
worlds' weights. No strength figures here: those are the arena's (docs/strength.md)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from tricktaker.arena.duplicate import play_deal, set_up, start_state
from tricktaker.bots import make_bot
from tricktaker.bots.base import Bot
from tricktaker.bots.opponents import (
    PRIOR_WEIGHT,
    Learner,
    Rates,
    SeatTally,
    Tally,
    tally_actions,
    tally_memory,
)
from tricktaker.bots.search import Budget, SearchBot
from tricktaker.bots.truc import reading as truc_reading
from tricktaker.bots.truc.rules import RulesBot as TrucRules
from tricktaker.bots.truco import reading as truco_reading
from tricktaker.bots.truco.rules import DEFAULT as TRUCO_DEFAULT
from tricktaker.bots.truco.rules import RulesBot as TrucoRules
from tricktaker.core import State, get_game
from tricktaker.core.actions import Action
from tricktaker.core.events import Event
from tricktaker.core.protocol import View

FIXED = Budget(seconds=1e9, min_worlds=4, max_worlds=4)


def _tally(actions: Sequence[str]) -> dict[int, SeatTally]:
    out: dict[int, SeatTally] = {}
    tally_actions(actions, out)
    return out


def test_a_raise_answered_counts_a_raise_chance_and_a_refused_call() -> None:
    t = _tally(["0:play 4c", "1:raise", "0:refuse"])
    assert (t[1].raises.hits, t[1].raises.tries) == (1, 1)
    assert (t[0].raises.hits, t[0].raises.tries) == (0, 1)  # his card: a chance not taken
    assert (t[0].calls.hits, t[0].calls.tries) == (0, 1)
    assert (t[0].backs.hits, t[0].backs.tries) == (0, 1)


def test_a_raise_back_is_a_call_and_a_raise_back_and_the_last_raiser_has_no_chance() -> None:
    t = _tally(["0:raise", "1:raise", "0:accept", "1:play 4c", "0:play 5c"])
    assert (t[1].calls.hits, t[1].backs.hits, t[1].calls.tries) == (1, 1, 1)
    assert (t[0].calls.hits, t[0].backs.hits) == (1, 0)
    # seat 1 raised last: its card is no chance to raise; seat 0's is
    assert (t[1].raises.hits, t[1].raises.tries) == (0, 0)
    assert (t[0].raises.hits, t[0].raises.tries) == (1, 2)


def test_answers_to_a_call_for_cards_and_hands_of_eleven_are_not_betting() -> None:
    t = _tally(["0:redeal", "1:refuse", "0:double", "1:accept"])
    assert (t[1].calls.hits, t[1].calls.tries) == (1, 1)  # the double's answer only
    eleven = _tally(["0:play", "0:play 4c", "1:play 5c"])
    assert all(s.raises.tries == 0 for s in eleven.values())


def test_the_rates_start_at_the_rules_bot_and_move_with_the_evidence() -> None:
    prior = truco_reading.prior(2)
    assert prior.posterior(SeatTally()) == prior.rates
    assert truco_reading.adapt(prior.rates, 2) is None  # no evidence: the plain rules bot
    calls = [prior.posterior(SeatTally(calls=Tally(0, n))).calls for n in (0, 4, 16, 64)]
    assert calls == sorted(calls, reverse=True) and calls[-1] < 0.1
    assert Tally(0, 0).rate(0.4) == 0.4
    assert Tally(8, 8).rate(0.5, PRIOR_WEIGHT) == 0.75


def test_a_tight_caller_is_modelled_tighter_and_a_raiser_raises_with_anything() -> None:
    base = truco_reading.prior(2).rates
    tight = truco_reading.adapt(Rates(base.raises, 0.1, 0.0), 2)
    loose = truco_reading.adapt(Rates(base.raises, 0.9, base.backs), 2)
    raiser = truco_reading.adapt(Rates(0.9, base.calls, base.backs), 2)
    shy = truco_reading.adapt(Rates(0.05, base.calls, base.backs), 2)
    assert isinstance(tight, TrucoRules) and isinstance(loose, TrucoRules)
    assert tight.params.raised_margin > TRUCO_DEFAULT.raised_margin > loose.params.raised_margin
    assert isinstance(raiser, TrucoRules) and raiser.params.bluff_any > 0.8
    assert isinstance(shy, TrucoRules) and shy.params.raise_scale < 0.5
    truc_base = truc_reading.prior(2).rates
    truc_tight = truc_reading.adapt(Rates(truc_base.raises, 0.1, 0.0), 2)
    assert isinstance(truc_tight, TrucRules) and truc_tight.params.accept_at > 0.5


def _opponent_raised() -> tuple[State, int, int]:
    """Truco, two players: the first to act raised before any card; (state, he, bot)."""
    game = get_game("truco")
    state = game.new_match(game.options({}), seed=11)
    him = state.to_act
    assert him is not None
    state.apply(game.parse_action(f"{him}:raise"))
    return state, him, 1 - him


def _weights_by_hand(bot: SearchBot, state: State, bot_seat: int, him: int) -> tuple[float, float]:
    """Mean weight of sampled worlds where his hand is strong (a top card) and weak."""
    game = get_game("truco")
    view, memory = state.view(bot_seat), state.events(0, bot_seat)
    rng = random.Random(3)
    strong: list[float] = []
    weak: list[float] = []
    for i in range(80):
        world = game.sample_state(view, memory, rng).clone(stop_after_deal=True)
        his = world.view(him)
        best = max(his.strength[c] for c in his.hand if c is not None)  # type: ignore[attr-defined]
        weight = bot._belief(world, bot_seat, seed=i)
        (strong if best >= 9 else weak if best <= 5 else []).append(weight)
    assert strong and weak
    return sum(strong) / len(strong), sum(weak) / len(weak)


def test_a_player_who_always_raises_has_his_raises_discounted_as_evidence() -> None:
    """Taken for the rules bot, his raise makes his strong hands likelier than his weak
    ones; once he is seen raising at every chance, hardly more likely."""
    state, him, me = _opponent_raised()
    bot = SearchBot("truco", budget=FIXED, infer=True, reader=truco_reading.reader)
    strong, weak = _weights_by_hand(bot, state, me, him)
    assert bot.reader is not None
    bot.reader.history[him] = SeatTally(raises=Tally(60, 60))
    bot._models = bot.reader.policies(me, 2, state.events(0, me))
    assert him in bot._models
    strong_read, weak_read = _weights_by_hand(bot, state, me, him)
    assert strong / weak > 1.2
    assert strong_read / weak_read < 1.1 < strong / weak
    assert weak_read > 2 * weak


def test_only_the_other_sides_seats_are_modelled() -> None:
    reader = truco_reading.reader()
    for seat in range(4):
        reader.history[seat] = SeatTally(raises=Tally(40, 40))
    assert set(reader.policies(0, 4, ())) == {1, 3}
    assert set(reader.policies(3, 4, ())) == {0, 2}


class _Counting:
    """The rules bot, counting the matches it is told are over."""

    name = "counting"

    def __init__(self) -> None:
        self.rules: Bot = TrucoRules()
        self.told: list[int | None] = []

    def act(
        self, view: View, memory: Sequence[Event], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        return self.rules.act(view, memory, legal, rng)

    def match_over(self, view: View, memory: Sequence[Event]) -> None:
        self.told.append(view.seat)


def test_the_arena_tells_each_learning_bot_once_per_deal_with_its_first_seat() -> None:
    game = get_game("truco")
    opts = game.options({"players": 4})
    learner = _Counting()
    assert isinstance(learner, Learner)
    other = make_bot("rules", "truco")
    bots = [other, learner, other, learner]
    state = start_state("truco", opts, set_up("truco", opts, 1, 0, 4))
    play_deal(state, bots, [random.Random(s) for s in range(4)])
    assert learner.told == [1]


def test_the_search_level_learns_its_opponents_betting_across_arena_deals() -> None:
    """What it was told stays: after deals against a player, his seat has counts."""
    bot = SearchBot("truco", budget=FIXED, infer=True, reader=truco_reading.reader)
    game = get_game("truco")
    opts = game.options({})
    for index in range(2):
        state = start_state("truco", opts, set_up("truco", opts, 5, index, 2))
        play_deal(state, [bot, make_bot("always-raise", "truco")], [random.Random(index)] * 2)
    assert bot.reader is not None
    seen = bot.reader.history.get(1)
    assert seen is not None and seen.raises.tries + seen.calls.tries > 0


def test_a_match_over_keeps_the_other_side_s_counts_by_place_from_the_seat_told() -> None:
    """The own side's bets are never read, and the other side's are kept by place from
    the bot's seat: one bot object at both sides of a duplicate set reads the level it
    meets in both deals (at the odd places), not its own bets under the seats the other
    side holds in the next deal."""
    game = get_game("truco")
    opts = game.options({"players": 4})
    rules = make_bot("rules", "truco")
    every: dict[int, SeatTally] = {}
    for pair in range(20):  # a deal where every seat was counted
        state = start_state("truco", opts, set_up("truco", opts, 3, pair, 4))
        play_deal(state, [rules] * 4, [random.Random(s) for s in range(4)])
        memory = state.events(0, 0)
        every = {}
        tally_memory(memory, every, finished=False)
        if set(every) == {0, 1, 2, 3}:
            break
    else:
        raise AssertionError("no deal where every seat bet")
    for seat in range(4):
        reader = truco_reading.reader()
        reader.match_over(memory, seat, 4)
        assert set(reader.history) == {1, 3}
        for place, tally in reader.history.items():
            assert tally == every[(seat + place) % 4]
        assert dict(reader.others(seat, 4, ())) == {
            s: every[s] for s in range(4) if (s & 1) != (seat & 1)
        }
    both = truco_reading.reader()  # a set's two deals: at seat 0, then at seat 1
    both.match_over(memory, 0, 4)
    both.match_over(memory, 1, 4)
    assert both.history[1] == every[1].merged(every[2])
    assert both.history[3] == every[3].merged(every[0])
    assert dict(both.others(2, 4, ())) == {3: both.history[1], 1: both.history[3]}


def test_the_model_parameters_make_the_rules_bot_raise_always_or_never() -> None:
    """``bluff_any`` 1 raises at the first chance whatever the hand; ``raise_scale`` 0
    never raises (the two ends of a player's raise rate)."""
    game = get_game("truco")
    always = TrucoRules(replace(TRUCO_DEFAULT, bluff_any=1.0))
    never = TrucoRules(replace(TRUCO_DEFAULT, raise_scale=0.0))
    for seed in range(12):
        state = game.new_match(game.options({}), seed=seed)
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        assert any(a.verb == "raise" for a in legal)
        view, memory = state.view(seat), state.events(0, seat)
        assert always.act(view, memory, legal, random.Random(seed)).verb == "raise"
        assert never.act(view, memory, legal, random.Random(seed)).verb != "raise"


def test_a_player_departs_from_rules_only_when_his_counts_clearly_differ() -> None:
    """``departing``: a frequency more than z binomial standard errors off the ``rules``
    bot's own; a few answers, or answers at its own rate, are no departure, and a
    partner's are never read."""
    reader = truco_reading.reader()
    rates = truco_reading.prior(2).rates
    assert reader.departing(0, 2, (), 2.5) == frozenset()
    reader.history[1] = SeatTally(calls=Tally(0, 2))  # two refusals: could be chance
    assert reader.departing(0, 2, (), 2.5) == frozenset()
    reader.history[1] = SeatTally(calls=Tally(0, 30))  # thirty: not the rules bot
    assert reader.departing(0, 2, (), 2.5) == {1}
    assert reader.departing(1, 2, (), 2.5) == {0}  # kept by place: the next seat's
    like = round(rates.calls * 100)
    reader.history[1] = SeatTally(calls=Tally(like, 100))
    assert reader.departing(0, 2, (), 2.5) == frozenset()
    reader.history[1] = SeatTally(raises=Tally(40, 40))  # raises at every chance
    assert reader.departing(0, 2, (), 2.5) == {1}
    reader.history[1] = SeatTally(backs=Tally(1, 3))  # a rare raise-back: too few to judge
    assert rates.backs < 0.1 and reader.departing(0, 2, (), 2.5) == frozenset()
    four = truco_reading.reader()
    four.history[2] = SeatTally(calls=Tally(0, 30))  # the place of the partner
    assert four.departing(0, 4, (), 2.5) == frozenset()
    assert four.departing(1, 4, (), 2.5) == frozenset()
    four.history[3] = SeatTally(calls=Tally(0, 30))  # the seat before the bot's
    assert four.departing(0, 4, (), 2.5) == {3}
    assert four.departing(1, 4, (), 2.5) == {0}


def test_a_side_departs_from_rules_when_its_pooled_counts_clearly_differ() -> None:
    """``side_departs``: the other side's players' counts pooled; three players each
    refusing nine raises of ten are each within the noise alone (at 3 standard errors),
    but not together; a side answering at ``rules``' own rate, the own side's counts,
    or a rare answer in the first few (too few to judge) are no departure."""
    rates = truco_reading.prior(6).rates
    six = truco_reading.reader()
    for seat in (1, 3, 5):
        six.history[seat] = SeatTally(calls=Tally(1, 10))
    assert six.departing(0, 6, (), 3.0) == frozenset()
    assert six.side_departs(0, 6, (), 3.0)
    assert six.side_departs(1, 6, (), 3.0)  # kept by place: the other side from any seat
    own = truco_reading.reader()
    for place in (2, 4):
        own.history[place] = SeatTally(calls=Tally(0, 30))
    assert not own.side_departs(0, 6, (), 3.0)  # the own side's places are never read
    like = round(rates.calls * 30)
    for seat in (1, 3, 5):
        six.history[seat] = SeatTally(calls=Tally(like, 30))
    assert not six.side_departs(0, 6, (), 3.0)
    assert not truco_reading.reader().side_departs(0, 6, (), 3.0)  # nothing seen yet
    early = truco_reading.reader()  # one raise-back in three answers: too few to judge
    early.history[1] = SeatTally(calls=Tally(1, 3), backs=Tally(1, 3))
    assert rates.backs < 0.1 and not early.side_departs(0, 6, (), 2.5)
    early.history[1] = SeatTally(calls=Tally(60, 150), backs=Tally(30, 150))  # one in five
    assert early.side_departs(0, 6, (), 2.5)
