"""Page file for st.navigation: the view lives in coach.ui.views.progressi (typed, tested)."""

from coach.ui.views import progressi

progressi.render()
