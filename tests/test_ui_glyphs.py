"""Names in Hebrew, Arabic or Chinese are drawn with their letters, not white boxes (review 8).

The bundled Inter font has Latin, Greek and Cyrillic only; ``tactics.ui.glyphs.TextFont`` (what
``theme.font`` returns) draws a letter it lacks with a system font that has it, and a right-to-left
word right to left. The bundled DejaVu Sans has Hebrew and Arabic, so these hold on any machine.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.ui import glyphs, theme

from ui_driver import fighter


@pytest.fixture()
def inter():
    pygame.font.init()
    font = theme.font(24, "regular")
    assert glyphs.has_letter(glyphs.BUNDLED_FALLBACK, "ש") and glyphs.has_letter(glyphs.BUNDLED_FALLBACK, "م")
    return font, glyphs.BUNDLED_FALLBACK


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_inter_lacks_hebrew_and_a_fallback_font_draws_it(inter):
    font, hebrew = inter
    assert glyphs.has_letter(font.path, "a") and not glyphs.has_letter(font.path, "ש")
    boxes = pygame.font.Font.render(font, "שלום", True, (255, 255, 255))  # Inter alone: four boxes
    drawn = font.render("שלום", True, (255, 255, 255))
    assert _pixels(drawn) != _pixels(boxes) if drawn.get_size() == boxes.get_size() else True
    assert drawn.get_height() == font.get_height(), "the line keeps Inter's height: layouts keep their measure"
    assert font.size("שלום Dov") == font.render("שלום Dov", True, (0, 0, 0)).get_size(), "measured as drawn"


def test_a_right_to_left_word_is_one_run_in_a_left_to_right_line(inter):
    font, hebrew = inter
    got = [(r.text, r.rtl, r.path == font.path) for r in glyphs.runs(font.path, "Dov שלום עולם 2")]
    assert got == [("Dov ", False, True), ("שלום עולם", True, False), (" 2", False, True)]
    # a line that starts right to left still reads left to right overall (as a web page lays out a name)
    assert [r.text for r in glyphs.runs(font.path, "שלום Dov")] == ["שלום", " Dov"]


def test_plain_text_is_drawn_by_inter_alone(inter):
    font, _ = inter
    for text in ("Bear 4", "Jürgen", "Zoë", "Σπάρτη"):
        assert not glyphs.needs_help(font.path, text), text
        assert _pixels(font.render(text, True, (255, 255, 255))) == _pixels(
            pygame.font.Font.render(font, text, True, (255, 255, 255)))


def _forget_drawn_text() -> None:
    from tactics.ui import draw

    for cached in (glyphs._font_for, theme.font, theme.text, draw.pill):
        cached.cache_clear()


def _label_pixels(app) -> bytes:
    """The pixels of the name label drawn under the Hebrew-named token, as this frame draws them."""
    from tactics.ui import layout_probe as probe

    rec = probe.start()
    try:
        app.draw()
    finally:
        probe.stop()
    screen = pygame.display.get_surface()
    mark = next(m for m in rec.on(screen) if m.kind == "text" and "Dov" in m.label)
    return pygame.image.tobytes(screen.subsurface(mark.rect.clip(screen.get_rect())), "RGB")


def test_a_token_named_in_hebrew_shows_its_letters_on_the_board(inter, monkeypatch):
    """The token's name label on the map is drawn with the fallback's letters: with no fallback
    font (as before) the same frame draws other pixels there (Inter's boxes)."""
    from test_ui_hazards import make_app

    def label() -> bytes:
        app = make_app(fighter("dov", "bears", (6, 4)) | {"name": "שלום Dov"}, fighter("ann", "party", (3, 6)))
        try:
            return _label_pixels(app)
        finally:
            pygame.quit()

    try:
        letters = label()
        monkeypatch.setattr(glyphs, "candidates", lambda: iter(()))
        _forget_drawn_text()
        assert letters != label(), "the label is drawn with the fallback font's Hebrew letters"
    finally:
        _forget_drawn_text()


@pytest.mark.parametrize("name", ["\u200d", "\u200f\u200d", "\u202e"])
def test_a_name_of_only_zero_width_characters_is_drawn_on_the_background_asked_for(inter, name):
    """Review: the blank drawn for a name SDL_ttf refuses ("Text has zero width") ignored the
    background the caller asked for: a token's label on a coloured plate showed a transparent hole."""
    font, _ = inter
    plate = (200, 40, 30)
    drawn = font.render(name, True, (255, 255, 255), plate)
    assert drawn.get_height() == font.get_height()
    assert _pixels(drawn) == bytes((*plate, 255)) * (drawn.get_width() * drawn.get_height())
    seen = pygame.Surface((drawn.get_width(), drawn.get_height()))
    seen.fill((0, 0, 0))
    seen.blit(drawn, (0, 0))  # on the window: the plate's colour, not what lies beneath
    assert all(seen.get_at((x, y))[:3] == plate for x in range(seen.get_width()) for y in range(seen.get_height()))
    clear = font.render(name, True, (255, 255, 255))  # no background asked for: nothing at all
    assert all(clear.get_at((x, y)).a == 0 for x in range(clear.get_width()) for y in range(clear.get_height()))
