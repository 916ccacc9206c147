"""One module per tool: select/move, ruler, radius, cone, line.

A tool gets intents from the battle view, may submit commands through it, and
adds its own preview layers to the board. Register more with :func:`register`.
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


__all__ = ["Tool", "TOOL_CLASSES", "register", "SelectTool", "RulerTool", "RadiusTool", "ConeTool", "LineTool"]
