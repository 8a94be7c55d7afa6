"""Page file for st.navigation: the view lives in coach.ui.views.pratica (typed, tested)."""

from coach.ui.views import pratica

pratica.render()
