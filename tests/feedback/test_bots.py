"""Practice bots: seeded, legal, styled by the same charts and maths."""

from __future__ import annotations

import pytest

from coach.engine import Hand, TableConfig
from coach.errors import InvalidInput
from coach.feedback.bots import STYLES, Bot


def play(styles: list[str], seed: int, difficulty: float = 0.5) -> list[str]:
    """A whole auto-dealt hand played by bots; returns the PHH codes."""
    cfg = TableConfig(names=tuple(f"b{i}" for i in range(len(styles))), stacks=(200,) * len(styles), button=0)
    hand = Hand.start(cfg, seed=seed)
    bots = [Bot(s, difficulty, seed=seed * 10 + i) for i, s in enumerate(styles)]
    codes = []
    for _ in range(200):
        actor = hand.legal_actions().actor
        if actor is None or hand.is_complete:
            break
        codes.append(bots[actor].act(hand).code)
    assert hand.is_complete
    return codes


def test_bots_play_legal_complete_hands_deterministically() -> None:
    styles = list(STYLES)
    first = play(styles, seed=11)
    assert first == play(styles, seed=11)
    assert len(first) >= 3


def test_a_perfect_bot_follows_the_coach() -> None:
    cfg = TableConfig(names=("a", "b", "c"), stacks=(200, 200, 200), button=0)
    hand = Hand.start(cfg, seed=2, hole_cards={1: "AsAh"})  # seat 1 is the small blind
    hand.apply_code("p3 f")  # the button folds; the small blind with aces is to act
    decision = Bot("loose-passive", difficulty=1.0, seed=1).choose(hand)
    assert decision.followed_coach and decision.code.startswith("p1 cbr")


def test_styles_differ_when_the_coach_is_not_followed() -> None:
    def choices(style: str) -> list[str]:
        out = []
        for seed in range(6):
            cfg = TableConfig(names=("a", "b", "c"), stacks=(200, 200, 200), button=0)
            hand = Hand.start(cfg, seed=seed, hole_cards={1: "7s7d"})
            hand.apply_code("p3 cbr 6")
            out.append(Bot(style, difficulty=0.0, seed=seed).choose(hand).option.kind)
        return out

    aggressive = choices("loose-aggressive")
    passive = choices("tight-passive")
    def raises(kinds: list[str]) -> int:
        return kinds.count("raise") + kinds.count("all_in")

    assert raises(aggressive) > raises(passive)


def test_bad_settings_are_refused() -> None:
    with pytest.raises(InvalidInput):
        Bot("maniac")
    with pytest.raises(InvalidInput):
        Bot("tight-aggressive", difficulty=2.0)


@pytest.mark.parametrize("seed", range(4))
def test_every_decision_of_random_hands_is_analysed_soundly(seed: int) -> None:
    """Bots play; at each decision every option is legal, graded, and fold is never best for free."""
    from coach.feedback.analysis import analyze

    players = 2 + seed  # heads-up to five-handed
    names = tuple(f"p{i}" for i in range(players))
    cfg = TableConfig(names=names, stacks=(120,) * players, button=seed % players)
    hand = Hand.start(cfg, seed=100 + seed)
    bot = Bot("loose-aggressive", 0.3, seed=seed)
    while not hand.is_complete and hand.legal_actions().actor is not None:
        legal = hand.legal_actions()
        a = analyze(hand, seed=seed)
        codes = [o.code for o in a.options]
        assert a.best in codes and len(set(codes)) == len(codes)
        for o in a.options:
            if o.code.startswith("cbr"):
                low, high = legal.min_raise_to, legal.max_raise_to
                assert o.amount is not None and low is not None and high is not None
                assert low <= o.amount <= high
        if legal.can_check:
            assert a.best != "f" and a.option("fold").grade.is_mistake
        bot.act(hand)


def test_a_bot_whose_analysis_fails_still_acts(monkeypatch: pytest.MonkeyPatch) -> None:
    # A bot must always act, or the learner's practice table stops: if the coach raises, the
    # bot checks when checking is free and folds otherwise.
    import coach.feedback.bots as bots_module

    def broken(*_: object, **__: object) -> None:
        raise RuntimeError("a bug in the coach")

    monkeypatch.setattr(bots_module, "analyze", broken)
    cfg = TableConfig(names=("a", "b", "c"), stacks=(200, 200, 200), button=0)
    hand = Hand.start(cfg, seed=5)
    bot = Bot("tight-aggressive", 0.5, seed=1)
    record = bot.act(hand)  # first to act preflop faces the big blind: a fold
    assert record.code.endswith(" f")
    codes = [bot.act(hand).code for _ in range(2) if hand.legal_actions().actor is not None]
    assert codes and all(c.endswith((" f", " cc")) for c in codes)


def test_bots_play_their_profile_through_the_coachs_ranges() -> None:
    """Before the flop a rock's ranges are tighter: K9o on the button opens for the loose-aggressive
    bot (an «aggressivo» opens 1.2 times the chart) and folds for the tight-passive one (a «roccia»
    opens the strongest 60%); after the flop the weights come from the range model."""
    from coach.feedback.analysis import analyze

    cfg = TableConfig(names=tuple("abcdef"), stacks=(200,) * 6, button=5)
    hand = Hand.start(cfg, seed=4, hole_cards={5: "Kd9c"})
    for code in ("p3 f", "p4 f", "p5 f"):
        hand.apply_code(code)
    analysis = analyze(hand, solver=False)
    rock = Bot("tight-passive", 0.0, seed=1).model_weights(hand, analysis)
    maniac = Bot("loose-aggressive", 0.0, seed=1).model_weights(hand, analysis)
    assert rock == {"f": 1.0}
    assert maniac is not None and "f" not in maniac and all(c.startswith("cbr") for c in maniac)


def test_after_the_flop_a_bot_does_not_read_the_players_behind(monkeypatch: pytest.MonkeyPatch) -> None:
    # The players still to act after the flop are for the learner's grade: each set of them continuing or
    # folding is an equity of its own, and one practice click runs several bots' analyses (it cost the
    # click 60% more server CPU, issue 28). The bots read them before the flop, as always.
    import coach.feedback.analysis as analysis_module

    read: list[str] = []
    real = analysis_module.players_behind

    def spy(sit: object, *args: object, **kwargs: object) -> object:
        read.append(getattr(sit, "street", "?"))
        return real(sit, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(analysis_module, "players_behind", spy)
    cfg = TableConfig(names=("a", "b", "c", "d"), stacks=(200, 200, 200, 200), button=0)
    for seed in range(6):
        hand = Hand.start(cfg, seed=seed)
        bots = {s: Bot("loose-passive", 0.0, seed=seed) for s in range(4)}
        while (actor := hand.legal_actions().actor) is not None:
            bots[actor].act(hand)
    assert read and set(read) == {"preflop"}, read
