"""The browsers using a profile (revision 0012; docs/SECURITY.md, «Dispositivi»).

A learner's signed cookie used to name only his profile: whoever once typed his transfer code, or
copied the cookie, kept the profile for ever. Now each browser is a row here, created when the
browser gets its profile (a new one, a transfer code, or an older cookie the first time it comes
back), and the cookie names that row (:mod:`coach.identity`). A row deleted is a browser
disconnected: its cookie opens nothing and it starts afresh. Impostazioni lists the rows, deletes
the others («Scollega gli altri dispositivi»), and a new transfer code can delete the rows the
codes before it let in.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, func, insert, select, update

from coach.store.base import StoreBase
from coach.store.checks import clean_profile_name, utc_now
from coach.store.tables import profile_devices, profiles

__all__ = ["DEVICE_VIAS", "MAX_DEVICES", "Device", "DeviceStore", "new_device_id"]

DEVICE_VIAS = ("new", "transfer", "legacy")
MAX_DEVICES = 50  # a profile's browsers; the least recently seen goes when a new one comes
SEEN_EVERY_S = 300.0  # «last seen» is written at most this often (a check each rerun costs a read)
MAX_LABEL = 80


@dataclass(frozen=True)
class Device:
    device: str
    label: str
    via: str
    created: datetime
    seen: datetime


def new_device_id() -> str:
    """A browser's device id: 128 random bits, never shown, only ever sent signed."""
    return "d-" + secrets.token_urlsafe(16)


def _device(value: object) -> str | None:
    return value if isinstance(value, str) and 0 < len(value) <= 32 else None


class DeviceStore(StoreBase):
    """The ``profile_devices`` table (a mixin of :class:`coach.store.Store`)."""

    def register_device(self, profile: str, *, label: str = "", via: str = "new",
                        transfer_hash: str | None = None) -> str:
        """A new device of the profile (created with it if new); its id, for the signed cookie."""
        if via not in DEVICE_VIAS:
            raise ValueError(f"unknown device origin {via!r}")
        name = clean_profile_name(profile)
        device = new_device_id()
        now = utc_now()
        with self._tx(write=True) as conn:
            pid = self._ensure_profile(conn, name)
            count = conn.scalar(select(func.count(profile_devices.c.id))
                                .where(profile_devices.c.profile_id == pid)) or 0
            if count >= MAX_DEVICES:  # the oldest-seen go: a profile's list stays short
                old = select(profile_devices.c.id).where(profile_devices.c.profile_id == pid).order_by(
                    profile_devices.c.seen).limit(int(count) - MAX_DEVICES + 1)
                conn.execute(delete(profile_devices).where(profile_devices.c.id.in_(list(conn.scalars(old)))))
            conn.execute(insert(profile_devices).values(
                profile_id=pid, device=device, label=" ".join(str(label).split())[:MAX_LABEL], via=via,
                transfer_hash=transfer_hash, created=now, seen=now))
        return device

    def check_device(self, profile: str, device: str, *, label: str = "", via: str = "new") -> bool:
        """Whether the browser whose cookie names ``device`` may still be ``profile``.

        Its row there: yes («last seen» kept roughly fresh). No row: a browser whose profile was
        never written (nothing to protect, nothing created) or written before this browser's row
        existed, as long as the learner never disconnected his devices: yes, and the row is made
        (``via``, ``label``). After «Scollega gli altri dispositivi» or a new transfer code that ended
        them, a browser without its row is disconnected: no.
        """
        name, dev = clean_profile_name(profile), _device(device)
        if dev is None:
            return False
        now = utc_now()
        with self._tx(write=False) as conn:
            who = conn.execute(select(profiles.c.id, profiles.c.devices_reset_at)
                               .where(profiles.c.name == name)).first()
            row = None if who is None else conn.execute(
                select(profile_devices.c.id, profile_devices.c.seen).where(
                    profile_devices.c.profile_id == who.id, profile_devices.c.device == dev)).first()
        if who is None:
            return True
        if row is None:
            if who.devices_reset_at is not None:
                return False
            self._adopt(name, dev, label, via)
            return True
        if now - row.seen > timedelta(seconds=SEEN_EVERY_S):
            with self._tx(write=True) as conn:
                conn.execute(update(profile_devices).where(profile_devices.c.id == row.id).values(seen=now))
        return True

    def _adopt(self, name: str, device: str, label: str, via: str) -> None:
        now = utc_now()
        with self._tx(write=True) as conn:
            pid = self._ensure_profile(conn, name)
            self._insert_ignore(conn, profile_devices, {
                "profile_id": pid, "device": device, "label": " ".join(str(label).split())[:MAX_LABEL],
                "via": via, "transfer_hash": None, "created": now, "seen": now}, ("device",))

    def legacy_cookie_ok(self, profile: str) -> bool:
        """Whether a cookie of the format before revision 0012 (a profile, no device) may still open
        the profile: only until the learner first disconnects his other devices."""
        name = clean_profile_name(profile)
        with self._tx(write=False) as conn:
            row = conn.execute(select(profiles.c.devices_reset_at).where(profiles.c.name == name)).first()
        return row is None or row.devices_reset_at is None

    def devices(self, profile: str) -> list[Device]:
        """The profile's browsers, the most recently seen first."""
        name = clean_profile_name(profile)
        with self._tx(write=False) as conn:
            rows = conn.execute(select(profile_devices)
                                .join(profiles, profiles.c.id == profile_devices.c.profile_id)
                                .where(profiles.c.name == name)
                                .order_by(profile_devices.c.seen.desc(), profile_devices.c.id.desc())
                                .limit(MAX_DEVICES)).all()
        return [Device(r.device, r.label, r.via, r.created, r.seen) for r in rows]

    def disconnect_devices(self, profile: str, keep: str, *, only_transfer: bool = False,
                           label: str = "") -> int:
        """Delete the profile's devices but ``keep`` (this browser, given its row first if it had none);
        with ``only_transfer`` only the ones a transfer code let in. Older cookies without a device stop
        working too. How many."""
        name = clean_profile_name(profile)
        now = utc_now()
        with self._tx(write=True) as conn:
            pid = self._ensure_profile(conn, name)
            if _device(keep) is not None:
                self._insert_ignore(conn, profile_devices, {
                    "profile_id": pid, "device": keep, "label": " ".join(str(label).split())[:MAX_LABEL],
                    "via": "new", "transfer_hash": None, "created": now, "seen": now}, ("device",))
            where = [profile_devices.c.profile_id == pid, profile_devices.c.device != (_device(keep) or "")]
            if only_transfer:
                where.append(profile_devices.c.via == "transfer")
            gone = conn.execute(delete(profile_devices).where(*where)).rowcount or 0
            conn.execute(update(profiles).where(profiles.c.id == pid).values(devices_reset_at=utc_now()))
        return int(gone)
