"""The F1 overlay: every shortcut of the screen shown on one card. Any key or click closes it.

Shortcuts are grouped the way a GM looks for them (the map, the tools, a fight,
the table) and laid out in as many columns as the window needs, so the whole list
fits a 1080p projector without scrolling. Each screen lists the keys that work on
it: the battle map its tools, map and fight (its log's Ctrl+E and Page Up / Down
among them), the starship screen its posts, dialogs and space log (one card listed
both, the space log's keys read as the fight's). The keys of the whole app (the
table's) are on both.
"""

from __future__ import annotations

import pygame

from tactics.ui import intents as ui
from tactics.ui import layout_probe as probe
from tactics.ui import theme
from tactics.ui.widgets import blit_text

Row = tuple[str, str]

MAP_KEYS: list[Row] = [
    ("Left click", "select a token / move / place a point"),
    ("Click a door", "open / close; in a fight the selected one's action"),
    ("Right click a token (GM)", "damage, heal, conditions, hide it"),
    ("Right click a door (GM)", "open / close it now, in a fight too"),
    ("Drag a token (GM)", "put it elsewhere, outside a fight"),
    ("Right or middle drag, arrows", "pan the map"),
    ("Wheel", "zoom at the pointer"),
    ("Home or F", "fit the map to the window"),
    ("Esc", "cancel the tool's work, then back to Select"),
    ("W", "show or hide wall lines"),
    ("Q", "front / flank / rear arcs of the hovered token"),
    ("F2", "preview what the players see"),
    ("F6", "the selected token's team (none: the foes): people / the app"),
    ("F11", "full screen"),
]

TEMPLATE_KEYS: list[Row] = [
    ("+ / - or Ctrl+wheel", "template size in 5 ft steps"),
    ("Shift (hold) or A", "radius from a square's centre"),
    ("G (radius tool)", "radius shape: grid or round"),
    ("Click", "pin a template; Esc clears the pins"),
]

GRENADE_TRAP_KEYS: list[Row] = [
    ("K (grenade tool)", "cook the grenade (the WIS check's odds shown)"),
    ("+ / - (attack tool)", "situational advantage / disadvantage (cover, flanking, height)"),
    ("1-6 or [ ]", "grenade or trap kind"),
    ("Shift+click", "grenade: new thrower / traps: set a trap"),
    ("R, Shift+R (traps)", "turn a cone mine"),
    ("Drag (traps)", "lay a tripwire"),
    ("Right click (traps)", "remove a trap"),
    ("H / D / S / X (traps)", "reveal / disarm / search / set off remote"),
]

SETUP_KEYS: list[Row] = [
    ("A", "add a combatant (or several at once)"),
    ("Enter / Del", "edit / remove the picked one"),
    ("Tab, Shift+Tab", "next / previous box of a form"),
    ("Turns (in the panel)", "team rounds / individual turns, saved in the file"),
]

FIGHT_KEYS: list[Row] = [
    ("Enter", "resolve the next declared action"),
    ("N", "next step of the round"),
    ("E", "end the group's turn; after Ctrl+Z: the app plays on"),
    ("Arrows / numpad", "choose a facing when asked"),
    ("Ctrl+E", "export the log as text"),
    ("Page Up / Down", "scroll the log"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo any command"),
]

TABLE_KEYS: list[Row] = [
    ("Ctrl+S, Ctrl+Shift+S", "save / save as"),
    ("Ctrl+O, or drop a file", "open a map, encounter or save"),
    ("Ctrl+P", "open or close the players' window"),
    ("Ctrl+T", "table settings: who rolls, players' window"),
    # hot seat is one screen everyone trusts (review 7, solo play): nobody should expect secrets
    ("Hot seat", "one trusted screen: no per-team view, no hand-over"),
    ("GM's view / F2", "everything hidden shown / the party's view only"),
    ("Ctrl+Q", "quit (every command is already autosaved)"),
    ("F1", "this help"),
]

TO_STARSHIP_KEYS: list[Row] = [
    ("Tab", "the starship screen (F1 there: its keys)"),
]

STARSHIP_KEYS: list[Row] = [
    ("Tab", "back to the battle map"),
    ("Drag a name", "onto a crew post (off it to empty it)"),
    ("Click a glowing post", "act: its actions, or the fire dialog"),
    ("Enter or N", "begin space combat / the next post that acts"),
    ("E", "end the phase: its effects land together"),
    ("Wheel over the posts", "scroll the crew posts"),
    ("F2", "preview what the players see"),
    ("F6", "the enemy ship: played by people / the app"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo any command"),
    ("F11", "full screen"),
]

STARSHIP_DIALOG_KEYS: list[Row] = [
    ("1-9", "choose a post's action"),
    ("Enter", "fire / take the action / done, continue"),
    ("Esc, right click", "close the dialog (or click outside it)"),
]

SPACE_LOG_KEYS: list[Row] = [
    ("Page Up / Down", "scroll the space log"),
    ("Wheel over the log", "scroll the space log"),
    ("Ctrl+E", "export the log as text (the Export button)"),
]


TOOL_SUMMARIES = {
    "select": "select a token, see its reach, move it",
    "ruler": "measure with waypoints, each leg and the total",
    "radius": "radius template at a corner or centre",
    "cone": "cone from the selected token (8 directions)",
    "line": "line from the selected token",
    "attack": "pick a weapon, then a target: odds first",
    "grenade": "landing odds heatmap, cook, throw",
    "traps": "GM: place hidden traps; disarm, search",
    "setup": "GM: add combatants and teams, pictures, save the fight",
}


SCREENS = ("battle", "starship")
TITLES = {"battle": "Shortcuts: battle map", "starship": "Shortcuts: starship screen"}


def shortcut_sections(tools, screen: str = "battle") -> list[tuple[str, list[Row]]]:
    """The shortcuts that work on ``screen`` ("battle" or "starship"), grouped; the tools' own
    keys come from the tool classes (the status bar shows each tool's full hint when it is active)."""
    if screen == "starship":
        return [
            ("Starship screen", STARSHIP_KEYS),
            ("Starship dialogs", STARSHIP_DIALOG_KEYS),
            ("Starship screen: the space log", SPACE_LOG_KEYS),
            ("At the table", TABLE_KEYS),
        ]
    assert screen == "battle", f"no help card for the screen {screen!r}"
    tool_rows = [(t.key_label, f"{t.label}: {TOOL_SUMMARIES.get(t.name, '')}".rstrip(": "))
                 for t in tools if t.key_label]
    return [
        ("Tools", tool_rows),
        ("The map", MAP_KEYS),
        ("Set up (U)", SETUP_KEYS),
        ("Templates", TEMPLATE_KEYS),
        ("Grenades and traps", GRENADE_TRAP_KEYS),
        ("A fight", FIGHT_KEYS),
        ("At the table", TABLE_KEYS),
        ("Starship screen", TO_STARSHIP_KEYS),
    ]


def shortcut_rows(tools, screen: str = "battle") -> list[Row]:
    """All rows of ``screen``'s card in order (for tests and for a plain-text listing)."""
    return [row for _, rows in shortcut_sections(tools, screen) for row in rows]


class HelpScreen:
    """A screen pushed over the battle view or the starship screen (``screen``), its keys."""

    def __init__(self, app, tools, screen: str = "battle") -> None:
        self.app = app
        self.screen = screen
        self.title = TITLES[screen]
        self.sections = shortcut_sections(tools, screen)
        self.rows = shortcut_rows(tools, screen)

    def handle(self, intent) -> bool:
        if isinstance(intent, (ui.KeyPress, ui.PointerDown)):
            self.app.pop_screen()
            return True
        return False

    def ui_event(self, event) -> bool:
        return False

    def wake_ms(self) -> int | None:
        return None

    def _layout(self, w: int, h: int):
        """The largest type (and up to 3 columns) with which every row fits the window (at the
        UI scale of a ``w`` x ``h`` window); the text need not fit its column at the smallest."""
        old = theme.set_scale((w, h))
        try:
            return self._fitting(w, h)
        finally:
            theme.set_scale(old)

    def _fitting(self, w: int, h: int):
        px = theme.px
        tall_enough = None
        for size, line in ((17, 28), (15, 26), (13, 24), (12, 20), (11, 17)):
            size, line = theme.fs(size), px(line)
            key_font, text_font = theme.font(size, "bold"), theme.font(size, "regular")
            key_w = max(key_font.size(k)[0] for k in (r[0] for r in self.rows)) + px(24)
            text_w = min(px(460), max(text_font.size(t)[0] for t in (r[1] for r in self.rows)))
            columns = max(1, min(3, (w - px(80)) // (key_w + text_w + px(30))))
            text_w = min(text_w, (w - px(80)) // columns - key_w - px(30))
            placed = _columns(self.sections, columns, line)
            body_h = max(sum(height for _, _, height in col) for col in placed)
            found = size, line, columns, key_w, text_w, placed, body_h
            if body_h + px(90) <= h - px(20):
                tall_enough = tall_enough or found
                if all(text_font.size(r[1])[0] <= text_w for r in self.rows):
                    return found
        return tall_enough or found

    def draw(self, surface: pygame.Surface) -> None:
        px = theme.px
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((*theme.SHADOW, 170))
        surface.blit(shade, (0, 0))
        size, line, columns, key_w, text_w, placed, body_h = self._fitting(w, h)
        key_font, text_font = theme.font(size, "bold"), theme.font(size, "regular")
        head_font = theme.font(size + px(3), "bold")
        col_w = key_w + text_w + px(30)
        card = pygame.Rect(0, 0, col_w * columns + px(40), min(h - px(20), body_h + px(90)))
        card.center = (w // 2, h // 2)
        pygame.draw.rect(surface, theme.CHROME, card, border_radius=px(14))
        pygame.draw.rect(surface, theme.ACCENT, card, max(1, px(2)), border_radius=px(14))
        probe.panel(surface, card, "Shortcuts", modal=True)
        title = theme.font(theme.fs(26), "bold").render(self.title, True, theme.TEXT)
        blit_text(surface, title, (card.x + px(30), card.y + px(18)), self.title)
        foot = theme.font(theme.fs(14), "regular").render("Any key or click closes this card.", True, theme.TEXT_DIM)
        blit_text(surface, foot, (card.right - foot.get_width() - px(24), card.y + px(28)),
                  "Any key or click closes this card.")
        for c, col in enumerate(placed):
            x = card.x + px(30) + c * col_w
            y = card.y + px(66)
            for heading, rows, _ in col:
                blit_text(surface, head_font.render(heading, True, theme.TEXT), (x, y), heading)
                y += line + px(4)
                for key, text in rows:
                    blit_text(surface, key_font.render(key, True, theme.ACCENT), (x, y), key)
                    blit_text(surface, text_font.render(text, True, theme.TEXT), (x + key_w, y), text,
                              pygame.Rect(0, 0, text_w, line))
                    y += line
                y += px(10)


def _columns(sections, columns: int, line: int) -> list[list[tuple[str, list[Row], int]]]:
    """Split the sections into columns of about equal height, keeping each section whole."""
    sized = [(name, rows, (len(rows) + 1) * line + theme.px(14)) for name, rows in sections if rows]
    total = sum(height for _, _, height in sized)
    target = total / columns
    out: list[list[tuple[str, list[Row], int]]] = [[]]
    used = 0
    for item in sized:
        if out[-1] and used + item[2] / 2 > target and len(out) < columns:
            out.append([])
            used = 0
        out[-1].append(item)
        used += item[2]
    return out
