"""The coach's verdict on a choice, as every page that grades one draws it.

The lessons, the review, the live class and the practice table show a graded
choice the same way: the grade in a coloured box with the choice in words, the
lesson's and the coach's explanations, the coach's own choice, every option's
numbers, the equity chart and the opponents' ranges. One module, so a grade
reads the same wherever the learner meets it.

Two levels (:mod:`coach.ui.feedbacklevel`): both show the badge and the lesson's
sentence (or the coach's one plain sentence) next to the buttons; *Essenziale*
keeps the numbers behind «Perché?», *Con i numeri* shows them under the sentence.
On the projector a one-line takeaway stands above the detail, folded.
"""

from __future__ import annotations

import re
from typing import Any

import streamlit as st

from coach.feedback import Grade
from coach.feedback.texts import JOIN
from coach.i18n import Message, Translator
from coach.learning.answers import DecisionAnswer
from coach.learning.verdict import OptionRow, Verdict, option_code
from coach.ui.feedbacklevel import ESSENTIAL, NUMBERS, Level
from coach.ui.figures import EquityData, build_equity_figure, describe_equity
from coach.ui.ondemand import folded
from coach.ui.scroll import after_tap
from coach.ui.widgets import link_rules, show_ranges

VERDICT_KEY = "cc_verdict"
GRADE_BOX = {"ottima": "success", "buona": "success", "imprecisa": "warning",
             "errore": "error", "errore grave": "error"}


def show_verdict(answer: DecisionAnswer, t: Translator, level: Level = NUMBERS, *,
                 classroom: bool = False, label: str | None = None) -> None:
    """The learner's choice in words and its grade, next to the buttons it replaces.

    Essential: the lesson's sentence for this choice (else the coach's plain one) right
    under the badge, in view with the table. On the projector: the badge, one line to
    take away, and everything else in a folded «Dettagli» (:func:`show_answer_details`
    then draws nothing below). ``label``: the choice in words where the page has already written it.
    """
    v = answer.verdict
    said = label if label is not None else t.md(answer.said) if answer.said is not None else answer.code
    head = t("You chose: {action}", action=said)
    if v.grade_label is not None:
        head += " — " + t("grade: {grade}", grade=t.render(v.grade_label))
    box: Any = getattr(st, GRADE_BOX.get(v.grade or "", "info"))
    with st.container(key=VERDICT_KEY):  # the badge and its sentence, brought into view after a tap
        box(head)
        _verdict_text(answer, t, level, classroom)
    after_tap(VERDICT_KEY)


def _verdict_text(answer: DecisionAnswer, t: Translator, level: Level, classroom: bool) -> None:
    if classroom:
        with st.container(key="verdict_takeaway"):
            st.markdown(bold_line(takeaway(answer, t), t))
        with st.expander(t("Details"), expanded=False, icon=":material/expand_more:"):
            essential_text(answer, t)
            _details(answer, t, ESSENTIAL)
        return
    # At both levels the sentence stays next to the badge: «Con i numeri» adds the numbers under it.
    with st.container(key="verdict_essential"):
        essential_text(answer, t)
    if answer.is_best is True:
        st.markdown("✅ " + t("This is the choice the lesson teaches."))
    elif answer.is_best is False:
        st.markdown("💡 " + (t("The lesson suggests another choice: look at the explanation.")
                            if level == NUMBERS else t("The lesson suggests another choice.")))


def essential_sentence(answer: DecisionAnswer, t: Translator) -> str:
    """What *Essenziale* says: the lesson's own sentence for this choice where it wrote one, else
    the coach's plain headline (no figure), else nothing."""
    if answer.authored:
        return answer.authored
    v = answer.verdict
    if v.headline is not None and answer.is_best is None:
        # With a lesson's best choice the badge's line says it; the coach's headline could
        # name another option.
        return plain_sentence(v, t)
    return ""


def plain_sentence(v: Verdict, t: Translator) -> str:
    """The coach's plain sentence and its reason: «Il call è la scelta giusta. Paghi poco rispetto a
    quello che c'è nel piatto, e la tua mano vince abbastanza spesso.» (no figure, no term)."""
    parts = [t.render(m) for m in (v.headline, v.reason) if m is not None]
    return " ".join(parts)


def essential_text(answer: DecisionAnswer, t: Translator) -> None:
    sentence = essential_sentence(answer, t)
    if sentence:
        st.markdown(link_rules(sentence, t))


def takeaway(answer: DecisionAnswer, t: Translator) -> str:
    """The one line the projector shows above the folded detail: the point of this choice, in the
    lesson's words (:func:`point`) or the coach's headline; a general line only where neither says it."""
    v = answer.verdict
    # With a lesson's best choice and no text of its own, the coach's headline could name another
    # option (the model looks one street ahead): the lesson's line stands.
    headline = v.headline if answer.is_best is None else None
    line = point(answer.authored, headline, t)
    if line:
        return line
    if answer.is_best is True:
        return t("This is the choice the lesson teaches.")
    if answer.is_best is False:
        return t("The lesson teaches another choice: open the details to see why.")
    return t("Open the details to see why.")


# A sentence ends at . ! ? (or … ) followed by a space and a capital, a digit (a hand: «10♦2♠»), a
# quote or a bracket: «1.000», «A-K-9-4-3,» and «R09:» do not end one.
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+(?=[A-ZÀ-ÖØ-Þ0-9«\"(\[])")
TAKEAWAY_MAX = 160  # characters: one line on a 1920 px projector at the classroom font


def point(lesson_text: str, headline: Message | None, t: Translator) -> str:
    """The point of a choice in one short line: the lesson's first sentence that says something
    (a lone «Giusto.» or «Bene.» is skipped), if short; else the coach's headline; else ""."""
    for sentence in _SENTENCE_END.split(" ".join(lesson_text.split())):
        if len(sentence.split()) < 3:
            continue
        if len(sentence) <= TAKEAWAY_MAX:
            return sentence
        break
    return t.render(headline) if headline is not None else ""


def bold_line(text: str, t: Translator) -> str:
    """One line in bold, its terms linked: the text's own ``**`` removed so the bold is not broken."""
    return "**" + link_rules(text.replace("**", ""), t) + "**"


def without_text(message: Message | None, text: str) -> Message | None:
    """``message`` (sentences joined by :func:`coach.feedback.wording.join`) without the lesson's
    ``text``: where the lesson's sentence is already next to the buttons, «Perché?» keeps the rest."""
    if message is None or not text:
        return message
    if message.msgid == "{text}" and message.params.get("text") == text:
        return None
    if message.msgid == JOIN:
        first = without_text(message.params.get("first"), text)
        second = without_text(message.params.get("second"), text)
        if first is None or second is None:
            return first if second is None else second
        return Message(JOIN, {"first": first, "second": second})
    return message


def show_answer_details(answer: DecisionAnswer, t: Translator, level: Level = NUMBERS, *,
                        classroom: bool = False, key: str | None = None) -> None:
    """The explanation, the coach's own choice, every option's numbers and the charts (full width):
    open with the numbers, behind «Perché?» when essential, nothing here on the projector (its
    detail is folded under the takeaway, :func:`show_verdict`).

    With a ``key`` (unique on the page) the folded «Perché?» is drawn only when the learner opens
    it (:func:`coach.ui.ondemand.folded`): the page's every other click does not build the
    numbers, the charts and the range grids nobody sees.
    """
    if classroom:
        return
    if level == ESSENTIAL:
        with folded(why_label(t), key, icon=":material/help:") as box:
            if box is not None:
                _details(answer, t, ESSENTIAL)
        return
    _details(answer, t, NUMBERS)


def why_label(t: Translator) -> str:
    """The label of the folded numbers under an essential verdict (one wording on every page)."""
    return t("Why? The coach's numbers")


def show_comment(v: Verdict, t: Translator, level: Level, *, ranges: bool = True) -> None:
    """The coach's comment under a badge where no lesson speaks (practice, the Replayer): the coach's
    plain sentence, the explanation, every choice and the ranges behind «Perché?» when essential;
    all of it at once with the numbers. ``ranges=False`` leaves the opponents' ranges out (Pratica at
    the learner's turn: the grids would push the buttons off the screen)."""
    if level == ESSENTIAL:
        if v.headline is not None:
            st.markdown(link_rules(plain_sentence(v, t), t))
        with st.expander(why_label(t), expanded=False, icon=":material/help:"):
            _comment_numbers(v, t, ranges)
        return
    _comment_numbers(v, t, ranges)


def _comment_numbers(v: Verdict, t: Translator, ranges: bool = True) -> None:
    if v.explanation is not None:
        st.markdown(link_rules(t.render(v.explanation), t))
    options_table(v, t)
    if ranges:
        show_ranges(v.ranges, t)


def _details(answer: DecisionAnswer, t: Translator, level: Level) -> None:
    """The lesson's sentence is already next to the badge (or in the projector's folded detail, at
    both levels): it is not said twice. No hedge about the coach's model: where a lesson and the
    coach disagree, ``python -m coach lessons check`` says so and the lesson or the coach is fixed."""
    v = answer.verdict
    lesson_text = answer.authored
    explanation = without_text(v.explanation, lesson_text)
    if explanation is not None:
        # With v.authored the explanation is the coach's followed by the lesson's text
        # (or the lesson's alone, where it says ``replace``).
        st.markdown(link_rules(t.render(explanation), t))
    if not answer.in_options and not answer.authored and v.explanation is None:
        st.markdown(t("A legal choice, though not one of those this lesson discusses."))
    if v.best_explanation is not None and v.best_kind is not None and option_code(answer.code) != v.best_code:
        best = action_label(v.best_kind, v.best_amount, t)
        with st.expander(t("The coach's choice: {action}", action=best)):
            st.markdown(link_rules(t.render(v.best_explanation), t))
    for fig_line in v.figures:
        st.markdown("- " + t.render(fig_line))
    options_table(v, t)
    if v.equity is not None and v.equity_needed is not None:
        data = EquityData(v.equity, v.equity_needed, v.stderr)
        st.plotly_chart(build_equity_figure(data, t), width="stretch", alt=describe_equity(data, t),
                        config={"displayModeBar": False})
    # Full width here: one opponent's grid is open, several are folded (a multiway pot).
    show_ranges(v.ranges, t, expanded=len(v.ranges) == 1)


def options_table(v: Verdict, t: Translator) -> None:
    """Every option the coach weighed, with its grade and expected value in big blinds."""
    if not v.options:
        return
    with st.expander(t("Every choice, with its numbers")):
        header = "| " + t("Action") + " | " + t("Grade") + " | " + t("EV (big blinds)") + " |"
        rows = [header, "|---|---|---:|"]
        for o in sorted_options(v.options):
            ev = "—" if o.ev_bb is None else t.format_fixed(o.ev_bb, 1) + (" \\*" if o.estimate else "")
            mark = " ◀" if o.code == option_code(v.code) else ""
            rows.append(f"| {action_label(o.kind, o.amount, t)}{mark} | {t.render(o.grade_label)} | {ev} |")
        st.markdown("\n".join(rows))
        if any(o.estimate for o in v.options):
            # A leading «*» would be a Markdown bullet: the legend is plain text.
            st.caption(t("* an estimate: the model looks one street ahead.").replace("*", "\\*", 1))
        st.caption(t("◀ your choice. EV is measured against folding (0)."))


def sorted_options(options: tuple[OptionRow, ...]) -> list[OptionRow]:
    """Best first: by grade, then by EV (highest first, an option without EV last)."""
    ranks = {g.label.msgid: g.rank for g in Grade}
    return sorted(options, key=lambda o: (ranks.get(o.grade_label.msgid, len(ranks)),
                                          -(o.ev_bb if o.ev_bb is not None else float("-inf"))))


def action_label(kind: str, amount: int | None, t: Translator) -> str:
    """An analysed option in words: "Fold", "Call", "Raise a 5", "All-in"."""
    if kind == "bet" and amount is not None:
        return t("Bet {amount}", amount=amount)
    if kind == "raise" and amount is not None:
        return t("Raise to {amount}", amount=amount)
    names = {"fold": t("Fold"), "check": t("Check"), "call": t("Call"), "all_in": t("All-in")}
    return names.get(kind, kind)
