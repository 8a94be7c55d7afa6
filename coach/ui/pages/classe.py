"""Page file for st.navigation: the view lives in coach.ui.views.classe (typed, tested)."""

from coach.ui.views import classe

classe.render()
