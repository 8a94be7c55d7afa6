"""The pages' URLs and titles, and the links between pages (coach/ui/navigation.py, coach/ui/app.py).

The url paths are what learners share and bookmark (``/lezioni?lezione=...``): they must not
move when the code does. A link asks for a page by url path; it must lead where the
navigation serves that page.
"""

from __future__ import annotations

from collections.abc import Callable

from streamlit.testing.v1 import AppTest

from coach.i18n import get_translator
from coach.ui import app as app_module
from coach.ui import views
from coach.ui.navigation import HOME, PAGES

from .helpers import PAGES as TESTED_PAGES
from .helpers import goto


def test_the_urls_and_italian_titles_stay_put() -> None:
    t = get_translator("it")
    assert [(p.url, t(p.title)) for p in PAGES] == [
        ("home", "Home"), ("lezioni", "Lezioni"), ("pratica", "Pratica"), ("quiz", "Quiz"),
        ("ripasso", "Ripasso"), ("replayer", "Replayer"), ("glossario", "Glossario"),
        ("progressi", "Progressi"), ("insegnante", "Classe dal vivo"), ("classe", "Entra in classe"),
        ("mani", "Le mie mani"), ("analisi", "Analizza la tua sessione"),
        ("impostazioni", "Impostazioni")]
    assert HOME == "home" and set(TESTED_PAGES) == {p.url for p in PAGES}


def test_each_page_is_the_render_of_the_view_named_by_its_url() -> None:
    assert list(app_module.VIEWS) == [p.url for p in PAGES]
    for url, render in app_module.VIEWS.items():
        assert render.__module__ == f"{views.__name__}.{url}" and render.__name__ == "render"


def test_a_link_names_the_page_by_its_url(app: Callable[..., AppTest]) -> None:
    """The home page's links reach the pages by url path (the browser test clicks one)."""
    links = {str(link.proto.label): link.proto for link in app().get("page_link")}
    assert links["Comincia dalle lezioni"].page == "lezioni"
    assert links["Gioca una mano"].page == "pratica"


def test_classroom_mode_stays_in_the_address_on_every_page_until_left(app: Callable[..., AppTest]) -> None:
    """F5 on the projector opens the new session from the address: ``?aula=1`` stays on it."""
    at = app()
    at.query_params["aula"] = "1"
    at.run()
    assert "aula" in at.query_params
    del at.query_params["aula"]  # a page change: Streamlit drops the query
    at.run()
    assert "aula" in at.query_params and any(b.key == "leave_classroom" for b in at.button)
    at.button(key="leave_classroom").click().run()
    assert "aula" not in at.query_params and not any(b.key == "leave_classroom" for b in at.button)


def test_classroom_mode_from_the_settings_is_written_into_the_address(app: Callable[..., AppTest]) -> None:
    at = goto(app(), "impostazioni")
    assert "aula" not in at.query_params
    at.toggle(key="set_classroom").set_value(True).run()
    at.run()
    assert "aula" in at.query_params
    at.toggle(key="set_classroom").set_value(False).run()
    assert "aula" not in at.query_params and not any(b.key == "leave_classroom" for b in at.button)
