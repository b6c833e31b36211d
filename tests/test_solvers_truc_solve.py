"""The Le Truc equilibrium solver (issue 24): its chance tables, its sparse kernels
against the dense CFR core on a small game, and the whole command line at 11:11.

The sparse kernels must do exactly what ``solvers.cfr`` does on the same game
(same algorithm, same alternation, same averaging): a subgame after the first
trick is laid out both ways and solved both ways, and the exploitabilities agree
to rounding. The fold of a call for cards is checked at 11:11 (the smallest
score with a call: some 400k nodes, so in the slow tier) against random play in
the model, and the solve there must reach the issue's 0.01 points per deal.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from helpers import new_state
from tricktaker.bots.truc.solved import SolvedBot
from tricktaker.cards import CARD_NAMES
from tricktaker.cli import main
from tricktaker.core import Start
from tricktaker.core.errors import TricktakerError
from tricktaker.games.truc.cards import DECK
from tricktaker.solvers.cfr import CFRSolver, Variant
from tricktaker.solvers.cfr import exploitability as dense_exploitability
from tricktaker.solvers.tree import GameTree, TreeBuilder
from tricktaker.solvers.truc import _kernels as k
from tricktaker.solvers.truc.arrays import TrucTree
from tricktaker.solvers.truc.betting import same_tree
from tricktaker.solvers.truc.hands import FULL_DECK, HAND_INDEX, HANDS, hand_pairs
from tricktaker.solvers.truc.model import (
    DEAL,
    REDEAL,
    REFUSE,
    DealRules,
    Node,
    Position,
)
from tricktaker.solvers.truc.policy import checkpoint_path, policy_path
from tricktaker.solvers.truc.run import DEFAULT_SCHEME, _scheme_for
from tricktaker.solvers.truc.solve import (
    TrucSolver,
    exploitability,
    first_deal,
    redeal_tables,
)

RULES = DealRules((0, 0), 0, "once", "leader")


def _small_start() -> Node:
    """After a refused call and a first trick (ace against seven), and a king led."""
    return Node.root(RULES).child(DEAL).child(REDEAL).child(REFUSE).child(5).child(7).child(4)


def test_chance_tables_are_the_models_deals() -> None:
    for caller in (0, 1):
        d1 = first_deal(caller)
        pairs, total = hand_pairs(FULL_DECK)
        want = np.zeros((120, 120))
        for first, second, ways in pairs:
            a, b = HAND_INDEX[first], HAND_INDEX[second]
            want[(a, b) if caller == 0 else (b, a)] = ways / total
        assert np.allclose(d1, want, rtol=0, atol=1e-15)
    sidx, ps = redeal_tables(1)
    rng = random.Random(3)
    for _ in range(5):
        p0, p1 = rng.randrange(120), rng.randrange(120)
        if sidx[p0, p1] < 0:
            continue
        pairs, total = hand_pairs(FULL_DECK - HANDS[p0] - HANDS[p1])
        want = np.zeros((120, 120))
        for first, second, ways in pairs:  # caller is seat 1: seat 0 gets the second hand
            want[HAND_INDEX[second], HAND_INDEX[first]] = ways / total
        assert np.allclose(ps[sidx[p0, p1]].reshape(120, 120), want, rtol=0, atol=1e-15)


def _dense(tree: TrucTree, deal: np.ndarray) -> tuple[GameTree, float]:
    """The same game as a dense GameTree (hands not held at a node: dropped by masks)."""
    mask = np.zeros((120, 120), dtype=bool)
    mask[np.ix_(tree.hid0[tree.off0[0] : tree.off0[1]], tree.hid1[tree.off1[0] : tree.off1[1]])] = (
        True
    )
    d = np.where(mask, deal, 0.0)
    z = float(d.sum())
    b = TreeBuilder((120, 120), d / z)
    one = b.matrix(np.ones((120, 120)))
    ids: dict[int, int] = {}
    for n in range(tree.n_nodes - 1, -1, -1):
        kind = int(tree.kind[n])
        if kind == k.TERMINAL:
            ids[n] = b.terminal(one, float(tree.payoff[n]))
            continue
        off, hid = tree.off(kind), tree.hid(kind)
        actions = []
        for e in range(int(tree.child_start[n]), int(tree.child_start[n + 1])):
            legal = np.zeros(120, dtype=bool)
            lo = int(tree.estart[e])
            held = hid[off[n] : off[n + 1]]
            legal[held] = tree.legal[lo : lo + len(held)]
            if tree.move[e] >= 8:
                legal[:] = True  # a hand not held here may still fold: it never gets here
            actions.append((str(int(tree.move[e])), ids[int(tree.children[e])], legal))
        ids[n] = b.decision(kind, actions)
    return b.build(ids[0]), z


@pytest.mark.parametrize("scheme", ["cfr+", "dcfr"])
def test_sparse_kernels_agree_with_the_dense_core(scheme: Variant) -> None:
    """Both schemes: the dense core's are the ones checked on Kuhn and Leduc
    (``test_solvers_cfr.py``), so this carries those checks over to these kernels."""
    solver = TrucSolver(RULES, _small_start(), scheme)
    assert solver.below is None
    dense, z = _dense(solver.top, solver.d1)
    uniform = [s.copy() for s in solver.strategy]
    found = exploitability(solver, uniform)
    assert found["abstract"] == pytest.approx(found["full_game"], abs=1e-12)
    reference = CFRSolver(dense, scheme)
    assert found["full_game"] / z == pytest.approx(
        dense_exploitability(dense, reference.average_strategy()),
        abs=1e-9,
    )
    solver.run(30)
    reference.run(30)
    mine = exploitability(solver, solver.average_strategy())["full_game"] / z
    theirs = dense_exploitability(dense, reference.average_strategy())
    assert mine == pytest.approx(theirs, abs=1e-9)
    assert mine < found["full_game"] / z / 10


def test_best_responses_bound_the_value() -> None:
    solver = TrucSolver(RULES, _small_start())
    solver.run(5)
    profile = solver.average_strategy()
    value = solver.value(profile)
    assert solver.full_game_response(profile, 0) >= value - 1e-12
    assert solver.full_game_response(profile, 1) >= -value - 1e-12


@pytest.mark.parametrize("scheme", ["cfr+", "dcfr"])
def test_checkpoints_resume(tmp_path: Path, scheme: Variant) -> None:
    solver = TrucSolver(RULES, _small_start(), scheme)
    solver.run(4)
    path = tmp_path / "s.npz"
    solver.save(path, [(4, 0.5)])
    again = TrucSolver(RULES, _small_start(), scheme)
    assert again.load(path) == [(4, 0.5)]
    assert again.iterations == 4 and again.scheme == scheme
    solver.run(3)
    again.run(3)
    for a, b in zip(solver.average_strategy(), again.average_strategy(), strict=True):
        assert np.array_equal(a, b)
    # Another tree (another start, the same rules) does not read it.
    other = TrucSolver(RULES, _other_start(), scheme)
    with pytest.raises(ValueError, match="laid out otherwise"):
        other.load(path)


def test_a_checkpoint_resumes_by_its_own_scheme_only(tmp_path: Path) -> None:
    solver = TrucSolver(RULES, _small_start(), "dcfr")
    solver.run(3)
    path = tmp_path / "s.npz"
    solver.save(path, [])
    with pytest.raises(
        ValueError, match=r"solved by dcfr, not cfr\+: resume it with --scheme dcfr"
    ):
        TrucSolver(RULES, _small_start()).load(path)
    # Only reading it (to measure, as exploit does) takes its scheme.
    reader = TrucSolver(RULES, _small_start())
    reader.load(path, same_tree_score=True)
    assert reader.scheme == "dcfr" and reader.iterations == 3
    # A checkpoint from before schemes were recorded is CFR+'s.
    with np.load(path) as data:
        old = {name: data[name] for name in data.files if name not in ("scheme", "origin")}
    np.savez(path, **old)
    again = TrucSolver(RULES, _small_start())
    again.load(path)
    assert again.scheme == "cfr+" and again.origin == ""
    with pytest.raises(ValueError, match="solved by cfr"):
        TrucSolver(RULES, _small_start(), "dcfr").load(path)


def test_without_a_scheme_a_solve_takes_its_checkpoints_or_its_sources(tmp_path: Path) -> None:
    solver = TrucSolver(RULES, _small_start(), "cfr+")
    solver.run(1)
    old = tmp_path / "old.npz"
    solver.save(old, [])
    new = tmp_path / "new.npz"
    assert DEFAULT_SCHEME == "dcfr"
    assert _scheme_for(new, None) == "dcfr"  # a new solve
    assert _scheme_for(old, None) == "cfr+"  # a resume
    assert _scheme_for(new, old) == "cfr+"  # a warm start
    (tmp_path / "bad.npz").write_bytes(b"not a checkpoint")
    with pytest.raises(TricktakerError, match="cannot read"):
        _scheme_for(tmp_path / "bad.npz", None)


def _start(rules: DealRules) -> Node:
    return Node.root(rules).child(DEAL).child(REDEAL).child(REFUSE).child(5).child(7).child(4)


@pytest.mark.parametrize("scheme", ["cfr+", "dcfr"])
def test_a_warm_start_takes_the_regrets_and_restarts_the_average(
    tmp_path: Path, scheme: Variant
) -> None:
    """From 0:0 to 2:3 (the same tree: the same proposals at every stake)."""
    source = TrucSolver(RULES, _start(RULES), scheme)
    source.run(6)
    path = tmp_path / "s.npz"
    source.save(path, [(6, 0.1)])
    near = DealRules((2, 3), 0, "once", "leader")
    assert same_tree(near, RULES) and near != RULES
    warm = TrucSolver(near, _start(near), scheme)
    assert warm.warm_from(path) == RULES
    assert warm.iterations == 0 and warm.origin == "0:0@6"
    # DCFR goes on discounting from the source's count; CFR+ has nothing to go on from.
    assert warm.clock_offset == (6 if scheme == "dcfr" else 0)
    for t, r, r0, total, s, s0 in zip(
        warm.trees,
        warm.regret,
        source.regret,
        warm.strategy_sum,
        warm.strategy,
        source.strategy,
        strict=True,
    ):
        size = (int(t.estart[-1]),)
        assert r.shape == total.shape == s.shape == size
        assert np.array_equal(r, r0) and r.any()
        assert not total.any()
        assert np.array_equal(s, s0)  # the current strategy is carried
    warm.run(2)
    assert warm.iterations == 2
    assert all(total.any() for total in warm.strategy_sum)
    out = tmp_path / "warm.npz"
    warm.save(out, [(2, 0.2)])
    again = TrucSolver(near, _start(near), scheme)
    assert again.load(out) == [(2, 0.2)]
    assert again.origin == "0:0@6" and again.iterations == 2
    assert again.clock_offset == warm.clock_offset
    for a, b in zip(again.regret, warm.regret, strict=True):
        assert a.shape == b.shape and np.array_equal(a, b)


def test_a_warm_start_is_refused_for_another_tree_or_scheme(tmp_path: Path) -> None:
    source = TrucSolver(RULES, _start(RULES))
    source.run(2)
    path = tmp_path / "s.npz"
    source.save(path, [])
    far = DealRules((0, 4), 0, "once", "leader")  # 4 may not propose the rest at 4
    assert not same_tree(far, RULES)
    with pytest.raises(ValueError, match="solved for a tree unlike this one's: score 0:0"):
        TrucSolver(far, _start(far)).warm_from(path)
    near = DealRules((1, 1), 0, "once", "leader")
    with pytest.raises(ValueError, match=r"solved by cfr\+, not dcfr: warm-start with"):
        TrucSolver(near, _start(near), "dcfr").warm_from(path)
    # Another start of a same-tree score: the layout tells them apart.
    other = Node.root(near).child(DEAL).child(REDEAL).child(REFUSE).child(5).child(7).child(3)
    with pytest.raises(ValueError, match="laid out otherwise"):
        TrucSolver(near, other).warm_from(path)
    # Left as it was: nothing read.
    fresh = TrucSolver(near, other)
    assert fresh.iterations == 0 and not any(r.any() for r in fresh.regret)


def _other_start() -> Node:
    return Node.root(RULES).child(DEAL).child(REDEAL).child(REFUSE).child(5).child(7).child(3)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "truco"], "only Le Truc"),
        (["solve", "truc", "--option", "redeal=repeat"], "only redeal=once"),
        (["solve", "truc", "--score", "12:0"], "scores are two numbers"),
        (["solve", "truc", "--score", "x"], "a score is A:B"),
        (["solve", "truc", "--option", "trumps=yes"], "not an option"),
        (["exploit", "truc", "--strategy", "/nonexistent.npz"], "no solved strategy"),
        (["exploit", "truc", "--bot", "rules"], "exploit measures"),
        (
            ["solve", "truc", "--score", "11:11", "--warm-from", "/nonexistent.npz"],
            "no checkpoint to warm-start from",
        ),
    ],
)
def test_bad_requests_are_refused(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


@pytest.mark.slow
def test_solve_and_exploit_at_11_11(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Solve 11:11, resume, measure; then the solved level plays every move there from
    the strategy, as the caller and as the dealer (the mirror), through calls for cards."""
    monkeypatch.setenv("TRICKTAKER_SOLVED_DIR", str(tmp_path))
    out = str(checkpoint_path(DealRules((11, 11), 0, "once", "leader")))
    args = ["solve", "truc", "--score", "11:11", "--no-progress", "--every", "10"]
    assert main([*args, "--max-memory", "0.01"]) == 2
    assert "over the limit" in capsys.readouterr().err
    assert main([*args, "--iterations", "20"]) == 0
    text = capsys.readouterr().out
    assert "memory needed: about 0.3" in text and "iteration 20:" in text
    assert main([*args, "--iterations", "30", "--scheme", "cfr+"]) == 2
    assert "solved by dcfr, not cfr+: resume it with --scheme dcfr" in capsys.readouterr().err
    assert main([*args, "--iterations", "30"]) == 0  # by its own scheme, the default's
    assert "at iteration 20 (dcfr)" in capsys.readouterr().out
    assert main(["exploit", "truc", "--score", "11:11", "--strategy", out, "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["iterations"] == 30
    assert 0 <= found["abstract"] <= found["full_game"] + 1e-12
    assert found["full_game"] < 0.01
    played = str(policy_path(Path(out)))
    assert main(["exploit", "truc", "--score", "11:11", "--strategy", played, "--json"]) == 0
    quantised = json.loads(capsys.readouterr().out)
    assert quantised["strategy"] == "quantised" and quantised["iterations"] == 30
    assert abs(quantised["full_game"] - found["full_game"]) < 0.002

    rng = random.Random(5)
    bot = SolvedBot()
    calls = 0
    for deal in range(40):
        cards = [CARD_NAMES[c] for c in DECK]
        rng.shuffle(cards)
        state = new_state(
            redeal="once",
            deals=[{"hands": [cards[0:3], cards[3:6]], "stock": cards[6:]}],
            dealer=deal % 2,
            start=Start({"score": (11, 11)}),
        )
        while not state.finished_deals():
            seat, legal = state.to_act, state.legal_actions()
            if seat == deal // 2 % 2:
                action = bot.act(state.view(seat), state.events(0, seat), legal, rng)
            else:
                favoured = [a for a in legal if a.verb in ("redeal", "accept")]
                action = rng.choice(favoured if favoured and rng.random() < 0.5 else legal)
            calls += action.verb == "redeal"
            state.apply(action)
    assert bot.search_moves == 0 and bot.solved_moves > 40
    assert calls > 5


@pytest.mark.slow
def test_the_fold_of_a_call_agrees_with_random_play() -> None:
    """Uniform play's value at 11:11 by the folded trees, and by 100k random deals."""
    rules = DealRules((11, 11), 0, "once", "leader")
    solver = TrucSolver(rules)
    exact = solver.value([s.copy() for s in solver.strategy])
    rng = random.Random(11)
    xs = []
    for _ in range(100_000):
        pos = Position.start(rules)
        while pos.outcome is None:
            pos = pos.deal_random(rng) if pos.node.is_chance else pos.apply(rng.choice(pos.legal()))
        g = pos.outcome.gains
        xs.append(g[0] - g[1])
    x = np.array(xs, dtype=np.float64)
    assert abs(x.mean() - exact) < 4 * x.std() / np.sqrt(len(x))
