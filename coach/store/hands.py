"""«Le mie mani»: the hands a learner built with «Crea una mano» (or imported), kept per profile.

A part of its own (a mixin of :class:`coach.store.Store`) because these are the user's own
documents, not progress: they are listed, opened, and deleted all at once («Elimina le mie
mani»), and their text is whatever the user typed (opponents' names included), so the pages
show it as plain text only.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, Select, and_, delete, func, insert, or_, select, update
from sqlalchemy.engine import Connection

from coach.errors import InvalidInput
from coach.i18n import N_
from coach.store.base import StoreBase
from coach.store.checks import (
    MAX_HAND_SEARCH,
    MAX_HAND_TEXT,
    MAX_HAND_TITLE,
    MAX_USER_HANDS,
    clean_profile_name,
    text_arg,
    when_arg,
    whole_arg,
)
from coach.store.handmeta import date_range, hand_meta, like_pattern
from coach.store.parsejobs import claim_parse_job, delete_parse_jobs_of
from coach.store.records import HandPage, UserHand
from coach.store.reviews import delete_jobs_of
from coach.store.tables import profiles, user_hands

HAND_SOURCES: tuple[str, ...] = ("builder", "import")
MAX_PAGE: int = 100  # hands in one page of the list
_COLUMNS = (user_hands.c.id, user_hands.c.title, user_hands.c.phh, user_hands.c.source,
            user_hands.c.created_at, user_hands.c.room, user_hands.c.players, user_hands.c.hero_decisions)


def _hand(r: Any) -> UserHand:
    return UserHand(int(r[0]), str(r[1]), str(r[2]), str(r[3]), r[4], r[5], str(r[6] or ""),
                    None if r[7] is None else int(r[7]))


def _row(profile_id: int, title: str, text: str, source: str, when: datetime) -> dict[str, Any]:
    """The columns of a new hand, the searchable ones read from its PHH (coach/store/handmeta.py)."""
    meta = hand_meta(title, text)
    return {"profile_id": profile_id, "title": title, "phh": text, "source": source, "created_at": when,
            "room": meta.room, "players": meta.players, "hero_decisions": meta.hero_decisions,
            "search": meta.search}


def _conditions(text: str, source: str | None, room: str | None,
                hero_decision: bool) -> list[ColumnElement[bool]]:
    """The WHERE of a search: every word must match (a date: the hands saved that day or month;
    other words: the title, a player or the room, without case, ``%`` and ``_`` literal)."""
    h = user_hands
    if not isinstance(text, str):
        raise InvalidInput(N_("The store's «{field}» must be text."), field="text")
    if source is not None and source not in HAND_SOURCES:
        raise InvalidInput(N_("The store's «{field}» must be one of {allowed}, not {value}."),
                           field="source", allowed=", ".join(HAND_SOURCES), value=repr(source)[:40])
    out: list[ColumnElement[bool]] = []
    for word in text[:MAX_HAND_SEARCH].split()[:10]:
        days = date_range(word)
        like = h.c.search.like(like_pattern(word), escape="\\")
        out.append(or_(like, and_(h.c.created_at >= days[0], h.c.created_at < days[1])) if days else like)
    if source is not None:
        out.append(h.c.source == source)
    if room is not None:
        out.append(h.c.room == text_arg(room, "room", 100))
    if hero_decision:
        out.append(h.c.hero_decisions > 0)
    return out


def _checked_rows(hands: Sequence[tuple[str, str]], source: str) -> list[tuple[str, str]]:
    """The last :data:`MAX_USER_HANDS` of ``hands`` as (title, PHH), each checked like one hand's."""
    if source not in HAND_SOURCES:
        raise InvalidInput(N_("The store's «{field}» must be one of {allowed}, not {value}."),
                           field="source", allowed=", ".join(HAND_SOURCES), value=repr(source)[:40])
    return [(text_arg(title.strip() if isinstance(title, str) else title, "title", MAX_HAND_TITLE),
             text_arg(phh, "phh", MAX_HAND_TEXT, lines=True)) for title, phh in hands[-MAX_USER_HANDS:]]


def _insert_hands(conn: Connection, pid: int, rows: list[tuple[str, str]], source: str,
                  when: datetime) -> None:
    """Insert the rows; beyond :data:`MAX_USER_HANDS` the profile's oldest hands go."""
    h = user_hands
    conn.execute(insert(h), [_row(pid, title, text, source, when) for title, text in rows])
    keep = select(h.c.id).where(h.c.profile_id == pid).order_by(h.c.id.desc()).limit(MAX_USER_HANDS)
    conn.execute(delete(h).where(h.c.profile_id == pid, h.c.id.not_in(keep.scalar_subquery())))


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
            new_id = conn.execute(insert(h).values(**_row(pid, title, text, source, when_arg(at)))
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
        rows = _checked_rows(hands, source)
        if not rows:
            return 0
        when = when_arg(at)
        with self._tx(write=True) as conn:
            _insert_hands(conn, self._ensure_profile(conn, name), rows, source, when)
        return len(rows)

    def save_parse_job_hands(self, profile: str, job_id: int, hands: Sequence[tuple[str, str]], *,
                             left_out: int = 0, at: datetime | None = None) -> int | None:
        """Keep the hands a finished import job read, once; how many, or None when they were kept before.

        The job moves from ``done`` to ``saved`` in the same transaction as the hands go in (with
        ``saved``/``left_out`` added to its result), so a reload, a second tab or another app process
        that finds the same finished job shows its outcome and cannot save its hands twice.
        """
        name = clean_profile_name(profile)
        rows = _checked_rows(hands, "import")
        left = whole_arg(left_out, "left_out", 0, 2**31)
        when = when_arg(at)
        with self._tx(write=True) as conn:
            pid = self._ensure_profile(conn, name)
            if not claim_parse_job(conn, job_id, pid, {"saved": len(rows), "left_out": left}):
                return None
            if rows:
                _insert_hands(conn, pid, rows, "import", when)
        return len(rows)

    def user_hands(self, profile: str, limit: int = MAX_USER_HANDS) -> list[UserHand]:
        """The profile's hands, the newest first (an unknown profile has none)."""
        name = clean_profile_name(profile)
        limit = whole_arg(limit, "limit", 1, MAX_USER_HANDS)
        h = user_hands
        with self._tx(write=False) as conn:
            rows = conn.execute(
                select(*_COLUMNS)
                .join(profiles, profiles.c.id == h.c.profile_id).where(profiles.c.name == name)
                .order_by(h.c.id.desc()).limit(limit)).all()
        return [_hand(r) for r in rows]

    def user_hand(self, profile: str, hand_id: int) -> UserHand | None:
        """One of the profile's hands by id (None for another profile's or a missing one)."""
        name = clean_profile_name(profile)
        hid = whole_arg(hand_id, "hand_id", 1, 2**62)
        h = user_hands
        with self._tx(write=False) as conn:
            row = conn.execute(
                select(*_COLUMNS)
                .join(profiles, profiles.c.id == h.c.profile_id)
                .where(profiles.c.name == name, h.c.id == hid)).first()
        return None if row is None else _hand(row)

    def find_user_hands(self, profile: str, text: str = "", *, source: str | None = None,
                        room: str | None = None, hero_decision: bool = False, offset: int = 0,
                        limit: int = 20) -> HandPage:
        """One page of the profile's hands that match, newest first, with the counts, all in SQL.

        ``text``: words that must all match the title, a player's name or the room (or, a date like
        12/11/2026 or 11/2026, the day the hand was saved); cut at :data:`MAX_HAND_SEARCH`
        characters, ``%`` and ``_`` taken literally. ``source``: "builder" or "import"; ``room``: a
        room's name as :meth:`user_hand_rooms` lists it; ``hero_decision``: only the hands where
        the hero acted. An offset past the end gives an empty page (the counts say where the end is).
        """
        name = clean_profile_name(profile)
        where = _conditions(text, source, room, hero_decision)
        offset = whole_arg(offset, "offset", 0, MAX_USER_HANDS)
        limit = whole_arg(limit, "limit", 1, MAX_PAGE)
        h = user_hands
        with self._tx(write=False) as conn:
            pid = self._profile_id(conn, name)
            if pid is None:
                return HandPage((), 0, 0)
            total = int(conn.scalar(select(func.count(h.c.id)).where(h.c.profile_id == pid)) or 0)
            found = int(conn.scalar(select(func.count(h.c.id)).where(h.c.profile_id == pid, *where)) or 0)
            rows = conn.execute(select(*_COLUMNS).where(h.c.profile_id == pid, *where)
                                .order_by(h.c.id.desc()).offset(offset).limit(limit)).all()
        return HandPage(tuple(_hand(r) for r in rows), found, total)

    def matching_user_hands(self, profile: str, text: str = "", *, source: str | None = None,
                            room: str | None = None, hero_decision: bool = False) -> list[UserHand]:
        """Every hand :meth:`find_user_hands` would list (for «Scarica tutte»), newest first."""
        name = clean_profile_name(profile)
        where = _conditions(text, source, room, hero_decision)
        h = user_hands
        query: Select[Any] = (select(*_COLUMNS).join(profiles, profiles.c.id == h.c.profile_id)
                              .where(profiles.c.name == name, *where).order_by(h.c.id.desc())
                              .limit(MAX_USER_HANDS))
        with self._tx(write=False) as conn:
            return [_hand(r) for r in conn.execute(query).all()]

    def user_hand_rooms(self, profile: str) -> list[str]:
        """The rooms the profile's imported hands come from, by name (the list's room filter)."""
        name = clean_profile_name(profile)
        h = user_hands
        with self._tx(write=False) as conn:
            rows = conn.execute(select(h.c.room).distinct().join(profiles, profiles.c.id == h.c.profile_id)
                                .where(profiles.c.name == name, h.c.room.is_not(None))
                                .order_by(h.c.room)).all()
        return [str(r[0]) for r in rows]

    def delete_user_hand(self, profile: str, hand_id: int) -> bool:
        """One of the profile's hands goes (another profile's is left alone); whether it was there."""
        name = clean_profile_name(profile)
        hid = whole_arg(hand_id, "hand_id", 1, 2**62)
        with self._tx(write=True) as conn:
            pid = self._profile_id(conn, name)
            if pid is None:
                return False
            return bool(conn.execute(delete(user_hands).where(user_hands.c.profile_id == pid,
                                                               user_hands.c.id == hid)).rowcount)

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

    # -- «Crea una mano»'s draft (revision 0013) -----------------------------------------------
    def save_builder_draft(self, profile: str, draft: str | None) -> None:
        """Keep the half-built hand (``None``: forget it, the hand was saved or discarded)."""
        name = clean_profile_name(profile)
        text = None if draft is None else text_arg(draft, "builder_draft", MAX_HAND_TEXT)
        with self._tx(write=True) as conn:
            pid = self._ensure_profile(conn, name)
            conn.execute(update(profiles).where(profiles.c.id == pid).values(builder_draft=text))

    def builder_draft(self, profile: str) -> str | None:
        """The half-built hand kept by :meth:`save_builder_draft`, or None."""
        name = clean_profile_name(profile)
        with self._tx(write=False) as conn:
            draft = conn.scalar(select(profiles.c.builder_draft).where(profiles.c.name == name))
        return draft if isinstance(draft, str) else None

