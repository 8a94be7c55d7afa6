"""A session of the player's own hands, graded decision by decision by the coach.

Why its own package: the lessons and the Replayer grade one decision when the
learner asks; a session review grades *every* decision of one player over
hundreds of hands. Each decision is graded by the one judge
(:func:`coach.learning.judge.judge`) with the same models as the Replayer, the
lessons and ``advise`` (the solvers included, never a cheaper model that grades
differently): so it runs in a worker of the task queue
(:mod:`coach.review.jobs`), never in a page's thread, the judge's cache pays once
for a spot met again, and its figures are summed into leaks
(:mod:`coach.review.summary`).

Input is a list of PHH hands (:class:`coach.engine.phh.HandHistory`), read by
:func:`load_session`: the one place where other formats (the rooms' importer)
plug in. Each hand is replayed strictly by the engine first, so a doctored
history is refused with its rule, as the Replayer refuses it.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import asdict, dataclass, replace
from multiprocessing import get_context
from typing import Any

from coach.engine.hand import Hand
from coach.engine.phh import HandHistory, history_from_table
from coach.errors import CoachError, HandHistoryError, InvalidInput
from coach.i18n import N_, Translator, get_translator
from coach.learning.judge import judge
from coach.learning.script import HandScript
from coach.positions import seat_position
from coach.rooms.files import COMMAND, UPLOAD, Limits, read_hand_files
from coach.rooms.privacy import name_labels, scrub_names

__all__ = [
    "PLAYER_KINDS",
    "RefusedHand",
    "ReviewedDecision",
    "SessionReview",
    "anonymize_refused",
    "assemble",
    "decision_kind",
    "detect_hero",
    "load_session",
    "load_texts",
    "review_hand",
    "review_one",
    "review_session",
]

PLAYER_KINDS = ("fold", "check_call", "bet_raise")
log = logging.getLogger(__name__)
MAX_SESSION_HANDS = UPLOAD.hands  # hands of one review: a long online session is 1,000-2,000


@dataclass(frozen=True)
class ReviewedDecision:
    """One decision of the hero, graded: where it was, what he did, what it cost.

    ``hand`` is the hand's index in the session (0-based), ``step`` the Replayer's
    step at which the decision is to be taken (:meth:`HandScript.step_of_action`);
    amounts are in big blinds; ``ev_loss_bb`` is None only when the coach does not give
    the option's figure (an estimate it does not trust: the grade and its rule stand alone);
    the decisions the preflop charts grade have one too (their EV estimate, docs/COACH.md).
    """

    hand: int
    source: str
    step: int
    street: str
    position: str
    kind: str
    action: str  # PHH code without the player: f, cc, cbr 6
    action_kind: str  # fold check call bet raise all_in
    action_bb: float | None
    grade: str
    ev_loss_bb: float | None
    best: str
    best_kind: str
    best_bb: float | None
    model: str
    # How the player finds the hand in his own file: the room's hand number (None for a PHH file,
    # whose ``source`` names the section), and the money a big blind was (``big_blind`` chips,
    # ``scale`` chips a unit, ``currency`` when the room wrote one) for the amounts in parentheses.
    room_hand: str | None = None
    big_blind: int = 0
    scale: int = 1
    currency: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_dict(data: dict[str, Any]) -> ReviewedDecision:
        """A stored decision (a review stored before the newer fields keeps their defaults)."""
        return ReviewedDecision(**{k: data[k] for k in ReviewedDecision.__dataclass_fields__ if k in data})

    @property
    def in_money(self) -> bool:
        """The hand was played for money (a room's cash game): amounts get their money in parentheses."""
        return self.scale > 1 or bool(self.currency)

    @property
    def loss(self) -> float:
        """The EV lost for sorting (0 when the model measured none)."""
        return self.ev_loss_bb or 0.0


@dataclass(frozen=True)
class RefusedHand:
    """A hand not reviewed: ``refused`` by the rules (a doctored history) or ``skipped`` (another game)."""

    hand: int
    source: str
    reason: str
    status: str = "refused"
    # Each player's name and his seat name, for :func:`anonymize_refused` (not stored).
    names: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class SessionReview:
    hero: str
    hands: int
    decisions: tuple[ReviewedDecision, ...]
    refused: tuple[RefusedHand, ...] = ()
    skipped: int = 0  # hero decisions the coach could not grade (unknown cards, an unusual table)


# -- reading -----------------------------------------------------------------------------------


def load_texts(files: Iterable[tuple[str, str | bytes]], tr: Translator | None = None,
               refused: list[RefusedHand] | None = None, limits: Limits = COMMAND) -> list[HandHistory]:
    """The hands of ``(name, text)`` pairs: PHH (one hand, or ``.phhs`` sections) or an online room's
    history, read through the one front door (:func:`coach.rooms.files.read_hand_files`, under
    ``limits``: a page's upload passes :data:`~coach.rooms.files.UPLOAD`).

    A hand without names gets its PHH seats as names (``p1``...), so a hero can still be
    chosen. A file that is not valid PHH raises (the whole upload is refused with the
    hand's name and reason, as the Replayer does); the hands' rules are checked
    when they are reviewed. A room's file keeps its readable hands: the ones the importer
    refused or skipped (another game, a doctored pot) go to ``refused`` with their line and
    reason in ``tr``'s language, so the review lists them instead of losing them silently.
    """
    hands: list[HandHistory] = []
    for read in read_hand_files(files, limits):  # the one front door (coach.rooms.files)
        name, report = read.name, read.report
        if report is not None:  # an online room's history
            for outcome in report.hands:
                if outcome.status == "ok" and outcome.history is not None:
                    hands.append(outcome.history)
                elif refused is not None:
                    reason = outcome.reason
                    said = "" if reason is None or tr is None else (
                        reason.localized(tr) if isinstance(reason, CoachError) else tr.render(reason))
                    refused.append(RefusedHand(-outcome.number, f"{name}:{outcome.line}", said,
                                               outcome.status, outcome.names))
        else:
            for source, table in read.sections:
                history = history_from_table(table, source)
                if history.players is None:  # a hand without names: its players are its seats, p1..pN
                    seats = range(len(history.starting_stacks))
                    history = replace(history, players=tuple(f"p{i + 1}" for i in seats))
                hands.append(history)
        if len(hands) > MAX_SESSION_HANDS:
            raise InvalidInput(N_("A session review reads at most {limit} hands."),
                               limit=MAX_SESSION_HANDS)
    if not hands:
        raise InvalidInput(N_("The files hold no hand."))
    return hands


def load_session(files: Sequence[tuple[str, bytes]]) -> list[HandHistory]:
    """THE ENTRY POINT FOR OTHER FORMATS: uploaded files ``(name, bytes)`` -> PHH hands.

    PHH (``.phh``, ``.phhs``) or a room's history, through the one front door
    (:func:`coach.rooms.files.read_hand_files`) under the upload's limits
    (:data:`coach.rooms.files.UPLOAD`): size, encoding, room, hand count.
    """
    try:
        return load_texts(files, limits=UPLOAD)
    except (RecursionError, MemoryError):
        raise InvalidInput(N_("The files are nested too deeply or too large to be read.")) from None


def detect_hero(hands: Sequence[HandHistory], name: str | None = None) -> str:
    """The player of the session: ``name`` if given (it must play), else who plays most hands."""
    seen: Counter[str] = Counter()
    for h in hands:  # a Counter keeps first appearance order: ties go to who appears first
        seen.update(dict.fromkeys(h.players or (), 1))
    if name:
        if name not in seen:
            raise InvalidInput(N_("The player {name} is not in these hands."), name=name)
        return name
    if not seen:
        raise InvalidInput(N_("These hands have no player names: choose the hero by name."))
    return seen.most_common(1)[0][0]


# -- the decisions -----------------------------------------------------------------------------


def decision_kind(history: HandHistory, k: int, street: str) -> str:
    """What kind of decision action ``k`` is, from the actions before it (and its own kind).

    Preflop: ``open`` (nobody raised yet: raise, limp or fold), ``3bet`` / ``4bet``
    (the hero re-raises), ``vs_open`` / ``vs_3bet`` (he calls or folds to a raise),
    ``limped`` (the big blind's option after limps). After the flop: ``cbet`` (the
    last aggressor of the previous street, nobody has bet yet), ``bet`` (free to
    bet), ``river_call`` / ``vs_bet`` (facing a bet: call, fold or raise).
    """
    acts = history.actions
    me = acts[k]
    raises_pre = 0
    street_no = 0
    last_aggr: int | None = None  # who bet or raised last on the previous streets
    aggr_now: int | None = None
    bets_now = 0
    calls_pre = 0
    for a in acts[:k]:
        if a.kind == "deal_board":
            street_no += 1
            last_aggr = aggr_now if aggr_now is not None else last_aggr
            aggr_now, bets_now = None, 0
        elif a.kind == "bet_raise":
            aggr_now = a.seat
            bets_now += 1
            if street_no == 0:
                raises_pre += 1
        elif a.kind == "check_call" and street_no == 0:
            calls_pre += 1
    if street == "preflop":
        if me.kind == "bet_raise":
            return "open" if raises_pre == 0 else ("3bet" if raises_pre == 1 else "4bet")
        if raises_pre == 0:
            return "limped" if calls_pre and me.kind == "check_call" and _is_option(history, k) else "open"
        return "vs_open" if raises_pre == 1 else "vs_3bet"
    if bets_now == 0:
        return "cbet" if last_aggr == me.seat else "bet"
    return "river_call" if street == "river" and me.kind != "bet_raise" else "vs_bet"


def _is_option(history: HandHistory, k: int) -> bool:
    """The big blind checking after limps (the last preflop position to act, nothing to call)."""
    n = len(history.starting_stacks)
    seat = history.actions[k].seat
    return seat == (0 if n == 2 else 1)


def _option_bb(kind: str, amount: int | None, bb: int) -> float | None:
    if amount is None or kind in ("fold", "check", "call"):
        return None
    return round(amount / bb, 2)


def review_hand(history: HandHistory, index: int, hero: str) -> tuple[list[ReviewedDecision], int]:
    """The hero's graded decisions of one hand and how many the coach could not grade.

    Raises :class:`CoachError` when the engine refuses the hand (its rule named).
    """
    players = history.players or ()
    if hero not in players:
        history.replay()  # strict all the same: a doctored hand is refused, whoever plays it
        return [], 0
    me = players.index(hero)
    n = len(history.starting_stacks)
    position = seat_position(n, n - 1, me)
    script = HandScript.from_history(history)
    mine = {k: replace(a, comment=None).code(1).split(" ", 1)[1] for k, a in enumerate(history.actions)
            if a.kind in PLAYER_KINDS and a.seat == me}
    out: list[ReviewedDecision] = []
    skipped = 0
    number = history.extra.get("hand")
    room_hand = None if number is None else str(number)
    money = history.extra.get("currency")
    currency = money if isinstance(money, str) and money else None

    def grade(k: int, hand: Hand) -> None:
        """Called by the one strict replay with the table before each action: the hero's are graded."""
        nonlocal skipped
        code = mine.get(k)
        if code is None:
            return
        verdict = judge(hand, code)
        if verdict.grade is None:  # unknown hero cards, a table the models do not know: not graded
            skipped += 1
            return
        taken = next((o for o in verdict.options if o.code == code), None)
        if taken is None:  # an action the rules refuse: the replay refuses it right after, with its rule
            return
        street = str(hand.street)
        bb = hand.config.big_blind or 1
        best_kind = verdict.best_kind or taken.kind
        out.append(ReviewedDecision(
            hand=index, source=history.source, step=script.step_of_action(k), street=street,
            position=position, kind=decision_kind(history, k, street), action=code,
            action_kind=taken.kind, action_bb=_option_bb(taken.kind, taken.amount, bb),
            grade=verdict.grade, ev_loss_bb=verdict.ev_loss_bb, best=verdict.best_code or code,
            best_kind=best_kind, best_bb=_option_bb(best_kind, verdict.best_amount, bb),
            model=verdict.model or "", room_hand=room_hand, big_blind=bb, scale=history.scale,
            currency=currency))

    history.replay(observe=grade)  # strict: a doctored history is refused here, with its rule
    return out, skipped


def review_session(hands: Sequence[HandHistory], hero: str, tr: Translator,
                   progress: Callable[[int, int], bool] | None = None,
                   refused_on_import: Sequence[RefusedHand] = (), *,
                   processes: int = 1) -> SessionReview | None:
    """Every hero decision of ``hands``, sorted by EV lost (biggest first).

    ``tr`` says a refused hand's reason; ``progress(done, total)`` is called after each
    hand; when it returns False the review stops and None is returned (the job was
    cancelled). ``processes`` > 1 shares the hands among that many processes (the worker's
    pool: the judge's solvers are CPU-bound, one core each); the result is the same.
    """
    decisions: list[ReviewedDecision] = []
    refused: list[RefusedHand] = list(refused_on_import)  # a room's hands its importer refused
    skipped = 0
    for done, (_, found, missed, refusal) in enumerate(_reviewed(hands, hero, tr.locale, processes), start=1):
        decisions += found
        skipped += missed
        if refusal is not None:
            refused.append(refusal)
        if progress is not None and not progress(done, len(hands)):
            return None
    refused.sort(key=lambda r: (r.hand >= 0, abs(r.hand)))  # the importer's first, in file order
    return assemble(hero, len(hands), decisions, refused, skipped)


def review_one(history: HandHistory, index: int, hero: str,
               tr: Translator) -> tuple[list[ReviewedDecision], int, RefusedHand | None]:
    """One hand of a session: its graded decisions, how many were not graded, or why it is refused.

    The step a review job repeats chunk after chunk (:mod:`coach.review.jobs`): a hand the rules refuse,
    or a bug of ours on one hand, refuses that hand and the review goes on.
    """
    try:
        found, missed = review_hand(history, index, hero)
        return found, missed, None
    except CoachError as err:
        return [], 0, RefusedHand(index, history.source, err.localized(tr), names=_labels(history))
    except Exception as exc:  # a bug of ours on one hand must not stop the session's review
        bug = HandHistoryError(N_("{file}: internal error while replaying ({detail})."),
                               file=history.source, detail=f"{type(exc).__name__}: {exc}"[:160])
        return [], 0, RefusedHand(index, history.source, bug.localized(tr), names=_labels(history))


def assemble(hero: str, hands: int, decisions: Sequence[ReviewedDecision], refused: Sequence[RefusedHand],
             skipped: int) -> SessionReview:
    """The review of a session from its decisions, sorted by EV lost (biggest first)."""
    ordered = sorted(decisions, key=lambda d: (-d.loss, -_GRADE_RANK.get(d.grade, 0), d.hand, d.step))
    return SessionReview(hero, hands, tuple(ordered), tuple(refused), skipped)


PARALLEL_FROM = 40  # hands: fewer are reviewed in this process (starting processes costs seconds)
_Reviewed = tuple[int, list[ReviewedDecision], int, "RefusedHand | None"]


def _review_one(history: HandHistory, i: int, hero: str, locale: str) -> _Reviewed:
    """:func:`review_one` as a pool process runs it (a locale travels, a translator does not)."""
    found, missed, refusal = review_one(history, i, hero, get_translator(locale))
    return i, found, missed, refusal


def _reviewed(hands: Sequence[HandHistory], hero: str, locale: str, processes: int) -> Iterator[_Reviewed]:
    """Each hand reviewed, in this process or in a pool of ``processes`` (as they finish). Leaving the
    loop early (a cancelled job) cancels the hands not started."""
    if processes <= 1 or len(hands) < PARALLEL_FROM:
        for i, history in enumerate(hands):
            yield _review_one(history, i, hero, locale)
        return
    # spawn: the worker may hold threads (huey's), which a forked child must not inherit
    pool = ProcessPoolExecutor(max_workers=processes, mp_context=get_context("spawn"))
    done: set[int] = set()
    try:
        futures = [pool.submit(_review_one, history, i, hero, locale) for i, history in enumerate(hands)]
        for future in as_completed(futures):
            got = future.result()
            done.add(got[0])
            yield got
    except BrokenProcessPool:  # a pool that cannot run (no process could start): the rest here
        log.warning("the review's process pool broke: the remaining hands are reviewed in this process")
        for i, history in enumerate(hands):
            if i not in done:
                yield _review_one(history, i, hero, locale)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _labels(history: HandHistory) -> tuple[tuple[str, str], ...]:
    names = history.names()
    return name_labels(names) if len(names) == history.player_count else ()


def anonymize_refused(review: SessionReview) -> SessionReview:
    """``review`` with the opponents' names in the refused hands' reasons replaced by their seat names
    (the rule of :func:`coach.rooms.privacy.anonymize` for what is stored), the hero's name kept.

    A reason may quote a line of the room's history («Bruno: posts straddle $4») or name the player
    whose pot does not add up: other people's data, like the hands themselves.
    """
    refused = tuple(replace(r, reason=scrub_names(r.reason, r.names, review.hero)) for r in review.refused)
    return replace(review, refused=refused)


_GRADE_RANK = {"ottima": 0, "buona": 1, "imprecisa": 2, "errore": 3, "errore grave": 4}
