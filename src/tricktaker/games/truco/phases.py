"""The phases of a Truco deal and the codes of its log's entries, shared by the rules
(``rules``) and their envido and flor (``envido``), so that neither imports the other's
numbers."""

from __future__ import annotations

DECIDE, PLAY_PHASE, ANSWER, OVER, ENVIDO_PHASE, FLOR_PHASE = range(6)
PHASE_NAMES = ("decide", "play", "answer", "over", "envido", "flor")
#: The envido's and the flor's states in a deal: still possible, being called, over.
OPEN, CALLING, CLOSED = range(3)

# Log entries other than plain actions (logged as their interned object):
EV_SAID, EV_BLIND, EV_DEAL = range(3)
#: A count said once an envido or a contest of flores is accepted:
#: ``(EV_COUNT, seat, count or None for "son buenas", "envido" or "flor")``.
EV_COUNT = 3
