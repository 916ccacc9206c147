"""Token pictures: an image file cropped round for a token, loaded safely, cached per size.

Why it exists: a GM gives a creature a picture (a PNG from a token pack, a
JPEG portrait). The file is untrusted: its size is read from the header first
(:mod:`tactics.maps.imagesize`) and refused above the token limit before
anything is decoded; a file that cannot be decoded, or has gone missing since,
gives a message once and the token keeps its initials. A picture is decoded
once, reduced to at most :data:`SOURCE_SIDE` pixels, and cropped to a centred
circle per diameter asked for.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from tactics.engine.builder.allowed import ART_MAX_PIXELS, ART_MAX_SIDE
from tactics.maps.imagesize import ImageHeaderError, safe_image_file_size
from tactics.ui import theme
from tactics.ui.decode_ahead import load_picture

SOURCE_SIDE = 512  # a token is never drawn larger than this (supersampled)

_sources: dict[str, pygame.Surface | None] = {}
_round: dict[tuple[str, int], pygame.Surface] = {}
_problems: dict[str, str] = {}  # file name -> why it cannot be shown, since the last take_problems


def _decode(path: str) -> pygame.Surface | None:
    name = Path(path).name
    try:
        _, width, height = safe_image_file_size(path)
        if width > ART_MAX_SIDE or height > ART_MAX_SIDE or width * height > ART_MAX_PIXELS:
            raise ImageHeaderError(f"{width}x{height} pixels is too large for a token")
        image = load_picture(path)  # (never waits on a FIFO swapped in after the header was read)
    except FileNotFoundError:
        _problems[name] = "missing"
        return None
    except (ImageHeaderError, OSError, ValueError, MemoryError, pygame.error) as exc:
        _problems[name] = _reason(exc)
        return None
    side = min(image.get_width(), image.get_height())
    if side < 1:
        _problems[name] = "no pixels"
        return None
    square = pygame.Rect(0, 0, side, side)
    square.center = (image.get_width() // 2, image.get_height() // 2)
    if image.get_bitsize() in (24, 32):
        cropped = image.subsurface(square).copy()
    else:  # a palette image: onto 32 bits for smooth scaling
        cropped = pygame.Surface((side, side), pygame.SRCALPHA)
        cropped.blit(image, (0, 0), square)
    if side > SOURCE_SIDE:
        cropped = pygame.transform.smoothscale(cropped, (SOURCE_SIDE, SOURCE_SIDE))
    return cropped


def source(path: str) -> pygame.Surface | None:
    """The square middle of the picture (decoded once); None when it cannot be shown."""
    if path not in _sources:
        _sources[path] = _decode(path)
    return _sources[path]


def round_picture(path: str | None, diameter: int) -> pygame.Surface | None:
    """The picture as a disc ``diameter`` pixels wide (transparent outside); None: use initials."""
    if not path or diameter < 2:
        return None
    key = (path, int(diameter))
    hit = _round.get(key)
    if hit is not None:
        return hit
    picture = source(path)
    if picture is None:
        return None
    scaled = pygame.transform.smoothscale(picture, (diameter, diameter))
    if not scaled.get_flags() & pygame.SRCALPHA:  # an opaque picture: give it an alpha channel
        opaque, scaled = scaled, pygame.Surface((diameter, diameter), pygame.SRCALPHA)
        scaled.blit(opaque, (0, 0))
    mask = pygame.Surface((diameter, diameter), pygame.SRCALPHA)
    mask.fill((*theme.INK_LIGHT, 0))  # white keeps the colours under BLEND_RGBA_MIN
    pygame.draw.circle(mask, (*theme.INK_LIGHT, 255), (diameter / 2, diameter / 2), diameter / 2)
    scaled.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)  # alpha cut to the disc, colours exact
    if len(_round) > 256:
        _round.clear()
    _round[key] = scaled
    return scaled


def _reason(exc: BaseException) -> str:
    """Why a picture cannot be shown, as a few words in brackets ("not a readable PNG file")."""
    if isinstance(exc, OSError) and exc.strerror:  # "too many levels of symbolic links", not "[Errno 40] ... '/path'"
        return exc.strerror[:1].lower() + exc.strerror[1:]
    text = " ".join(str(exc).split()).rstrip(".")
    lowered = text.lower()
    if "png" in lowered and ("error reading" in lowered or "corrupt" in lowered or "crc" in lowered):
        return "not a readable PNG file"
    if "jpeg" in lowered or "jpg" in lowered:
        return "not a readable JPEG file"
    if "unsupported image format" in lowered or "unknown image" in lowered:
        return "not a picture file"
    if not text:
        return type(exc).__name__
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


def _sentence(name: str, reason: str) -> str:
    if reason == "missing":
        return f"Token picture {name} is missing: showing initials."
    return f"Token picture {name} cannot be shown ({reason}): showing initials."


def take_problems() -> list[str]:
    """Messages about pictures that could not be shown since the last call (each file once)."""
    out = [_sentence(name, reason) for name, reason in _problems.items()]
    _problems.clear()
    return out


def take_message() -> str | None:
    """One status-line message for every picture that could not be shown since the last call
    (a second problem must not replace the first: an outside reviewer saw only the last of two)."""
    problems = list(_problems.items())
    _problems.clear()
    if not problems:
        return None
    if len(problems) == 1:
        return _sentence(*problems[0])
    listed = ", ".join(f"{name} ({reason})" for name, reason in problems)
    return f"{len(problems)} token pictures could not be shown: {listed}. Showing initials."


def forget(path: str | None = None) -> None:
    """Drop cached pictures (one file's, or all): a file the GM replaced is read again."""
    for key in [k for k in _sources if path is None or k == path]:
        del _sources[key]
    for round_key in [k for k in _round if path is None or k[0] == path]:
        del _round[round_key]


__all__ = ["forget", "round_picture", "source", "take_message", "take_problems"]
