"""Who wins a deal from its trick results, and when that is already settled.

Trick results are 0 or 1 (the side that took the trick) or SPOILED. There are
only 40 prefixes of three tricks, so both tie rules are tabulated once: the
engine asks one dict lookup per trick whether the deal is over and who won.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

SPOILED = 2
DRAW = -1  # no score: three spoiled tricks, or a deal that ends undecided
UNDECIDED = -2


def resolve_trick(
    plays: Sequence[tuple[int, int]], tricks: Sequence[int], ties: str
) -> tuple[int, int]:
    """A finished trick's result (side 0/1 or SPOILED) and the seat that leads next.

    ``plays`` are ``(seat, strength)`` in order of play; ``tricks`` the results
    of the deal's earlier tricks. The engine and the bots' models share this, so
    a bot never reasons with a different tie rule than the table applies.
    """
    top = [-1, -1]
    top_seat = [-1, -1]
    top_at = [0, 0]
    for i, (seat, strength) in enumerate(plays):
        side = seat & 1
        if strength > top[side]:
            top[side] = strength
            top_seat[side] = seat
            top_at[side] = i
    if top[0] != top[1]:
        side = 0 if top[0] > top[1] else 1
        return side, top_seat[side]
    if ties == "leader" and (0 in tricks or 1 in tricks):
        side = 0 if top_at[0] < top_at[1] else 1
        return side, top_seat[side]
    return SPOILED, plays[0][0]


def final_leader(tricks: tuple[int, ...]) -> int:
    """``ties=leader``: spoiled tricks go to the winner of the next won trick."""
    counts = [0, 0]
    pending = 0
    for t in tricks:
        if t == SPOILED:
            pending += 1
        else:
            counts[t] += 1 + pending
            pending = 0
    if counts[0] == counts[1]:
        return DRAW
    return 0 if counts[0] > counts[1] else 1


def final_spoil(tricks: tuple[int, ...]) -> int:
    """``ties=spoil``: two tricks win; one each: the earlier won; none: no score."""
    counts = [tricks.count(0), tricks.count(1)]
    if counts[0] != counts[1]:
        return 0 if counts[0] > counts[1] else 1
    for t in tricks:
        if t != SPOILED:
            return t
    return DRAW


def _possible(prefix: tuple[int, ...], mode: str) -> list[tuple[int, ...]]:
    rest = 3 - len(prefix)
    out = []
    for tail in product((0, 1, SPOILED), repeat=rest):
        full = prefix + tail
        if mode == "leader":
            # Under ties=leader a tie is spoiled only while nobody has won a trick.
            seen_win = False
            ok = True
            for t in full:
                if t == SPOILED and seen_win:
                    ok = False
                    break
                if t != SPOILED:
                    seen_win = True
            if not ok:
                continue
        out.append(full)
    return out


def _table(mode: str) -> dict[tuple[int, ...], int]:
    final = final_leader if mode == "leader" else final_spoil
    table: dict[tuple[int, ...], int] = {}
    for length in range(4):
        for prefix in product((0, 1, SPOILED), repeat=length):
            results = {final(full) for full in _possible(prefix, mode)}
            table[prefix] = results.pop() if len(results) == 1 else UNDECIDED
    return table


#: OUTCOME[mode][tricks] is the winning side, DRAW, or UNDECIDED.
OUTCOME: dict[str, dict[tuple[int, ...], int]] = {m: _table(m) for m in ("leader", "spoil")}


def _two_player_table(ties: str) -> dict[int, int]:
    """``resolve_trick`` for two players, tabulated: the engine's hot path asks a dict.

    Keyed by ``(leader's strength << 4) | (follower's strength << 1) | trick won
    before``; the value is 0 (the leader takes it), 1 (the follower) or SPOILED.
    Built from ``resolve_trick`` itself, so the rule stays written once.
    """
    table: dict[int, int] = {}
    for lead in range(8):
        for follow in range(8):
            for won in (0, 1):
                result, _ = resolve_trick([(0, lead), (1, follow)], (0,) * won, ties)
                table[(lead << 4) | (follow << 1) | won] = result
    return table


#: RESOLVE2[ties][key]: the result of a two-player trick (see ``_two_player_table``).
RESOLVE2: dict[str, dict[int, int]] = {m: _two_player_table(m) for m in ("leader", "spoil")}
