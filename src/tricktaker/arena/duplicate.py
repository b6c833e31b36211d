"""Duplicate self-play between two bots: ``tricktaker arena truc --bots rules,random``.

Luck of the cards dominates a single deal of Le Truc, so deals are played in
pairs: the same explicit cards (hands and stock, drawn from the seed), the same
dealer and the same game score, first with bot A on side 0 and bot B on side 1,
then with the bots swapped (with four players bot A takes seats 0 and 2, then
1 and 3). Whatever the cards give one side, each bot gets once.

Each deal is a single deal: play stops when the match's first deal is finished.
So that the endgame (``rest``, counter-rest, doubles capped at 12) matters, each
pair starts from a game score drawn from the seed, each side's score uniform in
0..11, given to the *seats* (both mirror deals start from the same position;
only the bots change places). The engine has no constructor argument for a
starting score; :func:`start_state` sets Le Truc's ``state.score`` on a fresh
state before any action, which is safe because nothing has been derived from
the score yet (legal actions are computed lazily).

Bot A's results per deal: won 1, drawn or void 1/2, lost 0, and points (A's
points minus B's points in the deal). Both figures are averaged per pair and
their 95% confidence intervals are computed over the pairs (paired samples).
Everything is deterministic given the seed: cards, scores, dealers and each
seat's bot rng come from string seeds ``tricktaker-arena/<seed>/<pair>/...``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tricktaker.arena.stats import Interval, mean_ci
from tricktaker.bots import Bot, make_bot
from tricktaker.cards import CARD_NAMES
from tricktaker.core import State, TricktakerError, get_game
from tricktaker.core.options import options_to_dict, parse_option_args

GAME_POINTS = 12
HAND = 3


@dataclass(frozen=True, slots=True)
class DealSetup:
    """What both deals of a pair share: cards per seat, the stock, the dealer, the score."""

    hands: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    dealer: int
    score: tuple[int, int]

    def deal_json(self) -> dict[str, Any]:
        return {
            "hands": [[CARD_NAMES[c] for c in h] for h in self.hands],
            "stock": [CARD_NAMES[c] for c in self.stock],
        }


@dataclass(frozen=True, slots=True)
class DealResult:
    """One finished deal, seen from bot A."""

    pair: int
    mirror: int  # 0: A on side 0; 1: A on side 1
    a_side: int
    winner: int | None  # side, or None for a drawn or void deal
    points: int
    end: str
    dealt: tuple[Mapping[str, Any], ...]  # the deals as the engine recorded them

    @property
    def a_score(self) -> float:
        if self.winner is None:
            return 0.5
        return 1.0 if self.winner == self.a_side else 0.0

    @property
    def a_points(self) -> int:
        if self.winner is None:
            return 0
        return self.points if self.winner == self.a_side else -self.points


@dataclass(frozen=True, slots=True)
class ArenaResult:
    game: str
    bot_a: str
    bot_b: str
    options: Mapping[str, Any]
    seed: int
    results: tuple[DealResult, ...] = field(repr=False)

    @property
    def deals(self) -> int:
        return len(self.results)

    @property
    def pairs(self) -> int:
        return len(self.results) // 2

    def _per_pair(self, key: str) -> list[float]:
        out: dict[int, float] = {}
        for r in self.results:
            x = r.a_score if key == "score" else float(r.a_points)
            out[r.pair] = out.get(r.pair, 0.0) + x / 2
        return [out[k] for k in sorted(out)]

    @property
    def win_rate(self) -> Interval:
        """Bot A's share of deals won (drawn = half), CI over pairs."""
        return mean_ci(self._per_pair("score"))

    @property
    def points(self) -> Interval:
        """Bot A's points minus bot B's per deal, CI over pairs."""
        return mean_ci(self._per_pair("points"))

    def counts(self) -> tuple[int, int, int]:
        """Deals won by A, won by B, drawn or void."""
        won = sum(1 for r in self.results if r.winner is not None and r.winner == r.a_side)
        drawn = sum(1 for r in self.results if r.winner is None)
        return won, len(self.results) - won - drawn, drawn

    def names(self) -> tuple[str, str]:
        if self.bot_a == self.bot_b:
            return f"{self.bot_a} (A)", f"{self.bot_b} (B)"
        return self.bot_a, self.bot_b

    def verdict(self) -> str:
        a, b = self.names()
        w, p = self.win_rate, self.points
        if w.above(0.5) and p.above(0.0):
            return f"{a} beats {b}: both intervals lie clear of even"
        if w.below(0.5) and p.below(0.0):
            return f"{b} beats {a}: both intervals lie clear of even"
        if w.above(0.5) or p.above(0.0):
            return f"{a} leads {b} on one measure only: play more deals to be sure"
        if w.below(0.5) or p.below(0.0):
            return f"{b} leads {a} on one measure only: play more deals to be sure"
        return f"no significant difference between {a} and {b} at 95%"

    def report(self) -> str:
        a, b = self.names()
        opts = " ".join(f"{k}={v}" for k, v in self.options.items())
        won, lost, drawn = self.counts()
        w, p = self.win_rate, self.points
        return "\n".join(
            [
                f"duplicate arena: {self.game}, {a} vs {b}, {opts}, seed {self.seed}",
                f"deals: {self.deals} ({self.pairs} pairs: same cards, seats swapped;"
                " single deals from start scores drawn from the seed)",
                f"{a}: won {won}, lost {lost}, drawn or void {drawn}",
                f"{a} win rate: {w.mean:.1%} (95% CI {w.low:.1%} .. {w.high:.1%}),"
                " drawn deals count half",
                f"{a} points per deal minus {b}'s: {p.mean:+.3f}"
                f" (95% CI {p.low:+.3f} .. {p.high:+.3f})",
                f"verdict: {self.verdict()}",
            ]
        )


def deal_setup(game: str, options: Any, seed: int, pair: int) -> DealSetup:
    """The cards, dealer and start score of pair ``pair``, from the seed alone."""
    if game != "truc":
        raise TricktakerError(f"the duplicate arena deals Le Truc (truc) only, not {game!r}")
    from tricktaker.games.truc.cards import DECK

    n = int(options_to_dict(options)["players"])
    rng = random.Random(f"tricktaker-arena/{seed}/{pair}")
    deck = list(DECK)
    rng.shuffle(deck)
    hands = tuple(tuple(deck[HAND * s : HAND * (s + 1)]) for s in range(n))
    stock = tuple(deck[HAND * n :])
    dealer = rng.randrange(n)
    score = (rng.randrange(GAME_POINTS), rng.randrange(GAME_POINTS))
    return DealSetup(hands, stock, dealer, score)


def start_state(game: str, options: Any, setup: DealSetup, seed: int) -> State:
    """A fresh match with the setup's cards and dealer, starting from its game score."""
    from tricktaker.games.truc.rules import TrucState

    state = get_game(game).new_match(
        options, seed=f"arena/{seed}", deals=[setup.deal_json()], dealer=setup.dealer
    )
    if not isinstance(state, TrucState) or state.actions:
        raise TricktakerError("a start score can only be set on a fresh Le Truc match")
    state.score = list(setup.score)
    return state


def play_deal(
    state: State, bots: Sequence[Bot], rngs: Sequence[random.Random]
) -> Mapping[str, Any]:
    """Let the seats' bots act until the first deal is finished; return that deal."""
    while not state.finished_deals():
        seat = state.to_act
        if seat is None:
            raise TricktakerError("the match ended without a finished deal")
        legal = state.legal_actions()
        action = bots[seat].act(state.view(seat), legal, rngs[seat])
        try:
            state.apply(action)
        except TricktakerError as exc:
            raise TricktakerError(f"bot {bots[seat].name} at seat {seat}: {exc}") from exc
    return state.finished_deals()[0]


def play_duplicate(
    game: str,
    bot_a: str | Bot,
    bot_b: str | Bot,
    deals: int,
    seed: int,
    options: Mapping[str, object] | None = None,
) -> ArenaResult:
    """Play ``deals`` deals (rounded up to whole pairs) between A and B, duplicate style."""
    if deals < 1:
        raise TricktakerError("the arena needs at least one deal (--deals)")
    g = get_game(game)
    opts = g.options(dict(options or {}))
    a = make_bot(bot_a, game) if isinstance(bot_a, str) else bot_a
    b = make_bot(bot_b, game) if isinstance(bot_b, str) else bot_b
    n = int(options_to_dict(opts)["players"])
    results: list[DealResult] = []
    for pair in range((deals + 1) // 2):
        setup = deal_setup(game, opts, seed, pair)
        for mirror in (0, 1):
            bots = [a if (seat & 1) == mirror else b for seat in range(n)]
            rngs = [
                random.Random(f"tricktaker-arena/{seed}/{pair}/{mirror}/{seat}")
                for seat in range(n)
            ]
            state = start_state(game, opts, setup, seed)
            deal = play_deal(state, bots, rngs)
            results.append(
                DealResult(
                    pair=pair,
                    mirror=mirror,
                    a_side=mirror,
                    winner=deal["winner"],
                    points=int(deal["points"]),
                    end=str(deal["end"]),
                    dealt=tuple(state.to_record()["deals"]),
                )
            )
    return ArenaResult(
        game=game,
        bot_a=a.name,
        bot_b=b.name,
        options=options_to_dict(opts),
        seed=seed,
        results=tuple(results),
    )


def run_arena_cli(game: str, bots: str, deals: int, seed: int, options: list[str]) -> int:
    """``tricktaker arena``: print the report; exit 0 (bad input raises TricktakerError)."""
    levels = [x.strip() for x in bots.split(",")]
    if len(levels) != 2 or not all(levels):
        raise TricktakerError(f"--bots needs two levels separated by a comma, not {bots!r}")
    result = play_duplicate(game, levels[0], levels[1], deals, seed, parse_option_args(options))
    print(result.report())
    sys.stdout.flush()
    return 0
