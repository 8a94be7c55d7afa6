"""The schema: the SQLAlchemy tables of the head revision of ``coach/store/migrations``.

A change here needs a revision (``python -m coach db revision -m "what changes"``,
docs/DEVELOPING.md); ``tests/store/test_migrations.py`` checks that the revisions build exactly
these tables. ``migrations/env.py`` imports this module for Alembic's ``target_metadata``.
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    false,
)

from coach.live import CODE_LENGTH, MAX_CLASS_TITLE, MAX_NAME_KEY, MAX_PUPIL_NAME, MAX_SPOT, MAX_TOKEN
from coach.store.checks import (
    MAX_ACTION,
    MAX_GRADE,
    MAX_HAND_TITLE,
    MAX_KEY,
    MAX_LESSON_ID,
    MAX_NAME,
    MAX_QUESTION_ID,
    MAX_REF,
    MAX_SOURCE,
    MAX_TOPIC,
    utc_now,
)
from coach.store.handmeta import MAX_PLAYERS_TEXT, MAX_ROOM

# The tables of revision 0001 keep the constraint names each database chose when today's
# code created them (that is what every existing database has); later revisions name
# their new constraints and indexes explicitly (docs/DEVELOPING.md, "Changing the schema").
metadata = MetaData()
MAX_ADDRESS = 64  # a client address as Streamlit reports it (IPv6 is at most 45 characters)

profiles = Table(
    "profiles", metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(MAX_NAME), nullable=False, unique=True),
    Column("created_at", DateTime, nullable=False, default=utc_now),
    Column("preferences", Text, nullable=False, default="{}"),
    # "Riprendi da dove eri": the last lesson position the learner saw.
    Column("last_lesson", String(MAX_LESSON_ID), nullable=True),
    Column("last_hand", Integer, nullable=True),
    Column("last_step", Integer, nullable=True),
    # Revision 0006 (docs/SECURITY.md): the name the learner chose (no longer the profile's key),
    # the SHA-256 of its secret transfer code, and when a signed identity was first issued for it
    # (NULL: a profile made before signed identities, which its old browser may claim once).
    Column("display_name", String(MAX_NAME), nullable=True),
    Column("transfer_hash", String(64), nullable=True),
    Column("claimed_at", DateTime, nullable=True),
    # Revision 0012: when the learner last disconnected his other devices; from then on a cookie
    # without a device (the format before 0012) opens nothing
    Column("devices_reset_at", DateTime, nullable=True),
    # Revision 0013: «Crea una mano»'s half-built hand (coach.learning.builder.Build.to_draft), kept
    # across a reload until it is saved or discarded.
    Column("builder_draft", Text, nullable=True),
    Index("uq_profiles_transfer_hash", "transfer_hash", unique=True),
)
# Revision 0012: the browsers using a profile (docs/SECURITY.md): each one's cookie names its row, so
# «Scollega gli altri dispositivi» and a new transfer code can end a device's access.
profile_devices = Table(
    "profile_devices", metadata,
    Column("id", Integer, primary_key=True),
    Column("profile_id", Integer, ForeignKey("profiles.id", name="fk_profile_devices_profile"),
           nullable=False),
    Column("device", String(32), nullable=False),  # random, only ever sent signed
    Column("label", String(80), nullable=False, default=""),  # «Chrome su Android», from the user agent
    Column("via", String(16), nullable=False),  # new, transfer (a transfer code), legacy (an older cookie)
    Column("transfer_hash", String(64), nullable=True),  # the code that admitted it (via transfer)
    Column("created", DateTime, nullable=False),
    Column("seen", DateTime, nullable=False),
    UniqueConstraint("device", name="uq_profile_devices_device"),
    Index("ix_profile_devices_profile", "profile_id", "seen"),
)
completed_lessons = Table(
    "completed_lessons", metadata,
    Column("id", Integer, primary_key=True),
    Column("profile_id", Integer, ForeignKey("profiles.id"), nullable=False, index=True),
    Column("lesson_id", String(MAX_LESSON_ID), nullable=False),
    Column("completed_at", DateTime, nullable=False),
    UniqueConstraint("profile_id", "lesson_id"),
)
quiz_answers = Table(
    "quiz_answers", metadata,
    Column("id", Integer, primary_key=True),
    Column("profile_id", Integer, ForeignKey("profiles.id"), nullable=False, index=True),
    Column("topic", String(MAX_TOPIC), nullable=False),
    Column("question_id", String(MAX_QUESTION_ID), nullable=False),
    Column("correct", Boolean, nullable=False),
    Column("answered_at", DateTime, nullable=False),
)
decision_grades = Table(
    "decision_grades", metadata,
    Column("id", Integer, primary_key=True),
    Column("profile_id", Integer, ForeignKey("profiles.id"), nullable=False, index=True),
    Column("source", String(MAX_SOURCE), nullable=False),  # "lesson", "practice", "replayer"
    Column("ref", String(MAX_REF), nullable=False, default=""),  # lesson decision key, hand number...
    Column("action", String(MAX_ACTION), nullable=False, default=""),  # the code the learner chose
    Column("grade", String(MAX_GRADE), nullable=False),
    Column("ev_loss_bb", Float, nullable=True),
    Column("decided_at", DateTime, nullable=False),
    Index("ix_decision_grades_profile_time", "profile_id", "decided_at"),  # revision 0002
)
# Revision 0002: the answers given inside a lesson (decision points and questions), one
# row per key, so a learner whose app process changed (a refresh, a restarted process
# behind the proxy) finds the lesson as they left it.
lesson_answers = Table(
    "lesson_answers", metadata,
    Column("id", Integer, primary_key=True),
    Column("profile_id", Integer, ForeignKey("profiles.id"), nullable=False),
    Column("answer_key", String(MAX_KEY), nullable=False),
    Column("answer", String(MAX_ACTION), nullable=False),  # the action code, or the answer given
    Column("correct", Boolean, nullable=True),  # questions only
    Column("answered_at", DateTime, nullable=False),
    UniqueConstraint("profile_id", "answer_key", name="uq_lesson_answers_profile_key"),
)
# Revision 0003: the learning loop. A decision graded «imprecisa» or worse becomes a review
# card: the spot itself (hand history up to the decision, with the ranges and profiles the
# coach assumed, as JSON) and its scheduling state (the fsrs library's own JSON), one row
# per card key so the same mistake made twice is one card. Practice hands are kept whole
# (PHH text) with their result and grades, to list, reopen in the Replayer and download.
review_cards = Table(
    "review_cards", metadata,
    Column("id", Integer, primary_key=True),
    Column("profile_id", Integer, ForeignKey("profiles.id"), nullable=False),
    Column("card_key", String(MAX_KEY), nullable=False),  # "lesson:01-.../2/5", "practice:<hash>"
    Column("source", String(MAX_SOURCE), nullable=False),
    Column("ref", String(MAX_REF), nullable=False),
    Column("spot", Text, nullable=False),  # coach.learning.review.ReviewSpot as JSON
    Column("action", String(MAX_ACTION), nullable=False),  # the learner's answer the last time
    Column("grade", String(MAX_GRADE), nullable=False),  # its grade
    Column("schedule", Text, nullable=False),  # the fsrs Card as the library's JSON
    Column("due", DateTime, nullable=False),
    Column("reviews", Integer, nullable=False, default=0),
    Column("created_at", DateTime, nullable=False),
    Column("reviewed_at", DateTime, nullable=True),
    UniqueConstraint("profile_id", "card_key", name="uq_review_cards_profile_key"),
    Index("ix_review_cards_profile_due", "profile_id", "due"),
)
practice_hands = Table(
    "practice_hands", metadata,
    Column("id", Integer, primary_key=True),
    Column("profile_id", Integer, ForeignKey("profiles.id"), nullable=False),
    Column("played_at", DateTime, nullable=False),
    Column("phh", Text, nullable=False),  # the whole hand, with the players' names
    Column("hero_seat", Integer, nullable=False),  # 0-based
    Column("result_chips", Integer, nullable=False),  # the hero's net result
    Column("big_blind", Integer, nullable=False),
    Column("grades", Text, nullable=False, default="[]"),  # [{action, grade, ev_loss_bb, at}] as JSON
    Index("ix_practice_hands_profile_time", "profile_id", "played_at"),
)
# Revision 0007: the practice table in progress, one per profile, so a reload of «Pratica» finds
# the hand and the session where they were (coach/learning/practice.py writes and reads the JSON).
practice_sessions = Table(
    "practice_sessions", metadata,
    Column("id", Integer, primary_key=True),
    Column("profile_id", Integer, ForeignKey("profiles.id"), nullable=False),
    Column("state", Text, nullable=False),  # PracticeTable.snapshot() as JSON
    Column("updated_at", DateTime, nullable=False),
    UniqueConstraint("profile_id", name="uq_practice_sessions_profile"),
)


# Revision 0008: «Le mie mani», the hands a learner built («Crea una mano») or imported, as PHH.
user_hands = Table(
    "user_hands", metadata,
    Column("id", Integer, primary_key=True),
    Column("profile_id", Integer, ForeignKey("profiles.id"), nullable=False),
    Column("title", String(MAX_HAND_TITLE), nullable=False),
    Column("phh", Text, nullable=False),  # the whole hand, the players' names as the user typed them
    Column("source", String(MAX_SOURCE), nullable=False),  # "builder" | "import"
    Column("created_at", DateTime, nullable=False),
    # Revision 0011: what the paged list searches and filters on, read from the PHH when saved
    # (coach/store/handmeta.py): the room («venue»), the players, the hero's decisions, the search text.
    Column("room", String(MAX_ROOM), nullable=True),
    Column("players", String(MAX_PLAYERS_TEXT), nullable=False, server_default=""),
    Column("hero_decisions", Integer, nullable=True),
    Column("search", Text, nullable=False, server_default=""),
    Index("ix_user_hands_profile", "profile_id", "id"),
    Index("ix_user_hands_profile_source", "profile_id", "source", "id"),
)

# Revision 0004: the live class (coach/live.py). A class has a short join code and
# an expiry; its pupils have a display name unique in the class (compared without case) and
# a secret token their phone keeps in its URL; a question is a lesson's decision point the
# teacher opened as a vote; an answer is one pupil's choice, once per question (the unique
# key makes a repeated or raced answer count once), with the coach's grade.
live_classes = Table(
    "live_classes", metadata,
    Column("id", Integer, primary_key=True),
    Column("code", String(CODE_LENGTH), nullable=False),
    Column("teacher", String(MAX_NAME), nullable=False),  # the teacher's profile
    Column("title", String(MAX_CLASS_TITLE), nullable=False, default=""),
    Column("created_at", DateTime, nullable=False),
    Column("expires_at", DateTime, nullable=False),
    Column("closed_at", DateTime, nullable=True),
    # Revision 0006: the SHA-256 of the class's teacher secret (every teacher action checks it),
    # and «Chiudi le iscrizioni».
    Column("teacher_key", String(64), nullable=True),
    Column("joins_closed", Boolean, nullable=False, default=False, server_default=false()),
    Column("max_pupils", Integer, nullable=True),  # revision 0012: the size the teacher set (NULL: 200)
    UniqueConstraint("code", name="uq_live_classes_code"),
    Index("ix_live_classes_teacher", "teacher", "created_at"),
    Index("ix_live_classes_expires", "expires_at"),
)
live_pupils = Table(
    "live_pupils", metadata,
    Column("id", Integer, primary_key=True),
    Column("class_id", Integer, ForeignKey("live_classes.id"), nullable=False),
    Column("name", String(MAX_PUPIL_NAME), nullable=False),
    Column("name_key", String(MAX_NAME_KEY), nullable=False),  # casefolded skeleton, hashed when longer
    Column("token", String(MAX_TOKEN), nullable=False),
    Column("profile", String(MAX_NAME), nullable=True),  # the pupil's own progress profile
    Column("joined_at", DateTime, nullable=False),
    # Revision 0006: a removed pupil's row stays (answers deleted) so the name stays blocked.
    Column("removed_at", DateTime, nullable=True),
    UniqueConstraint("class_id", "name_key", name="uq_live_pupils_class_name"),
    UniqueConstraint("token", name="uq_live_pupils_token"),
)
live_questions = Table(
    "live_questions", metadata,
    Column("id", Integer, primary_key=True),
    Column("class_id", Integer, ForeignKey("live_classes.id"), nullable=False),
    Column("number", Integer, nullable=False),  # 1, 2, ... in the class
    Column("spot", String(MAX_SPOT), nullable=False),  # coach.live.SpotRef.key()
    Column("opened_at", DateTime, nullable=False),
    Column("closes_at", DateTime, nullable=True),  # the countdown's end, if the teacher set one
    Column("closed_at", DateTime, nullable=True),
    # Revision 0005: the hand history of a ``phh:`` spot (a hand the teacher pasted), so every
    # app process can show and grade it; NULL for a lesson's decision point or question.
    Column("hand", Text, nullable=True),
    UniqueConstraint("class_id", "number", name="uq_live_questions_class_number"),
)
live_answers = Table(
    "live_answers", metadata,
    Column("id", Integer, primary_key=True),
    Column("question_id", Integer, ForeignKey("live_questions.id"), nullable=False),
    Column("pupil_id", Integer, ForeignKey("live_pupils.id"), nullable=False),
    Column("answer", String(MAX_ACTION), nullable=False),  # the PHH code, "p3 cbr 6"
    Column("grade", String(MAX_GRADE), nullable=True),
    Column("ev_loss_bb", Float, nullable=True),
    Column("answered_at", DateTime, nullable=False),
    UniqueConstraint("question_id", "pupil_id", name="uq_live_answers_question_pupil"),
)

# Revision 0006: token buckets shared by every app process (joins per connection and per client
# address, transfer-code attempts): ``bucket`` names what is limited, ``tokens`` what is left.
rate_limits = Table(
    "rate_limits", metadata,
    Column("id", Integer, primary_key=True),
    Column("bucket", String(200), nullable=False),
    Column("tokens", Float, nullable=False),
    Column("updated_at", DateTime, nullable=False),
    UniqueConstraint("bucket", name="uq_rate_limits_bucket"),
)

# Revision 0009: session reviews run by the task queue's workers (coach.review.jobs): progress,
# cancel flag (status "cancelled") and the result as JSON.
review_jobs = Table(
    "review_jobs", metadata,
    Column("id", Integer, primary_key=True),
    Column("profile_id", Integer, ForeignKey("profiles.id", name="fk_review_jobs_profile"), nullable=False),
    Column("status", String(16), nullable=False),  # queued running done cancelled failed
    Column("done", Integer, nullable=False),
    Column("total", Integer, nullable=False),
    Column("created", DateTime, nullable=False),
    Column("result", Text, nullable=True),
    # Revision 0012: the client address that asked (NULL: unknown), for the limit of reviews under
    # way per address, and when the page last looked at the job (a review nobody watches is cancelled)
    Column("address", String(MAX_ADDRESS), nullable=True),
    Column("seen", DateTime, nullable=True),
    Index("ix_review_jobs_profile", "profile_id", "id"),
    Index("ix_review_jobs_address", "address", "status"),
)

parse_jobs = Table(
    "parse_jobs", metadata,
    Column("id", Integer, primary_key=True),
    Column("profile_id", Integer, ForeignKey("profiles.id", name="fk_parse_jobs_profile"), nullable=False),
    Column("purpose", String(16), nullable=False),  # replayer live import
    Column("status", String(16), nullable=False),  # queued running done failed saved (import)
    Column("created", DateTime, nullable=False),
    Column("result", Text, nullable=True),
    Column("address", String(MAX_ADDRESS), nullable=True),  # revision 0012: as review_jobs.address
    Index("ix_parse_jobs_profile", "profile_id", "purpose", "id"),
    Index("ix_parse_jobs_address", "address", "status"),
    sqlite_autoincrement=True,  # a new job never takes the id of the one it replaced (the page's «seen»)
)
