"""The learning loop: review cards and practice hands.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01

Why: a decision graded «imprecisa» or worse comes back as a review card,
scheduled by the fsrs library (its state is kept as the library's JSON, so a
newer fsrs reads it); practice hands are kept whole so a learner can list,
reopen and download them on any app process.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "review_cards",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), nullable=False),
        sa.Column("card_key", sa.String(200), nullable=False),
        sa.Column("source", sa.String(40), nullable=False),
        sa.Column("ref", sa.String(200), nullable=False),
        sa.Column("spot", sa.Text, nullable=False),
        sa.Column("action", sa.String(60), nullable=False),
        sa.Column("grade", sa.String(40), nullable=False),
        sa.Column("schedule", sa.Text, nullable=False),
        sa.Column("due", sa.DateTime, nullable=False),
        sa.Column("reviews", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("reviewed_at", sa.DateTime, nullable=True),
        sa.UniqueConstraint("profile_id", "card_key", name="uq_review_cards_profile_key"),
    )
    op.create_index("ix_review_cards_profile_due", "review_cards", ["profile_id", "due"])
    op.create_table(
        "practice_hands",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), nullable=False),
        sa.Column("played_at", sa.DateTime, nullable=False),
        sa.Column("phh", sa.Text, nullable=False),
        sa.Column("hero_seat", sa.Integer, nullable=False),
        sa.Column("result_chips", sa.Integer, nullable=False),
        sa.Column("big_blind", sa.Integer, nullable=False),
        sa.Column("grades", sa.Text, nullable=False),
    )
    op.create_index("ix_practice_hands_profile_time", "practice_hands", ["profile_id", "played_at"])


def downgrade() -> None:
    op.drop_index("ix_practice_hands_profile_time", table_name="practice_hands")
    op.drop_table("practice_hands")
    op.drop_index("ix_review_cards_profile_due", table_name="review_cards")
    op.drop_table("review_cards")
