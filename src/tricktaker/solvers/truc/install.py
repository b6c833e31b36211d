"""The strategies shipped in the package, and their installing into the solved folder.

A solved deal's strategy file (``policy.py``) is raw arrays, mapped, never
loaded: 0:0's is some 0.9 GiB. Packed (``policy.pack``: one xz stream) it is
small enough to ship, so the package keeps the packs in ``shipped/``
(``truc-....policy.xz``, package data) and :func:`install` unpacks each into
the solved folder (``policy.solved_dir()``), where the ``solved`` level finds
it. ``tricktaker warm`` (which ``make run`` and ``make test`` run when they
install) does it, and ``tricktaker solve truc --install`` on demand.

Beside each installed file a record (``x.policy.installed``, JSON) keeps the
pack's ``digest`` (the SHA-256 of the file it was packed from) and the file's
size and modification time as installed. The file is up to date while the
record matches both the shipped pack and the file: a warm-up then reads only
the pack's header and two ``stat`` results. A file there without a record is
someone's own solve (``solve`` drops the record when it writes a strategy): it
is kept, never overwritten.

Installing writes a hidden temporary file, checks it against the digest,
writes the record and renames the file into place, so that a reader (a server
process) sees the old file or the new one, never part of one; an interruption
leaves at worst a record that no longer matches, and the next run installs
again.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from tricktaker.solvers.truc.policy import (
    Progress,
    file_digest,
    packed_header,
    solved_dir,
    unpack,
)

#: The packs shipped in the package.
SHIPPED_DIR = Path(__file__).parent / "shipped"
PACKED_SUFFIX = ".xz"


def shipped() -> list[Path]:
    """The packed strategies in the package (none in a checkout without them)."""
    if not SHIPPED_DIR.is_dir():
        return []
    return sorted(SHIPPED_DIR.glob(f"truc-*.policy{PACKED_SUFFIX}"))


def shipped_path(policy: Path) -> Path:
    """Where the pack of the strategy file ``x.policy`` goes in the package."""
    return SHIPPED_DIR / (policy.name + PACKED_SUFFIX)


def target(packed: Path, folder: Path | None = None) -> Path:
    """Where a pack is installed: ``x.policy.xz`` -> ``folder/x.policy``."""
    return (folder or solved_dir()) / packed.name.removesuffix(PACKED_SUFFIX)


def record_path(policy: Path) -> Path:
    """The record of an installed strategy file: ``x.policy.installed``."""
    return policy.with_name(policy.name + ".installed")


def forget(policy: Path) -> None:
    """Drops the record of ``policy``: the file there is no longer the shipped one."""
    record_path(policy).unlink(missing_ok=True)


@dataclass(frozen=True)
class Installed:
    """What :func:`install` did with one pack: ``installed``, ``up to date``, or ``kept``
    (the file there is someone's own solve)."""

    packed: Path
    path: Path
    action: str
    seconds: float = 0.0


def _identity(packed: Path) -> str:
    """The pack's ``digest`` (the SHA-256 of its file), or for an older pack without
    one, the pack's own SHA-256."""
    digest = packed_header(packed).get("digest")
    return str(digest) if digest else "pack:" + file_digest(packed)


def _read_record(policy: Path) -> dict[str, object] | None:
    try:
        found = json.loads(record_path(policy).read_text())
    except (OSError, ValueError):
        return None
    return found if isinstance(found, dict) else None


def state(packed: Path, folder: Path | None = None) -> str:
    """``missing``, ``up to date``, ``stale`` (installed from another pack, or changed
    since) or ``own`` (a file there that was not installed: someone's solve)."""
    path = target(packed, folder)
    record = _read_record(path)
    if not path.is_file():
        return "missing"
    if record is None:
        return "own"
    st = path.stat()
    if (
        record.get("digest") == _identity(packed)
        and record.get("size") == st.st_size
        and record.get("mtime_ns") == st.st_mtime_ns
    ):
        return "up to date"
    return "stale"


def install(
    packed: Path, folder: Path | None = None, progress: Progress | None = None
) -> Installed:
    """Unpacks ``packed`` into ``folder`` (the solved folder) unless the file there is up
    to date or someone's own; ValueError (and nothing written) if the pack is damaged."""
    path = target(packed, folder)
    found = state(packed, folder)
    if found in ("up to date", "own"):
        return Installed(packed, path, "kept" if found == "own" else found)
    began = time.perf_counter()
    identity = _identity(packed)
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(f".{path.name}.{os.getpid()}.part")
    note = record_path(path)
    note_part = note.with_name(f".{note.name}.{os.getpid()}.part")
    try:
        unpack(packed, part, progress)
        # Settled before the rename (which keeps it), so the record can name it first;
        # read back, as the file system stores it (some keep coarser times).
        stamp = time.time_ns()
        os.utime(part, ns=(stamp, stamp))
        st = part.stat()
        record = {"digest": identity, "size": st.st_size, "mtime_ns": st.st_mtime_ns}
        note_part.write_text(json.dumps({**record, "packed": packed.name}) + "\n")
        note_part.replace(note)
        part.replace(path)
    except BaseException:
        part.unlink(missing_ok=True)
        note_part.unlink(missing_ok=True)
        raise
    return Installed(packed, path, "installed", time.perf_counter() - began)
