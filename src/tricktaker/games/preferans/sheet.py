"""The Preferans score sheet ("пуля / гора / висты") for the three Russian conventions.

A pure module: the engine builds an :class:`Outcome` when a deal ends and
:func:`write` returns the new :class:`Sheet` and every number it wrote, so the
rules of writing can be read, tested and shown to players apart from the state
machine. Every number on the sheet is an integer; only the final
:func:`settlement` divides.

The conventions (``docs/rules/preferans.md`` sets out every table, its sources
and the rulings where they are silent or disagree):

- ``sochi``: responsible whist (a short whister writes the contract's value
  per missing trick into his gora), greedy whist (each whister writes for the
  tricks he took; a lone whister for all the defenders' tricks), all-pass
  tricks into gora at 1-2-3, exit 6-7-7.
- ``leningrad``: whists doubled (every whist a contract gives, and the whists
  a pulya point is worth), half-responsible whist, gentleman's whist (the
  defenders' tricks are shared equally between both defenders), all-pass at
  2-4-6, exit 6-7-8.
- ``rostov``: as Sochi, but half-responsible, and the all-pass is written in
  whists: the player with the fewest tricks writes 5 whists (then 10, 15) for
  each trick the others took.

The house rules (``House``, the options of ``options.py``) change single
entries of these tables: a doubled failure in Leningrad, the short whister's
price, who writes a lone whister's tricks, how two short whisters split the
duty, a ten-trick contract checked instead of whisted, and the all-pass
progression and exit. Their defaults are the tables above.

Why a sheet and not running totals: the three columns are what the players
see and argue over; keeping them (and the list of entries) lets the front
ends draw the real sheet and lets a record be checked number by number.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

CONVENTIONS = ("sochi", "leningrad", "rostov")

#: Contract level -> its value: what goes into the pulya when made, the gora
#: price of a missing trick, and (Sochi, Rostov) the whists per trick.
CONTRACT_VALUE: dict[int, int] = {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}
MISERE_VALUE = 10

#: Whists a pulya point is worth (pulya overflow help, Sochi and Rostov; doubled in Leningrad)
#: and what a gora point is worth in the settlement.
WHISTS_PER_POINT = 10

#: The all-pass progression: the price multiplier of the 1st, 2nd, 3rd all-pass in a row;
#: the 3rd's holds for any further ones.
_PROGRESSION = (1, 2, 3)
#: What one all-pass trick costs at multiplier 1: gora points (Sochi, Leningrad) or whists (Rostov).
_ALLPASS_BASE = {"sochi": 1, "leningrad": 2, "rostov": 5}
#: The lowest contract after 1, 2, 3+ all-passes in a row ("выход из распасов").
_EXIT = {"sochi": (6, 7, 7), "leningrad": (6, 7, 8), "rostov": (6, 7, 7)}
#: Whists per trick as a multiple of the contract value.
_WHIST_FACTOR = {"sochi": 1, "leningrad": 2, "rostov": 1}
#: Gora per missing trick of a short whister, as a fraction of the contract value:
#: responsible (full value) or half-responsible (half the value; the values are even).
_RESPONSIBILITY = {"sochi": Fraction(1), "leningrad": Fraction(1, 2), "rostov": Fraction(1, 2)}

#: The exits one may choose whatever the convention (``House.allpass_exit``).
EXITS = ("6-6-6", "6-7-7", "6-7-8")

COLUMNS = ("pulya", "gora", "whists")
KINDS = ("game", "misere", "allpass")
ANSWERS = ("whist", "pass", "half", "")


@dataclass(frozen=True, slots=True)
class House:
    """The house rules a company agreed (docs/rules/preferans.md, "House rules"), each
    named by its option's value; the defaults are the conventions' own tables.

    The sheet reads an option only under the convention it belongs to (``failed`` and
    ``lone_whist`` in Leningrad, ``short_whister`` in Rostov), as the lobby shows it.
    ``stalingrad`` and a checked ten are the state machine's (who answers what); the
    sheet writes a checked ten without whists for tricks.
    """

    failed: str = "single"
    short_whister: str = "half"
    lone_whist: str = "shared"
    duty_split: str = "greedy"
    ten_tricks: str = "whisted"
    stalingrad: bool = False
    allpass_progression: str = "rising"
    allpass_exit: str = "convention"
    allpass_end: str = "any"

    def __post_init__(self) -> None:
        allowed = {
            "failed": ("single", "double"),
            "short_whister": ("half", "full"),
            "lone_whist": ("shared", "whister"),
            "duty_split": ("greedy", "gentleman"),
            "ten_tricks": ("whisted", "checked"),
            "allpass_progression": ("rising", "flat"),
            "allpass_exit": ("convention", *EXITS),
            "allpass_end": ("any", "made"),
        }
        for name, values in allowed.items():
            if getattr(self, name) not in values:
                raise ValueError(f"house rule {name}={getattr(self, name)!r}: one of {values}")

    def failure_factor(self, convention: str) -> int:
        """What a failed contract's and a caught misère's gora is multiplied by."""
        return 2 if convention == "leningrad" and self.failed == "double" else 1

    def responsibility(self, convention: str) -> Fraction:
        """A short whister's gora per trick, as a fraction of the contract's value."""
        if self.failure_factor(convention) == 2:
            return Fraction(1)
        if convention == "rostov" and self.short_whister == "full":
            return Fraction(1)
        return _RESPONSIBILITY[convention]

    def checks(self, level: int) -> bool:
        """Whether a contract of ``level`` is checked: played without whist."""
        return level == 10 and self.ten_tricks == "checked"

    def must_whist(self, contract: str | None) -> bool:
        """Whether both defenders must whist ``contract`` (Stalingrad's six of spades)."""
        return self.stalingrad and contract == "6s"


#: The house rules of the conventions as written (every option at its default).
HOUSE = House()


def whist_duty(level: int) -> int:
    """Tricks the defenders together must take against a contract: 6→4, 7→2, 8/9/10→1."""
    _check_level(level)
    return {6: 4, 7: 2}.get(level, 1)


def half_whist_allowed(level: int) -> bool:
    """Half-whist is offered only at 6 and 7, where half the duty is a whole number of tricks."""
    _check_level(level)
    return level in (6, 7)


def allpass_price(convention: str, round: int, house: House = HOUSE) -> int:
    """What one trick costs on the ``round``-th all-pass in a row (gora; whists in Rostov).

    Sochi 1-2-3, Leningrad 2-4-6, Rostov 5-10-15 whists; the third price holds after.
    A flat progression (house rule) keeps the first price.
    """
    _check_convention(convention)
    if round < 1:
        raise ValueError(f"all-pass round {round}: the first all-pass in a row is round 1")
    return _ALLPASS_BASE[convention] * _multiplier(round, house)


def allpass_pulya(convention: str, round: int, house: House = HOUSE) -> int:
    """What a player who took no trick on the ``round``-th all-pass writes into his pulya.

    Sochi and Leningrad: the price of one trick (1-2-3, 2-4-6); Rostov: one point
    per step of the progression (1-2-3), since its trick price is in whists.
    """
    _check_convention(convention)
    if round < 1:
        raise ValueError(f"all-pass round {round}: the first all-pass in a row is round 1")
    if convention == "rostov":
        return _multiplier(round, house)
    return allpass_price(convention, round, house)


def min_level_after_allpass(convention: str, streak: int, house: House = HOUSE) -> int:
    """The lowest contract one may play in the deal after ``streak`` all-passes in a row.

    Sochi and Rostov 6-7-7, Leningrad 6-7-8, or the house's exit; 6 when there was no
    all-pass.
    """
    _check_convention(convention)
    if streak < 0:
        raise ValueError(f"all-pass streak {streak} is negative")
    if streak == 0:
        return 6
    exits: tuple[int, ...]
    if house.allpass_exit == "convention":
        exits = _EXIT[convention]
    else:
        exits = tuple(int(x) for x in house.allpass_exit.split("-"))
    return exits[min(streak, len(exits)) - 1]


@dataclass(frozen=True, slots=True)
class Sheet:
    """The score sheet: each seat's pulya and gora, and the whists each seat wrote on each other.

    ``whists[i][j]`` are the whists seat ``i`` has written on seat ``j`` (what ``j``
    owes ``i``); the diagonal is 0. A pulya never exceeds the pool (what would go
    past it is written elsewhere, see :func:`write`) and a gora is never negative.
    """

    pulya: tuple[int, ...]
    gora: tuple[int, ...]
    whists: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        n = len(self.pulya)
        if n not in (3, 4) or len(self.gora) != n or len(self.whists) != n:
            raise ValueError(f"a sheet has 3 or 4 seats in every column, not {self}")
        if any(len(row) != n for row in self.whists) or any(self.whists[i][i] for i in range(n)):
            raise ValueError("whists is a square table with an empty diagonal")

    @classmethod
    def empty(cls, players: int) -> Sheet:
        """A fresh sheet for 3 or 4 players."""
        return cls(
            (0,) * players,
            (0,) * players,
            tuple((0,) * players for _ in range(players)),
        )

    @property
    def players(self) -> int:
        return len(self.pulya)

    def to_json(self) -> dict[str, Any]:
        return {
            "pulya": list(self.pulya),
            "gora": list(self.gora),
            "whists": [list(row) for row in self.whists],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Sheet:
        return cls(
            tuple(int(x) for x in data["pulya"]),
            tuple(int(x) for x in data["gora"]),
            tuple(tuple(int(x) for x in row) for row in data["whists"]),
        )


@dataclass(frozen=True, slots=True)
class Entry:
    """One number written on the sheet by a deal."""

    seat: int
    column: str
    amount: int
    on: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "column": self.column, "amount": self.amount}
        if self.on is not None:
            out["on"] = self.on
        return out


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a finished deal gives the sheet (the engine builds it).

    ``kind``: "game" (a suit or no-trump contract), "misere" or "allpass".
    ``players``: 3 or 4 (with 4 the dealer sits out of the deal); ``active``:
    the three seats dealt in, in order of play. ``tricks`` and ``answers`` are
    per seat (a sitting-out dealer: 0 and ""). ``played`` is False when the
    contract was not played out: both defenders passed, or a half-whist stood.
    ``allpass_round``: 1 for the first all-pass in a row, 2 for the second, ...
    """

    kind: str
    players: int
    active: tuple[int, ...]
    declarer: int | None
    level: int
    tricks: tuple[int, ...]
    answers: tuple[str, ...]
    played: bool
    allpass_round: int = 1


def write(
    sheet: Sheet, outcome: Outcome, convention: str, pool: int, house: House = HOUSE
) -> tuple[Sheet, tuple[Entry, ...]]:
    """The sheet after the deal and every number written, in writing order.

    Order: the declarer's pulya or gora (with any pulya overflow), then the
    whists for tricks, the consolation on a failed contract, and last a short
    whister's gora. The input sheet is never changed. ``house``: the house rules.
    """
    _check_convention(convention)
    if pool < 1:
        raise ValueError(f"pool {pool}: a pulya is played to at least 1")
    _check_outcome(sheet, outcome)
    pad = _Pad(sheet, convention, pool)
    if outcome.kind == "allpass":
        _write_allpass(pad, outcome, convention, house)
    elif outcome.kind == "misere":
        _write_misere(pad, outcome, house.failure_factor(convention))
    else:
        _write_game(pad, outcome, convention, house)
    return pad.sheet(), tuple(pad.entries)


def is_closed(sheet: Sheet, pool: int) -> bool:
    """Every seat's pulya has reached ``pool``: the game is over."""
    return all(p >= pool for p in sheet.pulya)


@lru_cache(maxsize=1024)
def settlement(sheet: Sheet, pool: int) -> tuple[float, ...]:
    """Each seat's final balance in whists (positive: he wins); the balances sum to zero.

    An unfinished sheet is settled as if it ended now: each seat's unfilled
    pulya (``pool - pulya``) first goes into his gora. Then the smallest gora
    is amnestied (subtracted from every gora); each remaining gora point is
    worth 10 whists, written on its owner by each other player in equal shares
    (``gora * 10 / players`` each); and the whists are netted pairwise. The
    sums are exact, turned into floats only at the end, so the totals sum to
    zero up to float rounding (far below a hundredth of a whist). Cached: the
    sheet changes once a deal, and front ends and bots ask after every card.
    """
    return tuple(float(x) for x in settlement_exact(sheet, pool))


def settlement_exact(sheet: Sheet, pool: int) -> tuple[Fraction, ...]:
    """:func:`settlement` as exact fractions (they sum to exactly zero).

    Counted in whole numbers scaled by the number of players (a gora point's
    share is ``10 * gora / players``), divided once at the end.
    """
    n = sheet.players
    gora = [g + max(0, pool - p) for g, p in zip(sheet.gora, sheet.pulya, strict=True)]
    low = min(gora)
    share = [(g - low) * WHISTS_PER_POINT for g in gora]  # times n: each other's share
    total_share = sum(share)
    out = []
    for i in range(n):
        net = sum(sheet.whists[i][j] - sheet.whists[j][i] for j in range(n)) * n
        # He receives every other's share once, and pays his own to each of the n - 1 others.
        net += (total_share - share[i]) - (n - 1) * share[i]
        out.append(Fraction(net, n))
    return tuple(out)


# --- writing -------------------------------------------------------------------------------


class _Pad:
    """A mutable copy of the sheet that records each number as it is written."""

    def __init__(self, sheet: Sheet, convention: str, pool: int) -> None:
        self.n = sheet.players
        self.pool = pool
        self.factor = _WHIST_FACTOR[convention]
        self.pulya = list(sheet.pulya)
        self.gora = list(sheet.gora)
        self.whists = [list(row) for row in sheet.whists]
        self.entries: list[Entry] = []

    def sheet(self) -> Sheet:
        return Sheet(tuple(self.pulya), tuple(self.gora), tuple(tuple(r) for r in self.whists))

    def add_gora(self, seat: int, amount: int) -> None:
        if amount:
            self.gora[seat] += amount
            self.entries.append(Entry(seat, "gora", amount))

    def add_whists(self, seat: int, on: int, amount: int) -> None:
        if amount:
            self.whists[seat][on] += amount
            self.entries.append(Entry(seat, "whists", amount, on))

    def add_pulya(self, seat: int, amount: int) -> None:
        """``amount`` into ``seat``'s pulya; what the pool cannot hold overflows.

        The overflow, in this order: it closes the other players' pulyas, in
        seat order from the writer's left, and for each point so given the
        writer writes a pulya point's worth of whists on the player helped
        (10, Leningrad 20); then it writes off his own gora, point for point;
        then, with every pulya closed and his gora empty, it goes into each
        other player's gora (which the amnesty makes the same as a negative
        gora of his own, without one).
        """
        room = max(0, self.pool - self.pulya[seat])
        put = min(room, amount)
        if put:
            self.pulya[seat] += put
            self.entries.append(Entry(seat, "pulya", put))
        excess = amount - put
        for k in range(1, self.n):
            if not excess:
                return
            other = (seat + k) % self.n
            give = min(excess, max(0, self.pool - self.pulya[other]))
            if give:
                self.pulya[other] += give
                self.entries.append(Entry(other, "pulya", give))
                self.add_whists(seat, other, give * WHISTS_PER_POINT * self.factor)
                excess -= give
        off = min(excess, self.gora[seat])
        if off:
            self.gora[seat] -= off
            self.entries.append(Entry(seat, "gora", -off))
            excess -= off
        if excess:
            for k in range(1, self.n):
                self.add_gora((seat + k) % self.n, excess)


def _write_game(pad: _Pad, o: Outcome, convention: str, house: House) -> None:
    assert o.declarer is not None
    d = o.declarer
    value = CONTRACT_VALUE[o.level]
    per_trick = value * pad.factor
    defenders = [s for s in o.active if s != d]
    if not o.played:
        pad.add_pulya(d, value)
        for s in defenders:
            if o.answers[s] == "half":
                pad.add_whists(s, d, per_trick * whist_duty(o.level) // 2)
        return
    missing = max(0, o.level - o.tricks[d])
    if missing:
        pad.add_gora(d, value * missing * house.failure_factor(convention))
    else:
        pad.add_pulya(d, value)
    whisters = [s for s in defenders if o.answers[s] == "whist"]
    side = sum(o.tricks[s] for s in defenders)
    checked = house.checks(o.level)
    # Whists for tricks (none on a checked ten: nobody whisted it).
    if checked:
        pass
    elif convention == "leningrad" and (len(whisters) == 2 or house.lone_whist == "shared"):
        # Gentleman's whist: both defenders share the side's tricks equally, the
        # passer too; doubled whists keep the halves whole (value * side each).
        for s in defenders:
            pad.add_whists(s, d, per_trick * side // 2)
    elif len(whisters) == 2:
        for s in whisters:
            pad.add_whists(s, d, per_trick * o.tricks[s])
    else:
        pad.add_whists(whisters[0], d, per_trick * side)
    # Consolation: every other player, the passer and a sitting-out dealer too.
    if missing:
        for k in range(1, o.players):
            pad.add_whists((d + k) % o.players, d, per_trick * missing)
    # A short whister's gora.
    duty = whist_duty(o.level)
    if side >= duty or checked:
        return
    price = house.responsibility(convention) * value
    split = _short_tricks(whisters, o.tricks, duty, side, house.duty_split == "gentleman")
    for s, short in split.items():
        pad.add_gora(s, math.ceil(price * short))


def _short_tricks(
    whisters: Sequence[int], tricks: Sequence[int], duty: int, side: int, shared: bool = False
) -> dict[int, Fraction]:
    """The tricks each whister answers for when the defenders took fewer than ``duty``.

    A lone whister answers for the side's whole shortfall. Two whisters split a
    duty of 4 or 2 into halves (2 + 2, 1 + 1); one who took more than his half
    covers his partner, so the two never answer for more than the side's
    shortfall. A duty of 1 (at 8, 9, 10) is halved too: each of two whisters answers
    for half the trick (the gora it costs is rounded up to a whole point).
    ``shared`` (the gentleman's split, a house rule): two whisters answer for half the
    side's shortfall each, whoever took the tricks.
    """
    shortfall = duty - side
    if len(whisters) == 1:
        return {whisters[0]: Fraction(shortfall)}
    if shared:
        return {s: Fraction(shortfall, 2) for s in whisters}
    if duty == 1:
        return {s: Fraction(1, 2) for s in whisters}
    half = duty // 2
    own = {s: max(0, half - tricks[s]) for s in whisters}
    if sum(own.values()) > shortfall:  # one of them took more than his half
        return {s: Fraction(shortfall if own[s] else 0) for s in whisters}
    return {s: Fraction(k) for s, k in own.items()}


def _write_misere(pad: _Pad, o: Outcome, factor: int = 1) -> None:
    assert o.declarer is not None
    taken = o.tricks[o.declarer]
    if taken:
        pad.add_gora(o.declarer, MISERE_VALUE * taken * factor)
    else:
        pad.add_pulya(o.declarer, MISERE_VALUE)


def _write_allpass(pad: _Pad, o: Outcome, convention: str, house: House) -> None:
    price = allpass_price(convention, o.allpass_round, house)
    blank = allpass_pulya(convention, o.allpass_round, house)
    if convention == "rostov":
        fewest = min(o.tricks[s] for s in o.active)
        low = [s for s in o.active if o.tricks[s] == fewest]
        for s in low:
            if not fewest:
                pad.add_pulya(s, blank)
            for other in o.active:
                if other not in low:
                    pad.add_whists(s, other, price * o.tricks[other])
        return
    for s in o.active:
        if o.tricks[s]:
            pad.add_gora(s, price * o.tricks[s])
        else:
            pad.add_pulya(s, blank)


# --- checks --------------------------------------------------------------------------------


def _multiplier(round: int, house: House = HOUSE) -> int:
    if house.allpass_progression == "flat":
        return 1
    return _PROGRESSION[min(round, len(_PROGRESSION)) - 1]


def _check_convention(convention: str) -> None:
    if convention not in CONVENTIONS:
        raise ValueError(f"unknown convention {convention!r}: one of {', '.join(CONVENTIONS)}")


def _check_level(level: int) -> None:
    if level not in CONTRACT_VALUE:
        raise ValueError(f"contract level {level}: 6 to 10")


def _check_outcome(sheet: Sheet, o: Outcome) -> None:
    """Refuse an outcome the rules cannot produce, saying what is wrong."""
    n = o.players
    if n != sheet.players:
        raise ValueError(f"outcome for {n} players on a sheet for {sheet.players}")
    if o.kind not in KINDS:
        raise ValueError(f"outcome kind {o.kind!r}: one of {', '.join(KINDS)}")
    if len(o.tricks) != n or len(o.answers) != n:
        raise ValueError("tricks and answers have one item per seat")
    if len(o.active) != 3 or len(set(o.active)) != 3 or not all(0 <= s < n for s in o.active):
        raise ValueError(f"active {o.active}: three different seats")
    out = [s for s in range(n) if s not in o.active]
    if any(o.tricks[s] or o.answers[s] for s in out):
        raise ValueError("a seat sitting out takes no tricks and answers nothing")
    if any(t < 0 for t in o.tricks) or any(a not in ANSWERS for a in o.answers):
        raise ValueError(f"tricks {o.tricks} / answers {o.answers} out of range")
    # An all-pass talon trick nobody followed goes to nobody: fewer than 10 then.
    if o.played and (sum(o.tricks) > 10 or (sum(o.tricks) < 10 and o.kind != "allpass")):
        raise ValueError(f"a deal played out has 10 tricks, not {sum(o.tricks)}")
    if o.kind == "allpass":
        if o.declarer is not None or o.level != 0 or any(o.answers) or not o.played:
            raise ValueError("an all-pass has no declarer, level 0, no answers, and is played")
        if o.allpass_round < 1:
            raise ValueError(f"all-pass round {o.allpass_round}: from 1")
        return
    if o.declarer not in o.active:
        raise ValueError(f"declarer {o.declarer} is not one of the active seats {o.active}")
    if o.kind == "misere":
        if o.level != 10 or any(o.answers) or not o.played:
            raise ValueError("a misère is level 10, played, with no whist answers")
        return
    _check_level(o.level)
    defenders = [s for s in o.active if s != o.declarer]
    answers = sorted(o.answers[s] for s in defenders)
    if o.answers[o.declarer] or "" in answers:
        raise ValueError("each defender answers, the declarer does not")
    if o.played:
        if "whist" not in answers or "half" in answers:
            raise ValueError(f"a contract played out has a whister and no half-whist: {answers}")
    else:
        if answers not in (["pass", "pass"], ["half", "pass"]):
            raise ValueError(f"a contract is not played out only on pass/pass or half: {answers}")
        if "half" in answers and not half_whist_allowed(o.level):
            raise ValueError(f"no half-whist at {o.level}")
