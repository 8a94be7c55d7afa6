"""A fair task queue and keys that can be revoked: who asked for a job, and who still watches it.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-07

Why (issue 28, items 3 and 4): one pupil could fill the task queue with session reviews and
hand files from tabs without the cookie (each a new profile). A job now keeps the client
address that asked for it (``address``, NULL when unknown: behind a proxy on the same machine),
so the app counts the jobs under way per address as well as per profile; a review keeps when
its page last looked at it (``seen``), so a review nobody watches any more is cancelled at its
next chunk instead of holding a worker.

A learner's browsers become rows (``profile_devices``): the signed cookie names its device and
carries an expiry, so Impostazioni lists the devices using a profile and disconnects the others, and a
new transfer code can end the devices the old one let in (``profiles.devices_reset_at``: after such
a reset a cookie of the older format, without a device, opens nothing).

A live class gets the size its teacher sets (``max_pupils``, NULL: the hall's limit of 200), so one
device flooding joins cannot take every place of a class of 25.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("profiles") as batch:
        batch.add_column(sa.Column("devices_reset_at", sa.DateTime, nullable=True))
    op.create_table(
        "profile_devices",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id", name="fk_profile_devices_profile"),
                  nullable=False),
        sa.Column("device", sa.String(32), nullable=False),
        sa.Column("label", sa.String(80), nullable=False),
        sa.Column("via", sa.String(16), nullable=False),
        sa.Column("transfer_hash", sa.String(64), nullable=True),
        sa.Column("created", sa.DateTime, nullable=False),
        sa.Column("seen", sa.DateTime, nullable=False),
        sa.UniqueConstraint("device", name="uq_profile_devices_device"),
    )
    op.create_index("ix_profile_devices_profile", "profile_devices", ["profile_id", "seen"])
    with op.batch_alter_table("review_jobs") as batch:
        batch.add_column(sa.Column("address", sa.String(64), nullable=True))
        batch.add_column(sa.Column("seen", sa.DateTime, nullable=True))
    with op.batch_alter_table("parse_jobs") as batch:
        batch.add_column(sa.Column("address", sa.String(64), nullable=True))
    with op.batch_alter_table("live_classes") as batch:
        batch.add_column(sa.Column("max_pupils", sa.Integer, nullable=True))
    op.create_index("ix_review_jobs_address", "review_jobs", ["address", "status"])
    op.create_index("ix_parse_jobs_address", "parse_jobs", ["address", "status"])


def downgrade() -> None:
    op.drop_index("ix_profile_devices_profile", table_name="profile_devices")
    op.drop_table("profile_devices")
    with op.batch_alter_table("profiles") as batch:
        batch.drop_column("devices_reset_at")
    op.drop_index("ix_parse_jobs_address", table_name="parse_jobs")
    op.drop_index("ix_review_jobs_address", table_name="review_jobs")
    with op.batch_alter_table("live_classes") as batch:
        batch.drop_column("max_pupils")
    with op.batch_alter_table("parse_jobs") as batch:
        batch.drop_column("address")
    with op.batch_alter_table("review_jobs") as batch:
        batch.drop_column("seen")
        batch.drop_column("address")
