"""Preferans's ``search`` and ``deep`` levels: the generic search, with the candidates
worth trying before the first card.

Why. :class:`~tricktaker.bots.search.SearchBot` tries every legal action in every
world. Before the play that is many: 27 bids at the first word, 66 discards,
up to 25 contracts, each rolled out through the rest of the auction and
solved open handed, and a decision took seconds. A player only ever weighs a
few of them, so the search weighs those:

* **bids** (Russian ladder): pass, the two lowest legal bids (each bid need
  only beat the last, so the auction climbs a step at a time), and misère
  where it is legal; the pot game's few bids are all tried;
* **the discard**: the pairs among the five lowest cards (lowest rank first,
  shortest suit first on ties), or the five highest for a misère, plus the
  ``rules`` bot's own choice;
* **the contract**: the lowest legal level of each strain, plus the ``rules``
  bot's choice.

The card play, the whist and the other answers keep every legal action. The
worlds are valued by :class:`~tricktaker.bots.preferans.open_hand.OpenHandValue`
and rolled out before the play by :class:`~tricktaker.bots.preferans.rollout.RolloutBot`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations

from tricktaker.bots.base import Bot, BotFactory
from tricktaker.bots.preferans.open_hand import OpenHandValue
from tricktaker.bots.preferans.rollout import RolloutBot
from tricktaker.bots.search import DEEP_BUDGET, SearchBot
from tricktaker.core.actions import Action
from tricktaker.core.events import Event
from tricktaker.core.protocol import View
from tricktaker.games.preferans.actions import BID, DECLARE, DISCARD, PASS, PrefAction
from tricktaker.games.preferans.deck import CONTRACTS, MISERE, MISERE_INDEX, contract_strain
from tricktaker.games.preferans.views import PreferansView

#: Cards among which the discard is searched (their pairs: 10).
DISCARD_POOL = 5


def candidates(
    view: PreferansView,
    memory: Sequence[Event],
    legal: Sequence[PrefAction],
    advice: PrefAction | None,
) -> list[PrefAction]:
    """The actions worth searching among ``legal`` (all of them outside the auction, the
    discard and the contract); ``advice`` (the rules bot's choice) is always among them."""
    kinds = {a.kind for a in legal}
    picked: list[PrefAction]
    if BID in kinds:
        bids = sorted((a for a in legal if a.kind == BID), key=lambda a: a.code)
        ordinary = [a for a in bids if a.code != MISERE_INDEX][:2]
        picked = [a for a in legal if a.kind == PASS] + ordinary
        picked += [a for a in bids if a.code == MISERE_INDEX]
    elif kinds == {DISCARD}:
        hand = view.hand
        length = {s: sum(1 for c in hand if c // 13 == s) for s in range(4)}
        misere = view.contract == MISERE
        order = sorted(hand, key=lambda c: (-(c % 13) if misere else c % 13, length[c // 13], c))
        pool = set(order[:DISCARD_POOL])
        pairs = {frozenset(p) for p in combinations(pool, 2)}
        picked = [a for a in legal if frozenset((a.card, a.card2)) in pairs]
    elif kinds == {DECLARE}:
        lowest: dict[int | None, PrefAction] = {}
        for a in sorted(legal, key=lambda a: a.code):
            lowest.setdefault(contract_strain(CONTRACTS[a.code]), a)
        picked = list(lowest.values())
    else:
        return list(legal)
    if advice is not None and advice not in picked:
        picked.append(advice)
    return picked or list(legal)


class PreferansSearchBot(SearchBot):
    """The generic search over :func:`candidates` (the rules bot advising one of them)."""

    def act(
        self, view: View, memory: Sequence[Event], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        acts = [a for a in legal if isinstance(a, PrefAction)]
        if (
            isinstance(view, PreferansView)
            and len(acts) == len(legal)
            and view.phase in ("bidding", "discard", "declare")
        ):
            advice = self._policy().act(view, memory, legal, rng)
            assert isinstance(advice, PrefAction)
            picked = candidates(view, memory, acts, advice)
            if len(picked) < len(legal):
                return super().act(view, memory, picked, rng)
        return super().act(view, memory, legal, rng)


def search_levels() -> Mapping[str, BotFactory]:
    """The ``search`` and ``deep`` levels (one open-hand value shared by all their bots)."""
    value = OpenHandValue()

    def default() -> Bot:
        return PreferansSearchBot("preferans", value=value, rollout=RolloutBot)

    def deep() -> Bot:
        return PreferansSearchBot(
            "preferans", name="deep", budget=DEEP_BUDGET, value=value, rollout=RolloutBot
        )

    return {"search": default, "deep": deep}
