"""The tables on disk: created once, an action row appended per applied action.

Synchronous SQLAlchemy calls, run by the app in worker threads (``asyncio.to_thread``),
so a slow disk never blocks the event loop. ``append`` commits before it
returns: the app acknowledges an action only after that, which is what lets a
killed server come back with every table exactly where it was.

**One writer per table, by the database.** Several server processes may hold the
same table live. ``append`` writes action ``n`` only if the table's row still
says ``version = n`` (``UPDATE ... WHERE version = n``, a compare-and-set), in
one short transaction that also inserts the action's row: the row lock lasts
that one statement's transaction, so two writers never wait on each other in a
cycle (no deadlock), and the one who comes second is told ``StaleTable``
and writes nothing (no lost move, no move twice). It then reads the actions it
missed (``actions_since``) and decides again. The statements are SQLAlchemy
Core in one ``engine.begin()``: an ORM session per move costs more than the
write. The moves of all tables waiting at one moment share one transaction and
one sync to disk (``server.group_commit``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Boolean, DateTime, bindparam, delete, func, select, update
from sqlalchemy import text as sql
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from tricktaker.server.db import (
    ActionRow,
    SeatRow,
    TableRow,
    make_engine,
    migrate,
    now,
    sessions,
)
from tricktaker.server.group_commit import GroupCommit, Pending

#: The version of a table removed for idleness: no writer expects it (versions count
#: actions from 0), so every later append is refused, and a load says it expired.
EXPIRED = -1

#: Parameters each database's driver takes in its own form (SQLite: text for a time).
TYPED = (bindparam("at", type_=DateTime(timezone=True)), bindparam("done", type_=Boolean))
#: The compare-and-set of ``Store.append``, written out once (a statement built per move
#: costs more than its execution): the version moves on only from the one expected...
BUMP = sql(
    "UPDATE tables SET version = :next, touched_at = :at, finished = :done"
    " WHERE id = :id AND version = :v"
).bindparams(*TYPED)
#: ...and the action's row is written in the same transaction.
WRITE = sql(
    "INSERT INTO actions (table_id, idx, text, created_at) VALUES (:id, :v, :text, :at)"
).bindparams(TYPED[0])
#: Both in one statement, where the database takes an UPDATE in a WITH (PostgreSQL).
BUMP_AND_WRITE = sql(
    "WITH bumped AS (UPDATE tables SET version = :next, touched_at = :at, finished = :done"
    " WHERE id = :id AND version = :v RETURNING id)"
    " INSERT INTO actions (table_id, idx, text, created_at)"
    " SELECT id, :v, :text, :at FROM bumped"
).bindparams(*TYPED)

#: The parts of a stored table kept as JSON text, each under its own name in both.
JSON_COLUMNS = ("options", "seed", "start", "deals", "names")


class StoreError(RuntimeError):
    """The database refused a write (a second writer took the same action slot)."""


class StaleTable(StoreError):
    """Another writer appended first: the table's version is no longer the one expected.

    Nothing was written; the writer reads the actions it missed and decides again."""

    def __init__(self, table_id: str, expected: int) -> None:
        super().__init__(f"table {table_id} moved on past version {expected}")
        self.table_id = table_id
        self.expected = expected


class TableExpired(StoreError):
    """The table was removed after being idle too long (its link says so)."""

    def __init__(self, table_id: str) -> None:
        super().__init__(f"table {table_id} expired")
        self.table_id = table_id


@dataclass(frozen=True, slots=True)
class Unfinished:
    """An unfinished table with a computer seat, as the upkeep sees it: whether its
    bots must be woken is known only once it is loaded."""

    id: str
    version: int


@dataclass(slots=True)
class SeatHashes:
    """A stored table's seats as a token is checked against them: kind and token hash
    per seat, in order, and when the table was made (``Store.seat_hashes``)."""

    created_at: datetime | None = None
    #: The number of its actions (what a summary of it was made from).
    version: int = 0
    seats: list[tuple[str, str]] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """Who sits at a seat: a person (``level`` None) or a bot of ``level``."""

    kind: str
    level: str | None
    token_hash: str


@dataclass(slots=True)
class StoredTable:
    """A table as stored: the record's parts, its seats and the actions applied so far."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int | str
    dealer: int
    start: dict[str, Any]
    deals: list[Any]
    names: list[str]
    seats: list[SeatSpec]
    actions: list[str] = field(default_factory=list)
    finished: bool = False
    #: Where its deals come from: "server" (a seed the server made and committed to) or
    #: "record" (an uploaded record, whose uploader may know every card to come).
    origin: str = "server"
    #: The table's own settings (``server.life``: turn clock, stand-in level, host...).
    settings: dict[str, Any] = field(default_factory=dict)
    #: The names seats' people chose themselves (``seats.name``), already in ``names``.
    chosen_names: dict[int, str] = field(default_factory=dict)


class Store:
    def __init__(self, url: str) -> None:
        self.engine = make_engine(url)
        migrate(self.engine)
        self._sessions = sessions(self.engine)
        self._one_statement = self.engine.dialect.name == "postgresql"
        self._writer = GroupCommit(self._write_batch, self._write_alone)

    def close(self) -> None:
        self._writer.close()
        self.engine.dispose()

    def create(self, table: StoredTable) -> None:
        """Store a new table with its seats and any actions it starts with (an uploaded record)."""
        with self._sessions.begin() as db:
            db.add(
                TableRow(
                    id=table.id,
                    game=table.game,
                    dealer=table.dealer,
                    finished=table.finished,
                    origin=table.origin,
                    version=len(table.actions),
                    touched_at=now(),
                    settings=json.dumps(table.settings),
                    **{name: json.dumps(getattr(table, name)) for name in JSON_COLUMNS},
                )
            )
            db.flush()
            for seat, spec in enumerate(table.seats):
                db.add(
                    SeatRow(
                        table_id=table.id,
                        seat=seat,
                        kind=spec.kind,
                        level=spec.level,
                        token_hash=spec.token_hash,
                    )
                )
            for idx, text in enumerate(table.actions):
                db.add(ActionRow(table_id=table.id, idx=idx, text=text))

    def load(self, table_id: str) -> StoredTable | None:
        """The table (None: no such table; ``TableExpired``: removed for idleness). Its
        version is the number of its actions: each action's row is written with its
        version, so the actions read are always whole."""
        with self._sessions() as db:
            row = db.get(TableRow, table_id)
            if row is None:
                return None
            if row.version == EXPIRED:
                raise TableExpired(table_id)
            seats = db.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            ).all()
            actions = db.scalars(
                select(ActionRow.text).where(ActionRow.table_id == table_id).order_by(ActionRow.idx)
            ).all()
            if row.version < len(actions):
                self._count_versions(table_id, row.version, len(actions))
            stored = StoredTable(
                id=row.id,
                game=row.game,
                dealer=row.dealer,
                seats=[SeatSpec(s.kind, s.level, s.token_hash) for s in seats],
                actions=list(actions),
                finished=row.finished,
                origin=row.origin,
                settings=_settings(row.settings),
                chosen_names={s.seat: s.name for s in seats if s.name},
                **{name: json.loads(getattr(row, name)) for name in JSON_COLUMNS},
            )
            for seat, name in stored.chosen_names.items():
                if seat < len(stored.names):
                    stored.names[seat] = name
            return stored

    def _count_versions(self, table_id: str, old: int, actions: int) -> None:
        """A table stored before versions were counted (migration 0002 added them at 0)
        gets the number of its actions, if no writer changed it meanwhile."""
        with self.engine.begin() as conn:
            conn.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.version == old)
                .values(version=actions)
            )

    def append(self, table_id: str, expected_version: int, text: str, finished: bool) -> None:
        """Write ``text`` as action number ``expected_version``, committed before returning,
        if the table is still at that version; else ``StaleTable`` and nothing written
        (``TableExpired`` if the table is gone, ``StoreError`` if the database fails)."""
        self.submit(table_id, expected_version, text, finished).result()

    def submit(
        self, table_id: str, expected_version: int, text: str, finished: bool
    ) -> Future[None]:
        """``append`` without waiting: the future is settled once the action is committed,
        or with what ``append`` would raise. The moves of every table are written by one
        thread, those waiting together in one transaction (``server.group_commit``): one
        sync to disk for them all."""
        return self._writer.submit(
            {
                "id": table_id,
                "v": expected_version,
                "next": expected_version + 1,
                "text": text,
                "at": now(),
                "done": finished,
            }
        )

    def _write_batch(self, batch: Sequence[Pending]) -> None:
        """Every move of ``batch`` in one transaction: each written, or told why not
        (stale, expired) in its ``error``; raising if the transaction fails as a whole.

        A handful of statements for the whole batch, not two per move: the versions
        read at once (locked, on PostgreSQL, in the batch's order of ids), checked
        here, then the bumps and the rows each written in one ``executemany``. Every
        statement hands the interpreter's lock to the writer thread and back, and while
        the event loop is busy each hand-over waited up to a switch interval (5 ms):
        statement by statement, a batch of 30 moves waited longer than its commit."""
        ids = sorted({str(pending.values["id"]) for pending in batch})
        with self.engine.begin() as conn:
            found = conn.execute(
                select(TableRow.id, TableRow.version)
                .where(TableRow.id.in_(ids))
                .order_by(TableRow.id)
                .with_for_update()
            ).all()
            versions: dict[str, int] = {row.id: row.version for row in found}
            good: list[dict[str, Any]] = []
            for pending in batch:  # in order of id and version: a table's moves in turn
                values = pending.values
                version = versions.get(values["id"])
                if version is None or version == EXPIRED:
                    pending.error = TableExpired(values["id"])
                elif version != values["v"]:
                    pending.error = StaleTable(values["id"], values["v"])
                else:
                    pending.error = None
                    versions[values["id"]] = values["next"]
                    good.append(values)
            if not good:
                return
            # The last move of each table sets its row; each move's own row is written.
            last = {values["id"]: values for values in good}
            bumps = [
                {**values, "v": versions_before}
                for values, versions_before in self._firsts(good, last)
            ]
            bumped = conn.execute(BUMP, bumps).rowcount
            if conn.dialect.supports_sane_multi_rowcount and bumped != len(bumps):
                raise StoreError("a table moved on inside the batch's transaction")
            conn.execute(WRITE, good)

    @staticmethod
    def _firsts(
        good: Sequence[dict[str, Any]], last: dict[str, dict[str, Any]]
    ) -> list[tuple[dict[str, Any], int]]:
        """Per table, its last move's values with the version its first move expected:
        one bump per table, from where the table stood to where the batch leaves it."""
        first: dict[str, int] = {}
        for values in good:
            first.setdefault(values["id"], values["v"])
        return [(values, first[table_id]) for table_id, values in last.items()]

    def _write_alone(self, values: dict[str, Any]) -> None:
        """One move in a transaction of its own, raising what its caller should."""
        try:
            with self.engine.begin() as conn:
                error = self._write_in(conn, values)
                if error is not None:
                    raise error
        except IntegrityError as exc:  # a row written outside the versions: still stale
            raise StaleTable(values["id"], values["v"]) from exc
        except SQLAlchemyError as exc:  # the disk is full, the database is gone...
            raise StoreError(
                f"action {values['v']} of table {values['id']} cannot be written"
            ) from exc

    def _write_in(self, conn: Any, values: dict[str, Any]) -> StoreError | None:
        """The compare-and-set and the action's row, in ``conn``'s transaction; None if
        written, else why not (nothing written)."""
        if self._one_statement:  # PostgreSQL: one round trip
            if conn.execute(BUMP_AND_WRITE, values).rowcount != 1:
                return self._why_not(conn, values["id"], values["v"])
            return None
        if conn.execute(BUMP, values).rowcount != 1:
            return self._why_not(conn, values["id"], values["v"])
        conn.execute(WRITE, values)
        return None

    @staticmethod
    def _why_not(conn: Any, table_id: str, expected: int) -> StoreError:
        version = conn.scalar(select(TableRow.version).where(TableRow.id == table_id))
        if version is None or version == EXPIRED:
            return TableExpired(table_id)
        return StaleTable(table_id, expected)

    def actions_since(self, table_id: str, since: int) -> tuple[list[str], bool]:
        """The table's actions from number ``since`` on, and whether its match is over:
        what a process that holds the table live missed (``TableExpired`` if it is gone)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(TableRow.finished, TableRow.version).where(TableRow.id == table_id)
            ).one_or_none()
            if row is None or row.version == EXPIRED:
                raise TableExpired(table_id)
            texts = conn.scalars(
                select(ActionRow.text)
                .where(ActionRow.table_id == table_id, ActionRow.idx >= since)
                .order_by(ActionRow.idx)
            ).all()
            return list(texts), bool(row.finished)

    def version(self, table_id: str) -> int | None:
        """The number of actions the table holds (None: no such table, or expired)."""
        try:
            with self.engine.connect() as conn:
                return conn.scalar(
                    select(TableRow.version).where(TableRow.id == table_id, TableRow.version >= 0)
                )
        except SQLAlchemyError as exc:
            raise StoreError(f"the version of table {table_id} cannot be read") from exc

    def touch(self, table_id: str) -> None:
        """Someone opened the table: it is not idle, whoever moves next."""
        with self.engine.begin() as conn:
            conn.execute(update(TableRow).where(TableRow.id == table_id).values(touched_at=now()))

    def expire(self, idle: timedelta, limit: int = 100) -> list[str]:
        """Remove up to ``limit`` unfinished tables untouched for ``idle``: their seats
        and actions go, the row stays with version ``EXPIRED`` (its link says so). The
        ids removed. A table written or opened meanwhile is not among them: the update
        asks again whether it is idle, and an append in flight holds its row."""
        idle_since = func.coalesce(TableRow.touched_at, TableRow.created_at) < now() - idle
        with self.engine.begin() as conn:
            ids = list(
                conn.scalars(
                    select(TableRow.id)
                    .where(TableRow.finished.is_(False), TableRow.version >= 0, idle_since)
                    .limit(limit)
                ).all()
            )
            if not ids:
                return []
            # The same condition again: a table touched meanwhile stays.
            conn.execute(
                update(TableRow)
                .where(TableRow.id.in_(ids), TableRow.finished.is_(False), idle_since)
                .values(version=EXPIRED, finished=True, touched_at=now())
            )
            gone = list(
                conn.scalars(
                    select(TableRow.id).where(TableRow.id.in_(ids), TableRow.version == EXPIRED)
                ).all()
            )
            conn.execute(delete(ActionRow).where(ActionRow.table_id.in_(gone)))
            conn.execute(delete(SeatRow).where(SeatRow.table_id.in_(gone)))
            return gone

    def with_computers(self, after: str = "", limit: int = 50) -> list[Unfinished]:
        """Unfinished tables with a computer seat, by id after ``after``: the upkeep
        loads them in small batches after start-up, so their bots play on."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(TableRow.id, TableRow.version)
                .where(
                    TableRow.finished.is_(False),
                    TableRow.id > after,
                    TableRow.id.in_(select(SeatRow.table_id).where(SeatRow.kind == "bot")),
                )
                .order_by(TableRow.id)
                .limit(limit)
            ).all()
            return [Unfinished(r.id, r.version) for r in rows]

    def unfinished(self) -> list[str]:
        """Ids of tables whose match is not over (their bots resume at start-up)."""
        with self._sessions() as db:
            return list(db.scalars(select(TableRow.id).where(TableRow.finished.is_(False))).all())

    def seat_hashes(self, table_ids: Sequence[str]) -> dict[str, SeatHashes]:
        """Per table among ``table_ids`` that is stored (expired ones left out), its seats'
        kinds and token hashes, when it was made and its version: one query for a browser's list of
        tables (``routes.mine``), which loads only those whose token matches a seat."""
        if not table_ids:
            return {}
        with self.engine.connect() as conn:
            tables = conn.execute(
                select(TableRow.id, TableRow.created_at, TableRow.version).where(
                    TableRow.id.in_(list(table_ids)), TableRow.version >= 0
                )
            ).all()
            found = {r.id: SeatHashes(r.created_at, r.version) for r in tables}
            seats = conn.execute(
                select(SeatRow.table_id, SeatRow.kind, SeatRow.token_hash)
                .where(SeatRow.table_id.in_(list(found)))
                .order_by(SeatRow.table_id, SeatRow.seat)
            ).all()
            for r in seats:
                found[r.table_id].seats.append((r.kind, r.token_hash))
            return found

    def count_actions(self, table_id: str) -> int:
        with self._sessions() as db:
            found = db.scalar(
                select(func.count()).select_from(ActionRow).where(ActionRow.table_id == table_id)
            )
            return int(found or 0)

    def save_settings(self, table_id: str, settings: dict[str, Any]) -> None:
        """Replace the table's settings (``server.life``), committed before returning."""
        with self._sessions.begin() as db:
            row = db.get(TableRow, table_id)
            if row is not None:
                row.settings = json.dumps(settings)

    def save_name(self, table_id: str, seat: int, name: str) -> None:
        """The name a seat's person chose, committed before returning."""
        with self._sessions.begin() as db:
            row = db.get(SeatRow, (table_id, seat))
            if row is not None:
                row.name = name


def _settings(text: str | None) -> dict[str, Any]:
    """A table's settings read back: an object, else none (an old or damaged row)."""
    try:
        found = json.loads(text or "{}")
    except ValueError:
        return {}
    return found if isinstance(found, dict) else {}
