"""«Crea una mano»: the half-built hand kept in the profile across a reload.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-07

Why (issue 31, item 6): a player rebuilding a hand on a phone loses it all when the page reloads
(a lock screen, a dropped connection). The build is small (the set-up and the steps, as JSON:
coach.learning.builder.Build.to_draft), one per profile: a column of ``profiles``, not a table.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("profiles") as batch:
        batch.add_column(sa.Column("builder_draft", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("profiles") as batch:
        batch.drop_column("builder_draft")
