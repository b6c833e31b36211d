"""The generic ``search`` level: honest, deterministic, and choosing by its own values."""

from __future__ import annotations

import dataclasses
import functools
import random
from typing import Any

import pytest

from helpers import deal, full_stock, new_state, run
from tricktaker.bots import make_bot
from tricktaker.bots.equity import equity_for
from tricktaker.bots.search import DEEP_BUDGET, DEFAULT_BUDGET, MISMATCH, Budget, SearchBot
from tricktaker.core import State, TricktakerError, get_game

#: Iterations only (the clock never stops a search): decisions depend on the rng alone.
FIXED = Budget(seconds=1e9, min_worlds=6, max_worlds=6)


def _decide(bot: SearchBot, state: State, seed: int = 0) -> tuple[str, list[float]]:
    seat = state.to_act
    assert seat is not None
    view, memory, legal = state.view(seat), state.events(0, seat), state.legal_actions()
    scores = bot.evaluate(view, memory, legal, random.Random(seed))
    choice = bot.act(view, memory, legal, random.Random(seed))
    return str(choice), scores


def _truc_with_hidden(opponent: str) -> State:
    """Le Truc, seat 1 (the caller) to act on 7h 8c Ad; the dealer holds ``opponent``."""
    mine = "7h 8c Ad"
    return new_state(deals=[{**deal(opponent, mine), "stock": full_stock(opponent, mine)}])


def test_the_decision_depends_on_the_view_only_never_on_hidden_cards() -> None:
    """Two deals that seat 1 cannot tell apart (its own hand, nothing else shown) get the
    same scores and the same choice: the search reads its view and memory, not the state."""
    bot = SearchBot("truc", budget=FIXED)
    first = _decide(bot, _truc_with_hidden("7s 7d 7c"))
    second = _decide(bot, _truc_with_hidden("9s 9d Th"))
    assert first == second


def test_the_same_seed_gives_the_same_decision_and_another_seed_other_worlds() -> None:
    bot = SearchBot("truco", budget=FIXED)
    state = get_game("truco").new_match(get_game("truco").options({}), seed=5)
    assert _decide(bot, state, seed=1) == _decide(bot, state, seed=1)
    assert _decide(bot, state, seed=1)[1] != _decide(bot, state, seed=2)[1]


def test_a_fold_is_valued_at_the_stake_it_gives_away() -> None:
    """In Le Truc a fold at the start gives the dealer 1 point: by raw points -1 against
    him in every world; planning for the match, the change in his chance of the match
    (0:0, first to play, to 0:1, second), in points near 0:0 (``bots/equity.py``)."""
    state = _truc_with_hidden("9s 9d Th")
    legal = [str(a) for a in state.legal_actions()]
    _, scores = _decide(SearchBot("truc", budget=FIXED, plan=False), state)
    assert scores[legal.index("1:fold")] == -1.0
    equity = equity_for("truc", {"players": 2}, 2, games_to_win=2)
    assert equity is not None
    change = equity.match(0, 1, False) - equity.match(0, 0, True)
    _, scores = _decide(SearchBot("truc", budget=FIXED), state)
    assert scores[legal.index("1:fold")] == pytest.approx(change / equity.slope)
    assert -2.0 < scores[legal.index("1:fold")] < -0.3


def test_the_best_hand_accepts_a_double_and_never_folds() -> None:
    """Holding the three strongest cards (7s beat everything), refusing or folding loses
    points that accepting wins: the search sees it in every world."""
    mine, other = "7h 7c 7d", "9s 9d Th"
    state = new_state(deals=[{**deal(other, mine), "stock": full_stock(other, mine)}])
    run(state, "1:play 7h", "0:double")
    choice, scores = _decide(SearchBot("truc", budget=FIXED), state)
    assert choice == "1:accept"
    assert max(scores) == scores[[str(a) for a in state.legal_actions()].index("1:accept")]


def test_the_value_hook_replaces_the_rollout() -> None:
    """A game's own evaluator decides: here one that likes only leading the ace."""
    seen: list[str] = []

    def value(world: State, side: int) -> float | None:
        last = [e.action for e in world.events(0, None) if e.action is not None][-1]
        seen.append(last)
        return 1.0 if last == "1:play Ad" else 0.0

    bot = SearchBot("truc", budget=FIXED, value=value)
    choice, scores = _decide(bot, _truc_with_hidden("9s 9d Th"))
    assert choice == "1:play Ad" and max(scores) == 1.0
    assert "1:fold" in seen or "1:redeal" in seen


def test_a_single_legal_action_is_taken_without_thinking() -> None:
    def never(world: State, side: int) -> float | None:
        raise AssertionError("no search for a forced move")

    bot = SearchBot("truc", budget=FIXED, value=never)
    state = _truc_with_hidden("9s 9d Th")
    legal = state.legal_actions()[:1]
    assert bot.act(state.view(1), state.events(0, 1), legal, random.Random(0)) == legal[0]


def test_a_spectator_or_an_empty_choice_is_refused_clearly() -> None:
    bot = SearchBot("truc", budget=FIXED)
    state = _truc_with_hidden("9s 9d Th")
    with pytest.raises(TricktakerError, match="spectator"):
        bot.act(state.public_view(), [], state.legal_actions(), random.Random(0))
    with pytest.raises(TricktakerError, match="no legal action"):
        bot.act(state.view(1), [], [], random.Random(0))


def test_budgets_are_checked_and_the_deep_level_thinks_longer() -> None:
    with pytest.raises(ValueError):
        Budget(seconds=1.0, min_worlds=0, max_worlds=5)
    with pytest.raises(ValueError):
        Budget(seconds=1.0, min_worlds=6, max_worlds=5)
    with pytest.raises(ValueError):
        Budget(seconds=0.0, min_worlds=1, max_worlds=5)
    assert DEEP_BUDGET.seconds > DEFAULT_BUDGET.seconds
    assert DEEP_BUDGET.max_worlds > DEFAULT_BUDGET.max_worlds


def test_the_clock_stops_a_search_after_its_least_worlds() -> None:
    """Time is up from the start: exactly ``min_worlds`` worlds are searched."""
    ticks = iter(range(10**6))
    bot = SearchBot(
        "truc",
        budget=Budget(seconds=0.5, min_worlds=3, max_worlds=50),
        clock=lambda: float(next(ticks)),
    )
    _decide(bot, _truc_with_hidden("9s 9d Th"))
    assert bot.last_worlds == 3


@pytest.mark.parametrize("game", ["truc", "truco", "tetka", "preferans"])
def test_every_game_has_the_search_levels_and_they_choose_legally(game: str) -> None:
    g = get_game(game)
    state = g.new_match(g.options({}), seed=3)
    rng = random.Random(0)
    for level in ("search", "deep"):
        assert make_bot(level, game).name == level
    bot = SearchBot(game, budget=Budget(seconds=1e9, min_worlds=1, max_worlds=1))
    for _ in range(12):
        seat = state.to_act
        if seat is None:
            break
        legal = state.legal_actions()
        state.apply(bot.act(state.view(seat), state.events(0, seat), legal, rng))


class _FirstLegal:
    """A rollout policy that always takes the first legal action."""

    name = "first"

    def act(self, view: object, memory: object, legal: list[object], rng: random.Random) -> object:
        return legal[0]


def test_worlds_are_weighed_by_how_the_others_would_have_answered_there() -> None:
    """The dealer's answer to a double is what the policy would give (weight 1) or not
    (MISMATCH); which card he plays is not read, nor are the searching seat's choices."""
    mine, other = "7h 8c Ad", "9s 9d Th"
    state = new_state(deals=[{**deal(other, mine), "stock": full_stock(other, mine)}])
    run(state, "1:play 7h")
    bot = SearchBot("truc", budget=FIXED, rollout=_FirstLegal, infer=True)  # type: ignore[arg-type]
    assert bot._belief(state, 1, seed=0) == 1.0
    plays = [str(a) for a in state.legal_actions() if a.verb == "play"]
    assert plays[-1] != str(state.legal_actions()[0])
    run(state, plays[-1])
    assert bot._belief(state, 1, seed=0) == 1.0
    run(state, "1:double")
    answers = [str(a) for a in state.legal_actions()]
    run(state, answers[1])
    assert bot._belief(state, 1, seed=0) == pytest.approx(MISMATCH)


def _same(policy: object) -> object:
    return policy


class _Alternating:
    """A mixed policy: the first legal action, then the second, by turns."""

    name = "alternating"

    def __init__(self) -> None:
        self.calls = 0

    def act(self, view: object, memory: object, legal: list[object], rng: random.Random) -> object:
        self.calls += 1
        return legal[(self.calls - 1) % 2]


def test_with_draws_a_world_weighs_by_the_share_of_them_that_repeat_the_choice() -> None:
    """``draws``: the model is asked that many times; a world where a mixed model would
    give the dealer's answer half the time weighs halfway between ``mismatch`` and 1,
    one where it always would weighs 1 (one draw: 1 or ``mismatch``, as before)."""
    mine, other = "7h 8c Ad", "9s 9d Th"
    state = new_state(deals=[{**deal(other, mine), "stock": full_stock(other, mine)}])
    run(state, "1:play 7h")
    plays = [str(a) for a in state.legal_actions() if a.verb == "play"]
    run(state, plays[-1])
    run(state, "1:double")
    run(state, str(state.legal_actions()[1]))
    for draws, expected in (
        (1, 1.0),
        (2, 1.0 - (1.0 - MISMATCH) / 2),
        (4, 1.0 - (1.0 - MISMATCH) / 2),
    ):
        policy = _Alternating()
        policy.calls = 1  # its first answer is the second legal one: the dealer's
        bot = SearchBot("truc", budget=FIXED, rollout=functools.partial(_same, policy), infer=True)  # type: ignore[arg-type]
        bot.draws = draws
        assert bot._belief(state, 1, seed=0) == pytest.approx(expected), draws
        assert policy.calls == 1 + draws


class _NeverSignals:
    """A policy that plays the first legal move that is not a signal."""

    name = "never-signals"

    def act(self, view: object, memory: object, legal: list[object], rng: random.Random) -> object:
        return next(a for a in legal if getattr(a, "verb", None) != "signal")


def test_a_partner_s_followed_signal_that_a_world_contradicts_weighs_told() -> None:
    """Four-player Le Truc: the partner's signals are followed (said as the own side's
    policy says them), so a world where that policy would not say one weighs ``told``
    for each, not ``mismatch``; without ``told`` nothing changes."""
    from tricktaker.bots.search import Tactics

    game = get_game("truc")
    rules = make_bot("rules", "truc")
    for seed in range(12):
        state = game.new_match(game.options({"players": 4}), seed=seed)
        rng = random.Random(seed)
        said: list[tuple[int, str]] = []
        while state.to_act is not None:
            seat = state.to_act
            legal = state.legal_actions()
            partner_signals = [v for s, v in said if s == (seat + 2) % 4 and v == "signal"]
            if partner_signals and len(legal) > 1:
                break
            action = rules.act(state.view(seat), state.events(0, seat), legal, rng)
            said.append((seat, action.verb))
            state.apply(action)
        else:
            continue
        seat = state.to_act
        assert seat is not None
        signals = sum(1 for s, v in said if s == (seat + 2) % 4 and v == "signal")
        weights = []
        for told in (None, MISMATCH / 2):
            bot = SearchBot(
                "truc",
                budget=FIXED,
                infer=True,
                rollout=make_bot("rules", "truc").__class__,
                tactics={4: Tactics(frozenset({"signal"}), _NeverSignals)},  # type: ignore[arg-type]
            )
            bot.told = told
            bot._set_tactics(state.view(seat), state.events(0, seat))
            weights.append(bot._belief(state, seat, seed=0))
        assert weights[0] > 0.0
        assert weights[1] == pytest.approx(weights[0] * 0.5**signals)
        return
    raise AssertionError("no deal had a partner's signal before a choice")


def test_card_plays_read_for_the_other_side_only_with_read_theirs() -> None:
    """``read_theirs``: of the unread verbs (card plays), those read for the other side's
    players only: each card of theirs the model would not have played weighs
    ``mismatch``; the partner's cards (he plays as the search, not as the model) and the
    bets, read as before, are weighed the same with or without it."""
    game = get_game("truco")
    rules = make_bot("rules", "truco")
    for seed in range(20):
        state = game.new_match(game.options({"players": 4}), seed=seed)
        rng = random.Random(seed)
        theirs = partner = 0
        while state.to_act is not None and not state.finished_deals():
            seat, legal = state.to_act, state.legal_actions()
            if seat == 0 and theirs and partner and len(legal) > 1:
                break
            action = rules.act(state.view(seat), state.events(0, seat), legal, rng)
            if action.verb == "play" and len(legal) > 1 and action != legal[0]:
                theirs += seat in (1, 3)
                partner += seat == 2
            state.apply(action)
        else:
            continue
        weights = []
        for read in (frozenset(), frozenset({"play"})):
            bot = SearchBot("truco", budget=FIXED, rollout=_FirstLegal, infer=True)  # type: ignore[arg-type]
            bot.read_theirs = read
            weights.append(bot._belief(state, 0, seed=0))
        assert weights[0] > 0.0
        assert weights[1] == pytest.approx(weights[0] * MISMATCH**theirs)
        return
    raise AssertionError("no deal had both sides' cards off the first legal move")


def test_a_partner_s_choices_weigh_ours_where_his_policy_would_not_make_them() -> None:
    """``ours``: a choice of the own side's (the partner's raise) that the model would not
    make weighs ``ours`` instead of ``mismatch`` (1: not read); the other side's still
    weigh ``mismatch``, and without ``ours`` nothing changes."""
    game = get_game("truco")
    raiser, rules = make_bot("always-raise", "truco"), make_bot("rules", "truco")
    for seed in range(20):
        state = game.new_match(game.options({"players": 4}), seed=seed)
        rng = random.Random(seed)
        theirs = partner = 0
        while state.to_act is not None and not state.finished_deals():
            seat, legal = state.to_act, state.legal_actions()
            if seat == 0 and partner and len(legal) > 1:
                break
            bot = raiser if seat == 2 else rules
            action = bot.act(state.view(seat), state.events(0, seat), legal, rng)
            if seat and action.verb != "play" and len(legal) > 1 and action != legal[0]:
                theirs += seat in (1, 3)
                partner += seat == 2
            state.apply(action)
        else:
            continue
        weights = []
        for ours in (None, MISMATCH, 1.0, 0.5):
            bot = SearchBot("truco", budget=FIXED, rollout=_FirstLegal, infer=True)  # type: ignore[arg-type]
            bot.ours = ours
            weights.append(bot._belief(state, 0, seed=0))
        assert weights[0] == pytest.approx(MISMATCH ** (theirs + partner)) and weights[0] > 0
        assert weights[1] == pytest.approx(weights[0])
        assert weights[2] == pytest.approx(MISMATCH**theirs)
        assert weights[3] == pytest.approx(MISMATCH**theirs * 0.5**partner)
        return
    raise AssertionError("no deal had a partner's raise before a choice")


def test_inference_reads_bets_in_the_betting_games_and_card_plays_in_tetka() -> None:
    for game in ("truc", "truco"):
        bot = make_bot("search", game)
        assert isinstance(bot, SearchBot) and bot.infer and "play" in bot.unread
    tetka = make_bot("search", "tetka")
    assert isinstance(tetka, SearchBot) and tetka.infer and not tetka.unread
    assert tetka.read_last > 0 and 0.0 < tetka.mismatch < 1.0
    preferans = make_bot("search", "preferans")
    assert isinstance(preferans, SearchBot) and not preferans.infer


def _last_action(world: State) -> str | None:
    return [e.action for e in world.events(0, None) if e.action is not None][-1]


def test_the_rules_move_is_kept_unless_another_is_clearly_better() -> None:
    """The policy advises the first legal move. A move better by the same margin in
    every world is taken; one better on average by less than the noise is not."""
    state = _truc_with_hidden("9s 9d Th")
    legal = state.legal_actions()
    advised, other = str(legal[0]), str(legal[1])
    noise = iter([3.0, -3.0] * 100)

    def steady(world: State, side: int) -> float | None:
        return 0.5 if _last_action(world) == other else 0.0

    def noisy(world: State, side: int) -> float | None:
        return 0.2 + next(noise) if _last_action(world) == other else 0.0

    rollout = _FirstLegal
    sure = SearchBot("truc", budget=FIXED, value=steady, rollout=rollout)  # type: ignore[arg-type]
    assert _decide(sure, state)[0] == other
    unsure = SearchBot("truc", budget=FIXED, value=noisy, rollout=rollout)  # type: ignore[arg-type]
    choice, scores = _decide(unsure, state)
    assert max(scores) == scores[1] and choice == advised
    reckless = SearchBot(
        "truc",
        budget=FIXED,
        value=noisy,
        rollout=rollout,  # type: ignore[arg-type]
        prudence=0.0,
    )
    assert _decide(reckless, state)[0] == other


def test_a_followed_verb_is_played_as_the_policy_plays_it_without_a_search() -> None:
    """With the advised move's verb in ``follow`` the search takes it even where another
    move is better in every world, and samples no world; other verbs are searched."""
    state = _truc_with_hidden("9s 9d Th")
    legal = state.legal_actions()
    advised, other = str(legal[0]), str(legal[1])

    def steady(world: State, side: int) -> float | None:
        return 0.5 if _last_action(world) == other else 0.0

    following = SearchBot(
        "truc",
        budget=FIXED,
        value=steady,
        rollout=_FirstLegal,  # type: ignore[arg-type]
        follow=frozenset({legal[0].verb}),
    )
    seat = state.to_act
    assert seat is not None
    choice = following.act(state.view(seat), state.events(0, seat), legal, random.Random(0))
    assert str(choice) == advised and following.last_worlds == 0
    assert str(following.last_rules) == advised and following.last_scores == []
    elsewhere = SearchBot(
        "truc",
        budget=FIXED,
        value=steady,
        rollout=_FirstLegal,  # type: ignore[arg-type]
        follow=frozenset({"no such verb"}),
    )
    assert _decide(elsewhere, state)[0] == other and elsewhere.last_worlds == FIXED.max_worlds
    # A followed verb is legal but the policy advises another: the move is searched among
    # the moves of the other verbs (a followed verb is never tried), and the advice asked
    # for up front is the one prudence weighs the best move against.
    folds = [a for a in legal if a.verb == "fold"]
    assert folds and legal[0].verb != "fold" and legal[1].verb != "fold"

    def folding(world: State, side: int) -> float | None:
        return 9.0 if _last_action(world) == str(folds[0]) else steady(world, side)

    searched = SearchBot(
        "truc",
        budget=FIXED,
        value=folding,
        rollout=_FirstLegal,  # type: ignore[arg-type]
        follow=frozenset({"fold"}),
    )
    choice = searched.act(state.view(seat), state.events(0, seat), legal, random.Random(0))
    assert str(choice) == other and searched.last_worlds == FIXED.max_worlds
    assert searched.last_rules == legal[0]
    assert [a for a, _ in searched.last_scores] == [a for a in legal if a.verb != "fold"]


def test_le_truc_signals_to_a_partner_are_the_truth_never_a_searched_lie() -> None:
    """Four-player Le Truc: every signal the search levels send is the one the ``rules``
    bot sends from the same view (its true top card), and no world is searched for it:
    a searched signal is chosen for how an imagined partner takes it, and could tell the
    real partner a lie. The captain's instructions are orders and are still searched."""
    game = get_game("truc")
    rules = make_bot("rules", "truc")
    signals = instructions = 0
    for seed in range(6):
        state = game.new_match(game.options({"players": 4}), seed=seed)
        bot = make_bot("search", "truc")
        assert isinstance(bot, SearchBot) and bot.follow == frozenset({"signal"})
        bot.budget = FIXED
        rng = random.Random(seed)
        while state.to_act is not None and len(state.finished_deals()) < 1:
            seat = state.to_act
            view, memory, legal = state.view(seat), state.events(0, seat), state.legal_actions()
            told = rules.act(view, memory, legal, random.Random(seed))
            if told.verb == "signal":
                signals += 1
                chosen = bot.act(view, memory, legal, random.Random(seed))
                assert chosen == told and bot.last_worlds == 0
            elif told.verb == "say":
                instructions += 1
                bot.act(view, memory, legal, random.Random(seed))
                assert bot.last_worlds == FIXED.max_worlds
            state.apply(rules.act(view, memory, legal, rng))
    assert signals >= 6 and instructions >= 6


def test_tactics_follow_their_policy_s_verbs_and_imagine_only_the_own_side_by_it() -> None:
    """``Tactics`` (four-player Truco): every raise, answer and fold is the tactics'
    policy's from the same view without a world searched; where that policy plays a
    card the search chooses among the cards and never raises; in the worlds the bot's
    own side plays that policy and the other side the rollout policy (``rules``)."""
    from tricktaker.bots.search import Tactics
    from tricktaker.bots.truco import BETS
    from tricktaker.bots.truco.rules import TEAM, RulesBot

    game = get_game("truco")
    tuned = RulesBot(TEAM)
    bets = cards = 0
    for seed in range(4):
        state = game.new_match(game.options({"players": 4}), seed=seed)
        bot = SearchBot("truco", budget=FIXED, tactics={4: Tactics(BETS, lambda: tuned)})
        rng = random.Random(seed)
        while state.to_act is not None and len(state.finished_deals()) < 2:
            seat = state.to_act
            view, memory = state.view(seat), state.events(0, seat)
            legal = state.legal_actions()
            if len(legal) > 1:
                told = tuned.act(view, memory, legal, random.Random(seed))
                chosen = bot.act(view, memory, legal, random.Random(seed))
                if told.verb in BETS:
                    bets += 1
                    assert chosen == told and bot.last_worlds == 0
                elif told.verb == "play" and any(a.verb == "raise" for a in legal):
                    cards += 1
                    assert chosen.verb == "play" and bot.last_rules == told
            state.apply(tuned.act(view, memory, legal, rng))
    assert bets >= 3 and cards >= 3, (bets, cards)


class _Departing:
    """A reader that models nobody and sees the other side bet otherwise than ``rules``
    (``who``: some player of it), noting what it was asked with."""

    def __init__(self, who: frozenset[int]) -> None:
        self.who = who
        self.asked: list[tuple[int, int, int, float]] = []

    def side_departs(self, seat: int, players: int, memory: object, z: float) -> bool:
        assert isinstance(memory, (list, tuple))
        self.asked.append((seat, players, len(memory), z))
        return bool(self.who)

    def policies(self, seat: int, players: int, memory: object) -> dict[int, object]:
        return {}


def test_tactics_follow_their_verbs_until_the_other_side_is_seen_to_bet_otherwise() -> None:
    """``Tactics.until``: the bets are followed while the reader does not see the other
    side depart from ``rules``' betting (asked with the seat, the players, the memory and
    ``until``); once it does, they are searched (to exploit it). Without ``until`` they
    are followed whatever the reader sees."""
    from tricktaker.bots.search import Tactics
    from tricktaker.bots.truco import BETS
    from tricktaker.bots.truco.rules import TEAM, RulesBot

    game = get_game("truco")
    tuned = RulesBot(TEAM)
    checked = 0
    for seed in range(4):
        state = game.new_match(game.options({"players": 4}), seed=seed)
        rng = random.Random(seed)
        while state.to_act is not None and len(state.finished_deals()) < 2:
            seat = state.to_act
            view, memory, legal = state.view(seat), state.events(0, seat), state.legal_actions()
            told = tuned.act(view, memory, legal, random.Random(seed))
            if len(legal) > 1 and told.verb in BETS:
                checked += 1
                for until, seen, followed in (
                    (3.0, frozenset(), True),
                    (3.0, frozenset({(seat + 1) % 4}), False),
                    (None, frozenset({(seat + 1) % 4}), True),
                ):
                    tactics = {4: Tactics(BETS, lambda: tuned, until=until)}
                    bot = SearchBot("truco", budget=FIXED, tactics=tactics)
                    reader = bot.reader = _Departing(seen)  # type: ignore[assignment]
                    chosen = bot.act(view, memory, legal, random.Random(seed))
                    if until is not None:
                        # once a decision: ``evaluate`` keeps what ``act`` found
                        assert reader.asked == [(seat, 4, len(memory), until)]
                    if followed:
                        assert chosen == told and bot.last_worlds == 0
                    else:
                        assert bot.last_worlds == FIXED.max_worlds
            state.apply(tuned.act(view, memory, legal, rng))
    assert checked >= 3, checked


def test_team_search_weighs_against_the_tuned_rules() -> None:
    """The shipped search levels of Truco and Le Truc take their ``rules.TEAM`` as their
    advice with four players (Truco follows no verb: its bets stay searched, reading the
    others; Le Truc still follows its signals, and its ``TEAM`` reads bets and plays the
    learnt captain bets); six-player Truco bets as ``TEAM`` with its learnt raises and
    answers bets, and searches the cards; with two players they keep ``rules``."""
    from tricktaker.bots.truc.learnt import POLICY as TRUC_TEAM
    from tricktaker.bots.truc.learnt import LearntBot
    from tricktaker.bots.truco import BETS, UNTIL
    from tricktaker.bots.truco.learnt import LearntBot as TrucoLearnt
    from tricktaker.bots.truco.rules import TEAM as TRUCO_TEAM
    from tricktaker.bots.truco.rules import TEAM_READING, ReadingBot

    for game, team, follow in (
        ("truco", TRUCO_TEAM, {4: frozenset(), 6: BETS}),
        ("truc", TRUC_TEAM, {4: frozenset({"signal"})}),
    ):
        assert team != make_bot("rules", game).params  # type: ignore[attr-defined]
        for level in ("search", "deep"):
            bot = make_bot(level, game)
            assert isinstance(bot, SearchBot) and bot.tactics
            assert set(bot.tactics) == set(follow)
            for players, verbs in follow.items():
                found = bot.tactics[players]
                assert found.follow == verbs
                assert found.until == (UNTIL if (game, players) == ("truco", 6) else None)
                assert found.policy is not None
                own: Any = found.policy()
                if (game, players) == ("truco", 4):  # TEAM reading each raiser
                    assert isinstance(own, ReadingBot) and own.params == TEAM_READING
                    assert dataclasses.replace(TEAM_READING, tight_margin=0.0) == team
                else:
                    assert own.params == team
                if game == "truc":
                    assert isinstance(found.policy(), LearntBot)
                if (game, players) == ("truco", 6):
                    assert isinstance(found.policy(), TrucoLearnt)
                    assert found.policy().table is None  # type: ignore[attr-defined]


class _Recorder:
    """A policy that plays as ``rules`` does and notes each seat it acted for."""

    name = "recorder"

    def __init__(self, params: object = None) -> None:
        from tricktaker.bots.truco.rules import RulesBot

        self.bot = RulesBot(params)  # type: ignore[arg-type]
        self.seats: set[int] = set()

    def act(self, view: object, memory: object, legal: object, rng: random.Random) -> object:
        seat = getattr(view, "seat", None)
        assert isinstance(seat, int)
        self.seats.add(seat)
        return self.bot.act(view, memory, legal, rng)  # type: ignore[arg-type]


def test_in_the_worlds_the_own_side_plays_the_tactics_policy_and_the_others_the_rollout() -> None:
    """Four-player Truco with a raise to weigh (``infer``: the worlds' beliefs replay the
    others' bets too): in the rollouts and the beliefs the tactics' policy acts only for
    the bot's own side (seat 0 and its partner, seat 2) and the rollout policy only for
    the other side; the tactics' policy is also the move the search weighs against."""
    from tricktaker.bots.search import Tactics
    from tricktaker.bots.truco.rules import TEAM

    game = get_game("truco")
    state = game.new_match(game.options({"players": 4}), seed=3)
    rules = make_bot("rules", "truco")
    rng = random.Random(3)
    while state.to_act != 0 or not any(a.verb == "play" for a in state.legal_actions()):
        seat = state.to_act
        assert seat is not None
        state.apply(rules.act(state.view(seat), state.events(0, seat), state.legal_actions(), rng))
    own, others = _Recorder(TEAM), _Recorder()
    bot = SearchBot(
        "truco",
        budget=FIXED,
        infer=True,
        rollout=lambda: others,  # type: ignore[arg-type,return-value]
        tactics={4: Tactics(frozenset(), lambda: own)},  # type: ignore[arg-type,return-value]
    )
    view, memory, legal = state.view(0), state.events(0, 0), state.legal_actions()
    bot.act(view, memory, legal, random.Random(0))
    assert bot.last_worlds == FIXED.max_worlds
    assert own.seats == {0, 2} and others.seats == {1, 3}
