"""The pure parts of the teacher's safety in the live class (issue 22): the LAN address found with a
(fake) UDP socket, the loopback names, the verdict's mark, the neutral distribution and the count of
the pupils who did not answer."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from coach.live import (
    PROBE_ADDRESS,
    Turnout,
    distribution,
    is_loopback,
    lan_address,
    neutral_distribution,
    turnout,
    verdict_shown,
    vote_open,
)


class FakeSocket:
    """A UDP socket that records what it was asked and answers ``name`` (or raises ``fail``)."""

    def __init__(self, name: object = ("192.168.1.20", 40000), fail: type[OSError] | None = None) -> None:
        self.name, self.fail = name, fail
        self.connected: tuple[str, int] | None = None
        self.closed = False

    def connect(self, address: tuple[str, int]) -> None:
        if self.fail is not None:
            raise self.fail("Network is unreachable")
        self.connected = address

    def getsockname(self) -> object:
        return self.name

    def close(self) -> None:
        self.closed = True


def test_the_lan_address_is_the_one_the_kernel_would_use() -> None:
    sock = FakeSocket()
    assert lan_address(lambda: sock) == "192.168.1.20"  # type: ignore[arg-type,return-value]
    assert sock.connected == PROBE_ADDRESS and sock.closed  # a documentation address: nothing is sent


@pytest.mark.parametrize("name", [("127.0.1.1", 5), ("0.0.0.0", 0), ("", 0), (), None])
def test_no_usable_lan_address_gives_none(name: object) -> None:
    sock = FakeSocket(name)
    assert lan_address(lambda: sock) is None  # type: ignore[arg-type,return-value]
    assert sock.closed


def test_no_network_gives_none_and_closes_the_socket() -> None:
    sock = FakeSocket(fail=OSError)
    assert lan_address(lambda: sock) is None  # type: ignore[arg-type,return-value]
    assert sock.closed

    def no_socket() -> FakeSocket:
        raise OSError("no sockets here")

    assert lan_address(no_socket) is None  # type: ignore[arg-type]


@pytest.mark.parametrize("host", ["127.0.0.1", "127.1.2.3", "localhost", "LOCALHOST.", "::1", "[::1]",
                                  "app.localhost", "ip6-localhost"])
def test_loopback_hosts(host: str) -> None:
    assert is_loopback(host)


@pytest.mark.parametrize("host", ["192.168.1.20", "10.0.0.5", "coach.scuola.it", "", None, "localhost.it",
                                  "128.0.0.1"])
def test_hosts_phones_can_reach(host: str | None) -> None:
    assert not is_loopback(host)


T0 = datetime(2026, 12, 1, 9, 0, 0)


def test_the_verdicts_mark_is_never_a_countdown_and_keeps_the_vote_closed() -> None:
    assert not verdict_shown(T0, None)  # no countdown
    assert not verdict_shown(T0, T0 + timedelta(seconds=20))  # a real countdown ends after the opening
    assert verdict_shown(T0, T0)
    assert not vote_open(None, T0, T0) and not vote_open(None, T0, T0 + timedelta(hours=1))


ANSWERS = [("p3 f", "errore"), ("p3 cc", "imprecisa"), ("p3 cc", "imprecisa"), ("p3 cbr 5", "ottima")]


def test_the_neutral_distribution_has_no_grade_and_no_best_first_order() -> None:
    graded = distribution(ANSWERS)
    assert [b.answer for b in graded] == ["p3 cbr 5", "p3 cc", "p3 f"]  # best first: it would tell
    neutral = neutral_distribution(ANSWERS)
    assert [(b.answer, b.count, b.grade) for b in neutral] == [("p3 cc", 2, None), ("p3 cbr 5", 1, None),
                                                               ("p3 f", 1, None)]


def test_the_pupils_who_did_not_answer_are_counted() -> None:
    tally = turnout(ANSWERS[:2], pupils=4)
    assert tally == Turnout(answered=2, total=4, right=0) and tally.missing == 2
    assert turnout(ANSWERS, pupils=4) == Turnout(4, 4, 1)
    assert turnout([], pupils=3).missing == 3
    # a pupil removed after answering no longer counts in the class: never «-1 without an answer»
    assert turnout(ANSWERS, pupils=2) == Turnout(4, 4, 1)
