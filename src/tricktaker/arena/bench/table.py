"""The bench report for a person: a table of rates, one of call latencies, the ratio and
target lines, and the CFR table with its ratio and check lines."""

from __future__ import annotations

import platform
from functools import partial

from tricktaker.arena.bench.measures import PLURAL, CFRRun, Measurement
from tricktaker.arena.bench.report import BenchReport, CFRSection


def rows(m: Measurement) -> list[tuple[str, ...]]:
    """Table rows: one per unit a measurement yields (a match run gives deals/s too)."""
    cpu = f"{m.cpu_share:.0%}"
    note = ""
    if m.deals:
        note = f"{m.deals_per_unit:.1f} deals/match"
    elif m.chance:
        note = f"+{m.chance / m.units:.1f} chance/game"
    out: list[tuple[str, ...]] = [
        (
            f"{m.label}: {PLURAL[m.unit]}",
            f"{m.per_second:,.0f}",
            f"{m.actions_per_second:,.0f}",
            f"{m.actions_per_unit:,.1f}",
            cpu,
            note,
        )
    ]
    if m.deals:
        out.append(
            (
                f"{m.label}: deals",
                f"{m.deals_per_second:,.0f}",
                f"{m.actions_per_second:,.0f}",
                f"{m.actions_per_deal:,.1f}",
                cpu,
                "same run",
            )
        )
    return out


def cfr_rows(r: CFRRun) -> list[tuple[str, ...]]:
    """CFR table rows: one per count of the information sets (ours on Leduc has two:
    OpenSpiel's 936 for the same game, and its own 288)."""
    counts = [(r.infosets, r.updates_per_cpu_second, f"setup {r.setup_seconds:.1f} s")]
    if r.compared_infosets:
        counts.insert(0, (r.compared_infosets, r.compared_updates_per_cpu_second, "as OpenSpiel"))
    return [
        (
            r.label,
            f"{infosets:,}",
            f"{per_cpu:,.0f}",
            f"{r.cpu_share:.0%}",
            f"{r.exploitability:.2e}",
            note,
        )
        for infosets, per_cpu, note in counts
    ]


def cfr_lines(section: CFRSection) -> list[str]:
    """The ratio line, the check that both Leduc solvers ran the same CFR+, the situation."""
    lines = []
    ratio, mine, other = section.ratio(), section.get(section.ours), section.get(section.theirs)
    if ratio is not None and mine is not None and other is not None:
        lines.append(
            f"CFR ratio: {mine.label} over {other.label}, information-set updates per CPU"
            f" second ({other.infosets:,} sets each): {mine.compared_updates_per_cpu_second:,.0f}"
            f" / {other.updates_per_cpu_second:,.0f} = {ratio:,.1f}"
        )
    ours_then = section.ours_at_their_iterations
    if other is not None and ours_then is not None and other.exploitability > 0:
        apart = abs(ours_then - other.exploitability) / other.exploitability
        lines.append(
            f"CFR check: after {other.total_iterations:,} iterations each, exploitability"
            f" {other.exploitability:.5e} (OpenSpiel) and {ours_then:.5e} (ours), {apart:.2%}"
            " apart: the same CFR+ (rounding apart, which grows from ~100 iterations on)"
        )
    if section.situation:
        lines.append(f"CFR Le Truc: {section.situation}; exploitability full_game, points/deal")
    return lines


def print_report(report: BenchReport) -> None:
    """A rich table, then the ratio and target lines (100 columns when not a terminal)."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    if not console.is_terminal:
        console = Console(width=100)
    table = Table(
        title=(
            f"tricktaker bench: one process, {report.seconds:g} s per workload after a"
            f" warm-up, seed {report.seed}, {platform.python_implementation()}"
            f" {platform.python_version()}"
        ),
        title_justify="left",
    )
    table.add_column("workload")
    table.add_column("per second", justify="right")
    table.add_column("actions/s", justify="right")
    table.add_column("act/unit", justify="right")
    table.add_column("cpu", justify="right")
    table.add_column("notes")
    for m in report.measurements:
        for row in rows(m):
            table.add_row(*row)
    console.print(table)
    if report.latencies:
        calls = Table(title="engine calls, one at a time", title_justify="left")
        calls.add_column("call")
        calls.add_column("µs per call", justify="right")
        calls.add_column("calls timed", justify="right")
        for x in report.latencies:
            calls.add_row(x.label, f"{x.microseconds:,.2f}", f"{x.calls:,}")
        console.print(calls)
    if report.cfr is not None:
        cfr = Table(
            title="CFR+: information-set updates per CPU second (an iteration updates each once)",
            title_justify="left",
        )
        cfr.add_column("solver", no_wrap=True)
        for name in ("info sets", "updates/cpu s", "cpu", "exploit."):
            cfr.add_column(name, justify="right", no_wrap=True)
        cfr.add_column("notes")
        for r in report.cfr.runs:
            for row in cfr_rows(r):
                cfr.add_row(*row)
        console.print(cfr)
    say = partial(console.print, markup=False, highlight=False)
    if report.openspiel == "skipped":
        say("OpenSpiel comparison skipped (--no-openspiel).")
    elif report.openspiel != "used":
        say(f"OpenSpiel unavailable, our figures alone: {report.openspiel}")
    for c, mine, other in report.compared():
        say(
            f"ratio: {mine.label} {c.words}: {mine.deal_rate:,.0f}"
            f" / {other.per_second:,.0f} = {mine.deal_rate / other.per_second:.2f}"
        )
    met, target = report.target_met(), report.target
    reached = None if target is None else report.get(target.key)
    if met is not None and target is not None and reached is not None:
        say(
            f"target >= {target.deals_per_second:,} {target.what} on one core:"
            f" {'met' if met else 'NOT met'} ({reached.deal_rate:,.0f} with the"
            f" {target.policy} policy)"
        )
    for line in [] if report.cfr is None else cfr_lines(report.cfr):
        say(line)
