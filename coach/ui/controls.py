"""Step controls (⏮ ◀ ▶ ⏭ as local Material icons) and the action panel (Fold, Check, Call, Raise).

Both work through ``on_click`` callbacks, so the whole rerun after a click
already sees the new state. Keyboard shortcuts: Home/←/→/End for the steps;
F, K, L, B, A for the actions (Streamlit reserves C and R). The action panel
always offers every kind of action and lets the engine judge: a check facing a
bet, or a raise below the minimum, is answered with the rule's explanation and
changes nothing, which is how a beginner learns the rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from coach.engine import Hand
from coach.i18n import Percent, Translator
from coach.learning.presets import bet_presets
from coach.learning.script import Attempt
from coach.ui import inputs, state
from coach.ui.phone import ACTIONS_KEY
from coach.ui.scroll import count_tap
from coach.ui.widgets import shortcut


def step_controls(prefix: str, step: int, last: int, *, blocked: bool,
                  on_step: Callable[[int], None], end_step: int | None = None) -> None:
    """⏮ ◀ ▶ ⏭ plus "Passo 3 di 12"; ▶ and ⏭ wait while a decision is pending."""
    t = state.tr()
    target = last if end_step is None else end_step
    with st.container(horizontal=True, gap="small", vertical_alignment="center", key=f"steps-{prefix}"):
        st.button(t("Start"), key=f"{prefix}.first", icon=":material/first_page:", shortcut="Home",
                  help=t("First step (Home key)"), disabled=step <= 0, on_click=on_step, args=(0,))
        st.button(t("Back"), key=f"{prefix}.prev", icon=":material/chevron_left:", shortcut="Left",
                  help=t("Previous step (left arrow)"), disabled=step <= 0, on_click=on_step,
                  args=(step - 1,))
        st.button(t("Next"), key=f"{prefix}.next", icon=":material/chevron_right:", shortcut="Right",
                  help=t("Next step (right arrow)"), disabled=step >= last or blocked, type="primary",
                  on_click=on_step, args=(step + 1,))
        st.button(t("End"), key=f"{prefix}.last", icon=":material/last_page:", shortcut="End",
                  help=t("Last step (End key)"), disabled=step >= target or blocked,
                  on_click=on_step, args=(target,))
    st.progress((step + 1) / (last + 1), text=t("Step {n} of {total}", n=step + 1, total=last + 1))


def price_line(hand: Hand, t: Translator, odds: bool = True) -> str:
    """«Per chiamare 3 · piatto 16 · ti serve il 15,8%»: the numbers of the decision, before it.

    The pot is every chip in play (the table's "Piatto totale"); the equity a call
    needs is the call over the pot after calling. Without ``odds`` (before the lesson that
    teaches pot odds: :func:`coach.ui.feedbacklevel.shows_odds`) only the chips.
    """
    legal = hand.legal_actions()
    pot = hand.pot_total
    if legal.call_amount > 0 and not odds:
        return t("To call {call} · pot {pot}", call=legal.call_amount, pot=pot)
    if legal.call_amount > 0:
        return t("To call {call} · pot {pot} · you need {needed}", call=legal.call_amount, pot=pot,
                 needed=Percent(legal.call_amount / (pot + legal.call_amount)))
    return t("Nothing to call · pot {pot}: you can check", pot=pot)


def action_panel(hand: Hand, prefix: str, on_choice: Callable[[Attempt], None], *,
                 odds: bool = True) -> None:
    """The learner's buttons at a decision point; amounts are "to" totals this street.

    The bet buttons (:func:`coach.learning.presets.bet_presets`) act in one tap, through the same
    ``on_choice`` as «Bet / Raise» (the engine's check, its refusal, the verdict); the amount box is
    for any other size. All in one keyed container, which the phone layout moves under the table.
    """
    def tapped(attempt: Attempt) -> None:  # every decision button counts its tap (coach.ui.scroll)
        count_tap()
        on_choice(attempt)

    with st.container(key=ACTIONS_KEY + prefix):
        _action_panel(hand, prefix, tapped, odds)


def _action_panel(hand: Hand, prefix: str, on_choice: Callable[[Attempt], None], odds: bool) -> None:
    """``odds``: the price line's percentage (:func:`price_line`)."""
    t = state.tr()
    legal = hand.legal_actions()
    st.markdown(":material/calculate: " + price_line(hand, t, odds))
    amount_key = f"{prefix}.amount"
    if inputs.whole(st.session_state.get(amount_key), 1, inputs.HUGE_AMOUNT) is None:
        # first drawn, or a value the box cannot show (``nan``, ``inf``, text sent by a crafted client)
        st.session_state[amount_key] = int(legal.min_raise_to or legal.to_match + hand.config.big_blind)
    call_label = (t("Call {amount}", amount=legal.call_amount) if legal.call_amount else t("Call"))
    with st.container(horizontal=True, gap="small"):
        st.button(t("Fold"), key=f"{prefix}.fold", shortcut=shortcut("F"), on_click=on_choice,
                  args=(Attempt("fold"),), width="stretch")
        st.button(t("Check"), key=f"{prefix}.check", shortcut=shortcut("K"), on_click=on_choice,
                  args=(Attempt("check"),), width="stretch")
        st.button(call_label, key=f"{prefix}.call", shortcut=shortcut("L"), on_click=on_choice,
                  args=(Attempt("call"),), width="stretch")
    verb = t("Bet to") if legal.to_match == 0 or legal.can_bet else t("Raise to")
    a1, a2 = st.columns([2, 1])
    a1.number_input(verb, min_value=1, step=1, key=amount_key,
                    help=t("The total you put in front of you on this street. Allowed now: "
                           "from {low} to {high}.", low=legal.min_raise_to or 0, high=legal.max_raise_to or 0)
                    if legal.min_raise_to is not None else None)
    a2.button(t("Bet / Raise"), key=f"{prefix}.raise", shortcut=shortcut("B"), type="primary",
              width="stretch", on_click=_raise_from_input, args=(amount_key, on_choice))
    presets = bet_presets(hand)
    if presets:
        with st.container(horizontal=True, gap="small", key=f"cc_presets_{prefix}"):
            for p in presets:
                st.button(t.render(p.label), key=f"{prefix}.preset.{p.key}",
                          shortcut=shortcut("A") if p.key == "all_in" else None, width="stretch",
                          help=t("Bets or raises to {amount} at once.", amount=p.amount),
                          on_click=on_choice, args=(Attempt("raise", p.amount),))


def _raise_from_input(key: str, on_choice: Callable[[Attempt], Any]) -> None:
    """The amount box's value, checked (never ``int(inf)``): the engine refuses a bad one with its rule."""
    on_choice(Attempt("raise", inputs.amount(st.session_state.get(key))))
