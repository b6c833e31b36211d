"""CFR speed (issue 24): information-set updates per second, ours beside OpenSpiel's C++ CFR+.

One CFR+ iteration with alternating updates (player 0's half, then player 1's)
updates every information set once, so a solver's rate is its information sets
times its iterations per second. Three rows, each timed for the run's seconds
after one untimed iteration (numba's kernels load, OpenSpiel fills its tables):

- OpenSpiel's ``pyspiel.CFRPlusSolver`` on ``leduc_poker``, one
  ``evaluate_and_update_policy()`` an iteration; its 936 information sets are
  counted from its own tabular policy.
- Our CFR+ (``solvers.cfr``, dense numba kernels) on our Leduc
  (``solvers.toy.leduc``): the same game with suits ignored, 288 information
  sets; counted as OpenSpiel counts, an iteration is 936 updates, and the ratio
  line divides that rate by OpenSpiel's.
- Our sparse Le Truc kernels (``solvers.truc.solve.TrucSolver``) on one whole
  deal at 11:11 with ``redeal=once``: the smallest score with a call for cards,
  417,672 information sets in two trees. Building them takes some 10 s, not
  timed, reported beside the row.

The work is shown to be real: each row gives the exploitability of its average
strategy (Le Truc's ``full_game``, the exact best response that remembers its
pile), and our Leduc solver is run again for as many iterations as OpenSpiel
ran: the same algorithm (CFR+, alternating updates, linear averaging) gives
the same exploitability to rounding. Rates are per CPU second as well as per
wall-clock second, and the ratio uses CPU seconds: the rows run one after the
other, on a machine that may be busy in between.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from tricktaker.arena.bench.measures import CFRRun
from tricktaker.arena.bench.report import CFRSection
from tricktaker.arena.bench.timing import Stopwatch

if TYPE_CHECKING:
    from tricktaker.solvers.cfr import Variant
    from tricktaker.solvers.tree import GameTree
    from tricktaker.solvers.truc.model import DealRules, Node

#: OpenSpiel's ``leduc_poker`` information sets, for our Leduc's "as OpenSpiel counts"
#: figure where OpenSpiel is not there to count them.
OPENSPIEL_LEDUC_INFOSETS = 936
OPENSPIEL_GAME = "leduc_poker"
OPENSPIEL_KEY = "openspiel_cfr_plus_leduc_poker"
LEDUC_KEY = "cfr_plus_leduc"
TRUC_KEY = "truc_cfr_plus"
#: Le Truc's score for the sparse row: the smallest whole-deal tree with a call for cards.
TRUC_SCORE = (11, 11)


@dataclass(frozen=True)
class CFRPlan:
    """What the CFR section times: our Leduc (and OpenSpiel's, where allowed), and Le Truc
    at ``truc_score`` with ``redeal=once`` (None: not timed), from ``truc_start`` where given
    (a decision of those rules: a small game, for tests) or else the whole deal."""

    truc_score: tuple[int, int] | None = TRUC_SCORE
    truc_start: Callable[[DealRules], Node] | None = None


#: What ``tricktaker bench`` times: Leduc beside OpenSpiel, and Le Truc's whole deal at 11:11.
DEFAULT_CFR = CFRPlan()


def timed(step: Callable[[int], object], seconds: float) -> tuple[int, float, float]:
    """``step(batch)`` again and again for ``seconds`` (one batch at least): (iterations,
    wall seconds, CPU seconds). Batches double while one takes under a twentieth of the
    time, so the clock is read seldom and the run overshoots little."""
    watch = Stopwatch(seconds)
    done = 0
    batch = 1
    while True:
        before = watch.elapsed()[0]
        step(batch)
        done += batch
        if not watch.running():
            break
        if watch.elapsed()[0] - before < seconds / 20:
            batch *= 2
    wall, cpu = watch.elapsed()
    return done, wall, cpu


class Iterating(Protocol):
    """A solver as the bench drives it: ``run(n)`` more iterations, ``iterations`` in all."""

    iterations: int

    def run(self, iterations: int) -> None: ...


S = TypeVar("S", bound=Iterating)


def time_solver(
    make: Callable[[], S],
    seconds: float,
    key: str,
    label: str,
    infosets: Callable[[S], int],
    exploitability: Callable[[S], float],
    compared_infosets: int = 0,
) -> CFRRun:
    """Builds a solver (``make``) and runs one iteration (numba's kernels load, OpenSpiel
    fills its tables), both untimed, then times iterations for ``seconds``; the row reads
    its information sets and the exploitability of its average strategy after."""
    watch = Stopwatch(0.0)
    solver = make()
    solver.run(1)
    setup = watch.elapsed()[0]
    iterations, wall, cpu = timed(solver.run, seconds)
    return CFRRun(
        key,
        label,
        infosets(solver),
        iterations,
        wall,
        cpu,
        exploitability(solver),
        solver.iterations,
        setup,
        compared_infosets,
    )


class OpenSpielCFRPlus:
    """``pyspiel.CFRPlusSolver`` driven as :class:`Iterating`: an iteration is one
    ``evaluate_and_update_policy()`` (alternating updates, as ours)."""

    def __init__(self, game: Any) -> None:
        import pyspiel

        self.game = game
        self.solver = pyspiel.CFRPlusSolver(game)
        self.iterations = 0

    def run(self, iterations: int) -> None:
        for _ in range(iterations):
            self.solver.evaluate_and_update_policy()
        self.iterations += iterations

    def infosets(self) -> int:
        """The information sets its tables hold: 936 on ``leduc_poker``."""
        return len(self.solver.tabular_average_policy().policy_table())

    def exploitability(self) -> float:
        import pyspiel

        return float(pyspiel.exploitability(self.game, self.solver.average_policy()))


def openspiel_cfr_plus(seconds: float, game_name: str = OPENSPIEL_GAME) -> CFRRun:
    """OpenSpiel's C++ CFR+ on ``game_name``; pyspiel must import."""
    import pyspiel

    game = pyspiel.load_game(game_name)
    return time_solver(
        lambda: OpenSpielCFRPlus(game),
        seconds,
        OPENSPIEL_KEY,
        f"OpenSpiel CFR+ {game_name}",
        OpenSpielCFRPlus.infosets,
        OpenSpielCFRPlus.exploitability,
    )


def our_cfr(
    tree: GameTree,
    seconds: float,
    key: str = LEDUC_KEY,
    label: str = "ours CFR+ Leduc",
    variant: Variant = "cfr+",
    compared_infosets: int = 0,
) -> CFRRun:
    """Our dense CFR core (``solvers.cfr``) on ``tree``; ``compared_infosets``: the same
    game's information sets as another solver counts them (0: none)."""
    from tricktaker.solvers.cfr import CFRSolver, exploitability

    return time_solver(
        lambda: CFRSolver(tree, variant),
        seconds,
        key,
        label,
        lambda _: tree.n_infosets(),
        lambda solver: exploitability(tree, solver.average_strategy()),
        compared_infosets,
    )


def exploitability_after(tree: GameTree, iterations: int) -> float:
    """Our CFR+'s exploitability after ``iterations`` from the start (the check against
    OpenSpiel's row, which ran that many)."""
    from tricktaker.solvers.cfr import CFRSolver, exploitability

    solver = CFRSolver(tree)
    solver.run(iterations)
    return exploitability(tree, solver.average_strategy())


def truc_rules(score: tuple[int, int]) -> DealRules:
    """Two-player Le Truc's rules for one deal at ``score``, ``redeal=once``, seat 0 dealing."""
    from tricktaker.solvers.truc.model import DealRules

    return DealRules(score, 0, "once", "leader")


def truc_situation(plan: CFRPlan) -> str:
    """The Le Truc game the sparse row solves, in words ("" where it is not timed)."""
    if plan.truc_score is None:
        return ""
    a, b = plan.truc_score
    where = "a decision part-way through" if plan.truc_start else "one whole deal"
    return f"Le Truc 2p {a}:{b}, redeal=once, {where}"


def our_truc(plan: CFRPlan, seconds: float) -> CFRRun:
    """Our sparse Le Truc kernels (``TrucSolver``) as ``plan`` says; its ``full_game``
    exploitability (points per deal) shows the work is real."""
    from tricktaker.solvers.truc.solve import TrucSolver

    assert plan.truc_score is not None  # only called where the plan times Le Truc
    rules = truc_rules(plan.truc_score)
    start = None if plan.truc_start is None else plan.truc_start(rules)

    def full_game(solver: TrucSolver) -> float:
        average = solver.average_strategy()
        return 0.5 * sum(solver.full_game_response(average, p) for p in (0, 1))

    a, b = plan.truc_score
    return time_solver(
        lambda: TrucSolver(rules, start),
        seconds,
        f"{TRUC_KEY}_{a}_{b}_once",
        f"ours sparse Le Truc {a}:{b}",
        lambda solver: sum(t.n_infosets() for t in solver.trees),
        full_game,
    )


def cfr_section(
    seconds: float,
    openspiel: bool,
    plan: CFRPlan | None = None,
    say: Callable[[str], object] = lambda _: None,
) -> CFRSection:
    """The CFR rows for ``seconds`` each: OpenSpiel's where ``openspiel`` (pyspiel imports),
    ours on Leduc, ours on Le Truc as ``plan`` says (by default the whole deal at 11:11)."""
    from tricktaker.solvers.toy import leduc

    plan = CFRPlan() if plan is None else plan
    runs: list[CFRRun] = []
    check = None
    tree = leduc()
    theirs = None
    if openspiel:
        say(f"OpenSpiel CFR+ {OPENSPIEL_GAME} iterations")
        theirs = openspiel_cfr_plus(seconds)
        runs.append(theirs)
    say("our CFR+ Leduc iterations")
    counted = OPENSPIEL_LEDUC_INFOSETS if theirs is None else theirs.infosets
    runs.append(our_cfr(tree, seconds, compared_infosets=counted))
    if theirs is not None:
        check = exploitability_after(tree, theirs.total_iterations)
    if plan.truc_score is not None:
        say(f"our sparse CFR+ {truc_situation(plan)} (builds its trees first)")
        runs.append(our_truc(plan, seconds))
    return CFRSection(tuple(runs), LEDUC_KEY, OPENSPIEL_KEY, truc_situation(plan), check)
