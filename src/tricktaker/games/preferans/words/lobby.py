"""Preferans' options and rules in the players' words, for a lobby and a help screen."""

from __future__ import annotations

from tricktaker.core.i18n import N_
from tricktaker.core.options import Options, OptionSpec, OptionValue
from tricktaker.core.words import Lobby
from tricktaker.games.preferans.terms import Convention
from tricktaker.games.preferans.words.vocabulary import CONVENTIONS, Vocabulary

OPTION_HELP = {
    "rules": N_(
        "Sochi, Leningrad and Rostov are Russian preferans, written on a score sheet; the pot "
        "game is the old game, played for stakes paid into a pot."
    ),
    "pool": N_(
        "How long the game lasts: until every player's pulya reaches this number (in the pot "
        "game: this many deals)."
    ),
    "players": N_("With four players the dealer sits out of each deal."),
    "overtake": N_("A player who follows suit or trumps must beat the best card so far if he can."),
    # The house rules (docs/rules/preferans.md, "House rules").
    "failed": N_(
        "Leningrad: a failed contract writes its value into the gora for each trick short, or "
        "doubled: twice that, a caught misère 20 a trick, and a short whister the full value."
    ),
    "short_whister": N_(
        "Rostov: a whister who took less than his share writes half the contract's value into "
        "his gora for each trick short, or the full value."
    ),
    "lone_whist": N_(
        "Leningrad, when one defender whists and the other passes: the passer shares the "
        "whists for the defenders' tricks, or the whister alone writes them."
    ),
    "duty_split": N_(
        "Two whisters who together took less than they owe: greedy, each answers for the "
        "half he did not take (a partner's extra trick covers him); gentleman's, the two "
        "share what is missing equally."
    ),
    "ten_tricks": N_(
        "A ten-trick contract is whisted or passed like any other, or checked: both defenders "
        "play it out without whisting, owe nothing and write no whists for their tricks."
    ),
    "stalingrad": N_(
        "Stalingrad: a six of spades is always whisted by both defenders; nobody may pass or "
        "say half-whist."
    ),
    "allpass_progression": N_(
        "Whether each all-pass in a row costs more than the one before (1, 2, 3 times the "
        "price), or every all-pass costs the same."
    ),
    "allpass_exit": N_(
        "The lowest contract one may bid after one, two, three all-passes in a row."
    ),
    "allpass_end": N_(
        "Whether a run of all-passes ends with any contract, or only with one made: after a "
        "failed contract the bids still start high and the all-pass still costs more."
    ),
}

#: The options' names in the lobby (``core.protocol.OptionWords``).
OPTION_LABELS = {
    "rules": N_("Rules"),
    "pool": N_("Pulya (pool)"),
    "players": N_("Players"),
    "overtake": N_("Must overtake"),
    "failed": N_("Failed contract"),
    "short_whister": N_("Short whister"),
    "lone_whist": N_("One whists, one passes"),
    "duty_split": N_("Two whisters short"),
    "ten_tricks": N_("Ten-trick contract"),
    "stalingrad": N_("Stalingrad (six of spades whisted)"),
    "allpass_progression": N_("All-pass price"),
    "allpass_exit": N_("Bids after all-passes"),
    "allpass_end": N_("All-passes end with"),
}

#: The values' names in the lobby, but the conventions' (the sheet's: ``CONVENTIONS``).
CHOICE_LABELS = {
    ("players", 3): N_("three"),
    ("players", 4): N_("four, the dealer sitting out"),
    ("failed", "single"): N_("the value per trick"),
    ("failed", "double"): N_("doubled"),
    ("short_whister", "half"): N_("half the value"),
    ("short_whister", "full"): N_("the full value"),
    ("lone_whist", "shared"): N_("the passer shares the tricks"),
    ("lone_whist", "whister"): N_("only the whister writes"),
    ("duty_split", "greedy"): N_("greedy: each for his half"),
    ("duty_split", "gentleman"): N_("gentleman's: shared equally"),
    ("ten_tricks", "whisted"): N_("whisted like any other"),
    ("ten_tricks", "checked"): N_("checked, without whist"),
    ("allpass_progression", "rising"): N_("rising: 1, 2, 3"),
    ("allpass_progression", "flat"): N_("always the same"),
    ("allpass_exit", "convention"): N_("as the convention says"),
    ("allpass_exit", "6-6-6"): N_("from 6 always"),
    ("allpass_exit", "6-7-7"): N_("from 6, then 7, 7"),
    ("allpass_exit", "6-7-8"): N_("from 6, then 7, 8"),
    ("allpass_end", "any"): N_("any contract"),
    ("allpass_end", "made"): N_("a contract made"),
}

#: The summary of a table's rules (``core.protocol.RulesSummary``): the convention and
#: its pulya, then every option the table changed.
SUMMARY = N_("{convention}, pulya {pool}")
SUMMARY_POT = N_("Pot game, {pool} deals")
#: An option set at a table, as the summary and the rules' lines name it.
AGREED = N_("{option}: {value}")

#: The conventions' names in the lobby (the others are the sheet's: ``CONVENTIONS``).
POT_LABEL = N_("Pot game (old rules, for stakes)")
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

RULES_ALLPASS: dict[str, str] = {
    Convention.SOCHI: N_(
        "All-pass: each for himself, the fewest tricks best; the talon's cards set the suit of "
        "the first two tricks. Each trick goes into the gora at 1, then 2, then 3; the bids "
        "after it start at 6, 7, 7."
    ),
    Convention.LENINGRAD: N_(
        "All-pass: each for himself, the fewest tricks best; the talon's cards set the suit of "
        "the first two tricks. Each trick goes into the gora at 2, then 4, then 6; the bids "
        "after it start at 6, 7, 8."
    ),
    Convention.ROSTOV: N_(
        "All-pass: each for himself, without the talon; whoever took the fewest tricks writes "
        "5 whists (then 10, 15) for each trick of the others; the bids after it start at 6, 7, 7."
    ),
}

RULES_SHEET: dict[str, str] = {
    Convention.SOCHI: N_(
        "Sochi: a contract made goes into the pulya (6 = 2, 7 = 4, 8 = 6, 9 = 8, 10 = 10, "
        "misère 10), each trick short into the gora; whists per trick at the contract's value; "
        "responsible and greedy whist."
    ),
    Convention.LENINGRAD: N_(
        "Leningrad: a contract made goes into the pulya (6 = 2, 7 = 4, 8 = 6, 9 = 8, 10 = 10, "
        "misère 10), each trick short into the gora; whists doubled; half-responsible and "
        "gentleman's whist (the defenders share their tricks)."
    ),
    Convention.ROSTOV: N_(
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

RULES_OVERTAKE = N_(
    "Overtaking: a player who follows suit or trumps must beat the best card so far if he can."
)


class LobbyWords(Vocabulary):
    """The rules for the options chosen, and the options' names and values."""

    lobby = Lobby(labels=OPTION_LABELS, choices=CHOICE_LABELS, helps=OPTION_HELP)

    def rules(self, options: Options) -> list[str]:
        _ = self._
        convention = options.text("rules")
        pool = options.integer("pool")
        lines = [_(RULES_TABLE).format(game=self.title)]
        if convention == Convention.POT:
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
            *(self.agreed(spec, value) + "." for spec, value in self.changed(options)),
            _(RULES_END).format(pool=pool),
        ]

    def changed(self, options: Options) -> list[tuple[OptionSpec, OptionValue]]:
        """The options past the convention and the pulya that this table set away from
        their defaults, where they apply: the house rules agreed, four players."""
        return [
            (spec, options[spec.name])
            for spec in options.schema
            if spec.name not in ("rules", "pool")
            and options[spec.name] != spec.default
            and spec.applies(options)
        ]

    def rules_summary(self, options: Options) -> str:
        """The rules in force in one line (``core.protocol.RulesSummary``): the convention
        and the pulya, then each option changed, so every player sees them before the
        pulya starts."""
        _ = self._
        pool = options.integer("pool")
        convention = options.text("rules")
        rules = next(s for s in options.schema if s.name == "rules")
        if convention == Convention.POT:
            head = _(SUMMARY_POT).format(pool=pool)
        else:
            head = _(SUMMARY).format(convention=self.choice_label(rules, convention), pool=pool)
        parts = [head]
        parts += [self.agreed(spec, value) for spec, value in self.changed(options)]
        return "; ".join(parts)

    def agreed(self, spec: OptionSpec, value: OptionValue) -> str:
        """An option set at a table: "Failed contract: doubled", or a switch's name."""
        label = self.option_label(spec)
        if value is True:
            return label
        return self._(AGREED).format(option=label, value=self.choice_label(spec, value))

    def choice_label(self, spec: OptionSpec, value: object) -> str:
        """A value of the option in the lobby: the conventions by their names."""
        if spec.name == "rules" and value == Convention.POT:
            return self._(POT_LABEL)
        if spec.name == "rules" and isinstance(value, str) and value in CONVENTIONS:
            return self._(CONVENTIONS[value]).capitalize()
        return super().choice_label(spec, value)
