"""Four-player Truco's own policy reading each raiser (``rules.ReadingBot``, issue 23):
a player read to raise less often than ``rules`` has his raises answered as value
raises, and the search tells its own policy what its reader read before each decision.
No strength figures here: those are the minitruco bench's (docs/strength.md)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace

from tricktaker.bots.opponents import Rates, ReadsOthers, SeatTally, Tally
from tricktaker.bots.search import Budget, SearchBot, Tactics
from tricktaker.bots.truco import TACTICS
from tricktaker.bots.truco import reading as truco_reading
from tricktaker.bots.truco.rules import TEAM, TEAM_READING, ReadingBot, RulesBot
from tricktaker.core import State, get_game
from tricktaker.core.events import Event
from tricktaker.games.truco.views import TrucoView

PRIOR = truco_reading.prior(4).rates


def _answers(seeds: range) -> Iterator[tuple[State, TrucoView]]:
    """Answers to a raise in four-player Truco, played by ``rules`` until one is due."""
    game = get_game("truco")
    bot = RulesBot()
    for seed in seeds:
        state = game.new_match(game.options({"players": 4}), seed=f"reading-team/{seed}")
        rng = random.Random(seed)
        while not state.finished_deals():
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            assert isinstance(view, TrucoView)
            if view.phase == "answer":
                yield state, view
                break
            state.apply(bot.act(view, state.events(0, seat), state.legal_actions(), rng))


def _answer(bot: RulesBot, state: State, view: TrucoView) -> str:
    assert view.seat is not None
    return bot.act(view, state.events(0, view.seat), state.legal_actions(), random.Random(0)).verb


def test_a_raiser_read_as_rules_is_answered_as_team_answers() -> None:
    reading = ReadingBot(replace(TEAM, tight_margin=0.6))
    plain = RulesBot(TEAM)
    for state, view in _answers(range(40)):
        assert view.raiser is not None
        reading.read({view.raiser: PRIOR}, PRIOR)
        assert _answer(reading, state, view) == _answer(plain, state, view)
        reading.read({}, PRIOR)  # nobody read yet
        assert _answer(reading, state, view) == _answer(plain, state, view)


def test_a_raiser_read_to_raise_rarely_is_answered_tighter() -> None:
    reading = ReadingBot(replace(TEAM, tight_margin=0.6))
    plain = RulesBot(TEAM)
    refused_more = 0
    for state, view in _answers(range(80)):
        assert view.raiser is not None
        rare = replace(PRIOR, raises=PRIOR.raises * 0.3)
        reading.read({view.raiser: rare}, PRIOR)
        read, team = _answer(reading, state, view), _answer(plain, state, view)
        assert not (read == "accept" and team == "refuse")  # never looser
        refused_more += read == "refuse" and team != "refuse"
        # A player raising more than rules is no reason to call lighter here.
        reading.read({view.raiser: replace(PRIOR, raises=0.9)}, PRIOR)
        assert _answer(reading, state, view) == team
    assert refused_more > 0


class _Told(RulesBot):
    """``TEAM``, keeping what it is told."""

    def __init__(self) -> None:
        super().__init__(TEAM)
        self.told: list[tuple[Mapping[int, Rates], Rates]] = []

    def read(self, rates: Mapping[int, Rates], prior: Rates) -> None:
        self.told.append((dict(rates), prior))


def test_the_search_tells_its_own_policy_what_its_reader_read() -> None:
    told = _Told()
    assert isinstance(told, ReadsOthers)
    bot = SearchBot(
        "truco",
        budget=Budget(seconds=1e9, min_worlds=2, max_worlds=2),
        infer=True,
        reader=truco_reading.reader,
        tactics={4: Tactics(frozenset(), lambda: told)},
    )
    assert bot.reader is not None
    bot.reader.history[1] = SeatTally(raises=Tally(0, 40))  # the next seat never raised
    state, view = next(_answers(range(40)))
    seat = view.seat
    assert seat is not None
    memory: Sequence[Event] = state.events(0, seat)
    bot.act(view, memory, state.legal_actions(), random.Random(1))
    assert told.told
    rates, prior = told.told[-1]
    assert prior == PRIOR
    assert set(rates) <= {(seat + 1) % 4, (seat + 3) % 4}
    assert rates[(seat + 1) % 4].raises < PRIOR.raises / 3
    # A player seen to raise as rules raises is not told: he is answered as TEAM answers.
    bot.reader.history[1] = SeatTally(raises=Tally(6, 40))
    bot.act(state.view(seat), state.events(0, seat), state.legal_actions(), random.Random(1))
    assert (seat + 1) % 4 not in told.told[-1][0]


def test_the_search_hands_the_raiser_s_share_to_its_reading_policy() -> None:
    """The shipped policy, told by the search: a raiser seen never to raise reaches the
    answer as a small share; one who departs from rules only on his calls is not told."""
    state, view = next(_answers(range(40)))
    seat, raiser = view.seat, view.raiser
    assert seat is not None and raiser is not None
    other = next(s for s in range(4) if (s - seat) % 2 and s != raiser)

    def search() -> tuple[SearchBot, ReadingBot]:
        own = ReadingBot(TEAM_READING)
        bot = SearchBot(
            "truco",
            budget=Budget(seconds=1e9, min_worlds=2, max_worlds=2),
            infer=True,
            reader=truco_reading.reader,
            tactics={4: Tactics(frozenset(), lambda: own)},
        )
        return bot, own

    bot, own = search()
    assert bot.reader is not None
    bot.reader.history[(raiser - seat) % 4] = SeatTally(raises=Tally(0, 60))
    bot.reader.history[(other - seat) % 4] = SeatTally(calls=Tally(0, 40))  # calls only
    bot.act(view, state.events(0, seat), state.legal_actions(), random.Random(1))
    assert set(own.shares) == {raiser} and own.shares[raiser] < 0.2
    fresh, unread = search()  # nobody seen: nobody told
    fresh.act(view, state.events(0, seat), state.legal_actions(), random.Random(1))
    assert unread.shares == {}


def test_the_shipped_four_player_search_reads_with_team_s_numbers() -> None:
    policy = TACTICS[4].policy
    assert policy is not None
    own = policy()
    assert isinstance(own, ReadingBot) and isinstance(own, ReadsOthers)
    assert own.params == TEAM_READING
    assert replace(own.params, tight_margin=0.0) == TEAM and own.params.tight_margin > 0
