"""The lesson checker: every example hand replayed on the engine, every answer recomputed.

A lesson that teaches a wrong rule is worse than no lesson, and lessons are
written by hand. So nothing a lesson claims about a hand is taken on trust:

- every example hand is replayed strictly (:meth:`HandHistory.replay`): an
  action the rules refuse is a problem naming the hand and the action;
- at every decision point the seat must be the one to act, and every option
  offered must be accepted by the engine at that moment (and the hand's own
  action must be among them, since the hand goes on as written);
- every question tied to a hand (``hand`` + ``fact``) is answered by the engine,
  and the file's answer must agree ("chi vince?" against the showdown);
- across the course: prerequisites exist and come first, and every rule of
  DESIGN.md §5 is taught by a section and asked by a question;
- the Italian text: no English words left outside «quotes» except the action
  names and the standard terms the rule texts use.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from coach.engine.hand import Hand
from coach.engine.phh import HandHistory, loads_phh
from coach.errors import CoachError
from coach.feedback import analyze
from coach.i18n import DEFAULT_LOCALE, N_, Message
from coach.lessons.loader import course_order, lesson_paths, load_lesson
from coach.lessons.overlay import OVERLAY_LOCALES, overlay_path
from coach.lessons.problems import LessonLoadError, Problem
from coach.lessons.range_grids import chart_grid
from coach.lessons.schema import RULES, TOPICS, ExampleHand, Lesson, Question
from coach.limits import clip


def history(lesson_file: str, hand: ExampleHand) -> HandHistory:
    """The example hand as a :class:`HandHistory` (its source names lesson and hand)."""
    return loads_phh(hand.phh.to_toml(), source=f"{lesson_file} [{hand.id}]")


def replay_prefix(hist: HandHistory, count: int) -> Hand:
    """The hand after its first ``count`` actions (the moment before action ``count``)."""
    return dataclasses.replace(hist, actions=hist.actions[:count]).replay(require_complete=False)


def _names(hand: ExampleHand, seats: Iterable[int]) -> list[str]:
    return [hand.phh.players[s] for s in seats]


def mentioned(text: str, names: Sequence[str]) -> set[str]:
    """The player names that appear as whole words in ``text``."""
    return {n for n in names if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text)}


class _Checker:
    """Collects the problems of one lesson; ``where`` strings mirror the TOML paths."""

    def __init__(self, file: str, lesson: Lesson, *, italian: bool = True) -> None:
        self.file = file
        self.lesson = lesson
        self.italian = italian  # a translation skips the checks of the Italian wording
        self.problems: list[Problem] = []
        self.finished: dict[str, Hand] = {}
        self.histories: dict[str, HandHistory] = {}

    def add(self, where: str, msgid: str, **params: object) -> None:
        self.problems.append(Problem(self.file, where, Message(msgid, params)))

    def run(self) -> list[Problem]:
        self.check_charts()
        for i, hand in enumerate(self.lesson.hands):
            self.check_hand(i, hand)
        for i, q in enumerate(self.lesson.questions):
            self.check_question(i, q)
        if self.italian:
            self.check_text()
        return self.problems

    # -- charts ---------------------------------------------------------------
    def check_charts(self) -> None:
        """Every chart a section shows is one the coach has (a seat of that table, a stack it solves)."""
        for i, sec in enumerate(self.lesson.sections):
            for j, chart in enumerate(sec.charts):
                try:
                    chart_grid(chart)
                except CoachError as err:
                    self.problems.append(Problem(self.file, f"sections[{i}].charts[{j}]", err.message))

    # -- hands ----------------------------------------------------------------
    def check_hand(self, i: int, hand: ExampleHand) -> None:
        where = f"hands[{i}] ({hand.id})"
        try:
            hist = history(self.file, hand)
            self.histories[hand.id] = hist
            self.finished[hand.id] = hist.replay()
        except CoachError as err:
            self.problems.append(self.hand_problem(where, err))
            return
        for j, d in enumerate(hand.decisions):
            self.check_decision(f"{where}.decisions[{j}]", hand, hist, d.at, d.seat, d.options)
            if any(code not in d.feedback for code in d.options):
                self.check_coach(f"{where}.decisions[{j}]", hist, d.at)

    def check_coach(self, where: str, hist: HandHistory, at: int) -> None:
        """Options without authored feedback get the coach's analysis: it must run there."""
        before = replay_prefix(hist, at)
        if before.actor is None:
            return
        try:
            analyze(before, seed=0)
        except Exception as err:  # any failure means the learner would get no feedback
            self.add(where, N_("an option has no authored feedback and the coach cannot analyse this "
                               "decision: {reason}"), reason=str(err))

    def hand_problem(self, where: str, err: CoachError) -> Problem:
        """A replay error, located at the action (0-based, like the file) without the PHH file prefix."""
        params = err.message.params
        action = getattr(err, "action", None)
        if action is not None and isinstance(params.get("problem"), Message):
            return Problem(self.file, f"{where}.phh.actions[{action.number - 1}]", Message(
                N_("'{action}': {problem}"),
                {"action": params.get("action", ""), "problem": params["problem"]}))
        if isinstance(params.get("problem"), Message) and "file" in params:
            return Problem(self.file, where, params["problem"])
        return Problem(self.file, where, err.message)

    def check_decision(self, where: str, hand: ExampleHand, hist: HandHistory, at: int, seat: int,
                       options: Sequence[str]) -> None:
        written = hand.phh.actions[at].split("#", 1)[0].strip()
        if written not in options:
            self.add(where, N_("the hand's own action {index} '{action}' must be one of the options "
                               "(the hand goes on as written)"), index=at, action=written)
        before = replay_prefix(hist, at)
        showdown = all(code.split()[1] == "sm" for code in options)
        if not showdown and before.actor != seat - 1:
            actor = "-" if before.actor is None else f"p{before.actor + 1} ({hand.phh.players[before.actor]})"
            self.add(where, N_("before action {index} it is {actor}'s turn, not p{seat}'s"),
                     index=at, actor=actor, seat=seat)
            return
        for code in options:
            trial = replay_prefix(hist, at)
            try:
                trial.apply_code(code)
            except CoachError as err:
                self.add(where, N_("option '{code}' is not legal at this point: {reason}"),
                         code=code, reason=err.message)

    # -- questions --------------------------------------------------------------
    def check_question(self, i: int, q: Question) -> None:
        if q.hand is None or q.fact is None:
            return
        where = f"questions[{i}] ({q.id})"
        hand = self.lesson.hand(q.hand)
        if q.hand not in self.finished:
            return  # the hand itself is broken: already reported
        hist = self.histories[q.hand]
        done = self.finished[q.hand]
        result = done.result
        if q.fact in ("actor", "pot", "call_amount", "min_raise_to", "max_raise_to") and q.at is not None:
            before = replay_prefix(hist, q.at)
            if q.fact == "actor":
                if before.actor is None:
                    self.add(where, N_("nobody is to act before action {index}"), index=q.at)
                    return
                self.check_names(where, q, hand, {hand.phh.players[before.actor]})
                return
            if q.fact == "pot":
                self.check_number(where, q, before.pot_total)
                return
            legal = before.legal_actions()
            if q.fact == "call_amount":
                self.check_number(where, q, legal.call_amount)
            elif q.fact == "min_raise_to":
                if legal.min_raise_to is None:
                    self.add(where, N_("no bet or raise is possible before action {index}"), index=q.at)
                else:
                    self.check_number(where, q, legal.min_raise_to)
            elif q.fact == "max_raise_to":
                if legal.max_raise_to is None:
                    self.add(where, N_("no bet or raise is possible before action {index}"), index=q.at)
                else:
                    self.check_number(where, q, legal.max_raise_to)
            return
        if result is None:  # pragma: no cover - replay() insists on a complete hand
            return
        if q.fact == "pot":
            self.check_number(where, q, sum(a.amount for a in result.awards))
            return
        if q.fact == "first_to_show":
            if not result.showdown_order:
                self.add(where, N_("hand '{hand}' has no showdown"), hand=q.hand)
            else:
                self.check_names(where, q, hand, {hand.phh.players[result.showdown_order[0]]})
            return
        pots = {a.index: a for a in result.awards}
        if q.fact in ("winners", "pot_amount"):
            award = pots.get(q.pot)
            if award is None:
                self.add(where, N_("hand '{hand}' has no pot number {pot} (it has {count})"),
                         hand=q.hand, pot=q.pot, count=len(pots))
                return
            if q.fact == "winners":
                self.check_names(where, q, hand, set(_names(hand, award.winners)))
            else:
                self.check_number(where, q, award.amount)
            return
        assert q.player is not None
        seat = hand.phh.players.index(q.player)
        if q.fact == "final_stack":
            self.check_number(where, q, result.finishing_stacks[seat])
        elif q.fact == "won":
            self.check_number(where, q, result.won(seat))

    def check_number(self, where: str, q: Question, value: int) -> None:
        if q.answer != value:
            self.add(where, N_("the answer is {answer}, but the engine says {value}"),
                     answer=q.answer, value=value)

    def check_names(self, where: str, q: Question, hand: ExampleHand, expected: set[str]) -> None:
        """The right choice names exactly ``expected``; no other choice does."""
        names = hand.phh.players
        got = mentioned(q.choices[q.answer], names)
        want = ", ".join(sorted(expected))
        if got != expected:
            right = [k for k, c in enumerate(q.choices) if mentioned(c, names) == expected]
            self.add(where, N_("the answer is choice {answer} ('{choice}'), but the engine says {names} "
                               "(choice {right})"), answer=q.answer, choice=q.choices[q.answer], names=want,
                     right=", ".join(map(str, right)) or "-")
            return
        for k, choice in enumerate(q.choices):
            if k != q.answer and mentioned(choice, names) == expected:
                self.add(where, N_("choice {index} ('{choice}') is right too: it names {names}"),
                         index=k, choice=choice, names=want)

    # -- text -------------------------------------------------------------------
    def check_text(self) -> None:
        for where, text in lesson_texts(self.lesson):
            for word in english_words(text):
                self.add(where, N_("English word '{word}' in the Italian text (use the glossary term, "
                                   "or put it in «quotes» when you name it on purpose)"), word=word)


def lesson_texts(lesson: Lesson) -> list[tuple[str, str]]:
    """Every piece of prose a learner reads, with where it is."""
    out: list[tuple[str, str]] = [("title", lesson.title), ("summary", lesson.summary)]
    for i, s in enumerate(lesson.sections):
        out += [(f"sections[{i}].title", s.title), (f"sections[{i}].text", s.text)]
    for i, h in enumerate(lesson.hands):
        w = f"hands[{i}]"
        out += [(f"{w}.title", h.title), (f"{w}.intro", h.intro), (f"{w}.outro", h.outro)]
        out += [(f"{w}.steps[{j}]", st.text) for j, st in enumerate(h.steps)]
        for j, d in enumerate(h.decisions):
            out.append((f"{w}.decisions[{j}].prompt", d.prompt))
            out += [(f"{w}.decisions[{j}].feedback", t) for t in d.feedback.values()]
    for i, q in enumerate(lesson.questions):
        w = f"questions[{i}]"
        out += [(f"{w}.prompt", q.prompt), (f"{w}.explanation", q.explanation)]
        out += [(f"{w}.choices", c) for c in q.choices]
    return out


# English words that have an Italian glossary term (DESIGN.md §4). The action
# names (fold, check, call, bet, raise, all-in) and flop/turn/river/showdown/
# kicker/board/heads-up/stack/ante are the standard terms the rule texts use;
# "pot odds", "outs" and "equity" are the coach's own standard terms.
ENGLISH_WORDS = (
    "the", "and", "of", "to", "with", "pot", "pots", "blind", "blinds", "small", "big", "dealer",
    "chips", "chip", "player", "players", "hand", "hands", "flush", "straight", "pair", "set",
    "side", "split", "bluffing", "fold's", "you", "your", "win", "wins", "winner",
)
_QUOTED = re.compile(r"«[^»]*»|`[^`]*`")
# Standard terms made of words that are otherwise flagged.
_ALLOWED_PHRASES = re.compile(r"\bpot odds\b|\bPot-Limit\b|\bNo-Limit\b", re.IGNORECASE)


def english_words(text: str) -> list[str]:
    """English words in ``text`` outside «quotes» and `code`."""
    bare = _ALLOWED_PHRASES.sub(" ", _QUOTED.sub(" ", text))
    found = []
    for word in ENGLISH_WORDS:
        if re.search(rf"(?<![\w'’-]){re.escape(word)}(?![\w'’-])", bare, flags=re.IGNORECASE):
            found.append(word)
    return found


def course_problems(lessons: Sequence[tuple[str, Lesson]]) -> list[Problem]:
    """Checks across lessons: numbering, places (``after``), prerequisites in course order."""
    problems: list[Problem] = []
    numbers: dict[int, str] = {}
    for file, lesson in lessons:
        if lesson.number in numbers:
            problems.append(Problem(file, "number", Message(
                N_("lesson number {number} is also used by {other}"),
                {"number": lesson.number, "other": numbers[lesson.number]})))
        numbers[lesson.number] = file
    place = {x.id: x.position for x in course_order([lesson for _, lesson in lessons])}
    for file, lesson in lessons:
        if lesson.after is not None:
            if lesson.after not in place or lesson.after == lesson.id:
                problems.append(Problem(file, "after", Message(
                    N_("'after' names '{lesson}', which is not another lesson of the course"),
                    {"lesson": lesson.after})))
            elif _in_a_loop(lesson.id, {x.id: x.after for _, x in lessons}):
                problems.append(Problem(file, "after", Message(
                    N_("'after' makes a loop: '{lesson}' comes, through 'after', after itself"),
                    {"lesson": lesson.id})))
        for pre in lesson.prerequisites:
            if pre not in place:
                problems.append(Problem(file, "prerequisites", Message(
                    N_("prerequisite '{lesson}' is not a lesson"), {"lesson": pre})))
            elif place[pre] >= place[lesson.id]:
                problems.append(Problem(file, "prerequisites", Message(
                    N_("prerequisite '{lesson}' comes after this lesson"), {"lesson": pre})))
    return problems


def _in_a_loop(start: str, after: dict[str, str | None]) -> bool:
    """Following 'after' from ``start`` never reaches a lesson placed by its file name."""
    seen = {start}
    current = after.get(start)
    while current is not None and current in after:
        if current in seen:
            return True
        seen.add(current)
        current = after.get(current)
    return False


def coverage(lessons: Iterable[Lesson]) -> dict[str, dict[str, list[str]]]:
    """For each rule, then each topic (:data:`~coach.lessons.schema.TOPICS`): the sections,
    hands and questions that teach it (``lesson-id/...``)."""
    table: dict[str, dict[str, list[str]]] = {r: {"sections": [], "hands": [], "questions": []}
                                             for r in (*RULES, *TOPICS)}
    for lesson in lessons:
        for s in lesson.sections:
            for r in s.rules:
                table[r]["sections"].append(f"{lesson.id}/{s.title}")
        for h in lesson.hands:
            rules = set(h.rules) | {r for d in h.decisions for r in d.rules}
            for r in rules:
                table[r]["hands"].append(f"{lesson.id}/{h.id}")
            for d in h.decisions:
                for r in d.rules:
                    table[r]["questions"].append(f"{lesson.id}/{h.id}@{d.at}")
        for q in lesson.questions:
            for r in q.rules:
                table[r]["questions"].append(f"{lesson.id}/{q.id}")
    return table


def coverage_problems(lessons: Iterable[Lesson], where: str = "lessons/") -> list[Problem]:
    """A rule or a topic with no section, no hand or no question is a hole in the course."""
    problems = []
    for rule, places in coverage(lessons).items():
        texts = ((("sections", N_("rule {rule} is taught by no lesson section")),
                  ("hands", N_("rule {rule} is shown in no example hand")),
                  ("questions", N_("rule {rule} is asked by no question or decision"))) if rule in RULES else
                 (("sections", N_("topic {rule} is taught by no lesson section")),
                  ("hands", N_("topic {rule} is shown in no example hand")),
                  ("questions", N_("topic {rule} is asked by no question or decision"))))
        for kind, msgid in texts:
            if not places[kind]:
                problems.append(Problem(where, "", Message(msgid, {"rule": rule})))
    return problems


def check_lesson(path: str | Path, *, locale: str = DEFAULT_LOCALE) -> tuple[Lesson | None, list[Problem]]:
    """Load and check one file: the lesson (None if it does not load) and its problems.

    With another ``locale`` the lesson is the Italian one with the translation's
    texts merged in (it must exist); its problems name the translation file and
    the checks of the Italian wording are skipped.
    """
    if locale == DEFAULT_LOCALE:
        try:
            lesson = load_lesson(path)
        except LessonLoadError as err:
            return None, err.problems
        return lesson, _run_checker(_Checker(str(path), lesson))
    translation = overlay_path(path, locale)
    if not translation.is_file():
        return None, [Problem(str(translation), "", Message(
            N_("there is no translation of {file} here"), {"file": str(path)}))]
    try:
        lesson = load_lesson(path, locale=locale)
    except LessonLoadError as err:
        return None, err.problems
    return lesson, _run_checker(_Checker(str(translation), lesson, italian=False))


def _run_checker(checker: _Checker) -> list[Problem]:
    """The checker's problems; a bug of ours while checking is one more problem, so the
    other files are still checked (``lessons check`` never ends in a traceback)."""
    try:
        return checker.run()
    except Exception as err:
        return [*checker.problems, Problem(checker.file, "", Message(
            N_("internal error while checking the lesson: {detail}"),
            {"detail": clip(f"{type(err).__name__}: {err}", 160)}))]


def missing_overlays(paths: Iterable[str | Path], locale: str = "en") -> list[Path]:
    """The Italian lesson files among ``paths`` that have no ``locale`` translation yet."""
    return [Path(p) for p in paths if not overlay_path(p, locale).is_file()]


def orphan_overlays(directory: str | Path, locale: str = "en") -> list[Problem]:
    """Translations in ``<directory>/<locale>/`` whose Italian lesson does not exist."""
    return [Problem(str(p), "", Message(N_("there is no Italian lesson {file} for this translation"),
                                        {"file": str(Path(directory) / p.name)}))
            for p in lesson_paths(Path(directory) / locale) if not (Path(directory) / p.name).is_file()]


def _as_translation(path: Path) -> tuple[Path, str] | None:
    """``lessons/en/03-azioni.toml`` -> (``lessons/03-azioni.toml``, "en"); None for an Italian file."""
    if path.parent.name in OVERLAY_LOCALES and (path.parent.parent / path.name).is_file():
        return path.parent.parent / path.name, path.parent.name
    return None


def check_lessons(paths: Iterable[str | Path], *, course: bool = False,
                  overlays: bool = True) -> list[Problem]:
    """Every problem of the given lesson files; with ``course`` the cross-lesson checks too.

    With ``overlays`` every existing translation of a checked lesson is merged
    and checked on the engine too (a path may also name a translation itself,
    ``lessons/en/03-azioni.toml``). Its engine checks run only when the Italian
    lesson is clean, so one fault is reported once, against the file that has it.
    With ``course``, translations without an Italian lesson are problems too.
    """
    problems: list[Problem] = []
    loaded: list[tuple[str, Lesson]] = []
    directories: set[Path] = set()
    for raw in paths:
        path = Path(raw)
        translation = _as_translation(path)
        if translation is not None:
            problems += check_lesson(translation[0], locale=translation[1])[1]
            continue
        directories.add(path.parent)
        lesson, found = check_lesson(path)
        problems += found
        if lesson is not None:
            loaded.append((str(path), lesson))
        if not overlays:
            continue
        for locale in OVERLAY_LOCALES:
            if not overlay_path(path, locale).is_file():
                continue
            if lesson is None:
                continue  # nothing to merge into: the Italian problems come first
            if found:  # the engine disagrees with the Italian: check only the translation's shape
                try:
                    load_lesson(path, locale=locale)
                except LessonLoadError as err:
                    problems += err.problems
                continue
            problems += check_lesson(path, locale=locale)[1]
    if course:
        problems += course_problems(loaded)
        problems += coverage_problems(lesson for _, lesson in loaded)
        if overlays:
            for directory in sorted(directories):
                for locale in OVERLAY_LOCALES:
                    problems += orphan_overlays(directory, locale)
    return problems
