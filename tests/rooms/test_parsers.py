"""The project's subclasses of pokerkit's parsers: what each reads that pokerkit 0.7.7 does not (the
reason for the subclass), and the hands they read replayed to the room's stacks."""

from __future__ import annotations

from pokerkit.notation import FullTiltPokerParser, IPokerNetworkParser

from coach.engine.phh import HandHistory, loads_phh
from coach.i18n import get_translator
from coach.rooms import import_histories
from coach.rooms.catalog import FullTilt
from tests.support.rooms_export import export_histories

from .hands import HEADS_UP_ALL_IN, SIDE_POT, TOURNAMENT

EN = get_translator("en")


def _stacks(h: HandHistory) -> tuple[int, ...]:
    result = h.replay().result
    assert result is not None
    return tuple(result.finishing_stacks)


def _imported(text: str) -> HandHistory:
    report = import_histories(text)
    outcome = report.hands[0]
    assert outcome.status == "ok" and outcome.history is not None, outcome.reason
    return outcome.history


def test_ipoker_antes_and_all_ins_are_read_by_the_subclass_not_by_pokerkit() -> None:
    text = export_histories([loads_phh(TOURNAMENT)], "ipoker", tournament=True)
    assert 'type="15" sum="25"' in text
    ours = _imported(text)
    assert list(ours.antes) == [25, 25, 25, 25]
    assert list(next(iter(IPokerNetworkParser()(text))).antes) == [0, 0, 0, 0]  # pokerkit 0.7.7
    assert _stacks(_imported(text)) == (2875, 975, 4675, 2475)


def test_an_ipoker_all_in_is_the_chips_it_adds() -> None:
    """Code 7 after a raise to 6: «sum» 78 is what p1 adds to his big blind of 2, a raise to 80."""
    source = loads_phh(HEADS_UP_ALL_IN)
    text = export_histories([source], "ipoker")
    assert 'type="7" sum="€78"' in text
    assert 'type="7"' not in IPokerNetworkParser.COMPLETION_BETTING_OR_RAISING.pattern  # dropped upstream
    history = _imported(text)
    assert "p1 cbr 80" in [a.text for a in history.actions]
    assert _stacks(history) == _stacks(source)


def test_an_ipoker_all_in_call_for_less_is_a_call() -> None:
    """The short stack's all-in call (code 7, fewer chips than the bet) is a call, not a raise."""
    source = loads_phh(SIDE_POT)
    text = export_histories([source], "ipoker")
    assert text.count('type="7"') >= 2
    assert _stacks(_imported(text)) == _stacks(source)


def test_a_doctored_ipoker_ante_or_all_in_is_refused() -> None:
    text = export_histories([loads_phh(TOURNAMENT)], "ipoker", tournament=True)
    doctored = text.replace('player="p4" type="15" sum="25"', 'player="p4" type="15" sum="75"')
    report = import_histories(doctored)
    assert report.hands[0].status == "refused"
    reason = report.hands[0].reason
    assert reason is not None and "the pot does not add up" in reason.localized(EN)  # type: ignore[union-attr]
    all_in = export_histories([loads_phh(HEADS_UP_ALL_IN)], "ipoker")
    report = import_histories(all_in.replace('type="7" sum="€78"', 'type="7" sum="€98"'))
    assert report.hands[0].status == "refused"
    reason = report.hands[0].reason
    assert reason is not None and "has only 80" in reason.localized(EN)  # type: ignore[union-attr]


def test_full_tilt_tournaments_are_read_by_the_subclass_not_by_pokerkit() -> None:
    text = export_histories([loads_phh(TOURNAMENT)], "fulltilt", tournament=True)
    assert " - NL Hold'em - 100/200 - " in text and "p1 antes 25" in text and "Seat 1: p1 (3,000)" in text
    assert FullTiltPokerParser.VARIANT.search(text) is None  # pokerkit 0.7.7: «No Limit Hold'em» only
    ours = next(iter(FullTilt()(text)))
    assert list(ours.antes) == [25, 25, 25, 25]
    assert _stacks(_imported(text)) == (2875, 975, 4675, 2475)
