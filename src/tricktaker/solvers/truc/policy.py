"""A solved Le Truc strategy as a player reads it: the trees' shape and the average
strategy, loaded from one compressed file without rebuilding anything.

``solve`` writes it beside its checkpoint (:func:`export`); the ``solved`` level
(``bots/truc/solved.py``) reads it (:class:`Policy`). A lookup walks the public
history down the tree (a few comparisons per move) and reads the actor's slot:
microseconds, not the minutes a rebuild of the trees takes.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from tricktaker.solvers.truc.hands import HAND_INDEX
from tricktaker.solvers.truc.model import CHANCE_SEAT, DEAL, DealRules

_FIELDS = ("kind", "child_start", "children", "move", "off0", "off1", "hid0", "hid1", "estart")


def solved_dir() -> Path:
    """Where solved strategies live: ``TRICKTAKER_SOLVED_DIR``, else ``var/solved``."""
    return Path(os.environ.get("TRICKTAKER_SOLVED_DIR") or "var/solved")


def checkpoint_path(rules: DealRules) -> Path:
    """The default checkpoint of ``solve`` for these rules."""
    a, b = rules.score
    return solved_dir() / f"truc-{rules.redeal}-{rules.ties}-{a}-{b}-d{rules.dealer}.npz"


def policies() -> list[Path]:
    """The strategy files there are."""
    folder = solved_dir()
    return sorted(folder.glob("truc-*.policy.npz")) if folder.is_dir() else []


def policy_path(checkpoint: Path) -> Path:
    """Where the strategy of a checkpoint goes: ``x.npz`` -> ``x.policy.npz``."""
    return checkpoint.with_name(checkpoint.name.removesuffix(".npz") + ".policy.npz")


def export(solver: object, path: Path) -> None:
    """Writes ``solver``'s (a :class:`~.solve.TrucSolver`) average strategy and trees."""
    from tricktaker.solvers.truc.solve import TrucSolver

    assert isinstance(solver, TrucSolver)
    arrays: dict[str, NDArray[np.generic]] = {}
    for i, (t, s) in enumerate(zip(solver.trees, solver.average_strategy(), strict=True)):
        for name in _FIELDS:
            arrays[f"{name}{i}"] = getattr(t, name)
        arrays[f"strategy{i}"] = s.astype(np.float32)
        arrays[f"legal{i}"] = t.legal
    arrays["iterations"] = np.array(solver.iterations)
    arrays["prefix"] = np.array(solver.prefix_history, dtype=np.int64)
    arrays["rules"] = np.array(json.dumps(asdict(solver.rules)))
    tmp = path.with_name(path.name + ".tmp.npz")
    np.savez_compressed(tmp, **arrays)  # type: ignore[arg-type]
    tmp.replace(path)


class Policy:
    """The strategy of one solved deal (one score, dealer and option set)."""

    def __init__(self, path: Path) -> None:
        with np.load(path) as data:
            rules = json.loads(str(data["rules"]))
            self.rules = DealRules(**{**rules, "score": tuple(rules["score"])})
            self.iterations = int(data["iterations"])
            #: The public moves before the first tree's root (the first deal's).
            self.prefix = tuple(int(x) for x in data["prefix"])
            self.trees = []
            i = 0
            while f"kind{i}" in data:
                tree = {name: np.array(data[f"{name}{i}"]) for name in _FIELDS}
                tree["strategy"] = np.array(data[f"strategy{i}"])
                tree["legal"] = np.array(data[f"legal{i}"])
                self.trees.append(tree)
                i += 1

    def probabilities(self, history: tuple[int, ...], seat: int, hand: int) -> dict[int, float]:
        """Each legal move's probability for ``seat`` holding ``hand`` (as dealt) after
        ``history`` (the model's public moves from the deal's start); KeyError where the
        strategy has no such decision."""
        if history[: len(self.prefix)] != self.prefix:
            raise KeyError("the strategy is solved from another point of the deal")
        tree_i, n = 0, 0
        for code in history[len(self.prefix) :]:
            if code // 16 == CHANCE_SEAT and code % 16 == DEAL:
                tree_i, n = tree_i + 1, 0
                if tree_i >= len(self.trees):
                    raise KeyError("more calls for cards than the strategy holds")
                continue
            t = self.trees[tree_i]
            lo, hi = int(t["child_start"][n]), int(t["child_start"][n + 1])
            hits = np.flatnonzero(t["move"][lo:hi] == code % 16)
            if not len(hits):
                raise KeyError(f"no move {code % 16} at this point of the strategy")
            n = int(t["children"][lo + int(hits[0])])
        t = self.trees[tree_i]
        if int(t["kind"][n]) != seat:
            raise KeyError("not a decision of this seat")
        off, hid = t[f"off{seat}"], t[f"hid{seat}"]
        slots = hid[int(off[n]) : int(off[n + 1])]
        found = np.flatnonzero(slots == HAND_INDEX[hand])
        if not len(found):
            raise KeyError("this hand cannot be here")
        j = int(found[0])
        out = {}
        for e in range(int(t["child_start"][n]), int(t["child_start"][n + 1])):
            i = int(t["estart"][e]) + j
            if t["legal"][i]:
                out[int(t["move"][e])] = float(t["strategy"][i])
        return out
