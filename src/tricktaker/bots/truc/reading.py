"""Le Truc's model of another player's betting (``bots/opponents.py``): the ``rules``
bot with its proposals and answers moved to the frequencies the player was seen at.

* calls: the thresholds of the answer to a double (``accept_at``, and the mixed
  band under it, ``accept_mixed``) move by the quantile shift of the call rate,
  so a player who accepts less than ``rules`` is modelled as accepting only with
  the top of the hands ``rules`` answers with; the answer to a rest is left as
  ``rules`` plays it (too rare to count);
* proposals: a player who proposes more often than ``rules`` is modelled as
  ``rules`` plus proposals with any hand at the excess rate (``bluff_any``), one
  who proposes less as ``rules`` keeping that share of its proposals.

``PRIORS``: the ``rules`` bot's own frequencies and its answers' chance
quantiles, per number of players, from ``bench/betting_prior.py --deals 3000``.
"""

from __future__ import annotations

from dataclasses import replace

from tricktaker.bots.base import Bot
from tricktaker.bots.opponents import Prior, Rates, Reader
from tricktaker.bots.truc.rules import DEFAULT, RulesBot
from tricktaker.bots.truco.reading import EPSILON, raise_model

PRIORS: dict[int, Prior] = {
    2: Prior(
        Rates(0.283, 0.700, 0.026),
        (0.00, 0.10, 0.19, 0.27, 0.36, 0.44, 0.55, 0.64, 0.76, 0.89, 1.00),
    ),
    4: Prior(
        Rates(0.088, 0.515, 0.013),
        (0.00, 0.05, 0.09, 0.16, 0.22, 0.28, 0.38, 0.45, 0.56, 0.69, 1.00),
    ),
}


def prior(players: int) -> Prior:
    return PRIORS.get(players, PRIORS[2])


def adapt(rates: Rates, players: int) -> Bot | None:
    """The ``rules`` bot moved to ``rates`` (None when it would not move)."""
    p = prior(players)
    base = p.rates
    call = p.shift(rates.calls, base.calls)
    bluff_any, scale = raise_model(rates.raises, base.raises)
    if max(abs(call), bluff_any, 1.0 - scale) < EPSILON:
        return None
    k = DEFAULT
    return RulesBot(
        replace(
            k,
            accept_at=k.accept_at + call,
            accept_mixed=k.accept_mixed + call,
            bluff_any=bluff_any,
            raise_scale=scale,
        )
    )


def reader() -> Reader:
    return Reader(prior, adapt)
