"""The ladder's table, in Markdown: read as it is in a terminal, and pasted as it is into
docs/strength.md, so that the page and the terminal never disagree."""

from __future__ import annotations

from tricktaker.arena.duplicate import MIN_SETS
from tricktaker.arena.ladder import SIGMAS, LadderResult
from tricktaker.arena.stats import Interval


def _share(ci: Interval) -> tuple[str, str]:
    return f"{ci.mean:.1%}", f"{ci.low:.1%} .. {ci.high:.1%}"


def _points(ci: Interval) -> tuple[str, str]:
    if ci.samples < 2:
        return f"{ci.mean:+.3f}", "n/a"
    return f"{ci.mean:+.3f}", f"{ci.low:+.3f} .. {ci.high:+.3f}"


def render(result: LadderResult) -> str:
    """The ratings table, then one row per pair (from its better-rated level's side)."""
    opts = " ".join(f"{k}={v}" for k, v in result.options.items())
    lines = [
        f"Ladder of {result.game} ({opts}): {result.deals} deals per pair of levels"
        f" ({result.sets} duplicate sets), seed {result.seed}"
        + (
            ", search levels without the clock (their most worlds each move)."
            if result.no_clock
            else "."
        ),
        "",
        f"| rank | level | rating μ ± {SIGMAS}σ | μ | σ | ordinal μ − 3σ | games"
        " | won-lost-drawn |",
        "| ---: | --- | --- | ---: | ---: | ---: | ---: | --- |",
    ]
    for i, r in enumerate(result.ratings, 1):
        lines.append(
            f"| {i} | {r.level} | {r.low:.1f} .. {r.high:.1f} | {r.mu:.2f} | {r.sigma:.2f}"
            f" | {r.ordinal:.2f} | {r.games} | {r.won}-{r.lost}-{r.drawn} |"
        )
    lines += [
        "",
        "| pair | win rate | 95% CI | points per deal | 95% CI | sets | won-lost-drawn |",
        "| --- | ---: | --- | ---: | --- | ---: | --- |",
    ]
    for p in result.ranked_pairs():
        rate, rate_ci = _share(p.win_rate)
        points, points_ci = _points(p.points)
        won, lost, drawn = p.record()
        lines.append(
            f"| {p.a} vs {p.b} | {rate} | {rate_ci} | {points} | {points_ci}"
            f" | {len(p.sets)} | {won}-{lost}-{drawn} |"
        )
    lines += [
        "",
        "Each duplicate set (the same cards once for each side, seats rotated) is one rated"
        " game, won by the level that scored more points on the same cards, on equal points"
        " by the share of deals where it did better, else drawn. Ratings: openskill"
        " Plackett-Luce, μ and σ averaged over shuffled orders of the games. Win rate: the"
        " first level's share of deals where it did better (level deals half), Wilson 95%"
        " over the sets; points: its gain over the other per deal in the game's units.",
    ]
    if result.sets < MIN_SETS:
        lines.append(
            f"Fewer than {MIN_SETS} sets per pair: too few to name a winner with confidence."
        )
    return "\n".join(lines)
