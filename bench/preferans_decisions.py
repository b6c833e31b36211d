"""Preferans' decisions measured one part at a time: the contracts bid, misère, the whist.

Usage: ``python bench/preferans_decisions.py [--deals N] [--seed S]
[--levels L1,L2,L3] [--worlds W] [--json]``.

N Sochi deals (three players; deal ``d`` is the first deal of the match of seed
``1000 * S + d``, and the script runs itself again with ``PYTHONHASHSEED=0`` unless
it is set, so runs are reproducible) are played to their end by bots of
the given levels (default ``search`` in all three seats; a list of three is
rotated one seat a deal, so each level sits in each seat). The search levels'
clock is taken away: every decision samples exactly ``--worlds`` worlds (default
8, the ``search`` level's minimum), as ``bench/search_latency.py --worlds`` does,
so that two versions of the bots do the same work at the same seed. For each
level L it reports, with 95% intervals (Wilson for rates, normal for means):

* **contracts** declared by L: how often they are made (a contract nobody
  whists is made without play), the declarer's tricks over or under the
  contract in the deals played, and, for the bid itself, how often the
  declarer's hand after the discard makes the contract with best play open
  handed (the open-hand solver, both defenders playing against him), split by
  level 6, 7 and 8-10;
* **misère** declared by L: how often it succeeds (no trick taken), and how
  often it survives the catchers' best play open handed;
* **whist decisions** by L (each whist, pass or half-whist answer): an oracle
  that sees every hand (the real state: the tool may look at it, the bot may
  not) prices each legal answer by playing the rest of the deal out through the
  engine: the other defender's later answers (and a lone whister's open or
  closed) are chosen the same way, each for his own gain, and the card play is
  the open-hand solver's best line. The engine's own scoring (the Sochi sheet,
  settled in whists) writes the deal, and the answer's worth is the defender's
  gain. The bot agrees with the oracle when its answer is worth as much as the
  best one; the cost of a disagreement is the difference, in whists, also summed
  over each deal's answers by L (a bot that passes more answers more often: the
  second defender speaks after a pass, the first again after a half-whist);
* how often a deal is all-passed, and how often L is the declarer.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tricktaker.bots.base import Bot
from tricktaker.bots.registry import make_bot
from tricktaker.bots.search import Budget, SearchBot
from tricktaker.core.registry import get_game
from tricktaker.games.preferans.actions import WHIST, PrefAction
from tricktaker.games.preferans.deck import MISERE, contract_level
from tricktaker.games.preferans.rules import (
    CHOOSING,
    INVITING,
    PLAYING,
    WHIST_BACK,
    WHISTING,
)
from tricktaker.games.preferans.state import PreferansState
from tricktaker.solvers.preferans.position import Solver
from tricktaker.solvers.preferans.world import solved_play

#: The phases in which the whisting is still being decided.
ANSWERING = (WHISTING, WHIST_BACK, CHOOSING, INVITING)
Z = 1.96


def wilson(hits: int, n: int) -> tuple[float, float, float]:
    """The rate and its 95% Wilson interval (NaN for no trials)."""
    if n == 0:
        return math.nan, math.nan, math.nan
    p = hits / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return p, centre - half, centre + half


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and a 95% normal interval (NaN for no values)."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    m = sum(values) / n
    if n == 1:
        return m, math.nan, math.nan
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1))
    return m, m - Z * sd / math.sqrt(n), m + Z * sd / math.sqrt(n)


def deal_gains(state: PreferansState, before: int) -> tuple[float, ...]:
    return tuple(float(g) for g in state.finished_deals()[before].gains)


def outcome(state: PreferansState, before: int, solver: Solver) -> tuple[float, ...]:
    """Each seat's gain in the deal when the rest of the answers are chosen open handed,
    each by its actor for his own gain (ties: the better for the other defender), and
    the card play is the open-hand solver's line; ``state`` is not changed."""
    if len(state.finished_deals()) > before:
        return deal_gains(state, before)
    if state.phase == PLAYING:
        assert state.declarer is not None
        played = solved_play(state, state.declarer, solver)
        assert isinstance(played, PreferansState)  # no node limit: always solved
        return deal_gains(played, before)
    actor = state.to_act
    assert actor is not None and state.phase in ANSWERING
    partner = next(s for s in state.defenders() if s != actor)
    best: tuple[float, ...] | None = None
    for action in state.legal_actions():
        child = state.clone()
        assert isinstance(child, PreferansState)
        child.apply(action)
        gains = outcome(child, before, solver)
        if best is None or (gains[actor], gains[partner]) > (best[actor], best[partner]):
            best = gains
    assert best is not None
    return best


def answer_values(state: PreferansState, solver: Solver) -> dict[int, float]:
    """What each legal answer of the seat to act is worth to him (whists), by kind
    (:data:`WHIST`, :data:`PASS`, :data:`HALF`), as :func:`outcome` plays it out."""
    seat = state.to_act
    assert seat is not None
    before = len(state.finished_deals())
    values: dict[int, float] = {}
    for action in state.legal_actions():
        assert isinstance(action, PrefAction)
        child = state.clone()
        assert isinstance(child, PreferansState)
        child.apply(action)
        values[action.kind] = outcome(child, before, solver)[seat]
    return values


def best_play_tricks(state: PreferansState, solver: Solver) -> int:
    """The declarer's tricks with best play open handed, from a contract just declared
    (both defenders whisting, the play not started) or a misère in its first trick."""
    world = state.clone()
    assert isinstance(world, PreferansState)
    while world.phase in ANSWERING:
        legal = world.legal_actions()
        kinds = {a.kind: a for a in legal if isinstance(a, PrefAction)}
        world.apply(kinds.get(WHIST) or legal[0])
    assert world.phase == PLAYING and world.declarer is not None
    declarer = world.declarer
    before = len(world.finished_deals())
    played = solved_play(world, declarer, solver)
    assert isinstance(played, PreferansState)
    return int(played.finished_deals()[before].details["taken"][declarer])


def band(level: int) -> str:
    return "6" if level == 6 else "7" if level == 7 else "8+"


@dataclass
class Tally:
    """What one level did."""

    seat_deals: int = 0
    declared: int = 0
    #: Per band: (made, played?, over/under tricks or None, made open handed)
    contracts: dict[str, list[tuple[bool, float | None, bool]]] = field(
        default_factory=lambda: defaultdict(list)
    )
    misere: list[tuple[bool, bool]] = field(default_factory=list)
    #: (deal, chosen kind, values by kind)
    whists: list[tuple[int, int, dict[int, float]]] = field(default_factory=list)


def play(args: argparse.Namespace) -> tuple[dict[str, Tally], int, int]:
    game = get_game("preferans")
    levels: list[str] = args.levels.split(",")
    if len(levels) == 1:
        levels *= 3
    if len(levels) != 3:
        raise SystemExit("--levels: one level, or three (one a seat)")
    budget = Budget(seconds=1e9, min_worlds=args.worlds, max_worlds=args.worlds)
    bots: dict[str, Bot] = {}
    for name in set(levels):
        bot = make_bot(name, "preferans")
        if isinstance(bot, SearchBot):
            bot.budget = budget
        bots[name] = bot
    solver = Solver()
    tallies = {name: Tally() for name in levels}
    allpass = 0
    for d in range(args.deals):
        match = game.new_match(game.options({}), seed=1000 * args.seed + d)
        state = match.clone(stop_after_deal=True)
        assert isinstance(state, PreferansState)
        seat_level = {s: levels[(s + d) % 3] for s in range(3)}
        for s in range(3):
            tallies[seat_level[s]].seat_deals += 1
        rng = random.Random(1000 * args.seed + d)
        open_hand: int | None = None
        while (seat := state.to_act) is not None:
            legal = state.legal_actions()
            name = seat_level[seat]
            values = None
            if state.phase in (WHISTING, WHIST_BACK) and len(legal) > 1:
                values = answer_values(state, solver)
            action = bots[name].act(state.view(seat), state.events(0, seat), legal, rng)
            if values is not None:
                assert isinstance(action, PrefAction)
                tallies[name].whists.append((d, action.kind, values))
            state.apply(action)
            if (
                open_hand is None
                and state.contract is not None
                and state.phase in (*ANSWERING, PLAYING)
            ):
                open_hand = best_play_tricks(state, solver)
        summary = state.finished_deals()[-1]
        details = summary.details
        contract = state.contract
        declarer = state.declarer
        if contract is None or declarer is None:
            allpass += 1
            continue
        tally = tallies[seat_level[declarer]]
        tally.declared += 1
        taken = list(details["taken"])[declarer]
        played = bool(details["played"])
        assert open_hand is not None
        if contract == MISERE:
            tally.misere.append((taken == 0, open_hand == 0))
            continue
        level = contract_level(contract)
        over = float(taken - level) if played else None
        made = taken >= level if played else True
        tally.contracts[band(level)].append((made, over, open_hand >= level))
        if args.progress:
            print(f"deal {d}: {contract} by {seat_level[declarer]}", flush=True)
    return tallies, allpass, args.deals


def rate(hits: int, n: int) -> dict[str, float | int]:
    p, lo, hi = wilson(hits, n)
    return {"n": n, "hits": hits, "rate": p, "lo": lo, "hi": hi}


def mean(values: Sequence[float]) -> dict[str, float | int]:
    m, lo, hi = mean_ci(values)
    return {"n": len(values), "mean": m, "lo": lo, "hi": hi}


def summarise(tally: Tally) -> dict[str, Any]:
    out: dict[str, Any] = {"declarer": rate(tally.declared, tally.seat_deals)}
    rows = dict(tally.contracts)
    rows["all"] = [r for band_rows in tally.contracts.values() for r in band_rows]
    contracts = {}
    for key in ("6", "7", "8+", "all"):
        got = rows.get(key, [])
        overs = [o for _, o, _ in got if o is not None]
        contracts[key] = {
            "made": rate(sum(m for m, _, _ in got), len(got)),
            "over": mean(overs),
            "makeable": rate(sum(k for _, _, k in got), len(got)),
        }
    out["contracts"] = contracts
    out["misere"] = {
        "success": rate(sum(s for s, _ in tally.misere), len(tally.misere)),
        "open_hand": rate(sum(k for _, k in tally.misere), len(tally.misere)),
    }
    agree = []
    costs = []
    by_choice: dict[str, list[bool]] = defaultdict(list)
    per_deal: dict[int, float] = defaultdict(float)
    for deal, kind, values in tally.whists:
        best = max(values.values())
        ok = values[kind] >= best - 1e-9
        per_deal[deal] += best - values[kind]
        agree.append(ok)
        if not ok:
            costs.append(best - values[kind])
        by_choice["whist" if kind == WHIST else "pass"].append(ok)
    out["whist"] = {
        "agree": rate(sum(agree), len(agree)),
        "cost": mean(costs),
        "cost_per_decision": mean(
            [max(v.values()) - v[k] for _, k, v in tally.whists],
        ),
        "cost_per_deal": mean(list(per_deal.values())),
        "agree_when_whisting": rate(sum(by_choice["whist"]), len(by_choice["whist"])),
        "agree_when_passing": rate(sum(by_choice["pass"]), len(by_choice["pass"])),
        "whist_pays": rate(
            sum(v.get(WHIST, -math.inf) >= max(v.values()) - 1e-9 for _, _, v in tally.whists),
            len(tally.whists),
        ),
    }
    return out


def fmt_rate(r: dict[str, Any]) -> str:
    if not r["n"]:
        return "-"
    return f"{100 * r['rate']:.0f}% ({100 * r['lo']:.0f}-{100 * r['hi']:.0f}) of {r['n']}"


def fmt_mean(r: dict[str, Any], unit: str = "") -> str:
    if not r["n"]:
        return "-"
    if r["n"] == 1:
        return f"{r['mean']:+.2f}{unit} of 1"
    return f"{r['mean']:+.2f}{unit} ({r['lo']:+.2f}..{r['hi']:+.2f}) of {r['n']}"


def report(level: str, s: dict[str, Any]) -> list[str]:
    lines = [f"level {level}: declarer in {fmt_rate(s['declarer'])} seat-deals"]
    for key, c in s["contracts"].items():
        lines.append(
            f"  contracts {key}: made {fmt_rate(c['made'])}; over/under {fmt_mean(c['over'])};"
            f" makeable open handed {fmt_rate(c['makeable'])}"
        )
    m = s["misere"]
    lines.append(
        f"  misere: success {fmt_rate(m['success'])}; open handed {fmt_rate(m['open_hand'])}"
    )
    w = s["whist"]
    lines.append(
        f"  whist decisions: agree {fmt_rate(w['agree'])}; disagreement cost"
        f" {fmt_mean(w['cost'], ' w')}; per decision {fmt_mean(w['cost_per_decision'], ' w')}"
    )
    lines.append(f"    cost per deal with such decisions {fmt_mean(w['cost_per_deal'], ' w')}")
    lines.append(
        f"    agree when whisting {fmt_rate(w['agree_when_whisting'])}, when passing"
        f" {fmt_rate(w['agree_when_passing'])}; whisting was best in {fmt_rate(w['whist_pays'])}"
    )
    return lines


def main() -> None:
    if os.environ.get("PYTHONHASHSEED") is None:
        # The samplers' and bots' sets iterate in hash order: pinned, a seed is a run.
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        os.execve(sys.executable, [sys.executable, *sys.argv], env)
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="search", help="one level, or three, e.g. rules")
    parser.add_argument("--worlds", type=int, default=8, help="worlds a search decision")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--progress", action="store_true", help="a line per contract")
    args = parser.parse_args()
    tallies, allpass, deals = play(args)
    result: dict[str, Any] = {
        "deals": deals,
        "seed": args.seed,
        "levels": args.levels,
        "worlds": args.worlds,
        "allpass": rate(allpass, deals),
        "by_level": {name: summarise(t) for name, t in tallies.items()},
    }
    if args.json:
        print(json.dumps(result))
        return
    print(
        f"{deals} Sochi deals, seed {args.seed}, levels {args.levels},"
        f" {args.worlds} worlds a search decision; all-pass {fmt_rate(result['allpass'])}"
    )
    for name, s in result["by_level"].items():
        print("\n".join(report(name, s)))


if __name__ == "__main__":
    main()
