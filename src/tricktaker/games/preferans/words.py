"""Preferans in its players' words, Russian and English: bids, whists, the sheet.

Pure functions of views, events and summaries (the Words protocol), shared by
the terminal and the web table; plain text, cards written by
``core.cardwords``. The Russian is the table's: «пуля», «гора», «висты»,
«прикуп», «снос», «вист», «пас», «полвиста», «в открытую», «в закрытую»,
«мизер», «распасы», «шесть пик», «семь без козыря», «без двух», and for
seed 002's pot game its own words: «раз», «игра», «червы», «здесь», «котёл»,
«ставки». The catalogs are ``locale/<lang>/LC_MESSAGES/preferans.po``.

Russian verbs agree with their subject, and a seat may be «Вы»; so a seat's
name is written only where no verb has to agree with it: before a colon
(«Запад: шесть пик»), after one («сдаёт: Вы»), or in a list.

**What the words may tell.** Every card played is public in preferans, and
so are the talon of a Russian contract, the talon cards that lead an
all-pass and hands laid open; the hands, the discard (face down) and the
talon of a misère or of the pot game are not. The words only ever name the
cards of the view and of the observer's own events, which hold no more.

**The sheet as it is drawn on paper** (``sheet_lines``): each player's pulya,
gora and whists on each opponent as running totals separated by dots
(«2.6.10»), as Russian players keep them; for the pot game the pot and each
player's stakes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker.cards import CARD_NAMES, parse_card
from tricktaker.core.actions import Action
from tricktaker.core.cardwords import SUITS as SUIT_SYMBOLS
from tricktaker.core.cardwords import card_label
from tricktaker.core.events import Event
from tricktaker.core.i18n import N_, Translator, label, translator
from tricktaker.core.options import Options, OptionSpec
from tricktaker.core.protocol import View
from tricktaker.core.summary import DealSummary
from tricktaker.games.preferans.deck import MISERE, POT_BIDS, contract_level
from tricktaker.games.preferans.pot import INVITER_PROMISE, WHIST_PROMISE
from tricktaker.games.preferans.sheet import min_level_after_allpass, whist_duty
from tricktaker.games.preferans.views import PreferansView

DOMAIN = "preferans"
PACKAGE = "tricktaker.games.preferans"
#: A strain's letter in the notation -> the card suit's letter (no trumps: none).
STRAIN_LETTERS = ("s", "c", "d", "h", "nt")
#: The pot game's number bids: the lowest trump each allows.
POT_NUMBER_SUIT = {"1": "s", "2": "c", "3": "d", "4": "h"}
#: A cell of the paper sheet is cut (from the left: the latest totals matter) past this.
PAPER_CELL = 28

CONVENTIONS = {
    "sochi": N_("Sochi"),
    "leningrad": N_("Leningrad"),
    "rostov": N_("Rostov"),
    "pot": N_("the pot game"),
}
PHASES = {
    "bidding": N_("bidding"),
    "discard": N_("the discard"),
    "declare": N_("the contract"),
    "whist": N_("whist or pass"),
    "whist_again": N_("whist or pass"),
    "open_or_closed": N_("open or closed"),
    "invite": N_("invite or play alone"),
}
LEVELS = {6: N_("six"), 7: N_("seven"), 8: N_("eight"), 9: N_("nine"), 10: N_("ten")}
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
#: Why a pot payment was made (pot.settle's reasons).
PAYMENT_REASONS = {
    "contract": N_("from the pot"),
    "tricks": N_("for tricks"),
    "failed": N_("failed contract"),
    "short": N_("whister short"),
    "hearts": N_("hearts premium"),
    "aces": N_("four aces"),
}
OPTION_HELP = {
    "rules": N_(
        "the convention: sochi, leningrad or rostov (Russian preferans written on a score "
        "sheet), or pot (the old game with a pot: stakes paid into it)"
    ),
    "pool": N_(
        "the pulya: the game ends when every player's pulya reaches it (in the pot game: "
        "the number of deals)"
    ),
    "players": N_("three players, or four with the dealer sitting out of each deal"),
    "overtake": N_(
        "pot game only (the Russian conventions ignore it): overtaking is compulsory, a player "
        "who follows suit or trumps must beat the best card so far if he can"
    ),
}
#: The options' names in the lobby (``core.protocol.OptionWords``).
OPTION_LABELS = {
    "rules": N_("Rules"),
    "pool": N_("Pulya (pool)"),
    "players": N_("Players"),
    "overtake": N_("Must overtake (pot)"),
}
#: The conventions' names in the lobby (the others are the sheet's: ``CONVENTIONS``).
POT_LABEL = N_("Pot")
#: The rows of the grid of bids (``action_groups``), by level; its columns are the strains.
GRID_LEVELS = (6, 7, 8, 9, 10)
RULES_TABLE = N_(
    "{game}: three players, or four with the dealer sitting out; 32 cards (7 to ace), 10 to "
    "each and 2 to the talon. Play goes clockwise: follow suit, else trump, else any card."
)
RULES_BIDDING = N_(
    "Bidding from 6♠ up (♠ ♣ ♦ ♥, then no trumps), each bid above the last; misère ranks "
    "between 8 NT and 9♠ and may only be a player's first bid; a pass is final."
)
RULES_TALON = N_(
    "The declarer takes the talon (shown to all, but not in misère), discards two cards face "
    "down and names a contract not below his bid."
)
RULES_WHIST = N_(
    "Each defender says whist or pass; the defenders owe 4 tricks against a six, 2 against a "
    "seven, 1 against eight and more. At 6 and 7 the second may say half-whist after a pass. "
    "A lone whister plays open (both defenders' hands laid open) or closed."
)
RULES_MISERE = N_(
    "Misère: the declarer must take no trick; the catchers lay their hands open after the "
    "first trick."
)
RULES_ALLPASS = {
    "sochi": N_(
        "All-pass: each for himself, the fewest tricks best; the talon's cards set the suit of "
        "the first two tricks. Each trick goes into the gora at 1, then 2, then 3; the bids "
        "after it start at 6, 7, 7."
    ),
    "leningrad": N_(
        "All-pass: each for himself, the fewest tricks best; the talon's cards set the suit of "
        "the first two tricks. Each trick goes into the gora at 2, then 4, then 6; the bids "
        "after it start at 6, 7, 8."
    ),
    "rostov": N_(
        "All-pass: each for himself, without the talon; whoever took the fewest tricks writes "
        "5 whists (then 10, 15) for each trick of the others; the bids after it start at 6, 7, 7."
    ),
}
RULES_SHEET = {
    "sochi": N_(
        "Sochi: a contract made goes into the pulya (6 = 2, 7 = 4, 8 = 6, 9 = 8, 10 = 10, "
        "misère 10), each trick short into the gora; whists per trick at the contract's value; "
        "responsible and greedy whist."
    ),
    "leningrad": N_(
        "Leningrad: a contract made goes into the pulya (6 = 2, 7 = 4, 8 = 6, 9 = 8, 10 = 10, "
        "misère 10), each trick short into the gora; whists doubled; half-responsible and "
        "gentleman's whist (the defenders share their tricks)."
    ),
    "rostov": N_(
        "Rostov: a contract made goes into the pulya (6 = 2, 7 = 4, 8 = 6, 9 = 8, 10 = 10, "
        "misère 10), each trick short into the gora; whists per trick at the contract's value; "
        "half-responsible whist."
    ),
}
RULES_END = N_(
    "The game ends when every pulya reaches {pool}. Settlement: the smallest gora is "
    "forgiven, each gora point is worth 10 whists shared among the others, and the whists "
    "are netted."
)
RULES_POT = N_(
    "Pot game (the old rules with a pot): each player pays 10 stakes into the pot at the "
    "start and whenever it is empty; the game lasts {pool} deals."
)
RULES_POT_BIDS = N_(
    "Bids: one to four (six tricks with the talon, trump at least ♠, ♣, ♦, ♥), game (six "
    "tricks without the talon, any trump but hearts, only as a first word) and hearts (six "
    "tricks in hearts without the talon: the bidding ends); a player outbid may say hold."
)
RULES_POT_WHIST = N_(
    "The talon is taken and discarded unseen. Each defender says whist (promising 2 tricks) "
    "or pass; if neither whists, the declarer takes 10 tricks without play; a lone whister "
    "may invite the other and then answers for 4 tricks. The declarer leads."
)
RULES_POT_PAY = N_(
    "The declarer takes 10 stakes from the pot and pays each whister a stake a trick; short "
    "of six he pays 20 into the pot; a whister short pays 10 into it. Premiums of 10 from "
    "each defender: hearts made, four aces."
)
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
RULES_OVERTAKE = N_(
    "Overtaking: a player who follows suit or trumps must beat the best card so far if he can."
)


def _v(view: View) -> PreferansView:
    """Preferans' own view (the protocol's View has only the common fields)."""
    if not isinstance(view, PreferansView):
        raise TypeError(f"Preferans' words need a Preferans view, not {type(view).__name__}")
    return view


def signed(x: float, lang: str) -> str:
    """A balance as players write it: whole numbers bare, else one decimal (a comma in
    Russian)."""
    if abs(x - round(x)) < 0.05:
        return f"{round(x):+d}"
    text = f"{x:+.1f}"
    return text.replace(".", ",") if lang == "ru" else text


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


class PreferansWords:
    """Preferans' words in one language (the Words protocol, and ``sheet_lines``)."""

    def __init__(self, lang: str) -> None:
        self._: Translator = translator(lang, DOMAIN, PACKAGE)
        self._lang = lang

    @property
    def lang(self) -> str:
        return self._lang

    @property
    def title(self) -> str:
        return self._("Preferans")

    # ---------------------------------------------------------------- pieces

    def card(self, card: int | str) -> str:
        return card_label(parse_card(card) if isinstance(card, str) else card, self._lang)

    def cards(self, cards: Sequence[int | str]) -> str:
        return " ".join(self.card(c) for c in cards)

    def suit(self, letter: str) -> str:
        """A suit as a word with its symbol: ``hearts ♥``."""
        _ = self._
        name = {"c": _("clubs"), "d": _("diamonds"), "h": _("hearts"), "s": _("spades")}[letter]
        return f"{name} {SUIT_SYMBOLS['cdhs'.index(letter)]}"

    def strain_word(self, strain: str) -> str:
        """A strain as a contract names it (Russian: the genitive, «шесть пик»)."""
        _ = self._
        return {
            "s": _.pgettext("contract", "spades"),
            "c": _.pgettext("contract", "clubs"),
            "d": _.pgettext("contract", "diamonds"),
            "h": _.pgettext("contract", "hearts"),
            "nt": _.pgettext("contract", "no trumps"),
        }[strain]

    def contract_words(self, contract: str) -> str:
        """A contract as it is said: ``six spades``, «семь без козыря», «мизер»."""
        _ = self._
        if contract == MISERE:
            return _("misère")
        level = contract_level(contract)
        strain = contract[len(str(level)) :]
        return _("{level} {strain}").format(level=_(LEVELS[level]), strain=self.strain_word(strain))

    def contract_short(self, contract: str) -> str:
        """A contract as it is written: ``6♠``, ``7 NT`` («7 БК»), ``Misère``."""
        _ = self._
        if contract == MISERE:
            return _("Misère")
        level = contract_level(contract)
        strain = contract[len(str(level)) :]
        if strain == "nt":
            return _("{level} NT").format(level=level)
        return f"{level}{SUIT_SYMBOLS['cdhs'.index(strain)]}"

    def pot_word(self, bid: str) -> str:
        """A pot-game bid as said at the table (seed 002): «раз», «игра», «червы», «здесь»."""
        _ = self._
        return {
            "1": _.pgettext("pot", "one"),
            "2": _.pgettext("pot", "two"),
            "3": _.pgettext("pot", "three"),
            "4": _.pgettext("pot", "four"),
            "game": _.pgettext("pot", "game"),
            "hearts": _.pgettext("pot", "hearts"),
            "hold": _.pgettext("pot", "hold"),
        }[bid]

    def word(self, said: str) -> str:
        """What a player said in the bidding, as it is said (the pot game's bids are words
        of their own, never a Russian contract's)."""
        if said == "pass":
            return self._("pass")
        if said in POT_BIDS or said == "hold":
            return self.pot_word(said)
        return self.contract_words(said)

    def answer_word(self, answer: str) -> str:
        """A defender's answer: ``whist``, ``pass``, ``half-whist``, ``invited``."""
        _ = self._
        words = {
            "whist": _("whist"),
            "pass": _("pass"),
            "half": _("half-whist"),
            "invited": _("invited"),
        }
        return words.get(answer, answer)

    def tricks_count(self, n: int) -> str:
        return self._.ngettext("{n} trick", "{n} tricks", n).format(n=n)

    def by_seat(self, values: Sequence[object], names: Sequence[str], seats: Sequence[int]) -> str:
        """``You 3 · West 5 · North 0`` for the seats given."""
        return " · ".join(f"{names[s]} {values[s]}" for s in seats)

    def plays(self, plays: Sequence[Sequence[Any]], names: Sequence[str]) -> str:
        return ", ".join(f"{names[int(s)]} {self.card(c)}" for s, c in plays)

    def convention(self, options: Mapping[str, Any]) -> str:
        return self._(CONVENTIONS[str(options.get("rules", "sochi"))])

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

    # ------------------------------------------------------------------ rules

    def rules(self, options: Options) -> list[str]:
        _ = self._
        convention = options.text("rules")
        pool = options.integer("pool")
        lines = [_(RULES_TABLE).format(game=self.title)]
        if convention == "pot":
            lines += [
                _(RULES_POT).format(pool=pool),
                _(RULES_POT_BIDS),
                _(RULES_POT_WHIST),
                _(RULES_POT_PAY),
            ]
            if options["overtake"]:
                lines.append(_(RULES_OVERTAKE))
            return lines
        return [
            *lines,
            _(RULES_BIDDING),
            _(RULES_TALON),
            _(RULES_WHIST),
            _(RULES_MISERE),
            _(RULES_ALLPASS[convention]),
            _(RULES_SHEET[convention]),
            _(RULES_END).format(pool=pool),
        ]

    def option_help(self, spec: OptionSpec) -> str:
        text = OPTION_HELP.get(spec.name)
        return self._(text) if text is not None else spec.help

    def option_label(self, spec: OptionSpec) -> str:
        """The option's name in the lobby (``core.protocol.OptionWords``)."""
        return label(self._, OPTION_LABELS, spec.name, spec.name)

    def choice_label(self, spec: OptionSpec, value: object) -> str:
        """A value of the option in the lobby: the conventions by their names."""
        if spec.name == "rules" and value == "pot":
            return self._(POT_LABEL)
        if spec.name == "rules" and isinstance(value, str) and value in CONVENTIONS:
            return self._(CONVENTIONS[value]).capitalize()
        return str(value)

    def action_groups(self, legal: Sequence[Action], view: View) -> list[list[list[Action | None]]]:
        """The Russian bids and contracts as players see them (``core.protocol.ActionGroups``):
        the pass apart, a grid of rows by level (6 to 10) and columns by strain (♠ ♣ ♦ ♥ NT),
        misère apart; nothing for other moments (and the pot game's own bids)."""
        grid: dict[tuple[int, str], Action] = {}
        misere: list[Action | None] = []
        passes: list[Action | None] = []
        for action in legal:
            if action.verb in ("bid", "declare") and len(action.args) == 1:
                said = action.args[0]
                if said == MISERE:
                    misere.append(action)
                    continue
                level = contract_level(said) if said[:1].isdigit() and len(said) > 1 else 0
                strain = said[len(str(level)) :]
                if level in GRID_LEVELS and strain in STRAIN_LETTERS:
                    grid[level, strain] = action
            elif action.verb == "pass":
                passes.append(action)
        if not grid:
            return []
        rows = [
            [grid.get((level, strain)) for strain in STRAIN_LETTERS]
            for level in GRID_LEVELS
            if any((level, strain) in grid for strain in STRAIN_LETTERS)
        ]
        return [group for group in ([passes], rows, [misere]) if group[0]]

    def phase(self, view: View) -> str:
        _ = self._
        v = _v(view)
        if v.finished:
            return _("the game is over") if v.pot else _("the pulya is closed")
        if v.phase in PHASES:
            return _(PHASES[v.phase])
        if v.phase == "over":
            return _("the deal is over")
        if v.contract is None:
            return _("all-pass: trick {n} of 10").format(n=v.trick_number)
        return _("trick {n} of 10").format(n=v.trick_number)

    # ---------------------------------------------------------------- actions

    def action_label(self, action: Action, view: View) -> str:
        _ = self._
        v = _v(view)
        verb, args = action.verb, action.args
        if verb == "play" and args:
            if action.owner is not None:
                return _("{card} from the open hand").format(card=self.card(args[0]))
            return self.card(args[0])
        if verb == "bid" and args:
            if args[0] in POT_NUMBER_SUIT or args[0] in ("game", "hearts"):
                return self.pot_word(args[0]).capitalize()
            return self.contract_short(args[0])
        if verb == "declare" and args:
            return self.contract_short(args[0])
        if verb == "discard" and len(args) == 2:
            return _("Discard {cards}").format(cards=self.cards(args))
        if verb == "pass" and v.phase == "invite":
            return _("Play alone")
        labels = {
            "pass": _("Pass"),
            "hold": self.pot_word("hold").capitalize(),
            "whist": _("Whist"),
            "half": _("Half-whist"),
            "open": _("Open"),
            "closed": _("Closed"),
            "invite": _("Invite"),
        }
        return labels.get(verb, str(action))

    def pair_label(self, verb: str, view: View) -> str | None:
        """The one button that sends the two cards chosen for the discard
        (``core.pairs.CardPairWords``)."""
        _ = self._
        return _("Discard") if verb == "discard" else None

    def action_help(self, action: Action, view: View, names: Sequence[str]) -> str | None:
        _ = self._
        v = _v(view)
        verb, args = action.verb, action.args
        if verb == "play" and action.owner is not None:
            return _("from the open hand of {name}: you play for both defenders").format(
                name=names[action.owner]
            )
        if verb == "bid" and args:
            return self._bid_help(args[0])
        if verb == "hold":
            return _("the same level as the bid over yours: its bidder must go higher or pass")
        if v.phase == "bidding" and verb == "pass":
            return _("a pass is final: you are out of this bidding")
        if v.phase == "whist_again":
            if verb == "whist":
                return _("take the whist back: you whist alone, the half-whist is off")
            return _("the half-whist stands: the contract is made without play")
        if v.phase == "whist":
            return self._answer_help(verb, v)
        helps = {
            "open": _("both defenders' hands are laid open and you play them both"),
            "closed": _("each defender plays his own cards, unseen"),
            "invite": _(
                "the other defender plays with you and answers for nothing; you answer for "
                "{n} tricks"
            ).format(n=INVITER_PROMISE),
            "pass": _("you play alone: the other defender's cards are out of play"),
        }
        return helps.get(verb) if v.phase in ("open_or_closed", "invite") else None

    def _bid_help(self, bid: str) -> str | None:
        _ = self._
        if bid in POT_NUMBER_SUIT:
            return _("six tricks with the talon, trump {suit} or higher").format(
                suit=self.suit(POT_NUMBER_SUIT[bid])
            )
        if bid == "game":
            return _("six tricks without the talon, any trump but hearts")
        if bid == "hearts":
            return _("six tricks without the talon, hearts trump: the bidding ends")
        if bid == MISERE:
            return _("take no trick at all; misère is only ever a first bid")
        return None

    def _answer_help(self, verb: str, v: PreferansView) -> str | None:
        _ = self._
        if v.pot:
            if verb == "whist":
                return _("you promise {n} tricks; if neither whists, the declarer takes 10").format(
                    n=WHIST_PROMISE
                )
            return _("if neither whists, the declarer takes 10 tricks without play")
        if v.contract is None or v.contract == MISERE:
            return None
        duty = whist_duty(contract_level(v.contract))
        if verb == "whist":
            return _.ngettext(
                "you play against the contract: the whisters must take {n} trick",
                "you play against the contract: the whisters must take {n} tricks",
                duty,
            ).format(n=duty)
        if verb == "half":
            return _(
                "the contract is made without play and you write half the whists, unless the "
                "first defender takes the whist back"
            )
        return _("if both defenders pass, the contract is made without play")

    def is_private(self, action: Action) -> bool:
        return False

    # ----------------------------------------------------------------- events

    def event_text(self, event: Event, names: Sequence[str], sides: Sequence[str]) -> str | None:
        _ = self._
        d = event.data
        kind = event.kind
        if kind == "deal":
            return self.deal_text(d, names)
        if kind == "action":
            return self.action_text(event, names)
        if kind == "talon" and event.seat is not None:
            name = names[event.seat]
            if d.get("shown"):
                return _("Talon: {cards} (taken by {name}).").format(
                    cards=self.cards(d["cards"]), name=name
                )
            if d.get("cards"):
                return _("Talon, seen by you alone: {cards}.").format(cards=self.cards(d["cards"]))
            return _("The talon is taken face down by {name}.").format(name=name)
        if kind == "show":
            hands = "; ".join(f"{names[int(s)]}: {self.cards(h)}" for s, h in d["hands"])
            if d.get("why") == "misere":
                return _("The catchers lay their hands open — {hands}.").format(hands=hands)
            return _("Hands laid open — {hands}.").format(hands=hands)
        if kind == "out" and event.seat is not None:
            return _("{whister} whists alone: the hand of {name} is out of play.").format(
                whister=names[int(d["alone"])], name=names[event.seat]
            )
        if kind == "talon_lead":
            return _("All-pass, trick {n}: the talon's {card} sets the suit.").format(
                n=d["trick"], card=self.card(d["talon_card"])
            )
        if kind == "trick":
            text = self.trick_line(d, names) + "."
            if d.get("talon_card") and int(d["trick"]) == 2:
                text += " " + _("First hand leads the third trick.")
            return text
        if kind == "deal_end":
            summary = DealSummary.from_json(d)
            return _("Deal {n} over: {result}. {written}").format(
                n=summary.number + 1,
                result=self.result_text(summary, names),
                written=self.written_text(d, names),
            )
        if kind == "match_end":
            return self.final_text(d["returns"], d.get("winner"), names)
        return None

    def deal_text(self, d: Mapping[str, Any], names: Sequence[str]) -> str:
        """A deal begins: its number and dealer, who sits out, the all-pass streak (no hand:
        the observer sees his own cards)."""
        _ = self._
        dealer = names[int(d["dealer"])]
        parts = [_("Deal {n}").format(n=int(d["deal"]) + 1)]
        if len(d.get("active", ())) < len(names):
            parts.append(_("deals and sits out: {name}").format(name=dealer))
        else:
            parts.append(_("dealer: {name}").format(name=dealer))
        streak = int(d.get("allpass", 0))
        if streak:
            parts.append(_("all-passes in a row: {n}").format(n=streak))
        if "kitty" in d:
            parts.append(_("pot: {n}").format(n=d["kitty"]))
        return "— " + " · ".join(parts) + " —"

    def action_text(self, event: Event, names: Sequence[str]) -> str | None:
        """A word said at the table; a card played is told with its trick, not alone."""
        _ = self._
        if event.seat is None or event.action is None:
            return None
        name = names[event.seat]
        verb, _sep, rest = event.action.partition(":")[2].partition(" ")
        if verb == "play":
            return None
        if verb == "bid":
            return f"{name}: {self.word(rest)}"
        if verb == "discard":
            cards = event.data.get("cards")
            if cards:
                return _("{name}: discard {cards}, face down").format(
                    name=name, cards=self.cards(cards)
                )
            return _("{name}: discard, two cards face down").format(name=name)
        if verb == "declare":
            return _("{name}: the contract is {contract}").format(
                name=name, contract=self.contract_words(rest)
            )
        words = {
            "pass": _("pass"),
            "hold": self.pot_word("hold"),
            "whist": _("whist"),
            "half": _("half-whist"),
            "open": _("open"),
            "closed": _("closed"),
            "invite": _("I invite"),
        }
        return f"{name}: {words.get(verb, verb)}"

    def trick_line(self, d: Mapping[str, Any], names: Sequence[str]) -> str:
        """A finished trick, card by card (every card played is public)."""
        _ = self._
        head = _("Trick {n}").format(n=d["trick"])
        if d.get("talon_card"):
            head += " " + _("(talon: {card})").format(card=self.card(d["talon_card"]))
        winner = d["winner"]
        taker = names[int(winner)] if isinstance(winner, int) else _("nobody")
        return f"{head}: {self.plays(d['played'], names)} → {taker}"

    # --------------------------------------------------------------- results

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
            taken = self.by_seat(d["taken"], names, dealt_in(summary, len(d["taken"])))
            lines.append(_("Tricks: {tricks}").format(tricks=taken))
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
        v = _v(view)
        return self.final_text(v.balance, v.winner, sides)

    # --------------------------------------------------------- the paper sheet

    def sheet_lines(
        self, view: View, deals: Sequence[DealSummary], names: Sequence[str]
    ) -> list[str]:
        """The score sheet as it is drawn on paper, in monospace lines: per player (a
        column) his pulya, his gora and his whists on each opponent as running totals
        («2.6.10»), and the balance as if the game were settled now. The pot game: the
        pot, and each player's stakes after each deal."""
        _ = self._
        v = _v(view)
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

    # ----------------------------------------------------------------- status

    def status(self, view: View, names: Sequence[str], sides: Sequence[str]) -> list[str]:
        _ = self._
        v = _v(view)
        seats = range(v.players)
        if v.pot:
            cash = " · ".join(f"{names[s]} {v.cash[s]:+d}" for s in seats)
            first = _("Stakes: {stakes} · pot {kitty}").format(stakes=cash, kitty=v.kitty)
            deal = _("Deal {n} of {pool}").format(
                n=min(v.deal_number + 1, int(v.options["pool"])), pool=v.options["pool"]
            )
        else:
            balance = " · ".join(f"{names[s]} {signed(v.balance[s], self._lang)}" for s in seats)
            first = _("If the pulya were closed now (in whists): {balance}").format(balance=balance)
            deal = _("Deal {n}").format(n=v.deal_number + 1)
        lines = [
            first,
            " · ".join(
                [
                    deal,
                    _("dealer: {name}").format(name=names[v.dealer]),
                    self.convention(v.options),
                ]
            ),
        ]
        if not v.pot and v.allpass and not v.finished:
            low = min_level_after_allpass(str(v.options["rules"]), v.allpass)
            lines.append(
                _("All-passes in a row: {n}; bids from {low}").format(
                    n=v.allpass, low=self.contract_short(f"{low}s")
                )
            )
        if v.phase == "play" and not v.finished:
            lines.append(
                _("Tricks: {tricks}").format(tricks=self.by_seat(v.taken, names, v.active))
            )
        return lines

    def seat_tags(self, view: View, seat: int) -> list[str]:
        _ = self._
        v = _v(view)
        tags = []
        if seat == v.dealer:
            tags.append(_("deals, sits out") if seat not in v.active else _("dealer"))
        if v.finished or seat not in v.active:
            return tags
        if seat == v.declarer:
            tags.append(_("misère") if v.contract == MISERE else _("declarer"))
        answer = v.answers[seat]
        if seat == v.out_seat:
            tags.append(_("out of play"))
        elif answer:
            tags.append(self.answer_word(answer))
        if v.phase == "bidding":
            said = [w for s, w in v.bids if s == seat]
            if said:
                tags.append(self.bid_short(said[-1]))
        if v.phase == "play":
            tags.append(self.tricks_count(v.taken[seat]))
        return tags

    def bid_short(self, said: str) -> str:
        """A bid as a tag: ``6♠``, ``pass``, «раз»."""
        if said == "pass":
            return self._("pass")
        if said in POT_BIDS or said == "hold":
            return self.pot_word(said)
        return self.contract_short(said)

    # ------------------------------------------------------------------ table

    def table_lines(self, view: View, names: Sequence[str], sides: Sequence[str]) -> list[str]:
        _ = self._
        v = _v(view)
        lines: list[str] = []
        if v.bids and v.phase == "bidding":
            said = ", ".join(f"{names[s]} {self.bid_short(w)}" for s, w in v.bids)
            lines.append(_("Bidding: {bids}").format(bids=said))
        if v.declarer is not None:
            if v.contract is not None:
                line = _("Contract: {contract} · declarer: {name}").format(
                    contract=self.contract_words(v.contract), name=names[v.declarer]
                )
            else:
                line = _("Bid: {bid} · declarer: {name}").format(
                    bid=self.top_bid(v) or "—", name=names[v.declarer]
                )
            whisting = [names[s] for s in v.whisters]
            if whisting:
                line += " · " + _("whist: {names}").format(names=", ".join(whisting))
            lines.append(line)
        elif v.phase == "play":
            lines.append(_("All-pass: each for himself, the fewest tricks best"))
        if v.talon:
            lines.append(_("Talon: {cards}").format(cards=self.cards(v.talon)))
        if v.discard:
            lines.append(_("Your discard: {cards}").format(cards=self.cards(v.discard)))
        for s, hand in v.open_hands:
            lines.append(_("Open — {name}: {cards}").format(name=names[s], cards=self.cards(hand)))
        if v.last_trick:
            winner = v.last_winner
            taker = names[winner] if isinstance(winner, int) else _("nobody")
            lines.append(
                _("Last trick: {cards} → {name}").format(
                    cards=self.plays(v.last_trick, names), name=taker
                )
            )
        if v.phase == "play" and v.to_act is not None:
            lines.append(self.trick_now(v, names))
        return lines

    def top_bid(self, v: PreferansView) -> str | None:
        """The highest bid so far, as written, with its bidder's hold if any."""
        for _s, w in reversed(v.bids):
            if w not in ("pass", "hold"):
                return self.bid_short(w)
        return None

    def trick_now(self, v: PreferansView, names: Sequence[str]) -> str:
        """The trick in progress and whose card is due (an open whister plays for two)."""
        _ = self._
        line = _("Trick {n}").format(n=v.trick_number)
        if v.talon_lead is not None:
            line += " " + _("(talon: {card})").format(card=self.card(v.talon_lead))
        due = due_seat(v)
        if v.on_table:
            line += ": " + self.plays(v.on_table, names)
            line += " · " + _("to play: {name}").format(name=names[due])
        else:
            line += " · " + _("to lead: {name}").format(name=names[due])
            rostov = v.options.get("rules") == "rostov"
            if v.contract is None and v.last_trick and v.trick_number == 3 and not rostov:
                line += " " + _("(first hand leads the third trick)")
        if v.to_act is not None and due != v.to_act:
            line += " " + _("(played by {name})").format(name=names[v.to_act])
        return line

    def hand_note(self, view: View) -> str | None:
        _ = self._
        v = _v(view)
        if v.finished or v.seat is None:
            return None
        if v.phase == "discard" and v.seat == v.declarer:
            return _("the talon is in your hand: discard two cards")
        if v.seat in v.whisters and any(s != v.seat for s, _h in v.open_hands):
            return _("you also play the open hand of the other defender")
        return None

    # ------------------------------------------------------------------ hints

    def hint(self, view: View, legal: Sequence[Action], names: Sequence[str]) -> str:
        _ = self._
        v = _v(view)
        actor = v.to_act
        if actor is None or v.finished:
            return _("The game is over.")
        if actor != v.seat:
            return _("{name} is thinking…").format(name=names[actor])
        phase = v.phase
        if phase == "bidding":
            return self._bidding_hint(v, legal, names)
        if phase == "discard":
            if v.contract == MISERE:
                return _("Discard two cards face down; then take no trick: misère.")
            return _("Discard two cards face down.")
        if phase == "declare":
            low = legal[0].args[0] if legal and legal[0].args else v.min_bid
            return _("Name your contract: {low} or higher.").format(low=self.contract_short(low))
        if phase == "whist":
            return self._whist_hint(v)
        if phase == "whist_again":
            return _(
                "The other defender said half-whist: whist (you play alone) or pass (the "
                "half-whist stands)."
            )
        if phase == "open_or_closed":
            return _("You whist alone: open or closed?")
        if phase == "invite":
            return _("You whist alone: invite the other defender, or play alone?")
        return self._play_hint(v, legal, names)

    def _bidding_hint(self, v: PreferansView, legal: Sequence[Action], names: Sequence[str]) -> str:
        _ = self._
        offers = [self.action_label(a, v) for a in legal if a.verb != "pass"]
        if v.pot:
            text = _("Your word: {bids} or pass.").format(bids=", ".join(offers))
        elif offers:
            text = _("Your word: {low} or higher, or pass.").format(low=offers[0])
        else:
            text = _("Your word: only a pass is left.")
        top = self.top_bid(v)
        if top is not None:
            holder = next(s for s, w in reversed(v.bids) if w != "pass")
            text = _("Top bid: {bid} ({name}).").format(bid=top, name=names[holder]) + " " + text
        return text

    def _whist_hint(self, v: PreferansView) -> str:
        _ = self._
        contract = self.contract_words(v.contract) if v.contract else "—"
        if v.pot:
            return _("Whist or pass against {contract}? A whister promises {n} tricks.").format(
                contract=contract, n=WHIST_PROMISE
            )
        duty = whist_duty(contract_level(v.contract)) if v.contract else 1
        return _.ngettext(
            "Whist or pass against {contract}? The whisters must take {n} trick.",
            "Whist or pass against {contract}? The whisters must take {n} tricks.",
            duty,
        ).format(contract=contract, n=duty)

    def _play_hint(self, v: PreferansView, legal: Sequence[Action], names: Sequence[str]) -> str:
        _ = self._
        n = v.trick_number
        owner = legal[0].owner if legal else None
        if v.talon_lead is not None:
            led: str | None = CARD_NAMES[v.talon_lead][1]
        else:
            led = CARD_NAMES[v.on_table[0][1]][1] if v.on_table else None
        if led is None:
            text = _("Your lead (trick {n}): any card.").format(n=n)
        elif legal and all(a.args and a.args[0][1] == led for a in legal):
            text = _("Your turn (trick {n}): follow suit, {suit}.").format(n=n, suit=self.suit(led))
        elif no_trump(v):
            text = _("Your turn (trick {n}): no card of the suit led: any card.").format(n=n)
        else:
            text = _("Your turn (trick {n}): no {suit}, trump if you can.").format(
                n=n, suit=self.suit(led)
            )
        if owner is not None:
            text += " " + _("The card is due from the open hand of {name}.").format(
                name=names[owner]
            )
        if v.contract == MISERE and v.seat == v.declarer:
            text += " " + _("Misère: take no trick.")
        return text


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


def dealt_in(summary: DealSummary, players: int) -> list[int]:
    """The seats dealt in a finished deal: all but a sitting-out dealer."""
    return [s for s in range(players) if players == 3 or s != summary.dealer]


def no_trump(v: PreferansView) -> bool:
    """No trump in play: a no-trump contract, misère, an all-pass."""
    return v.contract is None or v.contract == MISERE or v.contract.endswith("nt")


def due_seat(v: PreferansView) -> int:
    """Whose card the trick waits for (an open whister may play it for him)."""
    active = list(v.active)
    if v.on_table:
        i = active.index(v.on_table[-1][0])
        nxt = active[(i + 1) % 3]
        if nxt == v.out_seat:
            nxt = active[(i + 2) % 3]
        return nxt
    if not v.last_trick:  # the first lead: first hand's, the declarer's in the pot game
        return v.declarer if v.pot and v.declarer is not None else active[0]
    if v.contract is None and v.options.get("rules") != "rostov" and v.trick_number <= 3:
        return active[0]  # an all-pass led from the talon: first hand leads the third too
    return _taker(v)


def _taker(v: PreferansView) -> int:
    winner = v.last_winner
    return winner if isinstance(winner, int) else v.active[0]


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
