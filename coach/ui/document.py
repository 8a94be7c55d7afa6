"""The HTML document around the pages: its language, Streamlit's own labels, the sidebar's focus.

Streamlit serves one ``index.html`` with ``<html lang="en">`` for every app and draws a few
texts of its own in English (the uploader's «Upload» and «1MB per file», «Main menu», «Help
for …», the top bar's «5 more», the main menu's «Print», «Skip to main content», «Running...»,
«Choose an option»). A screen reader reads an Italian page with English
pronunciation when the document says ``en``, and a beginner meets English words the app
never chose. Nothing in Streamlit 1.67 sets either, so :func:`document_script` (run on every
page by :func:`coach.ui.app.run`) sets ``lang`` from the session's language and relabels
those texts in place: a ``MutationObserver`` does it again whenever Streamlit draws one anew.
It only ever replaces an exact English text with its translation (or, right after the learner
changes language, a previous translation with the new one), so its own changes never trigger
another one. The texts it cannot reach are listed in ``docs/INTERFACCIA.md``.

:data:`DOCUMENT_CSS` gives the sidebar's and the top bar's links the same clear focus ring
as the buttons, lets the classroom exit button keep its whole label, and hides the main menu's
«Record screen» (a recorder in English that a learner has no use for).
"""

from __future__ import annotations

import json

from coach.i18n import N_, Translator

# Streamlit's exact English texts (1.67) -> our msgid. Visible texts and aria-labels alike.
EXACT: dict[str, str] = {
    "Upload": N_("Upload"),
    "Drag and drop a file here": N_("Drag and drop a file here"),
    "Drag and drop files here": N_("Drag and drop files here"),
    "Main menu": N_("Main menu"),
    "Sidebar": N_("Sidebar"),
    "Collapse sidebar": N_("Collapse sidebar"),
    "Expand sidebar": N_("Expand sidebar"),
    "App pages": N_("App pages"),
    "Link to heading": N_("Link to heading"),
    "file upload": N_("file upload"),
    "Help": N_("Help"),
    "View less": N_("View less"),
    "Open": N_("Open"),
    "Close": N_("Close"),
    # the main menu (toolbarMode "viewer"), the skip link, the run and connection indicator
    "Print": N_("Print"),
    "Made with Streamlit v": N_("Made with Streamlit v"),  # the menu's last line; the version follows
    "Skip to main content": N_("Skip to main content"),
    "Running...": N_("Running..."),
    "Stop": N_("Stop"),
    "Stopping...": N_("Stopping..."),
    "Connecting": N_("Connecting"),
    "Connecting to Streamlit server": N_("Connecting to Streamlit server"),
    "Unable to connect to Streamlit server": N_("Unable to connect to Streamlit server"),
    # select boxes: the placeholder, the empty list while filtering, the list's name
    "Choose an option": N_("Choose an option"),
    "Choose options": N_("Choose options"),
    "No results": N_("No results"),
    "Selectbox options": N_("Selectbox options"),
    # the number box's steppers (aria-labels) and the copy button of a code block (the class's links)
    "Decrement": N_("Decrement"),
    "Increment": N_("Increment"),
    "Copy to clipboard": N_("Copy to clipboard"),
    "Copied": N_("Copied"),
}
# Streamlit's English texts with a part that varies: (JavaScript regular expression, our msgid).
# The first group of the expression fills the msgid's one placeholder.
PATTERNS: tuple[tuple[str, str], ...] = (
    (r"^Help for (.+)$", N_("Help for {label}")),
    (r"^(\d+) more$", N_("{count} more")),
    (r"^View (\d+) more$", N_("Show {count} more pages")),
    (r"^(\S+) per file$", N_("At most {size} per file")),
)
ATTRIBUTES = ("aria-label", "title", "placeholder")  # the attributes relabelled besides the text nodes
# Where Streamlit's own texts live (our pages' texts are already translated).
SCOPES = ('[data-testid="stFileUploader"]', '[data-testid="stHeader"]', '[data-testid="stSidebar"]',
          '[data-testid="stToolbar"]', '[data-testid="stSidebarCollapsedControl"]',
          '[data-testid="stTooltipIcon"]', '[data-testid="stMainMenuList"]', '[data-testid="stHeading"]',
          '[data-testid="stTopNavPopover"]', '[data-testid="stWidgetLabel"]', '[data-testid="stSelectbox"]',
          '[data-testid="stMultiSelect"]', '[data-testid="stSkipToContent"]',
          '[data-testid="stStatusWidget"]', '[data-testid="stConnectionStatus"]',
          '[data-testid="stTooltipContent"]', '[data-testid="stMainMenuPopover"]',
          '[data-testid="stSelectboxVirtualDropdown"]', '[data-testid="stNumberInput"]',
          '[data-testid="stCode"]')


def lang_code(locale: str) -> str:
    """The BCP 47 language of a locale name: ``it`` for ``it`` or ``it_IT``, ``en`` for ``en_GB``."""
    code = locale.replace("-", "_").split("_", 1)[0].strip().lower()
    return code if code.isalpha() else "it"


def labels(t: Translator) -> dict[str, object]:
    """Streamlit's English texts and their translations in ``t``'s language, for the script."""
    exact = {english: t.gettext(msgid) for english, msgid in EXACT.items()}
    patterns = [[regex, _slot(t.gettext(msgid))] for regex, msgid in PATTERNS]
    return {"exact": exact, "patterns": patterns}


def _slot(template: str) -> str:
    """A translated template with its one ``{name}`` placeholder as ``$1`` (JavaScript's group)."""
    start, end = template.find("{"), template.find("}")
    if start < 0 or end < start:
        return template.replace("$", "$$")
    return template[:start].replace("$", "$$") + "$1" + template[end + 1:].replace("$", "$$")


_SCRIPT = """<script>(() => {
const doc = window.document, cfg = %(config)s;
doc.documentElement.lang = cfg.lang;
const prev = window.__coachLabels;
// A change of language: the texts already relabelled (the skip link, the menu button are never drawn
// again) go back to Streamlit's English, then on to the new language.
cfg.undo = {};
if (prev && prev.lang === cfg.lang) cfg.undo = prev.undo || {};
else if (prev) for (const [en, label] of Object.entries(prev.exact)) if (label !== en) cfg.undo[label] = en;
window.__coachLabels = cfg;
if (window.__coachLabelObserver) { window.__coachRelabel(doc.body); return; }
const swap = (text) => {
  const key = text.trim();
  if (!key) return null;
  const cur = window.__coachLabels, own = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
  if (own(cur.undo, key)) {
    const en = cur.undo[key];
    return text.replace(key, own(cur.exact, en) ? cur.exact[en] : en);
  }
  if (own(cur.exact, key)) return text.replace(key, cur.exact[key]);
  for (const [re, out] of cur.patterns) {
    const m = new RegExp(re).exec(key);
    if (m) return text.replace(key, key.replace(new RegExp(re), out));
  }
  return null;
};
const relabelOne = (el) => {
  for (const name of %(attributes)s) {
    const v = el.getAttribute && el.getAttribute(name);
    if (v) { const n = swap(v); if (n !== null && n !== v) el.setAttribute(name, n); }
  }
  const walker = doc.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  let node;
  while ((node = walker.nextNode())) {
    const n = swap(node.nodeValue);
    if (n !== null && n !== node.nodeValue) node.nodeValue = n;
  }
};
window.__coachRelabel = (root) => {
  if (!root || !root.querySelectorAll) return;
  const seen = new Set();
  for (const scope of root.querySelectorAll(%(scopes)s)) {
    if (seen.has(scope)) continue;
    seen.add(scope);
    relabelOne(scope);
    for (const el of scope.querySelectorAll(%(attribute_selector)s)) relabelOne(el);
  }
  if (root.closest && root.closest(%(scopes)s)) relabelOne(root);
};
let pending = false;
window.__coachLabelObserver = new MutationObserver(() => {
  if (pending) return;
  pending = true;
  window.requestAnimationFrame(() => { pending = false; window.__coachRelabel(doc.body); });
});
window.__coachLabelObserver.observe(doc.body, {subtree: true, childList: true, characterData: true,
                                               attributes: true, attributeFilter: %(attributes)s});
window.__coachRelabel(doc.body);
})();</script>"""


def document_script(t: Translator) -> str:
    """The page's script: ``<html lang>`` from ``t``'s language and Streamlit's labels in it.

    Every value is JSON-encoded into the script with ``<`` escaped, so no translation can end it.
    """
    config = {"lang": lang_code(t.locale), **labels(t)}
    return _SCRIPT % {
        "config": _js(config),
        "attributes": _js(list(ATTRIBUTES)),
        "attribute_selector": _js(",".join(f"[{name}]" for name in ATTRIBUTES)),
        "scopes": _js(",".join(SCOPES)),
    }


def _js(value: object) -> str:
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c")


DOCUMENT_CSS = """
<style>
/* Keyboard focus on the page links (sidebar, top bar, main menu): the buttons' yellow ring, drawn
   inside the link so the sidebar's edge never clips it (#ffd54f on #18412b is 8.6:1). */
[data-testid="stSidebar"] a:focus-visible,[data-testid="stSidebar"] button:focus-visible,
[data-testid="stSidebarNav"] a:focus-visible,[data-testid="stHeader"] a:focus-visible,
[data-testid="stHeader"] button:focus-visible,[data-testid="stSidebarCollapsedControl"] button:focus-visible{
  outline:3px solid #ffd54f !important;outline-offset:-3px !important;
  box-shadow:0 0 0 1px #0f2a1c !important}
/* The main menu's «Record screen»: a screencast recorder whose dialog and messages are Streamlit's own
   English, of no use to a learner (a teacher records with the computer's own tools). «Print» stays. */
[data-testid="stMainMenuItem-recordScreencast"]{display:none !important}
/* The classroom exit button keeps its whole label: its column takes the label's width. */
[data-testid="stHorizontalBlock"]:has(.st-key-leave_classroom)>[data-testid="stColumn"]:has(.st-key-leave_classroom){
  flex:0 0 auto !important;width:auto !important;min-width:max-content !important}
[data-testid="stHorizontalBlock"]:has(.st-key-leave_classroom)>[data-testid="stColumn"]:not(:has(.st-key-leave_classroom)){
  flex:1 1 0 !important;width:auto !important;min-width:0 !important}
</style>
"""
