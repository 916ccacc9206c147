"""What the parts of the window may ask of the battle view they work in: :class:`BoardView`.

Why: the tools (tools/), the combat panels (panels/combat.py, panels/turns.py) and the
add-ons work on one battle view. Typed against this small protocol instead of the
BattleView class, they sit in a layer below it: they read as what they need (the
encounter and its state, the camera and the pointer, the selection, messages, a way to
submit commands), and nothing in them runs the battle view or the app. mypy checks that
the battle view is a BoardView wherever it hands itself to a part.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from tactics.rules.grid import Cell

if TYPE_CHECKING:
    from tactics.engine.core.encounter import Encounter
    from tactics.engine.core.state import Combatant, EncounterState
    from tactics.ui.camera import Camera
    from tactics.ui.tools.base import Tool
    from tactics.ui.tools.select import Reach
    from tactics.ui.tools.templates import PinnedTemplate


class BoardView(Protocol):
    """What a tool or a combat panel needs of the view it works in (the battle view is one)."""

    app: Any
    encounter: Encounter
    viewer: str  # "gm" or "players"
    camera: Camera
    selected: str | None
    reach: Reach | None
    step_for: str | None  # whose reach is the 5 ft step alone (the card's "Simple: 5 ft step")
    hover_pos: tuple[int, int] | None
    hover_cell: Cell | None
    pinned: list[PinnedTemplate]
    shift_held: bool

    @property
    def state(self) -> EncounterState: ...

    @property
    def query_state(self) -> EncounterState: ...  # what this viewer may know (players: no secrets)

    def say(self, text: str, kind: str = "info") -> None: ...

    def current_message(self) -> tuple[str, str] | None: ...

    def submit(self, command: Any, typed: list[int] | None = None,
               saves: dict[str, list[int]] | None = None, *, app_dice: bool = False) -> bool: ...

    def submit_entry(self, command: Any, typed: list[int] | None = None, saves: dict[str, list[int]] | None = None,
                     *, app_dice: bool = False) -> Any: ...  # the entry, None if refused or held for typed saves

    def app_refuses(self, commands: list[Any]) -> bool: ...  # a command for a creature the app plays

    def select(self, cid: str | None) -> None: ...

    def selected_combatant(self) -> Combatant | None: ...

    def token_at(self, cell: Cell) -> Combatant | None: ...

    def names_in(self, cells: frozenset[Cell]) -> list[str]: ...

    def flash_bad(self, cell: Cell) -> None: ...

    def set_tool(self, name: str) -> None: ...

    def board_rect(self) -> pygame.Rect: ...

    def fit_rect(self) -> pygame.Rect: ...

    # the panels beside the board also ask these
    tools: dict[str, Tool]
    tool: Tool
    _drag: Any  # a press on the board being dragged (a pan goes on over the panels)

    def players_safe(self, reason: str) -> str: ...
