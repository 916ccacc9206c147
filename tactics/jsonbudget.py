"""How many values a JSON text may turn into, counted before it is parsed.

Why: ``json.loads`` builds every value of a document before any loader can look
at it, and a small text makes many large Python objects: ``[]`` (3 bytes with
its comma) becomes 64 bytes, ``{"a":1}`` (8 bytes) almost 200. A file under a
loader's byte cap could hold tens of millions of them: a 256 MB save of ``[],``
is 6 GB as objects, and objects nested without a comma (``{"a":{"a":...``)
escape a count of commas alone. So each loader states a :class:`JsonBudget`
(values, objects, lists: what its largest real document holds, with room) and
:func:`over_budget` counts commas, ``{`` and ``[`` in the raw text (characters
inside strings are counted too: an over-estimate, never an under-estimate),
which costs a pass over the bytes in C and no objects. Pure Python, no imports
from the rest of Tactics.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class JsonBudget:
    """The most values, objects (``{}``) and lists (``[]``) a kind of document may hold."""

    values: int
    objects: int
    lists: int


def value_problem(exc: ValueError) -> str:
    """The sentence for a ``ValueError`` ``json.loads`` raised past its syntax errors: a number of
    more than Python's 4,300 digits said as that, not as "use sys.set_int_max_str_digits()" (review 21)."""
    text = " ".join(str(exc).split())
    if "integer string conversion" in text:
        found = re.search(r"value has (\d+) digits", text)
        digits = f" ({int(found.group(1)):,} digits)" if found else ""
        return f"holds a number too long to read{digits}"
    return text


def _counts(text: bytes | str) -> tuple[int, int, int]:
    """Commas, ``{`` and ``[`` in ``text``."""
    if isinstance(text, bytes):
        return text.count(b","), text.count(b"{"), text.count(b"[")
    return text.count(","), text.count("{"), text.count("[")


def over_budget(text: bytes | str, budget: JsonBudget) -> str | None:
    """What in ``text`` is over ``budget`` (a phrase such as "more than 5,000,000 values"), or None."""
    if len(text) <= min(budget.values, budget.objects, budget.lists):
        return None  # each counted character is one byte at least: nothing can be over
    commas, objects, lists = _counts(text)
    if objects > budget.objects:
        return f"more than {budget.objects:,} JSON objects"
    if lists > budget.lists:
        return f"more than {budget.lists:,} JSON lists"
    # each value but the first of its list or object follows a comma: commas and openings count them
    if commas + objects + lists > budget.values:
        return f"more than {budget.values:,} values"
    return None
