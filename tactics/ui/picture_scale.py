"""Smooth scaling of a large map picture in bands of rows, never a second full-size copy.

Why: ``pygame.transform.smoothscale`` of a whole picture works on a 32-bit copy
of it plus a buffer of the new width times the old height: a legal 100-megapixel
picture (10000 x 10000, 24 bits) peaked at 1.4 GB scaled to 8100 x 8100
(measured here, review 12). Scaled a band of rows at a time, only the picture
as decoded, the scaled result and one band are held at once. Band edges fall on
whole rows of both pictures, so no seam is shifted; a band is scaled by its own
whole-row ratio, which differs from the picture's by under half a row.
"""

from __future__ import annotations

import pygame

#: source pixels scaled at once: a band's copies are a few tens of MB at most
BAND_PIXELS = 4_000_000


def smoothscale_banded(picture: pygame.Surface, size: tuple[int, int], *, onto: pygame.Surface | None = None,
                       at: tuple[int, int] = (0, 0)) -> pygame.Surface:
    """``picture`` smoothly scaled to ``size``; see-through pixels (alpha, a colour key) stay so.

    ``onto``: drawn over that surface at ``at`` (as a blit of the whole scaled picture would draw
    it), which is returned, instead of a new one: no scaled picture beside it.
    """
    width, height = picture.get_size()
    new_w, new_h = size
    see_through = bool(picture.get_flags() & pygame.SRCALPHA) or picture.get_colorkey() is not None
    display = pygame.display.get_surface()
    if onto is not None:
        out = onto
    elif see_through:
        out = pygame.Surface(size, pygame.SRCALPHA, 32)
    else:
        out = pygame.Surface(size, 0, display) if display is not None else pygame.Surface(size, 0, 32)
    rows = max(1, BAND_PIXELS // max(1, width))
    for top in range(0, height, rows):
        bottom = min(height, top + rows)
        out_top, out_bottom = top * new_h // height, bottom * new_h // height
        if out_bottom <= out_top:
            continue
        band = _plain_32(picture.subsurface(pygame.Rect(0, top, width, bottom - top)), see_through)
        scaled = pygame.transform.smoothscale(band, (new_w, out_bottom - out_top))
        if onto is not None:
            out.blit(scaled, (at[0], at[1] + out_top))
        else:  # onto a clear picture, MAX copies a see-through band as it is (a blit would blend it)
            out.blit(scaled, (0, out_top), special_flags=pygame.BLEND_RGBA_MAX if see_through else 0)
    return out


def _plain_32(band: pygame.Surface, see_through: bool) -> pygame.Surface:
    """A copy of a band in 32 bits a pixel (smoothscale reads 24 and 32; palettes and keys become alpha)."""
    copy = pygame.Surface(band.get_size(), pygame.SRCALPHA if see_through else 0, 32)
    copy.blit(band, (0, 0), special_flags=pygame.BLEND_RGBA_MAX if see_through and band.get_flags() & pygame.SRCALPHA
              else 0)
    return copy


__all__ = ["BAND_PIXELS", "smoothscale_banded"]
