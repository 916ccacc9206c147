"""Shortening a long name in the middle ("aaaa…aaaa.json"), so its start, its end and
whatever follows it (the reason a file was refused) stay readable.

Why: a name cut at its end loses the extension and, in a sentence, the reason after it;
a file manager or a browser's download bar shortens file names in the middle instead.
"""

from __future__ import annotations

from typing import Callable

ELLIPSIS = "…"


def middle(text: str, keep: int) -> str:
    """``text`` if it has at most ``keep`` characters, else its start and end around an ellipsis
    (``keep`` characters in all, the end a little shorter: the extension and the last letters)."""
    if len(text) <= keep:
        return text
    keep = max(keep, 3)
    tail = (keep - 1) // 2
    head = keep - 1 - tail
    return text[:head] + ELLIPSIS + text[len(text) - tail:]


def middle_to_fit(text: str, fits: Callable[[str], bool], *, around: Callable[[str], str] = lambda s: s) -> str:
    """The longest :func:`middle` of ``text`` for which ``fits(around(shortened))`` holds (``around``
    puts the name into its sentence); the full text when it fits, 3 characters at least."""
    if fits(around(text)):
        return text
    low, high = 3, len(text) - 1  # binary search on the characters kept
    while low < high:
        mid = (low + high + 1) // 2
        if fits(around(middle(text, mid))):
            low = mid
        else:
            high = mid - 1
    return middle(text, low)


__all__ = ["ELLIPSIS", "middle", "middle_to_fit"]
