"""Our Truco levels against minitruco's bots, four-player Paulista, in duplicate.

Issue 23 measured ``rules`` and ``search`` against the two strategies of minitruco
(the Android app; github.com/chesterbr/minitruco-android, BSD-licensed), the strongest
open-source Truco bots we know, and set a target against their strongest. This plays
that match here: our engine deals and keeps the rules; minitruco's decisions come
from its own Java strategies through a small bridge (``minitruco/TricktakerBridge.java``,
compiled with ``javac`` against a minitruco checkout the user supplies with
``--minitruco``; nothing of minitruco is copied into this repository).

Only moves that both programs' rules allow are played:

* our side never folds and never raises back as an answer (minitruco has neither:
  its answer is accept or refuse, and the side that accepted raises on its own turn);
  it plays a card face down only where minitruco lets it (from the second trick on,
  not after the partner's face-down card in the same trick);
* minitruco's side answers a raise, and a hand of eleven, as minitruco's table asks
  it: both partners are asked, and the team goes on if either says yes (its
  ``PartidaLocal``); in our iron hand, where nobody sees his cards, it plays its first
  card by place (minitruco has no blind hand: its players would see theirs).

The deals, seats and rotations are the arena's (``arena.duplicate``): set ``i`` of
seed ``s`` deals the same cards twice with the sides swapped, from the arena's random
start (scores near the end half the time, so hands of eleven get played). Points per
deal are our side's less theirs, with a normal 95% interval over the sets; with more
than one level, each after the first is also given less the first, set by set. The
strategies' own random numbers are reseeded at each decision from the arena's seat
generators, so a run with ``--worlds`` (our search not on the clock) replays exactly.

    .venv/bin/python bench/minitruco_match.py --minitruco PATH --levels rules,search \\
        --strategy gasparotto --sets 400 --seed 1 --workers 2 [--worlds 64]
"""

from __future__ import annotations

import argparse
import hashlib
import math
import random
import shutil
import subprocess
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from tricktaker.arena.duplicate import set_up, start_state
from tricktaker.arena.stats import mean_ci
from tricktaker.bots import Bot, make_bot
from tricktaker.bots.opponents import Learner
from tricktaker.cards import CARD_NAMES
from tricktaker.core import get_game
from tricktaker.core.actions import Action
from tricktaker.core.protocol import State
from tricktaker.games.truco.actions import DOWN, FOLD, RAISE, TrucoAction
from tricktaker.games.truco.views import TrucoView

BRIDGE = Path(__file__).with_name("minitruco") / "TricktakerBridge.java"
#: Where minitruco's strategies live in its checkout (plain Java, no dependency).
CORE = Path("core/src/main/java/me/chester/minitruco/core")
STRATEGIES = ("gasparotto", "sellani")
#: minitruco writes a card as its rank and its suit's Portuguese initial: copas,
#: ouros, espadas, paus.
SUITS = {"h": "c", "d": "o", "s": "e", "c": "p"}
#: Ranks in their cycle: the manilha is the rank after the vira's.
CYCLE = "4567QJKA23"
OPTIONS: dict[str, object] = {"players": 4, "variant": "paulista"}


def build(checkout: Path, into: Path) -> Path:
    """The bridge and minitruco's core compiled into ``into`` (once per source set)."""
    sources = sorted((checkout / CORE).glob("*.java"))
    if not sources:
        raise SystemExit(f"--minitruco {checkout}: no {CORE}/*.java (minitruco-android's tree?)")
    if shutil.which("javac") is None or shutil.which("java") is None:
        raise SystemExit("java and javac are needed to run minitruco's strategies")
    digest = hashlib.sha256()
    for path in [*sources, BRIDGE]:
        digest.update(path.read_bytes())
    out = into / digest.hexdigest()[:16]
    if not (out / "TricktakerBridge.class").exists():
        out.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(
            ["javac", "-nowarn", "-d", str(out), *map(str, sources), str(BRIDGE)],
            capture_output=True,
            text=True,
        )
        if done.returncode:
            raise SystemExit(f"javac failed:\n{done.stderr[-2000:]}")
    return out


def kind_of(action: Action) -> int:
    """The Truco action's kind (``games.truco.actions``); -1 for any other action."""
    return action.kind if isinstance(action, TrucoAction) else -1


def mt_card(card: int | None) -> str:
    """A card as minitruco writes it; ``XX`` face down (or unseen)."""
    if card is None:
        return "XX"
    name = CARD_NAMES[card]
    return name[0] + SUITS[name[1]]


def manilha(view: TrucoView) -> str:
    """The rank of this deal's manilhas, after the vira's in the cycle."""
    if view.vira is None:
        raise ValueError("Paulista turns a vira: a view without one is not Paulista")
    return CYCLE[(CYCLE.index(CARD_NAMES[view.vira][0]) + 1) % len(CYCLE)]


def cards(hand: Sequence[int | None]) -> str:
    return ",".join(mt_card(c) for c in hand) if hand else "-"


def partner_down(view: TrucoView) -> bool:
    """Whether the acting seat's partner lies face down in this trick."""
    assert view.seat is not None
    return (view.seat + 2) % 4 in view.down_on_table


def situation(view: TrucoView, legal: Sequence[Action], partner: Sequence[int] = ()) -> str:
    """minitruco's ``SituacaoJogo`` for the view's seat, as the bridge reads it (seats
    0 to 3 are its positions 1 to 4: both play in rising order, partners opposite)."""
    assert view.seat is not None
    results = [0, 0, 0]
    played = ["--"] * 12
    for r, (plays, downs, result) in enumerate(view.tricks[:3]):
        results[r] = 3 if result == "tie" else int(result) + 1
        for seat, card in plays:
            played[4 * r + seat] = "XX" if seat in downs else mt_card(card)
    current = len(view.tricks)
    if current < 3:
        for seat, card in view.on_table:
            played[4 * current + seat] = "XX" if seat in view.down_on_table else mt_card(card)
    if view.phase == "answer":
        # minitruco's answering side may raise later only if nobody accepted a raise yet
        # (its bot's valorProximaAposta: 3 until a raise is accepted, then the
        # accepting side's), and its strategies read it when they answer.
        following = view.ladder[1] if view.level == 0 else 0
    else:
        raises = view.phase == "play" and any(kind_of(a) == RAISE for a in legal)
        following = view.ladder[view.level + 1] if raises else 0
    asker = view.raiser + 1 if view.phase == "answer" and view.raiser is not None else 0
    opener = view.on_table[0][0] if view.on_table else view.leader
    can_down = current > 0 and not partner_down(view)
    return " ".join(
        map(
            str,
            [
                view.seat + 1,
                min(current + 1, 3),
                *results,
                view.value,
                following,
                asker,
                opener + 1,
                manilha(view),
                *view.score,
                int(can_down),
                cards(view.hand),
                ",".join(played),
                cards(partner),
            ],
        )
    )


class Bridge:
    """One JVM answering minitruco's decisions, line by line."""

    def __init__(self, classpath: Path) -> None:
        self.process = subprocess.Popen(
            ["java", "-Xshare:auto", "-cp", str(classpath), "TricktakerBridge"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.errors = 0

    def ask(self, kind: str, strategy: str, seed: int, where: str) -> int | None:
        """The strategy's answer; None where it threw (counted)."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{kind} {strategy} {seed} {where}\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline().strip()
        if not answer:
            raise RuntimeError("minitruco's bridge ended")
        if answer.startswith("E"):
            self.errors += 1
            return None
        return int(answer)

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=10)


def allowed(view: TrucoView, legal: Sequence[Action]) -> list[Action]:
    """Our side's moves that minitruco's rules allow too (module docstring)."""
    keep = []
    for a in legal:
        kind = kind_of(a)
        if kind == FOLD or (kind == RAISE and view.phase == "answer"):
            continue
        if kind == DOWN and partner_down(view):
            continue
        keep.append(a)
    return keep


def by_verb(legal: Sequence[Action], verb: str) -> Action:
    return next(a for a in legal if a.verb == verb and not a.args)


@dataclass
class Tally:
    """What a run saw, per side (0 ours, 1 minitruco's)."""

    raises: Counter[int] = field(default_factory=Counter)
    refused: Counter[int] = field(default_factory=Counter)
    deals: int = 0
    errors: int = 0

    def add(self, other: Tally) -> None:
        self.raises.update(other.raises)
        self.refused.update(other.refused)
        self.deals += other.deals
        self.errors += other.errors

    def line(self, sets: Sequence[float]) -> str:
        """Points a deal (ours less theirs, 95% over the sets), raises and refusals a
        deal per side, and how often minitruco's strategy threw."""
        ci = mean_ci(sets)
        n = max(self.deals, 1)
        return (
            f"{ci.mean:+.3f} ({ci.low:+.3f} .. {ci.high:+.3f}) points a deal over {len(sets)}"
            f" sets; raises a deal: ours {self.raises[0] / n:.2f}, theirs"
            f" {self.raises[1] / n:.2f}; refusals a deal: ours {self.refused[0] / n:.2f},"
            f" theirs {self.refused[1] / n:.2f}; strategy errors {self.errors}"
        )


def minitruco_move(
    state: State, bridge: Bridge, strategy: str, rng: random.Random, tally: Tally
) -> Action:
    """What minitruco's table would have its bot at the seat to act do."""
    seat = state.to_act
    assert seat is not None
    view = state.view(seat)
    assert isinstance(view, TrucoView)
    legal = state.legal_actions()
    partner = (seat + 2) % 4
    if view.phase in ("answer", "decide"):
        kind = "A" if view.phase == "answer" else "M"
        yes = False
        for who in (seat, partner):  # either partner's yes carries the team
            seen = state.view(who)
            assert isinstance(seen, TrucoView)
            shown = dict(seen.partners).get((who + 2) % 4, ())
            said = bridge.ask(kind, strategy, rng.getrandbits(48), situation(seen, legal, shown))
            if said:
                yes = True
                break
        if view.phase == "answer":
            if not yes:
                tally.refused[1] += 1
            return by_verb(legal, "accept" if yes else "refuse")
        return next(a for a in legal if a.verb == ("play" if yes else "run"))
    if view.iron:
        return next(a for a in legal if a.args == ("#1",))
    said = bridge.ask("J", strategy, rng.getrandbits(48), situation(view, legal))
    valid = said == -1 or (said is not None and 0 <= said < 20 and said % 10 < len(view.hand))
    index = said if valid and said is not None else 0  # minitruco's bot: its first card
    if index == -1:
        raise_ = next((a for a in legal if kind_of(a) == RAISE), None)
        if raise_ is not None:
            tally.raises[1] += 1
            return raise_
        index = 0  # a raise out of turn: minitruco's bot plays its first card
    down = index >= 10
    card = view.hand[index - 10 if down else index]
    assert card is not None
    if down and not partner_down(view):  # minitruco plays it face up after a partner's
        face_down = [a for a in legal if kind_of(a) == DOWN and a.args[0] == CARD_NAMES[card]]
        if face_down:
            return face_down[0]
    return next(a for a in legal if a.verb == "play" and a.args == (CARD_NAMES[card],))


def play_set(
    ours: Bot, bridge: Bridge, strategy: str, seed: int, index: int, tally: Tally
) -> float:
    """Set ``index``: the same cards with our side on each side; our mean gain a deal."""
    game = get_game("truco")
    opts = game.options(dict(OPTIONS))
    sides = game.new_match(opts, seed=0).sides
    setup = set_up("truco", opts, seed, index, len(sides))
    points = []
    for mirror in (0, 1):
        rngs = [
            random.Random(f"tricktaker-arena/{seed}/{index}/{mirror}/{seat}")
            for seat in range(len(sides))
        ]
        state = start_state("truco", opts, setup)
        while not state.finished_deals():
            seat = state.to_act
            assert seat is not None
            if sides[seat] == mirror:
                view = state.view(seat)
                assert isinstance(view, TrucoView)
                legal = allowed(view, state.legal_actions())
                action = ours.act(view, state.events(0, seat), legal, rngs[seat])
                if kind_of(action) == RAISE and view.phase == "play":
                    tally.raises[0] += 1
                if action.verb == "refuse":
                    tally.refused[0] += 1
            else:
                action = minitruco_move(state, bridge, strategy, rngs[seat], tally)
            state.apply(action)
        if isinstance(ours, Learner):
            first = sides.index(mirror)
            ours.match_over(state.view(first), state.events(0, first))
        gains = state.finished_deals()[0].gains
        points.append(gains[mirror] - gains[1 - mirror])
        tally.deals += 1
    return math.fsum(points) / len(points)


Job = tuple[str, str, str, int, int, int, int]


def our_bot(level: str, worlds: int) -> Bot:
    """The level as shipped, thinking by the clock (``worlds`` 0), or at ``worlds`` a
    decision, where a search variant of ``search_parts.py`` may be named too."""
    if not worlds:
        return make_bot(level, "truco")
    from search_parts import make

    return make(level, "truco", worlds)


def run_job(job: Job) -> tuple[list[float], Tally]:
    classpath, level, strategy, seed, first, n, worlds = job
    ours = our_bot(level, worlds)
    bridge = Bridge(Path(classpath))
    tally = Tally()
    try:
        sets = [play_set(ours, bridge, strategy, seed, i, tally) for i in range(first, first + n)]
    finally:
        tally.errors = bridge.errors
        bridge.close()
    return sets, tally


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("--minitruco", type=Path, required=True, help="a minitruco-android checkout")
    p.add_argument("--levels", default="rules", help="our levels, comma-separated")
    p.add_argument("--strategy", default="gasparotto,sellani", help="theirs: gasparotto, sellani")
    p.add_argument("--sets", type=int, default=200, help="duplicate sets (two deals each)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--chunk", type=int, default=10, help="sets a job plays with one bot object")
    p.add_argument(
        "--worlds",
        type=int,
        default=0,
        help="search levels at this many worlds a decision, not by the clock; variants of"
        " search_parts.py may then be named (search+cards)",
    )
    p.add_argument("--build", type=Path, default=Path("var/minitruco"), help="where to compile")
    args = p.parse_args()
    strategies = args.strategy.split(",")
    if any(s not in STRATEGIES for s in strategies):
        raise SystemExit(f"--strategy: one of {', '.join(STRATEGIES)}")
    if min(args.sets, args.workers, args.chunk) < 1:
        raise SystemExit("--sets, --workers and --chunk count from 1")
    if not 0 <= args.worlds <= 4096:
        raise SystemExit("--worlds: from 1 to 4096, or 0 for the clock")
    levels = args.levels.split(",")
    for level in levels:
        our_bot(level, args.worlds)  # an unknown level fails here, before any work
    classpath = build(args.minitruco.resolve(), args.build.resolve())
    print(f"four-player Truco Paulista, seed {args.seed}, {args.sets} sets ({2 * args.sets} deals)")
    first: dict[str, list[float]] = {}
    with ProcessPoolExecutor(args.workers) as pool:
        for level in levels:
            for strategy in strategies:
                started = time.perf_counter()
                jobs: list[Job] = [
                    (
                        str(classpath),
                        level,
                        strategy,
                        args.seed,
                        f,
                        min(args.chunk, args.sets - f),
                        args.worlds,
                    )
                    for f in range(0, args.sets, args.chunk)
                ]
                sets: list[float] = []
                total = Tally()
                for got, tally in pool.map(run_job, jobs):
                    sets += got
                    total.add(tally)
                print(
                    f"{level} vs {strategy}: {total.line(sets)}; "
                    f"{time.perf_counter() - started:.0f} s",
                    flush=True,
                )
                base = first.setdefault(strategy, sets)
                if base is not sets:
                    ci = mean_ci([a - b for a, b in zip(sets, base, strict=True)])
                    print(
                        f"  {level} minus {levels[0]}, set by set: {ci.mean:+.3f}"
                        f" ({ci.low:+.3f} .. {ci.high:+.3f})",
                        flush=True,
                    )


if __name__ == "__main__":
    main()
