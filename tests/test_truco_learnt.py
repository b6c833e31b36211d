"""Team Truco's raises and answers learnt from play (``bots/truco/learnt.py``)."""

from __future__ import annotations

import random
import re

from tricktaker.bots.learnt import Measured
from tricktaker.bots.truco.exploits import EXPLOITS
from tricktaker.bots.truco.learnt import (
    POLICY,
    LearntBot,
    cell,
    choices,
    learnt_turn,
    shipped_table,
)
from tricktaker.bots.truco.rules import TEAM, RulesBot
from tricktaker.core.registry import get_game
from tricktaker.games.truco.views import TrucoView


def _every_cell(kind: str, mean: float) -> dict[str, Measured]:
    return {
        f"{kind}/{p}/{t}{lead}/{level}": Measured(1000, mean, 0.01)
        for p in range(10)
        for t in range(3)
        for lead in "+-="
        for level in range(4)
    }


def _answers(table: dict[str, Measured], players: int = 6, deals: int = 25) -> list[str]:
    """The learning side's (even seats') answers to raises against a side that raises
    at every chance: accept or refuse only (a raise back is ``TEAM``'s own)."""
    game = get_game("truco")
    opts = game.options({"players": players})
    mine = LearntBot(POLICY, table)
    raiser = EXPLOITS["always-raise"]()
    out: list[str] = []
    for seed in range(deals):
        state = game.new_match(opts, seed=seed)
        rngs = [random.Random(f"{seed}/{s}") for s in range(players)]
        while not state.finished_deals():
            seat = state.to_act
            assert seat is not None
            bot = mine if seat % 2 == 0 else raiser
            view = state.view(seat)
            assert isinstance(view, TrucoView)
            action = bot.act(view, state.events(0, seat), state.legal_actions(), rngs[seat])
            if bot is mine and view.phase == "answer" and action.verb in ("accept", "refuse"):
                out.append(action.verb)
            state.apply(action)
    return out


def test_a_clear_table_decides_accepting_and_refusing() -> None:
    accepted = _answers(_every_cell("A", +3.0))
    refused = _answers(_every_cell("A", -3.0))
    assert accepted and set(accepted) == {"accept"}
    assert refused and set(refused) == {"refuse"}
    assert {"accept", "refuse"} <= set(_answers({}))


def test_a_clear_table_decides_raising() -> None:
    """Raise at every chance the table covers, or never."""
    game = get_game("truco")
    opts = game.options({"players": 4})
    for mean, expected in ((+3.0, True), (-3.0, False)):
        mine = LearntBot(POLICY, _every_cell("P", mean))
        for seed in range(15):
            state = game.new_match(opts, seed=seed)
            rng = random.Random(seed)
            while not state.finished_deals():
                seat = state.to_act
                assert seat is not None
                view = state.view(seat)
                legal = state.legal_actions()
                action = mine.act(view, state.events(0, seat), legal, rng)
                assert isinstance(view, TrucoView)
                may = view.phase == "play" and any(a.verb == "raise" for a in legal)
                if (
                    may
                    and view.hand
                    and not any(a.args and a.args[0].startswith("#") for a in legal)
                ):
                    assert (action.verb == "raise") is expected, (view, action)
                state.apply(action)


def test_without_a_table_it_is_team() -> None:
    game = get_game("truco")
    opts = game.options({"players": 4})
    learnt = LearntBot(POLICY, {})
    team = RulesBot(TEAM)
    for seed in range(8):
        state = game.new_match(opts, seed=seed)
        while not state.finished_deals():
            seat = state.to_act
            assert seat is not None
            view, memory, legal = state.view(seat), state.events(0, seat), state.legal_actions()
            a = learnt.act(view, memory, legal, random.Random(seed))
            assert a == team.act(view, memory, legal, random.Random(seed))
            state.apply(a)


def test_choices_name_the_two_bets_and_cells_their_situation() -> None:
    game = get_game("truco")
    opts = game.options({"players": 6})
    raiser = EXPLOITS["always-raise"]()
    kinds: set[str] = set()
    for seed in range(10):
        state = game.new_match(opts, seed=seed)
        rng = random.Random(seed)
        while not state.finished_deals():
            seat = state.to_act
            assert seat is not None
            view, memory, legal = state.view(seat), state.events(0, seat), state.legal_actions()
            assert isinstance(view, TrucoView)
            turn = learnt_turn(view, memory, legal, random.Random(seed), {})
            action = turn.decide()
            found = choices(turn, action)
            if found is not None:
                kind, yes, no = found
                kinds.add(kind)
                assert yes in legal and no in legal and yes != no
                assert {yes.verb, no.verb} in ({"raise", "play"}, {"accept", "refuse"})
                assert re.fullmatch(r"[PA]/\d/[012][+=-]/[0-3]", cell(turn, kind))
            state.apply(raiser.act(view, memory, legal, rng) if seat % 2 else action)
    assert kinds == {"P", "A"}


def test_the_shipped_tables_are_read_per_number_of_players() -> None:
    assert shipped_table(2) == {}
    assert shipped_table(4) == {}  # four players keep TEAM: no table learnt for them
    assert sum(1 for m in shipped_table(6).values() if m.verdict() is not None) >= 50
    for players in (4, 6):
        table = shipped_table(players)
        assert all(re.fullmatch(r"[PA]/\d/[012][+=-]/[0-3]", key) for key in table)
