"""Preferans' score sheet as it is drawn on paper (``core.protocol.PaperSheet``).

Each player's pulya, gora and whists on each opponent as running totals
separated by dots («2.6.10»), as Russian players keep them, rebuilt deal by
deal from the numbers each deal wrote; for the pot game the pot and each
player's stakes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktaker.core.protocol import View
from tricktaker.core.summary import DealSummary
from tricktaker.games.preferans.views import PreferansView
from tricktaker.games.preferans.words.vocabulary import Vocabulary, signed

#: A cell of the paper sheet is cut (from the left: the latest totals matter) past this.
PAPER_CELL = 28


def running(values: Sequence[int]) -> str:
    """Running totals as written on paper: ``2.6.10`` (nothing yet: a dash)."""
    return ".".join(str(v) for v in values) if values else "—"


def cut(text: str, width: int = PAPER_CELL) -> str:
    """A long cell keeps its latest totals: ``…22.24.26``."""
    return text if len(text) <= width else "…" + text[-(width - 1) :]


def aligned(rows: Sequence[Sequence[str]]) -> list[str]:
    """Rows of cells in columns padded to their widest cell (a monospace panel)."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]


class PaperWords(Vocabulary):
    """The paper sheet, in monospace lines."""

    def sheet_lines(
        self, view: View, deals: Sequence[DealSummary], names: Sequence[str]
    ) -> list[str]:
        """The score sheet as it is drawn on paper, in monospace lines: per player (a
        column) his pulya, his gora and his whists on each opponent as running totals
        («2.6.10»), and the balance as if the game were settled now. The pot game: the
        pot, and each player's stakes after each deal."""
        _ = self._
        v = self.view_of(view)
        n = v.players
        head = ["", *(names[s] for s in range(n))]
        balance = [_("balance"), *(signed(x, self._lang) for x in v.balance)]
        if v.pot:
            # Each player's stakes after each deal that changed them, and now.
            stakes: list[list[int]] = [[] for _s in range(n)]
            for cash in [*(d.details["cash"] for d in deals if "cash" in d.details), v.cash]:
                for s in range(n):
                    if not stakes[s] or stakes[s][-1] != int(cash[s]):
                        stakes[s].append(int(cash[s]))
            title = _("{convention}: pot {kitty}, deal {n} of {pool}").format(
                convention=self.convention(v.options).capitalize(),
                kitty=v.kitty,
                n=min(v.deal_number + 1, int(v.options["pool"])),
                pool=v.options["pool"],
            )
            row = [_("stakes"), *(cut(running(stakes[s])) for s in range(n))]
            return [title, *aligned([head, row, balance])]
        pulya, gora, whists = paper_history(v, deals)
        title = _("{convention}, pulya to {pool}").format(
            convention=self.convention(v.options).capitalize(), pool=v.options["pool"]
        )
        rows = [
            head,
            [_("pulya"), *(cut(running(pulya[s])) for s in range(n))],
            [_("gora"), *(cut(running(gora[s])) for s in range(n))],
        ]
        for k in range(1, n):
            label = _("whists") if k == 1 else ""
            cells = []
            for s in range(n):
                on = (s + k) % n
                cells.append(cut(f"{names[on]}: {running(whists[s][on])}"))
            rows.append([label, *cells])
        rows.append(balance)
        return [title, *aligned(rows)]

    def sheet_drawing(
        self, view: View, deals: Sequence[DealSummary], names: Sequence[str]
    ) -> dict[str, Any] | None:
        """The sheet's cells for a front end that draws the paper's figure itself
        (``core.protocol.PaperDrawing``): per seat his pulya, gora and whists on each
        opponent as running totals, uncut, the balance, and the settlement as if the
        game were closed now (who pays whom, in whists). None in the pot game."""
        _ = self._
        v = self.view_of(view)
        if v.pot:
            return None
        n = v.players
        pulya, gora, whists = paper_history(v, deals)
        seats = []
        for s in range(n):
            seats.append(
                {
                    "seat": s,
                    "name": names[s],
                    "pulya": running(pulya[s]),
                    "gora": running(gora[s]),
                    "whists": [
                        {
                            "on": (s + k) % n,
                            "name": names[(s + k) % n],
                            "text": running(whists[s][(s + k) % n]),
                        }
                        for k in range(1, n)
                    ],
                    "balance": signed(v.balance[s], self._lang),
                }
            )
        return {
            "title": _("{convention}, pulya to {pool}").format(
                convention=self.convention(v.options).capitalize(), pool=v.options["pool"]
            ),
            "pool": int(v.options["pool"]),
            "observer": v.seat,
            "labels": {
                "pulya": _("pulya"),
                "gora": _("gora"),
                "whists": _("whists"),
                "balance": _("balance"),
            },
            "seats": seats,
            "settlement": [
                {"from": a, "to": b, "amount": signed(x, self._lang).lstrip("+")}
                for a, b, x in settlement(v.balance)
            ],
        }


def paper_history(
    v: PreferansView, deals: Sequence[DealSummary]
) -> tuple[list[list[int]], list[list[int]], list[list[list[int]]]]:
    """Each seat's running pulya, gora and whists on each other seat, as written deal by
    deal (from each deal's entries), starting from the sheet before the first deal; the
    view's sheet closes each line if the deals given do not reach it."""
    n = v.players
    pulya: list[list[int]] = [[] for _ in range(n)]
    gora: list[list[int]] = [[] for _ in range(n)]
    whists: list[list[list[int]]] = [[[] for _ in range(n)] for _ in range(n)]
    ended = [d for d in deals if "sheet" in d.details]
    if ended:
        start = ended[0].details["sheet"]
        p = [int(x) for x in start["pulya"]]
        g = [int(x) for x in start["gora"]]
        w = [[int(x) for x in row] for row in start["whists"]]
        for e in ended[0].details.get("entries", []):
            s, amount = int(e["seat"]), int(e["amount"])
            if e["column"] == "pulya":
                p[s] -= amount
            elif e["column"] == "gora":
                g[s] -= amount
            else:
                w[s][int(e["on"])] -= amount
    else:
        p, g, w = list(v.pulya), list(v.gora), [list(r) for r in v.whists]
    for s in range(n):
        if p[s]:
            pulya[s].append(p[s])
        if g[s]:
            gora[s].append(g[s])
        for t in range(n):
            if w[s][t]:
                whists[s][t].append(w[s][t])
    for deal in ended:
        for e in deal.details.get("entries", []):
            s, amount = int(e["seat"]), int(e["amount"])
            if e["column"] == "pulya":
                p[s] += amount
                pulya[s].append(p[s])
            elif e["column"] == "gora":
                g[s] += amount
                gora[s].append(g[s])
            else:
                on = int(e["on"])
                w[s][on] += amount
                whists[s][on].append(w[s][on])
    for s in range(n):
        if v.pulya[s] != p[s]:
            pulya[s].append(v.pulya[s])
        if v.gora[s] != g[s]:
            gora[s].append(v.gora[s])
        for t in range(n):
            if v.whists[s][t] != w[s][t]:
                whists[s][t].append(v.whists[s][t])
    return pulya, gora, whists


def settlement(balance: Sequence[float]) -> list[tuple[int, int, float]]:
    """Who pays whom to settle ``balance`` (zero-sum, in whists): the largest debtor pays
    the largest creditor first, so three players settle in two payments at most."""
    owed = [round(x, 6) for x in balance]
    out: list[tuple[int, int, float]] = []
    while True:
        debtor = min(range(len(owed)), key=lambda s: owed[s])
        creditor = max(range(len(owed)), key=lambda s: owed[s])
        amount = min(-owed[debtor], owed[creditor])
        if amount < 0.05:
            return out
        out.append((debtor, creditor, amount))
        owed[debtor] += amount
        owed[creditor] -= amount
