"""Page file for st.navigation: the view lives in coach.ui.views.impostazioni (typed, tested)."""

from coach.ui.views import impostazioni

impostazioni.render()
