"""Seeded shuffling: the one place where chance enters a match.

Deal ``i`` of a match depends only on ``(seed, i)``, so a record holding a seed
reproduces every deal, and deals can be generated lazily in any order. A
blake2b digest gives 512 random bits per deal; a Fisher-Yates shuffle reads
its choices from that integer, which is several times faster than driving
``random.Random`` and is the same on every platform and Python version.

The shuffle of ``k`` cards is written out once per ``k`` (as ``core.engine``
writes ``clone``): the integer is cut into machine-sized chunks of its
mixed-radix digits, and each swap is a line of its own, with no loop. It
gives exactly the order of the plain loop (``shuffled_plain``), which the
tests compare it with: records made before it replay the same deals.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from typing import Any

_blake2b = hashlib.blake2b
_from_bytes = int.from_bytes


def deal_bits(seed: int | str, index: int) -> int:
    text = f"{seed}/{index}".encode("utf-8", "surrogatepass")
    digest = _blake2b(text, digest_size=64).digest()
    return _from_bytes(digest, "little")


def shuffled_plain(cards: list[int], seed: int | str, index: int) -> list[int]:
    """The shuffle as a plain loop: the definition :func:`shuffled` must agree with."""
    out = list(cards)
    # Reducing modulo n! first leaves every mixed-radix digit below unchanged.
    bits = deal_bits(seed, index) % _FACTORIALS[len(out)]
    for i in range(len(out) - 1, 0, -1):
        bits, j = divmod(bits, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


_FACTORIALS = [math.factorial(k) for k in range(60)]

#: A chunk of digits read from the big integer at once stays below this (a small int).
_CHUNK = 1 << 60

Shuffle = Callable[[list[int], "int | str", int], list[int]]


def _write_shuffle(n: int) -> Shuffle:
    """:func:`shuffled_plain` for ``n`` cards, written out: no loop, small-int digits."""
    lines = [
        "def shuffled(cards, seed, index):",
        "    out = list(cards)",
        "    text = f'{seed}/{index}'.encode('utf-8', 'surrogatepass')",
        "    bits = _from_bytes(_blake2b(text, digest_size=64).digest(), 'little')"
        f" % {_FACTORIALS[n]}",
    ]
    chunks: list[list[int]] = [[]]
    product = 1
    for i in range(n - 1, 0, -1):
        if product * (i + 1) >= _CHUNK:
            chunks.append([])
            product = 1
        chunks[-1].append(i)
        product *= i + 1
    for k, chunk in enumerate(chunks):
        size = math.prod(i + 1 for i in chunk)
        # The last chunk holds what is left, already below its size (bits < n!).
        last = k == len(chunks) - 1
        lines.append("    s = bits" if last else f"    bits, s = divmod(bits, {size})")
        for i in chunk:
            lines.append(f"    j = s % {i + 1}; s //= {i + 1}; out[{i}], out[j] = out[j], out[{i}]")
    lines.append("    return out")
    scope: dict[str, Any] = {"_blake2b": _blake2b, "_from_bytes": _from_bytes}
    exec("\n".join(lines), scope)  # code built from integers only
    shuffle: Shuffle = scope["shuffled"]
    return shuffle


#: The shuffles written out so far, by the number of cards.
_SHUFFLES: dict[int, Shuffle] = {}


def shuffled(cards: list[int], seed: int | str, index: int) -> list[int]:
    """A new list with ``cards`` in the order chance gives deal ``index``."""
    n = len(cards)
    shuffle = _SHUFFLES.get(n)
    if shuffle is None:
        if n < 2:
            return list(cards)
        shuffle = _SHUFFLES[n] = _write_shuffle(n)
    return shuffle(cards, seed, index)


def shuffler(n: int) -> Shuffle:
    """The shuffle of ``n`` cards itself (no lookup): for a deck dealt again and again."""
    if n < 2:
        return lambda cards, seed, index: list(cards)
    shuffle = _SHUFFLES.get(n)
    if shuffle is None:
        shuffle = _SHUFFLES[n] = _write_shuffle(n)
    return shuffle
