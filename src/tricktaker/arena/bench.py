"""Engine throughput: how many random matches (Le Truc, Truco), deals (Tetka, Preferans) and
playouts a core runs.

Search bots live on the speed of ``clone``/``legal_actions``/``apply``, so this
module times exactly those calls through the public Game API, on one core, with
fixed seeds, and sets the figures beside OpenSpiel driven by the same kind of
Python loop, so that a reader can judge the engines against familiar
yardsticks: ``leduc_poker`` (a well-known, much smaller poker game) for Le
Truc, and ``hearts`` (four players, 13 tricks, avoid the hearts and the queen
of spades: Tetka's nearest cousin there) for Tetka. Each workload runs a
warm-up first and then for a fixed wall-clock time; rates are per wall-clock
second, and the CPU share is shown so a busy machine is visible in the figures.
"""

from __future__ import annotations

import json
import platform
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from functools import partial
from typing import Any

from tricktaker.core import Action, State, get_game

Policy = Callable[[Sequence[Action], random.Random], Action]

TARGET_DEALS_PER_SECOND = 20_000
DEFAULT_SEED = 20240601
POOL_SIZE = 64
WARMUP_MAX_SECONDS = 0.5


class BenchError(RuntimeError):
    """A workload could not go on (a policy found no action it may take)."""


@dataclass(frozen=True, slots=True)
class Measurement:
    """One timed workload: how many units (matches, playouts, games) and actions it ran."""

    key: str
    label: str
    unit: str
    units: int
    actions: int
    seconds: float
    cpu_seconds: float
    deals: int = 0
    chance: int = 0

    @property
    def per_second(self) -> float:
        return self.units / self.seconds if self.seconds > 0 else 0.0

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds > 0 else 0.0

    @property
    def actions_per_unit(self) -> float:
        return self.actions / self.units if self.units else 0.0

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds if self.seconds > 0 else 0.0

    @property
    def deals_per_unit(self) -> float:
        return self.deals / self.units if self.units else 0.0

    @property
    def actions_per_deal(self) -> float:
        return self.actions / self.deals if self.deals else 0.0

    @property
    def cpu_share(self) -> float:
        return self.cpu_seconds / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = asdict(self)
        out.update(
            per_second=self.per_second,
            actions_per_second=self.actions_per_second,
            actions_per_unit=self.actions_per_unit,
        )
        if self.deals:
            out.update(
                deals_per_second=self.deals_per_second,
                deals_per_unit=self.deals_per_unit,
                actions_per_deal=self.actions_per_deal,
            )
        return out


# ----------------------------------------------------------------- policies


def uniform_policy(legal: Sequence[Action], rng: random.Random) -> Action:
    """Any legal action, all equally likely (folds and refusals included)."""
    return legal[rng.randrange(len(legal))]


def card_play_policy(legal: Sequence[Action], rng: random.Random) -> Action:
    """A random card; never folds, calls, proposes or talks (closest to a search playout).

    Where no card may be played (four-handed call and window turns) it passes.
    """
    plays = [a for a in legal if a.verb == "play"]
    if plays:
        return plays[rng.randrange(len(plays))]
    for a in legal:
        if a.verb == "pass":
            return a
    raise BenchError(f"card-play policy: nothing to play or pass among {[str(a) for a in legal]}")


POLICIES: dict[str, Policy] = {"uniform": uniform_policy, "card-play": card_play_policy}


# ---------------------------------------------------------------- workloads


class _Timer:
    """Wall-clock deadline plus the CPU time spent, read together at the end."""

    def __init__(self, seconds: float) -> None:
        self.start = time.perf_counter()
        self.cpu_start = time.process_time()
        self.deadline = self.start + seconds

    def running(self) -> bool:
        return time.perf_counter() < self.deadline

    def stop(self) -> tuple[float, float]:
        return time.perf_counter() - self.start, time.process_time() - self.cpu_start


def _warm(run: Callable[[float, int], Measurement], seconds: float, seed: int) -> Measurement:
    """Run once briefly on other seeds (caches, interning), then measure for real."""
    run(min(WARMUP_MAX_SECONDS, seconds / 5), seed + 1_000_003)
    return run(seconds, seed)


def game_matches(
    game_id: str, players: int, policy: str, seconds: float, seed: int = DEFAULT_SEED
) -> Measurement:
    """Whole matches of one game with its default options but ``players``, one after
    another, seeds ``seed``, ``seed+1``...

    The same run yields matches/s and deals/s: deals are counted at each
    match's end from ``finished_deals()``, so only the public API is used.
    """
    choose = POLICIES[policy]
    game = get_game(game_id)

    def run(limit: float, base: int) -> Measurement:
        options = game.options({"players": players})
        rng = random.Random(base)
        matches = actions = deals = 0
        timer = _Timer(limit)
        while timer.running():
            state = game.new_match(options, seed=base + matches)
            while state.to_act is not None:
                state.apply(choose(state.legal_actions(), rng))
                actions += 1
            deals += len(state.finished_deals())
            matches += 1
        wall, cpu = timer.stop()
        return Measurement(
            key=f"{game_id}{players}p_{policy}",
            label=f"{game.info.name} {players}p {policy}",
            unit="match",
            units=matches,
            actions=actions,
            seconds=wall,
            cpu_seconds=cpu,
            deals=deals,
        )

    return _warm(run, seconds, seed)


def truc_matches(
    players: int, policy: str, seconds: float, seed: int = DEFAULT_SEED
) -> Measurement:
    """Whole Le Truc matches (see :func:`game_matches`)."""
    return game_matches("truc", players, policy, seconds, seed)


def single_deals(
    game_id: str,
    key: str,
    label: str,
    seconds: float,
    seed: int = DEFAULT_SEED,
    options: dict[str, object] | None = None,
) -> Measurement:
    """Random single deals of one game: ``new_match`` (``options``, else the defaults), then
    uniformly random legal actions until the first deal is over, seeds ``seed``, ``seed+1``...
    """
    game = get_game(game_id)

    def run(limit: float, base: int) -> Measurement:
        opts = game.options(dict(options or {}))
        rng = random.Random(base)
        deals = actions = 0
        timer = _Timer(limit)
        while timer.running():
            state = game.new_match(opts, seed=base + deals)
            while not state.finished_deals():
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                actions += 1
            deals += 1
        wall, cpu = timer.stop()
        return Measurement(
            key=key,
            label=label,
            unit="deal",
            units=deals,
            actions=actions,
            seconds=wall,
            cpu_seconds=cpu,
        )

    return _warm(run, seconds, seed)


def tetka_deals(seconds: float, seed: int = DEFAULT_SEED) -> Measurement:
    """Random Tetka deals (see :func:`single_deals`): 52 cards, marked.

    One deal per match, so that it compares with one OpenSpiel ``hearts`` game
    (a single deal); the seat draw and the photograph are part of ``new_match``.
    """
    return single_deals("tetka", "tetka_uniform", "Tetka uniform", seconds, seed)


def preferans_deals(
    seconds: float, seed: int = DEFAULT_SEED, convention: str = "sochi"
) -> Measurement:
    """Random Preferans deals, three players (see :func:`single_deals`): the bidding, the
    talon, the contract, the answers and the play, or the all-pass, to the deal's entry on
    the sheet (or in the pot). Uniformly random bids soon reach a high contract that
    nobody whists, so many deals end without a card played."""
    return single_deals(
        "preferans",
        f"preferans_{convention}_uniform",
        f"Preferans {convention} uniform",
        seconds,
        seed,
        {"rules": convention},
    )


def mid_deal_pool(players: int, size: int = POOL_SIZE, seed: int = DEFAULT_SEED) -> list[State]:
    """States one to three cards into the first deal of a match, as a search bot meets them."""
    game = get_game("truc")
    options = game.options({"players": players})
    rng = random.Random(seed)
    pool: list[State] = []
    k = 0
    while len(pool) < size:
        state = game.new_match(options, seed=seed + k)
        cards = 1 + k % 3
        k += 1
        while cards and not state.finished_deals():
            a = card_play_policy(state.legal_actions(), rng)
            state.apply(a)
            if a.verb == "play":
                cards -= 1
        if not state.finished_deals() and state.to_act is not None:
            pool.append(state)
    return pool


def truc_playouts(
    players: int,
    policy: str,
    seconds: float,
    seed: int = DEFAULT_SEED,
    pool: Sequence[State] | None = None,
) -> Measurement:
    """``clone()`` a mid-deal state and play it out to the end of the deal: a search step.

    The states of ``pool`` (by default :func:`mid_deal_pool`) are only cloned, never changed.
    """
    choose = POLICIES[policy]
    if pool is None:
        pool = mid_deal_pool(players, seed=seed)

    def run(limit: float, base: int) -> Measurement:
        rng = random.Random(base)
        playouts = actions = 0
        size = len(pool)
        timer = _Timer(limit)
        while timer.running():
            # A search clone stops when the deal ends: nothing beyond it is dealt.
            state = pool[playouts % size].clone(stop_after_deal=True)
            while state.to_act is not None:
                state.apply(choose(state.legal_actions(), rng))
                actions += 1
            playouts += 1
        wall, cpu = timer.stop()
        return Measurement(
            key=f"truc{players}p_clone_playout_{policy}",
            label=f"Truc {players}p clone+{policy}",
            unit="playout",
            units=playouts,
            actions=actions,
            seconds=wall,
            cpu_seconds=cpu,
        )

    return _warm(run, seconds, seed)


@dataclass(frozen=True, slots=True)
class Latency:
    """One engine call timed alone: how many calls ran in how long."""

    key: str
    label: str
    calls: int
    seconds: float

    @property
    def microseconds(self) -> float:
        return self.seconds / self.calls * 1e6 if self.calls else 0.0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = asdict(self)
        out["microseconds"] = self.microseconds
        return out


def _time_calls(limit: float, batch: Callable[[], int]) -> tuple[int, float]:
    """Run ``batch`` (which says how many calls it made) until ``limit`` seconds passed.

    Only the batches are timed, not what the caller prepares between them.
    """
    calls = 0
    spent = 0.0
    while spent < limit:
        t0 = time.perf_counter()
        calls += batch()
        spent += time.perf_counter() - t0
    return calls, spent


def truc_latencies(players: int, seconds: float, seed: int = DEFAULT_SEED) -> list[Latency]:
    """``clone``, ``apply`` and ``sample_state`` in microseconds, on mid-deal states.

    ``apply`` is timed on clones prepared outside the timed batch, so it does
    not include the clone; ``sample_state`` is given the to-act seat's view and
    events, prepared once, as a search bot would hold them.
    """
    game = get_game("truc")
    pool = mid_deal_pool(players, seed=seed)
    rng = random.Random(seed)
    choices = [card_play_policy(s.legal_actions(), rng) for s in pool]
    knowledge = []
    for s in pool:
        seat = s.to_act
        assert seat is not None
        knowledge.append((s.view(seat), s.events(0, seat)))
    out: list[Latency] = []

    def clone_batch() -> int:
        for s in pool:
            s.clone()
        return len(pool)

    calls, spent = _time_calls(seconds, clone_batch)
    out.append(Latency(f"truc{players}p_clone", f"Truc {players}p clone()", calls, spent))

    apply_calls = 0
    apply_spent = 0.0
    while apply_spent < seconds:
        copies = [s.clone() for s in pool]
        t0 = time.perf_counter()
        for state, action in zip(copies, choices, strict=True):
            state.apply(action)
        apply_spent += time.perf_counter() - t0
        apply_calls += len(copies)
    out.append(
        Latency(f"truc{players}p_apply", f"Truc {players}p apply(card)", apply_calls, apply_spent)
    )

    def sample_batch() -> int:
        for view, memory in knowledge:
            game.sample_state(view, memory, rng)
        return len(knowledge)

    calls, spent = _time_calls(seconds, sample_batch)
    out.append(
        Latency(f"truc{players}p_sample_state", f"Truc {players}p sample_state()", calls, spent)
    )
    return out


def openspiel_missing() -> str | None:
    """Why OpenSpiel cannot be used here, or None when ``pyspiel`` imports."""
    try:
        import pyspiel  # noqa: F401
    except ImportError as exc:
        return f"pyspiel cannot be imported ({exc}); install it with: pip install open-spiel"
    return None


def openspiel_games(
    name: str, key: str, label: str, unit: str, seconds: float, seed: int = DEFAULT_SEED
) -> Measurement:
    """An OpenSpiel game from Python: random games to the end, uniform among the legal
    actions, chance outcomes sampled with our rng by their probabilities.

    ``actions`` counts player actions only, as for our games (whose dealing is not
    an action); chance outcomes applied are counted apart in ``chance``.
    """
    import pyspiel

    game = pyspiel.load_game(name)

    def run(limit: float, base: int) -> Measurement:
        rng = random.Random(base)
        games = actions = chance = 0
        timer = _Timer(limit)
        while timer.running():
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    r = rng.random()
                    acc = 0.0
                    outcomes = state.chance_outcomes()
                    outcome = outcomes[-1][0]  # if rounding leaves r above the sum
                    for action, p in outcomes:
                        acc += p
                        if r < acc:
                            outcome = action
                            break
                    state.apply_action(outcome)
                    chance += 1
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                    actions += 1
            games += 1
        wall, cpu = timer.stop()
        return Measurement(
            key=key,
            label=label,
            unit=unit,
            units=games,
            actions=actions,
            seconds=wall,
            cpu_seconds=cpu,
            chance=chance,
        )

    return _warm(run, seconds, seed)


def leduc_games(seconds: float, seed: int = DEFAULT_SEED) -> Measurement:
    """OpenSpiel's ``leduc_poker``: random games (the yardstick for Le Truc)."""
    return openspiel_games(
        "leduc_poker", "leduc_uniform", "leduc_poker uniform", "game", seconds, seed
    )


def hearts_deals(seconds: float, seed: int = DEFAULT_SEED) -> Measurement:
    """OpenSpiel's ``hearts`` with its default parameters: random deals (a game is one deal).

    Its player actions are the 52 cards played and 12 passed (three per player)
    unless the passing direction drawn is "none"; its chance outcomes are that
    direction and the 52 cards dealt.
    The yardstick for Tetka, which has no passing and deals without actions.
    """
    return openspiel_games(
        "hearts", "hearts_uniform", "OpenSpiel hearts uniform", "deal", seconds, seed
    )


#: Ratios the report shows: (key, our measurement, its rate, OpenSpiel's, its rate, words).
RATIOS: tuple[tuple[str, str, str, str, str, str], ...] = (
    (
        "truc2p_uniform_deals_vs_leduc_games",
        "truc2p_uniform",
        "deals_per_second",
        "leduc_uniform",
        "per_second",
        "deals/s over leduc games/s",
    ),
    (
        "truc2p_card-play_deals_vs_leduc_games",
        "truc2p_card-play",
        "deals_per_second",
        "leduc_uniform",
        "per_second",
        "deals/s over leduc games/s",
    ),
    (
        "tetka_uniform_deals_vs_hearts_deals",
        "tetka_uniform",
        "per_second",
        "hearts_uniform",
        "per_second",
        "deals/s over hearts deals/s",
    ),
)


# ------------------------------------------------------------------ the run


@dataclass(frozen=True, slots=True)
class BenchReport:
    seconds: float
    seed: int
    measurements: tuple[Measurement, ...]
    openspiel: str  # "used", "skipped" or why it is missing
    latencies: tuple[Latency, ...] = ()

    def get(self, key: str) -> Measurement | None:
        for m in self.measurements:
            if m.key == key:
                return m
        return None

    def ratios(self) -> dict[str, float]:
        """Ours over OpenSpiel's, where both were measured (see ``RATIOS``): Le Truc deals/s
        over leduc games/s (uniform and card-play policies), Tetka deals/s over hearts deals/s."""
        out: dict[str, float] = {}
        for key, ours, our_rate, theirs, their_rate, _ in RATIOS:
            m, o = self.get(ours), self.get(theirs)
            if m is None or o is None or getattr(o, their_rate) <= 0:
                continue
            out[key] = getattr(m, our_rate) / getattr(o, their_rate)
        return out

    def target_met(self) -> bool | None:
        m = self.get("truc2p_uniform")
        return None if m is None else m.deals_per_second >= TARGET_DEALS_PER_SECOND

    def to_json(self) -> dict[str, Any]:
        return {
            "seconds": self.seconds,
            "seed": self.seed,
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "openspiel": self.openspiel,
            "measurements": [m.to_json() for m in self.measurements],
            "latencies": [x.to_json() for x in self.latencies],
            "ratios": self.ratios(),
            "target_deals_per_second": TARGET_DEALS_PER_SECOND,
            "target_met": self.target_met(),
        }


def run_bench(
    seconds: float,
    no_openspiel: bool = False,
    seed: int = DEFAULT_SEED,
    progress: Callable[[str], None] | None = None,
) -> BenchReport:
    """Every workload in turn, in this one process (so on one core)."""
    steps: list[tuple[str, Callable[[], Measurement]]] = [
        (f"Le Truc {n}p {q} matches", partial(truc_matches, n, q, seconds, seed))
        for n in (2, 4)
        for q in ("uniform", "card-play")
    ]
    steps += [
        (f"Truco {n}p {q} matches", partial(game_matches, "truco", n, q, seconds, seed))
        for n in (2, 4, 6)
        for q in ("uniform", "card-play")
    ]
    steps += [
        (f"Le Truc 2p clone + {q} playouts", partial(truc_playouts, 2, q, seconds, seed))
        for q in ("uniform", "card-play")
    ]
    steps.append(("Tetka uniform deals", partial(tetka_deals, seconds, seed)))
    steps += [
        (f"Preferans {c} uniform deals", partial(preferans_deals, seconds, seed, c))
        for c in ("sochi", "pot")
    ]
    if no_openspiel:
        openspiel = "skipped"
    else:
        missing = openspiel_missing()
        openspiel = "used" if missing is None else missing
        if missing is None:
            steps.append(("OpenSpiel leduc_poker games", partial(leduc_games, seconds, seed)))
            steps.append(("OpenSpiel hearts deals", partial(hearts_deals, seconds, seed)))
    results: list[Measurement] = []
    for name, step in steps:
        if progress is not None:
            progress(name)
        results.append(step())
    latencies: list[Latency] = []
    for players in (2, 4):
        if progress is not None:
            progress(f"Le Truc {players}p clone, apply, sample_state")
        latencies += truc_latencies(players, seconds / 3, seed)
    return BenchReport(seconds, seed, tuple(results), openspiel, tuple(latencies))


# ----------------------------------------------------------------- printing


PLURAL = {"match": "matches", "deal": "deals", "playout": "playouts", "game": "games"}


def _rows(m: Measurement) -> list[tuple[str, ...]]:
    """Table rows: one per unit a measurement yields (a match run gives deals/s too)."""
    cpu = f"{m.cpu_share:.0%}"
    note = ""
    if m.deals:
        note = f"{m.deals_per_unit:.1f} deals/match"
    elif m.chance:
        note = f"+{m.chance / m.units:.1f} chance/game"
    rows: list[tuple[str, ...]] = [
        (
            f"{m.label}: {PLURAL[m.unit]}",
            f"{m.per_second:,.0f}",
            f"{m.actions_per_second:,.0f}",
            f"{m.actions_per_unit:,.1f}",
            cpu,
            note,
        )
    ]
    if m.deals:
        rows.append(
            (
                f"{m.label}: deals",
                f"{m.deals_per_second:,.0f}",
                f"{m.actions_per_second:,.0f}",
                f"{m.actions_per_deal:,.1f}",
                cpu,
                "same run",
            )
        )
    return rows


def print_report(report: BenchReport) -> None:
    """A rich table, then the ratio and target lines (100 columns when not a terminal)."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    if not console.is_terminal:
        console = Console(width=100)
    table = Table(
        title=(
            f"tricktaker bench: one process, {report.seconds:g} s per workload after a"
            f" warm-up, seed {report.seed}, {platform.python_implementation()}"
            f" {platform.python_version()}"
        ),
        title_justify="left",
    )
    table.add_column("workload")
    table.add_column("per second", justify="right")
    table.add_column("actions/s", justify="right")
    table.add_column("act/unit", justify="right")
    table.add_column("cpu", justify="right")
    table.add_column("notes")
    for m in report.measurements:
        for row in _rows(m):
            table.add_row(*row)
    console.print(table)
    if report.latencies:
        calls = Table(title="engine calls, one at a time", title_justify="left")
        calls.add_column("call")
        calls.add_column("µs per call", justify="right")
        calls.add_column("calls timed", justify="right")
        for x in report.latencies:
            calls.add_row(x.label, f"{x.microseconds:,.2f}", f"{x.calls:,}")
        console.print(calls)
    say = partial(console.print, markup=False, highlight=False)
    if report.openspiel == "skipped":
        say("OpenSpiel comparison skipped (--no-openspiel).")
    elif report.openspiel != "used":
        say(f"OpenSpiel unavailable, our figures alone: {report.openspiel}")
    found = report.ratios()
    for key, ours, our_rate, theirs, their_rate, words in RATIOS:
        if key not in found:
            continue
        mine, other = report.get(ours), report.get(theirs)
        assert mine is not None and other is not None
        say(
            f"ratio: {mine.label} {words}: {getattr(mine, our_rate):,.0f}"
            f" / {getattr(other, their_rate):,.0f} = {found[key]:.2f}"
        )
    met = report.target_met()
    uniform = report.get("truc2p_uniform")
    if met is not None and uniform is not None:
        verdict = "met" if met else "NOT met"
        say(
            f"target >= {TARGET_DEALS_PER_SECOND:,} random Le Truc deals/s on one core:"
            f" {verdict} ({uniform.deals_per_second:,.0f} with the uniform policy)"
        )


def run_bench_cli(seconds: float, no_openspiel: bool, as_json: bool = False) -> int:
    """``tricktaker bench``: the table (or JSON); exit 0, or 2 on a bad ``--seconds``."""
    import sys

    if not seconds > 0:
        print("tricktaker bench: --seconds must be positive", file=sys.stderr)
        return 2

    def progress(name: str) -> None:
        print(f"measuring {name}...", file=sys.stderr, flush=True)

    report = run_bench(seconds, no_openspiel, progress=None if as_json else progress)
    if as_json:
        print(json.dumps(report.to_json(), indent=2))
    else:
        print_report(report)
    return 0
