"""A solved Le Truc strategy as a player reads it: the trees' shape and the average
strategy, in one file that is memory-mapped, not loaded.

``solve`` writes it beside its checkpoint (:func:`export`); the ``solved`` level
(``bots/truc/solved.py``) reads it (:class:`Policy`). At 0:0 the deal has 34M
nodes and 28M information sets: a compressed file would take seconds and
gigabytes to open in every server process, so the file is raw arrays at fixed
offsets, opened with ``mmap`` (a few pages read per lookup, shared between
processes through the page cache). A lookup walks the public history down the
tree (a few comparisons per move) and reads the actor's slot: microseconds.

Layout (all little-endian): ``MAGIC``, then each array at a 64-byte aligned
offset, then a JSON header (the rules, the iterations, the public prefix, and
each array's name, dtype, shape and offset), then the header's offset and
length as two uint64. The header is last so that the arrays stream to disk one
at a time. Per tree ``i``:

* ``kind``, ``child_start``, ``children``, ``move``, ``estart``: the tree's
  arrays (``arrays.py``), each in the smallest integer type that holds it;
* ``off``, ``hid``: the *actor's* slots only (the hands he can hold at each of
  his decisions; nobody else's are needed to play), ``hid`` as uint8;
* ``prob``: the average strategy, one uint8 per edge entry, quantised so that
  each information set's row (its legal moves) sums to exactly ``SCALE`` = 255
  (largest remainders: each entry is the float's ``floor`` or one more, so it
  is within 1/255 of it); ``prob / 255`` is exactly what the level plays;
* ``legal``: which entries are legal, one bit each (``np.packbits``).

The older format, ``x.policy.npz`` (compressed, float32, every player's slots),
is still read (into memory) and converted by :func:`repack`.
"""

from __future__ import annotations

import hashlib
import json
import lzma
import mmap
import os
import struct
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np
from numpy.typing import NDArray

from tricktaker.solvers.truc.hands import HAND_INDEX
from tricktaker.solvers.truc.model import CHANCE_SEAT, DEAL, DealRules

MAGIC = b"TTPOLCY1"
#: What a quantised row sums to: probabilities are ``prob / SCALE``.
SCALE = 255
_ALIGN = 64
_TRAILER = struct.Struct("<QQ")
#: Edge entries quantised at a time (bounds the converter's working memory).
_CHUNK = 1 << 21
#: The arrays of one tree in the older ``.policy.npz`` (and what :func:`write` takes).
_FIELDS = ("kind", "child_start", "children", "move", "off0", "off1", "hid0", "hid1", "estart")

Ints = NDArray[np.integer]


def solved_dir() -> Path:
    """Where solved strategies live: ``TRICKTAKER_SOLVED_DIR``, else ``var/solved``."""
    return Path(os.environ.get("TRICKTAKER_SOLVED_DIR") or "var/solved")


def checkpoint_path(rules: DealRules) -> Path:
    """The default checkpoint of ``solve`` for these rules."""
    a, b = rules.score
    return solved_dir() / f"truc-{rules.redeal}-{rules.ties}-{a}-{b}-d{rules.dealer}.npz"


def policies() -> list[Path]:
    """The strategy files there are (either format)."""
    folder = solved_dir()
    if not folder.is_dir():
        return []
    return sorted([*folder.glob("truc-*.policy"), *folder.glob("truc-*.policy.npz")])


def policy_path(checkpoint: Path) -> Path:
    """Where the strategy of a checkpoint goes: ``x.npz`` -> ``x.policy``."""
    return checkpoint.with_name(checkpoint.name.removesuffix(".npz") + ".policy")


def legacy_path(checkpoint: Path) -> Path:
    """Where the older, compressed strategy file of a checkpoint is: ``x.policy.npz``."""
    return checkpoint.with_name(checkpoint.name.removesuffix(".npz") + ".policy.npz")


def _smallest(a: Ints) -> Ints:
    """``a`` (non-negative) as int32 where that holds it, else int64."""
    return a.astype(np.int32) if not len(a) or int(a.max()) < 2**31 else a.astype(np.int64)


def _actor_slots(
    kind: Ints, off0: Ints, off1: Ints, hid0: Ints, hid1: Ints
) -> tuple[NDArray[np.int64], NDArray[np.uint8]]:
    """The actor's slots at each decision (none elsewhere): offsets and hands."""
    kind = np.asarray(kind)
    n_nodes = len(kind)
    offs = (np.asarray(off0, dtype=np.int64), np.asarray(off1, dtype=np.int64))
    width = np.zeros(n_nodes, dtype=np.int64)
    for p in (0, 1):
        mine = kind == p
        width[mine] = (offs[p][1:] - offs[p][:-1])[mine]
    off = np.zeros(n_nodes + 1, dtype=np.int64)
    np.cumsum(width, out=off[1:])
    hid = np.zeros(int(off[-1]), dtype=np.uint8)
    for p, hands in ((0, hid0), (1, hid1)):
        nodes = np.flatnonzero(kind == p)
        counts = width[nodes]
        dest = np.arange(int(counts.sum()), dtype=np.int64)
        starts = np.zeros(len(nodes), dtype=np.int64)
        np.cumsum(counts[:-1], out=starts[1:])
        shift = np.repeat(off[nodes] - starts, counts)
        src = np.repeat(offs[p][nodes] - starts, counts) + dest
        hid[shift + dest] = np.asarray(hands)[src]
    return off, hid


def _blocks(
    kind: Ints, child_start: Ints, estart: Ints, off: Ints
) -> Iterator[tuple[NDArray[np.int64], NDArray[np.int64], int]]:
    """The information sets, some decisions at a time (about ``_CHUNK`` entries): each
    entry's index, row by row (a row is one slot's entries, in edge order; the
    arrays are edge-major), the row of each within the block, and how many rows.
    ``off`` is the actor's slot offsets (:func:`_actor_slots`)."""
    nodes = np.flatnonzero(np.asarray(kind) <= 1)
    cs = np.asarray(child_start, dtype=np.int64)
    es = np.asarray(estart, dtype=np.int64)
    width = np.asarray(off, dtype=np.int64)
    width = width[nodes + 1] - width[nodes]
    edges = cs[nodes + 1] - cs[nodes]
    count = edges * width
    ends = np.cumsum(count)
    lo = 0
    while lo < len(nodes):
        hi = max(lo + 1, int(np.searchsorted(ends, ends[lo] - count[lo] + _CHUNK, "right")))
        w, m, c = width[lo:hi], edges[lo:hi], count[lo:hi]
        base = es[cs[nodes[lo:hi]]]
        lo = hi
        total = int(c.sum())
        if not total:
            continue
        first = np.zeros(len(c), dtype=np.int64)
        np.cumsum(c[:-1], out=first[1:])
        rows_before = np.zeros(len(w), dtype=np.int64)
        np.cumsum(w[:-1], out=rows_before[1:])
        t = np.arange(total, dtype=np.int64) - np.repeat(first, c)
        mj = np.repeat(m, c)
        j = t // mj
        idx = np.repeat(base, c) + (t - j * mj) * np.repeat(w, c) + j
        yield idx, np.repeat(rows_before, c) + j, int(w.sum())


def quantise(
    kind: Ints,
    child_start: Ints,
    estart: Ints,
    off: Ints,
    strategy: NDArray[np.floating],
    legal: NDArray[np.bool_],
) -> NDArray[np.uint8]:
    """Each information set's probabilities over its legal moves as integers summing to
    exactly :data:`SCALE`: ``floor(p * SCALE)``, plus one for the largest remainders
    (ties to the earlier move). ``off`` is the actor's slot offsets (:func:`_actor_slots`).

    A row whose legal entries sum to zero is taken as uniform, as the solver does.
    """
    out = np.zeros(len(legal), dtype=np.uint8)
    for idx, row, n_rows in _blocks(kind, child_start, estart, off):
        _quantise_rows(idx, row, n_rows, strategy, legal, out)
    return out


def _quantise_rows(
    idx: NDArray[np.int64],
    row: NDArray[np.int64],
    n_rows: int,
    strategy: NDArray[np.floating],
    legal: NDArray[np.bool_],
    out: NDArray[np.uint8],
) -> None:
    """:func:`quantise` on one block of :func:`_blocks` (rows contiguous, ascending)."""
    total = len(idx)
    ok = np.asarray(legal[idx], dtype=np.bool_)
    p = np.where(ok, np.maximum(np.asarray(strategy[idx], dtype=np.float64), 0.0), 0.0)
    sums = np.bincount(row, weights=p, minlength=n_rows)
    n_legal = np.bincount(row, weights=ok, minlength=n_rows)
    empty = sums <= 0.0
    p = np.where(
        empty[row], ok / np.maximum(n_legal[row], 1.0), p / np.where(empty, 1.0, sums)[row]
    )
    x = p * SCALE
    q = np.floor(x)
    short = SCALE - np.bincount(row, weights=q, minlength=n_rows).round().astype(np.int64)
    order = np.lexsort((~ok, -(x - q), row))
    per_row = np.bincount(row, minlength=n_rows)
    row_first = np.zeros(n_rows, dtype=np.int64)
    np.cumsum(per_row[:-1], out=row_first[1:])
    rank = np.arange(total, dtype=np.int64) - row_first[row[order]]
    bump = np.zeros(total, dtype=np.bool_)
    bump[order] = rank < short[row[order]]
    q += bump
    if not (np.bincount(row, weights=q, minlength=n_rows) == SCALE).all():
        raise ValueError("a quantised row does not sum to the scale")
    out[idx] = q.astype(np.uint8)


def _last_legal(ok: NDArray[np.bool_], row: NDArray[np.int64]) -> tuple[Ints, Ints]:
    """Of a block's legal entries (positions in it): those before the last of their row,
    and the last of each row (which :func:`pack` leaves out: 255 less the others)."""
    at = np.flatnonzero(ok)
    last = np.ones(len(at), dtype=np.bool_)
    last[:-1] = row[at[1:]] != row[at[:-1]]
    return at[~last], at[last]


@dataclass(frozen=True, eq=False)
class PolicyTree:
    """One tree of a strategy file: see the module's docstring for each array."""

    kind: NDArray[np.int8]
    child_start: Ints
    children: Ints
    move: NDArray[np.int8]
    off: Ints
    hid: NDArray[np.uint8]
    estart: Ints
    prob: NDArray[np.uint8] | NDArray[np.float32]
    legal: NDArray[np.uint8]


def _tree_arrays(tree: Mapping[str, NDArray[np.generic]]) -> dict[str, NDArray[np.generic]]:
    """The file's arrays of one tree, from the solver's (``_FIELDS``, ``strategy``, ``legal``)."""
    kind = np.asarray(tree["kind"], dtype=np.int8)
    off, hid = _actor_slots(kind, tree["off0"], tree["off1"], tree["hid0"], tree["hid1"])  # type: ignore[arg-type]
    legal = np.asarray(tree["legal"], dtype=np.bool_)
    prob = quantise(kind, tree["child_start"], tree["estart"], off, tree["strategy"], legal)  # type: ignore[arg-type]
    return {
        "kind": kind,
        "child_start": _smallest(np.asarray(tree["child_start"])),
        "children": _smallest(np.asarray(tree["children"])),
        "move": np.asarray(tree["move"], dtype=np.int8),
        "off": _smallest(off),
        "hid": hid,
        "estart": _smallest(np.asarray(tree["estart"])),
        "prob": prob,
        "legal": np.packbits(legal),
    }


def write(
    path: Path,
    rules: DealRules,
    iterations: int,
    prefix: tuple[int, ...],
    trees: Sequence[Mapping[str, NDArray[np.generic]]],
) -> None:
    """Writes a strategy file from each tree's solver arrays and float strategy."""
    meta = {"rules": asdict(rules), "iterations": iterations, "prefix": list(prefix)}
    arrays = (
        (f"{name}{i}", a) for i, tree in enumerate(trees) for name, a in _tree_arrays(tree).items()
    )
    _write_file(path, {**meta, "trees": len(trees)}, arrays)


def _write_file(
    path: Path,
    meta: Mapping[str, object],
    arrays: Iterable[tuple[str, NDArray[np.generic]]],
    check: Callable[[Path], None] | None = None,
) -> None:
    """The file: ``MAGIC``, the arrays (written as they come), the header, the trailer.

    Written to a temporary name and renamed (after ``check(tmp)``, which may refuse
    it), so that ``path`` is never half-written: a reader sees the old file or the new.
    """
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    entries: list[dict[str, object]] = []
    try:
        with tmp.open("wb") as f:
            f.write(MAGIC)
            for name, a in arrays:
                _put(f, entries, name, a)
            at = f.tell()
            text = json.dumps({"format": 1, "scale": SCALE, **meta, "arrays": entries}).encode()
            f.write(text)
            f.write(_TRAILER.pack(at, len(text)))
        if check is not None:
            check(tmp)
        tmp.replace(path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def file_digest(path: Path) -> str:
    """The SHA-256 of a file, in hex (read a block at a time)."""
    with path.open("rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def _put(f: BinaryIO, entries: list[dict[str, object]], name: str, a: NDArray[np.generic]) -> None:
    a = np.ascontiguousarray(a)
    pad = -f.tell() % _ALIGN
    f.write(b"\0" * pad)
    entries.append({"name": name, "dtype": a.dtype.str, "shape": list(a.shape), "offset": f.tell()})
    f.write(a.reshape(-1).view(np.uint8).data)


def export(solver: object, path: Path) -> None:
    """Writes ``solver``'s (a :class:`~.solve.TrucSolver`) average strategy and trees."""
    from tricktaker.solvers.truc.solve import TrucSolver

    assert isinstance(solver, TrucSolver)
    trees = []
    for t, s in zip(solver.trees, solver.average_strategy(), strict=True):
        arrays: dict[str, NDArray[np.generic]] = {name: getattr(t, name) for name in _FIELDS}
        trees.append({**arrays, "strategy": s, "legal": t.legal})
    write(path, solver.rules, solver.iterations, tuple(solver.prefix_history), trees)


def repack(old: Path, new: Path) -> None:
    """Writes the strategy of an older ``.policy.npz`` (float32) as a strategy file,
    reading one tree at a time (at 0:0 the older file's arrays are gigabytes)."""
    with np.load(old) as data:
        rules = _rules(data["rules"])
        n_trees = 0
        while f"kind{n_trees}" in data:
            n_trees += 1

        class Trees(Sequence[Mapping[str, NDArray[np.generic]]]):
            def __len__(self) -> int:
                return n_trees

            def __getitem__(self, i: int) -> Mapping[str, NDArray[np.generic]]:  # type: ignore[override]
                if not 0 <= i < n_trees:
                    raise IndexError(i)
                tree = {name: np.array(data[f"{name}{i}"]) for name in _FIELDS}
                tree["strategy"] = np.array(data[f"strategy{i}"])
                tree["legal"] = np.array(data[f"legal{i}"])
                return tree

        prefix = tuple(int(x) for x in data["prefix"])
        write(new, rules, int(data["iterations"]), prefix, Trees())


def _rules(text: object) -> DealRules:
    rules = json.loads(str(text))
    return DealRules(**{**rules, "score": tuple(rules["score"])})


class Policy:
    """The strategy of one solved deal (one score, dealer and option set).

    Opens a strategy file by mapping it (milliseconds at any size), or an older
    ``.policy.npz`` by loading it.
    """

    def __init__(self, path: Path) -> None:
        with path.open("rb") as f:
            head = f.read(len(MAGIC))
        if head == MAGIC:
            self._open_mapped(path)
        else:
            self._open_legacy(path)

    def _open_mapped(self, path: Path) -> None:
        with path.open("rb") as f:
            self._map = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        mm = self._map
        if len(mm) < len(MAGIC) + _TRAILER.size:
            raise ValueError(f"{path} is cut short")
        at, length = _TRAILER.unpack(mm[len(mm) - _TRAILER.size :])
        if at + length + _TRAILER.size != len(mm):
            raise ValueError(f"{path} is cut short or not a strategy file")
        header = json.loads(mm[at : at + length])
        arrays: dict[str, NDArray[np.generic]] = {}
        for e in header["arrays"]:
            dtype, shape = np.dtype(e["dtype"]), tuple(e["shape"])
            n = int(np.prod(shape))
            if e["offset"] + n * dtype.itemsize > at:
                raise ValueError(f"{path} is cut short")
            arrays[e["name"]] = np.frombuffer(mm, dtype, n, e["offset"]).reshape(shape)
        #: Every array by its name in the file (``kind0``, ``prob1``...).
        self.arrays = arrays
        self.header = header
        self.rules = _rules(json.dumps(header["rules"]))
        self.iterations = int(header["iterations"])
        #: The public moves before the first tree's root (the first deal's).
        self.prefix = tuple(int(x) for x in header["prefix"])
        #: What ``prob`` is divided by: 255 (quantised) here, 1 in the older format.
        self.scale = float(header["scale"])
        names = PolicyTree.__dataclass_fields__
        self.trees = [
            PolicyTree(**{name: arrays[f"{name}{i}"] for name in names})  # type: ignore[arg-type]
            for i in range(int(header["trees"]))
        ]

    def _open_legacy(self, path: Path) -> None:
        with np.load(path) as data:
            self.rules = _rules(data["rules"])
            self.iterations = int(data["iterations"])
            self.prefix = tuple(int(x) for x in data["prefix"])
            self.scale = 1.0
            self.trees = []
            i = 0
            while f"kind{i}" in data:
                a = {name: np.array(data[f"{name}{i}"]) for name in _FIELDS}
                off, hid = _actor_slots(a["kind"], a["off0"], a["off1"], a["hid0"], a["hid1"])
                self.trees.append(
                    PolicyTree(
                        kind=a["kind"],
                        child_start=a["child_start"],
                        children=a["children"],
                        move=a["move"],
                        off=off,
                        hid=hid,
                        estart=a["estart"],
                        prob=np.array(data[f"strategy{i}"]),
                        legal=np.packbits(np.array(data[f"legal{i}"])),
                    )
                )
                i += 1

    def probabilities(self, history: tuple[int, ...], seat: int, hand: int) -> dict[int, float]:
        """Each legal move's probability for ``seat`` holding ``hand`` (as dealt) after
        ``history`` (the model's public moves from the deal's start); KeyError where the
        strategy has no such decision."""
        tree_i, n = self._node(history)
        t = self.trees[tree_i]
        if int(t.kind[n]) != seat:
            raise KeyError("not a decision of this seat")
        slots = t.hid[int(t.off[n]) : int(t.off[n + 1])]
        found = np.flatnonzero(slots == HAND_INDEX[hand])
        if not len(found):
            raise KeyError("this hand cannot be here")
        j = int(found[0])
        out = {}
        for e in range(int(t.child_start[n]), int(t.child_start[n + 1])):
            i = int(t.estart[e]) + j
            if (int(t.legal[i >> 3]) >> (7 - (i & 7))) & 1:
                out[int(t.move[e])] = float(t.prob[i]) / self.scale
        return out

    def _node(self, history: tuple[int, ...]) -> tuple[int, int]:
        """The tree and node ``history`` leads to."""
        if history[: len(self.prefix)] != self.prefix:
            raise KeyError("the strategy is solved from another point of the deal")
        tree_i, n = 0, 0
        for code in history[len(self.prefix) :]:
            if code // 16 == CHANCE_SEAT and code % 16 == DEAL:
                tree_i, n = tree_i + 1, 0
                if tree_i >= len(self.trees):
                    raise KeyError("more calls for cards than the strategy holds")
                continue
            t = self.trees[tree_i]
            for e in range(int(t.child_start[n]), int(t.child_start[n + 1])):
                if int(t.move[e]) == code % 16:
                    n = int(t.children[e])
                    break
            else:
                raise KeyError(f"no move {code % 16} at this point of the strategy")
        return tree_i, n

    def strategy(self, i: int) -> NDArray[np.float64]:
        """Tree ``i``'s strategy over the solver's edge entries, exactly as played."""
        t = self.trees[i]
        out = np.array(t.prob, dtype=np.float64)
        np.divide(out, self.scale, out=out)
        np.multiply(out, np.unpackbits(t.legal, count=len(t.prob)), out=out)
        return out

    def same_tree(self, i: int, tree: object) -> bool:
        """Whether tree ``i`` is laid out as ``tree`` (a solver's :class:`~.arrays.TrucTree`)."""
        t = self.trees[i]
        return all(
            np.array_equal(getattr(t, name), getattr(tree, name))
            for name in ("kind", "child_start", "children", "move", "estart")
        )


#: The arrays :func:`pack` stores as differences (offsets: small steps, compressing well).
_DIFFED = ("child_start", "children", "off", "estart")


#: Called as work goes on with the bytes done and the bytes in all (a progress bar).
Progress = Callable[[int, int], None]


def pack(
    path: Path,
    out: Path,
    preset: int = 9 | lzma.PRESET_EXTREME,
    progress: Progress | None = None,
) -> None:
    """Writes a strategy file as one xz stream, small to ship; :func:`unpack` restores
    the file byte for byte.

    Each offset array is stored as its steps (``np.diff``, in the smallest integer
    type: they compress some hundred times better than the offsets), and ``prob``
    as its rows (one slot's legal entries together, in edge order) less each
    row's last legal entry, which is 255 less the others: some 40% smaller under
    xz than the array as laid out (measured at 10:10). ``prob`` goes after its
    tree's ``legal``, which unpacking needs first. The header keeps the file's
    SHA-256 (``digest``): :func:`unpack` checks its copy against it, and an
    installed copy is known to be this pack's by it (``install.py``).
    ``progress(done, total)`` counts the file's array bytes as they are compressed.
    """
    policy = Policy(path)
    if policy.scale != SCALE:
        raise ValueError(f"{path} is not a quantised strategy file")
    header = {k: v for k, v in policy.header.items() if k != "arrays"}
    parts: list[dict[str, object]] = []
    for e in policy.header["arrays"]:
        base = e["name"].rstrip("0123456789")
        part = {**e, "tree": int(e["name"].removeprefix(base)), "diff": base in _DIFFED}
        if base in _DIFFED:
            part["stored"] = np.dtype(_unsigned(_steps(policy.arrays[e["name"]]))).str
        parts.append({**part, "rows": base == "prob"})
    stream = sorted(parts, key=lambda e: (int(str(e["tree"])), bool(e["rows"])))
    digest = file_digest(path)
    total = sum(int(a.nbytes) for a in policy.arrays.values())
    done = 0
    tmp = out.with_name(f"{out.name}.{os.getpid()}.tmp")
    try:
        with lzma.open(tmp, "wb", preset=preset) as f:
            text = json.dumps(
                {
                    **header,
                    "digest": digest,
                    "arrays": parts,
                    "stream": [str(e["name"]) for e in stream],
                }
            ).encode()
            f.write(_LENGTH.pack(len(text)))
            f.write(text)
            for e in stream:
                size, written = int(policy.arrays[str(e["name"])].nbytes), 0
                for a in _encode(policy, e):
                    f.write(np.ascontiguousarray(a).reshape(-1).view(np.uint8).data)
                    written += int(a.nbytes)
                    if progress is not None:
                        progress(done + min(written, size), total)
                done += size
                if progress is not None:
                    progress(done, total)
        tmp.replace(out)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _encode(policy: Policy, e: Mapping[str, object]) -> Iterator[NDArray[np.generic]]:
    """One array as :func:`pack` stores it, in pieces (lazily: one block at a time)."""
    name = str(e["name"])
    a = policy.arrays[name]
    if e["diff"]:
        yield _steps(a).astype(np.dtype(str(e["stored"])))
    elif e["rows"]:
        i = name.removeprefix("prob")
        t = policy.trees[int(i)]
        ok = np.unpackbits(t.legal, count=len(t.prob)).view(np.bool_)
        for idx, row, _ in _blocks(t.kind, t.child_start, t.estart, t.off):
            kept, _ = _last_legal(ok[idx], row)
            yield np.asarray(t.prob)[idx[kept]]
    else:
        yield a


#: What reading a damaged pack raises, besides our own ValueErrors.
_DAMAGED = (
    lzma.LZMAError,
    EOFError,
    KeyError,
    TypeError,
    struct.error,
    json.JSONDecodeError,
    UnicodeDecodeError,
)


def packed_header(packed: Path) -> dict[str, Any]:
    """The header of a file :func:`pack` wrote (its start only is decompressed)."""
    try:
        with lzma.open(packed, "rb") as f:
            (length,) = _LENGTH.unpack(f.read(_LENGTH.size))
            found = json.loads(f.read(length))
    except _DAMAGED as exc:
        raise ValueError(f"{packed} is damaged ({type(exc).__name__}: {exc})") from None
    if not isinstance(found, dict) or "stream" not in found:
        raise ValueError(f"{packed} is not a packed strategy file")
    return found


def unpack(packed: Path, out: Path, progress: Progress | None = None) -> None:
    """Restores the strategy file :func:`pack` wrote, never leaving ``out`` half-written.

    Raises ValueError if the pack is damaged: not xz, cut short, failing xz's
    check, a header that does not describe it, or a copy whose SHA-256 is not the
    header's ``digest`` (packs written before the digest are trusted to xz's check).
    ``progress(done, total)`` counts the packed file's bytes read.
    """
    try:
        _unpack(packed, out, progress)
    except _DAMAGED as exc:
        raise ValueError(f"{packed} is damaged ({type(exc).__name__}: {exc})") from None


def _unpack(packed: Path, out: Path, progress: Progress | None) -> None:
    size = packed.stat().st_size
    with packed.open("rb") as raw, lzma.open(raw, "rb") as f:
        (length,) = _LENGTH.unpack(f.read(_LENGTH.size))
        header = json.loads(f.read(length))
        skip = ("arrays", "format", "scale", "stream", "digest")
        meta = {k: v for k, v in header.items() if k not in skip}
        parts = {e["name"]: e for e in header["arrays"]}
        decoded: dict[str, NDArray[np.generic]] = {}

        def read(n: int, dtype: np.dtype[np.generic]) -> NDArray[np.generic]:
            data = f.read(n * dtype.itemsize)
            if len(data) != n * dtype.itemsize:
                raise ValueError(f"{packed} is cut short")
            if progress is not None:
                progress(min(raw.tell(), size), size)
            return np.frombuffer(data, dtype)

        for name in header["stream"]:
            e = parts[name]
            dtype, shape = np.dtype(e["dtype"]), tuple(e["shape"])
            n = int(np.prod(shape))
            if e["diff"]:
                d = read(n, np.dtype(e["stored"]))
                decoded[name] = np.cumsum(d, dtype=np.int64).astype(dtype).reshape(shape)
            elif e["rows"]:
                decoded[name] = _decode_rows(decoded, name.removeprefix("prob"), n, read)
            else:
                decoded[name] = read(n, dtype).reshape(shape)
        if f.read(1):
            raise ValueError(f"{packed} has more than its header lists")
    digest = header.get("digest")

    def check(tmp: Path) -> None:
        if digest is not None and file_digest(tmp) != digest:
            raise ValueError(f"{packed} does not unpack to the file it was packed from")

    arrays = ((e["name"], decoded.pop(e["name"])) for e in header["arrays"])
    _write_file(out, meta, arrays, check)
    if progress is not None:
        progress(size, size)


def _decode_rows(
    decoded: Mapping[str, NDArray[np.generic]],
    i: str,
    n: int,
    read: Callable[[int, np.dtype[np.generic]], NDArray[np.generic]],
) -> NDArray[np.uint8]:
    """Tree ``i``'s ``prob`` from its rows less their last legal entries."""
    prob = np.zeros(n, dtype=np.uint8)
    ok = np.unpackbits(np.asarray(decoded[f"legal{i}"], dtype=np.uint8), count=n).view(np.bool_)
    tree = [decoded[f"{k}{i}"] for k in ("kind", "child_start", "estart", "off")]
    for idx, row, n_rows in _blocks(*tree):  # type: ignore[arg-type]
        kept, last = _last_legal(ok[idx], row)
        q = np.zeros(len(idx), dtype=np.int64)
        q[kept] = read(len(kept), np.dtype(np.uint8))
        q[last] = SCALE - np.bincount(row[kept], weights=q[kept], minlength=n_rows)[row[last]]
        if (q < 0).any() or (q > SCALE).any():
            raise ValueError("a packed row sums past the scale")
        prob[idx] = q.astype(np.uint8)
    return prob


_LENGTH = struct.Struct("<Q")


def _steps(a: NDArray[np.generic]) -> NDArray[np.int64]:
    """An offset array as its steps (the first step from zero)."""
    return np.asarray(np.diff(a.astype(np.int64), prepend=np.int64(0)), dtype=np.int64)


def _unsigned(d: NDArray[np.int64]) -> type[np.integer]:
    """The smallest integer type that holds ``d``: unsigned where ``d`` never goes down."""
    if not len(d):
        return np.uint8
    low, top = int(d.min()), int(d.max())
    kinds = (np.uint8, np.uint16, np.uint32) if low >= 0 else (np.int8, np.int16, np.int32)
    for t in kinds:
        if np.iinfo(t).min <= low and top <= np.iinfo(t).max:
            return t
    return np.int64
