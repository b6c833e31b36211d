"""How big a solved Le Truc strategy file is, raw and packed for shipping.

Usage: ``python bench/solved_size.py PATH [--out PACKED] [--whole] [--json]``

``PATH`` is a strategy file (``x.policy``, ``policy.py``'s mapped format). It
prints the raw size and each array's share, then packs it with
``policy.pack`` (one xz stream, ``-9e``, the offset arrays as their steps),
unpacks that again and checks the copy is byte for byte the file, with the
time each took. ``--whole`` also compresses the raw file as it is, by Python's
``lzma`` (``xz -9e``) and by the ``zstd`` program (``-19 --long=27``, where
installed), to show what the steps gain; slow at 0:0 (about 1 MB/s). The issue
ships a strategy if it compresses to 20 MB or less.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import lzma
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _digest(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        while block := f.read(1 << 24):
            h.update(block)
    return h.hexdigest()


def _whole(path: Path) -> dict[str, object]:
    """The raw file compressed as it is: xz -9e (lzma), and zstd -19 where installed."""
    data = path.read_bytes()
    out: dict[str, object] = {}
    began = time.perf_counter()
    out["whole_xz"] = len(lzma.compress(data, preset=9 | lzma.PRESET_EXTREME))
    out["whole_xz_s"] = round(time.perf_counter() - began, 1)
    program = shutil.which("zstd")
    if program is not None:
        began = time.perf_counter()
        found = subprocess.run(
            [program, "-19", "--long=27", "-q", "-c"], input=data, capture_output=True, check=True
        )
        out["whole_zstd"] = len(found.stdout)
        out["whole_zstd_s"] = round(time.perf_counter() - began, 1)
    return out


def measure(path: Path, packed: Path | None, whole: bool) -> dict[str, object]:
    """The sizes, in bytes, and the seconds packing and unpacking took."""
    from tricktaker.solvers.truc.policy import Policy, pack, unpack

    policy = Policy(path)
    out: dict[str, object] = {
        "strategy": str(path),
        "score": f"{policy.rules.score[0]}:{policy.rules.score[1]}",
        "iterations": policy.iterations,
        "raw": path.stat().st_size,
        "arrays": {name: int(a.nbytes) for name, a in policy.arrays.items()},
    }
    with tempfile.TemporaryDirectory(prefix="solved-size-") as tmp:
        target = packed or Path(tmp) / "x.policy.xz"
        began = time.perf_counter()
        pack(path, target)
        out["packed"] = target.stat().st_size
        out["pack_s"] = round(time.perf_counter() - began, 1)
        began = time.perf_counter()
        copy = Path(tmp) / "copy.policy"
        unpack(target, copy)
        out["unpack_s"] = round(time.perf_counter() - began, 1)
        out["unpacked_identical"] = _digest(copy) == _digest(path)
    if whole:
        out |= _whole(path)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--out", type=Path, default=None, help="keep the packed file here")
    parser.add_argument("--whole", action="store_true", help="also xz and zstd the raw file")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    found = measure(args.path, args.out, args.whole)
    if args.json:
        print(json.dumps(found, indent=2))
        return 0
    mib = 2**20
    print(f"{found['score']}, {found['iterations']} iterations: raw {found['raw'] / mib:.2f} MiB")  # type: ignore[operator]
    print(
        f"  packed (steps, xz -9e): {found['packed'] / mib:.3f} MiB"  # type: ignore[operator]
        f" in {found['pack_s']} s; unpacked in {found['unpack_s']} s,"
        f" identical: {found['unpacked_identical']}"
    )
    for key, label in (("whole_xz", "whole file, xz -9e"), ("whole_zstd", "whole file, zstd -19")):
        if key in found:
            print(f"  {label}: {found[key] / mib:.3f} MiB in {found[key + '_s']} s")  # type: ignore[operator]
    for name, size in found["arrays"].items():  # type: ignore[attr-defined]
        print(f"  {name}: {size / mib:.2f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
