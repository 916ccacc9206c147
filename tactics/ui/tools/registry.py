"""The tools the battle view offers, in toolbar order; add-ons append theirs with :func:`register`.

Kept apart from the package ``__init__`` so that importing one tool module never
runs the others (no import cycle through the package).
"""

from __future__ import annotations

from tactics.ui.tools.base import Tool
from tactics.ui.tools.ruler import RulerTool
from tactics.ui.tools.select import SelectTool
from tactics.ui.tools.templates import ConeTool, LineTool, RadiusTool

TOOL_CLASSES: list[type[Tool]] = [SelectTool, RulerTool, RadiusTool, ConeTool, LineTool]


def register(tool_class: type[Tool]) -> None:
    """Add a tool to every battle view created from now on (e.g. a grenade throw)."""
    if tool_class not in TOOL_CLASSES:
        TOOL_CLASSES.append(tool_class)
