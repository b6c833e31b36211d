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

The card play and the other answers keep every legal action. The whist and
pass answers (Sochi) are not searched: they follow the ``rules`` bot's counts,
the second defender's and the first's second word with thresholds calibrated
against an open-hand oracle (:data:`ORACLE_WHIST`). Why: the sampler deals
the unseen cards uniformly, so the declarer of a 7h holds a random hand in the
worlds, far weaker than his bid says, and the search whisted where the oracle
passed: on 197 whist answers of ``rules`` games it (its worlds weighed by the
auction) whisted 178 times and lost 7.3 whists an answer to the oracle's
choice, the ``rules`` bot's counts 3.9.
Weighing the worlds by the auction (``infer``, as in Le Truc) was tried
first and changed nothing measurable. In self-play (``bench/preferans_decisions.py``,
bench/README.md, "Preferans decisions") the whist answers' cost fell from
12.0 to 10.0 whists a contract, within the noise of 60 deals.

The worlds are valued by :class:`~tricktaker.bots.preferans.open_hand.OpenHandValue`
and rolled out before the play by :class:`~tricktaker.bots.preferans.rollout.RolloutBot`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations

from tricktaker.bots.base import Bot, BotFactory
from tricktaker.bots.preferans.open_hand import OpenHandValue
from tricktaker.bots.preferans.rollout import RolloutBot
from tricktaker.bots.preferans.rules import Params, RulesBot
from tricktaker.bots.search import DEEP_BUDGET, SearchBot
from tricktaker.core.actions import Action
from tricktaker.core.events import Event
from tricktaker.core.protocol import View
from tricktaker.games.preferans.actions import BID, DECLARE, DISCARD, PASS, PrefAction
from tricktaker.games.preferans.deck import CONTRACTS, MISERE, MISERE_INDEX, contract_strain
from tricktaker.games.preferans.views import PreferansView

#: Cards among which the discard is searched (their pairs: 10).
DISCARD_POOL = 5
#: The search's whist answers: the ``rules`` counts (defensive tricks, by contract level
#: 6 to 10), the second defender's and the first's second word with thresholds fitted
#: to an open-hand oracle's choices on 1,400 whist answers of Sochi ``rules`` games
#: (levels 6 to 8 where the data reached, smoothed above): against sound contracts two
#: tricks do not pay a whist at six. The first defender keeps the rules book's counts:
#: fitted to the oracle, which answers for his partner open handed after his pass, he
#: passed far more and left his partner, who sees one hand, to pay for it.
ORACLE_WHIST = Params(
    second=(2.9, 2.3, 2.0, 1.5, 1.2),
    alone=(3.9, 2.3, 1.5, 1.2, 1.0),
    again=(2.0, 1.8, 1.0, 0.8, 0.6),
)
#: The answers the calibrated counts give (Sochi only: the calibration's scoring).
COUNTED = frozenset({"whist", "whist_again"})


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
    """The generic search over :func:`candidates` (the rules bot advising one of them);
    Sochi's whist answers by :data:`ORACLE_WHIST`'s counts."""

    _whister = RulesBot(ORACLE_WHIST)

    def act(
        self, view: View, memory: Sequence[Event], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if (
            isinstance(view, PreferansView)
            and view.phase in COUNTED
            and view.options.get("rules", "sochi") == "sochi"
            and len(legal) > 1
        ):
            self.last_scores = []
            self.last_rules = None
            return self._whister.act(view, memory, legal, rng)
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
