"""The players' window (issue 7): a second window showing only what the players may see.

* :mod:`.seen`: the players' state (secrets taken out) and the fog;
* :mod:`.window`: :class:`PlayersWindow`, its own ``pygame.Window``, camera, renderer, UI manager;
* :mod:`.control`: :class:`PlayersControl`, the GM's side (Ctrl+P, event routing, redraw);
* :mod:`.routing`: which window an event belongs to; a UI manager per window;
* :mod:`.displays`: the display seam (fullscreen on display N); :mod:`.scale`: calibration;
* :mod:`.table_dialog`: the table settings (Ctrl+T); :mod:`.style`: large type, high contrast.
"""
