"""A session review reads an online room's history as well as PHH: the same hands, the same grades.

The file is written by the project's own exporter (tests.support.rooms_export) from a generated session,
so the PHH and the PokerStars texts hold the same hands; a doctored hand of the room's file is
listed as refused with its line and reason, never lost silently.
"""

from __future__ import annotations

from coach.engine.phh import HandHistory, history_from_table, split_phhs
from coach.i18n import get_translator
from coach.review.session import RefusedHand, SessionReview, detect_hero, load_texts, review_session
from tests.support.rooms_export import export_histories

from .conftest import session_text


def _phh_hands() -> list[HandHistory]:
    return [history_from_table(table, source) for source, table in split_phhs(session_text(), "s.phhs")
            if table]


def test_a_pokerstars_session_is_reviewed_like_its_phh() -> None:
    tr = get_translator("it")
    phh = load_texts([("s.phhs", session_text())])
    stars_text = export_histories(_phh_hands(), "pokerstars", hero="Tu")
    refused: list[RefusedHand] = []
    stars = load_texts([("s.txt", stars_text)], tr, refused)
    assert refused == [] and len(stars) == len(phh)
    a = review_session(phh, detect_hero(phh, "Tu"), tr)
    hero = detect_hero(stars)
    b = review_session(stars, hero, tr)
    assert a is not None and b is not None and hero.replace("_", " ") == "Tu"
    def graded(r: SessionReview) -> list[tuple[int, str, str]]:
        return [(d.hand, d.street, d.grade) for d in r.decisions]

    assert graded(a) == graded(b) and graded(a)


def test_a_doctored_hand_of_a_room_is_listed_with_its_line() -> None:
    tr = get_translator("it")
    text = export_histories(_phh_hands()[:3], "pokerstars", hero="Tu")
    first = text.index(" collected ")
    end = text.index(" from pot", first)
    doctored = text[:first] + " collected $99999" + text[end:]  # a pot that does not add up
    refused: list[RefusedHand] = []
    hands = load_texts([("s.txt", doctored)], tr, refused)
    assert len(hands) == 2 and len(refused) == 1
    assert refused[0].source.startswith("s.txt:") and refused[0].hand < 0 and refused[0].reason
    review = review_session(hands, detect_hero(hands), tr, refused_on_import=refused)
    assert review is not None and review.refused[0] == refused[0]
