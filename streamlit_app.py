"""Entry point: ``streamlit run streamlit_app.py`` (the pages live in coach/ui/pages/)."""

from coach.ui.app import run

run()
