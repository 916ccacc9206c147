"""The pygame-ce window: it asks the rules and the encounter, and draws.

Layout of the package:

* :mod:`tactics.ui.app`: the app core (loop, one-step function, screen stack,
  dirty-flag redraw); :mod:`tactics.ui.intents` translates pygame events once.
* :mod:`tactics.ui.camera`: screen <-> grid conversion, pan and zoom.
* :mod:`tactics.ui.render`: the board renderer, drawn in layers for a viewer
  ("gm" or "players"); other modules add layers with :func:`add_layer`.
* :mod:`tactics.ui.tools`: one module per tool (select/move, ruler, templates).
* :mod:`tactics.ui.panels`: one module per panel (toolbar, status bar, side panel, help).

Nothing here changes the encounter except by submitting commands.
"""
