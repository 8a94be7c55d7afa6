"""Practice opponents that play from the same charts and maths as the coach.

A :class:`Bot` asks :func:`coach.feedback.analysis.analyze` for the graded
options of its own decision (it sees its own cards, never the others') and
then picks:

* with probability ``difficulty`` the coach's best option (difficulty 1.0 plays
  the coach's line every time);
* otherwise, after the flop, it plays its *profile* through the same model
  that narrows an opponent's range (:mod:`coach.feedback.actionranges`: the
  style's profile is :data:`coach.feedback.profiles.BOT_STYLE_PROFILE`): each
  option is drawn with the probability that a player of that profile takes it
  with this hand on this board (a rock bets his strong hands and rarely
  bluffs, an aggressive bot bluffs twice as often, a calling station calls);
  an option the coach grades «errore grave» is never drawn;
* before the flop, where a chart applies, the chart's ranges as its profile
  plays them (:func:`coach.feedback.opponents.profile_range`: a rock opens
  the strongest 60% of each range and 3-bets half as wide, an aggressive bot
  opens 1.2 times as many hands and 3-bets twice as wide);
* elsewhere (short stacks, all-ins) the option its *style* likes best among
  the reasonable ones: loose bots continue with hands a tight bot folds,
  aggressive bots prefer bets and raises, passive bots checks and calls. A
  grade still weighs in, so even an easy bot rarely makes a blunder.

Deterministic: the same seed and the same sequence of decisions give the same
choices (the random draws and the Monte Carlo seed derive from ``seed``).
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from coach.errors import InvalidInput
from coach.feedback.actionranges import features, p_aggressive, p_call
from coach.feedback.analysis import DecisionAnalysis, OptionGrade, analyze
from coach.feedback.grading import Grade
from coach.feedback.opponents import profile_range
from coach.feedback.profiles import BOT_STYLE_PROFILE, PROFILES, Profile
from coach.feedback.rangemodel import class_of_cards
from coach.feedback.ranges_data import table_for
from coach.feedback.situation import Situation, read_situation
from coach.feedback.valuation.preflop_ranges import chart_situation
from coach.i18n import N_, Message

if TYPE_CHECKING:
    from coach.engine import ActionRecord, Hand


@dataclass(frozen=True)
class Style:
    """``tightness`` 0 (plays everything) .. 1 (plays only the best); ``aggression`` likewise."""

    name: str
    tightness: float
    aggression: float


STYLES: dict[str, Style] = {
    "tight-aggressive": Style("tight-aggressive", 0.75, 0.75),
    "loose-aggressive": Style("loose-aggressive", 0.25, 0.8),
    "tight-passive": Style("tight-passive", 0.8, 0.2),
    "loose-passive": Style("loose-passive", 0.2, 0.15),
}
STYLE_LABELS = {
    "tight-aggressive": N_("tight and aggressive"),
    "loose-aggressive": N_("loose and aggressive"),
    "tight-passive": N_("tight and passive"),
    "loose-passive": N_("loose and passive (a calling station)"),
}


@dataclass(frozen=True)
class BotDecision:
    """What the bot does: the PHH code with its player (``p3 cbr 6``) and the graded option."""

    code: str
    option: OptionGrade
    followed_coach: bool


class Bot:
    """A seeded practice opponent: ``Bot("tight-aggressive", 0.8, seed=1).choose(hand)``."""

    def __init__(
        self, style: str | Style = "tight-aggressive", difficulty: float = 0.7, seed: int = 0,
    ) -> None:
        if isinstance(style, str):
            if style not in STYLES:
                raise InvalidInput(N_("Unknown bot style '{style}': use one of {styles}."),
                                   style=style, styles=", ".join(STYLES))
            style = STYLES[style]
        if not 0.0 <= difficulty <= 1.0:
            raise InvalidInput(N_("The difficulty goes from 0 to 1, not {value}."), value=str(difficulty))
        self.style = style
        self.difficulty = difficulty
        self.seed = seed
        self._rng = random.Random(seed)

    @property
    def label(self) -> Message:
        return Message(STYLE_LABELS.get(self.style.name, N_("tight and aggressive")))

    def _score(self, o: OptionGrade, a: DecisionAnalysis) -> float:
        """How much this style likes an option (the grade weighs in: blunders stay rare)."""
        s = -0.6 * o.grade.rank
        aggressive = o.code.startswith("cbr")
        if aggressive:
            s += 3.5 * self.style.aggression - 1.5
            if o.kind == "all_in":
                s -= 1.5
        elif o.kind == "fold":
            s += 2.5 * self.style.tightness - 1.25 if a.to_call > 0 else -5.0
        else:  # check or call
            s += 1.5 * (1.0 - self.style.aggression) + 0.5 * (1.0 - self.style.tightness) - 0.5
        return s + self._rng.random() * 0.8

    @property
    def profile(self) -> Profile:
        """The opponent profile its style plays (the coach assumes the same when grading against it)."""
        return PROFILES[BOT_STYLE_PROFILE.get(self.style.name, "equilibrio")]

    def model_weights(self, hand: Hand, analysis: DecisionAnalysis) -> dict[str, float] | None:
        """After the flop: each option's probability for its profile, from the range model.

        Aggression: the mean probability of its bets (or raises) over the sizes
        offered, spread evenly over them; the rest is passive: check, or call
        and fold by the profile's calling probability. ``None`` before the flop.
        """
        sit = read_situation(hand)
        prof = self.profile
        if len(sit.board) < 3:
            return self._preflop_weights(sit, analysis, prof)
        combo = np.array([[c.index for c in sit.hero_cards]], dtype=np.int64)
        feat = features(combo, [c.index for c in sit.board])
        to_come = 5 - len(sit.board)
        pot_after_call = sit.pot + sit.to_call
        aggressive = [o for o in analysis.options if o.code.startswith("cbr") and o.amount is not None]
        level = 1 if sit.to_call > 0 else 0
        agg = {o.code: float(p_aggressive(feat, (o.amount - sit.to_match) / max(1, pot_after_call),
                                          raise_level=level, prof=prof, cards_to_come=to_come)[0])
               for o in aggressive if o.amount is not None}
        share = float(np.mean(list(agg.values()))) if agg else 0.0
        out = {code: share * p / max(sum(agg.values()), 1e-9) for code, p in agg.items()}
        passive = 1.0 - share
        for o in analysis.options:
            if o.kind == "check":
                out[o.code] = passive
            elif o.code == "cc":
                out[o.code] = passive * float(p_call(feat, sit.pot, sit.to_call, prof)[0])
            elif o.kind == "fold" and sit.to_call > 0:
                out[o.code] = passive * (1.0 - float(p_call(feat, sit.pot, sit.to_call, prof)[0]))
        grades = {o.code: o.grade for o in analysis.options}
        out = {c: w for c, w in out.items() if grades.get(c) is not Grade.ERRORE_GRAVE and w > 0}
        return out or None

    def _preflop_weights(
        self, sit: Situation, analysis: DecisionAnalysis, prof: Profile,
    ) -> dict[str, float] | None:
        """Before the flop: the chart's ranges as its profile plays them (the ranges the coach assumes
        for a player of that profile, :mod:`coach.feedback.opponents`): raise with the hands of its
        raising range, call with its calling range, fold the rest; ``None`` where no chart applies."""
        chart = chart_situation(sit, None)
        if chart is None:
            return None
        kind, opener = chart
        table = table_for(sit.players)
        pos = sit.hero_position
        if kind == "unopened":
            raise_text, call_text, raise_keep = table.open_range(pos), "", prof.preflop_keep
        elif kind == "limped":
            fl = table.facing_limp(pos)
            raise_text, call_text, raise_keep = fl.raise_range, fl.call, prof.preflop_keep
        elif kind == "facing_open" and opener is not None:
            fo = table.facing_open(pos, sit.positions[opener])
            raise_text, call_text, raise_keep = fo.raise_range, fo.call, prof.raise_keep
        elif kind == "cold_3bet" and (fc := table.facing_cold_3bet()) is not None:
            raise_text, call_text, raise_keep = fc.raise_range, fc.call, prof.raise_keep
        elif kind != "cold_3bet" and (f3 := table.facing_3bet(
                pos, sit.positions[opener] if opener is not None else None)) is not None:
            raise_text, call_text, raise_keep = f3.raise_range, f3.call, prof.raise_keep
        else:
            return None
        cls = class_of_cards(sit.hero_cards)
        raising = cls in profile_range(raise_text, raise_keep).classes()
        calling = not raising and cls in profile_range(call_text, prof.preflop_keep).classes()
        sizes = [o for o in analysis.options if o.code.startswith("cbr") and o.kind != "all_in"]
        out: dict[str, float] = {}
        for o in analysis.options:
            if o.kind == "fold":
                out[o.code] = 0.0 if (raising or calling or sit.to_call == 0) else 1.0
            elif o.code == "cc":
                out[o.code] = 1.0 if calling or (not raising and sit.to_call == 0) else 0.0
            elif o in sizes:
                out[o.code] = 1.0 / len(sizes) if raising else 0.0
        out = {c: w for c, w in out.items() if w > 0}
        return out or None

    def choose(self, hand: Hand) -> BotDecision:
        """The bot's action for the player to act in ``hand`` (the hand is not changed)."""
        actor = hand.legal_actions().actor
        if actor is None:
            raise InvalidInput(N_("Nobody is to act: the bot has nothing to decide."))
        # the river solver and the players behind after the flop are for the learner's grades: a bot must
        # answer at once, and a practice click runs several bots (coach.feedback.analysis.analyze)
        analysis = analyze(hand, seed=self._rng.randrange(1 << 30), solver=False, read_behind=False)
        best = analysis.option(analysis.best)
        follow = self._rng.random() < self.difficulty
        model = None if follow else self.model_weights(hand, analysis)
        if follow:
            chosen = best
        elif model:
            codes = list(model)
            total = sum(model.values())
            pick = self._rng.random() * total
            chosen = analysis.option(codes[-1])
            for code in codes:
                pick -= model[code]
                if pick <= 0:
                    chosen = analysis.option(code)
                    break
        else:
            chosen = max(analysis.options, key=lambda o: self._score(o, analysis))
        player = hand.config.player_of_seat(actor)
        return BotDecision(code=f"p{player} {chosen.code}", option=chosen, followed_coach=follow)

    def act(self, hand: Hand) -> ActionRecord:
        """Choose and apply the action; returns the engine's record.

        A bot must always act, or the learner's table stops: if the coach fails on
        the spot (a bug), the bot checks when it is free and folds otherwise, and
        the failure is logged.
        """
        try:
            decision = self.choose(hand)
        except Exception:
            logging.getLogger(__name__).exception("a bot's analysis failed; it checks or folds")
            legal = hand.legal_actions()
            player = hand.config.player_of_seat(legal.actor) if legal.actor is not None else 0
            record = hand.apply_code(f"p{player} {'cc' if legal.call_amount == 0 else 'f'}")
            assert record is not None
            return record
        record = hand.apply_code(decision.code)
        assert record is not None
        return record
