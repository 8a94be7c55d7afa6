"""Page file for st.navigation: the view lives in coach.ui.views.lezioni (typed, tested)."""

from coach.ui.views import lezioni

lezioni.render()
