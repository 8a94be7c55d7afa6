"""The poker table as HTML: seats on an oval, stacks, bets, markers, board and pots.

One pure function, :func:`render_table`, turns a small frozen :class:`TableView`
into an HTML string, so the lesson player, the practice table and the replayer
draw the same table and tests can check it without Streamlit. Every text that
came from a user or a file (player names, captions) is escaped here; the page
shows the result with ``st.html`` (sanitised, no script).

The layout is made of percentages (an oval felt, seats placed on an ellipse, bets
on a smaller one), so it scales from a 390-pixel phone (the table turns
portrait) to a projector (``large=True``: bigger cards and text). Cards show the
rank and the suit glyph with the text-presentation selector, carry an
``aria-label`` with their spoken name ("Asso di picche"), and can use a
four-colour deck so colour is never the only cue.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape

from coach.cards import RANK_LABELS, SUIT_SYMBOLS, TEXT_VS, Card
from coach.i18n import N_, Message, Translator, get_translator
from coach.textsafe import isolate

STREET_NAMES: dict[str, str] = {
    "preflop": N_("Preflop"),
    "flop": N_("Flop"),
    "turn": N_("Turn"),
    "river": N_("River"),
    "showdown": N_("Showdown"),
    "complete": N_("Hand over"),
}

# Suit colours: two-colour deck (red/black) and four-colour deck (♠ black,
# ♥ red, ♦ blue, ♣ green). Index = suit (c d h s).
TWO_COLOURS = ("#111111", "#c0392b", "#c0392b", "#111111")
FOUR_COLOURS = ("#1b7a2f", "#1559b3", "#c0392b", "#111111")


@dataclass(frozen=True)
class SeatView:
    """What the table shows of one seat.

    ``cards``: empty = no cards (not dealt yet, or mucked); ``None`` items are
    cards dealt face down. ``note`` is a short line under the stack ("vince
    120"); it is escaped like the name.
    """

    name: str
    stack: int
    bet: int = 0
    cards: tuple[Card | None, ...] = ()
    folded: bool = False
    all_in: bool = False
    is_button: bool = False
    is_small_blind: bool = False
    is_big_blind: bool = False
    is_actor: bool = False
    is_hero: bool = False
    note: str = ""
    position: str = ""  # "UTG", "CO", "BTN"...: at 6+ players every seat is named by its position
    best: frozenset[Card] = frozenset()  # at showdown, this seat's cards in a winning five
    hand_name: str = ""  # at showdown, the hand this seat showed ("Doppia coppia")


@dataclass(frozen=True)
class PotView:
    """A pot: the main pot first, then the side pots; ``eligible`` are seat indices."""

    amount: int
    eligible: tuple[int, ...] = ()


@dataclass(frozen=True)
class TableView:
    """Everything :func:`render_table` needs; seats are in clockwise order."""

    seats: tuple[SeatView, ...]
    board: tuple[Card, ...] = ()
    pots: tuple[PotView, ...] = ()
    street: str = "preflop"
    hero: int | None = None
    scale: int = 1  # >1: chips are integer cents shown as units
    caption: str = ""
    log: tuple[str, ...] = field(default=())
    best_board: frozenset[Card] = frozenset()  # at showdown, the board cards in a winning five
    result: tuple[str, ...] = ()  # at showdown, who won with what ("Anna vince con doppia coppia...")


def _fmt(t: Translator, chips: int, scale: int) -> str:
    return t.format_amount(chips, scale)


def card_label(card: Card | None, t: Translator) -> str:
    """The spoken name of a card ("Asso di picche"), or "carta coperta"."""
    if card is None:
        return t("Face-down card")
    return t.render(card.name())


def high_first(cards: Sequence[Card | None]) -> tuple[Card | None, ...]:
    """A player's cards as a player holds them: the high card first («A♣ 8♣», not «8♣ A♣»).

    Only the display is sorted (the engine and the hand histories keep the dealt
    order); a pair shows its higher suit first, face-down cards keep their place.
    """
    if any(c is None for c in cards):
        return tuple(cards)
    return tuple(sorted(cards, key=lambda c: int(c) if c is not None else -1, reverse=True))


def render_card(card: Card | None, t: Translator, *, four_colour: bool = False, small: bool = False,
                best: bool = False) -> str:
    """One card as an accessible HTML element (face down when ``card`` is None).

    ``best`` marks a card of a winning five at showdown (a raised, outlined card;
    the table's label says the hand in words, so the outline is never the only cue).
    """
    size = " cc-small" if small else ""
    size += " cc-best" if best and card is not None else ""
    if card is None:
        label = escape(card_label(None, t))
        return f'<span class="cc-card cc-back{size}" role="img" aria-label="{label}"></span>'
    colour = (FOUR_COLOURS if four_colour else TWO_COLOURS)[card.suit]
    label = escape(card_label(card, t))
    rank = escape(RANK_LABELS[card.rank])
    suit = SUIT_SYMBOLS[card.suit] + TEXT_VS
    return (
        f'<span class="cc-card{size}" role="img" aria-label="{label}" style="color:{colour}">'
        f'<span class="cc-rank" aria-hidden="true">{rank}</span>'
        f'<span class="cc-suit" aria-hidden="true">{suit}</span></span>'
    )


def render_cards(cards: Sequence[Card | None], t: Translator, *, four_colour: bool = False,
                 small: bool = False, best: frozenset[Card] = frozenset()) -> str:
    return "".join(render_card(c, t, four_colour=four_colour, small=small, best=c in best) for c in cards)


def render_card_preview(cards: Sequence[Card], t: Translator, *, four_colour: bool = False) -> str:
    """A row of cards with the table's styles (the deck preview in the settings).

    The cards' look lives in the table's stylesheet: without it they are bare
    black glyphs, invisible on the dark page.
    """
    label = escape(", ".join(card_label(c, t) for c in cards))
    return (_CSS + f'<div class="cc-wrap"><div class="cc-board cc-preview" role="group" aria-label="{label}">'
            + render_cards(cards, t, four_colour=four_colour) + "</div></div>")


def seat_positions(n: int, hero: int | None) -> list[tuple[float, float, float, float]]:
    """(left %, top %, bet left %, bet top %) of each seat on the oval.

    The hero (or seat 0) sits at the bottom centre; the next seats clockwise go
    to the hero's left, which on screen is the left side, then over the top.
    """
    base = hero if hero is not None and 0 <= hero < n else 0
    out = []
    for i in range(n):
        theta = math.pi / 2 + 2 * math.pi * ((i - base) % n) / n
        c, s = math.cos(theta), math.sin(theta)
        out.append((50 + 41 * c, 50 + 39 * s, 50 + 25 * c, 50 + 21 * s))
    return out


_CSS = """
<style>
.cc-wrap{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#f4f4f4;
  max-width:980px;margin:0 auto;font-size:clamp(11px,1.6vw,15px);container-type:inline-size}
/* Seats, cards and chips scale with the table's own width (it may sit in a column). */
@container (min-width:1px){.cc-table{font-size:clamp(10px,2.6cqw,15px)}}
.cc-table{position:relative;width:100%;aspect-ratio:16/10;}
.cc-felt{position:absolute;left:8%;top:10%;width:84%;height:80%;border-radius:50%;
  background:radial-gradient(ellipse at center,#2f8a4e 0%,#1f6b3a 60%,#164f2b 100%);
  border:clamp(6px,1.4vw,14px) solid #6b4423;box-shadow:inset 0 0 24px rgba(0,0,0,.55)}
.cc-center{position:absolute;left:50%;top:47%;transform:translate(-50%,-50%);text-align:center;
  width:56%}
.cc-board{display:flex;gap:.3em;justify-content:center;min-height:3.6em;align-items:center}
.cc-preview{justify-content:flex-start;font-size:18px}
.cc-slot{display:inline-block;width:2.5em;height:3.5em;border:1px dashed rgba(255,255,255,.35);
  border-radius:.35em}
.cc-pots{margin-top:.35em;font-weight:600;text-shadow:0 1px 2px #000}
.cc-pots div{line-height:1.35}
.cc-pots div+div{font-weight:400;font-size:.85em}
.cc-street{font-size:.85em;text-transform:uppercase;letter-spacing:.08em;opacity:.9}
.cc-seat{position:absolute;transform:translate(-50%,-50%);min-width:6.2em;max-width:24%;
  background:rgba(12,20,16,.88);border:2px solid #4b5d52;border-radius:.6em;padding:.25em .45em;
  text-align:center;line-height:1.2}
.cc-seat.cc-actor{border-color:#ffd54f;box-shadow:0 0 0 3px rgba(255,213,79,.55)}
.cc-seat.cc-hero{background:rgba(20,34,60,.92)}
/* A folded seat is dimmed by a dashed border and grey text, not by opacity: its name and
   stack stay readable (contrast above 4.5:1). */
.cc-seat.cc-folded{border-style:dashed;border-color:#6f7d75;background:rgba(12,20,16,.7);color:#c2ccc6}
.cc-name{font-weight:700;display:flex;justify-content:center;align-items:center;min-width:0}
.cc-nm{white-space:nowrap;overflow:hidden;text-overflow:ellipsis;min-width:0}
.cc-name .cc-marker,.cc-name .cc-tag{flex:none}
.cc-stack{font-variant-numeric:tabular-nums}
.cc-note{font-size:.85em;color:#ffe082}
.cc-hole{display:flex;gap:.15em;justify-content:center;margin:.15em 0;min-height:2.6em}
.cc-bet{position:absolute;transform:translate(-50%,-50%);background:#f6f0dc;color:#222;
  border-radius:1em;padding:.05em .5em;font-weight:700;font-variant-numeric:tabular-nums;
  border:2px dashed #b8860b;white-space:nowrap}
.cc-marker{display:inline-block;border-radius:.8em;min-width:1.5em;padding:0 .3em;height:1.5em;
  line-height:1.5em;font-size:.75em;font-weight:800;margin-left:.2em;vertical-align:middle;
  box-sizing:border-box;text-align:center}
.cc-btn{background:#fff;color:#111}
.cc-sb{background:#64b5f6;color:#06223d}
.cc-bb{background:#ffb74d;color:#3d2300}
.cc-tag{display:inline-block;font-size:.75em;font-weight:700;padding:0 .35em;border-radius:.3em;
  background:#b71c1c;color:#fff;margin-left:.2em}
.cc-card{display:inline-flex;flex-direction:column;align-items:center;justify-content:center;
  width:2.5em;height:3.5em;background:#fff;border:1px solid #999;border-radius:.35em;
  font-weight:800;line-height:1;box-shadow:0 1px 2px rgba(0,0,0,.4)}
.cc-card .cc-rank{font-size:1.25em}
.cc-card .cc-suit{font-size:1.25em}
.cc-card.cc-small{width:1.9em;height:2.6em}
.cc-card.cc-small .cc-rank,.cc-card.cc-small .cc-suit{font-size:1em}
.cc-back{background:repeating-linear-gradient(45deg,#8e1b1b 0 4px,#b22a2a 4px 8px);border-color:#eee}
.cc-caption{text-align:center;color:inherit;margin-top:.3em;font-weight:600}
/* The projector's table: wider than tall (it shares the screen with the decision) and no
   text under 24 px, the small labels included. */
.cc-large{font-size:24px;max-width:none}
.cc-large .cc-table{aspect-ratio:2/1}
@container (min-width:1px){.cc-large .cc-table{font-size:clamp(24px,2.4cqw,32px)}}
.cc-large .cc-marker,.cc-large .cc-tag,.cc-large .cc-note,.cc-large .cc-street,
.cc-large .cc-pots div+div{font-size:1em}
.cc-large .cc-seat{padding:.1em .35em;line-height:1.1}
.cc-large .cc-card.cc-small{width:1.7em;height:2.3em}
.cc-large .cc-card{width:2.1em;height:2.9em}
.cc-large .cc-board,.cc-large .cc-hole{min-height:0}
/* A phone (issue 22): a compact table, wider than tall, so the learner's cards, the board, the pot
   and the decision buttons share the first screen of a 360x640 phone. */
@media (max-width:640px){
  .cc-wrap{font-size:11px}
  .cc-wrap .cc-table{font-size:11px}
  .cc-table{aspect-ratio:6/5}
  .cc-felt{left:9%;top:9%;width:82%;height:82%;border-width:5px}
  .cc-center{width:62%}
  .cc-board{min-height:0;gap:.2em}
  .cc-pots{margin-top:.2em}
  .cc-seat{min-width:4.6em;max-width:30%;padding:.1em .25em;line-height:1.1}
  .cc-hole{min-height:0;margin:.1em 0}
  .cc-card{width:2.1em;height:2.9em}
  .cc-card .cc-rank,.cc-card .cc-suit{font-size:1.05em}
  .cc-card.cc-small{width:1.8em;height:2.5em}
  .cc-slot{width:2.1em;height:2.9em}
}
</style>
"""


# The positions' names said aloud and in the tooltip (the chip shows the usual abbreviation).
POSITION_NAMES: dict[str, str] = {
    "UTG": N_("Under the gun: first to speak before the flop"),
    "UTG+1": N_("Under the gun +1"),
    "UTG+2": N_("Under the gun +2"),
    "UTG+3": N_("Under the gun +3"),
    "MP": N_("Middle position"),
    "LJ": N_("Lojack"),
    "HJ": N_("Hijack"),
    "CO": N_("Cutoff"),
}

# What a card of a winning five looks like at showdown (kept apart from the table's layout).
_SHOWDOWN_CSS = """<style>
.cc-card.cc-best{outline:3px solid #ffd54f;outline-offset:1px;transform:translateY(-.25em);
  box-shadow:0 0 .6em rgba(255,213,79,.9)}
.cc-marker.cc-pos{background:#d7dde8;color:#111}
.cc-result{text-align:center;margin-top:1.6em;font-weight:700;color:#ffe082}
</style>"""


def _markers(seat: SeatView, t: Translator) -> tuple[str, list[str]]:
    """The chips next to a name: D/SB/BB, or at 6+ players every seat's position (UTG, CO, BTN...)."""
    markers = ""
    spoken: list[str] = []
    if seat.position and not (seat.is_button or seat.is_small_blind or seat.is_big_blind):
        full = t(POSITION_NAMES[seat.position]) if seat.position in POSITION_NAMES else seat.position
        markers += f'<span class="cc-marker cc-pos" title="{escape(full)}">{escape(seat.position)}</span>'
        spoken.append(full)
    # The titles are translated outside the f-strings: the catalog's extractor does not look inside them.
    if seat.is_button:
        label, title = ("BTN" if seat.position else "D"), escape(t("Button"))
        markers += f'<span class="cc-marker cc-btn" title="{title}">{label}</span>'
        spoken.append(t("button"))
    if seat.is_small_blind:
        title = escape(t("Small blind"))
        markers += f'<span class="cc-marker cc-sb" title="{title}">SB</span>'
        spoken.append(t("small blind"))
    if seat.is_big_blind:
        title = escape(t("Big blind"))
        markers += f'<span class="cc-marker cc-bb" title="{title}">BB</span>'
        spoken.append(t("big blind"))
    return markers, spoken


def _seat_html(view: TableView, i: int, seat: SeatView, pos: tuple[float, float, float, float],
               t: Translator, four_colour: bool) -> str:
    classes = ["cc-seat"]
    if seat.is_actor:
        classes.append("cc-actor")
    if seat.folded:
        classes.append("cc-folded")
    if seat.is_hero:
        classes.append("cc-hero")
    name = escape(isolate(seat.name))  # a player's name from a file, as text
    spoken: list[str] = [isolate(seat.name), t("stack {amount}", amount=_fmt(t, seat.stack, view.scale))]
    markers, said = _markers(seat, t)
    spoken += said
    tags = ""
    if seat.all_in:
        tags += f'<span class="cc-tag">{escape(t("all-in"))}</span>'
        spoken.append(t("all-in"))
    if seat.folded:
        spoken.append(t("folded"))
    if seat.is_actor:
        spoken.append(t("to act"))
    if seat.bet:
        spoken.append(t("bet {amount}", amount=_fmt(t, seat.bet, view.scale)))
    held = high_first(seat.cards)
    if held:
        spoken.append(", ".join(card_label(c, t) for c in held))
    if seat.hand_name:
        spoken.append(seat.hand_name)
    left, top, bet_left, bet_top = pos
    cards = render_cards(held, t, four_colour=four_colour, small=True, best=seat.best)
    said_note = " · ".join(x for x in (seat.note, seat.hand_name) if x)  # one line: the seat stays small
    note = f'<div class="cc-note">{escape(said_note)}</div>' if said_note else ""
    parts = [
        f'<div class="{" ".join(classes)}" style="left:{left:.1f}%;top:{top:.1f}%" '
        f'role="group" aria-label="{escape("; ".join(spoken))}" data-seat="{i}">',
        f'<div class="cc-name"><span class="cc-nm" title="{name}">{name}</span>'
        f"{markers}{tags}</div>",
        f'<div class="cc-hole">{cards}</div>',
        f'<div class="cc-stack">{escape(_fmt(t, seat.stack, view.scale))}</div>',
        note,
        "</div>",
    ]
    if seat.bet:
        parts.append(
            f'<div class="cc-bet" style="left:{bet_left:.1f}%;top:{bet_top:.1f}%" aria-hidden="true">'
            f"{escape(_fmt(t, seat.bet, view.scale))}</div>"
        )
    return "".join(parts)


def pot_total(view: TableView) -> int:
    """Every chip in play: the collected pots plus the bets in front of the players.

    This is the pot the lessons and the coach talk about ("il piatto è di 16"):
    a table showing only the collected chips would say 13 while the text says 16.
    """
    return sum(p.amount for p in view.pots) + sum(s.bet for s in view.seats)


def pot_lines(view: TableView, t: Translator) -> list[str]:
    """The pot in words: the total first, then what it is made of.

    "Piatto totale: 16", then "13 al centro + 3 di puntate" while bets are in
    front of the players, and the main and side pots when there are several.
    """
    total = pot_total(view)
    if total <= 0:
        return []
    pots = [p for p in view.pots if p.amount > 0]
    bets = sum(s.bet for s in view.seats)
    lines = [t("Total pot: {amount}", amount=_fmt(t, total, view.scale))]
    if len(pots) > 1:
        lines.append(t("Main pot: {amount}", amount=_fmt(t, pots[0].amount, view.scale)))
        for k, pot in enumerate(pots[1:], start=1):
            names = ", ".join(isolate(view.seats[s].name) for s in pot.eligible if 0 <= s < len(view.seats))
            lines.append(t("Side pot {number}: {amount} ({players})", number=str(k),
                           amount=_fmt(t, pot.amount, view.scale), players=names))
        if bets:
            lines.append(t("+ {bets} in bets", bets=_fmt(t, bets, view.scale)))
    elif pots and bets:
        lines.append(t("{pot} in the middle + {bets} in bets", pot=_fmt(t, pots[0].amount, view.scale),
                       bets=_fmt(t, bets, view.scale)))
    return lines


def render_table(view: TableView, t: Translator | None = None, *, four_colour: bool = False,
                 large: bool = False, include_css: bool = True) -> str:
    """The whole table as one HTML string (escaped, no script)."""
    t = t or get_translator()
    positions = seat_positions(len(view.seats), view.hero)
    seats = "".join(
        _seat_html(view, i, seat, positions[i], t, four_colour) for i, seat in enumerate(view.seats)
    )
    board = render_cards(view.board, t, four_colour=four_colour, best=view.best_board)
    board += '<span class="cc-slot" aria-hidden="true"></span>' * max(0, 5 - len(view.board))
    street = t(STREET_NAMES.get(view.street, view.street))
    pots = "".join(f"<div>{escape(line)}</div>" for line in pot_lines(view, t))
    board_label = (
        t("Board: {cards}", cards=", ".join(card_label(c, t) for c in view.board))
        if view.board else t("No community cards yet")
    )
    table_label = t("Poker table, {street}", street=street)
    caption = f'<div class="cc-caption">{escape(view.caption)}</div>' if view.caption else ""
    caption += "".join(f'<div class="cc-result" role="status">{escape(line)}</div>' for line in view.result)
    wrap = "cc-wrap cc-large" if large else "cc-wrap"
    return (
        (_CSS + _SHOWDOWN_CSS if include_css else "")
        + f'<div class="{wrap}"><div class="cc-table" role="group" aria-label="{escape(table_label)}">'
        + '<div class="cc-felt"></div>'
        + f'<div class="cc-center"><div class="cc-street">{escape(street)}</div>'
        + f'<div class="cc-board" role="group" aria-label="{escape(board_label)}">{board}</div>'
        + f'<div class="cc-pots">{pots}</div></div>'
        + seats
        + f"</div>{caption}</div>"
    )


def render_log(lines: Sequence[str | Message], t: Translator | None = None) -> str:
    """The action log as an escaped ordered list (newest last)."""
    t = t or get_translator()
    items = "".join(
        f"<li>{escape(t.render(x) if isinstance(x, Message) else x)}</li>" for x in lines
    )
    title = escape(t("Action log"))
    return f'<ol class="cc-log" aria-label="{title}" style="padding-left:1.4em;margin:0">{items}</ol>'


def render_log_box(lines: Sequence[str | Message], t: Translator | None = None) -> str:
    """The log in a box of fixed height that scrolls, keeping the newest line in view.

    Focusable and named, so a keyboard user can scroll it too (axe:
    scrollable-region-focusable).
    """
    t = t or get_translator()
    title = escape(t("Action log"))
    return (f'<div class="cc-logbox" tabindex="0" role="region" aria-label="{title}">'
            + render_log(lines, t) + "</div>")
