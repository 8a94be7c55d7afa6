"""A card picker you tap: the 52 cards in four colours, the suits named in the reader's language.

Why (issue 31, item 6): a player rebuilding a hand on a phone typed «AsKd» with English suit
letters. Here the cards are pills grouped by suit (♠ picche, ♥ cuori, ♦ quadri, ♣ fiori, each
in its colour of a four-colour deck), the cards already given to another seat are left out, and
what is picked is written into the text field the form reads («AsKd»), so typing still works and
every check stays the form's.
"""

from __future__ import annotations

from collections.abc import Iterable

import streamlit as st

from coach.cards import RANK_CHARS, RANK_LABELS, SUIT_CHARS, SUIT_NAMES, SUIT_SYMBOLS
from coach.i18n import Translator

__all__ = ["SUIT_COLOURS", "card_picker"]

# A four-colour deck (clubs, diamonds, hearts, spades), as Streamlit's Markdown colours name them.
SUIT_COLOURS: tuple[str, ...] = ("green", "blue", "red", "gray")


def _label(card: str) -> str:
    suit = SUIT_CHARS.index(card[1])
    rank = RANK_LABELS[RANK_CHARS.index(card[0])]
    return f":{SUIT_COLOURS[suit]}[**{rank}{SUIT_SYMBOLS[suit]}**]"


def _on_pick(keys: list[str], target: str, count: int) -> None:
    picked = [card for key in keys for card in (st.session_state.get(key) or [])]
    st.session_state[target] = "".join(picked[:count])


def card_picker(t: Translator, key: str, target: str, used: Iterable[str], count: int = 2) -> None:
    """Pills for the cards not in ``used`` (``"As"``…), one row a suit; a tap writes ``target``."""
    taken = {str(c) for c in used}
    keys = [f"{key}.{suit}" for suit in SUIT_CHARS]
    for suit, (char, symbol, name) in enumerate(zip(SUIT_CHARS, SUIT_SYMBOLS, SUIT_NAMES, strict=True)):
        options = [r + char for r in reversed(RANK_CHARS) if r + char not in taken]
        st.pills(f"{symbol} {t(name)}", options, selection_mode="multi", key=keys[suit], format_func=_label,
                 on_change=_on_pick, args=(keys, target, count))
