"""Physical scale: make one square on the players' screen a chosen real size.

The GM says how big one square should be (for example 1 inch, for miniatures
on a TV laid flat) and how big the screen is: its visible width in inches or
millimetres, or its pixels per inch. From that, :meth:`Calibration.cell_px`
gives the whole number of pixels per square; the players' window keeps that
zoom whatever the GM does with the zoom on the GM's own screen.

Pure arithmetic (no pygame), so it is tested exactly.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

MM_PER_INCH = 25.4
_UNITS = {"in": MM_PER_INCH, "inch": MM_PER_INCH, "inches": MM_PER_INCH, '"': MM_PER_INCH,
          "mm": 1.0, "cm": 10.0}
_LENGTH = re.compile(r"^\s*(\d+(?:[.,]\d+)?)\s*([a-z\"]*)\s*$")
#: What a table can mean (anything outside is a typing slip, refused with the range):
SQUARE_MM = (2.0, 300.0)  # one square: 2 mm to a foot
SCREEN_MM = (25.0, 20_000.0)  # the screen's visible width: an inch to a 20 m wall
DPI = (10.0, 2000.0)  # pixels per inch: a projection on a wall to a phone
MAX_CELL_PX = 2000  # pixels per square the players' window can keep


class CalibrationError(ValueError):
    """A length or DPI the GM typed that cannot be used; the message says which and why."""


def parse_length_mm(text: str, *, what: str, default_unit: str = "in") -> float:
    """``"1 in"``, ``"25 mm"``, ``"2.5cm"``, ``"1"`` (inches) -> millimetres."""
    m = _LENGTH.match(text.lower())
    if not m:
        raise CalibrationError(f"{what}: type a length such as 1 in, 25 mm or 2.5 cm (not {text!r})")
    value = float(m.group(1).replace(",", "."))
    unit = m.group(2) or default_unit
    if unit not in _UNITS:
        raise CalibrationError(f"{what}: unknown unit {unit!r} (use in, mm or cm)")
    mm = value * _UNITS[unit]
    if mm <= 0:
        raise CalibrationError(f"{what}: must be more than zero")
    return mm


def _within(value: float, bounds: tuple[float, float], what: str, unit: str) -> float:
    low, high = bounds
    if not math.isfinite(value) or not low <= value <= high:
        raise CalibrationError(f"{what}: type a value from {low:g} to {high:g} {unit}")
    return value


@dataclass(frozen=True)
class Calibration:
    """One square = ``square_mm`` millimetres on a screen of ``px_per_mm`` pixels per millimetre."""

    square_mm: float
    px_per_mm: float

    @classmethod
    def from_width(cls, square_mm: float, screen_mm: float, screen_px: int) -> "Calibration":
        """The screen shows ``screen_px`` pixels across ``screen_mm`` millimetres."""
        if screen_mm <= 0 or screen_px <= 0:
            raise CalibrationError("screen width: must be more than zero")
        return cls(square_mm, screen_px / screen_mm)

    @classmethod
    def from_dpi(cls, square_mm: float, dpi: float) -> "Calibration":
        if dpi <= 0:
            raise CalibrationError("pixels per inch: must be more than zero")
        return cls(square_mm, dpi / MM_PER_INCH)

    @classmethod
    def from_text(cls, square: str, screen: str, screen_px: int) -> "Calibration":
        """From what the GM typed: a square size, and the screen's width or its DPI (``"96 dpi"``)."""
        square_mm = _within(parse_length_mm(square, what="one square"), SQUARE_MM, "one square", "mm")
        low = screen.strip().lower()
        if low.endswith("dpi") or low.endswith("ppi"):
            number = low[:-3].strip().replace(",", ".")
            try:
                dpi = float(number)
            except ValueError:
                raise CalibrationError(f"pixels per inch: type a number such as 96 dpi (not {screen!r})") from None
            return cls._checked(cls.from_dpi(square_mm, _within(dpi, DPI, "pixels per inch", "dpi")))
        width_mm = _within(parse_length_mm(screen, what="screen width"), SCREEN_MM, "screen width", "mm")
        return cls._checked(cls.from_width(square_mm, width_mm, int(screen_px)))

    @staticmethod
    def _checked(calibration: "Calibration") -> "Calibration":
        """Refused when one square would not fit a window (a slip in one of the two boxes)."""
        px = calibration.square_mm * calibration.px_per_mm
        if not math.isfinite(px) or px > MAX_CELL_PX:
            raise CalibrationError(f"one square would be {px:,.0f} px wide (at most {MAX_CELL_PX}): "
                                   "check the square size and the screen's width or DPI")
        return calibration

    def cell_px(self) -> int:
        """Whole pixels per square (at least 4): the size the players' window keeps."""
        return max(4, round(self.square_mm * self.px_per_mm))

    def describe(self) -> str:
        inches = self.square_mm / MM_PER_INCH
        return f"1 square = {self.square_mm:g} mm ({inches:.2f} in) = {self.cell_px()} px"
