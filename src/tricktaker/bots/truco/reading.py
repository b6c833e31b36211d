"""Truco's model of another player's betting (``bots/opponents.py``): the ``rules``
bot with its raises and answers moved to the frequencies the player was seen to bet at.

* calls: the answer's margin (``raised_margin``, taken off the chance of the hand
  before the answer is weighed) moves by the quantile shift of the call rate, so
  a player who calls less than ``rules`` is modelled as calling only with the
  top of the hands ``rules`` answers with; raising back (``reraise_at``) by the
  shift of the raise-back rate;
* raises: a player who raises more often than ``rules`` is modelled as ``rules``
  plus raises with any hand at the excess rate (``bluff_any``), one who raises
  less as ``rules`` keeping that share of its raises (``raise_scale``).

``PRIORS``: the ``rules`` bot's own frequencies and its answers' chance
quantiles, per number of players, from ``bench/betting_prior.py --deals 3000``.
"""

from __future__ import annotations

from dataclasses import replace

from tricktaker.bots.base import Bot
from tricktaker.bots.opponents import Prior, Rates, Reader
from tricktaker.bots.truco.rules import DEFAULT, RulesBot
from tricktaker.core.actions import Action
from tricktaker.core.protocol import View
from tricktaker.games.truco.views import TrucoView

PRIORS: dict[int, Prior] = {
    2: Prior(
        Rates(0.170, 0.408, 0.066),
        (0.00, 0.00, 0.07, 0.15, 0.21, 0.30, 0.38, 0.50, 0.65, 0.82, 1.00),
    ),
    4: Prior(
        Rates(0.159, 0.423, 0.035),
        (0.00, 0.00, 0.11, 0.14, 0.21, 0.29, 0.36, 0.46, 0.57, 0.71, 1.00),
    ),
    6: Prior(
        Rates(0.141, 0.453, 0.041),
        (0.00, 0.05, 0.15, 0.20, 0.25, 0.30, 0.40, 0.45, 0.60, 0.75, 1.00),
    ),
}
#: Shifts this small leave the plain ``rules`` bot (no new policy, no new chance drawn).
EPSILON = 1e-3


def prior(players: int) -> Prior:
    return PRIORS.get(players, PRIORS[2])


def raise_model(rate: float, base: float) -> tuple[float, float]:
    """(``bluff_any``, ``raise_scale``) for a player raising at ``rate`` per chance where
    ``rules`` raises at ``base``: the excess as raises with any hand (the share of the
    chances ``rules`` passes that he raises), or the shortfall as raises kept."""
    if rate >= base:
        return (rate - base) / (1.0 - base), 1.0
    return 0.0, rate / base


def adapt(rates: Rates, players: int) -> Bot | None:
    """The ``rules`` bot moved to ``rates`` (None when it would not move)."""
    p = prior(players)
    base = p.rates
    call = p.shift(rates.calls, base.calls)
    back = p.shift(rates.backs, base.backs)
    bluff_any, scale = raise_model(rates.raises, base.raises)
    if max(abs(call), abs(back), bluff_any, 1.0 - scale) < EPSILON:
        return None
    k = DEFAULT
    return RulesBot(
        replace(
            k,
            raised_margin=k.raised_margin + call,
            # the margin is taken off before the raise back is weighed too
            reraise_at=k.reraise_at + back - call,
            bluff_any=bluff_any,
            raise_scale=scale,
        )
    )


#: A world's weight where a player of the other side raised with his last card (or
#: none) in hand and his model would not have (``search.MismatchAt``). ``rules`` raises
#: there with every sure hand, with weaker ones only at times (one draw of the model
#: stands for them), and at the first raise as a rare bluff that the model draws
#: itself. With the search's general floor (0.2) the many sampled worlds where his last
#: card loses outweighed the few where it wins, and the search called such raises and
#: lost nearly all (docs/strength.md, "Where the points go, deal by deal").
LAST_CARD_MISMATCH = 0.02


def last_card_mismatch(
    view: View, action: Action, *, weight: float = LAST_CARD_MISMATCH, cards: int = 1
) -> float | None:
    """``weight`` for a raise made with at most ``cards`` cards in hand (why: the
    comment on ``LAST_CARD_MISMATCH``); None for any other choice."""
    if action.verb != "raise" or not isinstance(view, TrucoView):
        return None
    return weight if len(view.hand) <= cards else None


def reader() -> Reader:
    return Reader(prior, adapt)
