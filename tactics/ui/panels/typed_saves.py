"""The typed-save prompt: a save the table types, asked when a command outside the Resolve box rolls it.

With dice "players type" a player's save against a blast set off by a declared action is asked
in the Resolve box (resolve.py). A fuse grenade going off as a group's turn ends or starts (the
usual frag: End turn from the banner, the tracker or E), Detonate now and a remote trigger rolled
the save with the app's dice all the same. Now :func:`ask_typed_saves` (called by
``BattleView.submit_entry``, the one way a person's click reaches the journal) dry-runs such a
command (``saves_to_type``; only when the table types dice at all) and, when it owes typed saves,
submits nothing: a small box above the turn banner says "Type Ann's save (d20) for the Frag
grenade going off, then Enter; or Roll for them (app dice)". Enter submits the same command with
``saves={...}`` (several saves: all their faces in one box, in order, as the Resolve box takes
them); Esc closes it and nothing changed. The GM's creatures keep app dice (``saves_to_type``).

When the app plays a team (F6, tactics/ui/opponent.py) and ends its turn (or resolves its action)
with such a save owed, it asks the same prompt (``submit``/``cancelled`` below: its command goes
in as the app's, Esc lets the app wait); the app's own creatures roll app dice (``dice_typed_for``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

import pygame

from tactics.engine.core.labels import listed, possessive
from tactics.engine.core.table import blasts_saved_against, saves_to_type, split_save_faces, who_rolls
from tactics.ui import theme
from tactics.ui import widgets as w
from tactics.ui.theme import px

if TYPE_CHECKING:
    import pygame_gui

    from tactics.ui.app import App
    from tactics.ui.battle import BattleView

ROLL_LABEL = "Roll for them (app dice)"


@dataclass
class Asked:
    """One command held back for typed saves: what it is, the faces already given, whose saves are owed."""

    command: Any
    typed: list[int] | None
    saves: dict[str, list[int]]  # the faces typed so far (several saves typed in two goes)
    owed: dict[str, list[int]]  # the saves still to type: their dice sides (saves_to_type)
    label: str  # what goes off ("Frag grenade")
    at: tuple[int, int, int]  # the journal's point when asked: any change there makes it stale
    #: who submits the command once its saves are typed (the faces, or None: the app rolls the rest);
    #: None: the battle view, as a person's click (the app's own command: the opponent add-on)
    submit: Callable[[dict[str, list[int]] | None], bool] | None = None
    cancelled: Callable[[], None] | None = None  # told when Esc lets the command go unsubmitted


def owes_typed_saves(view: "BattleView", command: Any, typed: list[int] | None = None) -> bool:
    """Would ``command`` roll a save the table types (the prompt would ask)? Only dry-run when the
    table types dice at all ("app": nothing to ask)."""
    journal = view.encounter.journal
    return who_rolls(journal.state) != "app" and bool(saves_to_type(journal, command, typed))


def ask_typed_saves(view: "BattleView", command: Any, typed: list[int] | None, *,
                    submit: Callable[[dict[str, list[int]] | None], bool] | None = None,
                    cancelled: Callable[[], None] | None = None) -> bool:
    """Hold ``command`` back and ask for its typed saves when it would roll any (True: asked, nothing
    submitted). The dry run is made only when the table types dice ("app": nothing to ask).
    ``submit`` and ``cancelled``: see :class:`Asked` (the app's own commands)."""
    journal = view.encounter.journal
    if who_rolls(journal.state) == "app":
        return False
    owed = saves_to_type(journal, command, typed)
    if not owed:
        return False
    labels = blasts_saved_against(journal, command, typed)
    prompt = save_prompt(view.app)
    prompt.ask(Asked(command, typed, {}, owed, listed(labels) if labels else "blast", _point(journal),
                     submit, cancelled))
    return True


def prompt_open(app: "App") -> bool:
    """Is the typed-save prompt asking now? (the app's team waits for it; never makes the prompt)"""
    return any(isinstance(a, SavePrompt) and a.asked is not None for a in app.addons)


def _point(journal: Any) -> tuple[int, int, int]:
    return (id(journal.state), len(journal.entries), len(journal.redo_stack))


def save_prompt(app: "App") -> "SavePrompt":
    """The window's typed-save prompt, made and added to its add-ons when first asked."""
    prompt = next((a for a in app.addons if isinstance(a, SavePrompt)), None)
    if prompt is None:  # made on first use: the app's start-up never pays for it
        prompt = SavePrompt(app)
        app.addons.append(prompt)
    return prompt


def prompt_text(asked: Asked, state: Any) -> str:
    """The prompt's words: whose saves, which dice, against what, and the two ways on."""
    parts = [f"{possessive(state.combatants[cid].name)} save ({', '.join(f'd{n}' for n in sides)})"
             for cid, sides in asked.owed.items()]
    order = ", in order," if len(parts) > 1 else ""
    return (f"Type {listed(parts)}{order} for the {asked.label.lower()} going off, then Enter; "
            f"or {ROLL_LABEL}. Esc: cancel.")


class SavePrompt:
    """The box above the turn banner: the question, a text field and the Roll button."""

    def __init__(self, app: "App") -> None:
        self.app = app
        self.asked: Asked | None = None
        self.entry: pygame_gui.elements.UITextEntryLine | None = None
        self.roll: pygame_gui.elements.UIButton | None = None
        self.rect: pygame.Rect | None = None

    # -- asking and answering -------------------------------------------------------------
    def ask(self, asked: Asked) -> None:
        self.asked = asked
        self.app.battle.say(prompt_text(asked, self.app.battle.state).split(", then Enter")[0] + ".", "info")
        self._place()
        if self.entry is not None:
            self.entry.set_text("")
            self.entry.focus()
        self.app.dirty = True

    def cancel(self) -> None:
        """Esc: the command is not submitted; nothing changed."""
        asked = self.asked
        if asked is not None:
            self.app.battle.say("Cancelled: nothing was rolled.", "info")
        self.close()
        if asked is not None and asked.cancelled is not None:
            asked.cancelled()

    def close(self) -> None:
        self.asked, self.rect = None, None
        for element in (self.entry, self.roll):
            if element is not None:
                element.kill()
        self.entry = self.roll = None
        self.app.dirty = True

    def answer(self) -> bool:
        """Enter: the faces typed go to the saves owed, in order; the command is submitted once every
        save owed has its faces (else the prompt asks for the rest)."""
        asked = self._live()
        if asked is None or self.entry is None:
            return False
        from tactics.ui.panels.resolve import parse_faces

        try:
            faces = parse_faces(self.entry.get_text())
        except ValueError as exc:
            self.app.battle.say(str(exc).capitalize() + ".", "error")
            return False
        if not faces:
            self.app.battle.say(prompt_text(asked, self.app.battle.state), "error")
            return False
        saves = {**asked.saves, **split_save_faces(asked.owed, faces)}
        journal = self.app.battle.encounter.journal
        owed = saves_to_type(journal, asked.command, asked.typed, saves)
        if owed:  # fewer faces than dice: ask for the rest, roll nothing
            self.ask(Asked(asked.command, asked.typed, saves, owed, asked.label, asked.at, asked.submit,
                           asked.cancelled))
            return False
        return self._submit(saves)

    def roll_for_them(self) -> bool:
        """The chosen, visible fallback: the app rolls the saves still owed."""
        asked = self._live()
        return asked is not None and self._submit(asked.saves or None, app_dice=True)

    def _submit(self, saves: dict[str, list[int]] | None, *, app_dice: bool = False) -> bool:
        asked = self.asked
        assert asked is not None
        self.close()
        if asked.submit is not None:
            return asked.submit(saves)
        return self.app.battle.combat.submit(asked.command, typed=asked.typed, saves=saves, app_dice=app_dice)

    def _live(self) -> Asked | None:
        """The question still asked, or None (closed when the journal moved on under it: an undo)."""
        asked = self.asked
        if asked is not None and asked.at != _point(self.app.battle.encounter.journal):
            self.close()
            return None
        return asked

    # -- add-on hooks (tactics/ui/app.py) ---------------------------------------------------
    def ui_event(self, event: pygame.event.Event) -> bool:
        import pygame_gui  # (the prompt's widgets exist only once it is imported)

        element = getattr(event, "ui_element", None)
        if element is None or element not in (self.entry, self.roll):
            return False
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self.answer()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.roll_for_them()
            return True
        return False

    def field_escape(self, field: Any) -> bool:
        """Esc in the prompt's own box cancels it (another box: not ours)."""
        if self.asked is None or field is not self.entry:
            return False
        self.cancel()
        return True

    def key(self, intent: Any) -> bool:
        """With the box left (a click elsewhere): Esc still cancels, Enter still answers."""
        if self._live() is None:
            return False
        if intent.key == pygame.K_ESCAPE:
            self.cancel()
            return True
        if intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.answer()
            return True
        return False

    def busy(self) -> bool:
        return False

    # -- drawing -----------------------------------------------------------------------------
    def _box(self) -> pygame.Rect:
        """Above the turn banner, centred on the board; under the phase card instead when a token
        is where the box would cover it (the table looks at who is caught while it types)."""
        view = self.app.battle
        board = view.board_rect()
        width = max(px(420), min(px(720), board.width - px(40)))
        rect = pygame.Rect(0, 0, width, px(118))
        banner = getattr(getattr(self.app, "hotseat", None), "rect", None)
        rect.midbottom = (board.centerx, banner.top - px(12) if banner is not None else board.bottom - px(104))
        card = getattr(view.combat.banner, "rect", None)
        high = rect.copy()
        high.top = card.bottom + px(12) if card is not None else board.top + px(96)
        tokens = [view.camera.cell_rect(c.cell) for c in view.state.combatants.values() if c.cell is not None]
        return min((rect, high), key=lambda r: sum(1 for t in tokens if r.colliderect(t)))

    def _place(self) -> None:
        import pygame_gui

        rect = self.rect = self._box()
        pad = px(12)
        field = pygame.Rect(rect.x + pad, rect.bottom - pad - px(36), rect.width - 3 * pad - px(250), px(36))
        button = pygame.Rect(field.right + pad, field.y, px(250), px(36))
        manager = self.app.ui
        if self.entry is None:
            self.entry = pygame_gui.elements.UITextEntryLine(field, manager, placeholder_text="faces, e.g. 14 1")
        else:
            self.entry.set_relative_position(field.topleft)
            self.entry.set_dimensions(field.size)
        if self.roll is None:
            self.roll = pygame_gui.elements.UIButton(button, ROLL_LABEL, manager)
        else:
            self.roll.set_relative_position(button.topleft)

    def draw_key(self) -> Any:
        asked = self._live()  # an undo under the question closes it
        if asked is None:
            return None
        return (prompt_text(asked, self.app.battle.state), tuple(self._box()))

    def draw(self, surface: pygame.Surface) -> bool:
        asked = self.asked
        if asked is None:
            return False
        rect = self._box()
        if rect != self.rect:
            self._place()
        pygame.draw.rect(surface, theme.OUTLINE, rect.inflate(px(6), px(6)), border_radius=px(12))
        pygame.draw.rect(surface, theme.CARD, rect, border_radius=px(10))
        y = rect.y + px(10)
        for line in w.wrap(prompt_text(asked, self.app.battle.state), 16, rect.width - px(24), "bold")[:3]:
            w.text(surface, line, (rect.x + px(12), y), 16, theme.TEXT, "bold")
            y += w.line_h(16, "bold")
        return False
