"""Page file for st.navigation: the view lives in coach.ui.views.insegnante (typed, tested)."""

from coach.ui.views import insegnante

insegnante.render()
