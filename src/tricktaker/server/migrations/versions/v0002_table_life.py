"""The table's life: its version (one writer), its last use, where its deals came from,
its settings (turn clock, stand-in level, host), and each seat's chosen name.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        # The number of actions applied: a writer appends action ``version`` only if the
        # row still says ``version`` (compare-and-set), so two processes never both write.
        batch.add_column(sa.Column("version", sa.Integer(), nullable=False, server_default="0"))
        # When anything last happened at the table (idle tables expire).
        batch.add_column(sa.Column("touched_at", sa.DateTime(timezone=True), nullable=True))
        # "server" (fresh deals from a committed server seed) or "record" (an upload).
        batch.add_column(sa.Column("origin", sa.String(8), nullable=False, server_default="server"))
        # JSON: the table's own settings (turn clock, stand-in level, host seat).
        batch.add_column(sa.Column("settings", sa.Text(), nullable=False, server_default="{}"))
    with op.batch_alter_table("seats") as batch:
        # The name a person chose for his seat (None: the table's default name).
        batch.add_column(sa.Column("name", sa.String(40), nullable=True))
    op.create_index("ix_tables_touched", "tables", ["finished", "touched_at"])


def downgrade() -> None:
    op.drop_index("ix_tables_touched", "tables")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("name")
    with op.batch_alter_table("tables") as batch:
        for name in ("settings", "origin", "touched_at", "version"):
            batch.drop_column(name)
