"""The app as the AppTest tests run it: ``streamlit_app.py``, plus a way to open a page.

``AppTest.switch_page`` only finds pages that are files, and every page of the app is a
view's ``render`` function (``coach/ui/navigation.py``). So a test asks for a page by
putting its url path in ``st.session_state[GOTO]``: this script goes there with
``st.switch_page`` as a click on a link would, keeping the query parameters the test set
(a deep link such as ``/lezioni?lezione=...``), and the next run is the app on that page.
"""

import streamlit as st

from coach.ui.app import run
from coach.ui.navigation import target

GOTO = "tests.goto"

url = st.session_state.pop(GOTO, None)
if url is not None:
    st.switch_page(target(url), query_params={k: st.query_params.get_all(k) for k in st.query_params})
run()
