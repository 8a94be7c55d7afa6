"""The coach's sentences about options: nouns, verdicts, the loss in big blinds, the model that spoke.

Kept apart from the numbers so the voice is one: every explanation is the spot
(price or chart), what is special about this option, the verdict against the
best option (named with the same choice the JSON's ``best`` makes), its
expected value and the model that produced the figures.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from coach.feedback import texts as T
from coach.feedback.options import Option
from coach.i18n import Decimal, Message

_NOUNS = {"fold": T.NOUN_FOLD, "check": T.NOUN_CHECK, "call": T.NOUN_CALL, "all_in": T.NOUN_ALLIN,
          "bet": T.NOUN_BET, "raise": T.NOUN_RAISE}
_BEST = {"fold": T.BEST_FOLD, "check": T.BEST_CHECK, "call": T.BEST_CALL, "all_in": T.BEST_ALLIN,
         "bet": T.BEST_BET, "raise": T.BEST_RAISE}


def _by_kind(o: Option, table: Mapping[str, str]) -> Message:
    """The option's wording from ``table``: calling all-in is still a call; bets carry their size."""
    kind = "call" if o.code == "cc" and o.kind != "check" else o.kind
    if kind in ("bet", "raise") or kind not in table:
        return Message(table["bet" if kind == "bet" else "raise"], {"amount": o.amount})
    return Message(table[kind])


def noun(o: Option) -> Message:
    return _by_kind(o, _NOUNS)


def best_verdict(o: Option) -> Message:
    return _by_kind(o, _BEST)


def join(*parts: Message | None) -> Message:
    """Sentences one after the other, each still translated on its own."""
    items = [p for p in parts if p is not None]
    if not items:
        return Message("")
    out = items[0]
    for p in items[1:]:
        out = Message(T.JOIN, {"first": out, "second": p})
    return out


def bb_figure(value: float) -> Decimal:
    """Big blinds with one decimal, never "-0": a figure that rounds to zero is zero."""
    r = round(value, 1)
    return T.bb(0.0 if r == 0 else r)


def loss_figure(loss_bb: float) -> Decimal:
    """A loss in big blinds: one decimal, two when it is under a tenth (a small loss is still a loss)."""
    if 0.005 <= loss_bb < 0.05:
        return Decimal(round(loss_bb, 2), 2)
    return bb_figure(loss_bb)


def loses(verdict: Message, o: Option, loss_bb: float, estimate: bool) -> Message:
    """"{verdict}: {noun} loses about {loss} bb" (``verdict`` names the best option, or the tie)."""
    if loss_bb < 0.005:
        return Message(T.SAME, {"verdict": verdict, "noun": noun(o)})
    return Message(T.LOSES_EST if estimate else T.LOSES,
                   {"verdict": verdict, "noun": noun(o), "loss": loss_figure(loss_bb)})


def tie_verdict(best: Option, tied: Sequence[Option]) -> Message:
    """"The check and the bet of 6 are worth the same": the best option and those tied with it, as
    one list («l'all-in, la puntata di 13, la puntata di 20 e la puntata di 26»)."""
    named = [best, *tied]
    head: Message = noun(named[0])
    for o in named[1:-1]:
        head = Message(T.OUTS_LIST, {"first": head, "second": noun(o)})
    return Message(T.TIE, {"first": head, "second": noun(named[-1])})


def gain_over(passive: Option, estimate: bool) -> str:
    """The msgid of "compared with the call/check/fold, {noun} earns {gain} bb more; {best} ..."."""
    if passive.kind == "check":
        return T.GAIN_OVER_CHECK if estimate else T.GAIN_OVER_CHECK_EXACT
    if passive.kind == "fold":
        return T.GAIN_OVER_FOLD if estimate else T.GAIN_OVER_FOLD_EXACT
    return T.GAIN_OVER_CALL if estimate else T.GAIN_OVER_CALL_EXACT


def why(o: Option) -> Message:
    if o.kind == "check":
        return Message(T.WHY_CHECK_EST)
    if o.passive:
        return Message(T.WHY_CALL_EST)
    return Message(T.WHY_BET_EST)


def ev_line(o: Option, ev_bb: float, estimate: bool, model_text: str | None) -> Message:
    """The sentence giving an option's EV: the model's own (``ValuationModel.ev_text``), or the estimate's.

    An option a chart model values by the charts' estimate (the push/fold chart's limp and small raise,
    outside its game) says so: never «from the chart» beside a figure the chart does not give."""
    if model_text == T.IS_BEST_EV_CHART and estimate:
        return Message(T.PF_EV_LINE, {"ev": bb_figure(ev_bb)})
    if model_text is not None:
        return Message(model_text, {"ev": bb_figure(ev_bb)})
    if estimate:
        return Message(T.IS_BEST_EV_EST, {"ev": bb_figure(ev_bb), "why": why(o)})
    return Message(T.IS_BEST_EV, {"ev": bb_figure(ev_bb)})
