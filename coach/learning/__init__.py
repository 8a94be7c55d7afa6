"""What a learner does, without Streamlit: the layer between the pages and the domain.

The pages (``coach/ui``) draw; this package decides. It holds the hand script a
lesson or a replayed file is played from (:mod:`.script`), the coach's verdict on
one choice, with a lesson's own grades and its best choice (:mod:`.verdict`), an
opponent's range on the 13x13 grid (:mod:`.ranges`), a lesson's answers
(:mod:`.answers`) and a class vote's card (:mod:`.votes`), the practice table
against the bots (:mod:`.practice`), the replayer's file handling (:mod:`.replay`),
and the review cards with the one rule every page follows when it grades a choice
(:func:`.review.record_graded`). Nothing here imports Streamlit, so every rule a
page follows can be tested, and reused by another page, without a browser.
"""
