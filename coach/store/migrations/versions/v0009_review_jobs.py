"""Session reviews: the jobs the task queue's workers run, their progress and their results.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01

Why (issue 23, «Analizza la tua sessione»): a review of hundreds of hands runs in a worker of
the task queue (huey, docs/DEPLOY.md), never in a page's thread. The page must show how far the
job is, let the learner cancel it, find it again after a reload or on another app process, and
keep its results: so the job's state lives here, in a table of ours, not only in the queue.
``status`` is queued, running, done, cancelled or failed; ``done``/``total`` count hands;
``result`` is the review as JSON (coach.review.summary.to_json), or the reason of a failure.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "review_jobs",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id", name="fk_review_jobs_profile"),
                  nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("done", sa.Integer, nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("created", sa.DateTime, nullable=False),
        sa.Column("result", sa.Text, nullable=True),
    )
    op.create_index("ix_review_jobs_profile", "review_jobs", ["profile_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_review_jobs_profile", table_name="review_jobs")
    op.drop_table("review_jobs")
