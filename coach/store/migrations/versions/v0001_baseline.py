"""Baseline: the schema of the releases before versions existed.

Revision ID: 0001
Revises:
Create Date: 2026-12-01

It creates only what is missing, so the same revision makes a new database and
brings an unversioned one up to this baseline: a database from today's
release already has everything (nothing is touched, the version is stamped),
one from an older release lacks the bookmark columns of ``profiles`` (they are
added). Constraints keep the names each database chose itself, as the old
code let it.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    bind = op.get_bind()
    tables = set(sa.inspect(bind).get_table_names())
    if "profiles" not in tables:
        op.create_table(
            "profiles",
            sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("name", sa.String(60), nullable=False),
            sa.Column("created_at", sa.DateTime, nullable=False),
            sa.Column("preferences", sa.Text, nullable=False),
            sa.Column("last_lesson", sa.String(120), nullable=True),
            sa.Column("last_hand", sa.Integer, nullable=True),
            sa.Column("last_step", sa.Integer, nullable=True),
            sa.UniqueConstraint("name"),
        )
    else:
        columns = {c["name"] for c in sa.inspect(bind).get_columns("profiles")}
        for name, kind in (("last_lesson", sa.String(120)), ("last_hand", sa.Integer()),
                           ("last_step", sa.Integer())):
            if name not in columns:
                op.add_column("profiles", sa.Column(name, kind, nullable=True))
    if "completed_lessons" not in tables:
        op.create_table(
            "completed_lessons",
            sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), nullable=False),
            sa.Column("lesson_id", sa.String(120), nullable=False),
            sa.Column("completed_at", sa.DateTime, nullable=False),
            sa.UniqueConstraint("profile_id", "lesson_id"),
        )
        op.create_index("ix_completed_lessons_profile_id", "completed_lessons", ["profile_id"])
    if "quiz_answers" not in tables:
        op.create_table(
            "quiz_answers",
            sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), nullable=False),
            sa.Column("topic", sa.String(120), nullable=False),
            sa.Column("question_id", sa.String(200), nullable=False),
            sa.Column("correct", sa.Boolean, nullable=False),
            sa.Column("answered_at", sa.DateTime, nullable=False),
        )
        op.create_index("ix_quiz_answers_profile_id", "quiz_answers", ["profile_id"])
    if "decision_grades" not in tables:
        op.create_table(
            "decision_grades",
            sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), nullable=False),
            sa.Column("source", sa.String(40), nullable=False),
            sa.Column("ref", sa.String(200), nullable=False),
            sa.Column("action", sa.String(60), nullable=False),
            sa.Column("grade", sa.String(40), nullable=False),
            sa.Column("ev_loss_bb", sa.Float, nullable=True),
            sa.Column("decided_at", sa.DateTime, nullable=False),
        )
        op.create_index("ix_decision_grades_profile_id", "decision_grades", ["profile_id"])


def downgrade() -> None:
    raise NotImplementedError("the baseline is not undone: restore the backup taken before upgrading")
