"""Versions counted, tables touched, and tables that expired.

Migration 0002 added ``tables.version`` at 0 and ``touched_at`` empty, but a
table stored before it may hold actions already: its version must be the
number of its actions, or its next writer would be refused forever (the
compare-and-set of ``Store.append``), and its last use is its last action.
``expired_at`` marks a table removed for idleness: its seats and actions go,
the row stays, so its link can say the table expired rather than that there
never was one.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("expired_at", sa.DateTime(timezone=True), nullable=True))
    op.execute(
        "UPDATE tables SET version ="
        " (SELECT COUNT(*) FROM actions WHERE actions.table_id = tables.id)"
    )
    op.execute(
        "UPDATE tables SET touched_at = COALESCE("
        "(SELECT MAX(actions.created_at) FROM actions WHERE actions.table_id = tables.id),"
        " tables.created_at) WHERE touched_at IS NULL"
    )


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("expired_at")
