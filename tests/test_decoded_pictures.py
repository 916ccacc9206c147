"""Map pictures decoded once and remembered (tactics/ui/decoded_pictures.py; issue 12: start time).

What a user notices: the window opens faster the second time, with the same map pixel for
pixel; an edited picture shows its new pixels; a damaged cache file changes nothing on screen.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from tactics.rules.checked_cache import CACHE_ENV
from tactics.ui import decoded_pictures


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    return tmp_path / "cache" / "pictures"


@pytest.fixture
def decodes(monkeypatch) -> list[str]:
    """The pictures pygame decodes from now on."""
    seen: list[str] = []
    real = pygame.image.load

    def counting(path: str, *args: object) -> pygame.Surface:
        seen.append(str(path))
        return real(path, *args)

    monkeypatch.setattr(pygame.image, "load", counting)
    return seen


def _picture(path: Path, alpha: bool = False, shade: int = 0) -> tuple[str, int, int]:
    surface = pygame.Surface((7, 5), pygame.SRCALPHA if alpha else 0, 32 if alpha else 24)
    for x in range(7):
        for y in range(5):
            surface.set_at((x, y), (x * 30 + shade, y * 40, (x * y * 9) % 256, 255 if not alpha else 40 * y + 10))
    pygame.image.save(surface, str(path))
    stat = path.stat()
    return (str(path.resolve()), stat.st_size, stat.st_mtime_ns)


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("alpha", [False, True], ids=["opaque", "see-through"])
def test_a_picture_decoded_once_is_read_back_pixel_for_pixel(folder, tmp_path, decodes, alpha):
    key = _picture(tmp_path / "map.png", alpha)
    first = decoded_pictures.load(key[0], key)
    assert decodes == [key[0]] and len(list(folder.glob("*.pixels"))) == 1
    again = decoded_pictures.load(key[0], key)
    assert decodes == [key[0]]  # not decoded again
    assert again.get_size() == first.get_size() and _pixels(again) == _pixels(first)
    assert bool(again.get_flags() & pygame.SRCALPHA) == alpha and again.get_masks() == first.get_masks()
    again.fill((1, 2, 3))  # (pixels of its own: drawing on it changes no file)
    assert _pixels(decoded_pictures.load(key[0], key)) == _pixels(first)


def test_an_edited_picture_is_decoded_again(folder, tmp_path, decodes):
    path = tmp_path / "map.png"
    key = _picture(path)
    decoded_pictures.load(key[0], key)
    _picture(path, shade=5)
    os.utime(path, ns=(key[2] + 10**9, key[2] + 10**9))  # (written a second later)
    stat = path.stat()
    shown = decoded_pictures.load(key[0], (key[0], stat.st_size, stat.st_mtime_ns))
    assert len(decodes) == 2 and shown.get_at((1, 0))[0] == 35  # the new pixels


@pytest.mark.parametrize("damage", ["cut short", "not ours", "other picture"])
def test_a_damaged_cache_file_only_means_decoding_again(folder, tmp_path, decodes, damage):
    key = _picture(tmp_path / "map.png")
    first = _pixels(decoded_pictures.load(key[0], key))
    (kept,) = folder.glob("*.pixels")
    data = kept.read_bytes()
    if damage == "cut short":
        kept.write_bytes(data[:-7])
    elif damage == "not ours":
        kept.write_bytes(b"\x89PNG garbage" + data[20:])
    else:
        kept.write_bytes(data.replace(b'"size": %d' % key[1], b'"size": %d' % (key[1] + 1)))
    assert _pixels(decoded_pictures.load(key[0], key)) == first
    assert len(decodes) == 2
    assert kept.read_bytes() == data  # written anew
    decoded_pictures.load(key[0], key)
    assert len(decodes) == 2


def test_a_palette_picture_is_not_kept_and_only_the_newest_are(folder, tmp_path):
    palette = pygame.Surface((4, 4), 0, 8)
    palette.set_palette([(i, i, i) for i in range(256)])
    pygame.image.save(palette, str(tmp_path / "grey.png"))
    stat = (tmp_path / "grey.png").stat()
    decoded_pictures.load(str(tmp_path / "grey.png"), (str(tmp_path / "grey.png"), stat.st_size, stat.st_mtime_ns))
    assert not folder.exists() or not list(folder.glob("*.pixels"))
    for i in range(decoded_pictures.KEEP + 2):
        key = _picture(tmp_path / f"map{i}.png", shade=i)
        decoded_pictures.load(key[0], key)
    assert len(list(folder.glob("*.pixels"))) == decoded_pictures.KEEP
