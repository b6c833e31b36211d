"""One deal of two-player Le Truc over ranks: the game tree the CFR solver walks.

The engine (``games/truc/rules.py``) plays whole matches with real cards, logs
and views; a solver walks one deal billions of times and needs none of that. So
this module restates one deal of docs/rules/truc.md for two players in the smallest
terms that lose nothing (``hands.py``: ranks only), split the way a solver over
public states wants it:

* :class:`Node` is the *public* state: everything both players know (the score
  state, the stake, who proposed what, the ranks played, the tricks, the
  history of public moves). Every payoff is public too (a fold, a refusal, or
  tricks won with cards everyone saw), so a terminal node's
  :class:`Outcome` needs no hands. Hands matter only for which ``play`` moves
  a player may choose, and for the chance of each deal.
* :class:`Position` is a node plus the hidden cards (both hands, the hands set
  aside by calls for cards, the stock's ranks). It is what the engine-agreement
  test walks side by side with the engine, and what a sampler or a best
  response can use.

Choices, each as the engine plays it (docs/rules/truc.md):

* Seats are the engine's: 0 and 1, with ``DealRules.dealer``; the non-dealer
  (the *caller*) is dealt first, leads the first trick, and alone may call for
  cards.
* A move is a small int: ``play`` of rank ``r`` is ``r`` (0..7, the engine's
  ``STRENGTH``), then ``FOLD`` .. ``REST``, named by the engine's verbs
  (:data:`VERBS`). Only ``rest`` means two things, as in the engine: a claim
  (answered) or, as an answer to a claim or after the other side's accepted
  rest, a counter-rest (the deal decides the game; unanswered).
* Chance is explicit: the root and the node after an accepted call for cards
  are chance nodes with one public move, :data:`DEAL`; which hands came is
  private. The stock is modelled by its rank composition (what is left of the
  deck after every hand dealt so far, set-aside hands included); the engine's
  card order (the caller gets the 1st, 3rd and 5th card) gives every split the
  same chance, so :func:`hands.hand_pairs` weighs pairs of hands by counting
  card sets.
* Hands set aside by an accepted call stay known to their owner only; they are
  part of that player's private state (:meth:`Position.info_key`) and take
  their cards out of the stock.
* An accepted call with fewer than 6 cards in the stock makes the deal void
  (``Outcome.end == "void"``, no points): the match layer then passes the
  deal. All tricks spoiled: ``"drawn"``, no points.
* An outcome gives the points each player scores in this deal; it never
  changes the score state, so the match layer can map it to the next state
  (a game won at 12, scores reset, the next dealer) as it sees fit.
* Who wins a trick and when a deal is decided come from the engine's own
  tables (``games/truc/outcomes.py``), so the tie rules are written once.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

from tricktaker.games.truc.outcomes import DRAW, OUTCOME, RESOLVE2, SPOILED, UNDECIDED
from tricktaker.solvers.truc.hands import (
    DECK_SIZE,
    FULL_DECK,
    HAND_SIZE,
    ONE,
    RANK_NAMES,
    RANKS,
    count,
    fits,
    hand_pairs,
    pile_text,
    size,
)

GAME_POINTS = 12

# Moves. A play is its rank (0..7); the rest follow.
FOLD, REDEAL, ACCEPT, REFUSE, DOUBLE, REST, DEAL = range(RANKS, RANKS + 7)
#: The engine's verb of each move (``play`` for ranks 0..7; ``deal`` is chance's).
VERBS: tuple[str, ...] = ("play",) * RANKS + (
    "fold",
    "redeal",
    "accept",
    "refuse",
    "double",
    "rest",
    "deal",
)
#: How many distinct moves there are (a solver's action vectors can be this long).
NUM_MOVES = DEAL + 1

# Phases of a node.
CHANCE, PLAY, ANSWER, REDEAL_ANSWER, OVER = range(5)
PHASE_NAMES = ("chance", "play", "answer", "redeal_answer", "over")
NO_PROPOSAL, PROPOSE_DOUBLE, PROPOSE_REST = range(3)
#: The seat code chance's moves carry in a history (players are 0 and 1).
CHANCE_SEAT = 2


def move_text(move: int) -> str:
    """``"play 7"``, ``"double"``: a move as the engine's notation names it, without the seat."""
    if 0 <= move < RANKS:
        return f"play {RANK_NAMES[move]}"
    return VERBS[move]


#: The stakes a deal can stand at while doubles are still possible (1, then doubled).
DOUBLED_STAKES = (1, 2, 4, 8)


def ladder_step(points: int, value: int) -> int:
    """What a player with ``points`` may propose at stake ``value`` when nothing else
    stands in the way: a double while it stays within 12, else the rest while it
    is worth more than the stake, else nothing."""
    if points + 2 * value <= GAME_POINTS:
        return PROPOSE_DOUBLE
    if GAME_POINTS - points > value:
        return PROPOSE_REST
    return NO_PROPOSAL


def proposal_kind(
    points: int, value: int, seat: int, *, proposed_turn: bool, decider: bool, rest_side: int
) -> int:
    """What ``seat``, with ``points``, may propose on his turn at stake ``value``: nothing
    twice in a turn or once the deal decides the game; after an accepted rest, the
    counter-rest to the other side only; else :func:`ladder_step`. ``Node`` and the
    betting skeleton (``betting.py``) both ask here, so they cannot disagree."""
    if proposed_turn or decider:
        return NO_PROPOSAL
    if rest_side >= 0:
        return PROPOSE_REST if seat != rest_side else NO_PROPOSAL
    return ladder_step(points, value)


def winning_points(points: int, value: int, decider: bool) -> int:
    """What a side with ``points`` scores by winning the deal: the stake, or, once a
    counter-rest made the deal decide the game, what he lacks of 12."""
    return GAME_POINTS - points if decider else value


def proposal_ladder(points: int) -> tuple[int, ...]:
    """What a player with ``points`` may propose on his turn at each of
    :data:`DOUBLED_STAKES` (:data:`PROPOSE_DOUBLE`, :data:`PROPOSE_REST` or
    :data:`NO_PROPOSAL`).

    Why: the score reaches the deal in three places only, the ban on doubling past
    12 and the rest's worth (which moves are legal) and what an accepted rest or a
    deciding deal pays. Two scores whose ladders agree seat by seat therefore give
    the same tree; ``betting.same_tree`` finds the rest of the scores that do,
    those whose ladders differ only at stakes a side never meets."""
    return tuple(ladder_step(points, value) for value in DOUBLED_STAKES)


@dataclass(frozen=True, slots=True)
class DealRules:
    """What one deal's game depends on: the score state and the two rule options.

    ``score`` is the game's points before the deal (each 0..11); rests and the
    ban on doubling past 12 read it. Games won do not change a deal's rules,
    only what its outcomes are worth to the match layer, so they are not here.
    """

    score: tuple[int, int] = (0, 0)
    dealer: int = 0
    redeal: str = "repeat"
    ties: str = "leader"

    def __post_init__(self) -> None:
        if len(self.score) != 2 or not all(0 <= s < GAME_POINTS for s in self.score):
            raise ValueError(f"scores are two numbers from 0 to 11, not {self.score!r}")
        if self.dealer not in (0, 1):
            raise ValueError("the dealer is seat 0 or 1")
        if self.redeal not in ("repeat", "once"):
            raise ValueError("redeal is 'repeat' or 'once'")
        if self.ties not in ("leader", "spoil"):
            raise ValueError("ties is 'leader' or 'spoil'")

    @property
    def caller(self) -> int:
        """The non-dealer: dealt first, leads first, the only one who may call for cards."""
        return 1 - self.dealer


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a deal ended: ``winner`` seat (None for void or drawn), ``points`` he scores,
    and ``end`` as the engine names it: tricks, refused, folded, void, drawn."""

    winner: int | None
    points: int
    end: str

    @property
    def gains(self) -> tuple[int, int]:
        """The points each seat scores in this deal."""
        if self.winner is None:
            return (0, 0)
        return (self.points, 0) if self.winner == 0 else (0, self.points)


class Node:
    """A public state of one deal; never changed once made (``child`` returns a new one).

    Fields (read them, never write them): ``phase``, ``actor`` (the seat to
    decide, -1 at chance and at the end), ``turn`` (whose card is next),
    ``value`` (the stake), ``pending`` (a double or rest awaiting its answer),
    ``proposer``, ``rest_side`` (whose rest was accepted, -1 if none),
    ``decider`` (a counter-rest made the deal decide the game), ``deals``
    (times hands were dealt: 1 + accepted calls), ``redeal_open``,
    ``proposed_turn`` (the player to play already proposed this turn),
    ``lead`` (the rank led to the current trick, -1 if none), ``tricks``
    (results: seat or ``SPOILED``), ``played`` (each seat's ranks played, as
    piles), ``history`` (public moves as ``seat * 16 + move``), ``outcome``.
    """

    __slots__ = (
        "actor",
        "deals",
        "decider",
        "history",
        "lead",
        "outcome",
        "pending",
        "phase",
        "played",
        "proposed_turn",
        "proposer",
        "redeal_open",
        "rest_side",
        "rules",
        "tricks",
        "turn",
        "value",
    )

    rules: DealRules
    phase: int
    actor: int
    turn: int
    value: int
    pending: int
    proposer: int
    rest_side: int
    decider: bool
    deals: int
    redeal_open: bool
    proposed_turn: bool
    lead: int
    tricks: tuple[int, ...]
    played: tuple[int, int]
    history: tuple[int, ...]
    outcome: Outcome | None

    @classmethod
    def root(cls, rules: DealRules) -> Node:
        """The deal before its cards are dealt: a chance node."""
        node = cls.__new__(cls)
        node.rules = rules
        node.phase = CHANCE
        node.actor = -1
        node.turn = rules.caller
        node.value = 1
        node.pending = NO_PROPOSAL
        node.proposer = -1
        node.rest_side = -1
        node.decider = False
        node.deals = 0
        node.redeal_open = True
        node.proposed_turn = False
        node.lead = -1
        node.tricks = ()
        node.played = (0, 0)
        node.history = ()
        node.outcome = None
        return node

    def _copy(self) -> Node:
        new = Node.__new__(Node)
        new.rules = self.rules
        new.phase = self.phase
        new.actor = self.actor
        new.turn = self.turn
        new.value = self.value
        new.pending = self.pending
        new.proposer = self.proposer
        new.rest_side = self.rest_side
        new.decider = self.decider
        new.deals = self.deals
        new.redeal_open = self.redeal_open
        new.proposed_turn = self.proposed_turn
        new.lead = self.lead
        new.tricks = self.tricks
        new.played = self.played
        new.history = self.history
        new.outcome = None
        return new

    # ------------------------------------------------------------ reading

    @property
    def is_chance(self) -> bool:
        return self.phase == CHANCE

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def stock_left(self) -> int:
        """Cards in the stock now (before the pending deal at a chance node)."""
        return DECK_SIZE - 2 * HAND_SIZE * self.deals

    @property
    def unseen_pool(self) -> int:
        """The ranks nobody has shown: the deck less every card played this hand."""
        return FULL_DECK - self.played[0] - self.played[1]

    def state_key(self) -> tuple[object, ...]:
        """Everything the rest of the deal depends on (the history left out).

        Two nodes with equal keys have the same subtree, so a count or a
        table of legal moves can be shared between them.
        """
        return (
            self.phase,
            self.actor,
            self.turn,
            self.value,
            self.pending,
            self.proposer,
            self.rest_side,
            self.decider,
            self.deals,
            self.redeal_open,
            self.proposed_turn,
            self.lead,
            self.tricks,
            self.played,
            self.outcome,
        )

    def _proposal(self, seat: int) -> int:
        """What ``seat`` may propose on its turn: the engine's ``_proposal_kind``, two players."""
        return proposal_kind(
            self.rules.score[seat],
            self.value,
            seat,
            proposed_turn=self.proposed_turn,
            decider=self.decider,
            rest_side=self.rest_side,
        )

    def moves(self) -> tuple[int, ...]:
        """The public moves here, in the engine's order of legal actions.

        A ``play`` of every rank the actor might hold as far as anyone else
        knows (fewer than four shown); :meth:`legal` narrows them to a hand.
        """
        phase = self.phase
        if phase == PLAY:
            pool = self.unseen_pool
            out = [r for r in reversed(range(RANKS)) if count(pool, r)]
            if self.redeal_open:
                out.append(REDEAL)
            kind = self._proposal(self.actor)
            if kind == PROPOSE_DOUBLE:
                out.append(DOUBLE)
            elif kind == PROPOSE_REST:
                out.append(REST)
            out.append(FOLD)
            return tuple(out)
        if phase == ANSWER:
            if self.pending == PROPOSE_REST:
                return (ACCEPT, REFUSE, REST, FOLD)
            return (ACCEPT, REFUSE, FOLD)
        if phase == REDEAL_ANSWER:
            return (ACCEPT, REFUSE, FOLD)
        if phase == CHANCE:
            return (DEAL,)
        return ()

    def legal(self, hand: int) -> tuple[int, ...]:
        """The moves open to the actor holding ``hand`` (his three cards as dealt)."""
        moves = self.moves()
        if self.phase != PLAY:
            return moves
        left = hand - self.played[self.actor]
        return tuple(m for m in moves if m >= RANKS or count(left, m))

    # ------------------------------------------------------------ moving

    def child(self, move: int) -> Node:
        """The node after ``move`` (a public move of :meth:`moves`); ValueError if not one."""
        if move not in self.moves():
            raise ValueError(f"{move_text(move)!r} is not a move at this {PHASE_NAMES[self.phase]}")
        new = self._copy()
        seat = self.actor
        new.history = (*self.history, (CHANCE_SEAT if seat < 0 else seat) * 16 + move)
        if move < RANKS:
            new._play(seat, move)
        elif move == FOLD:
            side = 1 - seat
            # After a counter-rest the deal decides the game: folding concedes it.
            new._finish("folded", side, self._decider_points(side))
        elif move == DEAL:
            new.deals += 1
            new._begin_turn(new.turn)
        elif move == REDEAL:
            new.phase = REDEAL_ANSWER
            new.actor = self.rules.dealer
        elif self.phase == REDEAL_ANSWER:
            if move == ACCEPT:
                if self.stock_left < 2 * HAND_SIZE:
                    new._finish("void", DRAW, 0)
                else:
                    new.phase = CHANCE
                    new.actor = -1
                    new.redeal_open = self.rules.redeal == "repeat"
            else:  # REFUSE: the caller must now lead
                new.redeal_open = False
                new._begin_turn(new.turn)
        elif self.phase == ANSWER:
            new._answer(move)
        else:  # DOUBLE or REST on one's own turn
            new._propose(seat, move)
        return new

    def _decider_points(self, side: int) -> int:
        return winning_points(self.rules.score[side], self.value, self.decider)

    def _begin_turn(self, seat: int) -> None:
        self.phase = PLAY
        self.actor = seat
        self.turn = seat

    def _propose(self, seat: int, move: int) -> None:
        self.redeal_open = False
        self.proposed_turn = True
        if move == REST and self.rest_side >= 0:
            # After the other side's accepted rest: a counter-rest, no answer asked.
            self.decider = True
            return
        self.pending = PROPOSE_DOUBLE if move == DOUBLE else PROPOSE_REST
        self.proposer = seat
        self.phase = ANSWER
        self.actor = 1 - seat

    def _answer(self, move: int) -> None:
        proposer = self.proposer
        if move == ACCEPT:
            if self.pending == PROPOSE_DOUBLE:
                self.value *= 2
            else:
                self.value = GAME_POINTS - self.rules.score[proposer]
                self.rest_side = proposer
        elif move == REFUSE:
            self._finish("refused", proposer, self.value)
            return
        else:  # REST: a counter-rest; the deal now decides the game
            self.rest_side = proposer
            self.decider = True
        self.pending = NO_PROPOSAL
        self._begin_turn(proposer)

    def _play(self, seat: int, rank: int) -> None:
        played = list(self.played)
        played[seat] += ONE[rank]
        self.played = (played[0], played[1])
        self.redeal_open = False
        self.proposed_turn = False
        if self.lead < 0:
            self.lead = rank
            self._begin_turn(1 - seat)
            return
        leader = 1 - seat
        ties = self.rules.ties
        won = 1 if (0 in self.tricks or 1 in self.tricks) else 0
        code = RESOLVE2[ties][(self.lead << 4) | (rank << 1) | won]
        if code == SPOILED:
            result, next_leader = SPOILED, leader
        else:
            next_leader = seat if code else leader
            result = next_leader
        self.tricks = (*self.tricks, result)
        self.lead = -1
        decided = OUTCOME[ties][self.tricks]
        if decided == UNDECIDED:
            self._begin_turn(next_leader)
        elif decided == DRAW:
            self._finish("drawn", DRAW, 0)
        else:
            self._finish("tricks", decided, self._decider_points(decided))

    def _finish(self, end: str, side: int, points: int) -> None:
        self.phase = OVER
        self.actor = -1
        self.pending = NO_PROPOSAL
        self.outcome = Outcome(None, 0, end) if side == DRAW else Outcome(side, points, end)


class Position:
    """A node and the hidden cards: a full state of the deal, never changed once made.

    ``hands`` are each seat's three cards as dealt (played ones included; the
    node's ``played`` says which are gone), ``aside`` the hands each set aside
    by accepted calls (known to their owner only), ``stock`` the ranks left in
    the stock. Between an accepted call and its deal the hands are empty.
    """

    __slots__ = ("aside", "hands", "node", "stock")

    def __init__(self, node: Node, hands: tuple[int, int], aside: tuple[int, int], stock: int):
        self.node = node
        self.hands = hands
        self.aside = aside
        self.stock = stock

    @classmethod
    def start(cls, rules: DealRules) -> Position:
        """A deal at its root: nothing dealt, the whole deck in the stock."""
        return cls(Node.root(rules), (0, 0), (0, 0), FULL_DECK)

    @property
    def to_act(self) -> int:
        """The seat to decide; -1 at a chance node and at the end."""
        return self.node.actor

    @property
    def outcome(self) -> Outcome | None:
        return self.node.outcome

    def chance_outcomes(self) -> tuple[tuple[tuple[int, int, int], ...], int]:
        """At a chance node: ``((caller's hand, dealer's hand, ways), ...), total``."""
        if not self.node.is_chance:
            raise ValueError("no cards are being dealt here")
        return hand_pairs(self.stock)

    def deal(self, caller_hand: int, dealer_hand: int) -> Position:
        """The chance move: these hands come from the stock (ValueError if they cannot)."""
        node = self.node
        if not node.is_chance:
            raise ValueError("no cards are being dealt here")
        both = caller_hand + dealer_hand
        if not (fits(both, self.stock) and size(caller_hand) == size(dealer_hand) == HAND_SIZE):
            raise ValueError(
                f"{pile_text(caller_hand)} and {pile_text(dealer_hand)} are not two hands "
                f"of three from a stock of {pile_text(self.stock)}"
            )
        hands = [0, 0]
        hands[node.rules.caller] = caller_hand
        hands[node.rules.dealer] = dealer_hand
        return Position(node.child(DEAL), (hands[0], hands[1]), self.aside, self.stock - both)

    def deal_random(self, rng: Random) -> Position:
        """The chance move drawn with its true chance: six cards off the shuffled stock."""
        cards = [r for r in range(RANKS) for _ in range(count(self.stock, r))]
        drawn = rng.sample(cards, 2 * HAND_SIZE)
        return self.deal(sum(ONE[r] for r in drawn[:3]), sum(ONE[r] for r in drawn[3:]))

    def legal(self) -> tuple[int, ...]:
        """The moves open to the player to act (chance's ``DEAL`` is :meth:`deal`'s)."""
        node = self.node
        if node.phase == CHANCE:
            return ()
        return node.legal(self.hands[node.actor]) if node.actor >= 0 else ()

    def apply(self, move: int) -> Position:
        """The position after the actor's ``move``; ValueError if it is not legal."""
        if move not in self.legal():
            raise ValueError(f"{move_text(move)!r} is not legal here")
        node = self.node.child(move)
        if node.is_chance:  # an accepted call: both hands go aside
            h0, h1 = self.hands
            a0, a1 = self.aside
            return Position(node, (0, 0), (a0 + h0, a1 + h1), self.stock)
        return Position(node, self.hands, self.aside, self.stock)

    def info_key(self, seat: int) -> tuple[tuple[int, ...], int, int]:
        """What ``seat`` knows: the public history, his hand as dealt, his cards set aside.

        His set-aside hands enter as one pile, not one by one in the order
        they came. That forgets nothing that matters: given the pile, the
        chance of any run of the opponent's hands does not depend on how the
        pile was split (count the ways to place each rank's four cards), the
        opponent never saw the split, and the rest of the deal reads only
        the hands in play. So every split has the same belief and the same
        future; the counterfactual values of the merged histories differ by
        a factor only, and CFR's regrets at the merged key are those of each.
        """
        return (self.node.history, self.hands[seat], self.aside[seat])
