"""The table as a deal left it, before the next deal is dealt.

A match deals its next deal in the very action that ends one, so its state after
that action already shows the new hands. Yet a front end holds the finished deal
still under its summary (the web's end-of-deal panel, the terminal's), and must
draw the table as that deal left it: the last card played, the last trick
counted. A copy of the state stopped at the deal's end
(``State.clone(stop_after_deal=True)``), given the same action, is exactly that.
"""

from __future__ import annotations

from tricktaker.core.actions import Action
from tricktaker.core.protocol import State


def apply_seeing_deal_end(before: State, state: State, action: Action | str) -> State | None:
    """Apply ``action`` to ``state`` (``before``: the same position, a copy of it or
    ``state`` itself). If it ended a deal, return the table as that deal left it, before
    the next was dealt; else None."""
    deals = len(before.finished_deals())
    stopped = before.clone(stop_after_deal=True)
    state.apply(action)
    if len(state.finished_deals()) == deals:
        return None
    stopped.apply(action)
    return stopped
