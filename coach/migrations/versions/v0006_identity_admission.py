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
  for the class), ``name_key`` widened to 128 characters (a case-folded confusables
  skeleton is longer than the name; PostgreSQL refused keys over 48).
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


def _name_is_unique(table: str) -> bool:
    """Whether ``table.name`` has a unique constraint or index the database reports."""
    insp = sa.inspect(op.get_bind())
    found: list[list[str | None]] = [list(u["column_names"]) for u in insp.get_unique_constraints(table)]
    found += [list(i["column_names"]) for i in insp.get_indexes(table) if i.get("unique")]
    return ["name"] in found


def upgrade() -> None:
    # SQLite copies the table to add the unique constraint; a ``UNIQUE`` written on the column
    # itself (the tables of the release before versions) is not reflected, and the copy would
    # lose it (every profile write needs it): it is put back as the table-level constraint.
    keep_name_unique = op.get_bind().dialect.name == "sqlite" and not _name_is_unique("profiles")
    with op.batch_alter_table("profiles") as batch:
        if keep_name_unique:
            batch.create_unique_constraint("uq_profiles_name", ["name"])
        batch.add_column(sa.Column("display_name", sa.String(60), nullable=True))
        batch.add_column(sa.Column("transfer_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("claimed_at", sa.DateTime, nullable=True))
        batch.create_unique_constraint("uq_profiles_transfer_hash", ["transfer_hash"])
    with op.batch_alter_table("live_classes") as batch:
        batch.add_column(sa.Column("teacher_key", sa.String(64), nullable=True))
        batch.add_column(sa.Column("joins_closed", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.create_index("ix_live_classes_expires", ["expires_at"])
    with op.batch_alter_table("live_pupils") as batch:
        batch.add_column(sa.Column("removed_at", sa.DateTime, nullable=True))
        batch.alter_column("name_key", existing_type=sa.String(48), type_=sa.String(128),
                           existing_nullable=False)
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
        batch.alter_column("name_key", existing_type=sa.String(128), type_=sa.String(48),
                           existing_nullable=False)
        batch.drop_column("removed_at")
    with op.batch_alter_table("live_classes") as batch:
        batch.drop_index("ix_live_classes_expires")
        batch.drop_column("joins_closed")
        batch.drop_column("teacher_key")
    with op.batch_alter_table("profiles") as batch:
        batch.drop_constraint("uq_profiles_transfer_hash", type_="unique")
        batch.drop_column("claimed_at")
        batch.drop_column("transfer_hash")
        batch.drop_column("display_name")
