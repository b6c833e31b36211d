"""What a deal wrote on Preferans' sheet (or paid, in the pot game), in sentences.

``sheet.write`` records every number it writes (``details["entries"]``); these
words group them by why they were written (the declarer's pulya or gora, the
whists for tricks, a half-whist, the consolation, a short whister's gora, an
all-pass) and say each group in a line; ``pot.settle``'s payments are told
one by one with their reasons.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker.core.i18n import N_
from tricktaker.games.preferans.deck import MISERE, contract_level
from tricktaker.games.preferans.sheet import whist_duty
from tricktaker.games.preferans.words.vocabulary import Vocabulary

#: Why a pot payment was made (pot.settle's reasons).
PAYMENT_REASONS = {
    "contract": N_("from the pot"),
    "tricks": N_("for tricks"),
    "failed": N_("failed contract"),
    "short": N_("whister short"),
    "hearts": N_("hearts premium"),
    "aces": N_("four aces"),
}
#: What a deal wrote, kind by kind, in the order the lines are shown (``written_kinds``).
WRITTEN = {
    "pulya": N_("Pulya: {entries}"),
    "gora": N_("Gora: {entries}"),
    "over": N_("Over the pulya: {entries}"),
    "tricks": N_("Whists for tricks: {entries}"),
    "half": N_("Half-whist: {entries}"),
    "consolation": N_("Consolation whists: {entries}"),
    "short": N_("Whist short, into the gora: {entries}"),
    "allpass": N_("Whists for the all-pass: {entries}"),
}


class WrittenWords(Vocabulary):
    """The numbers a deal wrote, and the payments it made."""

    def entry_text(self, entry: Mapping[str, Any], names: Sequence[str]) -> str:
        """One number written on the sheet: ``pulya: West +2``, ``whists: North → West +8``."""
        _ = self._
        amount = f"{int(entry['amount']):+d}"
        name = names[int(entry["seat"])]
        column = entry["column"]
        if column == "pulya":
            return _("pulya: {name} {amount}").format(name=name, amount=amount)
        if column == "gora":
            return _("gora: {name} {amount}").format(name=name, amount=amount)
        return _("whists: {name} → {on} {amount}").format(
            name=name, on=names[int(entry["on"])], amount=amount
        )

    def payment_text(self, payment: Sequence[Any], names: Sequence[str]) -> str:
        """One payment of the pot game: ``pot → West 10 (from the pot)``."""
        payer, payee, amount, why = payment

        def who(x: object) -> str:
            return self._("pot") if x == "pot" else names[int(x)]  # type: ignore[call-overload]

        return f"{who(payer)} → {who(payee)} {amount} ({self._(PAYMENT_REASONS[str(why)])})"

    def written_text(self, d: Mapping[str, Any], names: Sequence[str]) -> str:
        """What the deal wrote on the sheet, in sentences (``written_lines``; in the pot
        game what was paid)."""
        _ = self._
        if "payments" in d:
            paid = " · ".join(self.payment_text(p, names) for p in d["payments"])
            pot = _("pot: {n}").format(n=d["kitty"])
            return _("Paid — {payments}.").format(payments=f"{paid} · {pot}" if paid else pot)
        lines = self.written_lines(d, names)
        return " ".join(line if line.endswith(".") else f"{line}." for line in lines)

    def written_lines(self, d: Mapping[str, Any], names: Sequence[str]) -> list[str]:
        """What the deal wrote on the sheet, a line per kind: ``Pulya: West +2``,
        ``Whists for tricks: You → West +8, East → West +4 (12 in all)``, a short
        whister's gora and why he pays (in the pot game: the payments, one line)."""
        _ = self._
        if "payments" in d:
            return [self.written_text(d, names)]
        lines = []
        for kind, entries in written_kinds(d):
            if kind == "over":
                parts = [self.entry_text(e, names) for e in entries]
            elif kind in ("pulya", "gora", "short"):
                parts = [f"{names[int(e['seat'])]} {int(e['amount']):+d}" for e in entries]
            else:
                parts = [
                    f"{names[int(e['seat'])]} → {names[int(e['on'])]} {int(e['amount']):+d}"
                    for e in entries
                ]
            text = ", ".join(parts)
            if kind not in ("pulya", "gora", "short", "over") and len(entries) > 1:
                total = sum(int(e["amount"]) for e in entries)
                text += " " + _("({n} in all)").format(n=total)
            if kind == "short":
                text += " — " + self.short_reason(d)
            lines.append(_(WRITTEN[kind]).format(entries=text))
        return lines or [_("Nothing written.")]

    def short_reason(self, d: Mapping[str, Any]) -> str:
        """Why a short whister writes into his gora: the tricks owed and taken, and what
        each whister answers for (alone: all of it; two: each his half, at 8 to 10 half
        the one trick)."""
        _ = self._
        declarer = int(d["declarer"])
        taken = [int(t) for t in d["taken"]]
        duty = whist_duty(contract_level(str(d["contract"])))
        side = sum(taken) - taken[declarer]
        whisters = [s for s, a in enumerate(d.get("answers", [])) if a == "whist"]
        text = _.ngettext(
            "{side} of the {duty} trick owed taken",
            "{side} of the {duty} tricks owed taken",
            duty,
        ).format(side=side, duty=duty)
        if len(whisters) < 2:
            why = _("the whister answers for all of it")
        elif duty == 1:
            why = _("each whister answers for half the trick")
        else:
            why = _("each whister answers for his half")
        return f"{text}; {why}"


def written_kinds(d: Mapping[str, Any]) -> list[tuple[str, list[Mapping[str, Any]]]]:
    """A deal's entries grouped by why they were written, in ``WRITTEN``'s order.

    ``sheet.write`` writes the declarer's pulya or gora first (a pulya that overflows:
    the other pulyas it closes with the whists for that help, his gora written off,
    the others' gora), then the whists for tricks (or a half-whist), the consolation
    on a failed contract (the last whists on the declarer, one from each other
    player) and last a short whister's gora; an all-pass writes pulya and gora (in
    Rostov whists)."""
    entries: list[Mapping[str, Any]] = list(d.get("entries", []))
    contract = d.get("contract")
    declarer = d.get("declarer")
    game = contract not in (None, "allpass") and declarer is not None
    kinds = [""] * len(entries)
    for i, e in enumerate(entries):
        if e["column"] == "gora" and int(e["amount"]) < 0:
            kinds[i] = "over"
        before = entries[i - 1] if i else None
        if (
            e["column"] == "whists"
            and before is not None
            and before["column"] == "pulya"
            and int(before["seat"]) == int(e["on"])
            and (not game or int(e["seat"]) == declarer)
        ):
            kinds[i - 1] = kinds[i] = "over"
    if game:
        assert declarer is not None and contract is not None
        d_seat = int(declarer)
        played = bool(d.get("played"))
        taken = d.get("taken", [])
        failed = (
            played and contract != MISERE and int(taken[d_seat]) < contract_level(str(contract))
        )
        on_declarer = [
            i
            for i, e in enumerate(entries)
            if not kinds[i] and e["column"] == "whists" and int(e["on"]) == d_seat
        ]
        if failed:
            for i in on_declarer[-(len(taken) - 1) :]:
                kinds[i] = "consolation"
        for i in on_declarer:
            kinds[i] = kinds[i] or ("tricks" if played else "half")
        whisters = {s for s, a in enumerate(d.get("answers", [])) if a == "whist"}
        short: set[int] = set()
        for i in reversed(range(len(entries))):
            e = entries[i]
            seat = int(e["seat"])
            if kinds[i] or e["column"] != "gora" or seat not in whisters or seat in short:
                break
            kinds[i] = "short"
            short.add(seat)
        for i, e in enumerate(entries):
            if not kinds[i] and e["column"] == "gora" and int(e["seat"]) != d_seat:
                kinds[i] = "over"
    for i, e in enumerate(entries):
        if not kinds[i]:
            column = str(e["column"])
            kinds[i] = (
                column if column in ("pulya", "gora") else "allpass" if not game else "tricks"
            )
    return [
        (kind, [e for e, k in zip(entries, kinds, strict=True) if k == kind])
        for kind in WRITTEN
        if kind in kinds
    ]
