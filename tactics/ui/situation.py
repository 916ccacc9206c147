"""The GM's situational advantages on the attack being aimed: cover, flanking, height.

Why it exists (review 4, finding 4): the text's Advantages Phase, item 5, "Situation Specific:
This is usually up to the GM ... such as having their Characters flank the enemy", and the
engine's ``Action.situational`` (+ advantages, - disadvantages, cancelled one for one with the
others, R-ROLL-2), had no control in the window: the odds and the roll left out an advantage
the GM had ruled. While the Attack tool aims, the Declare panel (and the turn tracker in
individual turns) shows a row "Situation: [-] +1 [+]  cover, flanking, height" under the aimed
weapon; + and - do the same from the keyboard (never while a text field has the keyboard:
:mod:`tactics.ui.focus`). The count goes into ``attack_odds`` (the card's odds and dice come
from the engine with it) and into the declared action, so the queue and the log name it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from tactics.engine.combat.attack import situational_words
from tactics.ui import theme
from tactics.ui import widgets as w
from tactics.ui.theme import px

if TYPE_CHECKING:
    from tactics.ui.tools.attack import AttackTool

#: How far the GM may push the count either way (more would not change the die: one d2 at most).
LIMIT = 5
HINT = "cover, flanking, height"
LESS, MORE = "situation:less", "situation:more"
ROW_H = 64  # at scale 1: the buttons' row and the hint under it


def count_text(n: int) -> str:
    """"+1", "0", "-2"."""
    return f"{n:+d}" if n else "0"


def card_line(n: int) -> str:
    """The attack card's reminder of the GM's count and how to change it."""
    if n:
        return f"Situation {count_text(n)} (GM); + / - to change"
    return f"+ / -: a situational advantage or disadvantage ({HINT})"


def row_height() -> int:
    return px(ROW_H)


def draw_row(panel: w.Panel, surface: pygame.Surface, rect: pygame.Rect, tool: "AttackTool",
             hover: tuple[int, int] | None, after: Any = None) -> pygame.Rect:
    """The row: "Situation" and the count between a - and a + button, the hint under it.
    ``after`` is called after each change (the panel's redraw)."""
    n = tool.situational
    bw, bh = px(40), px(32)
    x, y = rect.x, rect.y
    label = w.text(surface, "Situation", (x, y + px(6)), 15, theme.TEXT, "semibold")
    bx = label.right + px(10)

    def change(step: int) -> None:
        tool.shift_situation(step)
        if after is not None:
            after()

    w.button(panel, surface, pygame.Rect(bx, y, bw, bh), "-", LESS, lambda: change(-1), size=18, hover=hover,
             enabled=n > -LIMIT)
    colour = theme.GOOD if n > 0 else theme.BAD if n < 0 else theme.TEXT
    w.text(surface, count_text(n), (bx + bw + px(28), y + bh // 2), 18, colour, "bold", "center")
    w.button(panel, surface, pygame.Rect(bx + bw + px(56), y, bw, bh), "+", MORE, lambda: change(1), size=18,
             hover=hover, enabled=n < LIMIT)
    words = situational_words(n) if n else f"GM: {HINT} (keys + / -)"
    w.text(surface, words, (x, y + bh + px(6)), 14, theme.TEXT_DIM, "regular", max_width=rect.width)
    return pygame.Rect(x, y, rect.width, px(ROW_H))
