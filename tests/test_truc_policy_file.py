"""The strategy file of a solved Le Truc deal (``solvers/truc/policy.py``): mapped, with
probabilities quantised to 1/255 so that each information set's row sums to exactly
255, each within 1/255 of the solver's average strategy; the older compressed
float32 file is still read and converts to the same thing; ``exploit`` measures
the quantised strategy, the one the level plays.

On the small game the quick tests solve (a point of the first deal after a refused
call, ace against seven, king led).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from tricktaker.bots.truc.solved import available, load_policy
from tricktaker.solvers.truc.hands import HANDS
from tricktaker.solvers.truc.model import DEAL, REDEAL, REFUSE, DealRules, Node
from tricktaker.solvers.truc.policy import (
    MAGIC,
    SCALE,
    Policy,
    _actor_slots,
    checkpoint_path,
    export,
    legacy_path,
    pack,
    quantise,
    repack,
    unpack,
)
from tricktaker.solvers.truc.run import _policy_profile
from tricktaker.solvers.truc.solve import TrucSolver, exploitability

RULES = DealRules((0, 0), 0, "once", "leader")
FIELDS = ("kind", "child_start", "children", "move", "off0", "off1", "hid0", "hid1", "estart")


@pytest.fixture(scope="module")
def solver() -> TrucSolver:
    start = Node.root(RULES).child(DEAL).child(REDEAL).child(REFUSE).child(5).child(7).child(4)
    s = TrucSolver(RULES, start)
    s.run(20)
    return s


def _rows(policy: Policy, i: int) -> list[tuple[int, int, list[int]]]:
    """Every information set of tree ``i``: (node, slot, its entries)."""
    t = policy.trees[i]
    out = []
    for n in np.flatnonzero(t.kind <= 1):
        width = int(t.off[n + 1] - t.off[n])
        edges = range(int(t.child_start[n]), int(t.child_start[n + 1]))
        for j in range(width):
            out.append((int(n), j, [int(t.estart[e]) + j for e in edges]))
    return out


def test_rows_sum_exactly_and_stay_within_a_step_of_the_float(
    solver: TrucSolver, tmp_path: Path
) -> None:
    path = tmp_path / "small.policy"
    export(solver, path)
    assert path.read_bytes()[: len(MAGIC)] == MAGIC
    policy = Policy(path)
    assert policy.iterations == 20 and policy.rules == RULES
    average = solver.average_strategy()
    for i, t in enumerate(policy.trees):
        assert t.prob.dtype == np.uint8 and t.hid.dtype == np.uint8
        legal = solver.trees[i].legal
        assert np.array_equal(np.unpackbits(t.legal, count=len(legal)).astype(bool), legal)
        rows = _rows(policy, i)
        assert len(rows) == solver.trees[i].n_infosets()
        for _, _, entries in rows:
            assert int(t.prob[entries].astype(np.int64).sum()) == SCALE
            assert not t.prob[entries][~legal[entries]].any()
        played = policy.strategy(i)
        assert np.abs(played - average[i]).max() < 1 / SCALE
        assert played.sum() == pytest.approx(len(rows))


def test_the_level_reads_probabilities_that_sum_to_one(solver: TrucSolver, tmp_path: Path) -> None:
    path = tmp_path / "small.policy"
    export(solver, path)
    policy = Policy(path)
    t, tree = policy.trees[0], solver.trees[0]
    average = solver.average_strategy()[0]
    node = Node.root(RULES).child(DEAL).child(REDEAL).child(REFUSE).child(5).child(7).child(4)
    history = node.history
    n = 0
    checked = 0
    while int(t.kind[n]) <= 1:  # down the first edges, every hand at each decision
        seat = int(t.kind[n])
        for j, h in enumerate(tree.hid(seat)[tree.off(seat)[n] : tree.off(seat)[n + 1]]):
            found = policy.probabilities(history, seat, HANDS[int(h)])
            assert sum(found.values()) == pytest.approx(1.0, abs=1e-12)
            for e in range(int(t.child_start[n]), int(t.child_start[n + 1])):
                i = int(t.estart[e]) + j
                if tree.legal[i]:
                    assert abs(found[int(t.move[e])] - average[i]) < 1 / SCALE
                else:
                    assert int(t.move[e]) not in found
            checked += 1
        e = int(t.child_start[n])
        history = (*history, seat * 16 + int(t.move[e]))
        n = int(t.children[e])
    assert checked > 10
    with pytest.raises(KeyError):
        policy.probabilities((*history[:-1], 99), 0, 0)


def test_the_older_file_is_read_and_repacked(
    solver: TrucSolver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old, new, direct = tmp_path / "x.policy.npz", tmp_path / "x.policy", tmp_path / "y.policy"
    arrays: dict[str, np.ndarray] = {}
    for i, (t, s) in enumerate(zip(solver.trees, solver.average_strategy(), strict=True)):
        for name in FIELDS:
            arrays[f"{name}{i}"] = getattr(t, name)
        arrays[f"strategy{i}"] = s.astype(np.float32)
        arrays[f"legal{i}"] = t.legal
    arrays["iterations"] = np.array(solver.iterations)
    arrays["prefix"] = np.array(solver.prefix_history, dtype=np.int64)
    arrays["rules"] = np.array(
        json.dumps({"score": [0, 0], "dealer": 0, "redeal": "once", "ties": "leader"})
    )
    np.savez_compressed(old, **arrays)  # type: ignore[arg-type]
    legacy = Policy(old)
    assert legacy.scale == 1.0 and legacy.rules == RULES
    monkeypatch.setenv("TRICKTAKER_SOLVED_DIR", str(tmp_path))
    found = tmp_path / legacy_path(checkpoint_path(RULES)).name
    old.rename(found)
    assert available() and load_policy(RULES) is not None
    assert load_policy(RULES).scale == 1.0  # type: ignore[union-attr]
    old = found
    repack(old, new)
    export(solver, direct)
    mapped, exported = Policy(new), Policy(direct)
    for i in range(len(solver.trees)):
        assert mapped.same_tree(i, solver.trees[i]) and legacy.same_tree(i, solver.trees[i])
        assert np.array_equal(mapped.trees[i].hid, legacy.trees[i].hid)
        assert np.abs(legacy.strategy(i) - solver.average_strategy()[i]).max() < 1e-6
        assert np.abs(mapped.strategy(i) - exported.strategy(i)).max() <= 1 / SCALE + 1e-12


def test_exploit_measures_the_quantised_strategy(solver: TrucSolver, tmp_path: Path) -> None:
    path = tmp_path / "small.policy"
    export(solver, path)
    played = _policy_profile(solver, path)
    exact = exploitability(solver, solver.average_strategy())["full_game"]
    quantised = exploitability(solver, played)["full_game"]
    assert quantised != exact and abs(quantised - exact) < 0.01
    other = TrucSolver(
        RULES, Node.root(RULES).child(DEAL).child(REDEAL).child(REFUSE).child(5).child(7).child(3)
    )
    with pytest.raises(ValueError, match="trees"):
        _policy_profile(other, path)


def test_a_cut_file_is_refused(solver: TrucSolver, tmp_path: Path) -> None:
    path = tmp_path / "small.policy"
    export(solver, path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2] + data[-16:])
    with pytest.raises(ValueError, match="cut short"):
        Policy(path)


def test_quantising_breaks_ties_and_empty_rows() -> None:
    """Two nodes by hand: thirds (85 each) and halves (one gets the odd unit); a row
    with no weight is uniform; an illegal entry gets nothing."""
    kind = np.array([0, 3, 3, 3], dtype=np.int8)
    child_start = np.array([0, 3, 3, 3, 3])
    estart = np.array([0, 3, 6, 9])
    hid0 = np.array([0, 1, 2], dtype=np.int16)
    off, hid = _actor_slots(
        kind,
        np.array([0, 3, 3, 3, 3]),
        np.zeros(5, dtype=np.int64),
        hid0,
        np.zeros(0, dtype=np.int16),
    )
    assert list(off) == [0, 3, 3, 3, 3] and list(hid) == [0, 1, 2]
    # edge-major: entry e * 3 + j is edge e, slot j
    strategy = np.array([1 / 3, 0.5, 0.0, 1 / 3, 0.5, 0.0, 1 / 3, 0.0, 0.0])
    legal = np.array([True, True, True, True, True, True, True, False, True])
    q = quantise(kind, child_start, estart, off, strategy, legal)
    assert list(q[[0, 3, 6]]) == [85, 85, 85]
    assert sorted(q[[1, 4]]) == [127, 128] and q[7] == 0
    assert list(q[[2, 5, 8]]) == [85, 85, 85]


def test_a_packed_file_unpacks_to_the_same_bytes(solver: TrucSolver, tmp_path: Path) -> None:
    path, packed, copy = tmp_path / "a.policy", tmp_path / "a.policy.xz", tmp_path / "b.policy"
    export(solver, path)
    pack(path, packed)
    assert packed.stat().st_size < path.stat().st_size / 4
    unpack(packed, copy)
    assert copy.read_bytes() == path.read_bytes()
