"""One module per tool: select/move, ruler, radius, cone, line (and the add-ons' attack, grenade, traps).

A tool (:class:`tactics.ui.tools.base.Tool`) gets intents from the battle view,
may submit commands through it, and adds its own preview layers to the board.
:mod:`tactics.ui.tools.registry` holds the list the toolbar shows; add-ons add
theirs with :func:`tactics.ui.tools.registry.register`. This package file
imports nothing, so importing one tool never runs the others.
"""
