"""Checks read from the package's source with ``ast``: no rule id in a string the app can show,
no event read by string key. No window.

Why one file: each check parsed every module of the package on its own (about 2.5 s of CPU
each, most of it ``ast.parse``); here each module is parsed and walked once, for both, and
only what each check found is kept (the parsed trees of the whole package are ~100 MB).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from test_ui_layout import RULE_ID

ROOT = Path(__file__).resolve().parents[1]

# what .data names in the app that is not an event: widget hot spots, map images, CLI args, Tiled layers,
# a save file's raw event entry
NOT_EVENTS = {"spot", "image", "args", "layer", "saved"}


@dataclass
class Found:
    rule_ids: list[str] = field(default_factory=list)  # string constants (not docstrings) naming a rule id
    event_data: list[str] = field(default_factory=list)  # ``x.data`` where x may be an event


def scan(root: Path) -> Found:
    """Every module under ``root / "tactics"`` parsed and walked once, for both checks."""
    out = Found()
    for path in sorted((root / "tactics").rglob("*.py")):
        docs: set[int] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):  # a parent before its children
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                if node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant):
                    docs.add(id(node.body[0].value))
            elif isinstance(node, ast.Constant):
                if isinstance(node.value, str) and id(node) not in docs and RULE_ID.search(node.value):
                    out.rule_ids.append(f"{path.name}:{node.lineno}: {node.value!r}")
            elif isinstance(node, ast.Attribute) and node.attr == "data":
                receiver = node.value
                name = receiver.id if isinstance(receiver, ast.Name) else None
                if name not in NOT_EVENTS:
                    out.event_data.append(f"{path.relative_to(root)}:{node.lineno}: {ast.unparse(node)}")
    return out


@pytest.fixture(scope="module")
def found() -> Found:
    return scan(ROOT)


def test_no_string_the_app_can_show_holds_a_rule_id(found: Found) -> None:
    """Rule ids belong in comments and docstrings (``# reading: R-...``), never in a message, a
    label or a log line: every other string constant of the package is free of them."""
    assert not found.rule_ids, "\n".join(found.rule_ids)


def test_the_app_reads_event_fields_not_string_keys(found: Found) -> None:
    """No ``event.data["..."]`` / ``.data.get(...)`` left: ``data`` exists on events only for tests and tools."""
    assert found.event_data == []
    events_module = (ROOT / "tactics/engine/core/events.py").read_text(encoding="utf-8")
    assert "def data(" not in events_module and 'setattr(Event, "data"' in events_module  # run time only


def test_both_checks_find_what_they_look_for(tmp_path: Path) -> None:
    """The one walk still sees a rule id in a message (not in a docstring) and an event read by key."""
    package = tmp_path / "tactics"
    package.mkdir()
    (package / "sample.py").write_text(
        '"""Module doc naming R-CONE-1."""\n'
        'def f(event):\n'
        '    """Reads R-MOVE-1."""\n'
        '    return "see R-CONE-1" + event.data["x"] + args.data\n')
    got = scan(tmp_path)
    assert got.rule_ids == ["sample.py:4: 'see R-CONE-1'"]
    assert got.event_data == ["tactics/sample.py:4: event.data"]
