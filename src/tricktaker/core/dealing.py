"""Seeded shuffling: the one place where chance enters a match.

Deal ``i`` of a match depends only on ``(seed, i)``, so a record holding a seed
reproduces every deal, and deals can be generated lazily in any order. A
blake2b digest gives 512 random bits per deal; a Fisher-Yates shuffle reads
its choices from that integer, which is several times faster than driving
``random.Random`` and is the same on every platform and Python version.
"""

from __future__ import annotations

import hashlib
import math


def deal_bits(seed: int | str, index: int) -> int:
    text = f"{seed}/{index}".encode("utf-8", "surrogatepass")
    digest = hashlib.blake2b(text, digest_size=64).digest()
    return int.from_bytes(digest, "little")


def shuffled(cards: list[int], seed: int | str, index: int) -> list[int]:
    """A new list with ``cards`` in the order chance gives deal ``index``."""
    out = list(cards)
    # Reducing modulo n! first leaves every mixed-radix digit below unchanged.
    bits = deal_bits(seed, index) % _FACTORIALS[len(out)]
    for i in range(len(out) - 1, 0, -1):
        bits, j = divmod(bits, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


_FACTORIALS = [math.factorial(k) for k in range(60)]
