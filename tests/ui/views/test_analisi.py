"""«Analizza la tua sessione» in AppTest: upload read, job started (the queue in memory runs it at once),
results from the store, filters, a decision opened in the Replayer, mistakes into «Ripasso» with consent."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

import pytest
from hostile.cases import ITALIAN_NEEDLE, PHH_TEXTS
from streamlit.testing.v1 import AppTest

from coach.engine.phh import loads_phhs
from coach.store import Store
from coach.ui.views.analisi import UPLOAD
from tests.support.sample import sample_session

from ..helpers import goto, texts


@lru_cache(maxsize=1)
def _session() -> str:
    return sample_session(12, seed=5)


@pytest.fixture()
def started(app: Callable[..., AppTest], db_url: str, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv("COACH_QUEUE_URL", "memory://")
    at = goto(app(), "analisi")
    text = _session()
    at.file_uploader(key="analisi_files").upload("s.phhs", text.encode(), "text/plain").run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state[UPLOAD].hands == len(loads_phhs(text, "s.phhs"))  # counted, not parsed
    assert at.selectbox(key="analisi_hero").value == "Tu"  # detected: the player of every hand
    at.button(key="analisi_start").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_a_session_is_reviewed_and_listed_by_ev_lost(started: AppTest, db_url: str) -> None:
    at = started
    body = texts(at)
    assert "Le tue decisioni, le più costose prima" in body
    job = Store(db_url).latest_review_job("Ospite")
    assert job is not None and job.status == "done" and job.done == job.total == 12
    losses = [d["ev_loss_bb"] or 0.0 for d in job.result["decisions"]]
    assert losses == sorted(losses, reverse=True)
    listed = [b for b in at.button if b.key and b.key.startswith("analisi_open_")]
    assert len(listed) == min(30, len(job.result["decisions"]))
    assert "Mano " in listed[0].label


def test_the_street_filter_keeps_only_that_street(started: AppTest) -> None:
    at = started
    at.multiselect(key="analisi_f_street").set_value(["preflop"]).run()
    labels = [b.label for b in at.button if b.key and b.key.startswith("analisi_open_")]
    assert labels and all("· preflop ·" in x for x in labels)


def test_a_decision_opens_in_the_replayer_at_its_step(started: AppTest, db_url: str) -> None:
    at = started
    job = Store(db_url).latest_review_job("Ospite")
    assert job is not None and job.result is not None
    first = job.result["decisions"][0]
    at.button(key="analisi_open_0").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["replay.step"] == first["step"]
    said = "I giudizi del coach sulle tue scelte in questa mano: "
    assert f"{said}Mano {first['hand'] + 1} (s.phhs) ·" in texts(at)


def test_mistakes_become_cards_only_with_consent(started: AppTest, db_url: str) -> None:
    at = started
    job = Store(db_url).latest_review_job("Ospite")
    assert job is not None and job.result is not None
    mistakes = [d for d in job.result["decisions"] if d["grade"] in ("errore", "errore grave")]
    assert mistakes, "the sample's hero blunders: the review must find mistakes"
    assert at.button(key="analisi_cards").disabled
    at.checkbox(key="analisi_consent").check().run()
    at.button(key="analisi_cards").click().run()
    assert len(Store(db_url).review_cards("Ospite")) == len(mistakes)


RULES = ("board-card-shown.phh", "falsified-showdown.phh", "stolen-cards.phh")  # valid PHH, doctored hands
AT_UPLOAD = ("latin1.phh",)  # (binary bytes) refused by the page's own scan; the rest by the worker's parser


@pytest.mark.parametrize("name", sorted(set(PHH_TEXTS) - set(RULES)) + list(AT_UPLOAD))
def test_a_hostile_file_is_one_italian_error(app: Callable[..., AppTest], monkeypatch: pytest.MonkeyPatch,
                                            name: str) -> None:
    """The page only scans the upload; the worker parses it and the job fails with the Italian reason."""
    monkeypatch.setenv("COACH_QUEUE_URL", "memory://")
    at = goto(app(), "analisi")
    data = PHH_TEXTS[name].encode("utf-8") if name not in AT_UPLOAD else bytes(range(256)) * 4  # binary
    at.file_uploader(key="analisi_files").upload(name, data, "text/plain").run()
    assert not at.exception, [e.value for e in at.exception]
    if name in AT_UPLOAD:
        [err] = at.error
        assert "non si possono analizzare" in err.value and "codifica" in err.value, err.value
        assert UPLOAD not in at.session_state
        return
    assert UPLOAD in at.session_state and not at.error
    at.button(key="analisi_start").click().run()
    assert not at.exception, [e.value for e in at.exception]
    [err] = at.error
    plain = err.value.replace("\\", "").replace("\u2060", "")  # the reason is shown escaped (md_text)
    assert "L'analisi non è riuscita" in plain and ITALIAN_NEEDLE[name] in plain, err.value


@pytest.mark.parametrize("name", RULES)
def test_a_doctored_hand_is_refused_by_the_job_with_its_rule(
        app: Callable[..., AppTest], monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    monkeypatch.setenv("COACH_QUEUE_URL", "memory://")
    at = goto(app(), "analisi")
    at.file_uploader(key="analisi_files").upload(name, PHH_TEXTS[name].encode("utf-8"), "text/plain").run()
    at.button(key="analisi_start").click().run()
    assert not at.exception, [e.value for e in at.exception]
    [warning] = at.warning
    assert "rifiutate dalle regole" in warning.value
    # the reason as the rules say it, with the opponents' names replaced by their seats (privacy:
    # names are not kept unless the learner asks), the hero «p1» kept
    needle = re.sub(r"\bp[2-9]\b", "", ITALIAN_NEEDLE[name]).strip()
    [reason] = [c.value for c in at.caption if needle in c.value]
    assert not re.search(r"\bp[2-9]\b", reason), reason


def test_a_running_job_is_resumed_after_a_reload_and_cancelled(app: Callable[..., AppTest], db_url: str,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's state is the learner's last job in the store: a new session (a reload) shows its bar."""
    monkeypatch.setenv("COACH_QUEUE_URL", "memory://")
    store = Store(db_url)
    job_id = store.create_review_job("Ospite", 40)
    store.start_review_job(job_id)
    store.advance_review_job(job_id, 10)
    at = goto(app(), "analisi")
    [bar] = at.get("progress")
    assert bar.proto.value == 25 and "10 su 40" in bar.proto.text
    at.button(key="analisi_cancel").click().run()
    assert store.review_job(job_id).status == "cancelled"  # type: ignore[union-attr]
    assert "L'ultima analisi è stata annullata." in texts(at)


@pytest.mark.parametrize("keep", [False, True])
def test_the_kept_hands_name_the_opponents_only_if_the_learner_ticks_it(
        app: Callable[..., AppTest], db_url: str, monkeypatch: pytest.MonkeyPatch, keep: bool) -> None:
    monkeypatch.setenv("COACH_QUEUE_URL", "memory://")
    at = goto(app(), "analisi")
    at.file_uploader(key="analisi_files").upload("s.phhs", _session().encode(), "text/plain").run()
    box = at.checkbox(key="analisi_keep_names")
    assert box.label == "Conserva i nomi degli avversari" and box.value is False  # off by default
    if keep:
        box.check().run()
    at.button(key="analisi_start").click().run()
    assert not at.exception, [e.value for e in at.exception]
    job = Store(db_url).latest_review_job("Ospite")
    assert job is not None and job.status == "done" and job.result is not None
    kept = " ".join(job.result["hands"].values())
    assert ("Anna1" in kept) is keep and "Tu" in kept  # the hero keeps his name either way
    first = job.result["decisions"][0]["hand"]
    real = [p for p in loads_phhs(_session(), "s.phhs")[first].players or () if p != "Tu"]
    at.button(key="analisi_open_0").click().run()  # the Replayer opens the kept hand
    assert not at.exception, [e.value for e in at.exception]
    shown = texts(at)
    assert "Tu" in shown and all((name in shown) is keep for name in real)


def test_preflop_chart_decisions_are_listed_with_their_loss(started: AppTest, db_url: str) -> None:
    """Issue 30: a decision the preflop charts grade shows a loss in bb like the others, never
    «(tabelle preflop)» in place of a number (it did, and such decisions sat after all the others)."""
    at = started
    job = Store(db_url).latest_review_job("Ospite")
    assert job is not None
    charts = [d for d in job.result["decisions"] if d["model"] == "chart"]
    assert charts and all(d["ev_loss_bb"] is not None for d in charts)
    listed = [b.label for b in at.button if b.key and b.key.startswith("analisi_open_")]
    preflop = [label for label in listed if "preflop" in label]
    assert preflop and all("bb persi" in label for label in preflop), preflop[:3]
    assert not any("tabelle preflop" in label for label in listed)
