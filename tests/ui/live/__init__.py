"""Tests of the live class's Streamlit helpers (coach/ui/live/), through its pages."""
