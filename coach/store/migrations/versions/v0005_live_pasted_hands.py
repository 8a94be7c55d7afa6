"""The live class: a vote on a hand the teacher pasted keeps the hand history.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02

Why: a teacher can put to the class a decision in any PHH hand (pasted or
uploaded), not only a lesson's; every app process must show and grade that
question, so its hand history is stored with it (``live_questions.hand``, NULL
for a lesson's decision point or question). Existing rows keep NULL.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("live_questions") as batch:
        batch.add_column(sa.Column("hand", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("live_questions") as batch:
        batch.drop_column("hand")
