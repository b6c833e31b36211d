"""The search levels' rollout player: the ``rules`` bot, remembering its slow answers.

Why. A search tries every legal action in each sampled world and rolls each one
out through the rest of the auction, the discard, the contract and the whist
(the open-hand value takes over at the first card). The same hand meets the
same question many times in one decision (one world, 27 bids tried; one
discard, eight worlds), and the ``rules`` bot's discard weighs 66 pairs each
time. Its bidding, discard and contract depend on the hand and the legal
actions alone, so they are remembered: the same answers, a fraction of the
time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tricktaker.bots.preferans.rules import RulesBot, _mask
from tricktaker.games.preferans.actions import PrefAction
from tricktaker.games.preferans.views import PreferansView

#: Answers kept per kind of question before the memory is emptied (a bound on memory).
MEMORY = 50_000


class RolloutBot(RulesBot):
    """:class:`RulesBot` with its bidding, discard and contract remembered by their inputs."""

    name = "rules-rollout"

    def __init__(self) -> None:
        super().__init__()
        self._bids: dict[tuple[object, ...], PrefAction] = {}
        self._discards: dict[tuple[object, ...], PrefAction] = {}
        self._declares: dict[tuple[object, ...], PrefAction] = {}

    def _key(self, view: PreferansView, acts: Sequence[PrefAction]) -> tuple[object, ...]:
        """What the discard and the contract read: the hand, the contracts still allowed
        (from the bids), misère or not, and the legal actions."""
        numbers = tuple(a.number for a in acts)
        return (_mask(view.hand), view.contract, tuple(self._allowed(view)), numbers)

    def _bid(self, view: PreferansView, acts: Sequence[PrefAction]) -> PrefAction:
        # The Russian bid reads the hand and the legal bids only.
        key = (_mask(view.hand), tuple(a.number for a in acts))
        return _remember(self._bids, key, lambda: super(RolloutBot, self)._bid(view, acts))

    def _discard(self, view: PreferansView, acts: Sequence[PrefAction]) -> PrefAction:
        key = self._key(view, acts)
        return _remember(self._discards, key, lambda: super(RolloutBot, self)._discard(view, acts))

    def _declare(self, view: PreferansView, acts: Sequence[PrefAction]) -> PrefAction:
        key = (*self._key(view, acts), _mask(view.discard))
        return _remember(self._declares, key, lambda: super(RolloutBot, self)._declare(view, acts))


def _remember(
    memory: dict[tuple[object, ...], PrefAction],
    key: tuple[object, ...],
    compute: Callable[[], PrefAction],
) -> PrefAction:
    found = memory.get(key)
    if found is None:
        if len(memory) >= MEMORY:
            memory.clear()
        found = memory[key] = compute()
    return found
