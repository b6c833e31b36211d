"""Truco in its players' words, in each language of the app: calls, hints, log lines, results.

Pure functions of views, events and summaries (the Words protocol), shared by
the terminal and the web table; plain text, cards written by
``core.cardwords``. The calls are the game's own Portuguese shouts, kept in
every language but Spanish: a raise is named by the value it asks (“Truco!”,
“Seis!”, “Nove!”, “Dez!”, “Doze!”), “Desce!” accepts and “Corro” runs from a
raise; a Spanish table says its own (“¡Seis!”, “¡Quiero!”, “No quiero”).
The seed's Russian: «раздача» (the hand), «вира», «манильи» (зап, копас,
эспадилья, пика-фумо), «мао-де-онзе», «мао-де-ферро», «эмпате». The catalogs
are ``locale/<lang>/LC_MESSAGES/truco.po`` beside this module.

Russian verbs agree with their subject, and a seat may be «Вы»; so a seat's
(or a side's) name is only ever written where no verb has to agree with it:
before a colon («Запад: «Труко!»»), after one («ходит: Вы»), or in
parentheses.

Argentino and Gaúcho (the Spanish deck) sing their calls in Spanish (Gaúcho
answers in Portuguese) and have no manilhas. Their cards are written as every
game's are, by ``core.cardwords`` (``A♠``), never by Spanish names: the front
ends, told the deck by the view, rename every such card as a Spanish one (the
web's ``cards.js`` ``deckMessage``: "1 of swords"; the terminal's
``styling.deck_text``: ``1e``), so a card reads alike on the table, the buttons
and the log. Ranks alone are no cards, so the Spanish order's ranks are written
by their Spanish numbers (``3 2 1 12 11 10 7 6 5 4``).

A card played face down is "a card face down" in every line to everyone but
its player: the words read it from the view or the event as that observer got
it (a null card), so they cannot tell more than the engine told.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker.cards import parse_card
from tricktaker.core.actions import Action
from tricktaker.core.events import Event
from tricktaker.core.i18n import N_
from tricktaker.core.options import Options
from tricktaker.core.protocol import View
from tricktaker.core.summary import DealSummary, score_cells
from tricktaker.core.words import GameWords, Lobby, Source
from tricktaker.games.truco.cards import (
    ARGENTINO,
    ARGENTINO_TOP,
    MINEIRO_MANILHAS,
    ORDER,
    SPANISH_RANKS,
    manilha_rank,
    manilhas,
    strength_table,
)
from tricktaker.games.truco.options import SPANISH, game_points
from tricktaker.games.truco.outcomes import ELEVEN, GAME_POINTS, LADDERS
from tricktaker.games.truco.views import TrucoView

DOMAIN = "truco"
PACKAGE = "tricktaker.games.truco"
#: Ordinary ranks, high to low.
RANKS_HIGH_TO_LOW = ORDER[::-1]
#: The Spanish deck's ranks below its four top cards, high to low, by their Spanish
#: numbers (the same in every language): 3 2 1 12 11 10 7 6 5 4.
SPANISH_ORDER = " ".join(SPANISH_RANKS[r] for r in RANKS_HIGH_TO_LOW)
#: What a face-down card counts for when a trick's taker is worked out: below every card.
DOWN_STRENGTH = -1

#: A raise, named by the value it asks (the first raise of either ladder is “Truco!”).
RAISE_TEXTS = {
    3: N_("Truco! (3)"),
    4: N_("Truco! (4)"),
    6: N_("Seis! (6)"),
    9: N_("Nove! (9)"),
    10: N_("Dez! (10)"),
    12: N_("Doze! (12)"),
}
#: Argentino's and Gaúcho's calls: players say them in Spanish, whatever their language.
SPANISH_RAISES = {2: N_("Truco!"), 3: N_("Retruco!"), 4: N_("Vale cuatro!")}
CALL_TEXTS = {
    "envido": N_("Envido!"),
    "real": N_("Real envido!"),
    "falta": N_("Falta envido!"),
    "flor": N_("Flor!"),
    "contraflor": N_("Contraflor!"),
    "resto": N_("Contraflor al resto!"),
}
#: Argentino's and Gaúcho's calls in named groups of buttons (``core.protocol.GroupTitles``):
#: the answer, the envido, the flor, the truco and the mazo; the cards stay in the hand.
SPANISH_GROUPS = (
    (N_("Your answer"), ("accept", "refuse")),
    (N_("Envido"), ("envido", "real", "falta")),
    (N_("Flor"), ("flor", "contraflor", "resto")),
    (N_("Truco"), ("raise",)),
    (N_("Mazo"), ("fold",)),
)
QUIERO = N_("Quiero")
NO_QUIERO = N_("No quiero")
#: Gaúcho's answers and last raise, said in Portuguese (docs/rules/truco.md).
GAUCHO_WORDS = {"accept": N_("Quero"), "refuse": N_("Não quero"), 4: N_("Vale quatro!")}
SON_BUENAS = N_("Son buenas")
MAZO = N_("Me voy al mazo")
WON_BY_ENVIDO = N_("{side} +{n} with the envido, and the game with it")
WON_BY_FLOR = N_("{side} +{n} with the flor, and the game with it")
#: The four manilhas' names, the strongest (clubs) first.
MANILHA_NAMES = (N_("zap"), N_("copas"), N_("espadilha"), N_("pica-fumo"))
#: The hand played when one team alone is on 11 (Mineiro: on 10).
ELEVEN_NAMES = {"paulista": N_("hand of eleven"), "mineiro": N_("hand of ten")}
ELEVEN_TITLES = {"paulista": N_("Hand of eleven"), "mineiro": N_("Hand of ten")}
PHASE_TEXTS = {
    "decide": N_("a side on {at} decides: play or run"),
    "play": N_("playing a card"),
    "answer": N_("answering a raise"),
    "over": N_("the match is over"),
    "envido": N_("answering an envido"),
    "flor": N_("answering a flor"),
}
#: The options' names and values in the lobby (``core.protocol.OptionWords``).
OPTION_LABELS = {
    "variant": N_("Variant"),
    "players": N_("Players"),
    "match": N_("Match"),
    "flor": N_("Flor"),
    "points": N_("Points"),
}
CHOICE_LABELS = {
    ("variant", "paulista"): N_("Paulista"),
    ("variant", "mineiro"): N_("Mineiro"),
    ("variant", "argentino"): N_("Argentino"),
    ("variant", "gaucho"): N_("Gaúcho"),
    ("points", 15): N_("to 15"),
    ("points", 30): N_("to 30 (malas and buenas)"),
    ("players", 2): N_("two, one against one"),
    ("players", 4): N_("four, two against two"),
    ("players", 6): N_("six, three against three"),
    ("match", 1): N_("one game"),
    ("match", 3): N_("best of three"),
}
OPTION_HELP = {
    "variant": N_(
        "Paulista: a card turned up after the deal, the vira, gives the manilhas; raises to "
        "3, 6, 9, 12. Mineiro: the manilhas are always 4♣ 7♥ A♠ 7♦; raises to 4, 6, 10, 12. "
        "Argentino: the Spanish deck in a fixed order, the envido (and the flor, if chosen), "
        "truco 2, retruco 3, vale cuatro 4; a game to 30 or 15. Gaúcho: Argentino's game, "
        "answered in Portuguese; a game to 24, or 18 for two."
    ),
    "players": N_("Four or six players play in two teams, partners in alternate seats."),
    "match": N_(
        "How long the match lasts: one game (to 12 points; Argentino to 30 or 15, Gaúcho to "
        "24, or 18 for two), or the first to win two games."
    ),
    "flor": N_(
        "Argentino and Gaúcho: three cards of one suit are a flor, sung before the envido: 3 "
        "points, or a contest of flores (contraflor, contraflor al resto)."
    ),
    "points": N_("Argentino: a game to 30 points (15 malas, then 15 buenas), or to 15."),
}
#: Argentino's and Gaúcho's rules, in the order ``rules`` tells them.
RULES_SPANISH = (
    N_(
        "{game}: the Spanish deck of 40 cards (1 to 7, 10 sota, 11 caballo, 12 rey), three to "
        "each player. From high to low: 1 of espadas, 1 of bastos, 7 of espadas, 7 of oros, "
        "the 3s, 2s, the other 1s, 12s, 11s, 10s, the other 7s, 6s, 5s, 4s. In the notation "
        "espadas are ♠ (s), bastos ♣ (c), oros ♦ (d), copas ♥ (h); 1 is A, 10 Q, 11 J, 12 K."
    ),
    N_(
        "Envido, in the first trick before your card and before a truco is accepted: two "
        "cards of a suit count 20 plus their points (figures 0), else your best card. "
        "Envido 2, real envido 3, falta envido what the leader lacks to win; refused: 1, or "
        "the calls accepted before. The mano shows first; a player who cannot win says "
        "“Son buenas” and his count stays hidden; ties go to the player nearer the mano."
    ),
    N_(
        "Truco 2, retruco 3, vale cuatro 4; refused, the raisers score the stake before. "
        "“Me voy al mazo” gives the hand away (one point more while the envido is still "
        "open). Three tied tricks: the mano's side wins. No card is played face down."
    ),
)
RULES_FLOR = N_(
    "Flor: three cards of a suit must be sung, and cancel the envido: 3 points; an "
    "opponent's flor answers “con flor quiero” (best flor 4), “con flor me achico” "
    "(3 to the first), contraflor (6) or contraflor al resto (the falta)."
)
RULES_TARGET = N_("The first side to {n} points wins a game.")
RULES_TWO_GAMES = N_("Two games win the match.")
RULES_DECK = N_(
    "{game}: 40 cards (no 8, 9 or 10), three to each player. Ordinary ranks from high to "
    "low: {order}; equal ranks tie, whatever their suits."
)
RULES_VIRA = N_(
    "After the deal the next card is turned up: the vira. The rank after it in the cycle "
    "{cycle} (then 4 again) gives the four manilhas, above every other card, by suit: "
    "clubs (zap), hearts (copas), spades (espadilha), diamonds (pica-fumo)."
)
RULES_MINEIRO = N_(
    "No vira: the manilhas are always {cards} (zap, copas, espadilha, pica-fumo), above "
    "every other card; the other fours, sevens and aces keep their ordinary places."
)
RULES_TABLE = {
    2: N_(
        "Play passes to the right. The player who is not dealing leads the first trick; "
        "the deal alternates."
    ),
    4: N_(
        "Two teams of two, partners in alternate seats. Play passes to the right: the "
        "player on the dealer's right (the mão) leads the first trick, and the deal moves "
        "to the right."
    ),
    6: N_(
        "Two teams of three, partners in alternate seats. Play passes to the right: the "
        "player on the dealer's right (the mão) leads the first trick, and the deal moves "
        "to the right."
    ),
}
RULES_TRICKS = N_(
    "You need not follow suit: the highest card takes the trick and its player leads "
    "the next. Two tricks win the hand. From the second trick on a card may be played "
    "face down: it ranks below every card, and only its player sees it."
)
RULES_TIES = N_(
    "Equal top cards of the two teams tie the trick (empate): if the first trick ties, "
    "the second decides, then the third; a tie after a won first trick goes to the "
    "winner of the first; three ties: nobody scores. Whoever led a tied trick leads again."
)
RULES_RAISES = N_(
    "A hand is worth {base}. Before playing a card you may raise: {first}. The next "
    "opponent answers for his team: accept (Desce!), run (Corro: the raisers score the "
    "stake as it was, and the hand ends) or raise again: {more}. Only the team that "
    "received the last raise may raise next."
)
RULES_FOLD = N_("“Fold” gives the hand away: the other team scores its stake.")
RULES_ELEVEN = {
    2: N_(
        "{title}: when one player alone has {at} points, he decides before the first card: "
        "play (the hand is worth {value}, with no raise) or run (the opponent scores {run})."
    ),
    4: N_(
        "{title}: when one team alone has {at} points, its players see each other's cards "
        "and the first of them to act decides: play (the hand is worth {value}, with no "
        "raise) or run (the other team scores {run})."
    ),
}
RULES_IRON = N_(
    "Iron hand (mão de ferro): both on {at}: nobody sees his own cards; they are played "
    "blind, by their place; no raise; the winner of the hand wins the game."
)
RULES_GAME = {
    1: N_("The first side to 12 points wins."),
    3: N_("The first side to 12 points wins a game; two games win the match."),
}


def _verb(notation: str) -> str:
    """The verb of an action's notation (``"1:play 7h down"``)."""
    return notation.partition(":")[2].split()[0]


def variant_of(view: TrucoView) -> str:
    return str(view.options.get("variant", "paulista"))


def asked_value(view: TrucoView) -> int:
    """The value a raise by ``to_act`` would ask now (over a pending raise: the next rung)."""
    level = view.level + (2 if view.pending is not None else 1)
    return view.ladder[min(level, len(view.ladder) - 1)]


def trick_taker(
    plays: Sequence[tuple[int, int | None]],
    downs: Sequence[int],
    side: int,
    strength: Sequence[int],
) -> int:
    """The seat whose card took a trick won by ``side``: its highest, the first played if equal.

    A card face down (or not seen) ranks below every card."""
    best = DOWN_STRENGTH - 1
    seat = plays[0][0]
    for s, card in plays:
        if s % 2 != side:
            continue
        value = DOWN_STRENGTH if card is None or s in downs else strength[card]
        if value > best:
            best, seat = value, s
    return seat


class TrucoWords(GameWords[TrucoView]):
    """Truco's words in one language (the Words protocol)."""

    source = Source(DOMAIN, PACKAGE, N_("Truco"), TrucoView)
    lobby = Lobby(OPTION_LABELS, CHOICE_LABELS, OPTION_HELP)
    spectator_reads = 0  # a spectator reads seat 0's hint

    def raise_text(self, value: int, spanish: bool = False, gaucho: bool = False) -> str:
        """The shout that asks ``value``: “Truco! (3)”, “Seis! (6)”...; Argentino's
        “Truco!”, “Retruco!”, “Vale cuatro!” (Gaúcho's “Vale quatro!”)."""
        if gaucho and value == 4:
            return self._(GAUCHO_WORDS[4])
        if spanish and value in SPANISH_RAISES:
            return self._(SPANISH_RAISES[value])
        fixed = RAISE_TEXTS.get(value)
        return self._(fixed) if fixed is not None else self._("{n}!").format(n=value)

    def shout(self, v: TrucoView, value: int) -> str:
        """The raise asking ``value`` as the view's table says it: Brazil's shouts,
        Argentino's Spanish ones, Gaúcho's with its Portuguese “Vale quatro!”."""
        return self.raise_text(value, spanish=v.spanish, gaucho=variant_of(v) == "gaucho")

    def eleven_name(self, variant: str, title: bool = False) -> str:
        table = ELEVEN_TITLES if title else ELEVEN_NAMES
        return self._(table.get(variant, table["paulista"]))

    # ------------------------------------------------------------------ rules

    def rules(self, options: Options) -> list[str]:
        _ = self._
        players = options.integer("players")
        variant = options.text("variant")
        if variant in SPANISH:
            target = game_points(variant, options.integer("points"), players)
            lines = [_(RULES_SPANISH[0]).format(game=self.title), _(RULES_TABLE[players])]
            lines += [_(t) for t in RULES_SPANISH[1:]]
            if options.get("flor"):
                lines.append(_(RULES_FLOR))
            lines.append(_(RULES_TARGET).format(n=target))
            if options.integer("match") > 1:
                lines.append(_(RULES_TWO_GAMES))
            return lines
        ladder = LADDERS[variant]
        at, value, run = ELEVEN[variant]
        lines = [
            _(RULES_DECK).format(game=self.title, order=self.ranks(RANKS_HIGH_TO_LOW)),
            _(RULES_VIRA).format(cycle=self.ranks(ORDER))
            if variant == "paulista"
            else _(RULES_MINEIRO).format(cards=self.cards(MINEIRO_MANILHAS)),
            _(RULES_TABLE[players]),
            _(RULES_TRICKS),
            _(RULES_TIES),
            _(RULES_RAISES).format(
                base=ladder[0],
                first=self.raise_text(ladder[1]),
                more=", ".join(self.raise_text(v) for v in ladder[2:]),
            ),
            _(RULES_FOLD),
            _(RULES_ELEVEN[2 if players == 2 else 4]).format(
                title=self.eleven_name(variant, title=True),
                at=at,
                value=value,
                run=self.points(run),
            ),
            _(RULES_IRON).format(at=at),
            _(RULES_GAME[options.integer("match")]),
        ]
        return lines

    def phase(self, view: View) -> str:
        v = self.view_of(view)
        text = self._(PHASE_TEXTS.get(v.phase, PHASE_TEXTS["play"]))
        return text.format(at=ELEVEN[variant_of(v)][0])

    # ---------------------------------------------------------------- actions

    def action_label(self, action: Action, view: View) -> str:
        _ = self._
        v = self.view_of(view)
        verb, args = action.verb, action.args
        if verb == "play":
            return self.play_label(args, v)
        if v.spanish:
            gaucho = variant_of(v) == "gaucho"
            if verb == "raise":
                return self.shout(v, asked_value(v))
            if verb in CALL_TEXTS:
                return _(CALL_TEXTS[verb])
            if gaucho and verb in GAUCHO_WORDS:
                return _(GAUCHO_WORDS[verb])
            spanish = {"accept": QUIERO, "refuse": NO_QUIERO, "fold": MAZO}
            if verb in spanish:
                return _(spanish[verb])
        if verb == "raise":
            return self.raise_text(asked_value(v))
        if verb == "run":
            run = ELEVEN[variant_of(v)][2]
            return _("We run (they score {v})").format(v=self.points(run))
        simple = {
            "accept": _("Desce! (accept)"),
            "refuse": _("Corro (run from the raise)"),
            "fold": _("Fold"),
        }
        return simple.get(verb, str(action))

    def play_label(self, args: tuple[str, ...], v: TrucoView) -> str:
        _ = self._
        if not args:
            return _("We play (for {n})").format(n=v.value)
        if args[0].startswith("#"):
            return _("Card #{n} (blind)").format(n=args[0][1:])
        if len(args) > 1:
            return _("{card} face down").format(card=self.card(args[0]))
        return self.card(args[0])

    def action_help(self, action: Action, view: View, names: Sequence[str]) -> str | None:
        _ = self._
        v = self.view_of(view)
        verb, args = action.verb, action.args
        me = v.seat if v.seat is not None else action.seat
        team = v.players > 2
        if verb == "refuse" and v.raiser is not None:
            if team:
                return _(
                    "the raisers score {v}, the stake before the raise, and the hand ends"
                ).format(v=self.points(v.value))
            return _("{name} scores {v}, the stake before the raise, and the hand ends").format(
                name=names[v.raiser], v=self.points(v.value)
            )
        if verb == "accept" and v.pending is not None:
            return _("play on for {v}").format(v=self.points(v.pending))
        if verb == "raise":
            asked = asked_value(v)
            if v.pending is not None:
                return _("accept {p} and ask {n}: now the other side must answer").format(
                    p=v.pending, n=asked
                )
            return _("ask to play for {n}; if they run, your side scores {v}").format(
                n=asked, v=self.points(v.value)
            )
        if verb == "fold":
            other = 1 - me % 2
            points = GAME_POINTS - v.score[other] if v.iron else v.value
            if v.spanish and v.envido_state == "open" and not v.tricks and v.level == 0:
                points += 1  # the envido they could still have sung
            if team:
                return _("give up the hand: the other team scores {v}").format(
                    v=self.points(points)
                )
            return _("give up the hand: your opponent scores {v}").format(v=self.points(points))
        if verb == "run":
            return _("give up this hand unplayed")
        if verb == "play" and not args:
            return _("play the hand for {n}: no raise is allowed").format(n=v.value)
        if verb == "play" and args[0].startswith("#"):
            return _("nobody knows which card it is until it is played")
        if verb == "play" and len(args) > 1:
            return _("it ranks below every card, and only you see it")
        return None

    def is_private(self, action: Action) -> bool:
        return False

    # ------------------------------------------------- Argentino's groups of calls

    def action_groups(self, legal: Sequence[Action], view: View) -> list[list[list[Action | None]]]:
        """Argentino's and Gaúcho's calls, each kind a group of one row (``SPANISH_GROUPS``;
        a kind not offered now is an empty group, which front ends skip); none for Brazil's
        Truco, whose few buttons read by themselves."""
        if not self.view_of(view).spanish or all(a.verb == "play" for a in legal):
            return []
        return [[[a for a in legal if a.verb in verbs]] for _title, verbs in SPANISH_GROUPS]

    def group_titles(self, legal: Sequence[Action], view: View) -> list[str | None]:
        """The groups' names, in ``action_groups``' order."""
        if not self.action_groups(legal, view):
            return []
        return [self._(title) for title, _verbs in SPANISH_GROUPS]

    def groups_note(self, legal: Sequence[Action], view: View) -> str | None:
        return None

    # ----------------------------------------------------------------- events

    def event_text(self, event: Event, names: Sequence[str], sides: Sequence[str]) -> str | None:
        _ = self._
        d = event.data
        kind = event.kind
        if kind == "action" and event.action is not None:
            seat = event.seat if event.seat is not None else int(event.action.partition(":")[0])
            return f"{names[seat]}: {self.said(event.action, d)}"
        if kind == "count" and event.seat is not None:
            return f"{names[event.seat]}: {self.count_text(d)}"
        if kind == "deal":
            return self.deal_text(d, names, sides)
        if kind == "trick":
            if d["result"] == "tie":
                return _("Trick {n} is tied (empate).").format(n=d["trick"] + 1)
            return self.trick_won(d["trick"] + 1, names[d["leader"]])
        if kind == "deal_end":
            return _("Hand {n} over: {result}").format(
                n=d["deal"] + 1, result=self.summary_result(DealSummary.from_json(d), sides)
            )
        if kind == "game_end":
            score = d["score"]
            won = _("Game won by {side}: {x} — {y}").format(
                side=sides[d["side"]], x=score[0], y=score[1]
            )
            return won + "."
        if kind == "match_end":
            return self.match_text(int(d["winner"]), d["games"], sides)
        return None

    def deal_text(self, d: Mapping[str, Any], names: Sequence[str], sides: Sequence[str]) -> str:
        """A hand begins: its number, dealer, vira and manilhas, a hand of eleven, your cards."""
        _ = self._
        vira = parse_card(d["vira"]) if d.get("vira") else None
        variant = "paulista" if vira is not None else "mineiro"
        parts = [
            _("Hand {n}").format(n=d["deal"] + 1),
            self.dealer_is(names[d["dealer"]]),
        ]
        if vira is not None:
            parts.append(_("vira: {card}").format(card=self.card(vira)))
        if d.get("deck") != "spanish":
            parts.append(self.manilhas_text(vira))
        line = "— " + " · ".join(parts) + " —"
        if "eleven" in d:
            line += " " + f"{self.eleven_name(variant, title=True)}: {sides[d['eleven']]}."
        if d.get("iron"):
            line += " " + _("Iron hand: nobody sees his cards.")
        hand = d.get("hand")
        if hand and all(c is None for c in hand):
            line += " " + _("Your cards are hidden: play them blind, by their place.")
        elif hand:
            line += " " + self.your_cards(self.cards(hand))
        partners = d.get("partners", [])
        if partners:
            hands = [(int(s), [parse_card(c) for c in h]) for s, h in partners]
            line += " " + self.partners_text(hands, names)
        return line

    def partners_text(
        self, hands: Sequence[tuple[int, Sequence[int]]], names: Sequence[str]
    ) -> str:
        """Partners' hands in a hand of eleven, by name."""
        shown = "; ".join(f"{names[s]}: {self.cards(h)}" for s, h in hands)
        return self._.ngettext(
            "Your partner's cards — {hands}.", "Your partners' cards — {hands}.", len(hands)
        ).format(hands=shown)

    def manilhas_text(self, vira: int | None) -> str:
        return self._("manilhas: {cards}").format(cards=self.cards(manilhas(strength_table(vira))))

    def said(self, notation: str, d: Mapping[str, Any]) -> str:
        """What a seat said or did, as a log line's body (speech in quotes)."""
        _ = self._
        verb = _verb(notation)
        if "about" in d:  # Argentino and Gaúcho: the calls as players say them
            return self.quoted(self.spanish_said(verb, d))
        if verb == "play" and d.get("down"):
            if "card" not in d:
                return _("a card face down")
            return _("{card} face down").format(card=self.card(d["card"]))
        if verb == "play" and "slot" in d:
            return _("{card} (card #{n}, blind)").format(card=self.card(d["card"]), n=d["slot"])
        if verb == "play" and "card" in d:
            return self.card(d["card"])
        if verb == "play":
            return self.quoted(_("We play (for {n})").format(n=d.get("value", "")))
        if verb == "raise":
            return self.quoted(self.raise_text(int(d.get("value", 0))))
        if verb == "accept":
            line = self.quoted(_("Desce!"))
            return line + " " + _("(the hand is worth {n})").format(n=d.get("value", ""))
        if verb == "run":
            run = int(d.get("points", 0))
            return self.quoted(_("We run (they score {v})").format(v=self.points(run)))
        words = {"refuse": _("Corro!"), "fold": _("I fold")}
        return self.quoted(words.get(verb, verb))

    def spanish_said(self, verb: str, d: Mapping[str, Any]) -> str:
        """A call or an answer in Argentino, with what it is worth."""
        _ = self._
        n = d.get("value", d.get("points", ""))
        gaucho = d.get("speech") == "pt"
        if verb == "raise":
            text = self.raise_text(int(n or 0), spanish=True, gaucho=gaucho)
        elif verb in CALL_TEXTS:
            text = _(CALL_TEXTS[verb])
        elif gaucho and verb in GAUCHO_WORDS:
            text = _(GAUCHO_WORDS[verb])
        elif verb == "accept":
            text = _(QUIERO)
        elif verb == "refuse":
            text = _(NO_QUIERO)
        else:
            text = _(MAZO)
        return f"{text} ({n})"

    def count_text(self, d: Mapping[str, Any]) -> str:
        """A count said once an envido or a contest of flores is accepted, or "son buenas"."""
        _ = self._
        if d.get("buenas"):
            return self.quoted(_(SON_BUENAS))
        if d.get("what") == "flor":
            return self.quoted(_("Flor: {n}").format(n=d.get("count")))
        return self.quoted(_("Envido: {n}").format(n=d.get("count")))

    # --------------------------------------------------------------- results

    def summary_result(self, summary: DealSummary, sides: Sequence[str]) -> str:
        """Who scored what, and how the hand ended."""
        _ = self._
        if summary.winner is None:
            return _("drawn: three tied tricks; nobody scores")
        if summary.end in ("envido", "flor"):
            tantos = summary.details.get("tantos", ())
            n = tantos[-1]["points"] if tantos else 0
            text = WON_BY_ENVIDO if summary.end == "envido" else WON_BY_FLOR
            return _(text).format(side=sides[summary.winner], n=n)
        ends = {
            "refused": _("the other side ran from a raise"),
            "ran": _("the other side ran from the hand"),
        }
        return self.scored(summary, sides, ends)

    def play_text(self, seat: int, card: int | None, down: bool, names: Sequence[str]) -> str:
        """One card of a trick: ``West 7♣``, ``You 7♣ face down``, ``West a card face down``."""
        _ = self._
        if card is None:
            shown = _("a card face down")
        elif down:
            shown = _("{card} face down").format(card=self.card(card))
        else:
            shown = self.card(card)
        return f"{names[seat]} {shown}"

    def trick_line(
        self,
        n: int,
        plays: Sequence[tuple[int, int | None]],
        downs: Sequence[int],
        result: object,
        strength: Sequence[int],
        names: Sequence[str],
    ) -> str:
        cards = ", ".join(self.play_text(s, c, s in downs, names) for s, c in plays)
        if result is None:
            who = None
        elif result == "tie":
            who = self._("tied (empate)")
        else:
            who = names[trick_taker(plays, downs, int(str(result)), strength)]
        return self.trick_result(n + 1, cards, who)

    def deal_lines(
        self, summary: DealSummary, names: Sequence[str], sides: Sequence[str]
    ) -> list[str]:
        _ = self._
        details = summary.details
        vira = parse_card(details["vira"]) if details.get("vira") else None
        strength = ARGENTINO if details.get("deck") == "spanish" else strength_table(vira)
        lines = []
        played = details.get("played", [])
        for i, trick in enumerate(played):
            plays: list[tuple[int, int | None]] = []
            downs: list[int] = []
            for p in trick:
                seat, _sep, card = p.partition(":")
                if card == "down":
                    downs.append(int(seat))
                    plays.append((int(seat), None))
                else:
                    plays.append((int(seat), parse_card(card)))
            result = summary.tricks[i] if i < len(summary.tricks) else None
            lines.append(self.trick_line(i, plays, downs, result, strength, names))
        if not played:
            lines.append(self.no_card())
        lines.append(self.summary_result(summary, sides))
        if details.get("iron"):
            lines.append(_("Iron hand: the hand decided the game."))
        elif details.get("value") is not None:
            lines.append(self.stake(details["value"]))
        if vira is not None:
            lines.append(_("vira: {card}").format(card=self.card(vira)))
        score = details.get("score")
        if score is not None:
            lines.append(self.two_sides(_("Score after the hand: {a} {x} — {b} {y}"), score, sides))
        return lines

    def sheet_header(self, sides: Sequence[str]) -> list[str]:
        _ = self._
        return [_("Hand"), _("Stake"), _("Result"), sides[0], sides[1]]

    def sheet_row(self, summary: DealSummary, sides: Sequence[str]) -> list[str]:
        cells = score_cells(summary, summary.details.get("target", GAME_POINTS), self._("(game)"))
        value = summary.details.get("value", "")
        stake = self._("iron") if summary.details.get("iron") else str(value)
        return [str(summary.number + 1), stake, self.summary_result(summary, sides), *cells]

    def match_text(self, winner: int, games: Sequence[int], sides: Sequence[str]) -> str:
        if max(games) <= 1:
            return self._("Match won by {side}.").format(side=sides[winner])
        return self._("Match won by {side}: games {x} — {y}.").format(
            side=sides[winner], x=games[0], y=games[1]
        )

    def match_result(self, view: View, sides: Sequence[str]) -> str:
        v = self.view_of(view)
        winner = v.winner if v.winner is not None else 0
        return self.match_text(winner, v.games, sides)

    # ----------------------------------------------------------------- status

    def score_line(self, v: TrucoView, sides: Sequence[str]) -> str:
        _ = self._
        won = _("Game won by {side}: {x} — {y}")
        running = _("Score: {a} {x} — {b} {y} (game to {g})")
        score = self.race(v.score, sides, v.target, won, running)
        if v.games_to_win > 1:
            score += " · " + _("Games: {x} — {y} (best of three)").format(
                x=v.games[0], y=v.games[1]
            )
        return score

    def stake_line(self, v: TrucoView, names: Sequence[str], sides: Sequence[str]) -> str:
        _ = self._
        variant = variant_of(v)
        if v.iron:
            return _("Iron hand: the hand decides the game; nobody sees his cards, no raise")
        text = self.stake(v.value)
        if v.pending is not None and v.raiser is not None:
            text += " · " + _("raise ({name}): {shout}").format(
                shout=self.shout(v, v.pending), name=names[v.raiser]
            )
        if v.envido_state == "calling":
            calls = " ".join(_(CALL_TEXTS[c]) for c in v.envido)
            text += " · " + _("envido sung: {calls}").format(calls=calls)
        if v.flor:
            text += " · " + _(CALL_TEXTS[v.flor])
        if v.eleven is not None:
            text += " · " + f"{self.eleven_name(variant, title=True)}: {sides[v.eleven]}"
            text += " · " + _("no raise")
        elif v.level >= len(v.ladder) - 1:
            text += " · " + _("no higher raise")
        elif v.lock is not None and v.pending is None:
            text += " · " + _("next raise: {side}").format(side=sides[v.lock])
        return text

    def status(self, view: View, names: Sequence[str], sides: Sequence[str]) -> list[str]:
        _ = self._
        v = self.view_of(view)
        parts = [
            _("Hand {n}").format(n=v.deal_number + 1),
            self.dealer_is(names[v.dealer]),
        ]
        if v.vira is not None:
            parts.append(_("vira: {card}").format(card=self.card(v.vira)))
        if not v.spanish:
            parts.append(self.manilhas_text(v.vira))
        return [self.score_line(v, sides), " · ".join(parts), self.stake_line(v, names, sides)]

    def dealer_tag(self, v: TrucoView, seat: int) -> str:
        return self._("dealer")

    def tags(self, v: TrucoView, seat: int) -> list[str]:
        mao = seat == (v.dealer + 1) % v.players and not v.finished
        return [self._("mão")] if mao else []

    # ------------------------------------------------------------------ table

    def table_lines(self, view: View, names: Sequence[str], sides: Sequence[str]) -> list[str]:
        _ = self._
        v = self.view_of(view)
        strength = v.strength
        lines = [
            self.trick_line(i, plays, downs, result, strength, names)
            for i, (plays, downs, result) in enumerate(v.tricks)
        ]
        if v.next_to_play is not None and v.to_act is not None:
            title = self.trick_title(len(v.tricks) + 1)
            played = ", ".join(
                self.play_text(s, c, s in v.down_on_table, names) for s, c in v.on_table
            )
            lines.append(self.in_progress(title, played, names[v.next_to_play], lead_apart=False))
        if len(v.partners) > 1 and not v.finished:  # one partner: the hand note names him
            lines.append(self.partners_text(v.partners, names))
        return lines

    def hand_note(self, view: View) -> str | None:
        _ = self._
        v = self.view_of(view)
        if v.finished:
            return None
        if v.iron:
            return _("iron hand: nobody sees his cards; choose one by its place")
        if v.spanish:
            order = _("order: {top} · then {rest}").format(
                top=self.cards(ARGENTINO_TOP), rest=SPANISH_ORDER
            )
            if v.my_envido is None:
                return order
            note = order + " · " + _("your envido: {n}").format(n=v.my_envido)
            if v.my_flor:
                note += " · " + _("you hold a flor")
            return note
        tops = manilhas(v.strength)
        named = ", ".join(
            f"{self.card(c)} {_(name)}" for c, name in zip(tops, MANILHA_NAMES, strict=True)
        )
        skip = manilha_rank(v.vira) if v.vira is not None else ""
        rest = self.ranks("".join(r for r in RANKS_HIGH_TO_LOW if r != skip))
        note = _("manilhas: {cards} · then {order}").format(cards=named, order=rest)
        if v.partners:
            hands = " · ".join(self.cards(h) for _s, h in v.partners)
            note += " · " + _.ngettext(
                "your partner holds {cards}", "your partners hold {cards}", len(v.partners)
            ).format(cards=hands)
        return note

    # ------------------------------------------------------------------ hints

    def over(self) -> str:
        return self._("The match is over.")

    def waiting(self, v: TrucoView, name: str) -> str:
        _ = self._
        if v.phase == "answer":
            return _("{name} is answering the raise…").format(name=name)
        if v.phase == "envido":
            return _("{name} is answering the envido…").format(name=name)
        if v.phase == "flor":
            return _("{name} is answering the flor…").format(name=name)
        if v.phase == "decide":
            return _("{title}: play or run? Deciding: {name}…").format(
                title=self.eleven_name(variant_of(v), title=True), name=name
            )
        return self.thinking(name)

    def asked(self, v: TrucoView, legal: Sequence[Action], names: Sequence[str]) -> str:
        _ = self._
        variant = variant_of(v)
        _at, value, run = ELEVEN[variant]
        verbs = {a.verb for a in legal}
        if v.phase == "decide":
            text = _("{title}: play for {v} (no raise), or run and give {r}?").format(
                title=self.eleven_name(variant, title=True), v=value, r=self.points(run)
            )
            if v.partners:
                text += " " + _.ngettext(
                    "You see your partner's cards.",
                    "You see your partners' cards.",
                    len(v.partners),
                )
            return text
        if "flor" in verbs and len(verbs) == 1:
            return _("You hold a flor: sing it.")
        if v.phase == "envido":
            calls = " ".join(_(CALL_TEXTS[c]) for c in v.envido)
            sung = _(
                "Envido sung: {calls}. Quiero, no quiero, or raise it? Your envido: {n}."
            ).format(calls=calls, n=v.my_envido)
            return sung.replace("!.", "!")  # the last call's “!” ends the sentence
        if v.phase == "flor":
            return _(
                "A flor against yours ({call}): con flor quiero, con flor me achico, or raise it?"
            ).format(call=_(CALL_TEXTS[v.flor or "flor"]))
        if v.phase == "answer" and v.pending is not None and v.raiser is not None and v.spanish:
            text = _(
                "{name}: “{shout}” — the hand would be worth {n}. "
                "Quiero, or no quiero (they score {v})?"
            ).format(
                name=names[v.raiser],
                shout=self.shout(v, v.pending),
                n=v.pending,
                v=self.points(v.value),
            )
            if "raise" in verbs:
                text += " " + _("Or raise again: {shout}").format(
                    shout=self.shout(v, asked_value(v))
                )
            if "envido" in verbs:
                text += " " + _("The envido comes first: you may sing it now.")
            return text
        if v.phase == "answer" and v.pending is not None and v.raiser is not None:
            text = _(
                "{name}: “{shout}” — the hand would be worth {n}. Accept (Desce!) or run "
                "(Corro: they score {v})?"
            ).format(
                name=names[v.raiser],
                shout=self.raise_text(v.pending),
                n=v.pending,
                v=self.points(v.value),
            )
            if "raise" in verbs:
                text += " " + _("Or raise again: {shout}").format(
                    shout=self.raise_text(asked_value(v))
                )
            return text
        return self._play_hint(v, verbs)

    def _play_hint(self, v: TrucoView, verbs: set[str]) -> str:
        _ = self._
        if v.iron:
            return _("Iron hand: choose a card by its place; nobody sees it before it is played.")
        lead = not v.on_table
        text = self.your_card(lead)
        if "raise" in verbs:
            may = _("You may first raise: {shout}.").format(shout=self.shout(v, asked_value(v)))
            text += " " + may.replace("!.", "!")  # “Truco!” ends the sentence itself
        if "envido" in verbs:
            text += " " + _("You may sing envido (your envido: {n}).").format(n=v.my_envido)
        if v.tricks and not v.spanish:
            text += " " + _("A card may go face down.")
        return text
