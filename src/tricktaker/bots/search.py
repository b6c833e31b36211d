"""The ``search`` and ``deep`` levels: determinised Monte Carlo search, for any game.

Why this shape. A bot may not look at the real state, so it asks the game's
sampler (``Game.sample_state``) for a world that fits everything its seat saw:
its own hand, the cards shown, the suits others showed out of, the bets. In
each sampled world it tries every legal action and plays the deal out with a
*rollout policy* for every seat (by default the game's ``rules`` bot, acting
on that world's own views, so even the imagined opponents play honestly). The
action with the best mean gain for the bot's side over the worlds is chosen.

Every action is tried in the same worlds with the same rollout seeds (common
random numbers): the differences between actions are then measured with far
less noise than the values themselves. Worlds are sampled until the time
budget is spent or ``max_worlds`` are done, but never fewer than
``min_worlds`` (so a slow machine plays the same game as a fast one at the
same seed, only later); the iteration budget alone makes a bot deterministic
given its rng (and what its ``reader`` was told of past matches, where it has
one), which the arena and the ladder rely on.

A game may hand the search a better evaluator than rollouts
(:class:`WorldValue`): Preferans and Tetka value a world by solving it open
handed (``solvers/``) once few enough cards are left.

The gain counted is the deal's (``DealSummary.gains`` of the bot's side): the
search copy of a state stops at the end of the deal in progress
(``State.clone(stop_after_deal=True)``). Where the game is a race to a score
and a match-equity table exists for its options (``bots/equity.py``: Truco
Paulista and Mineiro, Le Truc), the gain is instead the change in the side's
chance of winning the match over the deal, ``W(after) - W(before)``, in points
at 0:0 (divided by what a point is worth there), so that a point at 11:10
counts for what it decides and the points a side cannot use count for nothing
(``plan``; off, the raw points, for measuring one against the other).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from tricktaker.bots.base import Bot, BotFactory
from tricktaker.bots.equity import MatchEquity, view_equity
from tricktaker.bots.opponents import Reader, ReadsOthers
from tricktaker.core.actions import Action
from tricktaker.core.errors import SampleError, TricktakerError
from tricktaker.core.events import Event
from tricktaker.core.protocol import State, View
from tricktaker.core.records import parse_record, start_state
from tricktaker.core.registry import get_game
from tricktaker.core.state import GameState

#: Actions of one rollout at most: a deal of any of our games is far shorter;
#: past this a rollout is cut and scored as it stands (a guard, never reached).
ROLLOUT_CAP = 2_000
#: The weight of a world for each choice of another player there that the rollout
#: policy would not have made (:meth:`SearchBot._belief`).
MISMATCH = 0.2
#: The own side's policy is told only of the other players seen to raise this many
#: standard errors off ``rules``' rate (``opponents.ReadsOthers``, ``Reader.rates``): a
#: player who raises as ``rules`` does is answered as ``rules`` is, not by the noise of
#: his counts.
TOLD_DEPARTURE = 2.0
#: Choices the weighing leaves unread: which card a player plays is as much his
#: style as his hand (and with many seats the worlds' weights would collapse onto
#: a few); what he bets and answers is what tells.
UNREAD_VERBS = frozenset({"play"})
#: How many standard errors a move must gain over the ``rules`` move to be taken
#: instead of it (:meth:`SearchBot._clearly_better`); 0 follows the best mean.
PRUDENCE = 1.0


@dataclass(frozen=True, slots=True)
class Budget:
    """How long a search may think: ``seconds`` of wall time per decision, and between
    ``min_worlds`` and ``max_worlds`` sampled worlds (each tries every legal action)."""

    seconds: float
    min_worlds: int
    max_worlds: int

    def __post_init__(self) -> None:
        if not 1 <= self.min_worlds <= self.max_worlds:
            raise ValueError("a budget needs 1 <= min_worlds <= max_worlds")
        if self.seconds <= 0:
            raise ValueError("a budget needs a positive time")


#: The default level: the 95th percentile of a decision stays under a second.
DEFAULT_BUDGET = Budget(seconds=0.4, min_worlds=8, max_worlds=64)
#: The stronger setting (``deep``): more worlds, more time.
DEEP_BUDGET = Budget(seconds=2.5, min_worlds=24, max_worlds=400)


@dataclass(frozen=True, slots=True)
class Tactics:
    """What the search leaves to a policy at one number of players (``search_levels``'
    ``tactics``): the verbs it plays as ``policy`` plays them, never searched, and that
    policy, which advises it (the move a searched one must clearly beat) and by which it
    imagines its own side (None: the rollout policy). The other side is still imagined
    as the rollout policy plays, or as the ``reader`` models each player.

    Why: the search improves on the policy it weighs against and imagines its partners
    with. Truco's ``rules`` tuned by self-play (``rules.TEAM``) beats ``rules`` itself,
    and the search on top of it kept that gain (docs/strength.md, "Bets tuned by
    self-play"), while the others, who are not this bot, stay modelled as they are."""

    follow: frozenset[str]
    policy: Callable[[], Bot] | None = None
    #: Follow the verbs only until the other side (its players' counts pooled) is seen
    #: to bet more than this many binomial standard errors off the ``rules`` bot's
    #: frequencies (``Reader.side_departs``), then search them (None: always). Why: against
    #: players who bet as the policy expects, searched bets add noise (six-player
    #: Truco); against one who bets otherwise they are how the search exploits him.
    until: float | None = None


class Classes(Protocol):
    """A game's grouping of a decision's legal actions into classes that come to the same
    in every world: for each action, the index of its class's first action."""

    def __call__(
        self, view: View, memory: Sequence[Event], legal: Sequence[Action]
    ) -> list[int]: ...


class WorldValue(Protocol):
    """A game's own way to value a sampled world after an action, for the seat's side:
    return None to fall back to a rollout (e.g. while too many cards are left to solve)."""

    def __call__(self, world: State, side: int) -> float | None: ...


class MismatchAt(Protocol):
    """A game's own weight, from 0 to 1, for a world where a player of the other side
    made a choice (``action``, from his ``view`` there, before it) that his model would
    not have made; None: the search's ``mismatch``. Why a game may know better: where
    its model seldom makes a choice without the cards for it (Truco's raise with the
    last card, which ``rules`` makes with a winner, or at the first raise as a rare bluff
    the model draws itself), the general floor for bluffs and other thinking lets the
    many worlds that contradict the choice outweigh the few that bear it out."""

    def __call__(self, view: View, action: Action) -> float | None: ...


def deal_gain(world: State, before: int, side: int) -> float:
    """The seat's side's gain in the deal played out in ``world`` over the mean of the
    other sides' (the arena's measure: a fold costs what the other side scores), 0 if
    the deal never ended."""
    deals = world.finished_deals()
    if len(deals) <= before:
        return 0.0
    gains = deals[before].gains
    if side >= len(gains):
        return 0.0
    others = [g for s, g in enumerate(gains) if s != side]
    return float(gains[side]) - (sum(others) / len(others) if others else 0.0)


def match_gain(world: State, before: int, side: int, equity: MatchEquity, base: float) -> float:
    """The side's gain in match equity over the deal played out in ``world``: its chance of
    the match after the deal less ``base`` (before it), divided by what a point is worth
    at 0:0 (so that it reads in points); 0 if the deal never ended."""
    if len(world.finished_deals()) <= before:
        return 0.0
    return (equity.of_state(world, side) - base) / equity.slope


def _deal_start(events: Sequence[Event]) -> int:
    """The number of the latest ``deal`` event in a seat's stream (0 if none)."""
    for e in reversed(events):
        if e.kind == "deal":
            return e.number
    return 0


def _told_deal_start(memory: Sequence[Event]) -> int:
    """Where the latest deal starts in a world sampled from ``memory``, in the seat's
    numbering there: a sampled world tells the seat its memory again as one entry,
    numbered from 0 whatever the memory's own numbers were (a caller may hand the
    search only the deal's events), so the deal's first event is its place in it."""
    for i in range(len(memory) - 1, -1, -1):
        if memory[i].kind == "deal":
            return i
    return 0


class _Memories:
    """Each seat's memory of the deal (its events since the deal began) for the rollout
    policy, rendered once and extended as a state goes on.

    Why: the policy is handed a seat's memory at every imagined move, and rendering a
    deal's events afresh each time was a third of a Tetka search's time. A state's
    events are numbered, and a copy of a state numbers them as its original did, so
    a seat's memory in a world is the start of its memory in every trial played from
    that world (:meth:`fork`, read from the world only when a trial first needs it).
    Where the state can say where in its log a reader stands (``GameState.events_after``),
    each seat's place is kept too, and only the entries after it are read: numbering
    the new events by walking the log from its start was four tenths of a four-player
    Le Truc search's time. The policy is handed the list itself: it reads it and keeps
    nothing.
    """

    __slots__ = ("_lists", "_origin", "_parent", "_places", "_starts")

    def __init__(
        self,
        origin: State | None = None,
        parent: _Memories | None = None,
        starts: Mapping[int, int] | None = None,
    ) -> None:
        self._origin = origin
        self._parent = parent
        #: Per seat, the number of its deal's first event (``starts``: those known already,
        #: as the searching seat's own, whose memory a sampled world repeats).
        self._starts: dict[int, int] = parent._starts if parent is not None else dict(starts or {})
        self._lists: dict[int, list[Event]] = {}
        #: Per seat, the log entry its memory has been read up to (None: not known).
        self._places: dict[int, int | None] = {}

    def of(self, state: State, seat: int) -> list[Event]:
        """``seat``'s events from the start of the deal to where ``state`` stands."""
        memory = self._lists.get(seat)
        if memory is None:
            parent = self._parent
            place: int | None = None
            if parent is not None and parent._origin is not None:
                memory = list(parent.of(parent._origin, seat))
                place = parent._places.get(seat)
            else:
                memory = []
            self._lists[seat] = memory
            self._places[seat] = place
        else:
            place = self._places.get(seat)
        if not isinstance(state, GameState):
            start = self._starts.get(seat)
            if start is None:
                start = self._starts[seat] = _deal_start(state.events(0, seat))
            memory.extend(state.events(start + len(memory), seat))
            return memory
        start = self._starts.get(seat)
        if place is None:  # the first read (the memory is empty): the seat's stream, once
            # What came before a known deal start is counted, not rendered.
            told, self._places[seat] = state.events_after(0, 0, seat, since=start or 0)
            if start is None:
                self._starts[seat] = _deal_start(told)
                told = told[self._starts[seat] :]
        else:
            assert start is not None  # read at the first read
            told, self._places[seat] = state.events_after(place, start + len(memory), seat)
        memory.extend(told)
        return memory

    def fork(self) -> _Memories:
        """Memories for a copy of this one's state that goes on its own way."""
        return _Memories(parent=self)


class SearchBot:
    """Flat determinised Monte Carlo: sample worlds, try every action, roll out, average."""

    def __init__(
        self,
        game: str,
        *,
        name: str = "search",
        budget: Budget = DEFAULT_BUDGET,
        rollout: Callable[[], Bot] | None = None,
        value: WorldValue | None = None,
        clock: Callable[[], float] = time.perf_counter,
        infer: bool = False,
        prudence: float = PRUDENCE,
        reader: Callable[[], Reader] | None = None,
        unread: frozenset[str] = UNREAD_VERBS,
        mismatch: float = MISMATCH,
        classes: Classes | None = None,
        read_last: int = 0,
        plan: bool = True,
        follow: frozenset[str] = frozenset(),
        tactics: Mapping[int, Tactics] | None = None,
        mismatch_at: MismatchAt | None = None,
    ) -> None:
        self.name = name
        self.game = game
        self.budget = budget
        self._rollout_factory = rollout
        self._value = value
        self._clock = clock
        self.infer = infer
        self.prudence = prudence
        #: The others' betting, read over the match and past ones (``bots/opponents.py``):
        #: the policy that plays each other side's seat in the worlds' weights and
        #: rollouts, where it differs from the rollout policy (set per decision).
        self.reader = reader() if reader is not None else None
        self._models: Mapping[int, Bot] = {}
        if not 0.0 <= mismatch <= 1.0:
            raise ValueError("a mismatch weight is a chance, from 0 to 1")
        self.unread = unread
        self.mismatch = mismatch
        #: The game's own weight, where it has one, for a choice of the other side's
        #: that its model would not have made (``MismatchAt``); else ``mismatch``.
        self.mismatch_at = mismatch_at
        if read_last < 0:
            raise ValueError("read_last counts actions: 0 (all) or more")
        self.read_last = read_last
        #: How many times each model is asked for each choice it is read on: a world
        #: weighs by the share of them it repeats (a mixed or noisy policy gives a
        #: likelihood, not one coin's yes or no), ``mismatch`` where none does.
        self.draws = 1
        #: A world's weight for a followed verb of the own side's (Le Truc's signals) that
        #: the own side's policy would not have said there; None: ``mismatch``. The own
        #: side's search levels say exactly what that policy says (``follow``), so
        #: such a word contradicts the world nearly surely.
        self.told: float | None = None
        #: Of the ``unread`` verbs, those still read for the other side's players (their
        #: cards, say, whom the rollout policy models; the partners play as the search).
        self.read_theirs: frozenset[str] = frozenset()
        #: A world's weight for a choice of the own side's (a partner's) that the own
        #: side's policy would not have made there, where ``told`` does not apply (None:
        #: ``mismatch``; 1: a partner's choices are not read). Why ask: the partners are
        #: search levels too, whose searched bets the world reads as their policy's.
        self.ours: float | None = None
        self._followed: frozenset[str] = follow
        #: The view and memory the tactics were last set for (``_set_tactics``).
        self._tactics_for: tuple[View, Sequence[Event]] | None = None
        self._classes = classes
        #: Value a world by the change in match equity (``bots/equity.py``) where the
        #: game's options have a table; False: by the deal's raw points.
        self.plan = plan
        #: Verbs the search never second-guesses: where the advising policy's move is one
        #: of them, it is played as is, and one it did not choose is never tried
        #: (``search_levels``' ``follow``).
        self.follow = follow
        #: Per number of players, what is left to a policy (overrides ``follow``).
        self.tactics: Mapping[int, Tactics] = tactics or {}
        self._own_bots: dict[int, Bot] = {}
        self._own: Bot | None = None
        self._equity: MatchEquity | None = None
        self._last_values: list[list[float]] = []
        self._last_weights: list[float] = []
        self._rollout_bot: Bot | None = None
        self.last_worlds = 0
        #: The last decision's scores, read by the advisor (``bots/advice.py``): each
        #: action searched with its mean gain (empty when only one action was legal or
        #: left, or a followed move was played; a followed verb's moves never listed),
        #: and the advising policy's move (``rules``, or the tactics' policy) it was
        #: weighed against or followed (None without prudence, unless it was followed).
        self.last_scores: list[tuple[Action, float]] = []
        self.last_rules: Action | None = None
        #: The last decision's moves searched: the legal ones less the moves of followed
        #: verbs that the policy did not choose (what ``_clearly_better``'s indices count).
        self.searched: Sequence[Action] = ()
        #: How far the current search has come, 0 to 1 (read by the server, from another
        #: thread, to show a long think's progress).
        self.progress = 0.0

    def _policy(self) -> Bot:
        if self._rollout_bot is None:
            if self._rollout_factory is not None:
                self._rollout_bot = self._rollout_factory()
            else:
                from tricktaker.bots.registry import make_bot

                self._rollout_bot = make_bot("rules", self.game)
        return self._rollout_bot

    def _set_tactics(self, view: View, memory: Sequence[Event]) -> frozenset[str]:
        """The verbs followed at this view's number of players (none once the other side
        departs from ``rules``, where the tactics say ``until``), and (``_own``) the
        policy they follow and the bot's side is imagined with."""
        if self._tactics_for is not None and (
            self._tactics_for[0] is view and self._tactics_for[1] is memory
        ):
            return self._followed  # ``evaluate`` from ``act``: the reader is not asked twice
        self._tactics_for = (view, memory)
        self._own = None
        self._followed = self.follow
        players = getattr(view, "players", None)
        if not isinstance(players, int) or players not in self.tactics:
            return self.follow
        found = self.tactics[players]
        self._followed = found.follow
        if (
            found.until is not None
            and self.reader is not None
            and view.seat is not None
            and self.reader.side_departs(view.seat, players, memory, found.until)
        ):
            self._followed = frozenset()
        if found.policy is not None:
            own = self._own_bots.get(players)
            if own is None:
                own = self._own_bots[players] = found.policy()
            self._own = own
            if isinstance(own, ReadsOthers) and self.reader is not None and view.seat is not None:
                own.read(*self.reader.rates(view.seat, players, memory, TOLD_DEPARTURE))
        return self._followed

    def _advisor(self) -> Bot:
        """The policy whose move the search weighs against and follows."""
        return self._own if self._own is not None else self._policy()

    def _seat_models(self, sides: Sequence[int], side: int, policy: Bot) -> list[Bot]:
        """How each seat is imagined: the reader's model of him, else the bot's own side
        (``side``) by its tactics' policy, else the rollout policy."""
        own = self._own if self._own is not None else policy
        return [self._models.get(s, own if sides[s] == side else policy) for s in range(len(sides))]

    def match_over(self, view: View, memory: Sequence[Event]) -> None:
        """Keep the others' betting seen in a match that is over (``Learner``)."""
        players = getattr(view, "players", None)
        if self.reader is not None and view.seat is not None and isinstance(players, int):
            self.reader.match_over(memory, view.seat, players)

    def act(
        self, view: View, memory: Sequence[Event], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if not legal:
            raise TricktakerError(f"the {self.name} bot was asked to act with no legal action")
        self.last_scores = []
        self.last_rules = None
        if len(legal) == 1:
            return legal[0]
        seat = view.seat
        if seat is None:
            raise TricktakerError(f"the {self.name} bot plays a seat, not a spectator's view")
        advice: Action | None = None
        follow = self._set_tactics(view, memory)
        # A followed verb among the legal moves: the policy is asked before any world is
        # drawn (its draws come first in the rng), and its move serves prudence too.
        if follow and any(a.verb in follow for a in legal):
            advice = self._advisor().act(view, memory, legal, rng)
            if advice.verb in follow and advice in legal:
                self.last_rules = advice
                self.last_worlds = 0
                return advice
            # Never searched: a followed verb the policy did not choose is not tried.
            legal = [a for a in legal if a.verb not in follow] or legal
            if len(legal) == 1:
                self.last_rules = advice
                self.last_worlds = 0
                return legal[0]
        self.searched = legal
        totals = self.evaluate(view, memory, legal, rng)
        self.last_scores = list(zip(legal, totals, strict=True))
        best = max(range(len(legal)), key=lambda i: (totals[i], -i))
        if self.prudence > 0:
            if advice is None:
                advice = self._advisor().act(view, memory, legal, rng)
            self.last_rules = advice
            if advice in legal:
                held = legal.index(advice)
                if best != held and not self._clearly_better(best, held):
                    return legal[held]
        return legal[best]

    def _clearly_better(self, best: int, held: int) -> bool:
        """Whether the worlds show ``best`` beating ``held`` by more than ``prudence``
        standard errors of their paired difference (weighted by the worlds' beliefs).

        Why: a handful of worlds ranks close moves by noise, and a search that
        follows the noise plays worse than the policy it imagines with. So it keeps
        the ``rules`` move unless the evidence against it is clear: a policy
        improvement that only moves where it has measured the gain."""
        weights = self._last_weights
        total = sum(weights)
        if total <= 0.0:
            return False
        pairs = zip(self._last_values[best], self._last_values[held], strict=True)
        diffs = [b - h for b, h in pairs]
        mean = sum(w * d for w, d in zip(weights, diffs, strict=True)) / total
        if mean <= 0.0:
            return False
        var = sum(w * (d - mean) ** 2 for w, d in zip(weights, diffs, strict=True)) / total
        n_eff = total * total / sum(w * w for w in weights)
        return mean > self.prudence * (var / n_eff) ** 0.5 if n_eff > 1.0 else False

    def evaluate(
        self, view: View, memory: Sequence[Event], legal: Sequence[Action], rng: random.Random
    ) -> list[float]:
        """The mean gain of each legal action over the sampled worlds (the search's scores).

        The samplers are exact (``core.sampling``): a view and memory that some deal
        leads to always sample. So a SampleError on the first world means a forged or
        garbled view, and is raised with the seat named; one after a world has been
        sampled cannot come from the position, and that world is skipped rather than
        stopping a match on it."""
        game = get_game(self.game)
        seat = view.seat
        assert seat is not None
        self._set_tactics(view, memory)  # (kept from ``act`` when called from it)
        self._models = {}
        if self.reader is not None:
            players = getattr(view, "players", None)
            if isinstance(players, int):
                self._models = self.reader.policies(seat, players, memory)
        self._equity = view_equity(self.game, view) if self.plan else None
        reps = self._representatives(view, memory, legal)
        tried = sorted(set(reps))
        # Every world tells the seat its memory again, so its deal starts at the same
        # event there in each.
        own_start = {seat: _told_deal_start(memory)}
        totals = [0.0] * len(legal)
        weights = 0.0
        self._last_values = [[] for _ in legal]
        self._last_weights = []
        start = self._clock()
        worlds = sampled = 0
        budget = self.budget
        self.progress = 0.0
        while worlds < budget.max_worlds:
            # Done at max_worlds, or at min_worlds once the time is spent: a slow search
            # (an open-hand solve per world) ends at min_worlds.
            if worlds < budget.min_worlds:
                self.progress = worlds / budget.min_worlds
            else:
                spent = self._clock() - start
                if spent >= budget.seconds:
                    break
                self.progress = max(worlds / budget.max_worlds, spent / budget.seconds)
            try:
                world = game.sample_state(view, memory, rng)
            except SampleError as exc:
                if not sampled:
                    raise SampleError(
                        f"the {self.name} bot's seat {seat} cannot be where its view and"
                        f" memory put it (no deal leads there): {exc}"
                    ) from exc
                worlds += 1
                continue
            sampled += 1
            world = world.clone(stop_after_deal=True)
            side = world.sides[seat]
            before = len(world.finished_deals())
            seed = rng.getrandbits(64)
            weight = self._belief(world, seat, seed) if self.infer else 1.0
            worlds += 1
            weights += weight
            if weight == 0.0:
                continue
            memories = _Memories(world, starts=own_start)
            self._last_weights.append(weight)
            base = self._equity.of_state(world, side) if self._equity is not None else 0.0
            for i in tried:
                trial = world.clone()
                trial.apply(legal[i])
                value = self._play_out(trial, before, side, seed, memories.fork(), base)
                self._last_values[i].append(value)
                totals[i] += weight * value
        self.last_worlds = worlds
        self.progress = 1.0
        for i, rep in enumerate(reps):
            if rep != i:
                totals[i] = totals[rep]
                self._last_values[i] = self._last_values[rep]
        return [t / weights for t in totals]

    def _representatives(
        self, view: View, memory: Sequence[Event], legal: Sequence[Action]
    ) -> list[int]:
        """For each legal action, the action whose worlds stand for it: its class's first
        (the game's ``classes``), or itself. Why: moves that come to the same in every
        world (Tetka's cards next to each other in a suit) are tried once, and the
        worlds saved go to the moves that differ; equal scores then tie, and the tie
        goes to the class's first, or to the ``rules`` move in it (prudence)."""
        if self._classes is None:
            return list(range(len(legal)))
        reps = self._classes(view, memory, legal)
        if len(reps) != len(legal) or any(
            not 0 <= r <= i or reps[r] != r for i, r in enumerate(reps)
        ):
            raise TricktakerError(f"the {self.name} bot's classes of moves are malformed: {reps}")
        return reps

    def _belief(self, world: State, seat: int, seed: int) -> float:
        """How likely the others' choices this deal are in ``world``, as the model of
        each would make them there (``_seat_models``: the reader's, the own side's policy, or
        the rollout policy): 1 for each choice it repeats, ``mismatch`` for
        each it would not have made (they may bluff or think otherwise than it does);
        with ``draws`` above 1, ``mismatch`` plus the rest in the share of the draws
        that repeat it, and ``told`` instead of ``mismatch`` for the own side's
        followed verbs, ``ours`` for its other choices, and the game's ``mismatch_at``
        where it has a weight for the other side's choice; the ``unread`` verbs are not
        read (by default card plays, ``UNREAD_VERBS``) but for the other side's
        ``read_theirs``, and with ``read_last`` only that many last actions are.

        Without this every hand the cards allow is as likely as any other, and a
        raise or a call says nothing: the search would meet a double from strength
        as if it were random. The world's record is replayed from the start of its
        deal (samplers start a world there, telling the seat the past as memory)."""
        try:
            record = parse_record(world.to_record())
            replay = start_state(record)
        except TricktakerError:
            return 1.0
        game = get_game(self.game)
        sides = world.sides
        models = self._seat_models(sides, sides[seat], self._policy())
        rng = random.Random(seed)
        weight = 1.0
        memories = _Memories()
        first_read = len(record.actions) - self.read_last if self.read_last else 0
        for n, text in enumerate(record.actions):
            actor = replay.to_act
            action = game.parse_action(text)
            if (
                actor is not None
                and actor != seat
                and n >= first_read
                and (
                    action.verb not in self.unread
                    or (action.verb in self.read_theirs and sides[actor] != sides[seat])
                )
            ):
                legal = replay.legal_actions()
                if len(legal) > 1:
                    memory = memories.of(replay, actor)
                    model, seen = models[actor], replay.view(actor)
                    draws = self.draws
                    same = sum(model.act(seen, memory, legal, rng) == action for _ in range(draws))
                    if same < draws:
                        floor = self.mismatch
                        if sides[actor] == sides[seat]:
                            if self.told is not None and action.verb in self._followed:
                                floor = self.told
                            elif self.ours is not None:
                                floor = self.ours
                        elif self.mismatch_at is not None:
                            own = self.mismatch_at(seen, action)
                            if own is not None:
                                if not 0.0 <= own <= 1.0:
                                    raise TricktakerError(
                                        f"a mismatch weight is a chance, from 0 to 1: {own}"
                                    )
                                floor = own
                        weight *= floor + (1.0 - floor) * same / draws
            replay.apply(action)
        return weight

    def _play_out(
        self,
        world: State,
        before: int,
        side: int,
        seed: int,
        memories: _Memories,
        base: float = 0.0,
    ) -> float:
        """Play ``world`` to the end of its deal, each seat as ``_seat_models`` imagines him (the
        reader's model, the own side's policy, or the rollout policy); the side's gain
        (with a match-equity table, the change in equity from ``base``, in points at 0:0).

        The policy is handed each seat's memory from the start of the deal only
        (``memories``), which is all a ``rules`` bot reads: rendering the whole
        match's events for every imagined move made late decisions several times
        slower."""
        if self._value is not None:
            known = self._value(world, side)
            if known is not None:
                return known
        models = self._seat_models(world.sides, side, self._policy())
        rng = random.Random(seed)
        for _ in range(ROLLOUT_CAP):
            if len(world.finished_deals()) > before:
                break
            actor = world.to_act
            if actor is None:
                break
            legal = world.legal_actions()
            if len(legal) == 1:
                world.apply(legal[0])
                continue
            if self._value is not None:
                known = self._value(world, side)
                if known is not None:
                    return known
            memory = memories.of(world, actor)
            world.apply(models[actor].act(world.view(actor), memory, legal, rng))
        equity = self._equity
        if equity is not None:
            return match_gain(world, before, side, equity, base)
        return deal_gain(world, before, side)


def search_levels(
    game: str,
    value: WorldValue | None = None,
    rollout: Callable[[], Bot] | None = None,
    infer: bool = False,
    *,
    budget: Budget = DEFAULT_BUDGET,
    deep_budget: Budget = DEEP_BUDGET,
    unread: frozenset[str] = UNREAD_VERBS,
    mismatch: float = MISMATCH,
    classes: Classes | None = None,
    read_last: int = 0,
    reader: Callable[[], Reader] | None = None,
    plan: bool = True,
    follow: frozenset[str] = frozenset(),
    tactics: Mapping[int, Tactics] | None = None,
    mismatch_at: MismatchAt | None = None,
) -> Mapping[str, BotFactory]:
    """The ``search`` and ``deep`` levels of ``game``, for its bots' ``LEVELS``;
    ``infer``: weigh worlds by the others' choices (:meth:`SearchBot._belief`), all but
    the ``unread`` verbs (of the last ``read_last`` actions, 0 for all), each choice the
    policy would not make by ``mismatch`` (or by the game's ``mismatch_at``, where it
    has its own weight for a choice of the other side's);
    ``classes``: the game's moves that come to the same (tried once);
    ``reader``: model each other player by his betting seen (``bots/opponents.py``);
    ``plan``: value worlds by match equity where the game has a table (``bots/equity.py``);
    ``follow``: verbs played as the rollout policy plays them, never searched (Le Truc's
    signals to a partner: a searched signal is chosen for how the imagined partner takes
    it, and may then tell the real one a lie);
    ``tactics``: by number of players, verbs followed and the policy they follow
    (:class:`Tactics`; four-player Truco's and Le Truc's tuned ``rules``, six-player
    Truco's bets followed until the other side departs from ``rules``' betting)."""

    def make(name: str, given: Budget) -> Bot:
        return SearchBot(
            game,
            name=name,
            budget=given,
            value=value,
            rollout=rollout,
            infer=infer,
            unread=unread,
            mismatch=mismatch,
            classes=classes,
            read_last=read_last,
            reader=reader,
            plan=plan,
            follow=follow,
            tactics=tactics,
            mismatch_at=mismatch_at,
        )

    def default() -> Bot:
        return make("search", budget)

    def deep() -> Bot:
        return make("deep", deep_budget)

    return {"search": default, "deep": deep}
