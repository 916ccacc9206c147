"""Shortening a long name in the middle ("aaaa…aaaa.json"), so its start, its end and
whatever follows it (the reason a file was refused) stay readable.

Why: a name cut at its end loses the extension and, in a sentence, the reason after it;
a file manager or a browser's download bar shortens file names in the middle instead.
"""

from __future__ import annotations

ELLIPSIS = "…"

#: a file name in a message is shortened to this many characters (a 250-letter name ran off the
#: banner at both window edges and pushed the reason out of the status line: review 8)
NAME_KEEP = 48


def middle(text: str, keep: int, *, head: int | None = None) -> str:
    """``text`` if it has at most ``keep`` characters, else its start and end around an ellipsis
    (``keep`` characters in all; ``head`` of them from the start, by default about half: the end
    keeps the extension and the last letters)."""
    if len(text) <= keep:
        return text
    keep = max(keep, 3)
    head = keep - 1 - (keep - 1) // 2 if head is None else max(1, min(head, keep - 2))
    tail = keep - 1 - head
    return text[:head] + ELLIPSIS + text[len(text) - tail:]


def middle_path(path: str, keep: int) -> str:
    """A folder path shortened for a message: its first quarter and its end (the folders that say
    which one it is) around an ellipsis."""
    return middle(path, keep, head=keep // 4)


__all__ = ["ELLIPSIS", "NAME_KEEP", "middle", "middle_path"]
