"""Names in any script a table writes them in: letters the bundled Inter font lacks come from a font
of the computer's that has them, and right-to-left words read right to left.

Why it exists: a player called "שלום Dov" or "مرحبا Ali", or "李雷", saw white boxes on the token, in
the lists and in the log (Inter has Latin, Greek and Cyrillic only), and Arabic letters came out
unjoined and in reverse. :class:`TextFont` is the font every panel draws with (``theme.font``): for
plain text it is Inter itself, unchanged and as fast; for text with a letter Inter lacks, or a
right-to-left letter, it cuts the text into runs, draws each run with the first font that has its
letters (Inter, then the bundled DejaVu Sans, then the system's fonts named in
:data:`FALLBACK_FONTS`, found once on first need),
scaled to Inter's line height so layouts keep their measure, and lays the runs out in reading order
(a simplified Unicode bidirectional order in a left-to-right line, as a web page lays out a name:
a right-to-left run, with the spaces and digits between its letters, reads right to left and is
shaped by SDL_ttf's HarfBuzz, so Arabic letters join). A letter
no font has stays the box it was. Text boxes of pygame_gui load their own fonts and are not
covered.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from pathlib import Path

import pygame

#: System fonts tried, in order, for letters Inter lacks (pygame.font.match_font names: lower case,
#: no spaces). Linux, Windows and macOS names; the first one found that has a letter draws it.
FALLBACK_FONTS = (
    "notosans", "dejavusans", "notosanshebrew", "notosansarabic", "notosanscjksc", "notosanscjkjp",
    "droidsansfallbackfull", "droidsansfallback", "segoeui", "arial", "arialunicodems", "microsoftyahei",
    "yugothic", "malgungothic", "arialhebrew", "geezapro", "pingfangsc", "hiraginosans",
    "applesdgothicneo", "segoeuisymbol", "segoeuiemoji", "notoemoji", "symbola",
)
_MISSING = "\uffff"  # a noncharacter: no font has it, so it draws the font's empty box
_PROBE_PX = 16
_SCRIPTS = {"HEBREW": "Hebr", "ARABIC": "Arab", "SYRIAC": "Syrc", "THAANA": "Thaa", "NKO": "Nkoo"}


def _rtl(ch: str) -> bool:
    return unicodedata.bidirectional(ch) in ("R", "AL")


def strong_at(ch: str) -> str | None:
    """'R' or 'L' for a letter with a direction of its own, None for spaces, digits, punctuation."""
    kind = unicodedata.bidirectional(ch)
    if kind in ("R", "AL"):
        return "R"
    return "L" if kind == "L" else None


#: the two colours a letter is drawn in to compare it with the empty box (never on screen)
_PROBE_INK, _PROBE_PAPER = pygame.Color("white"), pygame.Color("black")


@lru_cache(maxsize=None)
def _probe(path: str) -> pygame.font.Font:
    from tactics.ui.theme import forget_fonts_at_quit

    forget_fonts_at_quit()  # (the fonts below die with pygame.quit(): forgotten then)
    return pygame.font.Font(path, _PROBE_PX)


@lru_cache(maxsize=None)
def _box(path: str) -> bytes:
    return pygame.image.tobytes(_probe(path).render(_MISSING, False, _PROBE_INK, _PROBE_PAPER), "RGB")


@lru_cache(maxsize=4096)
def has_letter(path: str, ch: str) -> bool:
    """Whether the font file at ``path`` draws ``ch`` (and not its empty box)."""
    if ch.isspace() or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return True  # a space, a combining mark or a format mark is drawn with what it joins
    try:
        drawn = _probe(path).render(ch, False, _PROBE_INK, _PROBE_PAPER)
    except (pygame.error, ValueError):
        return False
    return pygame.image.tobytes(drawn, "RGB") != _box(path)


#: Bundled with the app (Hebrew, Arabic, symbols, every desktop alike): the first fallback, so a name
#: looks the same on every table's computer and the system's fonts are looked up only for what it lacks.
BUNDLED_FALLBACK = str(Path(__file__).resolve().parent.parent / "assets" / "fonts" / "DejaVuSans.ttf")


def candidates() -> Iterator[str]:
    """The fallback fonts in the order they are tried: the bundled one, then the system's."""
    yield BUNDLED_FALLBACK
    yield from system_fallbacks()


@lru_cache(maxsize=1)
def system_fallbacks() -> tuple[str, ...]:
    """The system's fallback fonts that exist here, in :data:`FALLBACK_FONTS` order (looked up once,
    the first time a letter is in neither Inter nor the bundled font: a CJK name)."""
    found: list[str] = []
    for name in FALLBACK_FONTS:
        try:
            path = pygame.font.match_font(name)
        except Exception:  # noqa: BLE001 - a broken font list means no fallback, never a crash
            path = None
        if path and path not in found and path != BUNDLED_FALLBACK:
            found.append(path)
    return tuple(found)


@lru_cache(maxsize=4096)
def _font_for(main: str, ch: str) -> str:
    """The font file that draws ``ch``: Inter when it can, else the first fallback that can."""
    if ch.isascii() or has_letter(main, ch):
        return main
    return next((path for path in candidates() if has_letter(path, ch)), main)


def needs_help(main: str, text: str) -> bool:
    """Whether ``text`` has a letter Inter lacks or a right-to-left letter (else Inter draws it alone)."""
    return not text.isascii() and any(_rtl(ch) or _font_for(main, ch) != main for ch in text)


@dataclass(frozen=True)
class Run:
    """A piece of a line drawn with one font in one direction."""

    text: str
    path: str
    rtl: bool


def runs(main: str, text: str) -> list[Run]:
    """``text`` cut into runs of one font and one direction, in the order they are drawn left to right."""
    strong = [strong_at(ch) for ch in text]
    base = "L"  # the app's lines read left to right (as a web page's do): a Hebrew name is a run in one
    direction: list[str] = []
    for i, s in enumerate(strong):
        if s:
            direction.append(s)
            continue
        before = next((t for t in reversed(strong[:i]) if t), base)
        after = next((t for t in strong[i + 1:] if t), base)
        direction.append(before if before == after else base)
    pieces: list[Run] = []
    for ch, d in zip(text, direction):
        path = _font_for(main, ch)
        if pieces and strong_at(ch) is None and pieces[-1].rtl == (d == "R") and has_letter(pieces[-1].path, ch):
            path = pieces[-1].path  # a space or a stop goes with the run it sits in: one run, one shaping
        if pieces and pieces[-1].path == path and pieces[-1].rtl == (d == "R"):
            pieces[-1] = Run(pieces[-1].text + ch, path, d == "R")
        else:
            pieces.append(Run(ch, path, d == "R"))
    # visual order: a right-to-left stretch of runs reads from its end; a right-to-left line reverses
    out: list[Run] = []
    i = 0
    while i < len(pieces):
        j = i
        while j < len(pieces) and pieces[j].rtl == pieces[i].rtl:
            j += 1
        stretch = pieces[i:j]
        out.extend(reversed(stretch) if pieces[i].rtl else stretch)
        i = j
    return out


def _script(text: str) -> str:
    for ch in text:
        name = unicodedata.name(ch, "")
        for prefix, code in _SCRIPTS.items():
            if name.startswith(prefix):
                return code
    return "Zyyy"


@lru_cache(maxsize=256)
def _run_font(path: str, size: int, height: int, bold: bool, script: str, rtl: bool) -> pygame.font.Font:
    """``path`` at the size whose line height is ``height`` (Inter's at ``size``), set up for the run."""
    from tactics.ui.theme import forget_fonts_at_quit

    forget_fonts_at_quit()
    first = pygame.font.Font(path, size)
    fitted = max(6, round(size * height / max(1, first.get_height())))
    font = pygame.font.Font(path, fitted) if fitted != size else first
    font.bold = bold and "bold" not in path.lower()
    if rtl:
        font.set_script(script)
        font.set_direction(pygame.DIRECTION_RTL)
    return font


def _drawn(font: pygame.font.Font, text: str, *args: Any) -> pygame.Surface:
    """``pygame.font.Font.render(font, text, ...)``, or a blank picture of the font's height.

    SDL_ttf refuses a text whose glyphs have no width at all ("Text has zero width": a name made
    only of zero-width joiners or direction marks, U+200D, U+200F, U+202E, which a map, save or
    rules file may hold): such a name is drawn as nothing instead of closing the window. Nothing
    on the background the caller asked for (``args[2]``, as ``render``'s ``bgcolor``), as a drawn
    text would be: a token's label on a coloured plate shows the plate, not a hole.
    """
    try:
        return pygame.font.Font.render(font, text, *args)
    except pygame.error as exc:
        if "zero width" not in str(exc):
            raise
        background = args[2] if len(args) > 2 else None
        if background is None:
            return pygame.Surface((1, font.get_height()), pygame.SRCALPHA)
        colour = pygame.Color(background)
        blank = pygame.Surface((1, font.get_height()), pygame.SRCALPHA if colour.a < 255 else 0)
        blank.fill(colour)
        return blank


class TextFont(pygame.font.Font):
    """Inter at one size, drawing what it lacks with a fallback font (see the module's docstring)."""

    def __init__(self, path: str, size: int, *, bold: bool = False) -> None:
        super().__init__(path, size)
        self.path = path
        self.px = size
        self.wants_bold = bold

    def _fonts(self, text: str) -> list[tuple[Run, pygame.font.Font]]:
        out: list[tuple[Run, pygame.font.Font]] = []
        for run in runs(self.path, text):
            if run.path == self.path and not run.rtl:
                out.append((run, self))
            else:
                out.append((run, _run_font(run.path, self.px, self.get_height(), self.wants_bold,
                                           _script(run.text), run.rtl)))
        return out

    def size(self, text: str) -> tuple[int, int]:  # type: ignore[override]
        if not needs_help(self.path, text):
            return super().size(text)
        parts = self._fonts(text)
        return sum(self._plain_size(f, r.text)[0] for r, f in parts), self.get_height()

    def _plain_size(self, font: pygame.font.Font, text: str) -> tuple[int, int]:
        return pygame.font.Font.size(font, text)

    def render(self, text, antialias, color, bgcolor=None, wraplength: int = 0):  # type: ignore[override]
        if wraplength or not isinstance(text, str) or not needs_help(self.path, text):
            return _drawn(self, text, antialias, color, bgcolor, wraplength)
        pictures = [(_drawn(f, r.text, antialias, color), f) for r, f in self._fonts(text)]
        ascent = self.get_ascent()
        width = sum(p.get_width() for p, _ in pictures)
        line = pygame.Surface((max(1, width), self.get_height()), pygame.SRCALPHA)
        if bgcolor is not None:
            line.fill(bgcolor)
        x = 0
        for picture, font in pictures:
            line.blit(picture, (x, ascent - font.get_ascent()))
            x += picture.get_width()
        return line


__all__ = ["BUNDLED_FALLBACK", "FALLBACK_FONTS", "Run", "TextFont", "candidates", "system_fallbacks", "has_letter", "needs_help", "runs"]


def fonts_cache_clear() -> None:
    """Forget the fallback fonts opened (after ``pygame.quit()`` they are invalid: a second window
    in the same process, e.g. the next test, drew "✓" with a dead font)."""
    _probe.cache_clear()
    _box.cache_clear()
    _run_font.cache_clear()

