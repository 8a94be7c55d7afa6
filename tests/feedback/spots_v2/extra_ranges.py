# ruff: noqa: E501  (a data table: one spot per statement reads better than wrapped lines)
"""Banded spots for the range that follows the hand, and for profiles that act preflop.

Each spot is a decision where the old coach kept a bettor's, raiser's or
caller's preflop range after he bet, raised, jammed or called an all-in, and
graded a hand as if he held anything. The bands are set from poker reasoning
(what bets, raises and calls there), written above each spot.
"""

from __future__ import annotations

from typing import Any

BTN_VS_BB = ["p3 f", "p4 f", "p5 f", "p6 cbr 5", "p1 f", "p2 cc"]  # pot 11 on the flop
HU_PRE = ["p2 cbr 5", "p1 cc"]  # pot 10 on the flop
LIMPED_4WAY = ["p3 cc", "p4 f", "p5 cc", "p6 f", "p1 cc", "p2 cc"]  # pot 8 on the flop


def add(b: Any) -> None:
    OK, BAD, LEAK, BLUNDER = b.OK, b.BAD, b.LEAK, b.BLUNDER
    LEAK_OR_WORSE = ["imprecisa", "errore", "errore grave"]

    # The first example. Four-way limped pot, K♦3♣ in the big blind on Kh8s4d: UTG bets
    # the pot (8), the CO raises to 24, the SB folds. A pot bet into three players and a raise
    # behind it are Kx with a kicker, two pairs and sets (bluffing into a field is rare): K3o is
    # dominated by every king and drawing thin, about 6-10% against both. 24 to call into 40
    # needs 37%: fold. Calling loses several big blinds; any raise is called only by better.
    b.spot("flop-6max-4way-limped-k3o-folds-to-bet-and-raise", 6, {2: "Kd3c"},
           [*LIMPED_4WAY, "d db Kh8s4d", "p1 cc", "p2 cc", "p3 cbr 8", "p5 cbr 24", "p1 f"],
           best="fold", model="heuristic",
           bands={"fold": OK, "call": BAD, "raise": BAD, "all_in": BAD},
           reason="weak top pair folds to a pot bet and a raise in a four-way limped pot")

    # The same with two aggressive players: they bluff more, but a bet and a raise into a field is
    # still mostly made hands; K3o stays far below the 37% it needs: fold, calling is a mistake.
    b.spot("flop-6max-4way-limped-k3o-folds-vs-two-aggressivi", 6, {2: "Kd3c"},
           [*LIMPED_4WAY, "d db Kh8s4d", "p1 cc", "p2 cc", "p3 cbr 8", "p5 cbr 24", "p1 f"],
           best="fold", model="heuristic", profiles={"p3": "aggressivo", "p5": "aggressivo"},
           bands={"fold": OK, "call": BAD, "all_in": BAD},
           reason="even against aggressive players, a bet and a raise into a field are strong")

    # Q♦6♣ (no pair, a backdoor at most) facing the same bet and raise: nothing to continue with.
    b.spot("flop-6max-4way-limped-air-folds-to-bet-and-raise", 6, {2: "Qd6c"},
           [*LIMPED_4WAY, "d db Kh8s4d", "p1 cc", "p2 cc", "p3 cbr 8", "p5 cbr 24", "p1 f"],
           best="fold", model="heuristic",
           bands={"fold": OK, "call": BLUNDER, "all_in": BLUNDER},
           reason="air folds to a bet and a raise")

    # The second example. Middle pair (8h7h on Kc8d3s) facing a flop jam of 195 into 11
    # (17 pots). Nobody jams 17 pots with a hand that middle pair beats unless he is bluffing a
    # lot; the jam is kings, two pairs and sets plus a few bluffs: 87 has about 30-38% and needs
    # 195 / 401 = 48.6%. Calling loses about 20 bb or more: errore grave (errore at least).
    b.spot("flop-6max-middle-pair-folds-to-huge-jam", 6, {2: "8h7h"},
           [*BTN_VS_BB, "d db Kc8d3s", "p2 cc", "p6 cbr 195"],
           best="fold", model="heuristic",
           bands={"fold": OK, "call": BAD},
           reason="middle pair folds to a 17-pot flop jam: the jam is value-heavy")

    # The fourth example. Top pair ten kicker (KhTc on Kd8c4h 2s 6c) against an
    # «aggressivo» who bets three streets (24 into 39 on the river): calling is right (his
    # barrels carry bluffs). A min-raise to 48 folds his bluffs and is called or re-raised only by
    # better kings, two pairs and sets: it turns a bluff-catcher into a bet that loses.
    b.spot("river-6max-top-pair-no-min-raise-vs-aggressivo-third-barrel", 6, {2: "KhTc"},
           [*BTN_VS_BB, "d db Kd8c4h", "p2 cc", "p6 cbr 4", "p2 cc", "d db 2s", "p2 cc", "p6 cbr 10", "p2 cc", "d db 6c",
            "p2 cc", "p6 cbr 24"],
           best="call", profiles={"p6": "aggressivo"},
           bands={"call": OK, "cbr 48": LEAK_OR_WORSE},
           reason="a bluff-catcher calls an aggressive player's third barrel; raising it only gets called by better")

    # The third example: an overcaller of an all-in. Nine-handed, 15 bb: UTG jams, the HJ
    # calls, A♦J♣ in the big blind. UTG's 15-bb jam is about his opening range (22+, ATs+, AJo+,
    # KQ), and the HJ who calls a jam with a player behind has the top of it (99+, AQ+): AJo is
    # dominated by both, about 25-30% three-way against 31% needed. Fold; calling is at most a
    # small leak (never ottima: the old coach gave the caller the shover's range).
    b.spot("pf-9max-15bb-bb-ajo-folds-to-jam-and-call", 9, {2: "AdJc"},
           ["p3 cbr 30", "p4 f", "p5 f", "p6 f", "p7 cc", "p8 f", "p9 f", "p1 f"], stacks=[30] * 9,
           best="fold",
           bands={"fold": OK, "call": ["buona", "imprecisa", "errore", "errore grave"]},
           reason="a jam and a call in front: AJo folds, the caller's range is the top of the shover's")

    # Top pair top kicker (AhJd on Jc7s3d 2h) facing a balanced turn check-raise (10 -> 32):
    # the check-raise is sets, two pairs and some draws (the 2h brings few); AJ has about 30-40%
    # and needs 22 / 75 = 29%: call. Folding gives up a little; re-raising or jamming is called
    # only by the sets and two pairs: a mistake.
    b.spot("turn-6max-tptk-calls-balanced-check-raise", 6, {6: "AhJd"},
           [*BTN_VS_BB, "d db Jc7s3d", "p2 cc", "p6 cbr 4", "p2 cc", "d db 2h", "p2 cc", "p6 cbr 10", "p2 cbr 32"],
           best="call", model="heuristic",
           bands={"call": OK, "fold": ["buona", "imprecisa", "errore"], "all_in": BAD},
           reason="top pair top kicker calls a balanced turn check-raise; it does not re-raise")

    # QQ on 9s6h2c Kd against a «roccia» who check-calls the flop and check-raises the turn
    # (10 -> 30): a rock check-raises only with kings-up, sets and K9: QQ has about 15-20% and
    # needs 20 / 61 = 33%. Fold; calling is a leak; re-raising is a mistake.
    b.spot("turn-6max-overpair-folds-to-roccia-check-raise", 6, {6: "QdQc"},
           [*BTN_VS_BB, "d db 9s6h2c", "p2 cc", "p6 cbr 4", "p2 cc", "d db Kd", "p2 cc", "p6 cbr 10", "p2 cbr 30"],
           best="fold", model="heuristic", profiles={"p2": "roccia"},
           bands={"fold": OK, "call": LEAK, "raise": BAD, "all_in": BAD},
           reason="an underpair to the turn's king folds to a rock's check-raise")

    # Ah9c (second pair, top kicker, on 9h6d2s Kc 3h) against a «roccia» who bets flop, turn
    # and the pot on the river: a rock's third barrel is a king or better; A9 beats nothing he
    # bets. 35 to call into 70 needs 33%; it has well under 20%: fold, calling is a mistake.
    b.spot("river-6max-second-pair-folds-to-roccia-triple-barrel", 6, {2: "Ah9c"},
           [*BTN_VS_BB, "d db 9h6d2s", "p2 cc", "p6 cbr 4", "p2 cc", "d db Kc", "p2 cc", "p6 cbr 12", "p2 cc", "d db 3h",
            "p2 cc", "p6 cbr 35"],
           best="fold", profiles={"p6": "roccia"},
           bands={"fold": OK, "call": BAD, "all_in": BLUNDER},
           reason="a rock's pot-sized third barrel is strong: second pair folds")

    # Three-way, K♠J♦ in the small blind on Kc9h5d: the CO bets 10 into 17 and the button raises
    # to 30. Against a bet and a raise, KJ is behind AK, KQ, sets and two pairs and ahead only of
    # draws: about 15-25% against 34% needed. Fold; calling is a leak; raising is a mistake.
    b.spot("flop-6max-3way-top-pair-folds-to-bet-and-raise", 6, {1: "KsJd"},
           ["p3 f", "p4 f", "p5 cbr 5", "p6 cc", "p1 cc", "p2 f", "d db Kc9h5d", "p1 cc", "p5 cbr 10", "p6 cbr 30"],
           best="fold", model="heuristic",
           bands={"fold": OK, "call": LEAK_OR_WORSE, "all_in": BAD},
           reason="top pair, good kicker, folds to a bet and a raise three-way")

    # The same flop with a set of nines (9s9d): the raiser has exactly the hands that pay (kings,
    # two pairs, draws): raise or jam for value; calling is fine but gives free cards; folding
    # a set is a blunder.
    b.spot("flop-6max-3way-set-raises-bet-and-raise", 6, {1: "9s9d"},
           ["p3 f", "p4 f", "p5 cbr 5", "p6 cc", "p1 cc", "p2 f", "d db Kc9h5d", "p1 cc", "p5 cbr 10", "p6 cbr 30"],
           best="aggressive", model="heuristic",
           bands={"fold": BLUNDER, "call": b.OK3, "all_in": OK},
           reason="a set re-raises a bet and a raise for value")

    # Nine-handed, three-way river: J♥9♥ (top pair, nine kicker, on Jc8d3s 2d) faces a bet of 20
    # and a raise to 60 from the caller. A river raise over a bet, with a third player in, is
    # two pairs and sets; top pair with a nine kicker beats none of it: fold. Calling 60 into 118
    # is a big mistake.
    b.spot("river-9max-3way-top-pair-folds-to-bet-and-raise", 9, {2: "Jh9h"},
           [*b.folds(3, 4, 5, 6), "p7 cbr 5", "p8 cc", "p9 f", "p1 f", "p2 cc", "d db Jc8d3s", "p2 cc", "p7 cbr 8",
            "p8 cc", "p2 cc", "d db 2d", "p2 cc", "p7 cbr 20", "p8 cbr 60"],
           best="fold", model="heuristic",
           bands={"fold": OK, "call": BAD},
           reason="top pair weak kicker folds to a river bet and a raise three-way")

    # Small pocket pair (3c3d on Kh8s4d) facing a quarter-pot c-bet (3 into 11): the button
    # c-bets small with almost everything, and 33 has about 25-30% against it while needing 17%:
    # call (or a small raise); folding gives up a little. A jam of 195 into 14 is a mistake.
    b.spot("flop-6max-small-pair-calls-small-cbet", 6, {2: "3c3d"},
           [*BTN_VS_BB, "d db Kh8s4d", "p2 cc", "p6 cbr 3"],
           best="not_fold", model="heuristic",
           bands={"call": OK, "fold": ["buona", "imprecisa"], "all_in": LEAK_OR_WORSE},
           reason="a small bet is wide: a small pair calls it")

    # Top pair top kicker (AdKc on Kh8s4d) facing a small c-bet (4 into 11): far ahead of a
    # small c-bet's wide range: call or raise for value; folding is a mistake.
    b.spot("flop-6max-tptk-continues-vs-small-cbet", 6, {2: "AdKc"},
           [*BTN_VS_BB, "d db Kh8s4d", "p2 cc", "p6 cbr 4"],
           best="not_fold", model="heuristic",
           bands={"call": OK, "fold": BAD, "all_in": LEAK_OR_WORSE},
           reason="top pair top kicker continues against a small c-bet")

    # Profiles act preflop. The cutoff opens, the button 3-bets to 16, A♦J♣
    # is the cutoff's hand. Against a «roccia» the 3-bet is QQ+/AK: AJo is dominated, about
    # 30%, and out of position: fold; calling is a mistake.
    b.spot("pf-6max-co-ajo-folds-to-roccia-3bet", 6, {5: "AdJc"},
           ["p3 f", "p4 f", "p5 cbr 5", "p6 cbr 16", "p1 f", "p2 f"],
           best="fold", model="chart", profiles={"p6": "roccia"},
           bands={"fold": OK, "call": LEAK_OR_WORSE},
           reason="AJo folds to a rock's 3-bet: his range dominates it")

    # The same against an «aggressivo» who 3-bets twice as wide (suited aces, broadways,
    # connectors): AJo has about 45-50% against that range and calls 11 more into 33: call
    # (a 4-bet is defensible, not banded); folding gives up a profitable hand: not ottima.
    b.spot("pf-6max-co-ajo-calls-aggressivo-3bet", 6, {5: "AdJc"},
           ["p3 f", "p4 f", "p5 cbr 5", "p6 cbr 16", "p1 f", "p2 f"],
           best="not_fold", model="chart", profiles={"p6": "aggressivo"},
           bands={"call": OK, "fold": ["buona", "imprecisa", "errore"]},
           reason="AJo continues against a maniac's wide 3-bet")

    # Push/fold against a profiled shover: UTG jams 10 bb at six-handed and everyone folds to the
    # big blind with A♦T♣ (9 more to call into 21: needs 43%). Against a «roccia» who jams half
    # the chart's range (about 77+, AJ+, KQ) ATo has about 35%: fold; the call loses about 1-2 bb.
    b.spot("pf-6max-pushfold-10bb-bb-ato-folds-to-roccia-jam", 6, {2: "AdTc"},
           ["p3 cbr 20", "p4 f", "p5 f", "p6 f", "p1 f"], stacks=[20] * 6,
           best="fold", model="pushfold", profiles={"p3": "roccia"},
           bands={"fold": OK, "call": LEAK_OR_WORSE},
           reason="against a rock's tight jam ATo folds")

    # Push/fold with profiled players behind (the caller model follows their profiles). Six-handed,
    # 10 bb, folded to the button's K♣2♦. At equilibrium the blinds call about a third of their hands
    # and the shove is a small loss. Two «rocce» in the blinds call only their strongest hands (0.6
    # times as many): they fold so often that the 1.5 bb in the middle pays for the times K2o is
    # called and behind; every strong player open-shoves wider against tight blinds. Folding gives
    # that up: a small leak (buona or imprecisa), never the best.
    b.spot("pf-6max-pushfold-10bb-btn-k2o-shoves-vs-rocks-behind", 6, {6: "Kc2d"},
           ["p3 f", "p4 f", "p5 f"], stacks=[20] * 6,
           best="aggressive", model="pushfold", profiles={"p1": "roccia", "p2": "roccia"},
           bands={"all_in": OK, "fold": ["buona", "imprecisa"]},
           reason="against two rocks in the blinds K2o open-shoves 10 bb from the button")
    # The same hand against two aggressive players in the blinds, who call an all-in wider than the
    # equilibrium: more calls, and K2o is behind most of the hands that call. Fold; the shove loses
    # more than at equilibrium (imprecisa or errore, never close to best).
    b.spot("pf-6max-pushfold-10bb-btn-k2o-folds-vs-maniacs-behind", 6, {6: "Kc2d"},
           ["p3 f", "p4 f", "p5 f"], stacks=[20] * 6,
           best="fold", model="pushfold", profiles={"p1": "aggressivo", "p2": "aggressivo"},
           bands={"fold": OK, "all_in": ["imprecisa", "errore"]},
           reason="against two loose callers in the blinds K2o folds 10 bb on the button")
