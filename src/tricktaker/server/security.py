"""Seat tokens, table ids and rate limits.

A seat is claimed by a secret token, carried in its link (``?token=``). Only a
hash of it is stored, and a presented token is checked with
``hmac.compare_digest``, whose time does not depend on where two strings first
differ, so a client cannot find a token byte by byte from response times.

Tokens and table ids are URL-safe base64 and are checked against ASCII
patterns (never ``str.isalnum``, which takes "таблица", "ａｂｃ" or "٣" for
letters and digits), so nothing else reaches the database or a header.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
from dataclasses import dataclass, field

TOKEN_BYTES = 24
#: Client addresses a limiter remembers; beyond it the longest idle is forgotten.
MAX_KEYS = 10_000
#: What a seat token looks like: URL-safe base64 of a sensible length.
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{8,64}")
#: What a table id looks like (``new_table_id`` makes 12 characters; the column holds 32).
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_table_id() -> str:
    return secrets.token_urlsafe(9)


def is_table_id(text: str) -> bool:
    """Whether ``text`` may name a table: ASCII letters, digits, ``_`` and ``-`` only."""
    return TABLE_ID.fullmatch(text) is not None


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str | None, stored_hash: str) -> bool:
    """Whether ``token`` is the one whose hash is stored, compared in constant time."""
    if not token or not TOKEN_SHAPE.fullmatch(token):
        return False
    return hmac.compare_digest(token_hash(token), stored_hash)


@dataclass(slots=True)
class TokenBucket:
    """At most ``rate`` events a second on average, ``burst`` at once."""

    rate: float
    burst: float
    tokens: float = field(default=-1.0)
    stamp: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        if self.tokens < 0:
            self.tokens = self.burst

    def allow(self, now: float | None = None) -> bool:
        t = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (t - self.stamp) * self.rate)
        self.stamp = t
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


@dataclass(slots=True)
class KeyedLimiter:
    """A token bucket per key (a client address); at ``MAX_KEYS`` keys the least recently
    seen is forgotten, so many addresses cannot reset the limits of the others."""

    rate: float
    burst: float
    buckets: dict[str, TokenBucket] = field(default_factory=dict)

    def allow(self, key: str) -> bool:
        bucket = self.buckets.pop(key, None)
        if bucket is None:
            if len(self.buckets) >= MAX_KEYS:  # forget the longest idle, never everyone
                del self.buckets[next(iter(self.buckets))]
            bucket = TokenBucket(self.rate, self.burst)
        self.buckets[key] = bucket  # most recently used last
        return bucket.allow()


@dataclass(slots=True)
class OpenCounts:
    """Connections open per key (a client address), at most ``most`` each; a key whose
    count falls to zero is forgotten, so the table stays as small as what is open."""

    most: int
    counts: dict[str, int] = field(default_factory=dict)

    def enter(self, key: str) -> bool:
        """Count one more for ``key``, unless it holds ``most`` already (False)."""
        if self.counts.get(key, 0) >= self.most:
            return False
        self.counts[key] = self.counts.get(key, 0) + 1
        return True

    def leave(self, key: str) -> None:
        left = self.counts.get(key, 0) - 1
        if left > 0:
            self.counts[key] = left
        else:
            self.counts.pop(key, None)
