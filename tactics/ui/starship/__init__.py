"""The starship screen (issue 5): space view, crew posts, phase walker, fire dialog, dice.

* :mod:`.screen`: :class:`StarshipScreen`, swapped with the battle view by the app (Tab).
* :mod:`.spaceview`: ships top-down with distance, Battle Damage pips, shields, banners.
* :mod:`.crew`: the roster and the crew posts of every ship (drag to assign).
* :mod:`.walker`: round, phase, and the posts acting now on every ship.
* :mod:`.actions` / :mod:`.fire` / :mod:`.summary`: the post, fire and end-of-phase dialogs.
* :mod:`.dice`: dice drawn as rounded squares.

This package file imports nothing, so a part never runs the screen above it.
"""
