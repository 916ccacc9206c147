"""Colours, sizes and fonts of the window, in one place so the look stays consistent."""

from __future__ import annotations

from functools import lru_cache

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

GRID_LINE = (0, 0, 0, 70)
GRID_LINE_MAJOR = (0, 0, 0, 110)
WALL = (236, 240, 246)
DOOR_CLOSED = (255, 170, 60)
DOOR_OPEN = (120, 200, 120)

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
    """The bundled Inter font at ``size`` px (falls back to pygame's default)."""
    if not pygame.font.get_init():
        pygame.font.init()
    name = {"regular": "Inter-Regular.otf", "semibold": "Inter-SemiBold.otf", "bold": "Inter-Bold.otf"}[weight]
    path = FONT_DIR / name
    size = max(6, int(size))
    if path.exists():
        return pygame.font.Font(str(path), size)
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
        "tool_tip": {"font": {**font_info, "size": str(fs(14))},
                     "colours": {"dark_bg": "#101218", "normal_text": "#e8ecf2", "normal_border": "#ffc440"}},
        "tool_tip.text_box": {"font": {**font_info, "size": str(fs(14))},
                              "colours": {"dark_bg": "#101218", "normal_text": "#e8ecf2", "normal_border": "#ffc440"}},
    }


@lru_cache(maxsize=512)
def text(value: str, size: int, weight: str = "semibold", colour: tuple[int, int, int] = TEXT) -> pygame.Surface:
    """Rendered text, cached: panels redraw every frame without re-rendering glyphs."""
    return font(size, weight).render(value, True, colour)


def reset_caches() -> None:
    """Forget cached fonts and text (after ``pygame.quit()`` they are invalid)."""
    font.cache_clear()
    text.cache_clear()
    from tactics.ui import draw

    draw.pill.cache_clear()


# -- UI colours by role, for the panels, dialogs and screens (widgets.py and its users) ---------
# Kept in one block apart from the board's colours above so that additions merge easily.

CARD = (30, 34, 43)  # a raised card on the chrome (a ship's crew card, a dialog's body)
