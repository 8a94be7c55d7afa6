"""coach.review.parsejobs: a hand file read by a queue worker, its result kept for the page that asked."""

from __future__ import annotations

from pathlib import Path

import pytest
from huey import PostgresHuey

from coach.engine.phh import HandHistory, history_from_table, loads_phh, split_phhs
from coach.errors import CoachError
from coach.learning.handfile import read_hand_file
from coach.review import parsejobs
from coach.review.jobs import queue, queue_url
from coach.review.parsejobs import PARSE_TASK, enqueue_parse, precheck, report_of, run_parse_job
from coach.store import Store
from tests.support.rooms_export import export_histories

from .conftest import run_worker_until_finished, session_text


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    return Store(f"sqlite:///{tmp_path / 'coach.db'}")


def _hands(text: str) -> list[HandHistory]:
    return [history_from_table(table, source) for source, table in split_phhs(text, "s.phhs") if table]


def _run(store: Store, purpose: str, name: str, text: str, locale: str = "it", keep: bool = False) -> dict:
    job_id = store.create_parse_job("Ada", purpose)
    assert run_parse_job(store, job_id, purpose, name, text.encode("utf-8"), locale, keep) == "done"
    job = store.parse_job(job_id)
    assert job is not None and job.status == "done" and job.result is not None
    return job.result


def test_a_phh_file_comes_back_as_each_hand_normalized_and_a_broken_one_refused(store: Store) -> None:
    hands = _hands(session_text())
    broken = hands[1].dumps().replace("actions = [", "actions = [\"p1 cbr 1\", ", 1)
    text = "\n".join(f"[{i}]\n{t}" for i, t in enumerate([hands[0].dumps(), broken, hands[2].dumps()], 1))
    result = _run(store, "replayer", "tre.phhs", text)
    assert result["name"] == "tre.phhs" and result["report"] is None
    first, second, third = result["hands"]
    assert loads_phh(first["phh"], source="x").actions == hands[0].actions  # the same hand, our PHH
    assert "refused" in second and "tre.phhs" in second["refused"]
    assert loads_phh(third["phh"], source="x").actions == hands[2].actions


def test_a_room_file_comes_back_with_its_report_in_words(store: Store) -> None:
    hands = _hands(session_text())
    stars = export_histories(hands[:3], "pokerstars", hero="Tu")
    result = _run(store, "replayer", "s.txt", stars)
    report = report_of(result["report"])
    assert report.room == "PokerStars" and report.count("ok") == 3 and len(result["hands"]) == 3
    names = loads_phh(result["hands"][0]["phh"], source="x").players
    assert "Tu" in [n.replace("_", " ") for n in names]


def test_the_live_class_gets_a_hand_that_stops_at_a_decision_and_opponents_by_position(store: Store) -> None:
    hand = _hands(session_text())[0]
    text = hand.dumps()
    partial = text[: text.index("actions = [")] + "actions = []\n"
    result = _run(store, "live", "mano.phh", partial)
    [entry] = result["hands"]
    assert "phh" in entry and entry["label"] is None  # PHH: the first hand, not required to be complete
    stars = export_histories(_hands(session_text())[:2], "pokerstars", hero="Tu")
    kept = _run(store, "live", "s.txt", stars, keep=True)["hands"]
    hidden = _run(store, "live", "s.txt", stars, keep=False)["hands"]
    assert [h["label"]["number"] for h in hidden] == [1, 2]
    kept_names = set(loads_phh(kept[0]["phh"], source="x").players)
    hidden_names = set(loads_phh(hidden[0]["phh"], source="x").players)
    assert kept_names != hidden_names and len(kept_names & hidden_names) == 1  # the hero's own name stays


def test_an_import_gets_the_report_and_each_hand_opponents_by_position_unless_kept(store: Store) -> None:
    stars = export_histories(_hands(session_text())[:2], "pokerstars", hero="Tu")
    hidden = _run(store, "import", "s.txt", stars)
    kept = _run(store, "import", "s.txt", stars, keep=True)
    assert report_of(hidden["report"]).count("ok") == 2 and hidden["name"] == "s.txt"
    assert [(h["number"], bool(h["room_hand"])) for h in hidden["hands"]] == [(1, True), (2, True)]
    kept_names = set(loads_phh(kept["hands"][0]["phh"], source="x").players)
    hidden_names = set(loads_phh(hidden["hands"][0]["phh"], source="x").players)
    assert kept_names != hidden_names and len(kept_names & hidden_names) == 1  # the hero's own name stays
    refused = _run(store, "import", "x.txt", "variant = 'NT'\n")
    assert refused["name"] == "x.txt" and "report" not in refused and refused["problem"]


def test_a_file_refused_as_a_whole_says_why_in_the_jobs_language(store: Store) -> None:
    assert "riga 2" in _run(store, "replayer", "x.phh", 'variant = "NT"\nantes [0, 0]\n')["refused"]
    assert "line 2" in _run(store, "replayer", "x.phh", 'variant = "NT"\nantes [0, 0]\n', "en")["refused"]


def test_a_bug_fails_the_job_and_the_worker_goes_on(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*_: object, **__: object) -> None:
        raise RuntimeError("kaboom")

    monkeypatch.setattr(parsejobs, "read_hand_file", boom)
    job_id = store.create_parse_job("Ada", "replayer")
    assert run_parse_job(store, job_id, "replayer", "x.phh", b"x", "it") == "failed"
    job = store.parse_job(job_id)
    assert job is not None and job.status == "failed" and "kaboom" in job.result["error"]  # type: ignore[index]


@pytest.mark.parametrize("data", [b"", b" \n ", b"x" * (1024 * 1024 + 1)])
@pytest.mark.parametrize("name", ["a.phh", "a.txt"])
def test_the_pages_precheck_gives_the_readers_own_error(name: str, data: bytes) -> None:
    with pytest.raises(CoachError) as expected:
        read_hand_file(name, data)
    with pytest.raises(CoachError) as got:
        precheck(name, data)
    assert got.value.message == expected.value.message
    precheck(name, b"variant = 'NT'\n")  # anything else goes to the worker, unread


def test_the_sqlite_queue_carries_the_file_to_a_worker(store: Store, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COACH_DATABASE_URL", store.url)
    monkeypatch.delenv("COACH_QUEUE_URL", raising=False)
    url = queue_url(store.url)
    job_id = enqueue_parse(store, "Ada", "replayer", "s.phhs", session_text().encode(), "it")
    assert store.parse_job(job_id).status == "queued"  # type: ignore[union-attr]
    assert len(queue(url, "files")) == len(queue(url, "reviews")) == 0
    q = queue(url, "hands")  # a small file: its own lane, never behind a big file or a review
    task = q.dequeue()  # what a worker's consumer does, here in the test's thread
    assert task.name == PARSE_TASK
    q.execute(task)
    job = store.parse_job(job_id)
    assert job is not None and job.status == "done" and len(job.result["hands"]) == 12  # type: ignore[index]


def test_the_postgresql_queue_carries_the_file_to_a_worker_process(pg_url: str, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The class server: the message waits in PostgreSQL and ``python -m coach worker`` reads the file."""
    store = Store(pg_url)
    monkeypatch.delenv("COACH_QUEUE_URL", raising=False)
    url = queue_url(store.url)
    job_id = enqueue_parse(store, "Ada", "live", "s.phhs", session_text().encode(), "it")
    assert isinstance(queue(url, "hands"), PostgresHuey) and len(queue(url, "hands")) == 1
    job, log_tail = run_worker_until_finished(store.url, tmp_path, lambda: store.parse_job(job_id))
    assert job is not None and job.status == "done", log_tail
    assert "phh" in job.result["hands"][0]  # type: ignore[index]
