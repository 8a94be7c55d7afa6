"""After a tap on a phone the answer is in view (issue 30): the lesson's verdict and the rule's refusal,
Pratica's refusal, and at a hand's end its grades above «Mano successiva», at 360x640 and 390x844.

Before issue 30 the verdict and the refusal were drawn under the buttons, below the first screen of a
360x640 phone (the tap seemed to do nothing), and Pratica's grades sat below «Mano successiva».
Screenshots in test-output/.
"""

from __future__ import annotations

from typing import Any

from support.browser import (
    BROWSER,
    box,
    in_view,
    inside,
    open_context,
    open_decision,
    practice_turn,
    shot,
    wait_idle,
)

pytestmark = BROWSER

PHONE = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2}
DEC = ".st-key-dec-03-azioni-0-4"  # Carla's first decision: call 2 into 3 (a check is refused)


def test_the_lessons_refusal_and_verdict_come_into_view_after_a_tap(browser: Any, server: str) -> None:
    for width, height in ((360, 640), (390, 844)):
        context, page, errors = open_context(browser, width, height, **PHONE)
        try:
            open_decision(page, server)
            page.locator(f"{DEC}-check button").tap()  # facing the big blind: the rule refuses it
            assert in_view(page, ".st-key-cc_refusal", width, height), box(page, ".st-key-cc_refusal")
            shot(page, f"tap-{width}-lesson-refusal.png")
            page.locator(f"{DEC}-call button").tap()
            page.get_by_text("Hai scelto", exact=False).first.wait_for()
            wait_idle(page)
            verdict = box(page, ".st-key-cc_verdict")
            assert verdict["height"] < height  # the badge and its sentence fit the screen...
            assert in_view(page, ".st-key-cc_verdict", width, height), box(page, ".st-key-cc_verdict")
            shot(page, f"tap-{width}-lesson-verdict.png")
            assert errors == [], errors
        finally:
            context.close()


def test_practice_refusal_in_view_and_the_grades_above_next_hand(browser: Any, server: str) -> None:
    width, height = 360, 640
    context, page, errors = open_context(browser, width, height, **PHONE)
    try:
        page.goto(server + "/pratica")
        page.get_by_role("button", name="Siediti al tavolo").tap()
        page.locator(".cc-seat.cc-hero .cc-card").first.wait_for()
        practice_turn(page, tap=True)  # a hand folded to his big blind is dealt past
        price = page.locator('[class*="st-key-cc_actions_prac"] p:has-text("Per chiamare")').count()
        # facing a bet a check is refused; with nothing to pay, a call is
        wrong = '[class*="st-key-prac-"][class*="-check"] button' if price else \
            '[class*="st-key-prac-"][class*="-call"] button'
        page.locator(wrong).first.tap()
        assert in_view(page, ".st-key-cc_refusal", width, height), box(page, ".st-key-cc_refusal")
        shot(page, "tap-360-practice-refusal.png")
        page.get_by_role("button", name="Fold").first.tap()  # the hand ends for the learner
        page.get_by_role("button", name="Mano successiva").wait_for(timeout=90_000)
        wait_idle(page)
        grades, nxt = box(page, ".st-key-prac_grades"), box(page, ".st-key-prac_next")
        assert grades["y"] + grades["height"] <= nxt["y"]  # the grade is read before the next hand
        assert in_view(page, ".st-key-prac_grades", width, height), box(page, ".st-key-prac_grades")
        assert "Le tue scelte:" in page.locator(".st-key-prac_grades").inner_text()
        shot(page, "tap-360-practice-grades.png")
        assert errors == [], errors
    finally:
        context.close()


def test_home_on_a_phone_opens_with_the_next_lesson(browser: Any, server: str) -> None:
    for width, height in ((360, 640), (390, 844)):
        context, page, errors = open_context(browser, width, height, **PHONE)
        try:
            page.goto(server + "/")
            nxt = page.get_by_role("button", name="Prossima lezione: 1.", exact=False)
            nxt.wait_for()
            wait_idle(page)
            assert page.evaluate("window.scrollY") == 0
            assert inside(dict(nxt.bounding_box()), width, height), nxt.bounding_box()
            first = page.locator('[data-testid="stMainBlockContainer"]').inner_text()[:400]
            assert "pot odds" not in first and "equity" not in first  # no term before its lesson
            shot(page, f"tap-{width}-home.png")
            assert errors == [], errors
        finally:
            context.close()


def test_radio_options_are_44px_on_a_phone(browser: Any, server: str) -> None:
    context, page, errors = open_context(browser, 360, 640, **PHONE)
    try:
        page.goto(server + "/pratica")
        page.get_by_role("button", name="Siediti al tavolo").wait_for()
        wait_idle(page)
        labels = page.locator('[data-testid="stRadio"] [role="radiogroup"] label:visible')
        assert labels.count() >= 2
        heights = [b["height"] for b in (labels.nth(i).bounding_box() for i in range(labels.count())) if b]
        assert heights and min(heights) >= 44, heights
        assert errors == [], errors
    finally:
        context.close()


def test_the_number_box_steppers_speak_italian(browser: Any, server: str) -> None:
    context, page, errors = open_context(browser, 1280, 800)
    try:
        open_decision(page, server)
        down = page.locator('[data-testid="stNumberInputStepDown"]').first
        up = page.locator('[data-testid="stNumberInputStepUp"]').first
        for _ in range(25):  # relabelled by the page's script once Streamlit has drawn the box
            if down.get_attribute("aria-label") == "Diminuisci":
                break
            page.wait_for_timeout(200)
        assert (down.get_attribute("aria-label"), up.get_attribute("aria-label")) == ("Diminuisci", "Aumenta")
        assert errors == [], errors
    finally:
        context.close()
