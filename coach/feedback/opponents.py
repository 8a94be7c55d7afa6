"""The range the coach assumes for each opponent, from his position and every action he took.

Preflop (data, :mod:`coach.feedback.ranges_data`): the range implied by his
preflop actions: an open raise -> the opening range of his position; a call of
an open -> the calling range facing that opener (big blind: the defence
chart); a 3-bet -> the 3-bet range; calling a 3-bet -> the calling range facing
a 3-bet; a 4-bet -> the 4-bet of the «facing a 3-bet» chart for his pair of
positions (value and the A5s-type blocker bluffs); a 5-bet -> the tight
``villain.fivebet``; a limp -> ``villain.limp``; an all-in -> a shove range by
his stack (up to 15 big blinds, up to 40, deeper). A player who *calls* an all-in has a
calling range, not the shover's: the strongest half of the shover's range (by
preflop strength), the strongest 35% when someone already called it (an
overcall). A big blind who checks and anyone who has not acted yet: any two
cards.

Postflop: after each of his actions every combo is reweighted by the
probability that a player of his profile takes that action with it on that
board (:mod:`coach.feedback.actionranges`, where the numbers are): a bet or a
raise keeps mostly the hands that beat the board's value line for its size
(plus draws and a few bluffs), a check keeps a third of the value hands, a
call keeps what beats the calling line and the draws with the price.

A lesson can instead give the range of a seat in range notation.

An opponent's profile (:mod:`coach.feedback.profiles`) changes both: a loose
player's preflop range is wider (the strongest hands by preflop strength are
added until it covers the profile's share), a tight one's narrower (only its
strongest part); his 3-bets, 4-bets and all-ins use the profile's raising
share (a rock raises half as wide, an aggressive player twice); postflop the
profile moves the value lines, the bluffing rates and the calling line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from coach.feedback.actionranges import Act, narrow
from coach.feedback.profiles import DEFAULT, Profile
from coach.feedback.rangemodel import (
    IntArray,
    WeightedRange,
    live_combos,
    parse_weighted,
    preflop_percentiles,
)
from coach.feedback.ranges_data import ANY_TWO, RangeTable, table_for
from coach.feedback.situation import STREET_BOARD, PastAction, Situation
from coach.i18n import N_, Message

# An all-in no bigger than this many pots (the pot after calling) is a committed short stack's:
# read as a bet of its size, not as a raise (coach.feedback.actionranges).
COMMITTED_POT = 1.5

# The share of the shover's range that calls an all-in (by preflop strength), and overcalls it.
CALL_JAM_SHARE = 0.5
OVERCALL_JAM_SHARE = 0.35

# A limper rarely holds these (he would have raised): they keep this weight in his limping range.
LIMP_TRAP = "TT+, AQs+, AKo, AQo"
LIMP_TRAP_WEIGHT = 0.15

# What a range follows, for the learner (the grid's title: «... dopo il suo rilancio al flop»).
STORY_POSTFLOP = {
    "bet": N_("after his bet on the {street}"),
    "raise": N_("after his raise on the {street}"),
    "check_raise": N_("after his check-raise on the {street}"),
    "call": N_("after his call on the {street}"),
    "check": N_("after his check on the {street}"),
    "all_in": N_("after his all-in on the {street}"),
}
STORY_PREFLOP = {
    "open": N_("after his open raise before the flop"),
    "limp": N_("after his limp before the flop"),
    "call_open": N_("after his call of the open raise before the flop"),
    "threebet": N_("after his 3-bet before the flop"),
    "call_3bet": N_("after his call of the 3-bet before the flop"),
    "fourbet": N_("after his 4-bet before the flop"),
    "all_in": N_("after his all-in before the flop"),
    "call_all_in": N_("after his call of the all-in before the flop"),
    "overcall_all_in": N_("after his call of the all-in, behind another caller, before the flop"),
    "check": N_("after his check in the big blind"),
}

@dataclass(frozen=True)
class OpponentRange:
    seat: int
    preflop: str  # range notation before postflop narrowing
    source: str  # "open.CO", "bb_defend.BTN.call", "lesson", ...
    range: WeightedRange
    # What the range follows, for the learner: «dopo il suo rilancio al flop» (None: his preflop range).
    story: Message | None = None


def _jam_key(stack_bb: float) -> str:
    if stack_bb <= 15:
        return "jam_short"
    return "jam_medium" if stack_bb <= 40 else "jam_deep"


@dataclass(frozen=True)
class PreflopRead:
    """His preflop range: notation, source, the strongest share of it he keeps, and its story key."""

    text: str
    source: str
    top_share: float = 1.0  # < 1: only the strongest part of ``text`` (a call of an all-in)
    raising: bool = False  # a 3-bet, 4-bet or all-in: the profile's raising width applies
    story: str | None = None


def preflop_read(sit: Situation, seat: int) -> PreflopRead:
    """What ``seat``'s preflop actions say about his cards (see the module doc)."""
    table = table_for(sit.players)
    pos = sit.positions[seat]
    opener: str | None = None
    threebettor: str | None = None  # the position of the first 3-bet, if any
    opened = False  # this seat made the open raise
    read = PreflopRead(ANY_TWO, "any")
    jam: PastAction | None = None  # the first all-in raise so far
    jam_callers = 0
    for act in sit.preflop_actions():
        if act.kind in ("bet", "raise") and act.raise_level == 1 and threebettor is None:
            threebettor = sit.positions[act.seat]
        if act.seat != seat:
            if act.kind in ("bet", "raise") and act.raise_level == 0:
                opener = sit.positions[act.seat]
            if act.kind in ("bet", "raise") and act.all_in and jam is None:
                jam = act
            elif act.kind == "call" and jam is not None:
                jam_callers += 1
            continue
        stack_bb = (sit.stacks[seat] + sit.committed[seat]) / sit.big_blind
        lvl = act.raise_level
        if act.kind in ("bet", "raise") and act.all_in:
            key = _jam_key(stack_bb)
            share = 1.0
            if lvl == 0 and table.open.get(pos):  # a first-in jam is no wider than his seat's opening range
                jam_w = parse_weighted(table.villain[key]).total
                share = min(1.0, parse_weighted(table.open[pos]).total / max(jam_w, 1.0))
            read = PreflopRead(table.villain[key], f"villain.{key}", top_share=share, raising=True,
                               story="all_in")
        elif act.kind in ("bet", "raise") and lvl == 0:
            if pos == "BB" or pos not in table.open:
                f = table.facing_open(pos, "CO")
                read = PreflopRead(f.raise_range, "vs_limp.raise", story="open")
            else:
                read = PreflopRead(table.open[pos], f"open.{pos}", story="open")
                opened = True
        elif act.kind in ("bet", "raise") and lvl == 2:
            read = PreflopRead(*fourbet_read(table, pos, threebettor if opened else None), raising=True,
                               story="fourbet")
        elif act.kind in ("bet", "raise") and lvl == 1:
            f = table.facing_open(pos, opener or "CO")
            read = PreflopRead(f.raise_range, f"3bet.{pos}.vs.{opener}", raising=True, story="threebet")
        elif act.kind in ("bet", "raise"):
            read = PreflopRead(table.villain["fivebet"], "villain.fivebet", raising=True, story="fourbet")
        elif act.kind == "call" and jam is not None:
            # a call of an all-in: the strongest part of what the shover shoves, tighter behind a caller
            shover_bb = (sit.stacks[jam.seat] + sit.committed[jam.seat]) / sit.big_blind
            key = _jam_key(min(stack_bb, shover_bb))
            over = jam_callers > 0
            # the strongest part of what the shover is assumed to shove (his seat's jam, not wider)
            shover_share = preflop_read(sit, jam.seat).top_share if jam.raise_level == 0 else 1.0
            read = PreflopRead(table.villain[key], f"call.villain.{key}",
                               top_share=shover_share * (OVERCALL_JAM_SHARE if over else CALL_JAM_SHARE),
                               story="overcall_all_in" if over else "call_all_in")
        elif act.kind == "call" and lvl == 0:
            read = PreflopRead(table.villain["limp"], "villain.limp", story="limp")
        elif act.kind == "call" and lvl == 1:
            f = table.facing_open(pos, opener or "CO")
            read = PreflopRead(f.call, f"call.{pos}.vs.{opener}", story="call_open")
        elif act.kind == "call" and lvl == 2:
            if table.vs_3bet is not None:
                read = PreflopRead(table.vs_3bet.call, "vs_3bet.call", story="call_3bet")
        elif act.kind == "call":
            read = PreflopRead(table.villain["fourbet"], "villain.fourbet", story="call_3bet")
        elif act.kind == "check":
            read = PreflopRead(ANY_TWO, "any", story="check")
    return read


def fourbet_read(table: RangeTable, pos: str, threebettor: str | None) -> tuple[str, str]:
    """(range, source) of a 4-bet from ``pos``: the opener's 4-bet over a 3-bet from ``threebettor`` is
    the «facing a 3-bet» chart's 4-bet for that pair of positions, value and bluffs (A5s, A4s: the
    blockers the published charts 4-bet); a cold 4-bet (``threebettor`` None: he had not opened)
    the early out-of-position chart's, the tightest the table has. Only a table with no such chart
    keeps ``villain.fourbet`` (value only)."""
    chart = table.facing_3bet(pos, threebettor) if threebettor is not None else table.vs_3bet
    if chart is None or not chart.raise_range:
        return table.villain["fourbet"], "villain.fourbet"
    if threebettor is None:
        return chart.raise_range, "vs_3bet.fourbet"
    return chart.raise_range, f"4bet.{pos}.vs.{threebettor}"


def _class_codes(cards: IntArray) -> IntArray:
    """A code per combo, the same for both orders of its two cards."""
    return np.asarray(np.maximum(cards[:, 0], cards[:, 1]) * 52 + np.minimum(cards[:, 0], cards[:, 1]))


def top_share(rng: WeightedRange, share: float) -> WeightedRange:
    """The strongest ``share`` of a range by preflop strength."""
    if share >= 1.0 or len(rng) == 0:
        return rng
    order = np.argsort(-preflop_percentiles(rng.cards), kind="stable")
    cum = np.cumsum(rng.weights[order])
    n = int(np.searchsorted(cum, share * rng.total)) + 1
    return WeightedRange(rng.cards[order[:n]], rng.weights[order[:n]])


def to_act(act: PastAction, history: tuple[PastAction, ...], players: int = 2) -> Act:
    """A past action as the range model reads it: its size as a share of the pot, check-raise or not,
    and how many players were still in the hand besides him (of ``players`` dealt in)."""
    to_come = 5 - STREET_BOARD[act.street]
    folded = 0
    for a in history:
        if a is act:
            break
        folded += a.kind == "fold"
    before = act.to - act.added  # what he had in front on this street when he acted
    call = max(0, act.to_match_before - before)
    if act.kind in ("bet", "raise"):
        fraction = (act.to - act.to_match_before) / max(1, act.pot_before + call)
        if act.all_in and act.added <= COMMITTED_POT * (act.pot_before + call):
            # a short stack's all-in, no bigger than the pot and a half: he is committed and jams what
            # he would bet (top pairs, draws), not what he would raise: read as a bet of that size
            return Act("bet", fraction, act.pot_before, call, 0, opponents=max(1, players - 1 - folded),
                       cards_to_come=to_come)
        checked = False
        for a in history:
            if a is act:
                break
            checked |= a.seat == act.seat and a.street == act.street and a.kind == "check"
        aggressor = _last_aggressor(history, act)
        return Act(act.kind, fraction, act.pot_before, call, act.raise_level, check_raise=checked,
                   opponents=max(1, players - 1 - folded), cards_to_come=to_come,
                   continuation=act.raise_level == 0 and aggressor == act.seat
                   and not _raised_last_street(history, act),
                   lead=act.raise_level == 0 and _into(history, act, aggressor))
    paid = min(call, act.added) if act.kind == "call" else 0
    aggressor = _last_aggressor(history, act) if act.kind == "check" else None
    to_aggressor = _into(history, act, aggressor)
    later = history[_index(history, act) + 1:]
    raises_later = act.kind == "check" and any(
        a.seat == act.seat and a.street == act.street and a.kind == "raise" for a in later)
    return Act(act.kind, 0.0, act.pot_before, paid, act.raise_level, cards_to_come=to_come,
               to_aggressor=to_aggressor, check_raise=raises_later)


def _into(history: tuple[PastAction, ...], act: PastAction, aggressor: int | None) -> bool:
    """``act`` comes before the last street's aggressor (another player) has acted on this street: a
    check to him, or a bet into him (a donk bet)."""
    return aggressor is not None and aggressor != act.seat and not any(
        a.seat == aggressor and a.street == act.street for a in history[: _index(history, act)])


def _index(history: tuple[PastAction, ...], act: PastAction) -> int:
    for i, a in enumerate(history):
        if a is act:
            return i
    return len(history)


def profile_range(text: str, keep: float) -> WeightedRange:
    """A chart range as a profile plays it: ``keep`` times as many hands, by preflop strength."""
    return _reshape(parse_weighted(text), keep, ()) if text else parse_weighted(text)


def _last_aggressor(history: tuple[PastAction, ...], act: PastAction) -> int | None:
    """Who made the last bet or raise of the street before ``act``'s (a c-bet comes from him)."""
    order = ("preflop", "flop", "turn", "river")
    prev = order[max(0, order.index(act.street) - 1)]
    seat = None
    for a in history:
        if a.street == prev and a.kind in ("bet", "raise"):
            seat = a.seat
    return seat if prev != act.street else None


def _raised_last_street(history: tuple[PastAction, ...], act: PastAction) -> bool:
    """After the flop, his last aggression on the street before was a raise or a check-raise.

    A bet after one is a second barrel of a polarised line, not a continuation
    bet: the wide, merged range of a c-bet (a 3-bettor's AK on J-8-3) is the
    preflop raiser's, not the check-raiser's, whose range the raise already
    made value and draws. Reading his turn lead as a c-bet doubled its bluffs:
    Q-Q facing a flop check-raise and a pot-sized turn lead on J♥8♥3♣ 9♥ kept 37%
    against a range of sets, two pairs and made draws.
    """
    order = ("preflop", "flop", "turn", "river")
    prev = order[max(0, order.index(act.street) - 1)]
    mine = [a for a in history if a.street == prev and a.seat == act.seat and a.kind in ("bet", "raise")]
    return prev != "preflop" and bool(mine) and mine[-1].raise_level >= 1


def _reshape(rng: WeightedRange, keep: float, dead: tuple[int, ...]) -> WeightedRange:
    """The preflop range a profile plays: ``keep`` times its share of hands, by preflop strength.

    Narrower (keep < 1): only the strongest part of the range. Wider (keep > 1):
    the range plus the strongest hands outside it until the share is reached.
    """
    if keep == 1.0 or len(rng) == 0:
        return rng
    target = min(1.0, rng.share_of_all() * keep) * 1326
    if keep < 1.0:
        order = np.argsort(-preflop_percentiles(rng.cards), kind="stable")
        cum = np.cumsum(rng.weights[order])
        n = int(np.searchsorted(cum, target)) + 1
        return WeightedRange(rng.cards[order[:n]], rng.weights[order[:n]])
    every = live_combos(dead)
    inside = {tuple(sorted(r)) for r in rng.cards.tolist()}
    extra_mask = np.array([tuple(sorted(r)) not in inside for r in every.cards.tolist()], dtype=bool)
    extra = every.cards[extra_mask]
    order = np.argsort(-preflop_percentiles(extra), kind="stable")
    need = max(0, round(target - rng.total))
    add = extra[order[:need]]
    return WeightedRange(np.concatenate([rng.cards, add]), np.concatenate([rng.weights, np.ones(len(add))]))


def story(sit: Situation, seat: int, read: PreflopRead | None = None) -> Message | None:
    """What his range follows, in words: his last action that narrowed it («after his raise on the flop»)."""
    last: PastAction | None = None
    for act in sit.history:
        if act.seat == seat and act.kind != "fold" and act.street != "preflop":
            last = act
    if last is None:
        key = (read or preflop_read(sit, seat)).story
        return Message(STORY_PREFLOP[key]) if key is not None else None
    kind = last.kind
    if kind in ("bet", "raise") and last.all_in:
        kind = "all_in"
    elif kind == "raise" and to_act(last, sit.history).check_raise:
        kind = "check_raise"
    return Message(STORY_POSTFLOP[kind], {"street": last.street})


def preflop_weighted(sit: Situation, seat: int, dead: tuple[int, ...], prof: Profile = DEFAULT,
                     read: PreflopRead | None = None) -> WeightedRange:
    """His range before the flop, shaped by his profile (see the module doc)."""
    read = read or preflop_read(sit, seat)
    rng = parse_weighted(read.text).without(dead)
    if read.story == "limp":  # the hands that would have raised limp only to trap
        trap = np.isin(_class_codes(rng.cards), _class_codes(parse_weighted(LIMP_TRAP).cards))
        rng = rng.reweighted(np.where(trap, LIMP_TRAP_WEIGHT, 1.0))
    if read.top_share < 1.0:  # a call of an all-in (a looser caller calls wider), a first-in jam
        keep = prof.raise_keep if read.raising else prof.preflop_keep
        return top_share(rng, min(1.0, read.top_share * keep))
    return _reshape(rng, prof.raise_keep if read.raising else prof.preflop_keep, dead)


def opponent_range(
    sit: Situation, seat: int, *, given: str | None = None, dead: tuple[int, ...] = (),
    prof: Profile = DEFAULT,
) -> OpponentRange:
    """The assumed range of ``seat`` at the decision point, narrowed by each of his actions."""
    if given is not None:
        base = parse_weighted(given).without(dead)
        return OpponentRange(seat, given, "lesson", base)
    read = preflop_read(sit, seat)
    rng = preflop_weighted(sit, seat, dead, prof, read)
    board_idx = tuple(c.index for c in sit.board)
    for act in sit.history:
        if act.seat != seat or act.street == "preflop":
            continue
        rng = narrow(rng, board_idx[: STREET_BOARD[act.street]], to_act(act, sit.history, sit.players), prof)
    source = read.source if prof.equilibrium else f"{read.source}+{prof.key}"
    return OpponentRange(seat, read.text, source, rng, story(sit, seat, read))


def opponent_ranges(
    sit: Situation, given: Mapping[int, str] | None = None, profiles: Mapping[int, Profile] | None = None,
) -> dict[int, OpponentRange]:
    """Ranges of the opponents still in the hand (hero's cards are removed from them)."""
    dead = tuple(c.index for c in sit.hero_cards) + tuple(c.index for c in sit.board)
    out: dict[int, OpponentRange] = {}
    for seat in sit.opponents:
        out[seat] = opponent_range(sit, seat, given=(given or {}).get(seat), dead=dead,
                                   prof=(profiles or {}).get(seat, DEFAULT))
    return out


# The hero's answer to a profiled player's raise (preflop charts): he continues wider against
# wider raises, tighter against tighter ones.
PF_PROFILE_TIGHTER = N_("Against this opponent ({profile}), whose raises are tighter than the chart's, "
                        "the coach continues with fewer hands: {combos} combinations instead of the "
                        "chart's {chart}.")
PF_PROFILE_WIDER = N_("Against this opponent ({profile}), whose raises are wider than the chart's, "
                      "the coach continues with more hands: {combos} combinations instead of the "
                      "chart's {chart}.")


@dataclass(frozen=True)
class Response:
    """The hero's chart answer to a raise, moved by the raiser's profile (class -> weight)."""

    raise_classes: Mapping[str, float]
    call_classes: Mapping[str, float]
    note: Message | None


def response_to_raise(raise_text: str, call_text: str, prof: Profile) -> Response:
    """Which hands re-raise and which call a raise from a player of ``prof``.

    The chart's continuing range (re-raise and call together) is scaled by the
    square root of the raiser's raising width (:attr:`Profile.raise_keep`: a
    rock raises half as wide, so the hero continues with about 70% of the
    chart's hands, the strongest by preflop strength; an aggressive player
    raises twice as wide, so the hero continues with about 1.4 times as many,
    the added hands calling). A re-raise stays a re-raise when the hand is
    still in; the bluff re-raises a rock's range does not pay for are dropped.
    """
    raise_cls = parse_weighted(raise_text).classes() if raise_text else {}
    call_cls = parse_weighted(call_text).classes() if call_text else {}
    if prof.equilibrium or prof.raise_keep == 1.0:
        return Response(raise_cls, call_cls, None)
    both = ", ".join(t for t in (raise_text, call_text) if t)
    chart = parse_weighted(both)
    scale = float(np.sqrt(prof.raise_keep))
    moved = _reshape(chart, scale, ())
    keep = moved.classes()
    new_raise = {k: w for k, w in raise_cls.items() if k in keep}
    new_call = {k: w for k, w in call_cls.items() if k in keep}
    for k, w in keep.items():
        if k not in new_raise and k not in new_call:
            new_call[k] = w
    msg = PF_PROFILE_TIGHTER if scale < 1.0 else PF_PROFILE_WIDER
    note = Message(msg, {"profile": prof.name, "combos": round(moved.total), "chart": round(chart.total)})
    return Response(new_raise, new_call, note)


STEAL_MAX_SCALE = 3.0  # the widest: any two cards from the button
STEAL_MIN_SCALE = 0.7  # the tightest: the strongest 70% of the chart's opens (the rest is a close fold)
STEAL_WIDER = N_("The players still to act ({profile}) defend less than the chart assumes: the coach opens "
                 "{combos} combinations here instead of the chart's {chart}.")
STEAL_TIGHTER = N_("The players still to act ({profile}) defend and re-raise more than the chart assumes: "
                   "the coach opens {combos} combinations here instead of the chart's {chart}.")


def open_against(open_text: str, behind: list[Profile]) -> tuple[dict[str, float] | None, Message | None]:
    """The raise-first-in range against the profiles of the players still to act.

    A steal is worth what the players behind give up: the chart assumes they
    defend as the charts do. It wins the blinds when *all* of them fold, so the
    opening range is scaled by one over the product of their defending widths
    (:attr:`Profile.preflop_keep`, times the square root of
    :attr:`Profile.raise_keep` for a player who re-raises more), within
    :data:`STEAL_MIN_SCALE` and :data:`STEAL_MAX_SCALE`: against two rocks in
    the blinds (each defends 60% of the chart's hands, so both fold far more
    often) the button opens any two cards — 9-5 offsuit steals about +0.7 bb:
    they fold both about 60% of the time for 1.5 bb, and a called 2.5 bb open
    still realises a third of the pot; against two aggressive players (1.2
    times as many hands, twice the re-raises) the range is 0.7 times the
    chart's; balanced players leave it as it is. The added hands are the
    strongest outside the chart.
    """
    if not open_text or not behind or all(p.equilibrium for p in behind):
        return None, None  # the chart as it is
    chart = parse_weighted(open_text)
    width = float(np.prod([p.preflop_keep * (p.raise_keep if p.raise_keep > 1 else 1.0) ** 0.5
                           for p in behind]))
    scale = min(STEAL_MAX_SCALE, max(STEAL_MIN_SCALE, 1.0 / width))
    if abs(scale - 1.0) < 1e-9:
        return None, None
    moved = _reshape(chart, scale, ())
    profiled = next(p for p in behind if not p.equilibrium)
    note = Message(STEAL_WIDER if scale > 1.0 else STEAL_TIGHTER,
                   {"profile": profiled.name, "combos": round(moved.total), "chart": round(chart.total)})
    return moved.classes(), note
