"""Loading rules data (TOML/JSON) with errors a GM can act on.

Every rules number a table might house-rule lives in a data file under
``tactics/data/`` (or a table's own copy). Bad data never crashes with a
traceback: :class:`DataError` names the file, the field and the problem.
Validation uses pydantic models, one per kind of item.
"""

from __future__ import annotations

import json
import os
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)


class DataError(ValueError):
    """A data file that cannot be used: which file, which field, what is wrong."""

    def __init__(self, path: str | Path, field: str, problem: str) -> None:
        self.path = str(path)
        self.field = field
        self.problem = problem
        where = f"{self.path}: {field}: " if field else f"{self.path}: "
        super().__init__(where + problem)


#: A table's own rules folder: files there replace the bundled ones of the same name
#: (``tactics --data DIR`` sets it; a GM copies only the files they house-rule).
DATA_ENV = "TACTICS_DATA"


def bundled_data_path(*parts: str) -> Path:
    """Path of a bundled data file under ``tactics/data``."""
    return Path(str(resources.files("tactics") / "data")).joinpath(*parts)


def data_path(*parts: str) -> Path:
    """Path of a rules data file: the table's own copy when its folder has one, else the bundled one."""
    own = os.environ.get(DATA_ENV)
    if own:
        candidate = Path(own).expanduser().joinpath(*parts)
        if candidate.is_file():
            return candidate
    return bundled_data_path(*parts)


def read_document(path: str | Path) -> dict[str, Any]:
    """Parse a TOML or JSON file into a dict, or raise DataError naming the line."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(path, "", "file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(path, "", f"cannot read: {exc}") from None
    try:
        if path.suffix.lower() == ".json":
            doc = json.loads(text)
        else:
            doc = tomllib.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(path, f"line {exc.lineno}", exc.msg) from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(path, "", f"not valid TOML: {exc}") from None
    if not isinstance(doc, dict):
        raise DataError(path, "", "the top level must be a table/object")
    return doc


def validate(path: str | Path, model: type[M], raw: Any, prefix: str = "") -> M:
    """Validate ``raw`` against ``model``; errors name the field path in the file."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = ".".join(str(p) for p in first.get("loc", ()))
        field = ".".join(p for p in (prefix, loc) if p)
        raise DataError(path, field, first.get("msg", "invalid value")) from None


def load_items(path: str | Path, model: type[M], table: str) -> dict[str, M]:
    """Load ``[table.NAME]`` entries of a file as ``{NAME: model}``.

    A file such as ``weapons.toml`` holds ``[weapon.pistol]``, ``[weapon.rifle]``
    ...; each entry is validated on its own so an error names the item.
    """
    doc = read_document(path)
    items = doc.get(table)
    if not isinstance(items, dict) or not items:
        raise DataError(path, table, f"expected a table of entries named [{table}.NAME]")
    out: dict[str, M] = {}
    for name, raw in items.items():
        if not isinstance(raw, dict):
            raise DataError(path, f"{table}.{name}", "expected a table")
        out[name] = validate(path, model, {"name": name, **raw}, f"{table}.{name}")
    return out
