"""The encounter builder in the window (issue 10): set up a fight on any map, save it as an encounter file.

Importing this package registers the Set up tool (U) and the builder's board
layer; :func:`attach_builder` gives an App its builder add-on.
"""

from tactics.ui.builder.addon import BuilderAddon, attach_builder, builder_of
from tactics.ui.builder.tool import SetupTool
from tactics.ui.tools import register

register(SetupTool)

__all__ = ["BuilderAddon", "SetupTool", "attach_builder", "builder_of"]
