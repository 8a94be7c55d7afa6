"""The live class: classes, pupils, questions (votes) and answers.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01

Why: a teacher's class is shared by every app process of a class server, so the
class (join code, expiry), its pupils (a display name unique in the class, the
phone's token), the votes the teacher opens and each pupil's one answer per
vote live in the database (coach/live.py, docs/CLASSE.md).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "live_classes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("code", sa.String(6), nullable=False),
        sa.Column("teacher", sa.String(60), nullable=False),
        sa.Column("title", sa.String(80), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("expires_at", sa.DateTime, nullable=False),
        sa.Column("closed_at", sa.DateTime, nullable=True),
        sa.UniqueConstraint("code", name="uq_live_classes_code"),
    )
    op.create_index("ix_live_classes_teacher", "live_classes", ["teacher", "created_at"])
    op.create_table(
        "live_pupils",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("live_classes.id"), nullable=False),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("name_key", sa.String(48), nullable=False),
        sa.Column("token", sa.String(32), nullable=False),
        sa.Column("profile", sa.String(60), nullable=True),
        sa.Column("joined_at", sa.DateTime, nullable=False),
        sa.UniqueConstraint("class_id", "name_key", name="uq_live_pupils_class_name"),
        sa.UniqueConstraint("token", name="uq_live_pupils_token"),
    )
    op.create_table(
        "live_questions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("live_classes.id"), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("spot", sa.String(200), nullable=False),
        sa.Column("opened_at", sa.DateTime, nullable=False),
        sa.Column("closes_at", sa.DateTime, nullable=True),
        sa.Column("closed_at", sa.DateTime, nullable=True),
        sa.UniqueConstraint("class_id", "number", name="uq_live_questions_class_number"),
    )
    op.create_table(
        "live_answers",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("question_id", sa.Integer, sa.ForeignKey("live_questions.id"), nullable=False),
        sa.Column("pupil_id", sa.Integer, sa.ForeignKey("live_pupils.id"), nullable=False),
        sa.Column("answer", sa.String(60), nullable=False),
        sa.Column("grade", sa.String(40), nullable=True),
        sa.Column("ev_loss_bb", sa.Float, nullable=True),
        sa.Column("answered_at", sa.DateTime, nullable=False),
        sa.UniqueConstraint("question_id", "pupil_id", name="uq_live_answers_question_pupil"),
    )


def downgrade() -> None:
    op.drop_table("live_answers")
    op.drop_table("live_questions")
    op.drop_table("live_pupils")
    op.drop_index("ix_live_classes_teacher", table_name="live_classes")
    op.drop_table("live_classes")
