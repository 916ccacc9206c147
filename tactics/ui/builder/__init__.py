"""The encounter builder in the window (issue 10): set up a fight on any map, save it as an encounter file.

:mod:`.addon` registers the Set up tool (U, :mod:`.tool`) and the builder's
board layer when imported; :func:`tactics.ui.builder.addon.attach_builder`
gives an App its builder add-on. This package file imports nothing, so a part
never runs the add-on above it.
"""
