"""«Le mie mani»: the hands a learner built with «Crea una mano» (or imported), kept per profile.

A part of its own (a mixin of :class:`coach.store.Store`) because these are the user's own
documents, not progress: they are listed, opened, and deleted all at once («Elimina le mie
mani»), and their text is whatever the user typed (opponents' names included), so the pages
show it as plain text only.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import delete, func, insert, select

from coach.errors import InvalidInput
from coach.i18n import N_
from coach.store.base import StoreBase
from coach.store.checks import (
    MAX_HAND_TEXT,
    MAX_HAND_TITLE,
    MAX_USER_HANDS,
    clean_profile_name,
    text_arg,
    when_arg,
    whole_arg,
)
from coach.store.parsejobs import delete_parse_jobs_of
from coach.store.records import UserHand
from coach.store.reviews import delete_jobs_of
from coach.store.tables import profiles, user_hands

HAND_SOURCES: tuple[str, ...] = ("builder", "import")


class HandsStore(StoreBase):
    """The user's own hands (a mixin of :class:`coach.store.Store`)."""

    def save_user_hand(self, profile: str, title: str, phh: str, *, source: str = "builder",
                       at: datetime | None = None) -> int:
        """Keep a hand in «Le mie mani»; its id. Beyond :data:`MAX_USER_HANDS` the oldest go."""
        name = clean_profile_name(profile)
        title = text_arg(title.strip() if isinstance(title, str) else title, "title", MAX_HAND_TITLE)
        text = text_arg(phh, "phh", MAX_HAND_TEXT, lines=True)
        if source not in HAND_SOURCES:
            raise InvalidInput(N_("The store's «{field}» must be one of {allowed}, not {value}."),
                               field="source", allowed=", ".join(HAND_SOURCES), value=repr(source)[:40])
        h = user_hands
        with self._tx(write=True) as conn:
            pid = self._ensure_profile(conn, name)
            new_id = conn.execute(insert(h).values(profile_id=pid, title=title, phh=text, source=source,
                                                   created_at=when_arg(at))
                                  .returning(h.c.id)).scalar_one()
            keep = (select(h.c.id).where(h.c.profile_id == pid).order_by(h.c.id.desc())
                    .limit(MAX_USER_HANDS))
            conn.execute(delete(h).where(h.c.profile_id == pid, h.c.id.not_in(keep.scalar_subquery())))
            return int(new_id)

    def save_user_hands(self, profile: str, hands: Sequence[tuple[str, str]], *, source: str = "import",
                        at: datetime | None = None) -> int:
        """Keep several hands (title, PHH) in one transaction (a room's file); how many were kept.

        Only the last :data:`MAX_USER_HANDS` of ``hands`` can stay: the caller says so; beyond the
        limit the profile's oldest hands go, as for one hand.
        """
        name = clean_profile_name(profile)
        if source not in HAND_SOURCES:
            raise InvalidInput(N_("The store's «{field}» must be one of {allowed}, not {value}."),
                               field="source", allowed=", ".join(HAND_SOURCES), value=repr(source)[:40])
        rows = [(text_arg(title.strip() if isinstance(title, str) else title, "title", MAX_HAND_TITLE),
                 text_arg(phh, "phh", MAX_HAND_TEXT, lines=True)) for title, phh in hands[-MAX_USER_HANDS:]]
        if not rows:
            return 0
        when = when_arg(at)
        h = user_hands
        with self._tx(write=True) as conn:
            pid = self._ensure_profile(conn, name)
            conn.execute(insert(h), [{"profile_id": pid, "title": title, "phh": text, "source": source,
                                      "created_at": when} for title, text in rows])
            keep = (select(h.c.id).where(h.c.profile_id == pid).order_by(h.c.id.desc())
                    .limit(MAX_USER_HANDS))
            conn.execute(delete(h).where(h.c.profile_id == pid, h.c.id.not_in(keep.scalar_subquery())))
        return len(rows)

    def user_hands(self, profile: str, limit: int = MAX_USER_HANDS) -> list[UserHand]:
        """The profile's hands, the newest first (an unknown profile has none)."""
        name = clean_profile_name(profile)
        limit = whole_arg(limit, "limit", 1, MAX_USER_HANDS)
        h = user_hands
        with self._tx(write=False) as conn:
            rows = conn.execute(
                select(h.c.id, h.c.title, h.c.phh, h.c.source, h.c.created_at)
                .join(profiles, profiles.c.id == h.c.profile_id).where(profiles.c.name == name)
                .order_by(h.c.id.desc()).limit(limit)).all()
        return [UserHand(int(r[0]), str(r[1]), str(r[2]), str(r[3]), r[4]) for r in rows]

    def user_hand(self, profile: str, hand_id: int) -> UserHand | None:
        """One of the profile's hands by id (None for another profile's or a missing one)."""
        name = clean_profile_name(profile)
        hid = whole_arg(hand_id, "hand_id", 1, 2**62)
        h = user_hands
        with self._tx(write=False) as conn:
            row = conn.execute(
                select(h.c.id, h.c.title, h.c.phh, h.c.source, h.c.created_at)
                .join(profiles, profiles.c.id == h.c.profile_id)
                .where(profiles.c.name == name, h.c.id == hid)).first()
        return None if row is None else UserHand(int(row[0]), str(row[1]), str(row[2]), str(row[3]), row[4])

    def count_user_hands(self, profile: str) -> int:
        name = clean_profile_name(profile)
        h = user_hands
        with self._tx(write=False) as conn:
            return int(conn.scalar(select(func.count(h.c.id)).join(profiles, profiles.c.id == h.c.profile_id)
                                   .where(profiles.c.name == name)) or 0)

    def delete_user_hands(self, profile: str) -> int:
        """«Elimina le mie mani»: every hand of the profile goes; how many."""
        name = clean_profile_name(profile)
        with self._tx(write=True) as conn:
            pid = self._profile_id(conn, name)
            if pid is None:
                return 0
            return int(conn.execute(delete(user_hands).where(user_hands.c.profile_id == pid)).rowcount or 0)

    def delete_my_hands(self, profile: str) -> tuple[int, int]:
        """«Elimina le mie mani»: the profile's saved hands and its session reviews (their results hold
        hands too) and the last files read for the Replayer and the live class, in one transaction;
        how many of each. A running review is cancelled by it.
        """
        name = clean_profile_name(profile)
        with self._tx(write=True) as conn:
            pid = self._profile_id(conn, name)
            if pid is None:
                return 0, 0
            hands = int(conn.execute(delete(user_hands).where(user_hands.c.profile_id == pid)).rowcount or 0)
            delete_parse_jobs_of(conn, pid)  # the last files given to the Replayer and the live class
            return hands, delete_jobs_of(conn, pid)
