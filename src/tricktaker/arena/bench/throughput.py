"""Timed runs of our engines: whole matches, single deals and search playouts.

Search bots live on the speed of ``clone``/``legal_actions``/``apply``, so
these time exactly those calls through the public Game API, on one core, with
fixed seeds: a game's workload (``core.workloads``) says which game, options
and policy, and these know no game. Each run warms up on other seeds first
(``timing.warmed``), then runs for a fixed wall-clock time.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from tricktaker.arena.bench.measures import BenchError, Measurement
from tricktaker.arena.bench.policies import POLICIES, Policy, card_play_policy
from tricktaker.arena.bench.timing import DEFAULT_SEED, Stopwatch, warmed
from tricktaker.core.options import OptionValue
from tricktaker.core.playouts import PlayoutError, Playouts
from tricktaker.core.protocol import Game, State, random_playouts
from tricktaker.core.workloads import Workload, WorkloadKind

POOL_SIZE = 64


def play_out(state: State, choose: Policy, rng: random.Random) -> int:
    """Play ``state`` by the policy until no seat is to act; how many actions that took."""
    actions = 0
    while state.to_act is not None:
        state.apply(choose(state.legal_actions(), rng))
        actions += 1
    return actions


def matches(
    game: Game, workload: Workload, seconds: float, seed: int = DEFAULT_SEED
) -> Measurement:
    """Whole matches with the workload's options, one after another, seeds ``seed``,
    ``seed+1``...

    The same run yields matches/s and deals/s: deals are counted at each
    match's end from ``finished_deals()``, so only the public API is used.
    """
    choose = POLICIES[workload.policy]

    def run(limit: float, base: int) -> Measurement:
        options = game.options(workload.options)
        rng = random.Random(base)
        played = actions = deals = 0
        watch = Stopwatch(limit)
        while watch.running():
            state = game.new_match(options, seed=base + played)
            actions += play_out(state, choose, rng)
            deals += len(state.finished_deals())
            played += 1
        return watch.measurement(workload, played, actions, deals=deals)

    return warmed(run, seconds, seed)


def single_deals(
    game: Game, workload: Workload, seconds: float, seed: int = DEFAULT_SEED
) -> Measurement:
    """Single deals: ``new_match`` with the workload's options, then the policy's actions
    until the first deal is over, seeds ``seed``, ``seed+1``... (a match per deal, so that
    one compares with a game of OpenSpiel where a game is one deal)."""
    choose = POLICIES[workload.policy]

    def run(limit: float, base: int) -> Measurement:
        options = game.options(workload.options)
        rng = random.Random(base)
        deals = actions = 0
        watch = Stopwatch(limit)
        while watch.running():
            state = game.new_match(options, seed=base + deals)
            while not state.finished_deals():
                state.apply(choose(state.legal_actions(), rng))
                actions += 1
            deals += 1
        return watch.measurement(workload, deals, actions)

    return warmed(run, seconds, seed)


def mid_deal_pool(
    game: Game,
    options: Mapping[str, OptionValue],
    size: int = POOL_SIZE,
    seed: int = DEFAULT_SEED,
) -> list[State]:
    """States one to three cards into the first deal of a match, as a search bot meets them.

    The cards are played by the card-play policy, so BenchError for a game whose
    deal does not open with card play (or a pass).
    """
    opts = game.options(options)
    rng = random.Random(seed)
    pool: list[State] = []
    k = 0
    while len(pool) < size:
        state = game.new_match(opts, seed=seed + k)
        cards = 1 + k % 3
        k += 1
        while cards and not state.finished_deals():
            a = card_play_policy(state.legal_actions(), rng)
            state.apply(a)
            if a.verb == "play":
                cards -= 1
        if not state.finished_deals() and state.to_act is not None:
            pool.append(state)
        elif k > 100 * size:
            raise BenchError(f"{game.id}: no state one to three cards into a deal in {k} tries")
    return pool


def playouts(
    game: Game,
    workload: Workload,
    seconds: float,
    seed: int = DEFAULT_SEED,
    pool: Sequence[State] | None = None,
) -> Measurement:
    """``clone()`` a mid-deal state and play it out to the end of the deal: a search step.

    The states of ``pool`` (by default :func:`mid_deal_pool`) are only cloned, never changed.
    """
    choose = POLICIES[workload.policy]
    states = mid_deal_pool(game, workload.options, seed=seed) if pool is None else pool

    def run(limit: float, base: int) -> Measurement:
        rng = random.Random(base)
        done = actions = 0
        size = len(states)
        watch = Stopwatch(limit)
        while watch.running():
            # A search clone stops when the deal ends: nothing beyond it is dealt.
            state = states[done % size].clone(stop_after_deal=True)
            actions += play_out(state, choose, rng)
            done += 1
        return watch.measurement(workload, done, actions)

    return warmed(run, seconds, seed)


#: Deals a call of the compiled playouts plays from a deal's start (a few milliseconds'
#: work: the clock is read between calls).
FAST_BATCH = 1024
#: Playouts a call plays from each mid-deal state, as a search's rollouts of one world.
FAST_ROLLOUTS = 64


def _fast_batch(
    game: Game, workload: Workload, state: State, n: int, seed: int, deal: bool
) -> Playouts:
    """The game's compiled playouts (``core.protocol.RandomPlayouts``); BenchError for a game
    without them, or a policy that cannot act there."""
    try:
        batch = random_playouts(state, n, seed, workload.policy, deal)
    except PlayoutError as exc:
        raise BenchError(f"bench workload {workload.key}: {exc}") from None
    if batch is None:
        raise BenchError(f"bench workload {workload.key}: {game.id} has no fast playouts")
    return batch


def fast_deals(
    game: Game, workload: Workload, seconds: float, seed: int = DEFAULT_SEED
) -> Measurement:
    """Complete deals from a deal's start by the game's compiled playouts (``deal=True``):
    ``new_match`` with the workload's options (seed ``seed``), then its first deal dealt
    afresh and played out by the policy ``FAST_BATCH`` times a call, seeds ``seed``,
    ``seed+1``... The warm-up compiles the kernel (or loads it from its cache), so that
    is not timed."""

    def run(limit: float, base: int) -> Measurement:
        state = game.new_match(game.options(workload.options), seed=base)
        deals = actions = calls = 0
        watch = Stopwatch(limit)
        while watch.running():
            batch = _fast_batch(game, workload, state, FAST_BATCH, base + calls, True)
            deals += len(batch)
            actions += batch.total_actions
            calls += 1
        return watch.measurement(workload, deals, actions)

    return warmed(run, seconds, seed)


def fast_playouts(
    game: Game,
    workload: Workload,
    seconds: float,
    seed: int = DEFAULT_SEED,
    pool: Sequence[State] | None = None,
) -> Measurement:
    """:func:`playouts`' search step by the compiled playouts: each state of the pool (by
    default :func:`mid_deal_pool`, the same states) played out to the end of its deal
    ``FAST_ROLLOUTS`` times a call, the states in turn; they are never changed."""
    states = mid_deal_pool(game, workload.options, seed=seed) if pool is None else pool

    def run(limit: float, base: int) -> Measurement:
        done = actions = calls = 0
        size = len(states)
        watch = Stopwatch(limit)
        while watch.running():
            state = states[calls % size]
            batch = _fast_batch(game, workload, state, FAST_ROLLOUTS, base + calls, False)
            done += len(batch)
            actions += batch.total_actions
            calls += 1
        return watch.measurement(workload, done, actions)

    return warmed(run, seconds, seed)


def measure(
    game: Game, workload: Workload, seconds: float, seed: int = DEFAULT_SEED
) -> Measurement:
    """The workload timed as its kind says (``CALLS`` are timed by ``latency``)."""
    if workload.kind is WorkloadKind.MATCHES:
        return matches(game, workload, seconds, seed)
    if workload.kind is WorkloadKind.DEALS:
        return single_deals(game, workload, seconds, seed)
    if workload.kind is WorkloadKind.PLAYOUTS:
        return playouts(game, workload, seconds, seed)
    if workload.kind is WorkloadKind.FAST_DEALS:
        return fast_deals(game, workload, seconds, seed)
    if workload.kind is WorkloadKind.FAST_PLAYOUTS:
        return fast_playouts(game, workload, seconds, seed)
    raise BenchError(f"bench workload {workload.key}: {workload.kind} is not a throughput run")
