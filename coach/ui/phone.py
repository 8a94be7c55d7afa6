"""The phone layout (issue 22): the learner's cards, the board, the pot and the decision buttons on the
first screen of a 360x640 phone, and every touch target at least 44 px.

CSS only, in media queries, so the desktop and the projector layouts are untouched and the server
needs to know nothing about the screen. At a decision (a table beside an action panel, found by the
panel's container key :data:`ACTIONS_KEY`) the two columns are opened up
(``display: contents``) and their parts reordered: the table, then the question (its container keyed
:data:`QUESTION_KEY`: who you are and what the lesson asks, read before answering), the price and
the buttons, then the rest of the right column (the refusal, the narration), then the step
controls, the action log last. Nothing is hidden: what used to sit between the table and the
buttons follows them. Visual order then differs from the reading order (which stays the desktop's,
narration first), only on narrow screens. The lesson's hand title, the same words as its tab, is kept
for screen readers and hidden from view; the step buttons keep their words for screen readers, shown as icons.

``@media (pointer:coarse)`` covers touch screens of any width (a tablet): there the touch targets
grow to 44 px (WCAG 2.5.5), the buttons, tabs, links, the number box's steppers, help icons and
toggles; the layout changes only below 640 px.
"""

from __future__ import annotations

ACTIONS_KEY = "cc_actions_"  # the key prefix of the action panel's container (coach.ui.controls)
QUESTION_KEY = "cc_question_"  # the key prefix of a decision's question (its heading and prompt)

# The decision's two-column block: a column holding the table and, somewhere, the action panel.
_BLOCK = ('[data-testid="stHorizontalBlock"]:has(> [data-testid="stColumn"] > [data-testid="stVerticalBlock"]'
          ' > [data-testid="stElementContainer"] .cc-table):has([class*="st-key-' + ACTIONS_KEY + '"])')
_ITEM = _BLOCK + ' > [data-testid="stColumn"] > [data-testid="stVerticalBlock"] > *'
_HIDDEN = ("position:absolute !important;width:1px !important;height:1px !important;"
           "overflow:hidden !important;clip:rect(0 0 0 0) !important;clip-path:inset(50%) !important;"
           "white-space:nowrap !important")
_PICK = '[data-testid="stHorizontalBlock"]:has(.st-key-lesson_pick)'  # the lesson picker and the progress

PHONE_CSS = f"""
<style>
/* == coach.ui.phone: touch targets and the phone layout (issue 22) == */
@media (pointer:coarse), (max-width:640px){{
  .stMainBlockContainer button[data-testid^="stBaseButton"],
  [data-testid="stButtonGroup"] button,
  [data-testid="stPageLink"] a,
  [data-testid="stSidebarNavLink"],
  [data-testid="stExpandSidebarButton"],[data-testid="stSidebarCollapseButton"] button,
  [data-testid="stMainMenuButton"]{{min-height:44px !important;min-width:44px}}
  [data-testid="stNumberInputContainer"]{{height:44px !important}}
  [data-testid="stNumberInputContainer"] button{{height:44px !important;min-width:44px !important}}
  [data-testid="stTooltipHoverTarget"] button,[data-testid="stTooltipIcon"] button{{
    min-width:44px !important;min-height:44px !important;display:inline-flex;align-items:center;
    justify-content:center;margin:-14px -12px}}
  [data-testid="stCheckbox"] label{{min-height:44px;align-items:center}}
  [data-testid="stRadio"] [role="radiogroup"] label{{min-height:44px;align-items:center}}
  /* the heading anchors show on hover, which a touch screen has not */
  [data-testid="stHeaderActionElements"]{{display:none !important}}
}}
@media (max-width:640px){{
  .stMainBlockContainer{{padding-top:3.4rem;padding-left:.75rem;padding-right:.75rem}}
  .stMainBlockContainer [data-testid="stVerticalBlock"]{{gap:.5rem}}
  .stMainBlockContainer h1{{font-size:1.5rem;line-height:1.25;padding-bottom:0}}
  .stMainBlockContainer h2{{font-size:1.2rem;padding-top:.2rem}}
  .stMainBlockContainer h3{{font-size:1.1rem;padding-top:.2rem}}
  /* the lesson's picker and the course's progress on one row */
  {_PICK}{{flex-wrap:nowrap;gap:.5rem}}
  {_PICK} > [data-testid="stColumn"]{{min-width:0 !important;width:auto !important;flex:3 1 0 !important}}
  {_PICK} > [data-testid="stColumn"] + [data-testid="stColumn"]{{flex:2 1 0 !important}}
  {_PICK} .stProgress p{{font-size:.75rem;line-height:1.2}}
  /* the lesson's tabs on one row that scrolls sideways */
  [data-testid="stButtonGroup"] > div{{flex-wrap:nowrap !important;overflow-x:auto;scrollbar-width:none}}
  [data-testid="stButtonGroup"] button{{flex:none;white-space:nowrap}}
  /* the hand's title repeats its tab: kept for screen readers only */
  [data-testid="stElementContainer"]:has(h2):has(+ [data-testid="stLayoutWrapper"]
    > [data-testid="stHorizontalBlock"] .cc-table){{{_HIDDEN}}}
  /* the step controls as icons (the words stay for screen readers) */
  [class*="st-key-steps-"]{{flex-wrap:nowrap !important;gap:.4rem}}
  [class*="st-key-steps-"] > *{{flex:1 1 0;min-width:0}}
  [class*="st-key-steps-"] button{{width:100%}}
  [class*="st-key-steps-"] button [data-testid="stMarkdownContainer"]{{{_HIDDEN}}}
  /* at a decision: the table, the price and buttons, the rest of the panel, the steps, the log */
  {_BLOCK}{{flex-direction:column;flex-wrap:nowrap;gap:.5rem}}
  {_BLOCK} > [data-testid="stColumn"],
  {_BLOCK} > [data-testid="stColumn"] > [data-testid="stVerticalBlock"]{{display:contents}}
  {_ITEM}{{order:3}}
  {_BLOCK} > [data-testid="stColumn"]:first-child > [data-testid="stVerticalBlock"] > *{{order:4}}
  {_ITEM}:has(.cc-table){{order:1 !important}}
  {_ITEM}:has(> [class*="st-key-{QUESTION_KEY}"]),
  {_ITEM}:has(> [class*="st-key-{ACTIONS_KEY}"]){{order:2 !important}}
  {_ITEM}:has(> [class*="st-key-{ACTIONS_KEY}"]) ~ *{{order:2}}
  {_ITEM}:has(.cc-logbox),{_ITEM}:has(.cc-logbox) ~ *{{order:5 !important}}
  /* the bet buttons before the amount box: they are the usual sizes, the box is for any other */
  [class*="st-key-{ACTIONS_KEY}"] > *:has(> [class*="st-key-cc_presets_"]){{order:1}}
  [class*="st-key-{ACTIONS_KEY}"] > *:has([data-testid="stNumberInput"]){{order:2}}
  [class*="st-key-cc_presets_"]{{flex-wrap:wrap !important}}
  [class*="st-key-cc_presets_"] > *{{flex:1 1 calc(33% - .5rem);min-width:0 !important;width:auto !important}}
  .cc-logbox{{max-height:9rem}}
}}
/* == end coach.ui.phone == */
</style>
"""
