"""Il Coach di Texas Hold'em: rules engine, evaluation, equity, coaching and lessons.

Importing ``coach`` never imports Streamlit: only ``coach.ui`` does.
"""

__version__ = "0.1.0"
