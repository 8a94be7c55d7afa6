"""Page file for st.navigation: the view lives in coach.ui.views.quiz (typed, tested)."""

from coach.ui.views import quiz

quiz.render()
