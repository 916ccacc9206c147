"""One memory budget for all the pictures a map decodes, checked from their headers.

Why: :mod:`tactics.maps.imagesize` caps each picture at :data:`MAX_PIXELS`, but a
map may name many: a Tiled map of eight 10000 x 10000 tilesets is eight legal
pictures and 3.5 GB once decoded (review 12). The window decodes every picture
a map draws (its background and each tileset picture a drawn tile uses), so the
loaders add those pictures' header sizes up with :func:`check_budget` before
anything is decoded, and a map whose pictures together pass
:data:`MAX_MAP_PIXELS` is refused in one line naming the map and the limit.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from tactics.maps.battlemap import MapError, MapImage
from tactics.maps.imagesize import MAX_PIXELS, ImageHeaderError, ImageTooLarge, safe_image_file_size, safe_image_size

#: All the pictures one map decodes, in pixels, summed (100 megapixels: 400 MB decoded).
MAX_MAP_PIXELS = MAX_PIXELS

#: (the picture's name as the GM knows it, width, height)
Picture = tuple[str, int, int]


def check_budget(shown: str, pictures: Iterable[Picture]) -> None:
    """Refuse (MapError on ``shown``) a map whose pictures together pass :data:`MAX_MAP_PIXELS`."""
    found = list(pictures)
    total = sum(w * h for _, w, h in found)
    if total <= MAX_MAP_PIXELS:
        return
    name, w, h = max(found, key=lambda p: p[1] * p[2])
    raise MapError(
        shown,
        f"the map's {len(found)} pictures are {total / 1e6:.0f} megapixels in all (the largest, {name}, is "
        f"{w}x{h}); the limit is {MAX_MAP_PIXELS // 1_000_000} megapixels for one map",
    )


def picture_file(name: str, folder: Path | None) -> Path:
    """Where a picture a map names is: relative names are in the map file's folder."""
    path = Path(name)
    if not path.is_absolute() and folder is not None:
        path = folder / path
    return path


def file_picture(path: Path, shown: str) -> Picture | None:
    """A picture file's size from its header; None when it cannot be sized (missing, not an
    image: the window draws those tiles plain and says so). Too large: MapError."""
    try:
        _, w, h = safe_image_file_size(path)
    except ImageTooLarge as exc:
        raise MapError(shown, f"picture {path.name}: {exc}") from None
    except (OSError, ImageHeaderError):
        return None
    return path.name, w, h


def pictures_of(image: MapImage | None, tile_images: Iterable[str], folder: Path | None, shown: str) -> list[Picture]:
    """The sizes of a map's background picture and of the distinct tile pictures it names."""
    found: list[Picture | None] = []
    if image is not None and image.data is not None:
        try:
            _, w, h = safe_image_size(image.data)
            found.append(("the map picture", w, h))
        except ImageHeaderError:
            pass  # (the loader has refused a picture too large; the window says it cannot read this one)
    elif image is not None and image.path is not None:
        found.append(file_picture(picture_file(image.path, folder), shown))
    found += [file_picture(picture_file(name, folder), shown) for name in set(tile_images)]
    return [p for p in found if p is not None]


__all__ = ["MAX_MAP_PIXELS", "Picture", "check_budget", "file_picture", "picture_file", "pictures_of"]
