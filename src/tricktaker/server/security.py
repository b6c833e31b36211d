"""Seat tokens, table ids, rate limits, names and the proxies believed.

A seat is claimed by a secret token, carried in its link (``?token=``). Only a
hash of it is stored, and a presented token is checked with
``hmac.compare_digest``, whose time does not depend on where two strings first
differ, so a client cannot find a token byte by byte from response times.

Tokens and table ids are URL-safe base64 and are checked against ASCII
patterns (never ``str.isalnum``, which takes "таблица", "ａｂｃ" or "٣" for
letters and digits), so nothing else reaches the database or a header.

Names are cleaned where they enter (``clean_name``): no control or bidi
character, one space between words, at most ``MAX_NAME`` characters. The
address a limit is counted under is the peer's own, unless the peer is a proxy
named in ``--forwarded-allow-ips`` (``TrustedProxies``): otherwise a client
could write any ``X-Forwarded-For`` and be a new address at every request.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import re
import secrets
import time
import unicodedata
from collections.abc import Iterable
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


#: The longest name a seat is shown by (the ``seats.name`` column holds 40).
MAX_NAME = 40
#: Unicode categories no name needs: controls (NUL, escapes) and format characters, which
#: include the bidi overrides and isolates (U+202A-202E, U+2066-2069), the marks U+200E/F
#: and the zero-width joiners: "U+202E" turns "Alice" into text that reads as another.
DROPPED_CATEGORIES = frozenset({"Cc", "Cf"})


def clean_name(text: object, default: str = "", limit: int = MAX_NAME) -> str:
    """A name as every player sees it: NFC, no control or format (bidi) character,
    whitespace collapsed to single spaces, at most ``limit`` characters; ``default`` for
    what is empty after that (or not text at all).

    Every name that enters the server (a new table's, an uploaded record's) passes here,
    so no name can reorder the text around it, hide in zero-width characters or carry a
    NUL into the database and the logs."""
    if not isinstance(text, str):
        return default
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in unicodedata.normalize("NFC", text)
        if ch.isspace() or unicodedata.category(ch) not in DROPPED_CATEGORIES
    )
    name = " ".join(kept.split())[:limit].rstrip()
    return name or default


IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network
#: How long a forwarded address may be before it is cut (it keys a limit, nothing more).
MAX_FORWARDED = 64


@dataclass(frozen=True, slots=True)
class TrustedProxies:
    """The proxies whose ``Forwarded``, ``X-Forwarded-For`` and ``X-Real-IP`` headers are
    believed (``--forwarded-allow-ips``), as uvicorn reads its option of that name:
    addresses and networks separated by commas, or ``*`` for any peer. Empty (the
    default): none, so no client can choose the address its limits are counted under.

    A trusted proxy appends the address it saw to the chain; everything to its left was
    written by whoever spoke to it, so the client is the right-most address that is not
    itself a trusted proxy (the left-most where every one is)."""

    networks: tuple[IPNetwork, ...] = ()
    anyone: bool = False

    @classmethod
    def parse(cls, text: str | None) -> TrustedProxies:
        """The list in ``text``; ValueError naming an entry that is not an address."""
        networks: list[IPNetwork] = []
        anyone = False
        for item in (text or "").split(","):
            entry = item.strip()
            if not entry:
                continue
            if entry == "*":
                anyone = True
                continue
            try:
                networks.append(ipaddress.ip_network(entry, strict=False))
            except ValueError:
                raise ValueError(
                    f"--forwarded-allow-ips: {entry[:40]!r} is not an IP address or network"
                ) from None
        return cls(tuple(networks), anyone)

    def __bool__(self) -> bool:
        return self.anyone or bool(self.networks)

    def trusts(self, host: str | None) -> bool:
        if self.anyone:
            return True
        if not host or not self.networks:
            return False
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in net for net in self.networks)

    def client(self, peer: str | None, headers: Iterable[tuple[bytes, bytes]]) -> str | None:
        """The client's address for a connection from ``peer`` with these headers, or
        None to keep the peer: it is not trusted, or it forwarded no address."""
        if not self.trusts(peer):
            return None
        chain = forwarded_chain(headers)
        if not chain:
            return None
        for host in reversed(chain):
            if not self.trusts(host):
                return host
        return chain[0]


def _bare_host(value: str) -> str:
    """An address from a header entry: quotes, ``[v6]`` brackets and a port taken off."""
    host = value.strip().strip('"').strip()
    if host.startswith("["):
        end = host.find("]")
        return host[1:end] if end > 0 else host
    if host.count(":") == 1:  # IPv4 with a port (a bare IPv6 has several colons)
        host = host.split(":", 1)[0]
    return host[:MAX_FORWARDED]


def forwarded_chain(headers: Iterable[tuple[bytes, bytes]]) -> list[str]:
    """The forwarded addresses, client first: ``Forwarded``'s ``for=`` (RFC 7239), else
    ``X-Forwarded-For``, else ``X-Real-IP`` (one address). Every header of a name counts,
    in order, as proxies append them."""
    found: dict[bytes, list[str]] = {b"forwarded": [], b"x-forwarded-for": [], b"x-real-ip": []}
    for name, raw in headers:
        if name in found:
            found[name].append(raw.decode("latin-1"))
    chain: list[str] = []
    for value in found[b"forwarded"]:
        for element in value.split(","):
            for pair in element.split(";"):
                key, _, given = pair.partition("=")
                if key.strip().lower() == "for" and given.strip():
                    chain.append(_bare_host(given))
    if not chain:
        chain = [
            _bare_host(part) for value in found[b"x-forwarded-for"] for part in value.split(",")
        ]
    if not chain and found[b"x-real-ip"]:
        chain = [_bare_host(found[b"x-real-ip"][-1])]
    return [host for host in chain if host]
