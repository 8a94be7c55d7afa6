"""«Le mie mani» searched and paged in SQL: each hand's room, players, hero decisions, search text.

Revision ID: 0011
Revises: 0009 (to be chained after 0010 when the branches are merged)
Create Date: 2026-12-01

Why (issue 23, items 2 and 6): a learner who imports 2,000 hands needs a paged list with a search
(title, players, room, date) and filters (built or imported, the room, the hands with a decision
of theirs). Those facts are inside the PHH text, which SQL cannot read: they are taken from the
hand when it is saved (coach/store/handmeta.py) and kept in four columns, filled here for the
hands saved before. A second index serves the «built / imported» filter.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from coach.store.handmeta import MAX_PLAYERS_TEXT, MAX_ROOM, hand_meta

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("user_hands") as batch:
        batch.add_column(sa.Column("room", sa.String(MAX_ROOM), nullable=True))
        batch.add_column(sa.Column("players", sa.String(MAX_PLAYERS_TEXT), nullable=False, server_default=""))
        batch.add_column(sa.Column("hero_decisions", sa.Integer, nullable=True))
        batch.add_column(sa.Column("search", sa.Text, nullable=False, server_default=""))
    op.create_index("ix_user_hands_profile_source", "user_hands", ["profile_id", "source", "id"])
    conn = op.get_bind()
    hands = sa.table("user_hands", sa.column("id", sa.Integer), sa.column("title", sa.String),
                     sa.column("phh", sa.Text), sa.column("room", sa.String), sa.column("players", sa.String),
                     sa.column("hero_decisions", sa.Integer), sa.column("search", sa.Text))
    for hid, title, phh in conn.execute(sa.select(hands.c.id, hands.c.title, hands.c.phh)).all():
        meta = hand_meta(str(title), str(phh))
        conn.execute(sa.update(hands).where(hands.c.id == hid).values(
            room=meta.room, players=meta.players, hero_decisions=meta.hero_decisions, search=meta.search))


def downgrade() -> None:
    op.drop_index("ix_user_hands_profile_source", table_name="user_hands")
    with op.batch_alter_table("user_hands") as batch:
        batch.drop_column("search")
        batch.drop_column("hero_decisions")
        batch.drop_column("players")
        batch.drop_column("room")
