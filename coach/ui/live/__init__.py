"""The live class's Streamlit helpers, under the one name the live class has everywhere.

The rules are :mod:`coach.live`, the tables :mod:`coach.store.live`; the two pages keep their
Italian URLs (:mod:`coach.ui.views.classe` for the pupil's phone, :mod:`coach.ui.views.insegnante`
for the teacher's projector). Here:

* :mod:`~coach.ui.live.common`: what both pages use (spots, the hand at a spot, the grade of an
  answer, join link and QR code, the ~1 s poll and its outage banner);
* :mod:`~coach.ui.live.results`: the bars of a vote, the verdict revealed, the class's results and CSV;
* :mod:`~coach.ui.live.admission`: creating a class within the limits, closing joins, removing pupils;
* :mod:`~coach.ui.live.paste`: a hand the teacher pastes to put to the class.

The last three import ``common``, never the other way. This file imports nothing, so walking
``coach``'s packages (or importing a sibling) never loads Streamlit through it.
"""
