"""How a Preferans deal ended and what it scored: the log's line, the deal's lines, the
score sheet's row, and the game's settlement."""

from __future__ import annotations

from collections.abc import Sequence

from tricktaker.core.i18n import N_
from tricktaker.core.protocol import View
from tricktaker.core.summary import DealSummary
from tricktaker.games.preferans.deck import MISERE, contract_level
from tricktaker.games.preferans.words.vocabulary import signed
from tricktaker.games.preferans.words.written import WrittenWords

DOWN = {
    1: N_("down one"),
    2: N_("down two"),
    3: N_("down three"),
    4: N_("down four"),
    5: N_("down five"),
    6: N_("down six"),
    7: N_("down seven"),
    8: N_("down eight"),
    9: N_("down nine"),
    10: N_("down ten"),
}


class ResultWords(WrittenWords):
    """A finished deal, and the finished game."""

    def result_text(self, summary: DealSummary, names: Sequence[str]) -> str:
        """How the deal ended: ``six spades, declarer: West — down two, 4 tricks``."""
        _ = self._
        d = summary.details
        contract = d.get("contract")
        if contract is None:
            return _("all passed, the deal is thrown in and the pot stays")
        if contract == "allpass":
            taken = self.by_seat(d["taken"], names, dealt_in(summary, len(d["taken"])))
            return _("all-pass ({n} in a row), tricks: {tricks}").format(
                n=d.get("allpass_round", 1), tricks=taken
            )
        declarer = int(d["declarer"])
        head = _("{contract}, declarer: {name}").format(
            contract=self.contract_words(str(contract)), name=names[declarer]
        )
        return f"{head} — {self.outcome_text(summary)}"

    def outcome_text(self, summary: DealSummary) -> str:
        """Made, down, without play, misère clean or caught."""
        _ = self._
        d = summary.details
        if summary.end == "no_whist":
            return _("made without play: both defenders passed")
        if summary.end == "half_whist":
            return _("made without play: a half-whist")
        contract = str(d["contract"])
        n = int(d["taken"][int(d["declarer"])])
        if contract == MISERE:
            if n == 0:
                return _("a clean misère: no trick")
            return _.ngettext("misère caught: {n} trick", "misère caught: {n} tricks", n).format(
                n=n
            )
        need = 6 if "payments" in d else contract_level(contract)
        if n >= need:
            return _.ngettext("made: {n} trick", "made: {n} tricks", n).format(n=n)
        return _.ngettext("{down}: {n} trick", "{down}: {n} tricks", n).format(
            down=_(DOWN[need - n]), n=n
        )

    def final_text(self, returns: Sequence[float], winner: int | None, names: Sequence[str]) -> str:
        _ = self._
        balance = " · ".join(f"{names[s]} {signed(x, self._lang)}" for s, x in enumerate(returns))
        text = _("The game is over. Settlement: {balance}.").format(balance=balance)
        if winner is not None:
            text += " " + _("Best: {name}.").format(name=names[winner])
        return text

    def deal_lines(
        self, summary: DealSummary, names: Sequence[str], sides: Sequence[str]
    ) -> list[str]:
        """The finished deal: its result and what it wrote first (what a small screen shows
        without scrolling), then the bidding, the answers, the talon and every trick."""
        _ = self._
        d = summary.details
        result = self.result_text(summary, names)
        lines = [result[:1].upper() + result[1:], *self.written_lines(d, names)]
        bids = d.get("bids", [])
        if bids:
            said = ", ".join(f"{names[int(s)]} {self.word(str(w))}" for s, w in bids)
            lines.append(_("Bidding: {bids}").format(bids=said))
        answers = [(s, a) for s, a in enumerate(d.get("answers", [])) if a]
        if answers and d.get("contract") not in (None, "allpass", MISERE):
            said = ", ".join(f"{names[s]} {self.answer_word(a)}" for s, a in answers)
            lines.append(_("Answers: {answers}").format(answers=said))
        if d.get("talon"):
            lines.append(_("Talon: {cards}").format(cards=self.cards(d["talon"])))
        if d.get("played"):
            lines.append(self.tricks_line(d["taken"], names, dealt_in(summary, len(d["taken"]))))
        for i, trick in enumerate(d.get("played", [])):
            played = [(int(p.partition(":")[0]), p.partition(":")[2]) for p in trick]
            trick_data = {"trick": i + 1, "played": played, "winner": summary.tricks[i]}
            lines.append(self.trick_line(trick_data, names))
        return lines

    def sheet_header(self, sides: Sequence[str]) -> list[str]:
        _ = self._
        tricks = _("Tricks: {name}").format(name=sides[0])
        return [_("Deal"), _("Contract"), _("Result"), tricks, *sides[1:]]

    def sheet_row(self, summary: DealSummary, sides: Sequence[str]) -> list[str]:
        """One deal: its contract and declarer; how it ended and every number it wrote
        (the column that wraps); per player his tricks (in the pot game: his stakes won or
        lost, and after)."""
        _ = self._
        d = summary.details
        contract = d.get("contract")
        n = len(sides)
        if contract is None:
            head, result = "—", _("thrown in")
        elif contract == "allpass":
            head, result = _("all-pass"), _("{n} in a row").format(n=d.get("allpass_round", 1))
        else:
            head = f"{self.contract_short(str(contract))} · {sides[int(d['declarer'])]}"
            result = self.outcome_text(summary)
        if d.get("entries"):
            written = (x[:1].lower() + x[1:] for x in self.written_lines(d, sides))
            result += " — " + "; ".join(written)
        cells = []
        for s in range(n):
            if "payments" in d:
                won = sum(int(p[2]) for p in d["payments"] if p[1] == s)
                won -= sum(int(p[2]) for p in d["payments"] if p[0] == s)
                stakes = f"{won:+d} → {d['cash'][s]}"
                played = d.get("played") and s in dealt_in(summary, n)
                cells.append(f"{d['taken'][s]} · {stakes}" if played else stakes)
            elif d.get("played") and s in dealt_in(summary, n):
                cells.append(str(d["taken"][s]))
            else:
                cells.append("—")
        return [str(summary.number + 1), head, result, *cells]

    def match_result(self, view: View, sides: Sequence[str]) -> str:
        v = self.view_of(view)
        return self.final_text(v.balance, v.winner, sides)


def dealt_in(summary: DealSummary, players: int) -> list[int]:
    """The seats dealt in a finished deal: all but a sitting-out dealer."""
    return [s for s in range(players) if players == 3 or s != summary.dealer]
