"""The learner's progress and the live class, stored in a real database (SQLAlchemy 2 Core).

Streamlit forgets a session on a browser refresh, and on a class server a
learner's next click may reach another app process, so everything a learner
earns (completed lessons, quiz answers by topic, graded decisions, the answers
given inside a lesson, where they left off, their settings) is written here as
soon as it happens. By default the database is SQLite in the user's data
folder, so progress survives a restart with nothing to configure; a class
server points ``COACH_DATABASE_URL`` (or the Streamlit secret
``database_url``, read by ``coach.ui``) at PostgreSQL (``pip install -e
".[postgres]"``, docs/DEPLOY.md), and every pupil's profile lives there.

The package, one idea per module:

* :mod:`~coach.store.connection`: the database URL, the engine (pool limits,
  SQLite's pragmas, ``BEGIN IMMEDIATE`` and busy timeout, PostgreSQL's connect
  options) and the one typed error every failure becomes;
* :mod:`~coach.store.checks`: the limits and the argument checks made before any SQL;
* :mod:`~coach.store.tables`: the schema (the head revision of ``migrations/``);
* :mod:`~coach.store.records`: what the store's methods return (frozen dataclasses);
* :mod:`~coach.store.base`: transactions, the schema check, race-free inserts;
* :mod:`~coach.store.progress`: a learner's profile, identity, lessons, answers,
  decisions, review cards and practice hands;
* :mod:`~coach.store.live` and :mod:`~coach.store.admission`: the live class
  (classes, pupils, votes, results, the purge) and who may enter it (rate limits,
  closed joins, removed and blocked names);
* :mod:`~coach.store.hands`: «Le mie mani», the hands a learner built or imported;
* ``migrations/``: the schema versions (Alembic). Its ``env.py`` imports
  :mod:`~coach.store.tables` at the top; nothing here imports ``env.py``.

:class:`Store` is one class made of those parts as mixins over
:class:`~coach.store.base.StoreBase`, rather than a store that delegates to a
progress store and a live-class store: the pages hold one object and call each
method by its name (no forwarding methods to keep in step), every method of
every part runs through the same ``_tx`` and the same once-per-store schema
check, and a test that replaces ``Store._tx`` reaches all of them.

What the store guarantees, because a class of 30 clicks at the same moment:

* **No lost or failed write under concurrency.** A profile is created by its
  first write with ``INSERT ... ON CONFLICT DO NOTHING`` (SQLite and
  PostgreSQL dialect inserts; other databases: a savepoint and a retry on
  ``IntegrityError``); «lesson completed» is the same idempotent insert, so
  eight processes marking it at once get one ``True`` and seven ``False``.
  SQLite write transactions start with ``BEGIN IMMEDIATE`` and wait (busy
  timeout) instead of failing when another process holds the lock.
* **Reads never write**: asking about an unknown profile returns empty
  progress and creates nothing, so a read-only database still serves reads.
* **Every argument is checked** before any SQL, with :class:`InvalidInput`
  naming the field and the limit (a 61-character name is refused, never cut
  into somebody else's profile; a NaN EV is refused, not stored as NULL).
* **Every database failure is one typed error**, :class:`StoreError` (driver
  missing, server gone, read-only, damaged file, schema too new or too old),
  whose message the UI shows as «progressi non salvati» while the learner
  goes on.
* **The schema is versioned with Alembic** (``coach/store/migrations``): the
  first use checks the version; an empty database is created, an older one is
  upgraded (SQLite by default; on a server with ``COACH_DB_AUTO_UPGRADE=1`` or
  ``python -m coach db upgrade``), a newer one is refused.

This package never imports streamlit: the UI caches one :class:`Store` per URL
with ``st.cache_resource`` (the engine's pool is thread-safe and the store is
never mutated after its schema check); tests create their own.
"""

from __future__ import annotations

from coach.store.admission import AdmissionStore
from coach.store.devices import DeviceStore
from coach.store.hands import HandsStore
from coach.store.parsejobs import ParseJobStore
from coach.store.progress import ProgressStore
from coach.store.reviews import ReviewJobStore

__all__ = ["Store"]


class Store(ProgressStore, AdmissionStore, HandsStore, ReviewJobStore, ParseJobStore, DeviceStore):
    """Progress store and live class over one SQLAlchemy engine; every method is one transaction.

    Profiles are addressed by name (what the learner typed in Impostazioni, or
    the browser's guest code) and created by their first write, so pages never
    handle database ids. Every method raises :class:`InvalidInput` for a bad
    argument and :class:`StoreError` for a database that fails, nothing else.
    """
