"""The app-controlled opponent: a team that plays itself, through the same commands a person submits.

Why it exists: at a solo table nobody is there to drive the Space Bears. A team
marked app-controlled (``controlled_by = "app"`` in an encounter's team table,
or the toggle in the window) is played by :class:`~tactics.ai.driver.Opponent`:
it looks at the fight only as its own team knows it
(:func:`~tactics.ai.knowledge.known_state`: no hidden enemies, no traps it
has not found), scores what each member could do with the engine's exact odds
(:mod:`tactics.ai.scoring`), and submits ordinary ``Declare`` / ``ResolveNext``
/ ``Advance`` (team rounds) or ``TakeAction`` / ``EndTurn`` (individual turns)
commands, each with a one-line reason the log shows. So its turns are logged,
undoable and replayable like anyone's.

Two levels (``tactics/data/opponents.toml``): ``"win"`` plays to win (expected
damage, kill chances, focus fire, cover and reach), ``"monster"`` plays like the
rule text's monsters: simple and predictable, as each creature's data says (a
bear charges the nearest foe, a trooper keeps its distance and shoots).

In a starship battle the app plays the crew posts of the ships whose side it
controls (:mod:`tactics.ai.starship_turn`): each post's action by expected
Battle Damage with the engine's exact odds, through ordinary ``TakeAction``
commands, never on a ship its side has not detected.

This package imports no pygame. Importing it runs nothing heavy: ``Opponent`` and
``app_controlled_teams`` are imported from :mod:`tactics.ai.driver` when first asked for, so
the start's check of every rules file can read ``opponents.toml`` (:mod:`tactics.ai.settings`)
without loading the planner.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tactics.ai.driver import Opponent, app_controlled_teams


def __getattr__(name: str) -> Any:
    if name in __all__:
        from tactics.ai import driver

        return getattr(driver, name)
    raise AttributeError(f"module 'tactics.ai' has no attribute {name!r}")


__all__ = ["Opponent", "app_controlled_teams"]
