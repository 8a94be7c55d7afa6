"""Hand files read by the task queue's workers: the parse jobs of the Replayer and the live class.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01

Why (issue 23, item 4): an uploaded or pasted hand file is untrusted, and reading it (a room's
parsers, the PHH reader, a strict replay of every hand) is CPU the Streamlit process must not
spend in a learner's script thread. The page puts the raw file in a job of the same huey queue as
the session reviews; the worker writes here what it read (the hands as normalized PHH, the room's
report, or the refusal with its rule), so the page shows it, after a reload too, from any app
process. ``purpose`` is ``replayer`` or ``live`` (the teacher's «Una mano PHH»); ``status`` is
queued, running, done (``result`` holds the hands or the refusal) or failed (a worker's bug or a
job that stayed pending too long).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "parse_jobs",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id", name="fk_parse_jobs_profile"),
                  nullable=False),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created", sa.DateTime, nullable=False),
        sa.Column("result", sa.Text, nullable=True),
        sqlite_autoincrement=True,  # a new job never takes the id of the one it replaced: the page's «seen»
    )
    op.create_index("ix_parse_jobs_profile", "parse_jobs", ["profile_id", "purpose", "id"])


def downgrade() -> None:
    op.drop_index("ix_parse_jobs_profile", table_name="parse_jobs")
    op.drop_table("parse_jobs")
