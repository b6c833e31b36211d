"""Exploitability against iterations of ``tricktaker solve truc`` runs, as an SVG.

Usage: ``python bench/truc_solve_plot.py OUT.svg LABEL=CHECKPOINT.npz ...``, or
``LABEL=ITERATIONS:EXPLOITABILITY,...`` for a curve written down (the table in
docs/strength.md) whose checkpoint is gone.

Reads the curve each checkpoint keeps (iteration, full-game exploitability in
points per deal) and draws them on log-log axes. A small SVG written by hand:
matplotlib is not a dependency of the project.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np

WIDTH, HEIGHT, PAD = 640, 400, 60
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")


def svg(curves: dict[str, list[tuple[float, float]]]) -> str:
    points = [p for c in curves.values() for p in c if p[0] > 0 and p[1] > 0]
    x0, x1 = (
        math.floor(math.log10(min(p[0] for p in points))),
        math.ceil(math.log10(max(p[0] for p in points))),
    )
    y0, y1 = (
        math.floor(math.log10(min(p[1] for p in points))),
        math.ceil(math.log10(max(p[1] for p in points))),
    )
    x1, y1 = max(x1, x0 + 1), max(y1, y0 + 1)

    def sx(x: float) -> float:
        return PAD + (math.log10(x) - x0) / (x1 - x0) * (WIDTH - 2 * PAD)

    def sy(y: float) -> float:
        return HEIGHT - PAD - (math.log10(y) - y0) / (y1 - y0) * (HEIGHT - 2 * PAD)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}"'
        ' font-family="sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
    ]
    for d in range(x0, x1 + 1):
        x = sx(10.0**d)
        out.append(
            f'<line x1="{x:.1f}" y1="{PAD}" x2="{x:.1f}" y2="{HEIGHT - PAD}" stroke="#ddd"/>'
        )
        out.append(f'<text x="{x:.1f}" y="{HEIGHT - PAD + 16}" text-anchor="middle">1e{d}</text>')
    for d in range(y0, y1 + 1):
        y = sy(10.0**d)
        out.append(f'<line x1="{PAD}" y1="{y:.1f}" x2="{WIDTH - PAD}" y2="{y:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{PAD - 6}" y="{y + 4:.1f}" text-anchor="end">1e{d}</text>')
    target = sy(0.01) if y0 <= -2 <= y1 else None
    if target is not None:
        out.append(
            f'<line x1="{PAD}" y1="{target:.1f}" x2="{WIDTH - PAD}" y2="{target:.1f}"'
            ' stroke="#888" stroke-dasharray="4 4"/>'
        )
        out.append(
            f'<text x="{WIDTH - PAD}" y="{target - 4:.1f}" text-anchor="end">target 0.01</text>'
        )
    for i, (label, curve) in enumerate(curves.items()):
        colour = COLOURS[i % len(COLOURS)]
        path = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in curve if x > 0 and y > 0)
        out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        out.append(
            f'<text x="{WIDTH - PAD - 150}" y="{PAD + 16 * (i + 1)}" fill="{colour}">{label}</text>'
        )
    out.append(
        f'<text x="{WIDTH / 2}" y="{HEIGHT - 16}" text-anchor="middle">CFR+ iterations</text>'
    )
    out.append(
        f'<text x="16" y="{HEIGHT / 2}" text-anchor="middle" transform="rotate(-90 16'
        f' {HEIGHT / 2})">exploitability, points per deal (full game)</text>'
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__)
        return 2
    curves = {}
    for item in argv[1:]:
        label, _, source = item.partition("=")
        if source.endswith(".npz"):
            with np.load(source) as data:
                curves[label] = [(float(a), float(b)) for a, b in data["history"]]
        else:
            pairs = (point.partition(":") for point in source.split(","))
            curves[label] = [(float(a), float(b)) for a, _, b in pairs]
    Path(argv[0]).write_text(svg(curves), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
