"""Opponent profiles: the names a teacher may type, and how each profile moves the calling threshold."""

from __future__ import annotations

import pytest

from coach.errors import InvalidInput
from coach.feedback.bots import STYLES
from coach.feedback.profiles import BOT_STYLE_PROFILE, DEFAULT, PROFILES, profile


@pytest.mark.parametrize(("typed", "key"), [
    ("roccia", "roccia"), ("Rock", "roccia"), ("  NIT ", "roccia"),
    ("calling   station", "principiante"),  # spaces collapsed
    ("Principiante che paga troppo", "principiante"), ("GTO", "equilibrio"), ("maniac", "aggressivo"),
])
def test_names_and_aliases(typed: str, key: str) -> None:
    assert profile(typed) is PROFILES[key]


def test_none_is_the_balanced_default_and_a_profile_passes_through() -> None:
    assert profile(None) is DEFAULT is PROFILES["equilibrio"] and DEFAULT.equilibrium
    assert profile(PROFILES["roccia"]) is PROFILES["roccia"]


def test_an_unknown_name_is_refused_naming_the_choices() -> None:
    with pytest.raises(InvalidInput) as exc:
        profile("shark")
    assert exc.value.message.params["names"] == "equilibrio, principiante, roccia, aggressivo"


def test_the_balanced_threshold_is_unchanged() -> None:
    assert DEFAULT.calling_threshold(0.6) == pytest.approx(0.6)
    assert DEFAULT.calling_threshold(0.6, size=2.0) == pytest.approx(0.6)


def test_a_beginner_calls_more() -> None:
    # call_scale 0.4: a balanced threshold of 0.6 (calls the top 40%) becomes 0.24 (calls the top 76%)
    assert PROFILES["principiante"].calling_threshold(0.6) == pytest.approx(0.24)


def test_a_rock_folds_more_to_real_bets_than_to_token_ones() -> None:
    rock = PROFILES["roccia"]  # call_shift 0.5: half the way to 1 at half the pot and above
    assert rock.calling_threshold(0.6, size=0.5) == pytest.approx(0.6 + 0.4 * 0.5)  # 0.8
    assert rock.calling_threshold(0.6, size=1.0) == pytest.approx(0.8)  # no further above half the pot
    assert rock.calling_threshold(0.6, size=0.25) == pytest.approx(0.6 + 0.4 * 0.5 * 0.5)  # 0.7
    assert rock.calling_threshold(0.6, size=0.0) == pytest.approx(0.6)


def test_every_practice_bot_style_maps_to_a_profile() -> None:
    assert set(BOT_STYLE_PROFILE) == set(STYLES)
    assert all(key in PROFILES for key in BOT_STYLE_PROFILE.values())
