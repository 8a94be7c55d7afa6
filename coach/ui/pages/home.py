"""Page file for st.navigation: the view lives in coach.ui.views.home (typed, tested)."""

from coach.ui.views import home

home.render()
