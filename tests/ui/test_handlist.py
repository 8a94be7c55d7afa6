"""The list of «Le mie mani» (coach/ui/handlist.py): 20 hands a page, newest first, with the counts,
«Precedenti / Successive», a search that takes wildcards and long text literally, the filters,
a delete per row (asked once more in the row), and the zip of the found hands."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from datetime import datetime

from streamlit.testing.v1 import AppTest

from coach.store import Store
from coach.ui.handlist import zip_of
from tests.rooms.hands import SHOWDOWN, TOURNAMENT

from .helpers import goto, texts

STARS = SHOWDOWN + 'venue = "PokerStars"\n'
PARTY = TOURNAMENT + 'players = ["Dario", "Elena", "Io", "Fabio"]\nvenue = "PartyPoker"\n'


def _seed(db_url: str) -> Store:
    store = Store(db_url)
    store.save_user_hand("Ospite", "Circolo 50%", SHOWDOWN + "_hero = 3\n", at=datetime(2026, 11, 12, 21))
    store.save_user_hands("Ospite", [(f"Stars {k}", STARS) for k in range(40)], at=datetime(2026, 11, 20, 9))
    store.save_user_hands("Ospite", [(f"Party {k}", PARTY) for k in range(4)], at=datetime(2026, 12, 1, 10))
    store.save_user_hand("Bruno", "Non sua", STARS)
    return store


def _titles(at: AppTest) -> list[str]:
    return [m.value.split("  \n")[0] for m in at.markdown if "  \n:small[" in m.value]


def test_the_list_pages_newest_first_with_the_counts(app: Callable[..., AppTest], db_url: str) -> None:
    _seed(db_url)
    at = goto(app(), "mani")
    assert not at.exception
    assert _titles(at)[:5] == ["Party 3", "Party 2", "Party 1", "Party 0", "Stars 39"]
    assert len(_titles(at)) == 20
    body = texts(at)
    assert "45 mani · 45 trovate" in body and "Pagina 1 di 3" in body
    at.button(key="mani.list.next").click().run()
    at.button(key="mani.list.next").click().run()
    assert "Pagina 3 di 3" in texts(at) and _titles(at)[-1] == "Circolo 50%" and len(_titles(at)) == 5
    assert at.button(key="mani.list.next").disabled
    at.button(key="mani.list.prev").click().run()
    assert "Pagina 2 di 3" in texts(at) and _titles(at)[0] == "Stars 23"


def test_search_and_filters_narrow_the_list_and_go_back_to_page_one(app: Callable[..., AppTest],
                                                                      db_url: str) -> None:
    _seed(db_url)
    at = goto(app(), "mani")
    at.button(key="mani.list.next").click().run()
    at.text_input(key="mani.list.search").input("elena").run()
    assert _titles(at) == ["Party 3", "Party 2", "Party 1", "Party 0"]
    assert "45 mani · 4 trovate" in texts(at) and "Pagina 1 di 1" in texts(at)
    at.text_input(key="mani.list.search").input("50%").run()
    assert _titles(at) == ["Circolo 50%"]  # «%» literal: not every hand
    at.text_input(key="mani.list.search").input("%_" * 50).run()  # at the limit, all wildcards: nothing found
    assert not at.exception and _titles(at) == [] and "0 trovate" in texts(at)
    at.text_input(key="mani.list.search").input("12/11/2026").run()
    assert _titles(at) == ["Circolo 50%"]
    at.text_input(key="mani.list.search").input("").run()
    at.segmented_control(key="mani.list.source").set_value("builder").run()
    assert _titles(at) == ["Circolo 50%"]
    at.segmented_control(key="mani.list.source").set_value("all").run()
    at.selectbox(key="mani.list.room").select("PartyPoker").run()
    assert len(_titles(at)) == 4
    at.selectbox(key="mani.list.room").select(None).run()
    at.checkbox(key="mani.list.mine").check().run()  # the built hand (its _hero) and Io's PartyPoker hands
    assert _titles(at) == ["Party 3", "Party 2", "Party 1", "Party 0", "Circolo 50%"]
    assert not at.exception
    assert any(b.key == "mani.list.zip" for b in at.get("download_button"))


def test_a_row_is_deleted_and_the_page_follows(app: Callable[..., AppTest], db_url: str) -> None:
    store = _seed(db_url)
    at = goto(app(), "mani")
    at.button(key="mani.list.next").click().run()
    at.button(key="mani.list.next").click().run()  # the last page: 5 hands
    for key in [b.key for b in at.button if b.key and b.key.startswith("builder.remove.")]:
        at.button(key=key).click().run()
        at.button(key="mani.list.delete.yes").click().run()
        assert not at.exception
    assert store.find_user_hands("Ospite").total == 40 and store.find_user_hands("Bruno").total == 1
    assert "Pagina 2 di 2" in texts(at) and len(_titles(at)) == 20  # the last page that is left


def test_the_delete_icon_asks_first_and_cancel_keeps_the_hand(app: Callable[..., AppTest],
                                                               db_url: str) -> None:
    store = Store(db_url)
    hid = store.save_user_hand("Ospite", "**Mia** _mano_ [x](y)", STARS)
    store.save_user_hand("Ospite", "Altra", STARS)
    at = goto(app(), "mani")
    at.button(key=f"builder.remove.{hid}").click().run()
    assert not at.exception and store.find_user_hands("Ospite").total == 2  # one click deletes nothing
    question = [m.value for m in at.markdown if m.value.startswith("Eliminare «")]
    assert len(question) == 1 and question[0].endswith("»?"), question
    assert "\\*\\*Mia\\*\\* \\_mano\\_ \\[x\\]" in question[0]  # the title as plain text, not Markdown
    assert "Sì, elimina" in texts(at) and "Annulla" in texts(at)
    assert _titles(at) == ["Altra"]  # the asked row is the question now
    at.button(key="mani.list.delete.no").click().run()
    assert not at.exception and store.find_user_hands("Ospite").total == 2
    assert "Sì, elimina" not in texts(at) and len(_titles(at)) == 2


def test_yes_delete_deletes_the_asked_hand_only(app: Callable[..., AppTest], db_url: str) -> None:
    store = Store(db_url)
    hid = store.save_user_hand("Ospite", "Da buttare", STARS)
    store.save_user_hand("Ospite", "Da tenere", STARS)
    at = goto(app(), "mani")
    at.button(key=f"builder.remove.{hid}").click().run()
    at.button(key="mani.list.delete.yes").click().run()
    assert not at.exception
    assert [h.title for h in store.user_hands("Ospite")] == ["Da tenere"]
    assert _titles(at) == ["Da tenere"] and "Sì, elimina" not in texts(at)


def test_the_zip_holds_one_phh_file_per_found_hand(db_url: str) -> None:
    store = _seed(db_url)
    data = zip_of(store.matching_user_hands("Ospite", "party"))
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        names = zf.namelist()
        assert len(names) == 4 and all(n.startswith("mano-") and n.endswith(".phh") for n in names)
        assert zf.read(names[0]).decode() == PARTY
