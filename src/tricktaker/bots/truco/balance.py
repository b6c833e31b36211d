"""Balanced betting for the Truco ``rules`` bot: how often to bluff and to go on, from
the stakes (issue 23).

A raise takes the deal from stake ``s`` to ``r``: refused, the raiser's side wins
``s``; accepted, the hand is played for ``r``. Game theory's answer for a bet of
this shape (the toy game of a polarised raiser against a bluff catcher):

* :func:`bluff_share`: a balanced raiser's raises are bluffs ``(r - s) / (2r)``
  of the time (Paulista's truco, 1 to 3: one in three; six, 3 to 6: one in four);
  with fewer the defender may refuse all but his best hands, with more he may
  accept everything. Truco's value raises are not sure and its bluffs not
  hopeless: :func:`bluff_share_of` weighs what each wins when accepted;
* :func:`defend_share`: the defender goes on (accepts or raises back) with at
  least ``s / (s + r)`` of his hands (truco: a quarter), or a raise with nothing
  wins more than it risks.

Frequencies need the spread of the hands, and the bot knows a hand only by its
chance (:func:`tricktaker.bots.truco.model.estimate`). ``CHANCES`` is that
chance's spread where the bot may raise ("raise") and where it answers a raise
("answer"), by variant, number of players, the tricks so far (relative: 0 won, 1
lost, 2 tied) and the cards on the table in this trick (-1: any), quantiles in
steps of 10% (in hundredths) from ``bench/truco_chances.py --deals 3000`` (the
level's own play; its card play is ``rules``' whatever its betting),
:func:`pieces` the hands between them; :func:`rank` turns a
chance into the share of hands below it, so "the best quarter" or "the worst
40%" are chances. The position matters: leading trick one, nothing is known and
the chances bunch in the middle; following a card, they spread out.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import cache

Key = tuple[str, int, str, tuple[int, ...], int]

# fmt: off
CHANCES: dict[Key, tuple[int, ...]] = {
    ('paulista', 2, 'answer', (), -1): (0, 3, 12, 25, 35, 45, 57, 71, 82, 93, 100),
    ('paulista', 2, 'answer', (), 0): (0, 15, 33, 45, 57, 70, 76, 85, 90, 95, 100),
    ('paulista', 2, 'answer', (), 1): (0, 0, 5, 12, 20, 30, 38, 45, 60, 78, 100),
    ('paulista', 2, 'answer', (1,), -1): (0, 0, 0, 5, 12, 17, 25, 35, 47, 60, 100),
    ('paulista', 2, 'answer', (1,), 0): (0, 0, 0, 7, 12, 17, 25, 35, 47, 60, 100),
    ('paulista', 2, 'raise', (), -1): (0, 5, 12, 21, 30, 40, 50, 62, 75, 90, 100),
    ('paulista', 2, 'raise', (), 0): (0, 3, 9, 17, 28, 36, 47, 57, 70, 82, 100),
    ('paulista', 2, 'raise', (), 1): (0, 7, 17, 26, 35, 45, 55, 68, 80, 93, 100),
    ('paulista', 2, 'raise', (0,), -1): (0, 25, 38, 47, 55, 62, 70, 78, 85, 95, 100),
    ('paulista', 2, 'raise', (0,), 0): (0, 25, 38, 47, 55, 62, 70, 78, 85, 95, 100),
    ('paulista', 2, 'raise', (1,), -1): (0, 0, 0, 0, 0, 0, 20, 38, 53, 72, 100),
    ('paulista', 2, 'raise', (1,), 1): (0, 0, 0, 0, 0, 0, 20, 38, 53, 72, 100),
    ('paulista', 2, 'raise', (0, 1), -1): (0, 0, 0, 0, 0, 0, 0, 0, 100, 100, 100),
    ('paulista', 2, 'raise', (0, 1), 1): (0, 0, 0, 0, 0, 0, 0, 0, 100, 100, 100),
    ('paulista', 2, 'raise', (1, 0), -1): (0, 7, 17, 28, 33, 40, 47, 53, 60, 70, 100),
    ('paulista', 2, 'raise', (1, 0), 0): (0, 7, 17, 28, 33, 40, 47, 53, 60, 70, 100),
    ('paulista', 4, 'answer', (), -1): (0, 7, 14, 25, 36, 43, 50, 57, 68, 79, 100),
    ('paulista', 4, 'answer', (), 0): (21, 29, 36, 43, 46, 54, 57, 64, 71, 79, 100),
    ('paulista', 4, 'answer', (), 1): (0, 18, 29, 39, 43, 46, 57, 64, 71, 82, 100),
    ('paulista', 4, 'answer', (), 2): (0, 7, 11, 18, 29, 43, 54, 61, 71, 86, 100),
    ('paulista', 4, 'answer', (), 3): (0, 4, 7, 11, 14, 29, 39, 46, 54, 64, 96),
    ('paulista', 4, 'answer', (1,), -1): (0, 4, 11, 14, 18, 25, 29, 32, 39, 50, 100),
    ('paulista', 4, 'answer', (1,), 0): (0, 7, 14, 18, 21, 25, 29, 32, 39, 46, 75),
    ('paulista', 4, 'answer', (1,), 2): (0, 0, 0, 14, 18, 25, 29, 36, 43, 57, 100),
    ('paulista', 4, 'answer', (0, 1), -1): (0, 0, 0, 0, 32, 39, 50, 57, 68, 82, 100),
    ('paulista', 4, 'answer', (1, 0), -1): (0, 0, 0, 11, 21, 29, 43, 54, 64, 75, 100),
    ('paulista', 4, 'raise', (), -1): (0, 18, 25, 32, 39, 46, 54, 64, 75, 89, 100),
    ('paulista', 4, 'raise', (), 0): (0, 21, 29, 32, 39, 43, 50, 54, 61, 71, 100),
    ('paulista', 4, 'raise', (), 1): (0, 18, 25, 29, 36, 43, 50, 61, 68, 79, 100),
    ('paulista', 4, 'raise', (), 2): (0, 14, 25, 36, 46, 54, 64, 75, 82, 93, 100),
    ('paulista', 4, 'raise', (), 3): (0, 14, 21, 32, 43, 54, 64, 75, 86, 96, 100),
    ('paulista', 4, 'raise', (0,), -1): (7, 39, 54, 57, 64, 68, 75, 79, 86, 93, 100),
    ('paulista', 4, 'raise', (0,), 0): (25, 50, 57, 61, 64, 68, 71, 75, 82, 89, 100),
    ('paulista', 4, 'raise', (0,), 2): (7, 29, 36, 50, 61, 75, 82, 86, 93, 96, 100),
    ('paulista', 4, 'raise', (1,), -1): (0, 0, 0, 7, 14, 25, 32, 39, 50, 64, 100),
    ('paulista', 4, 'raise', (1,), 1): (0, 4, 7, 14, 18, 25, 32, 36, 43, 54, 89),
    ('paulista', 4, 'raise', (1,), 3): (0, 0, 0, 0, 0, 25, 36, 43, 57, 71, 100),
    ('paulista', 4, 'raise', (0, 1), -1): (0, 0, 0, 0, 11, 29, 46, 68, 82, 100, 100),
    ('paulista', 4, 'raise', (0, 1), 1): (0, 7, 18, 29, 36, 50, 61, 71, 79, 86, 100),
    ('paulista', 4, 'raise', (0, 1), 3): (0, 0, 0, 0, 0, 0, 0, 0, 100, 100, 100),
    ('paulista', 4, 'raise', (1, 0), -1): (0, 0, 25, 32, 39, 50, 57, 64, 71, 82, 100),
    ('paulista', 4, 'raise', (1, 0), 0): (11, 25, 29, 32, 39, 43, 46, 54, 64, 75, 100),
    ('paulista', 4, 'raise', (1, 0), 2): (0, 0, 0, 36, 54, 61, 68, 71, 79, 86, 100),
    ('paulista', 6, 'answer', (), -1): (0, 10, 15, 25, 35, 45, 50, 60, 65, 75, 100),
    ('paulista', 6, 'answer', (), 0): (20, 30, 35, 40, 45, 50, 50, 55, 65, 75, 100),
    ('paulista', 6, 'answer', (), 1): (10, 25, 35, 40, 45, 50, 55, 60, 70, 75, 100),
    ('paulista', 6, 'answer', (), 2): (5, 15, 20, 30, 35, 40, 50, 60, 70, 80, 100),
    ('paulista', 6, 'answer', (), 3): (0, 10, 15, 25, 30, 40, 50, 60, 70, 85, 100),
    ('paulista', 6, 'answer', (), 4): (0, 10, 15, 20, 35, 45, 55, 60, 70, 85, 100),
    ('paulista', 6, 'answer', (), 5): (0, 5, 10, 15, 20, 25, 45, 50, 55, 70, 100),
    ('paulista', 6, 'answer', (1,), -1): (0, 5, 10, 15, 20, 20, 25, 30, 40, 50, 100),
    ('paulista', 6, 'answer', (1,), 0): (0, 10, 15, 15, 20, 25, 25, 30, 35, 45, 95),
    ('paulista', 6, 'answer', (1,), 2): (0, 5, 10, 15, 20, 20, 25, 30, 40, 50, 100),
    ('paulista', 6, 'answer', (0, 1), -1): (0, 0, 0, 0, 20, 40, 55, 65, 80, 90, 100),
    ('paulista', 6, 'raise', (), -1): (0, 20, 25, 35, 40, 50, 55, 65, 75, 85, 100),
    ('paulista', 6, 'raise', (), 0): (0, 25, 30, 35, 40, 45, 50, 55, 60, 70, 100),
    ('paulista', 6, 'raise', (), 1): (0, 20, 30, 35, 40, 45, 50, 55, 65, 75, 100),
    ('paulista', 6, 'raise', (), 2): (0, 20, 30, 40, 45, 55, 60, 65, 75, 85, 100),
    ('paulista', 6, 'raise', (), 3): (0, 15, 25, 30, 40, 50, 60, 65, 75, 85, 100),
    ('paulista', 6, 'raise', (), 4): (0, 15, 20, 30, 40, 50, 60, 70, 80, 90, 100),
    ('paulista', 6, 'raise', (), 5): (0, 15, 20, 30, 40, 55, 65, 75, 85, 95, 100),
    ('paulista', 6, 'raise', (0,), -1): (20, 50, 55, 60, 65, 70, 75, 80, 85, 95, 100),
    ('paulista', 6, 'raise', (0,), 0): (35, 55, 60, 65, 70, 70, 75, 80, 85, 90, 100),
    ('paulista', 6, 'raise', (0,), 2): (20, 45, 55, 60, 65, 70, 80, 85, 90, 95, 100),
    ('paulista', 6, 'raise', (0,), 4): (20, 35, 40, 45, 55, 65, 75, 85, 95, 100, 100),
    ('paulista', 6, 'raise', (1,), -1): (0, 0, 0, 5, 15, 20, 30, 35, 45, 55, 100),
    ('paulista', 6, 'raise', (1,), 1): (0, 5, 10, 15, 20, 25, 25, 35, 40, 50, 100),
    ('paulista', 6, 'raise', (1,), 3): (0, 0, 0, 5, 15, 25, 35, 40, 45, 55, 100),
    ('paulista', 6, 'raise', (1,), 5): (0, 0, 0, 0, 0, 0, 30, 40, 50, 65, 100),
    ('paulista', 6, 'raise', (0, 1), -1): (0, 0, 0, 0, 10, 20, 35, 55, 70, 85, 100),
    ('paulista', 6, 'raise', (0, 1), 1): (0, 10, 25, 40, 45, 55, 60, 70, 75, 80, 100),
    ('paulista', 6, 'raise', (0, 1), 3): (0, 0, 5, 10, 15, 15, 25, 35, 70, 85, 100),
    ('paulista', 6, 'raise', (0, 1), 5): (0, 0, 0, 0, 0, 0, 0, 0, 0, 100, 100),
    ('paulista', 6, 'raise', (1, 0), -1): (0, 0, 10, 25, 35, 45, 50, 60, 70, 80, 100),
    ('paulista', 6, 'raise', (1, 0), 0): (5, 30, 30, 35, 40, 45, 45, 55, 60, 75, 100),
    ('paulista', 6, 'raise', (1, 0), 2): (0, 10, 15, 25, 35, 45, 50, 60, 70, 80, 100),
    ('paulista', 6, 'raise', (1, 0), 4): (0, 0, 0, 0, 0, 30, 65, 75, 80, 90, 100),
    ('mineiro', 2, 'answer', (), -1): (0, 3, 10, 23, 33, 45, 56, 70, 82, 93, 100),
    ('mineiro', 2, 'answer', (), 0): (0, 15, 38, 49, 57, 70, 78, 85, 90, 95, 100),
    ('mineiro', 2, 'answer', (), 1): (0, 0, 5, 10, 20, 28, 38, 42, 57, 78, 100),
    ('mineiro', 2, 'answer', (1,), -1): (0, 0, 3, 7, 12, 17, 28, 35, 45, 60, 97),
    ('mineiro', 2, 'answer', (1,), 0): (0, 0, 3, 7, 12, 17, 28, 35, 45, 60, 97),
    ('mineiro', 2, 'raise', (), -1): (0, 5, 12, 20, 30, 38, 47, 60, 75, 90, 100),
    ('mineiro', 2, 'raise', (), 0): (0, 3, 10, 15, 25, 35, 42, 55, 68, 85, 100),
    ('mineiro', 2, 'raise', (), 1): (0, 7, 17, 25, 33, 42, 53, 65, 80, 93, 100),
    ('mineiro', 2, 'raise', (0,), -1): (0, 20, 35, 45, 53, 60, 68, 72, 82, 93, 100),
    ('mineiro', 2, 'raise', (0,), 0): (0, 20, 35, 45, 53, 60, 68, 72, 82, 93, 100),
    ('mineiro', 2, 'raise', (1,), -1): (0, 0, 0, 0, 0, 0, 20, 40, 55, 75, 100),
    ('mineiro', 2, 'raise', (1,), 1): (0, 0, 0, 0, 0, 0, 20, 40, 55, 75, 100),
    ('mineiro', 2, 'raise', (0, 1), -1): (0, 0, 0, 0, 0, 0, 0, 0, 100, 100, 100),
    ('mineiro', 2, 'raise', (0, 1), 1): (0, 0, 0, 0, 0, 0, 0, 0, 100, 100, 100),
    ('mineiro', 2, 'raise', (1, 0), -1): (0, 7, 15, 25, 33, 40, 47, 53, 62, 70, 97),
    ('mineiro', 2, 'raise', (1, 0), 0): (0, 7, 15, 25, 33, 40, 47, 53, 62, 70, 97),
    ('mineiro', 4, 'answer', (), -1): (0, 7, 14, 21, 32, 39, 46, 55, 64, 82, 100),
    ('mineiro', 4, 'answer', (), 2): (0, 7, 11, 14, 25, 36, 43, 57, 71, 89, 100),
    ('mineiro', 4, 'answer', (), 3): (0, 4, 4, 7, 14, 21, 32, 43, 50, 61, 86),
    ('mineiro', 4, 'answer', (1,), -1): (0, 4, 11, 14, 18, 21, 25, 32, 39, 54, 93),
    ('mineiro', 4, 'answer', (1,), 0): (0, 11, 14, 18, 18, 21, 25, 32, 36, 50, 86),
    ('mineiro', 4, 'answer', (1,), 2): (0, 0, 4, 14, 18, 21, 29, 36, 46, 57, 93),
    ('mineiro', 4, 'raise', (), -1): (0, 18, 25, 32, 39, 46, 54, 62, 71, 86, 100),
    ('mineiro', 4, 'raise', (), 0): (7, 21, 29, 32, 39, 43, 50, 57, 64, 73, 100),
    ('mineiro', 4, 'raise', (), 1): (0, 18, 25, 29, 34, 39, 50, 57, 68, 79, 100),
    ('mineiro', 4, 'raise', (), 2): (0, 14, 27, 36, 46, 54, 64, 71, 82, 93, 100),
    ('mineiro', 4, 'raise', (), 3): (0, 11, 21, 29, 39, 50, 61, 71, 86, 96, 100),
    ('mineiro', 4, 'raise', (0,), -1): (7, 39, 50, 57, 61, 64, 71, 79, 86, 96, 100),
    ('mineiro', 4, 'raise', (0,), 0): (32, 50, 54, 57, 61, 64, 68, 75, 82, 89, 100),
    ('mineiro', 4, 'raise', (0,), 2): (7, 29, 36, 43, 54, 68, 79, 86, 93, 100, 100),
    ('mineiro', 4, 'raise', (1,), -1): (0, 0, 0, 4, 14, 25, 32, 39, 46, 61, 100),
    ('mineiro', 4, 'raise', (1,), 1): (0, 4, 7, 11, 18, 25, 29, 36, 43, 50, 89),
    ('mineiro', 4, 'raise', (1,), 3): (0, 0, 0, 0, 0, 21, 32, 43, 57, 68, 100),
    ('mineiro', 4, 'raise', (0, 1), -1): (0, 0, 0, 0, 7, 21, 39, 61, 71, 100, 100),
    ('mineiro', 4, 'raise', (0, 1), 1): (0, 11, 18, 25, 36, 46, 57, 64, 71, 79, 96),
    ('mineiro', 4, 'raise', (0, 1), 3): (0, 0, 0, 0, 0, 0, 0, 0, 100, 100, 100),
    ('mineiro', 4, 'raise', (1, 0), -1): (0, 0, 25, 36, 39, 50, 57, 68, 71, 82, 100),
    ('mineiro', 4, 'raise', (1, 0), 0): (7, 25, 29, 36, 39, 43, 46, 54, 64, 75, 100),
    ('mineiro', 4, 'raise', (1, 0), 2): (0, 0, 0, 29, 54, 61, 68, 71, 79, 82, 100),
    ('mineiro', 6, 'answer', (), -1): (0, 10, 15, 25, 30, 40, 45, 55, 65, 75, 100),
    ('mineiro', 6, 'answer', (), 2): (0, 15, 20, 25, 30, 35, 50, 55, 65, 75, 100),
    ('mineiro', 6, 'answer', (), 3): (0, 10, 15, 25, 30, 35, 45, 55, 65, 80, 100),
    ('mineiro', 6, 'answer', (), 4): (0, 5, 10, 15, 25, 35, 50, 55, 75, 85, 100),
    ('mineiro', 6, 'answer', (), 5): (0, 5, 10, 10, 15, 20, 25, 35, 50, 65, 85),
    ('mineiro', 6, 'answer', (1,), -1): (0, 5, 10, 15, 20, 25, 25, 30, 35, 45, 100),
    ('mineiro', 6, 'answer', (1,), 0): (0, 10, 15, 15, 20, 20, 25, 30, 35, 40, 80),
    ('mineiro', 6, 'answer', (1,), 2): (0, 5, 10, 15, 20, 25, 30, 30, 35, 45, 80),
    ('mineiro', 6, 'raise', (), -1): (0, 20, 25, 35, 40, 45, 55, 65, 70, 85, 100),
    ('mineiro', 6, 'raise', (), 0): (5, 25, 30, 35, 40, 45, 50, 55, 60, 70, 100),
    ('mineiro', 6, 'raise', (), 1): (0, 20, 30, 33, 38, 45, 50, 55, 65, 75, 100),
    ('mineiro', 6, 'raise', (), 2): (0, 20, 30, 40, 45, 50, 55, 65, 70, 85, 100),
    ('mineiro', 6, 'raise', (), 3): (0, 20, 25, 30, 40, 50, 55, 65, 75, 85, 100),
    ('mineiro', 6, 'raise', (), 4): (0, 15, 20, 30, 40, 50, 60, 70, 80, 90, 100),
    ('mineiro', 6, 'raise', (), 5): (0, 10, 20, 25, 40, 55, 65, 75, 85, 95, 100),
    ('mineiro', 6, 'raise', (0,), -1): (20, 45, 55, 60, 65, 70, 75, 80, 85, 95, 100),
    ('mineiro', 6, 'raise', (0,), 0): (30, 55, 60, 65, 70, 70, 75, 80, 85, 90, 100),
    ('mineiro', 6, 'raise', (0,), 2): (25, 40, 50, 55, 65, 70, 75, 80, 90, 95, 100),
    ('mineiro', 6, 'raise', (0,), 4): (20, 30, 40, 45, 50, 65, 80, 85, 95, 95, 100),
    ('mineiro', 6, 'raise', (1,), -1): (0, 0, 0, 5, 10, 20, 30, 35, 45, 55, 100),
    ('mineiro', 6, 'raise', (1,), 1): (0, 5, 10, 15, 20, 25, 30, 35, 40, 50, 100),
    ('mineiro', 6, 'raise', (1,), 3): (0, 0, 0, 5, 10, 20, 30, 40, 45, 60, 100),
    ('mineiro', 6, 'raise', (1,), 5): (0, 0, 0, 0, 0, 0, 30, 40, 50, 65, 100),
    ('mineiro', 6, 'raise', (0, 1), -1): (0, 0, 0, 0, 10, 15, 35, 50, 70, 85, 100),
    ('mineiro', 6, 'raise', (0, 1), 3): (0, 0, 5, 10, 15, 20, 35, 65, 80, 85, 100),
    ('mineiro', 6, 'raise', (1, 0), -1): (0, 0, 15, 30, 35, 45, 50, 65, 75, 85, 100),
    ('mineiro', 6, 'raise', (1, 0), 0): (10, 25, 30, 35, 40, 40, 45, 50, 55, 70, 100),
    ('mineiro', 6, 'raise', (1, 0), 2): (0, 10, 20, 30, 40, 50, 60, 70, 75, 85, 100),
    ('mineiro', 6, 'raise', (1, 0), 4): (0, 0, 0, 0, 0, 0, 70, 80, 85, 90, 100),
}
# fmt: on


@cache
def quantiles(
    variant: str, players: int, kind: str, tricks: tuple[int, ...], table: int
) -> Sequence[float]:
    """The spread for this situation (``kind``: "raise" or "answer"; ``table``: the
    cards on the table). Argentino and Gaúcho take Paulista's; a situation measured too
    seldom (a tied trick, a rare position) the same tricks at any position, else the
    start of the deal's."""
    if (variant, players, kind, (), -1) not in CHANCES:
        variant = "paulista"
    if (variant, players, kind, (), -1) not in CHANCES:
        players = 2
    for key in ((tricks, table), (tricks, -1), ((), -1)):
        found = CHANCES.get((variant, players, kind, *key))
        if found is not None:
            return tuple(q / 100 for q in found)
    raise KeyError((variant, players, kind))


def rank(p: float, qs: Sequence[float]) -> tuple[float, float]:
    """The share of hands with a chance below ``p`` and with a chance at most ``p``
    (equal where no hand has exactly ``p``; a run of equal quantiles is a share of
    hands with that very chance, as the many lost hands with a chance of 0)."""
    last = len(qs) - 1
    if p < qs[0]:
        return 0.0, 0.0
    if p > qs[last]:
        return 1.0, 1.0
    first = next(i for i, q in enumerate(qs) if q >= p)
    if qs[first] > p:  # strictly between two quantiles: interpolate
        lo = qs[first - 1]
        x = (first - 1 + (p - lo) / (qs[first] - lo)) / last
        return x, x
    end = max(i for i, q in enumerate(qs) if q == p)
    return first / last, end / last


def pieces(qs: Sequence[float], cuts: Sequence[float]) -> list[tuple[float, float]]:
    """The hands of the spread as (share, mean chance) pieces, each between two quantiles
    (its hands spread evenly there) and cut at ``cuts``, so that no piece straddles one."""
    step = 1.0 / (len(qs) - 1)
    out: list[tuple[float, float]] = []
    for lo, hi in itertools.pairwise(qs):
        if hi <= lo:
            out.append((step, lo))
            continue
        edges = [lo, *sorted(c for c in cuts if lo < c < hi), hi]
        for a, b in itertools.pairwise(edges):
            out.append((step * (b - a) / (hi - lo), (a + b) / 2))
    return out


def bluff_share(stake: int, raised: int) -> float:
    """The share of bluffs among a balanced raiser's raises from ``stake`` to ``raised``."""
    return (raised - stake) / (2 * raised)


def bluff_share_of(stake: int, raised: int, value: float, bluff: float) -> float:
    """The balanced share of bluffs where a value raise, accepted, wins the hand only
    ``value`` of the time and a bluff ``bluff`` of the time (``bluff_share`` is the
    case 1 and 0): the raises, accepted, must win ``(r + s) / (2r)`` of the time for the
    defender to be indifferent between accepting and refusing. 0 (no bluff) when the
    value raises are not that strong."""
    need = (raised + stake) / (2 * raised)
    if value <= need or value <= bluff:
        return 0.0
    return min(1.0, (value - need) / (value - bluff))


def defend_share(stake: int, raised: int) -> float:
    """The least share of his hands a defender goes on with, facing that raise."""
    return stake / (stake + raised)


def go_on(p: float, share: float, qs: Sequence[float]) -> float:
    """How likely to go on with chance ``p`` so that the best ``share`` of hands go on:
    1 above the line, 0 below, and on a run of hands with the very chance at the line
    the part of the run that falls above it."""
    lo, hi = rank(p, qs)
    line = 1.0 - share
    if lo >= line:
        return 1.0
    if hi <= line:
        return 0.0
    return (hi - line) / (hi - lo)
