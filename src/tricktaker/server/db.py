"""The tables a server keeps, as SQLAlchemy 2 models, and the schema's migrations.

A table is stored as its record's parts (game, options, seed or deals,
dealer, start) plus one row per applied action, written before the action is
acknowledged: after a crash the table is rebuilt by replaying its actions, so
nothing a player saw acknowledged is ever lost. Seats keep only a hash of
their secret token. The schema is created and upgraded by Alembic
(``server/migrations``), never by ``create_all``, so a PostgreSQL database
given by URL evolves the same way as the default SQLite file.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import (
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    create_engine,
    event,
    text,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker

from tricktaker.server.config import ensure_sqlite_folder

MIGRATIONS = Path(__file__).parent / "migrations"


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[str] = mapped_column(Text)  # JSON
    seed: Mapped[str] = mapped_column(String(200))
    dealer: Mapped[int] = mapped_column(Integer, default=0)
    start: Mapped[str] = mapped_column(Text, default="{}")  # JSON
    deals: Mapped[str] = mapped_column(Text, default="[]")  # JSON: deals a record fixed
    names: Mapped[str] = mapped_column(Text, default="[]")  # JSON
    finished: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    #: Actions applied: the next action is written only by the writer that saw this
    #: number (compare-and-set), so two server processes never both write a table.
    version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    #: When anything last happened at the table: idle tables expire.
    touched_at: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True, default=now
    )
    #: Where its deals come from: "server" (a seed the server committed to) or "record".
    origin: Mapped[str] = mapped_column(String(8), default="server", server_default="server")
    #: JSON: the table's settings (turn clock, stand-in level, host seat).
    settings: Mapped[str] = mapped_column(Text, default="{}", server_default="{}")

    __table_args__ = (Index("ix_tables_touched", "finished", "touched_at"),)


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # "human" or "bot"
    level: Mapped[str | None] = mapped_column(String(32), nullable=True)
    token_hash: Mapped[str] = mapped_column(String(64))
    #: The name the seat's person chose (None: the table's default name).
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)


class ActionRow(Base):
    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    text: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets its folder, WAL and a wait on a busy file."""
    ensure_sqlite_folder(url)
    # A server's connection may drop (pinged before use); a file's cannot (no round trip
    # spent on it before every move).
    engine = create_engine(url, future=True, pool_pre_ping=not url.startswith("sqlite"))
    if engine.dialect.name == "sqlite":

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(conn: object, _record: object) -> None:
            cursor = conn.cursor()  # type: ignore[attr-defined]
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=5000")
            cursor.close()

    return engine


#: The PostgreSQL advisory lock that processes starting together take in turn to migrate.
MIGRATION_LOCK = 0x7472_6963_6B74  # "trickt"


def migrate(engine: Engine) -> None:
    """Bring the schema up to the newest migration (Alembic ``upgrade head``).

    On PostgreSQL, processes started together (``serve --workers``) on a fresh
    database would each create the tables, and all but one fail to start: each takes
    a transaction-level advisory lock first, so one migrates and the others then find
    the schema up to date. (SQLite serves one process only.)"""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def sessions(engine: Engine) -> sessionmaker:  # type: ignore[type-arg]
    return sessionmaker(engine, expire_on_commit=False)
