"""Who owns what: learner identities, teacher secrets, admission control of a live class.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03

Why (docs/SECURITY.md): a profile was claimed by typing its name and a class was owned by
the teacher's profile string, so a pupil who read «ospite PROF-2345» on the projector could
take over the class. Now:

* ``profiles``: ``display_name`` (what the learner chose to be called; no longer the key
  of the profile), ``transfer_hash`` (SHA-256 of the secret transfer code that moves the
  profile to another browser; only the hash is stored), ``claimed_at`` (when a signed
  identity was first issued for the profile; NULL for the profiles made before this
  revision, which a browser still holding the old unsigned cookie may claim once).
* ``live_classes``: ``teacher_key`` (SHA-256 of the class's teacher secret, ≥ 128 random
  bits, created with the class; NULL for a class made before this revision: nobody can
  manage it any more, and it expires within a day), ``joins_closed`` («Chiudi le
  iscrizioni»), an index on ``expires_at`` for the purge of old classes.
* ``live_pupils``: ``removed_at`` (a removed pupil's row stays, so their name is blocked
  for the class). ``name_key`` keeps its 48 characters: a comparison key longer than that
  is stored as a hash (coach/live.py), so PostgreSQL never refuses a long name.
* ``rate_limits``: token buckets shared by every app process (joins per connection and per
  client address, transfer-code attempts).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


# Only ALTER TABLE ... ADD COLUMN and CREATE INDEX, which SQLite does in place: a batch alter
# would copy and drop ``profiles`` and ``live_pupils``, which other rows refer to, and SQLite
# cannot switch its foreign-key checks off inside the migration's transaction.
def upgrade() -> None:
    op.add_column("profiles", sa.Column("display_name", sa.String(60), nullable=True))
    op.add_column("profiles", sa.Column("transfer_hash", sa.String(64), nullable=True))
    op.add_column("profiles", sa.Column("claimed_at", sa.DateTime, nullable=True))
    op.create_index("uq_profiles_transfer_hash", "profiles", ["transfer_hash"], unique=True)
    op.add_column("live_classes", sa.Column("teacher_key", sa.String(64), nullable=True))
    op.add_column("live_classes", sa.Column("joins_closed", sa.Boolean, nullable=False,
                                            server_default=sa.false()))
    op.create_index("ix_live_classes_expires", "live_classes", ["expires_at"])
    op.add_column("live_pupils", sa.Column("removed_at", sa.DateTime, nullable=True))
    op.create_table(
        "rate_limits",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("bucket", sa.String(200), nullable=False),
        sa.Column("tokens", sa.Float, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
        sa.UniqueConstraint("bucket", name="uq_rate_limits_bucket"),
    )


def downgrade() -> None:
    op.drop_table("rate_limits")
    with op.batch_alter_table("live_pupils") as batch:
        batch.drop_column("removed_at")
    op.drop_index("ix_live_classes_expires", table_name="live_classes")
    with op.batch_alter_table("live_classes") as batch:
        batch.drop_column("joins_closed")
        batch.drop_column("teacher_key")
    op.drop_index("uq_profiles_transfer_hash", table_name="profiles")
    with op.batch_alter_table("profiles") as batch:
        batch.drop_column("claimed_at")
        batch.drop_column("transfer_hash")
        batch.drop_column("display_name")
