"""Page file for st.navigation: the view lives in coach.ui.views.replayer (typed, tested)."""

from coach.ui.views import replayer

replayer.render()
