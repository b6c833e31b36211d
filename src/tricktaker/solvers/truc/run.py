"""``tricktaker solve truc`` and ``tricktaker exploit truc``: the solver's command lines.

Kept apart from ``solve.py`` so that the bot reading a strategy never loads rich.
"""

from __future__ import annotations

import errno
import json
import resource
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tricktaker.core.errors import TricktakerError
from tricktaker.solvers.schemes import VARIANTS, Variant
from tricktaker.solvers.truc.model import GAME_POINTS, DealRules

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

ABSTRACT_METHOD = (
    "best response that forgets its set-aside pile, by alternating exact best responses"
    " above and below the call until neither gains (a lower bound of the exact one;"
    " full_game bounds it above)"
)
FULL_GAME_METHOD = (
    "exact best response of a player who remembers his set-aside pile, over ranks"
    " (suits are lossless), one pass below the call per pile"
)


#: The solver's update schemes (``solve --scheme``) as the progress bar names them.
LABELS = {"cfr+": "CFR+", "dcfr": "DCFR"}
#: A new solve's scheme: discounted CFR needed fewer iterations than CFR+ at each
#: score measured (11:11, 10:10, 9:11; docs/strength.md, "DCFR and warm start").
DEFAULT_SCHEME: Variant = "dcfr"


def _scheme_for(path: Path, warm: Path | None) -> Variant:
    """When ``--scheme`` is not given: the scheme of the checkpoint at ``path`` when
    there is one (a resume goes on by it), else of the one warmed from, else
    :data:`DEFAULT_SCHEME`."""
    source = path if path.exists() else warm
    if source is None:
        return DEFAULT_SCHEME
    import numpy as np

    from tricktaker.solvers.truc.solve import scheme_of

    try:
        with np.load(source) as data:
            return scheme_of(data)
    except (ValueError, KeyError, OSError) as exc:
        raise TricktakerError(f"cannot read {source}: {exc}") from None


def rules_from(options: Sequence[str], score: str, dealer: int) -> DealRules:
    """The rules from ``--option NAME=VALUE`` (redeal, ties), ``--score A:B``, the dealer."""
    values = {"redeal": "once", "ties": "leader"}
    for text in options:
        name, sep, value = text.partition("=")
        if not sep or name not in values:
            raise TricktakerError(
                f"not an option of the Le Truc solver: {text[:40]!r} (redeal, ties)"
            )
        values[name] = value
    a, sep, b = score.partition(":")
    if not (sep and a.isdigit() and b.isdigit() and len(a) <= 2 and len(b) <= 2):
        raise TricktakerError(
            f"a score is A:B, two numbers from 0 to {GAME_POINTS - 1}: {score[:20]!r}"
        )
    try:
        return DealRules((int(a), int(b)), dealer, values["redeal"], values["ties"])
    except ValueError as exc:
        raise TricktakerError(str(exc)) from None


def default_path(rules: DealRules) -> Path:
    from tricktaker.solvers.truc.policy import checkpoint_path

    return checkpoint_path(rules)


def _check_game(game: str) -> None:
    if game != "truc":
        raise TricktakerError(f"only Le Truc (truc) has a solver, not {game[:20]!r}")


def _peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run_solve(
    game: str,
    options: Sequence[str],
    score: str,
    dealer: int,
    iterations: int,
    out: str | None,
    every: int,
    max_memory_gb: float,
    say: Callable[[str], object] = print,
    progress: bool = True,
    scheme: str | None = None,
    warm_from: str | None = None,
) -> int:
    """Solve (or resume) up to ``iterations`` iterations of ``scheme`` (CFR+ or discounted
    CFR; by default the checkpoint's when resuming, else :data:`DEFAULT_SCHEME`),
    checkpointing every ``every``; a new solve starts from ``warm_from``'s regrets
    (a checkpoint of a same-tree score) when given, a resumed one ignores it."""
    _check_game(game)
    if iterations < 0 or every < 1:
        raise TricktakerError("--iterations is 0 or more and --every 1 or more")
    if scheme is not None and scheme not in VARIANTS:
        raise TricktakerError(f"a scheme is cfr+ or dcfr, not {scheme[:20]!r}")
    rules = rules_from(options, score, dealer)
    if rules.redeal != "once":
        raise TricktakerError(
            "only redeal=once is solved: with repeat the abstraction has about 94M"
            " information sets, more than this solver's memory allows"
        )
    from tricktaker.solvers.truc.solve import TrucSolver, memory_estimate

    need = memory_estimate(rules)
    say(f"memory needed: about {need / 2**30:.2f} GiB (limit {max_memory_gb:g} GiB)")
    if need > max_memory_gb * 2**30:
        raise TricktakerError(
            f"this solve needs about {need / 2**30:.1f} GiB, over the limit of"
            f" {max_memory_gb:g} GiB (--max-memory)"
        )
    path = Path(out) if out else default_path(rules)
    warm = Path(warm_from) if warm_from else None
    if warm is not None and not path.exists() and not warm.is_file():
        raise TricktakerError(f"no checkpoint to warm-start from at {warm}")
    began = time.perf_counter()
    chosen = scheme if scheme in VARIANTS else _scheme_for(path, warm)
    solver = TrucSolver(rules, scheme=chosen)
    say(
        f"trees built in {time.perf_counter() - began:.1f} s:"
        f" {sum(t.n_nodes for t in solver.trees):,} nodes,"
        f" {sum(t.n_infosets() for t in solver.trees):,} information sets"
    )
    history: list[tuple[int, float]] = []
    if path.exists():
        try:
            history = solver.load(path)
        except (ValueError, KeyError, OSError) as exc:
            raise TricktakerError(f"cannot resume from {path}: {exc}") from None
        say(f"resumed from {path} at iteration {solver.iterations} ({solver.scheme})")
        if warm is not None:
            say(f"--warm-from {warm} not used: the checkpoint goes on")
    elif warm is not None:
        try:
            source = solver.warm_from(warm)
        except (ValueError, KeyError, OSError) as exc:
            raise TricktakerError(f"cannot warm-start from {warm}: {exc}") from None
        say(
            f"warm start from {warm} ({source.score[0]}:{source.score[1]}, {solver.origin}):"
            " its regrets, a new average"
        )
    path.parent.mkdir(parents=True, exist_ok=True)
    todo = max(0, iterations - solver.iterations)
    spent = cpu = 0.0
    last = history[-1][1] if history else float("nan")

    def step(n: int) -> None:
        nonlocal spent, cpu, last
        t0, c0 = time.perf_counter(), time.process_time()
        solver.run(n)
        spent += time.perf_counter() - t0
        cpu += time.process_time() - c0
        profile = solver.average_strategy()
        last = 0.5 * sum(solver.full_game_response(profile, p) for p in (0, 1))
        history.append((solver.iterations, last))
        solver.save(path, history)

    if progress:
        from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

        columns = (
            TextColumn(LABELS[solver.scheme]),
            BarColumn(),
            TextColumn("{task.completed}/{task.total}"),
            TextColumn("exploitability {task.fields[expl]}"),
            TimeRemainingColumn(),
        )
        with Progress(*columns) as bar:
            task = bar.add_task("solve", total=iterations, completed=solver.iterations, expl="-")
            while solver.iterations < iterations:
                step(min(every, iterations - solver.iterations))
                bar.update(task, completed=solver.iterations, expl=f"{last:.5f}")
    else:
        while solver.iterations < iterations:
            step(min(every, iterations - solver.iterations))
    if todo:
        say(
            f"{todo} iterations in {spent:.1f} s ({todo / spent:.2f} per second;"
            f" {cpu / todo:.2f} CPU seconds each), measuring apart"
        )
    else:
        solver.save(path, history)
    say(f"iteration {solver.iterations}: exploitability {last:.6f} points per deal (full game)")
    from tricktaker.solvers.truc.install import forget
    from tricktaker.solvers.truc.policy import export, policy_path

    export(solver, policy_path(path))
    forget(policy_path(path))  # this solve's own now, not the shipped one
    say(f"peak memory {_peak_mib():.0f} MiB; checkpoint {path}, strategy {policy_path(path)}")
    return 0


def run_exploit(
    game: str,
    bot: str,
    options: Sequence[str],
    score: str,
    dealer: int,
    strategy: str | None,
    as_json: bool,
    say: Callable[[str], object] = print,
) -> int:
    """How much a best response wins against ``solved`` (or ``uniform``), in points per deal."""
    _check_game(game)
    if bot not in ("solved", "uniform"):
        raise TricktakerError(f"exploit measures the solved level (or uniform), not {bot[:20]!r}")
    rules = rules_from(options, score, dealer)
    path = Path(strategy) if strategy else default_path(rules)
    if bot == "solved" and not path.exists():
        raise TricktakerError(f"no solved strategy at {path}: make it with tricktaker solve truc")
    from tricktaker.solvers.truc.solve import TrucSolver, exploitability

    try:
        solver = TrucSolver(rules)
    except ValueError as exc:
        raise TricktakerError(str(exc)) from None
    played = "uniform"
    if bot == "solved":
        try:
            played = _is_policy(path)
            if played == "checkpoint":
                solver.load(path, same_tree_score=True)
                profile = solver.average_strategy()
            else:
                profile = _policy_profile(solver, path)
        except (ValueError, KeyError, OSError) as exc:
            raise TricktakerError(f"cannot read {path}: {exc}") from None
    else:
        profile = [s.copy() for s in solver.strategy]
    found = exploitability(solver, profile)
    result: dict[str, object] = {
        "game": "truc",
        "bot": bot,
        "rules": {
            "score": list(rules.score),
            "dealer": rules.dealer,
            "redeal": rules.redeal,
            "ties": rules.ties,
        },
        "solved_score": list(solver.solved_rules.score),
        "iterations": solver.iterations if bot == "solved" else 0,
        "scheme": solver.scheme if played == "checkpoint" else None,
        "strategy": played,
        "abstract": found["abstract"],
        "abstract_method": ABSTRACT_METHOD,
        "full_game": found["full_game"],
        "full_game_method": FULL_GAME_METHOD,
        "value": found["value"],
        "units": "points per deal, mean over both seats of what a best response wins",
    }
    if as_json:
        say(json.dumps(result, indent=2))
    else:
        say(
            f"{bot} ({played}) at {rules.score[0]}:{rules.score[1]}"
            f" ({rules.redeal}, ties {rules.ties}):"
            f" abstract {found['abstract']:.6f}, full game {found['full_game']:.6f} points per deal"
        )
    return 0


#: What ``exploit``'s ``strategy`` field says was measured.
STRATEGY_KINDS = {
    "checkpoint": "the checkpoint's average strategy (float64)",
    "float32": "an older .policy.npz strategy file (float32)",
    "quantised": "the strategy file the level plays (probabilities k/255)",
}


def _is_policy(path: Path) -> str:
    """Which kind of file ``path`` is: a checkpoint, or a strategy file (which format)."""
    from tricktaker.solvers.truc.policy import MAGIC

    with path.open("rb") as f:
        if f.read(len(MAGIC)) == MAGIC:
            return "quantised"
    import numpy as np

    with np.load(path) as data:
        return "float32" if "strategy0" in data else "checkpoint"


def _policy_profile(solver: object, path: Path) -> list[NDArray[np.float64]]:
    """The strategy a strategy file plays, over ``solver``'s trees (which it must match)."""
    from tricktaker.solvers.truc.betting import same_tree
    from tricktaker.solvers.truc.policy import Policy
    from tricktaker.solvers.truc.solve import TrucSolver

    assert isinstance(solver, TrucSolver)
    policy = Policy(path)
    if not same_tree(policy.rules, solver.rules):
        raise ValueError(f"it was solved for other rules: {policy.rules}")
    solver.solved_rules = policy.rules
    if len(policy.trees) != len(solver.trees) or not all(
        policy.same_tree(i, t) for i, t in enumerate(solver.trees)
    ):
        raise ValueError("its trees are not this solver's (another start or layout)")
    solver.iterations = policy.iterations
    return [policy.strategy(i) for i in range(len(solver.trees))]


def checkpoint_of(
    game: str, options: Sequence[str], score: str, dealer: int, out: str | None
) -> Path:
    """The checkpoint the command line names: ``--out``, else the default for its deal."""
    _check_game(game)
    return Path(out) if out else default_path(rules_from(options, score, dealer))


def run_repack(checkpoint: Path, say: Callable[[str], object] = print) -> int:
    """Writes the mapped, quantised strategy file from the older ``.policy.npz`` beside
    ``checkpoint``, without solving anything."""
    from tricktaker.solvers.truc.policy import legacy_path, policy_path, repack

    old, new = legacy_path(checkpoint), policy_path(checkpoint)
    if not old.is_file():
        raise TricktakerError(f"no older strategy file at {old}")
    began = time.perf_counter()
    try:
        repack(old, new)
    except (ValueError, KeyError, OSError) as exc:
        raise TricktakerError(f"cannot repack {old}: {exc}") from None
    from tricktaker.solvers.truc.install import forget

    forget(new)
    say(
        f"{new}: {new.stat().st_size / 2**20:.1f} MiB from {old}"
        f" ({old.stat().st_size / 2**20:.1f} MiB) in {time.perf_counter() - began:.1f} s;"
        f" peak memory {_peak_mib():.0f} MiB"
    )
    return 0


def _bar(
    label: str, progress: bool
) -> tuple[Callable[[int, int], None] | None, Callable[[], None]]:
    """A rich progress bar over bytes for ``label`` (a callback and its closing), or none;
    shown from the first update only (nothing when there is nothing to do)."""
    if not progress:
        return None, lambda: None
    from rich.progress import (
        BarColumn,
        DownloadColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    bar = Progress(TextColumn(label), BarColumn(), DownloadColumn(), TimeRemainingColumn())
    task = bar.add_task(label, total=None, start=False)
    shown: list[bool] = []

    def update(done: int, total: int) -> None:
        if not shown:
            shown.append(True)
            bar.start()
            bar.start_task(task)
        bar.update(task, completed=done, total=total)

    def close() -> None:
        if shown:
            bar.stop()

    return update, close


def run_install(say: Callable[[str], object] = print, progress: bool = True) -> int:
    """Unpacks each strategy shipped in the package into the solved folder where it is
    missing or stale (``install.py``); ``tricktaker solve truc --install`` and
    ``tricktaker warm``."""
    from tricktaker.solvers.truc.install import install, shipped, target

    for packed in shipped():
        update, close = _bar(f"installing {packed.name}", progress)
        try:
            done = install(packed, progress=update)
        except OSError as exc:
            if exc.errno != errno.ENOSPC:
                raise TricktakerError(f"cannot install the shipped strategy: {exc}") from None
            # A full disk must not stop an install (make run, make test): the level
            # plays search where it has no strategy, and the next warm tries again.
            say(
                f"{target(packed)}: skipped, the disk is full (the solved level plays as"
                " search there; free some space and run tricktaker warm again)"
            )
            continue
        except ValueError as exc:
            raise TricktakerError(f"cannot install the shipped strategy: {exc}") from None
        finally:
            close()
        if done.action == "installed":
            say(
                f"{done.path}: installed from the package ({done.path.stat().st_size / 2**20:.1f}"
                f" MiB, {done.seconds:.1f} s)"
            )
        elif done.action == "kept":
            say(f"{done.path}: kept (not installed from the package: its own solve)")
        else:
            say(f"{done.path}: up to date")
    return 0


def run_pack(checkpoint: Path, say: Callable[[str], object] = print, progress: bool = True) -> int:
    """Packs the strategy file beside ``checkpoint`` into the package's ``shipped/``
    folder (``tricktaker solve truc --pack``), and checks that it unpacks to the same
    bytes."""
    import tempfile

    from tricktaker.solvers.truc.install import shipped_path
    from tricktaker.solvers.truc.policy import pack, policy_path, unpack

    policy = policy_path(checkpoint)
    if not policy.is_file():
        raise TricktakerError(f"no strategy file at {policy} (tricktaker solve writes it)")
    packed = shipped_path(policy)
    began = time.perf_counter()
    update, close = _bar(f"packing {policy.name}", progress)
    try:
        pack(policy, packed, progress=update)
    except (ValueError, OSError) as exc:
        raise TricktakerError(f"cannot pack {policy}: {exc}") from None
    finally:
        close()
    spent = time.perf_counter() - began
    with tempfile.TemporaryDirectory(prefix="tricktaker-pack-") as tmp:
        try:  # unpack checks the copy's SHA-256 against the file's
            unpack(packed, Path(tmp) / policy.name)
        except ValueError as exc:
            packed.unlink()
            raise TricktakerError(f"{packed} did not unpack to {policy}, removed: {exc}") from None
    say(
        f"{packed}: {packed.stat().st_size / 2**20:.2f} MiB from {policy}"
        f" ({policy.stat().st_size / 2**20:.1f} MiB) in {spent:.1f} s; unpacks to the same bytes"
    )
    return 0
