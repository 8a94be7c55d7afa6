"""Entry point: ``streamlit run streamlit_app.py`` (pages listed in coach/ui/navigation.py)."""

from coach.ui.app import run

run()
