"""How the timed players choose: the policies a workload names (``core.workloads.PlayPolicy``).

Both draw from the run's seeded ``random.Random``, so a run plays the same
matches in the same order on every machine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

from tricktaker.arena.bench.measures import BenchError
from tricktaker.core.actions import Action
from tricktaker.core.workloads import PlayPolicy

Policy = Callable[[Sequence[Action], random.Random], Action]


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


POLICIES: Mapping[PlayPolicy, Policy] = MappingProxyType(
    {PlayPolicy.UNIFORM: uniform_policy, PlayPolicy.CARD_PLAY: card_play_policy}
)
