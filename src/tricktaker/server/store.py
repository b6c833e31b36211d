"""The tables on disk: created once, an action row appended per applied action.

Synchronous SQLAlchemy calls, run by the app in worker threads (``asyncio.to_thread``),
so a slow disk never blocks the event loop. ``append`` commits before it
returns: the app acknowledges an action only after that, which is what lets a
killed server come back with every table exactly where it was.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from tricktaker.server.db import ActionRow, SeatRow, TableRow, make_engine, migrate, sessions

#: The parts of a stored table kept as JSON text, each under its own name in both.
JSON_COLUMNS = ("options", "seed", "start", "deals", "names")


class StoreError(RuntimeError):
    """The database refused a write (a second writer took the same action slot)."""


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
    #: The table's own settings (``server.life``: turn clock, stand-in level, host...).
    settings: dict[str, Any] = field(default_factory=dict)
    #: The names seats' people chose themselves (``seats.name``), already in ``names``.
    chosen_names: dict[int, str] = field(default_factory=dict)


class Store:
    def __init__(self, url: str) -> None:
        self.engine = make_engine(url)
        migrate(self.engine)
        self._sessions = sessions(self.engine)

    def close(self) -> None:
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
        with self._sessions() as db:
            row = db.get(TableRow, table_id)
            if row is None:
                return None
            seats = db.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            ).all()
            actions = db.scalars(
                select(ActionRow.text).where(ActionRow.table_id == table_id).order_by(ActionRow.idx)
            ).all()
            stored = StoredTable(
                id=row.id,
                game=row.game,
                dealer=row.dealer,
                seats=[SeatSpec(s.kind, s.level, s.token_hash) for s in seats],
                actions=list(actions),
                finished=row.finished,
                settings=_settings(row.settings),
                chosen_names={s.seat: s.name for s in seats if s.name},
                **{name: json.loads(getattr(row, name)) for name in JSON_COLUMNS},
            )
            for seat, name in stored.chosen_names.items():
                if seat < len(stored.names):
                    stored.names[seat] = name
            return stored

    def append(self, table_id: str, idx: int, text: str, finished: bool) -> None:
        """Write action ``idx`` of the table, committed before returning."""
        try:
            with self._sessions.begin() as db:
                db.add(ActionRow(table_id=table_id, idx=idx, text=text))
                if finished:
                    row = db.get(TableRow, table_id)
                    if row is not None:
                        row.finished = True
        except IntegrityError as exc:
            raise StoreError(f"action {idx} of table {table_id} is already written") from exc
        except SQLAlchemyError as exc:  # the disk is full, the database is gone...
            raise StoreError(f"action {idx} of table {table_id} cannot be written") from exc

    def unfinished(self) -> list[str]:
        """Ids of tables whose match is not over (their bots resume at start-up)."""
        with self._sessions() as db:
            return list(db.scalars(select(TableRow.id).where(TableRow.finished.is_(False))).all())

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
