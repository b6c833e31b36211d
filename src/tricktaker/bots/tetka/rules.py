"""The ``rules`` level for Tetka: seed 004's advice written down as one small cost model.

Every card the bot may play gets a cost in marks, and it plays the cheapest:

    cost(card) = P(the card takes the trick) * marks the trick would bring
                 - what keeping the card would cost later

* *What the trick would bring*: the queens and the photo card already on the
  table, the card itself when it is a queen or the photo card, a mark when
  this is the counting trick or the last (13th) trick, a share for the
  most-tricks mark and the lead that comes with a trick, and the mark cards
  the players still to play are likely to drop on it: a queen (or the photo
  card) of the led suit below our card, or any mark card from a player void
  in the suit. So a high card in second or third seat, which invites a queen
  dump (the seed's warning), costs what the dump would.
* *P(the card takes the trick)*: nil for a card that cannot (off suit, or
  below the card winning the trick); one in fourth seat above it; otherwise
  each unseen higher card of the suit, if it lies with a player still to
  play, beats ours one time in five. The bot remembers every card played
  this deal (its memory, :mod:`tricktaker.bots.tetka.model`), so it knows
  which queens and high cards are out and who has shown void.
* *What keeping the card costs*: a queen, the photo card, and high cards
  (by the share of the unseen cards of their suit they beat; more for a king
  or ace while that suit's queen is out: they would catch her) are trouble
  to hold; low cards are worth keeping, to duck with later.

From this most of the seed's advice follows without special cases: shed
queens (and the photo card) onto tricks someone else takes, the most
dangerous first (a queen that beats most of the unseen cards of her suit,
so that nothing is left to overtake her); lead low cards, in suits where no
one has shown void (nobody can drop a queen on them) and whose queen is out
or above the card led; in second and third seat duck under the winning card
with the highest card that stays below it, or, when every card of the suit
is higher, play a middle one rather than a king or ace. One rule is written
out as the seed gives it: in fourth seat the bot takes a clean trick (no
queen, no photo card, neither the counting nor the last trick) with its
highest card of the suit, so as not to be forced later to take a queen with
it, though never with its own queen or photo card; a marked trick it ducks
with the highest card that ducks. Under ``revoke=penalized`` the bot follows
suit whenever it can: it never revokes on purpose.

The bot does not aim its queens at a particular player (such as the one
leading in marks): in second and third seat nobody knows yet who will take
the trick, and in fourth seat a queen is shed whenever she can be.

The numbers (:class:`Params`) were set by duplicate self-play, a variant in
one seat against the defaults in the other three. The bot uses no chance at
all (ties go to the higher card, keeping the lower ones to duck with), so it
is deterministic given any rng.

Against ``random`` (duplicate sets: one deal played four times, ``rules`` in
each seat in turn and ``random`` in the other three; a deal's points are
``random``'s mean marks minus ``rules``' marks, so positive is better for
``rules``; 95% intervals over the sets)::

    tricktaker arena tetka --bots rules,random --deals 10000 --seed 1 --json

gives +1.617 marks per deal (95% interval +1.586 .. +1.648) of the 8 a deal
hands out, and a win rate against each random seat of 75.5% (73.7% .. 77.1%).
The same command with ``--bots random,random`` gives +0.003 (-0.037 .. +0.043)
and 50.0% (48.0% .. 51.9%).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tricktaker.bots.base import RulesLevel
from tricktaker.bots.tetka.model import SEATS, Knowledge, read
from tricktaker.cards import RANKS, cards_in
from tricktaker.core.actions import Action
from tricktaker.core.errors import TricktakerError
from tricktaker.core.events import Event
from tricktaker.games.tetka.actions import TetkaAction
from tricktaker.games.tetka.scoring import QUEENS, SUIT_MASKS, TRICKS
from tricktaker.games.tetka.views import TetkaView

QUEEN = RANKS.index("Q")


@dataclass(frozen=True, slots=True)
class Params:
    """The bot's tunable numbers (marks, and chances per opportunity)."""

    #: How often a player holding a higher card of the suit plays it over ours.
    overtake: float = 0.2
    #: How often a later player drops a mark card of the led suit under our winning card.
    follow_dump: float = 0.7
    #: How often a later player void in the led suit drops a mark card he holds.
    void_dump: float = 0.9
    #: A trick's own cost beyond its marks (the lead it brings, the most-tricks mark).
    trick: float = 0.3
    #: Added when the bot would hold at least as many tricks as anyone else.
    most: float = 0.2
    #: What holding a queen, and the photo card, costs later.
    keep_queen: float = 0.7
    keep_photo: float = 0.6
    #: What holding a card costs per share of its suit's unseen cards it beats.
    keep_power: float = 0.3
    #: Added for a king or ace while the queen of its suit is out (it would catch her).
    keep_catcher: float = 0.25
    #: Added for the last card of a suit (playing it makes a void to shed into).
    void_bonus: float = 0.1
    #: In fourth seat, take a clean trick with the highest card of the suit (the seed's rule).
    take_clean: bool = True


DEFAULT = Params()


class _Turn:
    """One decision: what the bot knows now, and each playable card's cost."""

    def __init__(self, view: TetkaView, memory: Sequence[Event], params: Params) -> None:
        if view.seat is None:
            raise TricktakerError("the rules bot needs a seat's view, not a spectator's")
        self.view = view
        self.params = params
        self.me = view.seat
        self.k: Knowledge = read(view, memory)
        table = view.on_table
        self.led = table[0][1] // 13 if table else None
        self.top = max((c for _, c in table if c // 13 == self.led), default=-1)
        self.table_cards = 0
        for _, c in table:
            self.table_cards |= 1 << c
        #: The seats still to play after the bot in this trick.
        self.later = [(self.me + i) % SEATS for i in range(1, SEATS - len(table))]
        #: The unseen mark cards (asked of every card's dumps).
        self.danger = list(cards_in(self.k.danger_cards()))

    # ------------------------------------------------------------ the parts

    def playable(self, legal: Sequence[TetkaAction]) -> list[TetkaAction]:
        """The legal cards that follow suit where the bot can: it never revokes on purpose."""
        if self.led is None:
            return list(legal)
        follow = [a for a in legal if a.card // 13 == self.led]
        return follow or list(legal)

    def win_chance(self, card: int) -> float:
        """How likely ``card`` ends up taking the trick."""
        suit = card // 13
        if self.led is not None and (suit != self.led or card < self.top):
            return 0.0
        chance = 1.0
        higher = self.k.unseen_in(suit) & ~((2 << card) - 1)
        for h in cards_in(higher):
            chance *= 1.0 - self.params.overtake * self.k.share(h, self.later)
        return chance

    def trick_marks(self, card: int) -> float:
        """The marks the bot expects to take with this trick if ``card`` wins it."""
        p = self.params
        view = self.view
        k = self.k
        marked = QUEENS | (1 << k.photo)
        marks = float((self.table_cards & marked).bit_count())
        marks += (1 << card) & marked != 0
        number = view.trick_number
        marks += (number == view.counting) + (number == TRICKS)
        marks += p.trick
        others = max(t for s, t in enumerate(view.taken) if s != self.me)
        if view.taken[self.me] + 1 > others:
            marks += p.most
        return marks + self.dumps(card)

    def dumps(self, card: int) -> float:
        """Mark cards the players still to play are expected to drop on ``card``'s trick."""
        p = self.params
        k = self.k
        suit = card // 13 if self.led is None else self.led
        expected = 0.0
        danger = self.danger
        for j in self.later:
            void = k.void_chance(j, suit)
            mine = 0.0
            for d in danger:
                held = k.share(d, (j,))
                if d // 13 == suit:
                    if d < card:
                        mine += p.follow_dump * held
                else:
                    mine += p.void_dump * void * held
            expected += min(1.0, mine)
        return expected

    def keep_cost(self, card: int) -> float:
        """What holding ``card`` on would cost later (what playing it now saves)."""
        p = self.params
        k = self.k
        suit = card // 13
        in_suit = k.unseen_in(suit)
        below = (in_suit & ((1 << card) - 1)).bit_count()
        total = in_suit.bit_count()
        power = below / total if total else 1.0
        cost = p.keep_power * power
        if (QUEENS >> card) & 1:
            cost += p.keep_queen
        elif card == k.photo:
            cost += p.keep_photo
        queen = suit * 13 + QUEEN
        if card % 13 > QUEEN and (k.unseen >> queen) & 1:
            cost += p.keep_catcher
        if (k.hand & SUIT_MASKS[suit]).bit_count() == 1:
            cost += p.void_bonus
        return cost

    def cost(self, card: int) -> float:
        chance = self.win_chance(card)
        risk = chance * self.trick_marks(card) if chance > 0.0 else 0.0
        return risk - self.keep_cost(card)

    def clean_take(self, options: Sequence[TetkaAction]) -> TetkaAction | None:
        """Fourth seat, a trick without marks: the highest card that takes it, if any."""
        view = self.view
        if len(view.on_table) != SEATS - 1 or view.trick_number in (view.counting, TRICKS):
            return None
        marked = QUEENS | (1 << self.k.photo)
        if self.table_cards & marked:
            return None
        over = [a for a in options if a.card // 13 == self.led and a.card > self.top]
        plain = [a for a in over if not (marked >> a.card) & 1]
        return max(plain, key=lambda a: a.card) if plain else None

    def choose(self, legal: Sequence[TetkaAction]) -> TetkaAction:
        options = self.playable(legal)
        if self.params.take_clean:
            take = self.clean_take(options)
            if take is not None:
                return take
        return min(options, key=lambda a: (self.cost(a.card), -a.card))


class RulesBot(RulesLevel[TetkaView, Params]):
    """Seed 004's advice as a cost model; sees only its view, its memory and the legal cards."""

    game = "Tetka"
    view_type = TetkaView

    DEFAULTS = DEFAULT

    def choose(
        self, view: TetkaView, memory: Sequence[Event], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        plays = [a for a in legal if isinstance(a, TetkaAction)]
        if len(plays) != len(legal):
            raise TricktakerError("the Tetka rules bot was handed another game's actions")
        return _Turn(view, memory, self.params).choose(plays)
