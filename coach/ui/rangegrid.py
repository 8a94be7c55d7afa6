"""The range the coach gives an opponent, as the 13x13 grid the learner sees beside a verdict.

Pure code, no Streamlit: :func:`coach.learning.ranges.range_view` turns the coach's weighted
combos into one number per starting-hand class, and :func:`render_range_grid` draws it as an
HTML table (the pages put it in
``st.html``; tests read the string).

The number of a class is the weighted share of its *live* combos: the combos that
use a card on the board or in the learner's hand are gone (card removal), so
with A♠ on the board AKs has three combos, and a class whose every combo is
blocked is marked as such rather than shown as "not in the range". An HTML table
rather than a Plotly heat map (the lessons' figures, :func:`coach.ui.figures.build_range_figure`)
because here every cell carries its weight as a number (colour is not the only
cue), a screen reader reads it as a table with its rank headers, it scales with
the page's font size (classroom mode's 24 px) and it fits a 390 px phone.
The layout is the figures' own (:func:`coach.ui.figures.hand_label`): pairs on the
diagonal, suited hands above it, offsuit below.
"""

from __future__ import annotations

import html
import threading
from collections import OrderedDict
from collections.abc import Sequence

from coach.i18n import N_, NN_, Message, Percent, Translator
from coach.learning.ranges import RangeView
from coach.textsafe import UserText
from coach.ui.figures import hand_label

TITLE = N_("The range the coach gives to {name} {story}")
TITLE_PREFLOP = N_("The range the coach gives to {name} (his preflop range)")
LEGEND = N_("Colour and number: the share (in %) of each hand's combos that the coach puts in the range; "
            "{combos} combos in all.")
LEGEND_BLOCKED = N_("×: every combo of that hand is blocked by the cards you can see.")
TOP = N_("The hands with most weight: {hands}.")
TOP_ALL = N_("Every hand, with {percent} of its combos.")
TOP_MORE = NN_("The hands with most weight: {hands}, and {n} more.",
               "The hands with most weight: {hands}, and {n} more.")
TOP_HANDS = 10  # classes listed in words (the text alternative of the colours)

# Cell colours: the figures' dark green for "not in the range" up to a bright green for
# "every live combo"; the text is black or white, whichever contrasts more with the cell
# (at least 4.6:1 for any background, WCAG AA).
_ZERO = (0x1D, 0x2B, 0x24)
_FULL = (0x5C, 0xD6, 0x86)
_GRID_CSS = """<style>
.cc-rg{margin:0 0 .4rem;max-width:40rem}
.cc-rg table{border-collapse:separate;border-spacing:1px;table-layout:fixed;width:100%;
  font-family:"Source Sans Pro",sans-serif;font-variant-numeric:tabular-nums}
.cc-rg caption{caption-side:top;text-align:left;font-weight:600;padding:0 0 .3rem}
.cc-rg col.cc-rg-h{width:1.2rem}
.cc-rg th{font-size:.7rem;font-weight:600;padding:0;color:inherit;opacity:1}
.cc-rg td{padding:.14rem 0;text-align:center;line-height:1.1;font-size:.7rem;border-radius:2px;
  overflow:hidden;white-space:nowrap}
.cc-rg td b{display:block;font-weight:600}
.cc-rg td i{display:block;font-style:normal;font-size:.62rem}
.cc-rg td.cc-rg-x{background:repeating-linear-gradient(135deg,#3a3f3c 0 3px,#1d2124 3px 6px);color:#fff}
.cc-rg p{margin:.35rem 0 0;font-size:.8rem;line-height:1.3}
@media (max-width:480px){.cc-rg col.cc-rg-h{width:.8rem}.cc-rg th{font-size:.5rem}
  .cc-rg td{font-size:.52rem;padding:.1rem 0}.cc-rg td i{font-size:.48rem}}
</style>"""


def title(view: RangeView) -> Message:
    """«Il range che il coach attribuisce a Bruno dopo il suo rilancio al flop», the name marked as text."""
    name = view.name if isinstance(view.name, Message) else UserText(view.name)
    if view.story is None:
        return Message(TITLE_PREFLOP, {"name": name})
    return Message(TITLE, {"name": name, "story": view.story})


def _colour(w: float) -> tuple[str, str]:
    """(background, text) of a cell of weight ``w``."""
    # Square root: a 5% class is tinted visibly, not left the colour of "not in the range".
    rgb = tuple(round(a + (b - a) * w ** 0.5) for a, b in zip(_ZERO, _FULL, strict=True))

    def lum(c: Sequence[int]) -> float:
        lin = [(v / 255) / 12.92 if v / 255 <= 0.03928 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    bg = lum(rgb)
    text = "#000000" if (bg + 0.05) / 0.05 >= 1.05 / (bg + 0.05) else "#ffffff"
    return "#{:02x}{:02x}{:02x}".format(*rgb), text


def _number(w: float, t: Translator) -> str:
    """A class's weight as a whole percentage without the sign («75»); «<1» for a trace."""
    pct = w * 100
    if 0 < pct < 1:
        return "<1"
    return t.format_number(pct, 0)


def top_hands(view: RangeView, limit: int = TOP_HANDS) -> list[tuple[str, float]]:
    """The classes with most weight, strongest first among equals: the grid in words."""
    cells = [(view.weights[r][c], r, c) for r in range(13) for c in range(13) if view.weights[r][c] > 0]
    # Equal weights: pairs first, then the higher cards, suited before offsuit.
    cells.sort(key=lambda x: (-round(x[0], 4), x[1] != x[2], min(x[1], x[2]), max(x[1], x[2]), x[1] > x[2]))
    return [(hand_label(r, c), w) for w, r, c in cells[:limit]]


def render_range_grid(view: RangeView, t: Translator, *, heading: bool = True) -> str:
    """The grid as an HTML ``<figure>``: the title (unless ``heading`` is false: the page shows it
    as the expander's label), the 13x13 table, the legend and the top hands in words.

    Every text is escaped here; the player's name is isolated plain text. Kept per spot and
    locale: a verdict is drawn again at every click of its page, and its 169 cells (each number
    formatted by Babel) do not change; the key is the grid's content, so two verdicts with the
    same range share it and nothing depends on an object's identity.
    """
    key = (t.locale, heading, t.render(title(view)), view.weights, view.live, view.combos)
    with _GRIDS_LOCK:
        cached = _GRIDS.get(key)
        if cached is not None:
            _GRIDS.move_to_end(key)
            return cached
    grid = _render(view, t, heading=heading)
    with _GRIDS_LOCK:
        _GRIDS[key] = grid
        while len(_GRIDS) > GRIDS_KEPT:
            _GRIDS.popitem(last=False)
    return grid


# The grids drawn lately in this process, the oldest first (a class replays the same few spots).
GRIDS_KEPT = 256
_GRIDS: OrderedDict[tuple[object, ...], str] = OrderedDict()
_GRIDS_LOCK = threading.Lock()


def _render(view: RangeView, t: Translator, *, heading: bool) -> str:
    ranks = [hand_label(i, i)[0] for i in range(13)]
    head = html.escape(t.render(title(view)))
    rows = ['<tr><td aria-hidden="true"></td>'
            + "".join(f'<th scope="col">{r}</th>' for r in ranks) + "</tr>"]
    blocked = False
    for r in range(13):
        cells = [f'<th scope="row">{ranks[r]}</th>']
        for c in range(13):
            label = hand_label(r, c)
            if view.live[r][c] == 0:
                blocked = True
                cells.append(f'<td class="cc-rg-x"><b>{label}</b><i>×</i></td>')
                continue
            w = view.weights[r][c]
            bg, fg = _colour(w) if w > 0 else ("#1d2b24", "#b4beb8")  # not in the range: a dimmer label (7:1)
            num = html.escape(_number(w, t)) if w > 0 else "&nbsp;"
            cells.append(f'<td style="background:{bg};color:{fg}"><b>{label}</b><i>{num}</i></td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    caption = f"<caption>{head}</caption>" if heading else f'<caption class="cc-rg-sr">{head}</caption>'
    legend = t(LEGEND, combos=_combos(view.combos, t))
    if blocked:
        legend += " " + t(LEGEND_BLOCKED)
    top = top_hands(view)
    inside = [w for row_w, row_l in zip(view.weights, view.live, strict=True)
              for w, n in zip(row_w, row_l, strict=True) if n > 0]
    uniform = bool(inside) and min(inside) > 0 and max(inside) - min(inside) < 1e-9
    listed = ", ".join(f"{label} {t.format_percent(w, 0)}" for label, w in top)
    more = sum(1 for row in view.weights for w in row if w > 0) - len(top)
    words = (t(TOP_ALL, percent=Percent(inside[0], 0)) if uniform else
             t.counted(TOP_MORE, hands=listed, n=more) if more > 0 else t(TOP, hands=listed) if top else "")
    sr = ('<style>.cc-rg-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);'
          'white-space:nowrap}</style>') if not heading else ""
    cols = '<colgroup><col class="cc-rg-h">' + "<col>" * 13 + "</colgroup>"  # ranks narrow, the rest even
    return (_GRID_CSS + sr + f'<figure class="cc-rg"><table>{caption}{cols}' + "".join(rows) + "</table>"
            f"<p>{html.escape(legend)}</p>" + (f"<p>{html.escape(words)}</p>" if words else "") + "</figure>")


def _combos(n: float, t: Translator) -> str:
    """Weighted combos: whole when they are («120»), else one decimal («84,6»)."""
    return t.format_number(n, 0 if abs(n - round(n)) < 0.05 else 1)


__all__ = ["render_range_grid", "title", "top_hands"]
