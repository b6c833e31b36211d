"""Single engine calls timed alone: ``clone``, ``apply`` of a card, ``sample_state``.

A search bot makes these calls thousands of times a decision, so each is timed
in microseconds on the same mid-deal states as the playouts, with whatever
the timing would distort (cloning before ``apply``, the seat's knowledge
before ``sample_state``) prepared outside the timed batches.
"""

from __future__ import annotations

import random
import time

from tricktaker.arena.bench.measures import Latency
from tricktaker.arena.bench.policies import card_play_policy
from tricktaker.arena.bench.throughput import mid_deal_pool
from tricktaker.arena.bench.timing import DEFAULT_SEED, time_calls
from tricktaker.core.protocol import Game
from tricktaker.core.workloads import Workload


def call_latencies(
    game: Game, workload: Workload, seconds: float, seed: int = DEFAULT_SEED
) -> list[Latency]:
    """``clone``, ``apply`` and ``sample_state`` in microseconds, on mid-deal states, each
    for ``seconds``: keys ``<workload key>_clone``, ``_apply``, ``_sample_state``.

    ``apply`` is timed on clones prepared outside the timed batch, so it does
    not include the clone; ``sample_state`` is given the to-act seat's view and
    events, prepared once, as a search bot would hold them.
    """
    pool = mid_deal_pool(game, workload.options, seed=seed)
    rng = random.Random(seed)
    choices = [card_play_policy(s.legal_actions(), rng) for s in pool]
    knowledge = []
    for s in pool:
        seat = s.to_act
        assert seat is not None  # the pool holds states with a seat to act only
        knowledge.append((s.view(seat), s.events(0, seat)))

    def clone_batch() -> int:
        for s in pool:
            s.clone()
        return len(pool)

    def sample_batch() -> int:
        for view, memory in knowledge:
            game.sample_state(view, memory, rng)
        return len(knowledge)

    apply_calls = 0
    apply_spent = 0.0
    clones = time_calls(seconds, clone_batch)
    while apply_spent < seconds:
        copies = [s.clone() for s in pool]
        t0 = time.perf_counter()
        for state, action in zip(copies, choices, strict=True):
            state.apply(action)
        apply_spent += time.perf_counter() - t0
        apply_calls += len(copies)
    samples = time_calls(seconds, sample_batch)
    key, label = workload.key, workload.label
    return [
        Latency(f"{key}_clone", f"{label} clone()", *clones),
        Latency(f"{key}_apply", f"{label} apply(card)", apply_calls, apply_spent),
        Latency(f"{key}_sample_state", f"{label} sample_state()", *samples),
    ]
