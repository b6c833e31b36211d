"""A claim at a live table: made, answered and played out (``server.claims`` rules on
what the rows mean; this module decides under the table's lock what to write)."""

from __future__ import annotations

from typing import Any

from tricktaker.core.protocol import claim_line
from tricktaker.server.claims import NO, YES, answerers, claim_marker, pending
from tricktaker.server.tables import Hub, LiveTable, Refused

#: Why a claim or an answer is refused; the front end tells each in the player's words.
REASONS = ("turn", "unsure", "waiting", "none", "asked")


class ClaimRefused(Refused):
    """A claim (or an answer) the rulings do not allow now; ``reason`` is one of
    ``REASONS``."""


def asked(table: LiveTable, claimer: int) -> frozenset[int]:
    """The seats whose people are asked about ``claimer``'s claim."""
    return answerers(table.state.players, claimer, lambda s: table.computer(s) is None)


def played_out(table: LiveTable, claimer: int) -> list[str]:
    """The claimer's own "yes" (the claim is played out: the record's ``accepted``)
    and the moves it stands for."""
    line = claim_line(table.state, claimer)
    if line is None:  # cannot happen: nothing moves while a claim waits on its claimer
        raise ClaimRefused("unsure")
    return [claim_marker(claimer, YES), *map(str, line)]


async def claim(hub: Hub, table: LiveTable, seat: int) -> None:
    """``seat`` claims the rest of the deal: asked of the people at the other seats, or
    played out at once where computers alone sit there."""

    def plan(t: LiveTable) -> list[str]:
        if t.state.to_act != seat:
            raise ClaimRefused("turn")
        waiting = pending(t.stored.actions)
        if waiting is not None:
            # Everyone still asked has accepted (one asked left, his seat now a
            # computer's): claimed again, it is played out.
            if waiting.seat == seat and asked(t, seat) <= waiting.accepted:
                return played_out(t, seat)
            raise ClaimRefused("waiting")
        if claim_line(t.state, seat) is None:
            raise ClaimRefused("unsure")
        rows = [claim_marker(seat)]
        if not asked(t, seat):
            rows += played_out(t, seat)
        return rows

    await hub.life.returned(table, seat)
    await hub.write_planned(table, plan)


async def answer(hub: Hub, table: LiveTable, seat: int, accept: bool) -> None:
    """``seat`` accepts the claim waiting (the rest is played out once everyone asked
    has), or plays on (the claim ends)."""

    def plan(t: LiveTable) -> list[str]:
        waiting = pending(t.stored.actions)
        if waiting is None:
            raise ClaimRefused("none")
        ask = asked(t, waiting.seat)
        if seat not in ask or seat in waiting.accepted:
            raise ClaimRefused("asked")
        if not accept:
            return [claim_marker(seat, NO)]
        rows = [claim_marker(seat, YES)]
        if ask <= waiting.accepted | {seat}:
            rows += played_out(t, waiting.seat)
        return rows

    await hub.life.returned(table, seat)
    await hub.write_planned(table, plan)


def claim_frame(table: LiveTable, seat: int | None) -> dict[str, Any] | None:
    """What a seat's frame says of claims (None where there is nothing to say):
    ``tricks`` — how many tricks ``seat`` may claim now (0: none); ``pending`` — the
    claim waiting: its ``seat``, the seats still ``waiting`` to answer, and whether
    this seat is to ``answer``."""
    waiting = pending(table.stored.actions)
    if waiting is not None:
        ask = asked(table, waiting.seat)
        left = sorted(ask - waiting.accepted)
        if not left and seat == waiting.seat and table.state.to_act == seat:
            # Nobody left to answer (those asked went away): he may claim it again.
            return {"tricks": _tricks(table, seat), "pending": None}
        return {
            "tricks": 0,
            "pending": {
                "seat": waiting.seat,
                "waiting": left,
                "answer": seat in left,
                "tricks": _tricks(table, waiting.seat),
            },
        }
    if seat is None or table.state.to_act != seat:
        return None
    tricks = _tricks(table, seat)
    return {"tricks": tricks, "pending": None} if tricks else None


def _tricks(table: LiveTable, seat: int) -> int:
    """The tricks a claim by ``seat`` takes now (0: he may not claim): one card of his
    own hand in each."""
    line = claim_line(table.state, seat) or ()
    return sum(1 for a in line if a.seat == seat and a.owner is None)
