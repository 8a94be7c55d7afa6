"""«Le mie mani»: the hands a learner builds («Crea una mano») or imports, kept per profile.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-04

Why (issue 23): a hand a player remembers from a live table, entered with the builder, is
kept as PHH text so it can be opened in the Replayer, downloaded, and posed to a live
class without pasting. One new table; nothing existing changes. ``source`` says where the
hand came from ("builder" or "import"); «Elimina le mie mani» deletes the profile's rows.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "user_hands",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), nullable=False),
        sa.Column("title", sa.String(120), nullable=False),
        sa.Column("phh", sa.Text, nullable=False),
        sa.Column("source", sa.String(40), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_user_hands_profile", "user_hands", ["profile_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_user_hands_profile", table_name="user_hands")
    op.drop_table("user_hands")
