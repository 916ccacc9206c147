"""Colours, sizes and fonts of the window, in one place so the look stays consistent."""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

import pygame

from tactics.assets import FONTS as FONT_DIR

BACKDROP = (14, 16, 21)  # around the map
CHROME = (24, 27, 34)  # bars and panels
CHROME_EDGE = (48, 54, 66)
TEXT = (232, 236, 242)
TEXT_DIM = (150, 158, 172)
ACCENT = (255, 196, 64)  # selection, active tool
GOOD = (110, 220, 140)
BAD = (255, 86, 86)
INFO = (120, 190, 255)
WARN = (255, 190, 90)  # something the GM should know that did not stop anything (a map shown without part of its art)

GRID_LINE = (0, 0, 0, 70)
GRID_LINE_MAJOR = (0, 0, 0, 110)
WALL = (236, 240, 246)
DOOR_CLOSED = (255, 170, 60)
DOOR_OPEN = (120, 200, 120)
DOOR_SECRET = (190, 120, 255)  # the GM's secret door, not yet found (dashed; reading: N-DOOR-6)
WINDOW = (150, 210, 255)  # a window (stops movement, not sight): drawn with the walls

RUN_TINT = (70, 150, 255, 70)  # reach with the Standard Move (run)
SPRINT_TINT = (255, 190, 60, 55)  # reach with the Bonus Move (sprint) too
TEMPLATE_TINT = (255, 80, 60, 95)
TEMPLATE_EDGE = (255, 120, 90)
RULER = (255, 230, 120)
PATH = (255, 255, 255)

# Chrome sizes at a scale of 1 (a 1920x1080 window); set_scale() rewrites the three below.
BASE_STATUS_H = 34
BASE_TOOLBAR_H = 52
BASE_SIDE_W = 300
STATUS_H = BASE_STATUS_H
TOOLBAR_H = BASE_TOOLBAR_H
SIDE_W = BASE_SIDE_W
#: a panel card's inner margin and corner radius (widgets.py), rewritten by set_scale()
BASE_PANEL_PAD, BASE_PANEL_RADIUS = 14, 10
PANEL_PAD, PANEL_RADIUS = BASE_PANEL_PAD, BASE_PANEL_RADIUS

#: The UI scale: 1.0 in a 1920x1080 window, 0.75 at 1280x720, 2.0 at 3840x2160. Every panel's
#: sizes and fonts go through px() / fs(), so the panels keep their proportions at any size.
BASE_SIZE = (1920, 1080)
MIN_SCALE, MAX_SCALE = 0.75, 3.0
MIN_FONT_PX = 11  # smaller is not read at a glance, whatever the scale
_scale = 1.0


def rgb(value: Sequence[int]) -> tuple[int, int, int]:
    """A colour read from data (a team's list or tuple) as the RGB tuple the drawing code caches by."""
    return (value[0], value[1], value[2])


def scale_for(size: tuple[int, int]) -> float:
    """The UI scale a window of ``size`` pixels gets (the smaller of the two ratios, clamped)."""
    w, h = size
    s = min(w / BASE_SIZE[0], h / BASE_SIZE[1])
    return max(MIN_SCALE, min(MAX_SCALE, round(s * 20) / 20))


def set_scale(size: tuple[int, int] | float) -> float:
    """Use the scale of a window of ``size`` (or the number given) from now on; the old one."""
    global _scale, STATUS_H, TOOLBAR_H, SIDE_W, PANEL_PAD, PANEL_RADIUS
    old = _scale
    _scale = float(size) if isinstance(size, (int, float)) else scale_for(size)
    STATUS_H, TOOLBAR_H, SIDE_W = px(BASE_STATUS_H), px(BASE_TOOLBAR_H), px(BASE_SIDE_W)
    PANEL_PAD, PANEL_RADIUS = px(BASE_PANEL_PAD), px(BASE_PANEL_RADIUS)
    return old


def scale() -> float:
    return _scale


def px(n: float) -> int:
    """A length of ``n`` pixels at scale 1, in this window's pixels."""
    return int(round(n * _scale))


def fs(n: float) -> int:
    """A font size of ``n`` px at scale 1, in this window's pixels (never below MIN_FONT_PX)."""
    return max(MIN_FONT_PX, int(round(n * _scale)))


@lru_cache(maxsize=64)
def font(size: int, weight: str = "semibold") -> pygame.font.Font:
    """The bundled Inter font at ``size`` px (falls back to pygame's default); a letter Inter lacks
    (Hebrew, Arabic, CJK ...) is drawn with a system font that has it (``tactics.ui.glyphs``)."""
    if not pygame.font.get_init():
        pygame.font.init()
    name = {"regular": "Inter-Regular.otf", "semibold": "Inter-SemiBold.otf", "bold": "Inter-Bold.otf"}[weight]
    path = FONT_DIR / name
    size = max(6, int(size))
    forget_fonts_at_quit()
    if path.exists():
        from tactics.ui.glyphs import TextFont  # letters Inter lacks come from a system font

        return TextFont(str(path), size, bold=weight == "bold")
    return pygame.font.Font(None, int(size * 1.3))


def gui_theme() -> dict:
    """A dark pygame_gui theme using the bundled font."""
    regular = str(FONT_DIR / "Inter-Regular.otf")
    bold = str(FONT_DIR / "Inter-Bold.otf")
    font_info = {"name": "inter", "size": str(fs(15)), "regular_path": regular, "bold_path": bold}
    colours = {
        "normal_bg": "#2a2f3a", "hovered_bg": "#3a4252", "disabled_bg": "#1c1f26",
        "selected_bg": "#8a6a1c", "active_bg": "#a07a20", "dark_bg": "#181b22",
        "normal_text": "#e8ecf2", "hovered_text": "#ffffff", "disabled_text": "#707888",
        "selected_text": "#ffffff", "active_text": "#ffffff",
        "normal_border": "#3c4352", "hovered_border": "#6a7488", "disabled_border": "#2a2f3a",
        "selected_border": "#ffc440", "active_border": "#ffc440",
    }
    return {
        "defaults": {"colours": colours, "font": font_info},
        "button": {
            "font": font_info,
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": str(px(6)), "border_width": "1",
                     "shadow_width": "0"},
        },
        "window": {"misc": {"title_bar_height": str(px(28))}},
        "label": {"font": font_info, "misc": {"text_horiz_alignment": "left"}},
        "text_entry_line": {"font": font_info},
        "text_box": {"font": font_info},
        "drop_down_menu": {"font": font_info},
        "#trap_kinds": {"misc": {"expand_direction": "up"}},  # the Traps tool's kinds, at the board's bottom
        "selection_list": {"misc": {"list_item_height": str(px(20))}},  # a file dialog's rows (20 px: its font's, unscaled)
        # pygame_gui's own symbol buttons (a window's close, a file dialog's icons) at the UI scale
        **{part: {"font": {"name": "fira_code_symbols", "size": str(fs(14))}}
           for part in ("window.#close_button", "drop_down_menu.#expand_button", "file_dialog.#home_icon_button",
                        "file_dialog.#delete_icon_button", "file_dialog.#parent_icon_button",
                        "file_dialog.#refresh_icon_button")},
        "#refused_option": {"colours": {  # a menu's choice the engine refuses now: greyed (TEXT_FAINT on DISABLED_BG)
            "normal_text": "#787e8c", "hovered_text": "#787e8c", "normal_bg": "#1e2128", "hovered_bg": "#1e2128"}},
        "#builder_status": {"font": {**font_info, "bold": "1"},  # a form's problem: red, not grey
                            "colours": {"normal_text": "#ff5656"}},
        "tool_tip": {"font": {**font_info, "size": str(fs(14))},
                     "colours": {"dark_bg": "#101218", "normal_text": "#e8ecf2", "normal_border": "#ffc440"}},
        "tool_tip.text_box": {"font": {**font_info, "size": str(fs(14))},
                              "colours": {"dark_bg": "#101218", "normal_text": "#e8ecf2", "normal_border": "#ffc440"}},
    }


@lru_cache(maxsize=512)
def text(value: str, size: int, weight: str = "semibold", colour: tuple[int, int, int] = TEXT) -> pygame.Surface:
    """Rendered text, cached: panels redraw every frame without re-rendering glyphs.

    A NUL is drawn as U+FFFD: pygame refuses to render one, and a message may quote what a file
    holds (review 21: a token picture's name with a NUL crashed the banner saying it was unreadable)."""
    return font(size, weight).render(value.replace("\x00", "\ufffd") if "\x00" in value else value, True, colour)


def start_fonts() -> None:
    """Start pygame's font module for a window. The fonts and texts cached while it ran are
    kept when it still runs (a window opened after another closed without ``pygame.quit()``:
    a new file opened, the test suite's windows) and forgotten when it had stopped: they
    died with it (``pygame.quit()`` forgets them at once: :func:`reset_caches` is registered)."""
    if not pygame.font.get_init():
        pygame.font.init()
        reset_caches()
    forget_fonts_at_quit()


_QUIT_HOOKED = False


def forget_fonts_at_quit() -> None:
    """Have the next ``pygame.quit()`` forget the cached fonts. pygame calls a registered quit
    function once and then forgets it, so each font made after a quit registers it again (a
    test's second window found the first one's dead fonts in the cache)."""
    global _QUIT_HOOKED
    if not _QUIT_HOOKED:
        pygame.register_quit(reset_caches)
        _QUIT_HOOKED = True


def reset_caches() -> None:
    """Forget cached fonts and text (after ``pygame.quit()`` they are invalid)."""
    global _QUIT_HOOKED
    _QUIT_HOOKED = False  # pygame has dropped the registration with this call
    font.cache_clear()
    text.cache_clear()
    from tactics.ui import draw, glyphs, widgets

    draw.pill.cache_clear()
    widgets.measured_cache_clear()
    glyphs.fonts_cache_clear()  # the fallback fonts (Hebrew, "✓") opened before pygame.quit()


forget_fonts_at_quit()  # whoever starts the font module again finds nothing of the dead one


# -- UI colours by role, for the panels, dialogs and screens (widgets.py and its users) ---------
# Kept in one block apart from the board's colours above so that additions merge easily.

CARD = (30, 34, 43)  # a raised card on the chrome (a ship's crew card, a dialog's body)

# near-black and white inks
SHADOW = (0, 0, 0)  # black: a drop shadow or veil (with an alpha), a text's shadow
OUTLINE = (10, 10, 14)  # a dark edge under a line or mark so it reads on any map or card
INK = (20, 20, 24)  # dark type on a light or bright fill (gold, a die, a white banner)
INK_LIGHT = (255, 255, 255)  # white: type on a saturated fill, a ring around what is on
CLEAR = (0, 0, 0, 0)  # fully transparent (a cleared canvas)
WELL = (12, 14, 18)  # a dark well: a text field, a label lozenge over the map or space
SPACE_BG = (8, 10, 16)  # deep space behind the ships

# controls: buttons, chips, tracks, rows (widgets.py)
CONTROL = (42, 47, 58)  # a button or box at rest
CONTROL_LIT = (60, 67, 82)  # a control under the pointer, or a raised badge
CONTROL_EDGE = (70, 78, 96)  # a control's edge
CHIP_BG = (34, 38, 47)  # a small chip button at rest
CHIP_LIT = (52, 58, 72)  # a chip under the pointer, a tag's fill
CHIP_EDGE = (58, 64, 80)  # a chip's edge
TRACK = (40, 44, 54)  # a scroll track, a switch that is off
ROW_BG = (40, 45, 56)  # a row or slot on a card (a crew post, a builder line)
PICKED_BG = (58, 50, 30)  # the row picked or acting now (dark amber)
DISABLED_BG = (30, 33, 40)  # a control that cannot be used
SPENT = (70, 74, 84)  # used up: an empty pip, a die not kept, a ring at rest
PRIMARY_BG = (196, 140, 30)  # the main action's button (dark type on gold)
PRIMARY_LIT = (218, 162, 52)  # the main action under the pointer
ACCENT_LIT = (255, 214, 110)  # an accent chip under the pointer
DANGER_BG = (120, 36, 36)  # a harmful action's button
DANGER_LIT = (150, 46, 46)  # a harmful action under the pointer
DANGER_TEXT = (255, 230, 230)  # type on a harmful action
DANGER_EDGE = (190, 80, 80)  # a harmful action's edge
ON_BG = (46, 88, 62)  # the chosen one of a set (a weapon aimed, a target picked)
ON_LIT = (58, 110, 78)  # the chosen one under the pointer
ON_TEXT = (230, 255, 236)  # type on the chosen one
ON_EDGE = (90, 170, 120)  # the chosen one's edge
TEXT_FAINT = (120, 126, 140)  # type fainter than TEXT_DIM: an empty post, a waiting chip
NEUTRAL = (150, 150, 150)  # a token, team or ship side with no colour of its own
BANNER_NEUTRAL = (92, 100, 118)  # a turn banner that belongs to no team

# alerts, news and states (the log, conditions, crew posts)
ALERT_BG = (150, 30, 30)  # a message that something went wrong, a failed save
ALERT_TEXT = (255, 225, 220)  # type on an alert
WARN_BG = (112, 74, 12)  # a warning's banner (amber): opened, but not all of it shown
WARN_TEXT = (255, 238, 205)  # type on a warning
BAD_SOFT = (255, 150, 140)  # bad news on dark: damage lines, a harmful menu line, an alert's edge
CONDITION = (200, 170, 255)  # conditions and round counters (violet)
CONDITION_BG = (120, 70, 150)  # a condition chip's fill
PLANNED = (150, 200, 255)  # a planned move or path, a free action, a drop target (pale blue)
PLAN_BG = (40, 70, 110)  # a drop target's fill (dark blue)
CONTESTED_PIP = (235, 110, 80)  # a turn's contested action pip (individual turns)
PLAIN_PIP = (90, 170, 255)  # a turn's plain action pip
SLOT_BONUS = (240, 130, 90)  # the Bonus action slot
DONE_BG = (30, 70, 44)  # a post or turn already taken
DONE_TEXT = (170, 230, 190)  # type on a post already taken
HELD_BG = (30, 52, 84)  # a held action
HELD_TEXT = (190, 220, 255)  # type on a held action
HURT_BG = (110, 34, 30)  # a post put out by injury
HURT_TEXT = (255, 200, 196)  # type on a post put out by injury
OUT_BG = (90, 60, 20)  # a post whose crew is out of the fight
OUT_TEXT = (255, 220, 160)  # type on a post whose crew is out
READY_TEXT = (200, 210, 225)  # type on a post ready to act
IDLE_BG = (34, 37, 46)  # a post or chip not acting now

# dice and odds
DIE_D20 = (244, 240, 228)  # a d20's ivory body
DIE_OTHER = (222, 232, 250)  # any other die's body
DIE_EDGE = (90, 90, 100)  # a die's edge and its small label
DIE_PLAIN = (226, 228, 234)  # a plain die (a check, a chart roll)
DIE_PLAIN_EDGE = (140, 146, 160)  # a plain die's edge
DIE_SUCCESS = (46, 150, 84)  # a die that succeeded
DIE_SUCCESS_EDGE = (140, 240, 170)  # a success's edge
DIE_FAIL = (58, 62, 72)  # a die that failed
DIE_FAIL_EDGE = (110, 116, 130)  # a failure's edge
DIE_FAIL_TEXT = (200, 204, 214)  # a failure's face, a slot already spent
OUTCOME_MISS = (150, 156, 170)  # an attack's outcome: miss
OUTCOME_MINOR = (235, 180, 70)  # minor
OUTCOME_HIT = (110, 210, 120)  # hit
OUTCOME_MAJOR = (70, 215, 200)  # major
OUTCOME_CRITICAL = (255, 120, 220)  # critical
OUTCOME_STOPPED = (200, 150, 100)  # a charge stopped short by difficult ground: no blow

# the starship screen
DRAGGED = (70, 120, 190)  # a name being dragged
DRAGGED_EDGE = (200, 225, 255)  # a dragged name's edge
DANGER_MARK = (235, 64, 52)  # a ship hit, a red alert dot
DANGER_MARK_EDGE = (255, 170, 160)  # its edge
DANGER_MARK_DIM = (120, 60, 56)  # a red dot at rest
FIRE_EDGE = (200, 70, 60)  # the fire dialog's edge
SHIP_WINDOW = (200, 240, 255)  # a ship's canopy
ENGINE_GLOW = (255, 150, 50)  # an engine's glow (with alpha)
ENGINE_CORE = (255, 220, 140)  # an engine's core (with alpha)
DISTANCE = (205, 212, 226)  # the distance line between ships and its pill's edge
SPACE_NOTE = (160, 210, 255)  # a note over space (unseen, out of range)
CLOAK_BG = (20, 40, 60)  # a cloaked ship's banner
CLOAK_EDGE = (90, 170, 230)  # its edge
BANNER_DESTROYED = (80, 84, 94)  # a destroyed ship's banner
BANNER_DESTROYED_TEXT = (230, 230, 235)
BANNER_EXPLODING_TEXT = (255, 240, 230)
SCROLL_THUMB = (90, 96, 110)  # a list's scroll thumb

# marks that tools and add-ons draw on the board
RANGE_EDGE = (255, 170, 90)  # the edge of a weapon's range
BLAST_EDGE = (255, 120, 70)  # a grenade's blast edge; a harmful flash
OVERFLOW_MARK = (255, 120, 30)  # a Battle Damage pip beyond the maximum
THROW_RING = (120, 210, 255)  # a grenade's throw ring
SPRINT_LEG = (255, 190, 80)  # the sprint leg of a path
SPRINT_EDGE = (255, 200, 90)  # the edge of the reach with a sprint
RUN_EDGE = (120, 185, 255)  # the edge of the reach with a run
SPRINT_TEXT = (255, 210, 120)  # the sprint's feet
LABEL_WARM = (255, 230, 200)  # a pale warm label on the map (a trap's name, a template's size)
LABEL_COOL = (235, 220, 255)  # a pale violet label (a search chance)
SEARCH_BG = (40, 20, 70)  # the search chance's pill
ODDS_COLD = (70, 120, 255)  # odds heat scale: unlikely
ODDS_COOL = (80, 210, 200)
ODDS_WARM = (250, 220, 70)
ODDS_HOT = (255, 70, 50)  # odds heat scale: likely
FLASH = (255, 170, 60)  # a flash on a square (the door colour)
GRENADE_BODY = (96, 120, 70)  # a grenade in flight
GRENADE_SHINE = (200, 220, 160)  # its shine
GRENADE_TRAIL = (255, 220, 160)  # its trail
DIE_ON_MAP = (250, 246, 236)  # a die drawn on the map

# the board renderer: map art, tokens, traps and grenades (mapart.py, tokens.py, layers/hazards.py)
GRID_SHADE = (150, 150, 158)  # multiplied into the map art for the grid lines
GRID_SHADE_FAINT = (205, 205, 210)  # the same, fainter, when zoomed out (small squares)
ROLL_MARK = (255, 200, 60)  # the corner mark of a square that needs a roll to enter
ROLL_MARK_INK = (40, 30, 10)  # the stroke on that mark
COLOUR_KEY = (255, 0, 255)  # a colour-keyed picture's transparent fill (never seen)
COLOUR_KEY_ALT = (0, 255, 0)  # the key when the lines drawn are COLOUR_KEY themselves
TOKEN_DOWN = (110, 110, 116)  # the body of a token that is down
TOKEN_DOWN_CROSS = (30, 30, 30)  # the cross over a token that is down
TOKEN_DOWN_VEIL = (90, 90, 96)  # the veil over a down token's picture (with alpha)
TARGET_RING = (235, 50, 40)  # the ring round a token picked as a target
TARGET_RING_EDGE = (255, 245, 235)  # its pale outer edge
HP_HIGH = (90, 210, 110)  # a token's HP bar above half
HP_MID = (235, 190, 60)  # a quarter to a half
HP_LOW = (235, 70, 60)  # a quarter or less
HIDDEN_SLASH = (255, 100, 90)  # the slash through a hidden token's eye badge
#: condition badges' fills; a condition's name picks one, the same every run
BADGE_TINTS = ((214, 92, 92), (92, 156, 214), (200, 160, 60), (150, 110, 210), (80, 180, 140), (220, 120, 180))
GM_ONLY = (196, 140, 255)  # the GM's colour for what the players cannot see (a hidden trap)
TRAP_WARN = (255, 200, 40)  # a known, armed trap
LIVE_GRENADE = (255, 150, 60)  # a live grenade's marks and its fuse card's edge
GRENADE_FUSE = (255, 220, 90)  # the fuse spark on a grenade's icon
FUSE_CARD_BG = (90, 40, 10)  # a live grenade's fuse card
FUSE_TEXT = (255, 235, 210)  # type on the fuse card
SMOKE = (175, 180, 190)  # a smoke cloud's squares (with alpha)
SMOKE_TAG_BG = (40, 44, 52)  # the pill naming a smoke cloud's rounds left
