"""«Analizza la tua sessione»: upload your hands, the coach grades every decision of yours in a worker.

The page never parses nor grades in its own thread: it checks the files with one linear scan
each (size, UTF-8, the number of hands: :mod:`coach.review.peek`), lists the names it finds to
ask who the hero is, and puts the raw texts in a job of the task queue
(:mod:`coach.review.jobs`), whose worker reads the hands (a refused or skipped hand is in the
job's result) and grades them; a fragment reads the job's progress from the store every
second (so a reload, or another app process, finds the same job: the learner's last job
is the page's state). The hands kept with the result name the opponents by position unless the
learner ticks «Conserva i nomi degli avversari». The results come from the store too: the
decisions by EV lost with filters, where the chips went, the three leaks, each decision opening in
the Replayer.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from coach.errors import Busy, CoachError
from coach.i18n import Translator, user_params
from coach.review.cards import decision_hand_text, mistakes_to_cards
from coach.review.jobs import enqueue_review, ensure_worker
from coach.review.peek import Upload, peek_upload
from coach.review.session import ReviewedDecision
from coach.review.summary import STREETS, action_words, best_words, hand_name, kind_label, leak_from_json
from coach.rooms import file_types, room_names
from coach.store import Store
from coach.store.reviews import ABANDONED_S, ReviewJob
from coach.textsafe import md_text
from coach.ui import state
from coach.ui.figures import GRADE_LABELS
from coach.ui.navigation import target
from coach.ui.sessionfigures import build_grades_over_session, build_loss_figure
from coach.ui.widgets import page_header, refuse_input

UPLOAD = "analisi.upload"  # the files' texts, hands counted, players, hero guessed (coach.review.peek.Upload)
ERROR = "analisi.error"
BUSY = "analisi.busy"  # the share of reviews under way reached (coach.errors.Busy)
KEEP_NAMES = "analisi_keep_names"  # off by default: the kept hands name opponents by position
MAX_FILES = 20
SHOWN = 30  # decisions listed at once (the costliest of the filter)
POLL_S = 1.0


def _on_upload() -> None:
    files = st.session_state.get("analisi_files") or []
    st.session_state.pop(ERROR, None)
    st.session_state.pop(UPLOAD, None)
    if not files:
        return
    t = state.tr()
    if len(files) > MAX_FILES:
        refuse_input(t("Upload at most {limit} files at a time.", limit=MAX_FILES))
        return
    try:  # one scan of each file: the worker reads the hands
        upload = peek_upload([(f.name, f.getvalue()) for f in files])
    except CoachError as err:
        st.session_state[ERROR] = err
        return
    st.session_state[UPLOAD] = upload
    st.session_state["analisi_hero"] = upload.hero


def _start() -> None:
    upload = st.session_state.get(UPLOAD)
    if not isinstance(upload, Upload):
        return
    chosen = st.session_state.get("analisi_hero")
    hero = chosen if chosen in upload.players else upload.hero
    profile = state.settings().profile
    locale = state.settings().locale
    keep = bool(st.session_state.get(KEEP_NAMES))
    address = state.client_address()
    st.session_state.pop(BUSY, None)

    def enqueue(db: Store) -> int | Busy:
        try:
            return enqueue_review(db, profile, upload.texts, hero, locale, total=upload.hands,
                                  keep_names=keep, address=address)
        except Busy as err:  # one running and one waiting per profile and per address: said, files kept
            return err

    got = state.save(enqueue)
    if isinstance(got, Busy):
        st.session_state[BUSY] = got
    elif got is not None:
        ensure_worker(state.database_url())
        st.session_state.pop(UPLOAD, None)
        st.session_state.pop("analisi_files", None)


def _cancel(job_id: int) -> None:
    profile = state.settings().profile
    state.save(lambda db: db.cancel_review_job(job_id, profile))


def render() -> None:
    t = state.tr()
    page_header(t("Analyze your session"),
                t("Upload your hands: the coach grades every decision of yours and shows the costliest "
                  "first."))
    profile = state.settings().profile
    job: ReviewJob | None = state.load(lambda db: db.latest_review_job(profile), None)
    if job is not None and not job.finished:
        _progress(job.id)
        return
    _upload(t)
    if job is None:
        return
    if job.status == "failed":
        reason = (job.result or {}).get("error", "")
        st.error(t("The analysis failed: {reason}", reason=md_text(reason)), icon=":material/error:")
    elif job.abandoned:
        st.info(t("The last analysis stopped because its page was left for more than {minutes} minutes: "
                  "start it again and keep this page open.", minutes=int(ABANDONED_S // 60)),
                icon=":material/cancel:")
    elif job.status == "cancelled":
        st.info(t("The last analysis was cancelled."), icon=":material/cancel:")
    elif job.result is not None:
        _results(job, t)


def _upload(t: Translator) -> None:
    st.file_uploader(t("Your hand histories (PHH, or {rooms})",
                       rooms=", ".join(room_names(logs=False))),
                     type=["phh", "phhs", *file_types()], accept_multiple_files=True, key="analisi_files",
                     on_change=_on_upload,
                     help=t("At most {files} files of 1 MB each.", files=MAX_FILES))
    err = st.session_state.get(ERROR)
    if isinstance(err, CoachError):
        st.error(t("These files cannot be analysed: {problem}", problem=t.md(user_params(err.message))),
                 icon=":material/error:")
    busy = st.session_state.get(BUSY)
    if isinstance(busy, Busy):
        st.warning(busy.localized(t), icon=":material/hourglass_top:")
    upload = st.session_state.get(UPLOAD)
    if not isinstance(upload, Upload):
        return
    st.caption(t("Hands found: {count}. The coach reads and grades them in the background.",
                 count=upload.hands))
    if upload.players:
        st.selectbox(t("Who are you in these hands?"), upload.players, key="analisi_hero",
                     help=t("The player dealt cards in the room's history, or the one present in most "
                            "hands, is chosen for you."))
    st.checkbox(t("Keep the opponents' names"), key=KEEP_NAMES,
                help=t("Unticked, the hands kept with the analysis name your opponents by their position "
                       "(BTN, SB, BB…): your own name stays."))
    st.button(t("Start the analysis"), key="analisi_start", on_click=_start, type="primary",
              icon=":material/play_arrow:")


@st.fragment(run_every=POLL_S)
def _progress(job_id: int) -> None:
    """The job's progress, read from the store each second; the whole page again once it ends."""
    t = state.tr()
    profile = state.settings().profile
    job: ReviewJob | None = state.load(lambda db: db.review_job(job_id, profile), None)
    if job is None:
        return
    if not job.finished:  # the page is open: the reviews are still wanted (one nobody watches is cancelled)
        state.save(lambda db: db.touch_review_jobs(profile))
    if job.finished:
        st.rerun()
    if job.status == "queued":
        ensure_worker(state.database_url())
    share = job.done / job.total if job.total else 0.0
    st.progress(min(1.0, share), text=t("Analysing your hands: {done} of {total}", done=job.done,
                                        total=job.total))
    st.button(t("Cancel"), key="analisi_cancel", on_click=_cancel, args=(job_id,), icon=":material/cancel:")


def _line(d: ReviewedDecision, t: Translator) -> str:
    if d.ev_loss_bb is None:  # a figure the coach does not give (an untrusted estimate): the grade alone
        return t("{hand} · {street} · {position} · {kind}: **{action}**, {grade} (no loss measured); "
                 "the coach prefers {best}",
                 hand=_capital(t.md(hand_name(d))), street=d.street, position=d.position,
                 kind=t.render(kind_label(d.kind)), action=t.render(action_words(d)),
                 grade=t(GRADE_LABELS.get(d.grade, d.grade)).lower(), best=t.render(best_words(d)))
    loss = t.format_fixed(d.ev_loss_bb, 1)
    return t("{hand} · {street} · {position} · {kind}: **{action}**, {grade}, {loss} bb lost; "
             "the coach prefers {best}",
             hand=_capital(t.md(hand_name(d))), street=d.street, position=d.position,
             kind=t.render(kind_label(d.kind)),
             action=t.render(action_words(d)), grade=t(GRADE_LABELS.get(d.grade, d.grade)).lower(), loss=loss,
             best=t.render(best_words(d)))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _open(result: dict[str, Any], d: ReviewedDecision, t: Translator) -> None:
    """The decision's hand in the Replayer, at the decision, with the verdict above the table."""
    text = decision_hand_text(result, d)
    if text is None:
        return
    verdict = _line(d, t).replace("**", "")
    st.session_state["replay.open"] = (d.source, text, (verdict,), d.step)
    st.switch_page(target("replayer"))


def _results(job: ReviewJob, t: Translator) -> None:
    result = job.result or {}
    summary = result.get("summary", {})
    decisions = [ReviewedDecision.from_dict(x) for x in result.get("decisions", [])]
    st.header(t("Your session, as the coach sees it"))
    a, b, c, e = st.columns(4)
    a.metric(t("Hands"), summary.get("hands", 0))
    b.metric(t("Your decisions"), summary.get("decisions", 0))
    c.metric(t("Mistakes"), summary.get("mistakes", 0))
    e.metric(t("EV lost"), f"{t.format_fixed(summary.get('ev_lost_bb', 0.0), 1)} bb")
    st.caption(t("Player: {hero}. The coach graded these decisions with the same models as the Replayer "
                 "and the lessons: open one in the Replayer for its explanation and figures.",
                 hero=md_text(summary.get("hero", ""))))
    left_out = summary.get("refused", [])
    refused = [r for r in left_out if r.get("status", "refused") != "skipped"]
    skipped = [r for r in left_out if r.get("status") == "skipped"]
    if refused:  # the engine refused these hands (a doctored history): not reviewed, and why
        st.warning(t("Hands refused by the rules, not analysed: {count}.", count=len(refused)),
                   icon=":material/gpp_maybe:")
        for r in refused[:5]:
            st.caption(md_text(r.get("reason", "")))
    if skipped:  # another game in a room's history (Omaha, Limit...): not for this coach
        st.info(t("Hands of other games, skipped: {count}.", count=len(skipped)), icon=":material/skip_next:")
        for r in skipped[:3]:
            st.caption(md_text(f"{r.get('source', '')}: {r.get('reason', '')}"))
    _leaks(result, t)
    left, right = st.columns(2)
    with left:
        st.plotly_chart(build_loss_figure(summary, t), width="stretch", config={"displayModeBar": False},
                        alt=t("EV lost by street: {streets}", streets="; ".join(
                            f"{k} {t.format_fixed(v, 1)} bb"
                            for k, v in summary.get("by_street", {}).items())))
    with right:
        st.plotly_chart(build_grades_over_session(summary, t), width="stretch",
                        config={"displayModeBar": False},
                        alt=t("Your grades over the session: {grades}", grades="; ".join(
                            f"{t(GRADE_LABELS[g])} {n}" for g, n in summary.get("grades", {}).items()
                            if g in GRADE_LABELS)))
    _decision_list(result, decisions, t)
    _cards(result, t)


def _leaks(result: dict[str, Any], t: Translator) -> None:
    found = [leak_from_json(x) for x in result.get("leaks", [])]
    if not found:
        st.success(t("No leak stands out in this session."), icon=":material/verified:")
        return
    st.markdown("#### " + t("The three leaks that cost you most"))
    for n, leak in enumerate(found, start=1):
        with st.container(border=True):
            st.markdown(f"**{n}. {t.render(leak.title())}**")
            st.markdown(t.render(leak.explanation()))
            for i, ex in enumerate(leak.examples):
                if st.button(_line(ex, t), key=f"analisi_leak_{n}_{i}", icon=":material/replay:",
                             type="tertiary"):
                    _open(result, ex, t)


def _decision_list(result: dict[str, Any], decisions: list[ReviewedDecision], t: Translator) -> None:
    st.markdown("#### " + t("Your decisions, the costliest first"))
    f1, f2, f3 = st.columns(3)
    streets = [s for s in STREETS if any(d.street == s for d in decisions)]
    positions = sorted({d.position for d in decisions})
    kinds = sorted({d.kind for d in decisions})
    pick_s = f1.multiselect(t("Street"), streets, key="analisi_f_street", placeholder=t("All"))
    pick_p = f2.multiselect(t("Position"), positions, key="analisi_f_pos", placeholder=t("All"))
    pick_k = f3.multiselect(t("Kind of decision"), kinds, key="analisi_f_kind", placeholder=t("All"),
                            format_func=lambda k: t.render(kind_label(k)))
    shown = [d for d in decisions if (not pick_s or d.street in pick_s)
             and (not pick_p or d.position in pick_p) and (not pick_k or d.kind in pick_k)]
    st.caption(t("Decisions shown: {shown} of {total} (at most {limit}, the costliest first).",
                 shown=len(shown), total=len(decisions), limit=SHOWN))
    for i, d in enumerate(shown[:SHOWN]):
        if st.button(_line(d, t), key=f"analisi_open_{i}", icon=":material/replay:", type="tertiary",
                     help=t("Open this hand in the Replayer, at this decision")):
            _open(result, d, t)


def _cards(result: dict[str, Any], t: Translator) -> None:
    mistakes = sum(1 for x in result.get("decisions", []) if x.get("grade") in ("errore", "errore grave"))
    if not mistakes:
        return
    consent = st.checkbox(t("Add my mistakes of this session to «Review»"), key="analisi_consent",
                          help=t("Each mistake becomes a review card with the table as it was."))
    if st.button(t("Add them"), key="analisi_cards", disabled=not consent, icon=":material/history_edu:"):
        profile = state.settings().profile
        made = state.save(lambda db: mistakes_to_cards(db, profile, result))
        if made is not None:
            st.success(t("Review cards added or updated: {count}.", count=made))
