"""Page file for st.navigation: the view lives in coach.ui.views.ripasso (typed, tested)."""

from coach.ui.views import ripasso

ripasso.render()
