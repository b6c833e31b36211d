"""Which of the search's decisions gain over ``rules``: variants of ``search`` in duplicate.

``tricktaker arena`` measures a level as it ships. This measures variants of the
search level against ``rules`` (or ``--against`` another level) on the same deals as
the arena (its set-ups and seeds, ``arena.duplicate``), at a fixed number of worlds a
decision (no clock: the same figures on any machine), on K processes, and each
variant's difference from the first, set by set (paired: the same cards, so much of
the deal's luck cancels).

A variant is ``search`` with any of, joined by ``+``:

* ``prudence=X``: the standard errors a move must gain over the ``rules`` move;
* ``betprudence=X``: the standard errors where either move is not a card play (a bet,
  an answer, a word), while no player of the other side is seen to bet otherwise than
  ``rules``; ``departure=Z`` (0 or more): by how many standard errors he must
  (``Reader.departing``; ``inf``: never; a game whose search reads nobody, Tetka,
  always takes the wider margin);
* ``mismatch=X``: a world's weight for each bet of another player's that ``rules``
  would not have made there;
* ``follow=V/W``: verbs played as ``rules`` plays them (``follow=`` none);
* ``cards``: the search chooses only which card to play; every other decision is
  the ``rules`` bot's (so it measures what searching the cards is worth);
* ``bets``: where both the search and the ``rules`` bot play a card, the card is the
  ``rules`` bot's; every other decision is the search's (what searching the bets,
  answers and words is worth).
* ``worlds=N``: this many worlds a decision instead of ``--worlds`` (what more worlds
  are worth, set by set on the same deals);
* ``draws=K``: each model asked K times for each choice a world's weight reads
  (``SearchBot.draws``);
* ``readteam=X``: four-player Truco's own policy ``TEAM`` reading each raiser
  (``rules.ReadingBot``, ``tight_margin`` X; it replaces ``team=`` given before it);
* ``lastraise=X``: Truco's weight for a world where a player of the other side raised
  with his last card and his model would not have (``reading.last_card_mismatch``;
  ``off``: the general ``mismatch``); ``lastraise=X/K``: for raises made with up to K
  cards in hand;
* ``until=Z``: the tactics' verbs followed only until a player of the other side is
  seen Z standard errors off ``rules``' betting (``Tactics.until``; ``never``: always
  followed); give it after ``tactics=``;
* ``theirs=V/W``: of the unread verbs (card plays), these read for the other side's
  players only (``SearchBot.read_theirs``);
* ``told=X``: a world's weight for a followed word of the own side (Le Truc's
  signals) its policy would not have said there (``SearchBot.told``);
* ``ours=X``: a world's weight for a choice of the own side's (a partner's) that its
  policy would not have made there (``SearchBot.ours``; 1: partners not read);
* ``reader=off``: no opponent model (every player of the other side played as
  ``rules``, no ``until`` ever met, and ``betprudence`` always takes the wider
  margin); ``reader=Z``: the reader's models used only once the other side, its
  players pooled, is seen Z standard errors off ``rules``' betting;
* ``plan=off``: worlds valued by the deal's raw points, not the change in the match
  equity (``SearchBot.plan``): what the arena's points per deal count;
* ``tactics=off``: none of the level's per-players tactics (``search.Tactics``: with
  four players Truco's ``rules.TEAM`` and Le Truc's learnt captain bets advise and
  play the own side; with six, Truco bets as its learnt bets (``TEAM`` with
  ``learnt_bets_6.json``) bet until the other side departs from ``rules``):
  the level as it was before them; ``tactics=team``: ``rules.TEAM`` so at every number
  of players; ``tactics=bets`` (Truco): that, with the bets (``BETS``) played as it
  plays them and only the cards searched; ``team=name:value/name:value``: as
  ``tactics=team`` with these of ``TEAM``'s numbers moved; ``tactics=learnt``: the
  bets learnt from play (``bots/truc/learnt.py``, ``bots/truco/learnt.py``,
  ``bench/learn_bets.py``) advise and play the own side in place of ``TEAM``, the
  verbs followed as shipped (the level itself where it ships them: four-player Le
  Truc, six-player Truco, whose level before was ``tactics=bets+until=2.5``; four-player
  Truco has no table, so there it is ``TEAM``); ``tactics=learnt/bets``: the bets followed too, only
  cards and words searched; ``tactics=read`` (Le Truc): ``TEAM`` reading the other
  side's bets (``read_4p``) without the table.

Games whose search level is the plain ``SearchBot`` (Le Truc, Truco, Tetka; not
Preferans, whose search has its own class). Each job of ``--chunk`` sets (five)
makes its bots afresh, so the opponent model learns over those sets, not over the
whole run as one arena bot does; ``--against`` names the level they meet (``rules``;
a search level or a variant of it plays at the same fixed worlds, so ``deep``, whose
only difference is its budget, plays as ``search``).

    .venv/bin/python bench/search_parts.py truc --option players=4 --sets 400 \\
        --worlds 16 --seed 1 --variants search,search+cards,search+bets
"""

from __future__ import annotations

import argparse
import importlib
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import fields, replace
from functools import partial

from tricktaker.arena.ladder import play_sets
from tricktaker.arena.stats import mean_ci
from tricktaker.bots import Bot, make_bot
from tricktaker.bots.opponents import Reader
from tricktaker.bots.search import Budget, SearchBot, Tactics
from tricktaker.bots.truco import BETS
from tricktaker.core import get_game
from tricktaker.core.actions import Action
from tricktaker.core.errors import TricktakerError
from tricktaker.core.events import Event
from tricktaker.core.options import parse_option_args, parse_option_texts
from tricktaker.core.protocol import View


class GatedReader(Reader):
    """A reader whose models of the other side are used only once that side, its
    players' counts pooled, is seen ``z`` standard errors off ``rules``' betting
    (``Reader.side_departs``); till then they are played as ``rules`` itself."""

    z = math.inf

    def policies(self, seat: int, players: int, memory: Sequence[Event]) -> Mapping[int, Bot]:
        if not self.side_departs(seat, players, memory, self.z):
            return {}
        return super().policies(seat, players, memory)


class PartSearch(SearchBot):
    """The search with one part of its decisions handed back to the ``rules`` bot, or with
    a wider margin on its bets."""

    part = "all"
    #: The margin (standard errors) where either move is not a card play, while no player
    #: of the other side is seen to bet ``departure`` standard errors off ``rules``.
    bet_prudence: float | None = None
    departure = 2.5
    _wide = False

    def act(
        self, view: View, memory: Sequence[Event], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        self._wide = self.bet_prudence is not None
        players = getattr(view, "players", None)
        reader, seat = self.reader, view.seat
        if self._wide and reader is not None and isinstance(players, int) and seat is not None:
            self._wide = not reader.departing(seat, players, memory, self.departure)
        chosen = super().act(view, memory, legal, rng)
        advised = self.last_rules
        if advised is None or self.part == "all":
            return chosen
        both_cards = chosen.verb == "play" and advised.verb == "play"
        if self.part == "cards":
            return chosen if both_cards else advised
        return advised if both_cards else chosen

    def _clearly_better(self, best: int, held: int) -> bool:
        legal = self.searched  # the indices count the moves searched, not all legal ones
        if (
            not self._wide
            or self.bet_prudence is None
            or (legal[best].verb == "play" and legal[held].verb == "play")
        ):
            return super()._clearly_better(best, held)
        plain = self.prudence
        self.prudence = self.bet_prudence
        try:
            return super()._clearly_better(best, held)
        finally:
            self.prudence = plain


def _refollowed(tactics: Mapping[int, Tactics], follow: frozenset[str]) -> dict[int, Tactics]:
    """The same tactics with these verbs followed instead of their own."""
    return {n: replace(found, follow=follow) for n, found in tactics.items()}


def _team(game: str, follow: frozenset[str], moved: str = "") -> dict[int, Tactics]:
    """The game's ``rules.TEAM`` advising at every number of players (the shipped level
    takes it with four only), with these verbs followed and these numbers moved
    (``name:value/name:value``)."""
    rules = importlib.import_module(f"tricktaker.bots.{game}.rules")
    team = getattr(rules, "TEAM", None)
    if team is None:
        raise SystemExit(f"tactics=team: {game} has no tuned rules.TEAM")
    changes: dict[str, float] = {}
    for pair in filter(None, moved.split("/")):
        name, _, value = pair.partition(":")
        if name not in {f.name for f in fields(team)} or not isinstance(getattr(team, name), float):
            raise SystemExit(f"team={moved}: {name!r} is not one of the rules bot's numbers")
        changes[name] = _number(moved, value)
        if not math.isfinite(changes[name]):
            raise SystemExit(f"team={moved}: {name} is a finite number")
    team = replace(team, **changes)
    tactics = Tactics(follow, lambda: rules.RulesBot(team))
    return dict.fromkeys(range(2, 7), tactics)


def _learnt(game: str, value: str, shipped: Mapping[int, Tactics]) -> dict[int, Tactics]:
    """The learnt bets (``bots/GAME/learnt.py``) as the policy that advises and plays the
    own side, in place of ``rules.TEAM``, with the level's verbs followed as shipped
    (``learnt``) or the bets followed too (``learnt/bets``); four-player Le Truc's
    ``TEAM`` reading the other side's bets without the table (``read``)."""
    if game == "truc":
        from tricktaker.bots.truc import SIGNALS
        from tricktaker.bots.truc.learnt import POLICY, LearntBot
        from tricktaker.bots.truc.rules import RulesBot

        bets = frozenset({"double", "accept", "refuse"})
        follow = SIGNALS | (bets if value == "learnt/bets" else frozenset())
        policy: Callable[[], Bot] = (lambda: RulesBot(POLICY)) if value == "read" else LearntBot
        return {4: Tactics(frozenset(follow), policy)}
    if game == "truco" and value != "read":
        from tricktaker.bots.truco.learnt import LearntBot as TrucoLearnt

        out = {n: replace(t, policy=TrucoLearnt) for n, t in shipped.items()}
        if value == "learnt/bets":
            out = {n: replace(t, follow=BETS) for n, t in out.items()}
        return out
    raise SystemExit(f"tactics={value}: not for {game}")


def _number(spec: str, value: str) -> float:
    try:
        return float(value)
    except ValueError:
        raise SystemExit(f"variant {spec!r}: {value!r} is not a number") from None


def make(spec: str, game: str, worlds: int) -> Bot:
    """A bot from a variant spec (module docstring); a plain level id makes that level."""
    level, *changes = spec.split("+")
    bot = make_bot(level, game)
    if type(bot) is not SearchBot:
        if changes:
            raise SystemExit(f"variant {spec!r}: only the plain search level takes changes")
        return bot
    bot.__class__ = PartSearch
    assert isinstance(bot, PartSearch)
    bot.budget = Budget(seconds=math.inf, min_worlds=worlds, max_worlds=worlds)
    for change in changes:
        key, _, value = change.partition("=")
        if key == "prudence":
            bot.prudence = _number(spec, value)
        elif key == "betprudence":
            bot.bet_prudence = _number(spec, value)
        elif key == "departure":
            bot.departure = _number(spec, value)
        elif key == "mismatch":
            bot.mismatch = _number(spec, value)
        elif key == "follow":
            bot.follow = frozenset(v for v in value.split("/") if v)
            bot.tactics = _refollowed(bot.tactics, bot.follow)
        elif key == "tactics" and value == "off":
            bot.tactics = {}
        elif key == "tactics" and value == "team":
            bot.tactics = _team(game, bot.follow)
        elif key == "team":
            bot.tactics = _team(game, bot.follow, value)
        elif key == "tactics" and value in ("read", "learnt", "learnt/bets"):
            bot.tactics = _learnt(game, value, bot.tactics)
        elif key == "tactics" and value == "bets":
            if game != "truco":
                raise SystemExit(f"variant {spec!r}: tactics=bets is Truco's")
            bot.tactics = _team(game, BETS)
        elif key == "until" and not any(t.follow for t in bot.tactics.values()):
            raise SystemExit(f"variant {spec!r}: until= needs tactics that follow verbs first")
        elif key == "until":
            z = None if value == "never" else _number(spec, value)
            if z is not None and not z >= 0:  # nan too
                raise SystemExit(f"variant {spec!r}: until is 0 or more standard errors")
            bot.tactics = {n: replace(t, until=z) for n, t in bot.tactics.items()}
        elif key == "theirs":
            bot.read_theirs = frozenset(v for v in value.split("/") if v)
        elif key == "told":
            bot.told = _number(spec, value)
            if not 0.0 <= bot.told <= 1.0:
                raise SystemExit(f"variant {spec!r}: told is a weight from 0 to 1")
        elif key == "reader" and value == "off":
            bot.reader = None
        elif key == "reader" and bot.reader is None:
            raise SystemExit(f"variant {spec!r}: this search reads nobody (no reader to gate)")
        elif key == "reader":
            bot.reader.__class__ = GatedReader
            assert isinstance(bot.reader, GatedReader)
            bot.reader.z = _number(spec, value)
            if not bot.reader.z >= 0:  # nan too
                raise SystemExit(f"variant {spec!r}: reader= is off or 0 or more standard errors")
        elif key == "ours":
            bot.ours = _number(spec, value)
            if not 0.0 <= bot.ours <= 1.0:
                raise SystemExit(f"variant {spec!r}: ours is a weight from 0 to 1")
        elif key == "worlds":
            n = _number(spec, value)
            if not (1 <= n <= 4096 and n.is_integer()):
                raise SystemExit(f"variant {spec!r}: worlds is a whole number from 1 to 4096")
            bot.budget = Budget(seconds=math.inf, min_worlds=int(n), max_worlds=int(n))
        elif key == "draws":
            draws = _number(spec, value)
            if not (1 <= draws <= 64 and draws.is_integer()):
                raise SystemExit(f"variant {spec!r}: draws is a whole number from 1 to 64")
            bot.draws = int(draws)
        elif key == "readteam":
            if game != "truco":
                raise SystemExit(f"variant {spec!r}: readteam is Truco's")
            from tricktaker.bots.truco.rules import TEAM, ReadingBot

            margin = _number(spec, value)
            if not 0.0 <= margin <= 1.0:
                raise SystemExit(f"variant {spec!r}: readteam is a margin from 0 to 1")
            if 4 not in bot.tactics:
                raise SystemExit(f"variant {spec!r}: readteam needs the four-player tactics")
            bot.tactics = {
                n: replace(t, policy=partial(ReadingBot, replace(TEAM, tight_margin=margin)))
                if n == 4
                else t
                for n, t in bot.tactics.items()
            }
        elif key == "lastraise":
            if game != "truco":
                raise SystemExit(f"variant {spec!r}: lastraise is Truco's")
            if value == "off":
                bot.mismatch_at = None
            else:
                text, _, cards = value.partition("/")
                weight = _number(spec, text)
                if not 0.0 <= weight <= 1.0 or cards not in ("", "1", "2", "3"):
                    raise SystemExit(
                        f"variant {spec!r}: lastraise is a weight from 0 to 1, W/K (K 1 to 3"
                        " cards in hand), or off"
                    )
                from tricktaker.bots.truco.reading import last_card_mismatch

                bot.mismatch_at = partial(last_card_mismatch, weight=weight, cards=int(cards or 1))
        elif key == "plan" and value == "off":
            bot.plan = False
        elif key in ("cards", "bets") and not value:
            bot.part = key
        else:
            raise SystemExit(f"variant {spec!r}: unknown change {change!r}")
    if (bot.part != "all" or bot.bet_prudence is not None) and bot.prudence <= 0:
        raise SystemExit(
            f"variant {spec!r}: cards, bets and betprudence need the rules move (a prudence)"
        )
    if not bot.departure >= 0:  # nan too
        raise SystemExit(f"variant {spec!r}: a departure is 0 or more standard errors")
    return bot


Job = tuple[str, tuple[tuple[str, str], ...], int, int, int, str, int, str]


def run_job(job: Job) -> list[float]:
    """Each set's points per deal of the variant over the level it meets, as the arena
    counts them."""
    game, options, seed, first, count, spec, worlds, against = job
    g = get_game(game)
    opts = g.options(parse_option_texts(g.option_schema(), dict(options)))
    sets = play_sets(
        game, opts, make(spec, game, worlds), make(against, game, worlds), seed, first, count
    )
    return [s.points for s in sets]


def interval(values: Sequence[float]) -> str:
    """The mean with its normal 95% interval (``arena.stats``)."""
    ci = mean_ci(values)
    return f"{ci.mean:+.3f} ({ci.low:+.3f} .. {ci.high:+.3f})"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("game")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--sets", type=int, default=200, help="duplicate sets (two deals each)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--worlds", type=int, default=16, help="worlds a decision (default 16)")
    p.add_argument("--variants", default="search", help="comma-separated, the first the base")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument(
        "--against",
        default="rules",
        help="the level every variant meets (a search level, or a variant, at --worlds too)",
    )
    p.add_argument(
        "--chunk", type=int, default=5, help="sets a job plays with the same bots (they learn)"
    )
    args = p.parse_args()
    if min(args.chunk, args.sets, args.worlds, args.workers) < 1:
        raise SystemExit("--chunk, --sets, --worlds and --workers count from 1")
    try:
        make(args.against, args.game, args.worlds)
    except TricktakerError as exc:
        raise SystemExit(f"--against: {exc}") from exc
    try:
        options = tuple(sorted(parse_option_args(args.option).items()))
        g = get_game(args.game)
        g.options(parse_option_texts(g.option_schema(), dict(options)))
    except TricktakerError as exc:
        raise SystemExit(f"--option: {exc}") from exc
    variants = args.variants.split(",")
    for spec in variants:
        make(spec, args.game, args.worlds)  # a bad spec stops here, before any play
    chunk = args.chunk
    results: dict[str, list[float]] = {}
    for spec in variants:
        started = time.perf_counter()
        jobs: list[Job] = [
            (
                args.game,
                options,
                args.seed,
                first,
                min(chunk, args.sets - first),
                spec,
                args.worlds,
                args.against,
            )
            for first in range(0, args.sets, chunk)
        ]
        with ProcessPoolExecutor(args.workers) as pool:
            results[spec] = [v for part in pool.map(run_job, jobs) for v in part]
        took = time.perf_counter() - started
        line = f"{spec} vs {args.against}: {interval(results[spec])} points per deal"
        if spec != variants[0]:
            paired = [x - y for x, y in zip(results[spec], results[variants[0]], strict=True)]
            line += f"; minus {variants[0]}: {interval(paired)}"
        print(f"{line}  [{args.sets} sets, {took:.0f} s]", flush=True)


if __name__ == "__main__":
    main()
