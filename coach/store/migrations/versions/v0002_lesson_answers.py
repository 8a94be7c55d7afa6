"""Answers inside a lesson, and decisions read by time.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01

Why: on a class server a learner's next click may reach another app process (a
refresh, a process restarted behind the proxy); the answers given at a lesson's
decision points and questions must come back from the database, not from the
process that is gone. ``lesson_answers`` keeps the last answer per key
(upserted); the index serves «Progressi», which reads a profile's decisions
in time order.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "lesson_answers",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), nullable=False),
        sa.Column("answer_key", sa.String(200), nullable=False),
        sa.Column("answer", sa.String(60), nullable=False),
        sa.Column("correct", sa.Boolean, nullable=True),
        sa.Column("answered_at", sa.DateTime, nullable=False),
        sa.UniqueConstraint("profile_id", "answer_key", name="uq_lesson_answers_profile_key"),
    )
    op.create_index("ix_decision_grades_profile_time", "decision_grades", ["profile_id", "decided_at"])


def downgrade() -> None:
    op.drop_index("ix_decision_grades_profile_time", table_name="decision_grades")
    op.drop_table("lesson_answers")
