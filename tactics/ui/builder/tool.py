"""The Set up tool (U): the pointer sets up the fight instead of playing it.

Why it exists: while setting up, a click on the map means "put the chosen
combatant here" or "pick this token", never "walk there". The tool shows the
Set up panel (:class:`tactics.ui.builder.addon.BuilderAddon` draws it while
this tool is active), places the combatant being placed on the clicked square,
and picks the clicked token for Edit and Del. Dragging tokens is the builder
add-on's (it works with Select too).
"""

from __future__ import annotations

import pygame

from tactics.ui import intents as ui
from tactics.ui.tools.base import Tool


class SetupTool(Tool):
    name = "setup"
    label = "Set up"
    key = pygame.K_u
    key_label = "U"
    gm_only = True  # it lists every combatant, hidden ones too, with their numbers
    hint = ("Set up the fight (GM): add combatants and teams, drag tokens to place them, give them pictures, "
            "lay traps, save it as an encounter file.")

    def builder(self):
        from tactics.ui.builder.addon import builder_of

        return builder_of(self.view)

    def activate(self) -> None:
        self.view.select(None)  # the panel shows the set-up; no reach, no side card
        builder = self.builder()
        if builder is not None and builder.locked_reason():
            self.view.say(builder.locked_reason(), "error")
        elif builder is not None:
            unplaced = [c for c in self.view.state.combatants.values() if c.cell is None and c.present]
            if unplaced and builder.placing is None:
                builder.pick(unplaced[0].id)

    def deactivate(self) -> None:
        builder = self.builder()
        if builder is not None:
            builder.placing = None

    def pointer_down(self, intent: ui.PointerDown) -> bool:
        builder = self.builder()
        if intent.button != 1 or builder is None:
            return False
        view = self.view
        builder.forget_gone()
        cell = view.camera.cell_at(intent.pos)
        token = view.token_at(cell)
        if token is not None:  # pick it (and maybe drag it): never place another on top of it
            builder.pick(token.id)
            return True
        if builder.placing and not builder.locked_reason():
            if view.state.map.in_bounds(cell):
                builder.place(builder.placing, cell)
            return True
        builder.pick(None)
        return True

    def on_key(self, intent: ui.KeyPress) -> bool:
        builder = self.builder()
        if builder is None:
            return False
        builder.forget_gone()
        if intent.key == pygame.K_a:
            builder.open_add_form()
            return True
        if intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and builder.picked:
            builder.open_edit_form(builder.picked)
            return True
        if intent.key in (pygame.K_DELETE, pygame.K_BACKSPACE) and builder.picked:
            builder.remove(builder.picked)
            return True
        return False

    def cancel(self) -> bool:
        builder = self.builder()
        if builder is not None and builder.placing:
            builder.placing = None
            self.view.say("Not placed now: click its name in the panel to place it later.", "info")
            return True
        return False

    def status(self) -> str:
        builder = self.builder()
        if builder is not None and builder.locked_reason():
            return "Set up: " + builder.locked_reason() + " V: back to Select."
        if builder is not None and builder.placing in self.view.state.combatants:
            return f"Set up: click a square to place {self.view.state.combatants[builder.placing].name}. Esc: not now."
        return ("Set up: A adds a combatant; drag tokens to move them; click a token to pick it "
                "(Enter edits it, Del removes it).")


__all__ = ["SetupTool"]
