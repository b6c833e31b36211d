"""Fair deals: a seed committed to before the first card, revealed when nothing is left
to hide, and checked against every deal of the record.

Every deal of a match is shuffled from its seed (``core.dealing``), so whoever
knows the seed knows every card to come. The server therefore makes the seed
with ``secrets`` and shows only its hash while the match is played
(``seed_hash``): the hash binds the server to the seed (it cannot change the
deals later without the hash changing) and tells nobody a card. When the
record with every card is shown, it carries the seed and its hash, and
``tricktaker verify`` (``verify_text``) checks that the hash is the seed's and
that every deal of the record is the one the seed deals.

The hash is the SHA-256 of a canonical encoding: the JSON text of
``{"seed": <seed>, "v": 1}`` with sorted keys, no spaces, UTF-8. A string seed
and an integer seed of the same digits hash differently, since the engine
deals them differently too. A server seed holds 192 random bits, so the hash
cannot be inverted by trying seeds.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from dataclasses import replace
from typing import Any

from tricktaker.core.errors import IllegalAction, RecordError, TricktakerError
from tricktaker.core.records import ReplayOutcome, decode_json, parse_record, state_from_record

#: The bytes of randomness in a server's seed.
SEED_BYTES = 24
#: What a seed hash looks like: 64 lowercase hex digits.
SEED_HASH = re.compile(r"[0-9a-f]{64}")
#: ``verify``'s exit status when the record is well formed but its deals do not hold.
EXIT_MISMATCH = 1


def new_seed() -> str:
    """A fresh seed nobody can guess (URL-safe text, as the tables store it)."""
    return secrets.token_urlsafe(SEED_BYTES)


def canonical_seed(seed: int | str) -> bytes:
    """The bytes a seed's hash is taken of (see the module's docstring)."""
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise RecordError("a seed is an integer or a string")
    text = json.dumps({"seed": seed, "v": 1}, sort_keys=True, separators=(",", ":"))
    return text.encode("utf-8")


def seed_hash(seed: int | str) -> str:
    """The commitment to ``seed``: SHA-256 of its canonical encoding, in hex."""
    return hashlib.sha256(canonical_seed(seed)).hexdigest()


def _fails(message: str, code: int, **more: Any) -> ReplayOutcome:
    return ReplayOutcome({"ok": False, "error": {"message": message, **more}}, code)


def verify_text(text: str) -> ReplayOutcome:
    """What ``tricktaker verify`` prints, and its exit status.

    0: the seed is the one committed to, and every deal of the record is the one it
    deals; 1 (``EXIT_MISMATCH``): the hash is not the seed's, or a deal differs (its
    index is told); 2: not a record, or one without a seed and its hash (a partial
    record, one from an upload); 3: a move the rules do not allow, as ``replay``."""
    try:
        data = decode_json(text)
        record = parse_record(data)
    except TricktakerError as exc:
        return _fails(str(exc), 2)
    assert isinstance(data, dict)  # parse_record took it
    if record.seed_hash is None:
        return _fails(
            "the record carries no seed_hash: its deals were not committed to by a server", 2
        )
    if "seed" not in data:
        return _fails("the record carries no seed: only a record with every card reveals it", 2)
    if seed_hash(record.seed) != record.seed_hash:
        return _fails("the seed is not the one committed to: its hash differs", EXIT_MISMATCH)
    try:
        played = state_from_record(record)
    except IllegalAction as exc:
        return _fails(str(exc), 3)
    except TricktakerError as exc:
        return _fails(str(exc), 2)
    try:
        dealt = state_from_record(replace(record, deals=[]))
    except TricktakerError:
        # The actions fit the record's deals but not the seed's: a deal was not the seed's.
        dealt = None
    given = played.to_record().get("deals", [])
    fresh = dealt.to_record().get("deals", []) if dealt is not None else []
    if len(record.deals) > len(given):  # listed, never dealt: nothing shows where they came from
        return _fails(
            f"the record lists {len(record.deals)} deals, but its actions reach only"
            f" {len(given)}: the others cannot be checked",
            EXIT_MISMATCH,
            deal=len(given),
        )
    for index, deal in enumerate(given):
        if index >= len(fresh) or fresh[index] != deal:
            return _fails(
                f"deal {index + 1} was not dealt from the committed seed",
                EXIT_MISMATCH,
                deal=index,
            )
    return ReplayOutcome(
        {"ok": True, "game": record.game, "deals": len(given), "seed_hash": record.seed_hash}, 0
    )
