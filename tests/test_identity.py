"""coach.identity: profile ids, transfer codes and the profile cookie, read from a plain dict."""

from __future__ import annotations

import math
from urllib.parse import quote

import pytest

from coach.errors import InvalidInput
from coach.identity import (
    COOKIE_DAYS,
    COOKIE_VERSION,
    PROFILE_COOKIE,
    TRANSFER_ALPHABET,
    CookieProfile,
    forwarded_address,
    new_profile_id,
    new_transfer_code,
    normalise_transfer_code,
    profile_cookie_value,
    read_profile_cookie,
    transfer_hash,
    trusted_proxies,
)
from coach.signing import PURPOSE_PROFILE, PURPOSE_TEACHER, Signer

SECRET = "0123456789abcdef" * 4
signer = Signer(SECRET, PURPOSE_PROFILE)


def test_a_profile_id_is_random_and_carries_128_bits() -> None:
    ids = {new_profile_id() for _ in range(200)}
    assert len(ids) == 200
    for pid in ids:
        assert pid.startswith("u-") and len(pid) == 24  # 16 bytes of urlsafe base64: 22 characters


def test_a_transfer_code_is_typeable_and_has_more_than_60_bits() -> None:
    assert not set("ILO01") & set(TRANSFER_ALPHABET) and len(set(TRANSFER_ALPHABET)) == 31
    assert 16 * math.log2(len(TRANSFER_ALPHABET)) > 60
    codes = {new_transfer_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        groups = code.split("-")
        assert [len(g) for g in groups] == [4, 4, 4, 4]
        assert all(c in TRANSFER_ALPHABET for c in "".join(groups))
        assert normalise_transfer_code(code) == code


def test_a_typed_code_is_read_in_any_case_and_spacing() -> None:
    code = "K7MX-Q3RT-ABCD-2345"
    for typed in ("k7mx q3rt abcd 2345", " K7MXQ3RTABCD2345 ", "k7mx-q3rt-abcd-2345"):
        assert normalise_transfer_code(typed) == code
    assert transfer_hash("k7mxq3rtabcd2345") == transfer_hash(code)
    for bad in ("", "Marco", "K7MX-Q3RT-ABCD-234", "K7MX-Q3RT-ABCD-23450", "O7MX-Q3RT-ABCD-2345",
                "x" * 500, None):
        assert normalise_transfer_code(bad) is None
    with pytest.raises(InvalidInput):
        transfer_hash("Marco")


def test_a_signed_cookie_names_its_profile() -> None:
    value = profile_cookie_value("u-abc", signer)
    assert read_profile_cookie({PROFILE_COOKIE: value}, signer) == CookieProfile(profile="u-abc")
    assert read_profile_cookie({PROFILE_COOKIE: quote(value, safe="")}, signer).profile == "u-abc"


def test_a_forged_cookie_names_nothing() -> None:
    # The old cookie was the bare name: today it is not trusted, only remembered as a legacy name
    # (which may claim a profile nobody has claimed, Store.claim_profile), never as a profile.
    assert read_profile_cookie({PROFILE_COOKIE: "Marco"}, signer) == CookieProfile(legacy="Marco")
    assert read_profile_cookie({PROFILE_COOKIE: "Prof%20Rossi"}, signer).legacy == "Prof Rossi"
    assert read_profile_cookie({PROFILE_COOKIE: "kqmx-4727"}, signer).legacy == "KQMX-4727"
    other = Signer("f" * 64, PURPOSE_PROFILE).sign("Marco")  # another server's secret
    teacher = Signer(SECRET, PURPOSE_TEACHER).sign("Marco")  # our secret, another purpose
    good = profile_cookie_value("u-abc", signer)
    # another value under the signature of u-abc
    edited = profile_cookie_value("u-abd", signer).split(".")[0] + "." + good.split(".")[1]
    for value in (other, teacher, edited):
        assert read_profile_cookie({PROFILE_COOKIE: value}, signer).profile is None
    assert read_profile_cookie({}, signer) == CookieProfile()
    assert read_profile_cookie({PROFILE_COOKIE: ""}, signer) == CookieProfile()
    assert read_profile_cookie({PROFILE_COOKIE: "x" * 100}, signer) == CookieProfile()  # too long for one
    # a signed value the store would refuse is no profile either
    assert read_profile_cookie({PROFILE_COOKIE: signer.sign("a\x01b")}, signer) == CookieProfile()
    assert read_profile_cookie({PROFILE_COOKIE: signer.sign(["u-abc"])}, signer) == CookieProfile()


def test_the_client_address_behind_nginx_is_the_proxys_last_forwarded_entry() -> None:
    """Streamlit sees nginx's loopback address; nginx appends the real client last to X-Forwarded-For,
    after whatever the client wrote (which is never believed)."""
    assert forwarded_address("10.0.0.5", "6.6.6.6") == "10.0.0.5"  # no proxy: the peer, the header ignored
    assert forwarded_address(None, "6.6.6.6, 10.0.0.9") == "10.0.0.9"
    assert forwarded_address("127.0.0.1", "10.0.0.9") == "10.0.0.9"
    assert forwarded_address(None, None) is None and forwarded_address(None, "junk") is None
    assert forwarded_address(None, "127.0.0.1") is None  # a script on the server itself: unknown
    compose = trusted_proxies("172.16.0.0/12, nonsense")
    assert forwarded_address("172.18.0.3", "10.0.0.9", compose) == "10.0.0.9"
    assert forwarded_address("172.18.0.3", "10.0.0.9") == "172.18.0.3"  # not trusted: the peer



def test_the_cookie_carries_its_device_version_and_expiry() -> None:
    signer = Signer(SECRET, PURPOSE_PROFILE)
    now = 1_800_000_000.0
    value = profile_cookie_value("u-abc", signer, "d-xyz", now=now)
    cookie = {PROFILE_COOKIE: value}
    assert read_profile_cookie(cookie, signer, now=now) == CookieProfile("u-abc", device="d-xyz")
    expired = now + COOKIE_DAYS * 86400 + 1
    assert read_profile_cookie({PROFILE_COOKIE: value}, signer, now=expired) == CookieProfile()
    other = signer.sign({"v": COOKIE_VERSION + 1, "p": "u-abc", "d": "d-xyz", "x": int(now) + 10})
    assert read_profile_cookie({PROFILE_COOKIE: other}, signer, now=now) == CookieProfile()
    no_device = signer.sign({"v": COOKIE_VERSION, "p": "u-abc", "x": int(now) + 10})
    assert read_profile_cookie({PROFILE_COOKIE: no_device}, signer, now=now) == CookieProfile()
