"""Loading rules data (TOML/JSON) with errors a GM can act on.

Every rules number a table might house-rule lives in a data file under
``tactics/data/`` (or a table's own copy). Bad data never crashes with a
traceback: :class:`DataError` names the file, the field and the problem.
Validation uses pydantic models, one per kind of item.
"""

from __future__ import annotations

import json
import math
import os
import re
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Callable, TypeVar

# The models validate a GM's files and report to no pydantic plugin (observability tools);
# looking for one scans every installed package's metadata, 20 ms of each start.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

from tactics.rules import remembered  # noqa: E402
from tactics.rules.plain_model import AfterValidator, Field, PlainModel, validation_error  # noqa: E402
from tactics.safefiles import FileRefused, read_regular  # noqa: E402

if TYPE_CHECKING:
    from tactics.rules.table_folder import TableFolder


class DataModel(PlainModel):
    """The base of every validated model (rules data, encounters, saves).

    A plain class until it validates (:mod:`tactics.rules.plain_model`): pydantic is
    imported, and a model's validator built, the first time one validates, not when
    its module is imported. A later start validates nothing (the data it validated
    before is rebuilt from the user's cache), so it imports no pydantic at all.
    """


M = TypeVar("M", bound=PlainModel)


class DataError(ValueError):
    """A data file that cannot be used: which file, which field, what is wrong."""

    def __init__(self, path: str | Path, field: str, problem: str) -> None:
        self.path = str(path)
        self.field = field
        self.problem = problem
        where = f"{self.path}: {shown_field(field)}: " if field else f"{self.path}: "
        super().__init__(where + problem)


#: A field path longer than this is shortened in the message (a house-ruled item's name is part of it).
MAX_SHOWN_FIELD = 240


def shown_field(field: str) -> str:
    """A field path as one short, printable line: control and invisible characters escaped
    (``\\x00``), and a path made long by a 10,000-character name cut in the middle, its length said
    (its start and its end, the field itself, stay)."""
    text = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in field)
    if len(text) <= MAX_SHOWN_FIELD:
        return text
    return f"{text[:100]}...{text[-40:]} (a path of {len(field):,} characters)"


#: A table's own rules folder: files there replace the bundled ones of the same name
#: (``tactics --data DIR`` sets it; a GM copies only the files they house-rule).
DATA_ENV = "TACTICS_DATA"


def bundled_data_path(*parts: str) -> Path:
    """Path of a bundled data file under ``tactics/data``."""
    return Path(str(resources.files("tactics") / "data")).joinpath(*parts)


def data_path(*parts: str) -> Path:
    """Path of a rules data file: the table's own copy when its folder has one, else the bundled one.

    The table's folder is the one ``TACTICS_DATA`` names (``tactics --data DIR`` sets it;
    a script calls :func:`use_folder`)."""
    own = os.environ.get(DATA_ENV)
    if own:
        candidate = Path(own).expanduser().joinpath(*parts)
        if candidate.is_file():
            return candidate
    return bundled_data_path(*parts)


def use_folder(folder: str | Path | None) -> "TableFolder | None":
    """Play by a table's own rules folder from now on in this process (None: the bundled rules).

    For a script that compares house rules with the book in one process::

        from tactics.rules import data, explosives
        book = explosives.scatter_odds()[(0, 0)]          # 1/4
        data.use_folder("house")                          # house/scatter.toml
        house = explosives.scatter_odds()[(0, 0)]         # the house table's
        data.use_folder(None)                             # the book again

    It sets ``TACTICS_DATA`` (what :func:`data_path`, the folder summary and any child
    process read) and clears every cached loader, so the numbers and
    ``read_table_folder().summary()`` always agree. An encounter opened before keeps the
    sheets and map it was built with: open it again after switching. Returns the folder
    looked over (its ``problems`` name misnamed files), None for the bundled rules;
    DataError if ``folder`` is not a folder.
    """
    if folder is None:
        os.environ.pop(DATA_ENV, None)
    else:
        where = Path(folder).expanduser()
        if not where.is_dir():
            raise DataError(where, "", "not a folder")
        os.environ[DATA_ENV] = str(where.resolve())
    clear_rules_caches()
    from tactics.rules.table_folder import read_table_folder

    return read_table_folder()


def clear_rules_caches() -> None:
    """Forget every cached rules loader (and every other ``functools`` cache of the package),
    so the next question reads the data files again (:func:`use_folder`)."""
    import sys

    for name, module in list(sys.modules.items()):
        if module is None or not (name == "tactics" or name.startswith("tactics.")):
            continue
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)) and hasattr(value, "cache_info"):
                value.cache_clear()
    catalogue = sys.modules.get("tactics.rules.catalogue")
    if catalogue is not None:
        catalogue.folder_changed()  # the start's sweep checks the new folder's files too


def read_document(path: str | Path) -> dict[str, Any]:
    """Parse a TOML or JSON file into a dict, or raise DataError naming the line.

    Only a regular file of at most :data:`MAX_DOCUMENT_BYTES` is read (never
    ``/dev/zero`` or a FIFO); every number in it must be finite and within
    :data:`MAX_NUMBER` (see :func:`out_of_bounds`).
    """
    path = Path(path)
    try:
        data = read_regular(path, MAX_DOCUMENT_BYTES)
    except FileRefused as exc:
        raise DataError(path, "", exc.problem) from None
    toml = path.suffix.lower() != ".json"
    if toml:  # (JSON parses fast; TOML is parsed in Python: a file read before is not parsed again)
        known = remembered.recalled_document(data)
        if known is not None:
            return known
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DataError(path, "", f"cannot read: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    try:
        doc = _parsed_toml(path, text) if toml else json.loads(text)
    except DataError:
        raise
    except json.JSONDecodeError as exc:
        raise DataError(path, f"line {exc.lineno}", exc.msg) from None
    except RecursionError:
        raise DataError(path, "", "nested too deeply") from None
    except ValueError as exc:  # a number with too many digits to read
        from tactics.jsonbudget import value_problem

        raise DataError(path, "", value_problem(exc)) from None
    if not isinstance(doc, dict):
        raise DataError(path, "", "the top level must be a table/object")
    found = out_of_bounds(doc)
    if found is not None:
        raise DataError(path, found[0], found[1])
    if toml:
        remembered.remember_document(data, doc)
    return doc


#: Parts of one dotted TOML key (``a.b.c = 1``, ``[a.b.c]``) read at most: tomllib joins a key's parts
#: one by one (time and memory grow with their square: a 200 KB key of 100,000 parts took 10 s and
#: ran out of memory, review 21). Any document deeper than :data:`MAX_DEPTH` is refused anyway.
MAX_KEY_PARTS = 1000
#: Runs of ``part.`` where a key may start (a line's start, after ``[``, ``{`` or ``,``; bare or quoted
#: parts, blanks around the dots): found without backtracking.
_DOTTED_RUN = re.compile(r"""(?m)(?:^|[\[{,])[ \t]*((?:(?:[A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')[ \t]*\.[ \t]*)+)""")


def _long_dotted_key(text: str) -> int | None:
    """The line of the first key of more than :data:`MAX_KEY_PARTS` dotted parts (None: none).

    Looked for where a key may start, so prose in a string (``= "Wait. Go. ..."``) is not one."""
    if text.count(".") < MAX_KEY_PARTS:
        return None
    for match in _DOTTED_RUN.finditer(text):
        if match.group(1).count(".") >= MAX_KEY_PARTS:
            return text.count("\n", 0, match.start(1)) + 1
    return None


def _parsed_toml(path: Path, text: str) -> Any:
    import tomllib  # (imported only for a file not parsed at an earlier start: 4 modules and their patterns)

    line = _long_dotted_key(text)
    if line is not None:
        raise DataError(path, f"line {line}", f"a key of more than {MAX_KEY_PARTS:,} dotted parts; nested too deeply")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(path, "", f"not valid TOML: {' '.join(str(exc).split())}") from None


#: Every number in a data, encounter or save document lies within this (a rules number,
#: a square, a seed ...); beyond it arithmetic overflows floats and drawing overflows pixels.
MAX_NUMBER = 2**63
#: A data or encounter file is text a person writes: a few KB, never megabytes (the bundled files are
#: under 10 KB). Parsing TOML costs about 120 bytes of memory and 2 us a byte of such text: 4 MB is
#: at most ~0.5 GB and seconds (16 MB of hostile one-line tables took 1.9 GB and 30 s: review 12).
MAX_DOCUMENT_BYTES = 4 * 1024 * 1024
#: Entries one table of a rules file may hold (``[weapon.NAME]`` ...): a table's own rules, not a library.
MAX_ITEMS = 5000
#: Deeper than this a document is not something a person wrote (and recursion would suffer).
MAX_DEPTH = 64


def out_of_bounds(doc: Any, where: str = "") -> tuple[str, str] | None:
    """The first place (``teams.party.colour[0]``) holding a non-finite or huge number, or
    a structure nested too deeply, with the problem; None when there is none."""
    stack: list[tuple[Any, str, int]] = [(doc, where, 0)]
    while stack:
        item, at, depth = stack.pop()
        if depth > MAX_DEPTH:
            return at, "nested too deeply"
        if isinstance(item, bool) or item is None or isinstance(item, str):
            continue
        if isinstance(item, int):
            if abs(item) > MAX_NUMBER:
                return at, f"the number {_short(item)} is too large"
        elif isinstance(item, float):
            if not math.isfinite(item):
                return at, f"{item} is not a number that can be used"
            if abs(item) > MAX_NUMBER:
                return at, f"the number {item:g} is too large"
        elif isinstance(item, dict):
            stack.extend((v, f"{at}.{k}" if at else str(k), depth + 1) for k, v in item.items())
        elif isinstance(item, (list, tuple)):
            stack.extend((v, f"{at}[{i}]", depth + 1) for i, v in enumerate(item))
    return None


def _short(value: int) -> str:
    digits = len(str(abs(value))) if abs(value) < 10**4000 else 4000
    return str(value) if digits <= 12 else f"with {digits} digits"


def field_name(loc: tuple[Any, ...] | list[Any], prefix: str = "") -> str:
    """A pydantic error location as the file's own path: ``combatants[0].cell``."""
    out = prefix
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def control_text(doc: Any, where: str = "") -> str | None:
    """The first place holding text with a NUL or another control character that is not
    tab or a line break (the window cannot draw them: pygame refuses a NUL), or None."""
    stack: list[tuple[Any, str, int]] = [(doc, where, 0)]
    while stack:
        item, at, depth = stack.pop()
        if isinstance(item, str):
            if any((ord(ch) < 32 and ch not in "\t\n\r") or 0xD800 <= ord(ch) < 0xE000 for ch in item):
                return at
        elif isinstance(item, dict) and depth < MAX_DEPTH:
            for k, v in item.items():
                stack.append((k, f"{at}.{k!r}" if at else repr(k), depth + 1))
                stack.append((v, f"{at}.{k}" if at else str(k), depth + 1))
        elif isinstance(item, (list, tuple)) and depth < MAX_DEPTH:
            stack.extend((v, f"{at}[{i}]", depth + 1) for i, v in enumerate(item))
    return None


def validate(path: str | Path, model: type[M], raw: Any, prefix: str = "") -> M:
    """Validate ``raw`` against ``model``; errors name the field path in the file.

    Text holding a NUL or another control character is refused first, naming its field.
    Data that passed before is rebuilt without validating it again (:mod:`tactics.rules.remembered`).
    """
    known = remembered.recalled(model, raw)
    if known is not None:
        return known
    bad = control_text(raw)
    if bad is not None:
        field = ".".join(p for p in (prefix, bad) if p)
        raise DataError(path, field, "holds a NUL or another control character the window cannot show")
    try:
        validated = model.model_validate(raw)
    except validation_error() as exc:
        first = exc.errors()[0]
        loc = ".".join(str(p) for p in first.get("loc", ()))
        field = ".".join(p for p in (prefix, loc) if p)
        raise DataError(path, field, first.get("msg", "invalid value")) from None
    except RecursionError:
        raise DataError(path, prefix, "nested too deeply") from None
    remembered.remember(model, raw, validated)
    return validated


# -- bounded values shared by the data models ----------------------------------------------

#: One channel of an RGB colour: a whole number 0..255 (not 300, not "x", not 1.5).
ColourChannel = Annotated[int, Field(strict=True, ge=0, le=255)]
#: An RGB colour as three channels, e.g. ``[70, 140, 230]``.
Colour = tuple[ColourChannel, ColourChannel, ColourChannel]
#: An ability score (STR, DEX ...): 1 to 100 covers every creature the rules describe.
AbilityScore = Annotated[int, Field(ge=0, le=100)]
#: A bonus or modifier on a sheet (skill, save, initiative, accuracy).
Bonus = Annotated[int, Field(ge=-100, le=100)]


#: The direction overrides and isolates (U+202A-U+202E, U+2066-U+2069): in a name they turn the rest
#: of a log line around ("Bear 1 hits <RLO>retsnoM" reads "Bear 1 hits Monster"); review 12
BIDI_CONTROLS = frozenset(map(chr, [*range(0x202A, 0x202F), *range(0x2066, 0x206A)]))


def _printable(value: str) -> str:
    if any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 or 0xD800 <= ord(ch) < 0xE000 for ch in value):
        raise ValueError("must not hold control characters (NUL, tab, newline ...)")
    return value


def _no_bidi(value: str) -> str:
    if any(ch in BIDI_CONTROLS for ch in value):
        raise ValueError("must not hold a text-direction control (U+202A-U+202E, U+2066-U+2069)")
    return value


#: Text drawn on screen (a name, a label): no NUL or other control characters.
ScreenText = Annotated[str, AfterValidator(_printable)]

#: The longest name or label in a rules file (a weapon's, a condition's, a ship's, a skill's ...):
#: a label fits a token plate, a menu line or a log line. The bundled data's longest is 44.
MAX_LABEL_CHARS = 80
#: The longest description, note or effect text (shown wrapped on a card). The bundled data's longest is 97.
MAX_PROSE_CHARS = 1000


def _at_most(limit: int, what: str) -> Callable[[str], str]:
    def check(value: str) -> str:
        if len(value) > limit:  # (a custom error: its message is the sentence, without "Value error, ")
            from pydantic_core import PydanticCustomError

            raise PydanticCustomError("too_long", "is {length} characters long; {what} may have at most {limit}",
                                      {"length": f"{len(value):,}", "what": what, "limit": limit})
        return value

    return check


def _readable(value: str) -> str:
    if any((ord(ch) < 32 and ch not in "\t\n\r") or 0x7F <= ord(ch) < 0xA0 or 0xD800 <= ord(ch) < 0xE000
           for ch in value):
        raise ValueError("must not hold control characters (NUL ...) other than tab and line breaks")
    return value


#: A name or label of rules data: printable, at most :data:`MAX_LABEL_CHARS` characters. Every
#: model's names, labels and the ids they refer to use it, so one cap covers them all.
Label = Annotated[str, AfterValidator(_at_most(MAX_LABEL_CHARS, "a name or label")), AfterValidator(_printable),
                  AfterValidator(_no_bidi)]
#: A description, note or effect text: tab and line breaks allowed, at most :data:`MAX_PROSE_CHARS`.
Prose = Annotated[str, AfterValidator(_at_most(MAX_PROSE_CHARS, "a description")), AfterValidator(_readable)]


def load_items(path: str | Path, model: type[M], table: str) -> dict[str, M]:
    """Load ``[table.NAME]`` entries of a file as ``{NAME: model}``.

    A file such as ``weapons.toml`` holds ``[weapon.pistol]``, ``[weapon.rifle]``
    ...; each entry is validated on its own so an error names the item.
    """
    doc = read_document(path)
    items = doc.get(table)
    if not isinstance(items, dict) or not items:
        raise DataError(path, table, f"expected a table of entries named [{table}.NAME]")
    if len(items) > MAX_ITEMS:
        raise DataError(path, table, f"{len(items):,} entries; a table may hold at most {MAX_ITEMS:,}")
    out: dict[str, M] = {}
    with remembered.batch():  # (one write of what was remembered, not one per item)
        for name, raw in items.items():
            if not isinstance(raw, dict):
                raise DataError(path, f"{table}.{name}", "expected a table")
            out[name] = validate(path, model, {"name": name, **raw}, f"{table}.{name}")
    return out
