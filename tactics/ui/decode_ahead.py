"""Map pictures decoded ahead of their first frame, on another thread, and the last ones kept.

Why a module of its own (issue 12: start time): it needs only pygame, so the start can begin
decoding the bundled map's picture (:func:`tactics.ui.opening.open_default`) before the engine's
and the window's modules import, and the picture is ready, in the window's usual format, when
the first frame needs it. :mod:`tactics.ui.mapart` takes its pictures from here.
"""

from __future__ import annotations

import errno
import threading
from collections import OrderedDict
from pathlib import Path

import pygame

#: A file by (resolved path, size, time written): a picture changed on disk is decoded again.
FileKey = tuple[str, int, int]

#: The pixel format windows open in (SDL's XRGB8888, 32 bits, red in the high byte): a picture
#: decoded ahead is converted to it on the decoding thread, before any window exists.
USUAL_WINDOW_MASKS = (0xFF0000, 0x00FF00, 0x0000FF, 0)
#: a larger picture is not kept once its map's base is made (the base is kept by mapart): a
#: 100-megapixel picture held beside its scaled base was 400 MB of the 1.3 GB peak (review 12);
#: nor is it converted ahead (its base scales it down anyway)
DECODED_KEEP_PIXELS = 16_000_000
#: pictures kept, and decodings held for files opened but not drawn yet
DECODED_KEEP = 2

#: the last map pictures decoded, by file key: opening the same map again (a reloaded encounter,
#: an autosave restored, the next window) reuses the picture; the surfaces are only read (scaled
#: and blitted into the map's own base), never drawn on
DECODED: OrderedDict[FileKey, pygame.Surface] = OrderedDict()


def file_key(path: Path) -> FileKey:
    """``path`` as (resolved path, size, time written); OSError when it cannot be read."""
    stat = path.stat()
    return (str(path.resolve()), stat.st_size, stat.st_mtime_ns)


def in_usual_window_format(picture: pygame.Surface) -> pygame.Surface:
    """An opaque picture in :data:`USUAL_WINDOW_MASKS` (a see-through one, or a large one the
    base scales down anyway, as decoded).

    Why (issue 12: start time): the bundled map's 2100x1400 PNG decodes as 24-bit RGB, and its
    conversion to the window's format (``Surface.convert``: 7 ms) was the first frame's own work;
    made here, on the thread that decoded it (pygame lets go of the GIL while it converts), it
    overlaps the imports. The board converts again only for a window of another format; the
    pixels are the same either way."""
    if picture.get_flags() & pygame.SRCALPHA or picture.get_colorkey() is not None or \
            picture.get_width() * picture.get_height() > DECODED_KEEP_PIXELS:
        return picture
    if picture.get_bitsize() == 32 and picture.get_masks() == USUAL_WINDOW_MASKS:
        return picture
    return picture.convert(pygame.Surface((1, 1), 0, 32, USUAL_WINDOW_MASKS))


def load_picture(path: str | Path) -> pygame.Surface:
    """``pygame.image.load`` of a regular file, opened without blocking. pygame opens a path as
    it is: a map picture swapped for a FIFO after the map was read had the first frame wait for a
    writer for ever (review 21). No regular file there (missing, a FIFO, a folder):
    FileNotFoundError, whose caller says what is there instead; one too large: OSError."""
    from tactics.maps.safeio import MAX_MAP_BYTES
    from tactics.safefiles import FileRefused, open_regular

    try:
        opened, _ = open_regular(path, MAX_MAP_BYTES)
    except FileRefused as exc:
        if exc.missing or not Path(path).is_file():
            raise FileNotFoundError(errno.ENOENT, exc.problem, str(path)) from None
        raise OSError(exc.problem) from None
    with opened:
        return pygame.image.load(opened, str(path))


class Decoding(threading.Thread):
    """A map picture decoded on another thread (pygame lets go of the GIL while SDL_image decodes
    and while it converts: :func:`in_usual_window_format`)."""

    def __init__(self, path: str) -> None:
        super().__init__(name="map picture", daemon=True)
        self.path = path
        self.surface: pygame.Surface | None = None

    def run(self) -> None:
        try:
            self.surface = in_usual_window_format(load_picture(self.path))
        except Exception:  # noqa: BLE001 (decoded again where it is needed, which reports the problem)
            self.surface = None


#: map pictures being decoded ahead of their first frame (:func:`decode_soon`), by file key
DECODING: dict[FileKey, Decoding] = {}


def decode_soon(key: FileKey) -> None:
    """Start decoding the picture file ``key`` names, on another thread, unless it is decoded or
    being decoded already; nothing happens on a problem (the first frame decodes it again and
    says what is wrong)."""
    if key in DECODED or key in DECODING:
        return
    while len(DECODING) >= DECODED_KEEP:  # files opened but never drawn (a script, a test) keep no pictures
        del DECODING[next(iter(DECODING))]
    decoding = DECODING[key] = Decoding(key[0])
    decoding.start()


def decode_file_soon(path: Path) -> None:
    """:func:`decode_soon` for a file named by its path (nothing for one that cannot be read)."""
    try:
        key = file_key(path)
    except (OSError, ValueError):
        return
    decode_soon(key)


def picture(key: FileKey) -> pygame.Surface:
    """The picture file ``key`` names: kept, decoded ahead (waited for), or decoded now; kept
    for the next map that shows it when it is at most :data:`DECODED_KEEP_PIXELS`."""
    hit = DECODED.get(key)
    decoding = DECODING.pop(key, None)
    if hit is None and decoding is not None:
        decoding.join()
        hit = decoding.surface
    if hit is None:
        hit = load_picture(key[0])
    if hit.get_width() * hit.get_height() <= DECODED_KEEP_PIXELS:
        DECODED[key] = hit
        DECODED.move_to_end(key)
        while len(DECODED) > DECODED_KEEP:
            DECODED.popitem(last=False)
    return hit


__all__ = ["DECODED", "DECODED_KEEP", "DECODED_KEEP_PIXELS", "DECODING", "Decoding", "FileKey", "USUAL_WINDOW_MASKS",
           "decode_file_soon", "decode_soon", "file_key", "in_usual_window_format", "picture"]
