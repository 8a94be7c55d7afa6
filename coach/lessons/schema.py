"""The lesson format: pydantic models for one ``lessons/NN-slug.toml`` file.

A lesson is data, not code: Italian prose (Markdown), example hands written in
PHH (the format of the hand histories, so the engine replays them), decision
points where the learner plays a seat, and quiz questions. The models check the
*shape* of a file (fields, types, references between them); whether the hands
and the answers agree with the rules is the validator's job
(:mod:`coach.lessons.validator`), because only the engine can say that.

Every index in a lesson (``at``, ``action``, ``answer`` of a choice) counts from
0, like the ``actions`` list it points into. Seats are PHH player numbers
(``seat = 3`` is ``p3`` in the action codes).
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from coach.cards import parse_cards
from coach.engine.phh import dump_toml
from coach.errors import InvalidInput
from coach.feedback.profiles import ALIASES
from coach.i18n import N_

# The rules every lesson set must teach (DESIGN.md §5). Kept here too, so the
# coverage test and the validator work in a clone without ../shared.
RULES: dict[str, str] = {
    "R01": "52 carte senza jolly; 2 carte coperte a testa; 5 carte comuni; le migliori 5 su 7.",
    "R02": "Il bottone indica il mazziere e si sposta di un posto in senso orario a ogni mano.",
    "R03": "Piccolo buio a sinistra del bottone, grande buio a sinistra del piccolo; ante nei tornei.",
    "R04": "Preflop parla per primo UTG; il grande buio parla per ultimo e può fare check.",
    "R05": "Si brucia una carta prima del flop, del turn e del river.",
    "R06": "Dopo il flop parla per primo il primo giocatore attivo a sinistra del bottone.",
    "R07": "Le azioni: fold, check, call, bet, raise, all-in.",
    "R08": "La puntata minima è il grande buio; meno solo con un all-in.",
    "R09": "Il rilancio minimo è l'ultimo aumento; meno solo all-in, che non riapre le puntate.",
    "R10": "No-Limit: qualsiasi cifra fino a tutto lo stack; si gioca solo ciò che si ha davanti.",
    "R11": "Un giro di puntate finisce quando tutti gli attivi hanno pareggiato o sono all-in.",
    "R12": "Se tutti foldano, l'ultimo rimasto vince il piatto senza mostrare.",
    "R13": "All-in per meno: si concorre per la parte coperta; il resto va nei piatti laterali.",
    "R14": "Ordine dello showdown e mani non mostrate (muck).",
    "R15": "Ordine dei punti, l'Asso alto o basso nella scala, niente scale «girate», semi alla pari.",
    "R16": "Il kicker decide i pareggi; mani identiche dividono il piatto; giocare il board.",
    "R17": "Heads-up: il bottone è piccolo buio, parla per primo preflop e per ultimo dopo il flop.",
    "R18": "Strutture di puntata: No-Limit, Pot-Limit, Limit.",
    "R19": "Cash game e torneo: bui fissi o livelli crescenti, ante, ICM.",
}

# What a course teaches besides the rules: playing well. A section, hand, question or
# decision may be tagged with a topic as with a rule (``rules = ["posizione"]``), and the
# course must teach, show and ask each of them too, so the coverage stays honest.
TOPICS: dict[str, str] = {
    "coach": "Come leggere il giudizio del coach: i cinque voti, i bb, il valore atteso, i modelli.",
    "posizione": "Posizione e mani iniziali: i posti al tavolo, quali mani aprire, limp e isolamento.",
    "pot-odds": "Pot odds, outs ed equity: quando pagare conviene.",
    "board": "Leggere il board: il nuts, i progetti, puntate di valore, bluff e semi-bluff.",
    "puntate": "Quanto puntare: misure di apertura, 3-bet e c-bet, il piatto, gli stack corti.",
    "tavolo-live": "Al tavolo dal vivo: parlare a turno, annunci, fiche, carte da proteggere, rake.",
    "gioco-responsabile": "Gioco responsabile: bankroll, maggiore età, siti autorizzati, aiuto.",
}


def _known_tag(tag: str) -> str:
    if tag not in RULES and tag not in TOPICS:
        raise _fail(N_("'{tag}' is neither a rule (R01 to R19) nor a topic of the course ({topics})"),
                    tag=tag, topics=", ".join(TOPICS))
    return tag


RuleId = Annotated[str, AfterValidator(_known_tag)]
Slug = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=60)]
Text = Annotated[str, Field(min_length=1)]

_CODE = re.compile(r"^p(\d+) (f|cc|cbr \d+|sm( \S+)?)$")

# The coach's five grades (``coach.feedback.Grade`` values), best first. Spelled
# out here so loading a lesson does not import the coach; a test keeps the two equal.
GRADES = ("ottima", "buona", "imprecisa", "errore", "errore grave")
FEEDBACK_LEVELS = ("essential", "numbers")  # a lesson's ``feedback_level``: see coach.ui.feedbacklevel

# Facts a question can be checked against, computed by the validator on the engine.
Fact = Literal[
    "winners",        # choice: the right choice names exactly the winners of pot `pot`
    "actor",          # choice: the right choice names the player to act before action `at`
    "first_to_show",  # choice: the right choice names the first player to show (or muck)
    "pot",            # number: chips in the pot before action `at` (or all chips won, at the end)
    "pot_amount",     # number: the amount of pot `pot` at the end (0 = main pot, 1 = first side pot)
    "call_amount",    # number: what the actor must add to call before action `at`
    "min_raise_to",   # number: the smallest legal bet or raise "to" before action `at`
    "max_raise_to",   # number: the largest legal bet or raise "to" before action `at`
    "final_stack",    # number: `player`'s stack when the hand is over
    "won",            # number: chips `player` collects from the pots
]


def _fail(msgid: str, /, **params: Any) -> PydanticCustomError:
    """A validation error whose text is a translatable msgid with named parameters.

    The loader turns it back into a :class:`coach.i18n.Message`, so the author
    reads the problem in Italian; pydantic's own errors get the same treatment.
    """
    return PydanticCustomError("lesson", msgid, {**params, "__msgid__": msgid})

NAME_FACTS = ("winners", "actor", "first_to_show")


class _Model(BaseModel):
    """Strict shape: an unknown key is almost always a typo in a lesson file."""

    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=False)


ChartKind = Literal["open", "threebet", "call", "isoraise", "push", "push_call", "range"]


class RangeChart(_Model):
    """A 13x13 range chart shown under a section: one of the coach's own charts, or a range.

    ``kind`` says which: ``open`` (raise first in from ``position``), ``threebet``
    and ``call`` (``position`` facing an open from ``against``; the big blind uses
    its defence charts), ``isoraise`` (raise after limps), ``push`` (the push/fold
    equilibrium: ``position`` shoves first with ``stack`` big blinds, optional
    ``ante`` in big blinds), ``push_call`` (``position`` calls the shove of
    ``against``), ``range`` (the hands of ``range``, in range notation). The grid is
    computed from the coach's data (:mod:`coach.lessons.range_grids`), never copied into
    the lesson, so a lesson shows what the coach grades with.
    """

    kind: ChartKind
    title: Text
    players: int = Field(default=6, ge=2, le=10)
    position: str = ""
    against: str = ""
    stack: float = Field(default=0.0, ge=0.0, le=25.0)
    ante: float = Field(default=0.0, ge=0.0)
    range: str = ""

    @model_validator(mode="after")
    def _fields(self) -> RangeChart:
        needs: dict[str, tuple[str, ...]] = {
            "open": ("position",), "threebet": ("position", "against"), "call": ("position", "against"),
            "isoraise": ("position",), "push": ("position", "stack"),
            "push_call": ("position", "against", "stack"), "range": ("range",),
        }
        for name in needs[self.kind]:
            if not getattr(self, name):
                raise _fail(N_("a chart of kind '{kind}' needs '{field}'"), kind=self.kind, field=name)
        return self


class Section(_Model):
    """A page of Italian Markdown text; ``rules`` names the rules it teaches; ``charts``
    are range charts shown after the text."""

    title: Text
    text: Text
    rules: list[RuleId] = []
    charts: list[RangeChart] = []


class PHH(BaseModel):
    """An example hand in PHH: the same fields as a ``.phh`` hand history.

    Extra PHH fields (``event``, ``ante_trimming_status``...) are allowed and
    passed through to the PHH reader, which is the judge of PHH itself.
    """

    model_config = ConfigDict(extra="allow", frozen=True)

    variant: Literal["NT"] = "NT"
    antes: list[int]
    blinds_or_straddles: list[int]
    min_bet: int = Field(gt=0)
    starting_stacks: list[Annotated[int, Field(gt=0)]]
    actions: list[str] = Field(min_length=1)
    players: list[Text]

    @field_validator("actions")
    @classmethod
    def _action_syntax(cls, actions: list[str]) -> list[str]:
        for i, action in enumerate(actions):
            _check_action(i, action)
        return actions

    @model_validator(mode="after")
    def _same_lengths(self) -> PHH:
        n = len(self.starting_stacks)
        if n < 2:
            raise _fail(N_("a hand needs at least two players"))
        for name in ("antes", "blinds_or_straddles", "players"):
            if len(getattr(self, name)) != n:
                raise _fail(N_("{name} must have one entry per player ({n})"), name=name, n=n)
        if len(set(self.players)) != n:
            raise _fail(N_("the player names must all be different"))
        return self

    def to_toml(self) -> str:
        """The hand as PHH text (what :func:`coach.engine.phh.loads_phh` reads), written by the PHH
        writer itself (one writer: ``inf``, tables and dates as TOML spells them)."""
        return dump_toml(self.model_dump())


_PHH_ACTION = re.compile(
    r"^(?:d dh p(?P<dh>\d+) (?P<hole>\S+)|d db (?P<board>\S+)"
    r"|p(?P<p>\d+) (?:f|cc|cbr (?P<amount>\d+)|sm(?: (?P<shown>\S+))?|sd))$"
)


def _check_action(index: int, action: str) -> None:
    """Syntax of one PHH action and its cards, so a typo is named before any replay.

    Legality (whose turn it is, amounts) is the engine's call, not ours.
    """
    body = action.split("#", 1)[0].strip()
    m = _PHH_ACTION.match(body)
    if m is None:
        raise _fail(N_("action {index} '{action}' is not a PHH action (e.g. 'd dh p1 AhKd', "
                       "'d db Kh7h2c', 'p2 cbr 40', 'p3 cc', 'p1 f', 'p2 sm AhKd')"),
                    index=index, action=action)
    cards = m.group("hole") or m.group("board") or m.group("shown")
    if cards is None or cards == "-" or set(cards) <= {"?"}:
        return
    try:
        parse_cards(cards)
    except InvalidInput as err:
        raise _fail(N_("action {index} '{action}': {problem}"), index=index, action=action,
                    problem=err.message) from None


class Step(_Model):
    """Authored text shown after action ``action`` (the engine narrates every action anyway)."""

    action: int = Field(ge=0)
    text: Text


class Decision(_Model):
    """A moment where the learner plays ``seat`` instead of action ``at`` of the hand.

    ``options`` are PHH action codes (``"p3 cbr 6"``), all legal at that moment;
    the hand's own action ``actions[at]`` is one of them (after the choice the hand
    goes on as written). ``feedback`` maps an option to authored text; an option
    without it gets the coach's analysis (:func:`coach.feedback.analyze`).
    ``best`` is the option the lesson teaches, when there is one.

    ``grades`` gives an option the lesson's own grade (one of :data:`GRADES`),
    shown instead of the coach's: the lesson may know what the model does not
    (a read on the opponent, the point being taught). The coach's explanation
    is still shown, followed by the lesson's text, unless the option is listed
    in ``replace``: then the lesson's text stands alone. ``best`` is always
    shown "ottima", so a grade for it can only be that, and no other option can
    be "ottima" beside it (the page would call it both excellent and not the
    lesson's choice).
    """

    at: int = Field(ge=0)
    seat: int = Field(ge=1)
    prompt: Text
    options: list[str] = Field(min_length=2)
    best: str | None = None
    feedback: dict[str, Text] = {}
    grades: dict[str, str] = {}
    replace: list[str] = []
    rules: list[RuleId] = []

    @field_validator("options")
    @classmethod
    def _codes(cls, options: list[str]) -> list[str]:
        for code in options:
            if not _CODE.match(code):
                raise _fail(N_("'{code}' is not a player action code like 'p2 f', 'p2 cc', 'p2 cbr 40'"),
                            code=code)
        if len(set(options)) != len(options):
            raise _fail(N_("an option appears twice"))
        return options

    @field_validator("grades")
    @classmethod
    def _grades(cls, grades: dict[str, str], info: ValidationInfo) -> dict[str, str]:
        """Checked on the field, so the check names ``grades`` as the place of the problem."""
        options = info.data.get("options")  # absent when the options themselves are wrong
        for code, grade in grades.items():
            if options is not None and code not in options:
                raise _fail(N_("grade for '{code}', which is not among the options"), code=code)
            if grade not in GRADES:
                raise _fail(N_("grade '{grade}' for '{code}' is not a grade: use one of {grades}"),
                            grade=grade, code=code, grades=", ".join(f"«{g}»" for g in GRADES))
        return grades

    @model_validator(mode="after")
    def _refs(self) -> Decision:
        for code in self.options:
            m = _CODE.match(code)
            if m is not None and int(m.group(1)) != self.seat:
                raise _fail(N_("option '{code}' is not an action of p{seat}"), code=code, seat=self.seat)
        if self.best is not None and self.best not in self.options:
            raise _fail(N_("best '{code}' is not among the options"), code=self.best)
        for code in self.feedback:
            if code not in self.options:
                raise _fail(N_("feedback for '{code}', which is not among the options"), code=code)
        for code, grade in self.grades.items():
            if self.best is not None and code == self.best and grade != GRADES[0]:
                raise _fail(N_("'{code}' is the lesson's best choice, always shown «{top}»: "
                               "it cannot be graded «{grade}»"), code=code, top=GRADES[0], grade=grade)
            if self.best is not None and code != self.best and grade == GRADES[0]:
                raise _fail(N_("'{code}' is graded «{top}», but the lesson's best choice is '{best}': "
                               "only that one can be"), code=code, top=GRADES[0], best=self.best)
        for code in self.replace:
            if code not in self.options:
                raise _fail(N_("replace lists '{code}', which is not among the options"), code=code)
            if code not in self.feedback:
                raise _fail(N_("replace lists '{code}', which has no feedback text to put in place of "
                               "the coach's explanation"), code=code)
        return self


class ExampleHand(_Model):
    """One example hand: PHH data plus the lesson's narration and decision points."""

    id: Slug
    title: Text
    intro: str = ""
    rules: list[RuleId] = []
    hero: int | None = Field(default=None, ge=1)
    phh: PHH
    profiles: dict[str, str] = {}  # "p2" -> an opponent profile (coach.feedback.profiles) the coach assumes
    steps: list[Step] = []
    decisions: list[Decision] = []
    outro: str = ""

    @model_validator(mode="after")
    def _indices(self) -> ExampleHand:
        n = len(self.phh.actions)
        players = len(self.phh.players)
        for step in self.steps:
            if step.action >= n:
                raise _fail(N_("step on action {index}, but the hand has {n} actions (0 to {last})"),
                            index=step.action, n=n, last=n - 1)
        seen: set[int] = set()
        for d in self.decisions:
            if d.at >= n:
                raise _fail(N_("decision at action {index}, but the hand has {n} actions (0 to {last})"),
                            index=d.at, n=n, last=n - 1)
            if d.at in seen:
                raise _fail(N_("two decisions at action {index}"), index=d.at)
            seen.add(d.at)
            if d.seat > players:
                raise _fail(N_("decision for p{seat}, but the hand has {n} players"), seat=d.seat, n=players)
        if self.hero is not None and self.hero > players:
            raise _fail(N_("hero p{seat}, but the hand has {n} players"), seat=self.hero, n=players)
        for label, name in self.profiles.items():
            if not (label.startswith("p") and label[1:].isdigit() and 1 <= int(label[1:]) <= players):
                raise _fail(N_("profile for '{label}': write it for a player p1 to p{n}"),
                            label=label, n=players)
            if " ".join(name.strip().lower().split()) not in ALIASES:
                raise _fail(N_("profile '{name}' for {label} is not a profile: use one of {names}"),
                            name=name, label=label, names="equilibrio, principiante, roccia, aggressivo")
        for d in self.decisions:
            if self.hero is not None and d.seat != self.hero:
                raise _fail(N_("decision at action {index} is for p{seat}, but the learner plays p{hero} "
                               "(hero)"), index=d.at, seat=d.seat, hero=self.hero)
        return self

    def player_name(self, seat: int) -> str:
        """The name of PHH player ``seat`` (1-based)."""
        return self.phh.players[seat - 1]


class Question(_Model):
    """A quiz question: multiple choice (``answer`` = index) or a number (``answer`` = value).

    With ``hand`` and ``fact`` the validator computes the answer on the engine and
    the file must agree: a "chi vince?" question is checked against the showdown.
    """

    id: Slug
    kind: Literal["choice", "number"]
    prompt: Text
    choices: list[Text] = []
    answer: int
    explanation: Text
    rules: list[RuleId] = []
    hand: Slug | None = None
    fact: Fact | None = None
    at: int | None = Field(default=None, ge=0)
    pot: int = Field(default=0, ge=0)
    player: str | None = None
    unit: str = "fiche"

    @model_validator(mode="after")
    def _consistent(self) -> Question:
        if self.kind == "choice":
            if len(self.choices) < 2:
                raise _fail(N_("a choice question needs at least two choices"))
            if len(set(self.choices)) != len(self.choices):
                raise _fail(N_("a choice appears twice"))
            if not 0 <= self.answer < len(self.choices):
                raise _fail(N_("answer {answer} is not the index of a choice (0 to {last})"),
                            answer=self.answer, last=len(self.choices) - 1)
            if self.fact is not None and self.fact not in NAME_FACTS:
                raise _fail(N_("fact '{fact}' has a numeric answer: use kind = \"number\""), fact=self.fact)
        else:
            if self.choices:
                raise _fail(N_("a number question has no choices"))
            if self.fact in NAME_FACTS:
                raise _fail(N_("fact '{fact}' names players: use kind = \"choice\""), fact=self.fact)
        if (self.fact is None) != (self.hand is None):
            raise _fail(N_("'hand' and 'fact' go together: give both or neither"))
        if self.fact in ("final_stack", "won") and self.player is None:
            raise _fail(N_("fact '{fact}' needs 'player'"), fact=self.fact)
        if self.fact in ("actor", "call_amount", "min_raise_to", "max_raise_to") and self.at is None:
            raise _fail(N_("fact '{fact}' needs 'at' (the action index)"), fact=self.fact)
        return self


class Lesson(_Model):
    """One lesson file. ``id`` is the file name without ``.toml`` (set by the loader).

    ``number`` is the file's two digits; the course order is the order of the
    numbers, except that a lesson with ``after`` comes right after that lesson
    (so a lesson can be inserted without renaming the others: their ids, used
    in links and stored progress, stay valid). ``position`` is the lesson's
    place in the course, 1-based, set by :func:`coach.lessons.loader.load_lessons`
    (0 for a lesson loaded on its own); ``place`` is what the learner reads.
    """

    id: Slug
    number: int = Field(ge=1)
    position: int = Field(default=0, ge=0)
    title: Text
    summary: Text
    after: Slug | None = None
    prerequisites: list[Slug] = []
    rules: list[RuleId] = Field(min_length=1)
    sections: list[Section] = Field(min_length=1)
    hands: list[ExampleHand] = Field(min_length=1)
    questions: list[Question] = []
    # How much the coach says after a decision, unless the learner chose in Impostazioni:
    # "essential" (the grade and the lesson's sentence) or "numbers" (every figure and chart).
    # Unset, a lesson shows the numbers (:func:`coach.ui.feedbacklevel.lesson_level`).
    feedback_level: str | None = None

    @field_validator("feedback_level")
    @classmethod
    def _feedback_level(cls, level: str | None) -> str | None:
        """Checked on the field, so the problem names ``feedback_level`` and says what is allowed."""
        if level is not None and level not in FEEDBACK_LEVELS:
            raise _fail(N_("feedback level '{level}' is not a level: use one of {levels}"),
                        level=level, levels=", ".join(f"«{x}»" for x in FEEDBACK_LEVELS))
        return level

    @model_validator(mode="after")
    def _refs(self) -> Lesson:
        hand_ids = [h.id for h in self.hands]
        if len(set(hand_ids)) != len(hand_ids):
            raise _fail(N_("two hands have the same id"))
        q_ids = [q.id for q in self.questions]
        if len(set(q_ids)) != len(q_ids):
            raise _fail(N_("two questions have the same id"))
        if len(set(self.rules)) != len(self.rules):
            raise _fail(N_("a rule id appears twice in 'rules'"))
        for q in self.questions:
            if q.hand is not None and q.hand not in hand_ids:
                raise _fail(N_("question '{question}' refers to hand '{hand}', which is not in this lesson"),
                            question=q.id, hand=q.hand)
            if q.hand is not None and q.player is not None:
                hand = self.hands[hand_ids.index(q.hand)]
                if q.player not in hand.phh.players:
                    raise _fail(N_("question '{question}': '{player}' is not a player of hand '{hand}'"),
                                question=q.id, player=q.player, hand=q.hand)
            if q.hand is not None and q.at is not None:
                hand = self.hands[hand_ids.index(q.hand)]
                if q.at >= len(hand.phh.actions):
                    raise _fail(N_("question '{question}': action {index} is past the end of hand '{hand}'"),
                                question=q.id, index=q.at, hand=q.hand)
        taught = {r for s in self.sections for r in s.rules} | {r for h in self.hands for r in h.rules}
        taught |= {r for q in self.questions for r in q.rules}
        missing = [r for r in self.rules if r not in taught]
        if missing:
            raise _fail(N_("rules {rules} are declared but no section, hand or question teaches them"),
                        rules=", ".join(missing))
        if sum(len(h.decisions) for h in self.hands) + len(self.questions) < 3:
            raise _fail(N_("a lesson needs at least three decision points or questions"))
        return self

    def hand(self, hand_id: str) -> ExampleHand:
        for h in self.hands:
            if h.id == hand_id:
                return h
        raise KeyError(hand_id)

    @property
    def decision_count(self) -> int:
        return sum(len(h.decisions) for h in self.hands)

    @property
    def place(self) -> int:
        """The lesson's number as the learner reads it: its place in the course."""
        return self.position or self.number
