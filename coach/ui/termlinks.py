"""The coach's words linked to the glossary: technical terms and rule codes.

A beginner who meets «equity» or «outs» in a verdict can open its definition
(the link's tooltip shows it on hover, the link opens the Glossario on it), and
a rule is named by its words («Regola: Il rilancio minimo»), never by the
internal code «R09» alone. Pure text in, Markdown out: the pages call
:func:`link_feedback` on a rendered explanation before ``st.markdown``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from urllib.parse import quote

from coach.feedback.refusals import RULE_TITLES
from coach.i18n import N_, Translator
from coach.ui.glossary import GLOSSARY, Term

# The glossary entries a verdict may use that a beginner has not necessarily met; the action
# names (fold, call...) and the table's words are taught in the first lessons and stay plain.
TECHNICAL = (
    "Pot odds", "Equity", "Range", "Expected value (EV)", "SPR (stack-to-pot ratio)", "Draw, outs",
    "Kicker", "Implied odds", "Effective stack", "Dominated hand", "Computed equilibrium (solver)",
    "Value bet, bluff, semi-bluff", "Continuation bet (c-bet)",
    "Flush draw, open-ended straight draw, gutshot", "Top pair, second pair", "Open raise",
    "Limp and isolation raise", "3-bet", "4-bet", "Dry and wet board", "Showdown", "Opponent profiles",
)
A_RULE = N_("a rule of the game")
RULE_NAMED = N_("Rule: {title}")

_RULE = re.compile(r"\b(Regola|regola|Rule|rule) (R[01]\d)(?:: ([^.\n\[\]]+))?(?!\])")
_LINK = re.compile(r"\[[^\]]*\]\([^)]*\)")  # a Markdown link already there: left alone


def _terms() -> dict[str, Term]:
    return {term.term: term for term in GLOSSARY if term.term in TECHNICAL}


def surface_words(name: str) -> list[str]:
    """The words of a glossary name that a text uses: «Valore atteso (EV)» -> Valore atteso, EV."""
    out = []
    for piece in re.split(r"[(),]", name):
        word = re.sub(r"^(Il|La|Lo|The) ", "", piece.strip())
        if len(word) >= 2:
            out.append(word)
    return out


def rule_title(rule: str, t: Translator) -> str | None:
    """A rule's name in words: its title, else the first glossary term that belongs to it."""
    if rule in RULE_TITLES:
        return t(RULE_TITLES[rule])
    term = next((x for x in GLOSSARY if x.rule == rule), None)
    return t(term.term) if term is not None else None


def _title_attr(text: str) -> str:
    return text.replace("\\", "").replace('"', "'")


def name_rules(text: str, t: Translator) -> str:
    """«Regola R09: Il rilancio minimo» or «Regola R09» -> a link named by the rule's words."""
    def named(m: re.Match[str]) -> str:
        rule, given = m.group(2), m.group(3)
        title = given.strip() if given else rule_title(rule, t)
        label = t(RULE_NAMED, title=title) if title else t(A_RULE)
        if m.group(1)[0].islower() and label[:1].isupper():
            label = label[0].lower() + label[1:]
        return f"[{label}](glossario?regola={rule})"
    return _outside_links(text, lambda part: _RULE.sub(named, part))


def link_terms(text: str, t: Translator) -> str:
    """Each technical term's first use -> a link to its glossary entry, the definition as tooltip."""
    for term in _terms().values():
        name, definition = t(term.term), t(term.definition)
        for word in surface_words(name):
            pattern = re.compile(r"(?<![\w\-/])" + re.escape(word) + r"(?![\w\-])", re.IGNORECASE)
            target = f"glossario?cerca={quote(name)} \"{_title_attr(definition)}\""
            linked = _link_first(text, pattern, target)
            if linked is not None:
                text = linked
                break
    return text


def _link_first(text: str, pattern: re.Pattern[str], target: str) -> str | None:
    """``text`` with the first match of ``pattern`` outside a link made a link to ``target``."""
    parts = list(_split(text))
    for i, (is_link, part) in enumerate(parts):
        found = None if is_link else pattern.search(part)
        if found is not None:
            parts[i] = (False, f"{part[:found.start()]}[{found.group(0)}]({target}){part[found.end():]}")
            return "".join(p for _, p in parts)
    return None


def link_feedback(text: str, t: Translator) -> str:
    """A rendered explanation with its rules and technical terms linked (Markdown).

    Kept per text and locale (the glossary and the rule titles are fixed for a process): a verdict
    drawn again at each click of the page does not run the ~50 term patterns over it again.
    """
    key = (text, t.locale)
    linked = _LINKED.get(key)
    if linked is None:
        linked = link_terms(name_rules(text, t), t)
        if len(_LINKED) >= _LINKED_MAX:
            _LINKED.clear()  # a rare full sweep: the texts of one course and its verdicts fit many times
        _LINKED[key] = linked
    return linked


_LINKED: dict[tuple[str, str], str] = {}
_LINKED_MAX = 4096


def _outside_links(text: str, change: Callable[[str], str]) -> str:
    """``change`` applied to the text between the Markdown links already there, never inside one."""
    return "".join(part if is_link else change(part) for is_link, part in _split(text))


def _split(text: str) -> Iterator[tuple[bool, str]]:
    at = 0
    for m in _LINK.finditer(text):
        yield False, text[at:m.start()]
        yield True, m.group(0)
        at = m.end()
    yield False, text[at:]
