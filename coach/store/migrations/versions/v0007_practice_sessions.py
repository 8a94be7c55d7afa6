"""The practice table in progress, per profile.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-04

Why (issue 22): a reload of «Pratica» lost the hand in progress and the session's chart, since
both lived only in the browser's Streamlit session. ``practice_sessions`` keeps one row per
profile: the table as JSON (its settings and seed, the actions of every hand so far, the
session's grades; coach/learning/practice.py), enough for the engine to rebuild the hand
exactly. Only a new table: no existing row changes.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "practice_sessions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), nullable=False),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
        sa.UniqueConstraint("profile_id", name="uq_practice_sessions_profile"),
    )


def downgrade() -> None:
    op.drop_table("practice_sessions")
