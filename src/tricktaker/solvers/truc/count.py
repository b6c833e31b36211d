"""How big one deal's game is: public decision nodes and information sets, counted exactly.

A solver sizes its arrays from these numbers, and issue 10 quotes estimates
(about 1.4M public nodes and 9M information sets at 0:0) that this checks.

How it counts. The public tree is every sequence of public moves from the
deal (calls and answers, proposals and answers, the rank of every card
played) that some deal of the cards makes possible; a *public decision node*
is one where a player decides. An *information set* is a public decision node
together with one private state of the player deciding there that is
consistent with it. Three readings of "private state" are counted:

* ``hands``: the hand in play only (as if calls for cards were forgotten);
* ``lossless``: the hand in play and the pile of cards set aside by accepted
  calls, the key :meth:`Position.info_key` uses (the order of the set-aside
  hands carries nothing, see there);
* ``recall``: the hand in play and every set-aside hand in order (perfect
  recall taken literally).

A private state is consistent when the hand in play holds the cards its
owner already played from it, and no rank exceeds four copies among it, the
set-aside cards and the opponent's played cards (the rest can always be
completed: the deck has room for both players' cards even after four calls).

The subtree below a node depends on its ``state_key`` only (never on how it
was reached), so counts are memoised on it: the walk visits each distinct
state once, not each of the millions of nodes.

Run: ``python -m tricktaker.solvers.truc.count [--score A B] [--dealer D]``
(about 4 minutes at 0:0). At 0:0 it finds (the tie rule changes who wins some
third tricks, never the tree's shape, so both tie rules give the same rows):

============  ==========  =============  ==============  ===================
tree          decisions   hands          lossless        recall
============  ==========  =============  ==============  ===================
repeat, deal  14,408,595  94,169,160     327,475,211,192 1,831,209,176,020,920
once, deal     4,322,578  28,250,688     1,123,246,680   1,123,246,680
no calls       1,440,859   9,416,856     9,416,856       9,416,856
============  ==========  =============  ==============  ===================

"no calls" is the subtree after a refused first call: the play of one hand.
It is the tree issue 10's "1.4M public nodes, 9M information sets" describes;
every accepted call opens another copy of it, so the whole deal is 10 (repeat)
or 3 (once) times as large, and a player who remembers his set-aside cards has
that many more private states there.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from functools import cache

from tricktaker.solvers.truc.hands import FULL_DECK, HAND_SIZE, HANDS, RANKS, count, fits
from tricktaker.solvers.truc.model import CHANCE, DEAL, OVER, REDEAL, REFUSE, DealRules, Node


@dataclass(frozen=True, slots=True)
class TreeSize:
    """Sizes of one deal's game tree (see the module for what each counts)."""

    decisions: int = 0
    chance: int = 0
    terminals: int = 0
    hands: int = 0
    lossless: int = 0
    recall: int = 0

    def __add__(self, other: TreeSize) -> TreeSize:
        return TreeSize(*(getattr(self, f.name) + getattr(other, f.name) for f in fields(self)))


@cache
def _bounded_multisets(room: int, k: int) -> int:
    """Piles of ``k`` cards that fit in ``room``."""

    @cache
    def go(rank: int, left: int) -> int:
        if rank == RANKS:
            return 1 if left == 0 else 0
        return sum(go(rank + 1, left - c) for c in range(min(count(room, rank), left) + 1))

    return go(0, k)


@cache
def _hand_sequences(room: int, k: int) -> int:
    """Ordered runs of ``k`` hands that fit in ``room`` together."""
    if k == 0:
        return 1
    return sum(_hand_sequences(room - h, k - 1) for h in HANDS if fits(h, room))


@cache
def private_states(own_played: int, other_played: int, calls: int) -> tuple[int, int, int]:
    """The decider's private states (hands, lossless, recall) given the cards shown."""
    room = FULL_DECK - other_played
    hands = lossless = recall = 0
    for h in HANDS:
        if fits(own_played, h) and fits(h, room):
            hands += 1
            lossless += _bounded_multisets(room - h, HAND_SIZE * calls)
            recall += _hand_sequences(room - h, calls)
    return hands, lossless, recall


def tree_size(rules: DealRules, start: Node | None = None) -> TreeSize:
    """Count the public tree of one deal under ``rules`` (the subtree at ``start`` if given)."""
    memo: dict[tuple[object, ...], TreeSize] = {}

    def walk(node: Node) -> TreeSize:
        key = node.state_key()
        found = memo.get(key)
        if found is not None:
            return found
        if node.phase == OVER:
            size = TreeSize(terminals=1)
        elif node.phase == CHANCE:
            size = TreeSize(chance=1) + walk(node.child(DEAL))
        else:
            actor = node.actor
            h, lossless, recall = private_states(
                node.played[actor], node.played[1 - actor], node.deals - 1
            )
            size = TreeSize(decisions=1, hands=h, lossless=lossless, recall=recall)
            for move in node.moves():
                size = size + walk(node.child(move))
        memo[key] = size
        return size

    return walk(Node.root(rules) if start is None else start)


def refused_call(rules: DealRules) -> Node:
    """The node after the first call for cards is refused: the play of one hand, no calls.

    Its subtree is the deal as if calls for cards did not exist (issue 10's
    estimate of the tree's size counts this one).
    """
    return Node.root(rules).child(DEAL).child(REDEAL).child(REFUSE)


def main(argv: Sequence[str] | None = None, out: Callable[[str], object] = print) -> int:
    """Print the sizes of one deal's tree for every option set at one score state."""
    parser = argparse.ArgumentParser(prog="python -m tricktaker.solvers.truc.count")
    parser.add_argument("--score", nargs=2, type=int, default=(0, 0), metavar=("A", "B"))
    parser.add_argument("--dealer", type=int, default=0)
    args = parser.parse_args(argv)
    names = [f.name for f in fields(TreeSize)]
    out("redeal ties    tree      " + " ".join(f"{n:>18}" for n in names) + "  seconds")
    for redeal in ("repeat", "once"):
        for ties in ("leader", "spoil"):
            rules = DealRules((args.score[0], args.score[1]), args.dealer, redeal, ties)
            for label, start in (("deal", None), ("no calls", refused_call(rules))):
                began = time.perf_counter()
                size = tree_size(rules, start)
                row = " ".join(f"{getattr(size, n):>18,}" for n in names)
                took = time.perf_counter() - began
                out(f"{redeal:<6} {ties:<7} {label:<9} {row}  {took:7.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
