"""Who a browser is: a server-issued profile id in a signed cookie, and secret transfer codes.

A profile used to be its name, and the name was the credential: whoever typed «Marco» in
Impostazioni, or sent the cookie ``coach_profile=Marco``, read and changed Marco's progress.
Now (docs/SECURITY-learner.md):

* a new browser gets a random id (:func:`new_profile_id`, 128 bits) that the server signs
  into its cookie; a cookie whose signature fails names nothing (a new profile);
* the learner's name is only a display name: it never finds a profile;
* a profile moves to another browser only with its *transfer code*
  (:func:`new_transfer_code`, ~79 bits), shown to the learner on request; the store keeps
  only its SHA-256 (:func:`transfer_hash`);
* a browser still holding the old unsigned cookie (a name, or a guest code such as
  ``KQMX-4727``) may claim that profile once, if nobody has claimed it since revision 0006.

Pure code: the cookies come in as a mapping, so a test passes a dict.
"""

from __future__ import annotations

import hashlib
import ipaddress
import re
import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final
from urllib.parse import unquote

from coach.errors import InvalidInput
from coach.i18n import N_
from coach.signing import Signer
from coach.store.checks import clean_profile_name

PROFILE_COOKIE: Final[str] = "coach_profile"  # the signed id (before revision 0006: the bare name)
PROFILE_PREFIX: Final[str] = "u-"
PROFILE_ID_BYTES: Final[int] = 16  # 128 random bits
COOKIE_VERSION: Final[int] = 2  # the signed cookie's format: {"v", "p" profile, "d" device, "x" expiry}
COOKIE_DAYS: Final[int] = 365  # a cookie not written again for this long names nothing

# A transfer code: four groups of four characters from 31 that cannot be mistaken for one
# another (no I, L, O, 0, 1): 16 * log2(31) ≈ 79 bits, typed on a phone in a few seconds.
TRANSFER_ALPHABET: Final[str] = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
TRANSFER_GROUPS: Final[int] = 4
TRANSFER_GROUP_SIZE: Final[int] = 4
_TRANSFER_LENGTH: Final[int] = TRANSFER_GROUPS * TRANSFER_GROUP_SIZE
_SEPARATORS = re.compile(r"[\s\-.·_]+")

# The guest codes the release before revision 0006 made for a new browser ("KQMX-4727"):
# a profile claimed with one gets no display name (a code is not a name).
LEGACY_GUEST_CODE: Final = re.compile(r"^[A-Z]{4}-[0-9]{4}$")


def new_profile_id() -> str:
    """A new browser's profile id: 128 random bits, never shown, only ever sent signed."""
    return PROFILE_PREFIX + secrets.token_urlsafe(PROFILE_ID_BYTES)


def new_transfer_code() -> str:
    """A random transfer code, grouped for reading aloud and typing: ``K7MX-Q3RT-...``."""
    chars = "".join(secrets.choice(TRANSFER_ALPHABET) for _ in range(_TRANSFER_LENGTH))
    return "-".join(chars[i:i + TRANSFER_GROUP_SIZE] for i in range(0, _TRANSFER_LENGTH, TRANSFER_GROUP_SIZE))


def normalise_transfer_code(text: object) -> str | None:
    """The canonical form of a typed code (any case, spaces or dashes anywhere), or None.

    None for anything that cannot be a code (wrong length, a character outside the
    alphabet): such a text is refused before the store is asked.
    """
    if not isinstance(text, str) or len(text) > 4 * _TRANSFER_LENGTH:
        return None
    chars = _SEPARATORS.sub("", text).upper()
    if len(chars) != _TRANSFER_LENGTH or any(c not in TRANSFER_ALPHABET for c in chars):
        return None
    return "-".join(chars[i:i + TRANSFER_GROUP_SIZE] for i in range(0, _TRANSFER_LENGTH, TRANSFER_GROUP_SIZE))


def transfer_hash(code: str) -> str:
    """What the store keeps of a transfer code: the SHA-256 (hex) of its canonical form.

    The code has ~79 random bits, so a plain hash cannot be reversed by guessing; a slow
    password hash would only slow the server (the store looks codes up by this value).
    """
    canonical = normalise_transfer_code(code)
    if canonical is None:
        raise InvalidInput(N_("This is not a transfer code: it has {length} letters and digits "
                              "in groups of {size}."),
                           length=str(_TRANSFER_LENGTH), size=str(TRANSFER_GROUP_SIZE))
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


@dataclass(frozen=True)
class CookieProfile:
    """What a browser's profile cookie says.

    ``profile``: the id in a cookie signed by this server (trusted). ``legacy``: the name
    in an unsigned cookie as the release before revision 0006 wrote it; it is *not*
    trusted: it may only claim a profile nobody has claimed yet (Store.claim_profile).
    """

    profile: str | None = None
    legacy: str | None = None
    # Since revision 0012 the signed cookie names the browser's device row too (None: a cookie of the
    # format before, which the store lets in until the learner disconnects his other devices).
    device: str | None = None


def _clean(value: object) -> str | None:
    try:
        cleaned = clean_profile_name(value)
    except InvalidInput:
        return None
    return cleaned if cleaned == value else None


def read_profile_cookie(cookies: Mapping[str, object], signer: Signer, *,
                        now: float | None = None) -> CookieProfile:
    """The profile a browser's cookies name (see :class:`CookieProfile`); nothing for no cookie."""
    raw = cookies.get(PROFILE_COOKIE)
    if not isinstance(raw, str) or not raw:
        return CookieProfile()
    value = unquote(raw)
    signed = signer.unsign(value)
    if isinstance(signed, dict):  # the format of revision 0012: profile, device, version, expiry
        expiry = signed.get("x")
        if signed.get("v") != COOKIE_VERSION or not isinstance(expiry, int) or isinstance(expiry, bool) \
                or expiry < int(now if now is not None else time.time()):
            return CookieProfile()  # another version, or expired: names nothing
        device = signed.get("d")
        profile = _clean(signed.get("p"))
        if profile is None or not isinstance(device, str) or not device:
            return CookieProfile()
        return CookieProfile(profile=profile, device=device[:32])
    if signed is not None:
        return CookieProfile(profile=_clean(signed))
    # The old cookie was the URL-quoted name; a guest code in any case was the same profile.
    legacy = _clean(" ".join(value.split()))
    if legacy is not None and LEGACY_GUEST_CODE.match(legacy.upper()):
        legacy = legacy.upper()
    return CookieProfile(legacy=legacy)


def profile_cookie_value(profile: str, signer: Signer, device: str | None = None, *,
                         now: float | None = None) -> str:
    """The value of the profile cookie: the profile's id and, since revision 0012, this browser's
    device, the cookie's version and its expiry (:data:`COOKIE_DAYS` from today: the page writes it
    again on every run, so a browser in use never reaches it), signed for this purpose."""
    if device is None:
        return signer.sign(profile)
    # to the day: the value a browser keeps changes once a day, not on every run
    today = int(now if now is not None else time.time()) // 86400
    expiry = (today + COOKIE_DAYS) * 86400
    return signer.sign({"v": COOKIE_VERSION, "p": profile, "d": device, "x": expiry})


ENV_TRUSTED_PROXIES: Final[str] = "COACH_TRUSTED_PROXIES"


def trusted_proxies(text: str | None) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    """The proxies whose ``X-Forwarded-For`` is believed, from ``COACH_TRUSTED_PROXIES`` (addresses or
    networks, comma-separated: docker compose's nginx is on a private network, not on loopback).
    A part that is not an address is left out."""
    out = []
    for part in (text or "").split(","):
        try:
            out.append(ipaddress.ip_network(part.strip(), strict=False))
        except ValueError:
            continue
    return tuple(out)


def forwarded_address(peer: str | None, forwarded_for: str | None,
                      trusted: Sequence[ipaddress.IPv4Network | ipaddress.IPv6Network] = ()) -> str | None:
    """The client's address: the TCP peer, or behind a trusted proxy (loopback, Streamlit reporting
    no peer, or a peer in ``trusted``) the address the proxy added last to ``X-Forwarded-For``
    (nginx's ``$proxy_add_x_forwarded_for``: what the client wrote comes first, the proxy's own entry
    last, so a client cannot choose it). None when unknown or itself loopback (a script on the server).
    """
    def parsed(text: str | None) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
        try:
            return ipaddress.ip_address((text or "").strip())
        except ValueError:
            return None

    direct = parsed(peer)
    behind_proxy = direct is None or direct.is_loopback or any(direct in net for net in trusted)
    if not behind_proxy:
        return str(direct)
    if peer and direct is None:  # a peer Streamlit names in another way: as it is
        return peer
    last = parsed(forwarded_for.rsplit(",", 1)[-1]) if forwarded_for else None
    if last is None:
        return None if direct is None or direct.is_loopback else str(direct)
    return None if last.is_loopback else str(last)
