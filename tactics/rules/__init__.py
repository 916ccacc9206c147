"""The pure rules core: geometry, templates, dice, combat procedure.

Nothing under this package imports pygame (a test enforces it), so the rules can
be scripted, tested and replayed without a window, like python-chess's board.
"""
