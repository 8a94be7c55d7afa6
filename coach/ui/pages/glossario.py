"""Page file for st.navigation: the view lives in coach.ui.views.glossario (typed, tested)."""

from coach.ui.views import glossario

glossario.render()
