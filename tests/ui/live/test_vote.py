"""The closed vote on the projector (coach/ui/live/vote.py, issue 22) and the join link the projector
shows (coach/ui/live/common.py): a chart with no grade before «Mostra il verdetto», the silences counted,
and a loopback address replaced by the LAN one."""

from __future__ import annotations

from coach.i18n import get_translator
from coach.live import Turnout
from coach.ui.figures import GRADE_COLOUR, AnswerBar, build_distribution_figure
from coach.ui.live import common
from coach.ui.live.vote import turnout_line

IT = get_translator("it")
GRADE_WORDS = ("Ottima", "Buona", "Imprecisa", "Errore", "giusta", "sbagliata")
BARS = [AnswerBar("Call 2", 2, "imprecisa"), AnswerBar("Rilancia a 5", 1, "ottima"),
        AnswerBar("Fold", 1, "errore")]


def test_the_chart_before_the_verdict_has_no_grade_word_and_no_grade_colour() -> None:
    plain = [AnswerBar(b.label, b.count, None) for b in BARS]
    fig = build_distribution_figure(plain, IT, large=True, title="Domanda 1: le risposte", graded=False)
    bar = fig.data[0]
    assert list(bar.x) == ["Call 2", "Rilancia a 5", "Fold"] and list(bar.y) == [2, 1, 1]
    assert not any(w in str(x) for x in bar.x for w in GRADE_WORDS)
    colours = set(bar.marker.color)
    assert len(colours) == 1 and not colours & set(GRADE_COLOUR.values())


def test_the_chart_after_the_verdict_names_and_colours_each_grade() -> None:
    fig = build_distribution_figure(BARS, IT, large=True, title="Domanda 1: le risposte")
    bar = fig.data[0]
    assert [str(x).split("<br>")[1] for x in bar.x] == ["Imprecisa", "Ottima", "Errore"]
    assert list(bar.marker.color) == [GRADE_COLOUR[g] for g in ("imprecisa", "ottima", "errore")]


def test_the_turnout_line_counts_who_did_not_answer() -> None:
    assert turnout_line(Turnout(2, 4, 1), False, IT) == "2 su 4 hanno risposto · 2 senza risposta"
    assert turnout_line(Turnout(2, 4, 1), True, IT) == "2 su 4 hanno risposto · 1 giusta · 2 senza risposta"
    assert turnout_line(Turnout(1, 1, 0), True, IT) == "1 su 1 ha risposto · 0 giuste · 0 senza risposta"


def test_a_loopback_join_link_becomes_the_lan_one() -> None:
    # outside a browser the page's address is «localhost»: what a teacher sees opening the app locally
    where = common.join_address("K7MXQ3", lan=lambda: "192.168.1.20")
    assert where.loopback and where.url == "http://localhost:8501/classe?codice=K7MXQ3"
    assert where.shown == where.lan_url == "http://192.168.1.20:8501/classe?codice=K7MXQ3"
    alone = common.join_address("K7MXQ3", lan=lambda: None)  # no network: the warning only
    assert alone.loopback and alone.lan_url is None and alone.shown == alone.url
    v6 = common.join_address("K7MXQ3", lan=lambda: "fd00::5")
    assert v6.shown == "http://[fd00::5]:8501/classe?codice=K7MXQ3"
