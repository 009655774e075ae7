"""The friend tables: a table, its two seats, its append-only log of actions.

A frozen copy of ``tutorial/web/friend/store.py``'s table definitions as they are at this
revision, on purpose: a revision is history, and one that imported the store's current
``metadata`` would, once a later revision adds a column, make that column here too (and the
later revision would fail on a database made at this one). The copy cannot drift:
``tests/web/friend/test_store.py`` checks that the revisions, run in order, make exactly the
store's tables (Alembic's ``compare_metadata``).

Revision ID: 0001
Revises:
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "friend_table",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("deck_secret", sa.String(64), nullable=False),
        sa.Column("address", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("last_activity", sa.Float, nullable=False),
        sa.Column("finished_at", sa.Float),
        sa.Column("closed_at", sa.Float),
    )
    op.create_index("friend_table_activity", "friend_table", ["last_activity"])
    op.create_index("friend_table_address", "friend_table", ["address"])
    op.create_table(
        "friend_seat",
        sa.Column(
            "table_id", sa.String(24), sa.ForeignKey("friend_table.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(160), nullable=False),
        sa.Column("token_hash", sa.String(64)),
        sa.Column("claimed_at", sa.Float),
    )
    op.create_table(
        "friend_action",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "table_id", sa.String(24), sa.ForeignKey("friend_table.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("token", sa.String(24), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.UniqueConstraint("table_id", "position", name="friend_action_position"),
    )


def downgrade() -> None:
    op.drop_table("friend_action")
    op.drop_table("friend_seat")
    op.drop_index("friend_table_address", "friend_table")
    op.drop_index("friend_table_activity", "friend_table")
    op.drop_table("friend_table")
