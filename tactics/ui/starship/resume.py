"""Which screen a game reopens on: the starship screen when it stopped in a space battle.

Why (review 8): after a crash mid space combat, Restore showed the battle map with its big
"Start combat" button and a log of space events; the fight was one Tab away, and a GM in a
hurry pressed Start combat. The window's screen is not in the save, so it is read from the
game: a space battle under way whose last action was a space one was played on the starship
screen (a boarding fight's last move on the map reopens on the map).
"""

from __future__ import annotations

from typing import Any


def reopens_on_starship(encounter: Any) -> bool:
    """Was ``encounter`` last played on the starship screen (its space battle under way and its
    last action a space one)?"""
    space = getattr(encounter.state, "space", None)
    if space is None:
        return False  # no space battle (its modules are not even loaded: the window starts faster)
    from tactics.engine.starship.state import SpaceState

    if not isinstance(space, SpaceState) or not space.started:
        return False
    entries = encounter.journal.entries
    if not entries:
        return True  # (a battle under way with no journal: nothing says otherwise)
    last = entries[-1]
    return last.command.startswith("space.")


__all__ = ["reopens_on_starship"]
