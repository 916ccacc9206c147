"""The builder's forms: a combatant (bundled sheet or quick stat block) and a team, as pygame_gui windows.

Why it exists: adding a creature means a few typed values (name, hit points,
AC, DEX, WIS) and a few choices (which sheet, which team, which attack, a
picture). The forms are pygame_gui windows like the table settings, so their
text boxes take the keyboard focus the way every text box of the window does
(``UITextEntryLine``; while one has it, the builder lets no map shortcut see
the keys). A form only gathers and checks what was typed: :meth:`CombatantForm.command`
turns it into the engine command, and the engine decides whether it is allowed.
"""

from __future__ import annotations

from typing import Any, Callable

import pygame
import pygame_gui

from tactics.engine.builder.commands import (
    AddCombatant, AddTeam, EditCombatant, EditTeam, TEAM_COLOURS, quick_sheet, sheet_ref, slug,
)
from tactics.engine.core.state import Combatant, EncounterState
from tactics.rules.sheets import Sheet, default_armoury, sheet_defaults
from tactics.ui.theme import px

QUICK = "quick"
#: Teams offered in the form when the encounter has none of that name yet (made with the combatant).
STOCK_TEAMS = {"party": ("The Party", TEAM_COLOURS["Blue"], True), "foes": ("Foes", TEAM_COLOURS["Red"], False)}
# Sizes at a UI scale of 1 (a 1920x1080 window), drawn through theme.px() as the table settings
# are: pygame_gui's font grows with the scale (theme.gui_theme), so the boxes must too (review 5:
# "How man", "Players se" at 4K). A form open when the scale changes is built again (BuilderAddon.rescaled).
LABEL_W = 150
ROW = 42
BOX_H = 34


class FormError(ValueError):
    """What the GM typed cannot be used; ``str()`` says which box and why."""


def _number(text: str, what: str, low: int, high: int) -> int:
    try:
        value = int(text.strip())
    except ValueError:
        raise FormError(f"{what}: type a whole number") from None
    if not low <= value <= high:
        raise FormError(f"{what}: from {low} to {high}")
    return value


class Form:
    """A pygame_gui window of labelled rows with an OK and a Cancel button."""

    title = "Form"
    width, height = 540, 420

    def __init__(self, manager: pygame_gui.UIManager, screen: tuple[int, int]) -> None:
        self.manager = manager
        rect = pygame.Rect(0, 0, min(px(self.width), screen[0] - px(20)), min(px(self.height), screen[1] - px(20)))
        rect.center = (screen[0] // 2, screen[1] // 2)
        self.window = pygame_gui.elements.UIWindow(rect, manager, window_display_title=self.title,
                                                   object_id="#builder_form", resizable=False)
        self.inner_w = int(self.window.get_container().get_size()[0])
        self.y = px(10)
        self.entries: dict[str, pygame_gui.elements.UITextEntryLine] = {}
        self.menus: dict[str, pygame_gui.elements.UIDropDownMenu] = {}
        self.choices: dict[str, dict[str, str]] = {}  # menu -> shown text -> value
        self.actions: dict[Any, Callable[..., object]] = {}
        self.status: pygame_gui.elements.UILabel | None = None
        self.ok: pygame_gui.elements.UIButton | None = None
        self.baseline: tuple[Any, ...] | None = None  # the values as it opened (mark_untouched)

    # -- building --------------------------------------------------------------------
    def label(self, text: str) -> None:
        pygame_gui.elements.UILabel(pygame.Rect(px(12), self.y, px(LABEL_W - 16), px(BOX_H)), text, self.manager,
                                    container=self.window, object_id="#builder_label")

    def note(self, text: str, x: int, width: int, object_id: str | None = "#builder_label") -> None:
        """A label beside a box on this row (``x``, ``width`` in this window's pixels)."""
        pygame_gui.elements.UILabel(pygame.Rect(x, self.y, width, px(BOX_H)), text, self.manager,
                                    container=self.window, object_id=object_id)

    def next_row(self, extra: int = 0) -> None:
        self.y += px(ROW + extra)

    def entry(self, name: str, label: str, value: str, *, numbers: bool = False, width: int = 0) -> None:
        self.label(label)
        self.box(name, px(LABEL_W), width or self.inner_w - px(LABEL_W + 12), value, numbers=numbers)

    def box(self, name: str, x: int, width: int, value: str = "", *, numbers: bool = False) -> None:
        """A text box on this row, without a label of its own (``x``, ``width`` in this window's pixels)."""
        e = pygame_gui.elements.UITextEntryLine(pygame.Rect(x, self.y, width, px(BOX_H)),
                                                self.manager, container=self.window, initial_text=value)
        if numbers:
            e.set_allowed_characters("numbers")
            e.length_limit = 5
        self.entries[name] = e

    def menu(self, name: str, label: str, options: dict[str, str], current: str, *, x: int | None = None,
             width: int = 0) -> None:
        """A drop-down of ``{shown text: value}`` starting on the value ``current``."""
        if label:
            self.label(label)
        shown: list[str | tuple[str, str]] = list(options)
        start = next((k for k, v in options.items() if v == current), shown[0])
        x = px(LABEL_W) if x is None else x
        menu = pygame_gui.elements.UIDropDownMenu(shown, start, pygame.Rect(x, self.y, width or self.inner_w - x - px(12),
                                                                            px(BOX_H)), self.manager, container=self.window)
        self.menus[name] = menu
        self.choices[name] = dict(options)

    def button(self, text: str, x: int, width: int, action: Callable[..., object]) -> pygame_gui.elements.UIButton:
        b = pygame_gui.elements.UIButton(pygame.Rect(x, self.y, width, px(36)), text, self.manager, container=self.window)
        self.actions[b] = action
        return b

    def finish_rows(self, ok_text: str, on_ok: Callable[..., object], on_cancel: Callable[..., object]) -> None:
        self.status = pygame_gui.elements.UILabel(pygame.Rect(px(12), self.y, self.inner_w - px(24), px(30)), " ",
                                                  self.manager, container=self.window, object_id="#builder_status")
        self.y += px(36)
        self.ok = self.button(ok_text, self.inner_w - px(12 + 150), px(150), on_ok)
        self.button("Cancel", self.inner_w - px(12 + 150 + 10 + 120), px(120), on_cancel)
        self.y += px(48)
        self.fit_height()

    def fit_height(self) -> None:
        """The window as tall as its rows (its title bar and edges included), centred where it was."""
        outer, inner = self.window.get_abs_rect(), self.window.get_container().get_rect()
        height = min(outer.height, self.y + (outer.height - inner.height))
        centre = outer.center
        self.window.set_dimensions((outer.width, height))
        self.window.set_position((outer.x, centre[1] - height // 2))

    # -- reading ---------------------------------------------------------------------------
    def value(self, menu: str) -> str:
        m = self.menus[menu]
        chosen = m.selected_option
        text = chosen[0] if isinstance(chosen, tuple) else chosen
        return self.choices[menu].get(text, next(iter(self.choices[menu].values())))

    def text(self, name: str) -> str:
        return self.entries[name].get_text()

    def _select(self, menu: str, value: str) -> None:
        """Rebuild a drop-down on another value (pygame_gui 0.6 has no setter for the choice)."""
        old = self.menus[menu]
        rect = old.relative_rect
        options = self.choices[menu]
        start = next(k for k, v in options.items() if v == value)
        old.kill()
        self.menus[menu] = pygame_gui.elements.UIDropDownMenu(list(options), start, rect, self.manager,
                                                             container=self.window)

    # -- built again at another UI scale ------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """What the GM has typed and chosen so far, to carry into the form built again at a new scale."""
        return {"entries": {k: e.get_text() for k, e in self.entries.items()},
                "menus": {k: self.value(k) for k in self.menus},
                "focus": self.focused_box(),
                "caret": self._caret(),
                "status": self.status.text if self.status is not None else " ",
                "extra": self._extra_state()}

    def restore(self, saved: dict[str, Any]) -> None:
        """Put a :meth:`snapshot` back (into a form just built with the same arguments)."""
        for name, value in saved["menus"].items():
            if name in self.menus and value != self.value(name) and value in self.choices[name].values():
                self._select(name, value)
        for name, text in saved["entries"].items():
            if name in self.entries:
                self.entries[name].set_text(text)
        self._restore_extra(saved["extra"])
        self.say(saved["status"].strip())
        focus = saved["focus"]
        if focus in self.entries:
            self.focus(focus)
            self._put_caret(focus, saved.get("caret"))
        else:
            self.manager.set_focus_set(None)

    def _caret(self) -> tuple[int, int, int] | None:
        """Where the caret is in the box that has the keyboard, and what is selected there."""
        from tactics.ui.focus import typed_boxes

        return typed_boxes(self.manager, self.entries).caret

    def _put_caret(self, name: str, caret: tuple[int, int, int] | None) -> None:
        """The caret and the selection back where they were (review 8: focusing the box again put the
        caret at its start, and what the GM typed next went in front of the name)."""
        from tactics.ui.focus import put_caret

        put_caret(self.entries[name], caret)

    def focus(self, name: str) -> None:
        """Give the keyboard to the box ``name`` through the manager (``focus()`` alone left the manager's
        focus set empty, so a click in another box then left this one marked focused as well)."""
        self.manager.set_focus_set(self.entries[name])

    def focused_box(self) -> str | None:
        """The name of the box that has the keyboard (None: none of this form's)."""
        from tactics.ui.focus import typed_boxes

        return typed_boxes(self.manager, self.entries).focused

    def _extra_state(self) -> dict[str, Any]:
        return {}

    def _restore_extra(self, extra: dict[str, Any]) -> None:
        pass

    def say(self, text: str) -> None:
        if self.status is not None:
            self.status.set_text(text or " ")

    # -- typed in, or as it opened --------------------------------------------------------
    def _values(self) -> tuple[Any, ...]:
        return ({k: e.get_text() for k, e in self.entries.items()}, {k: self.value(k) for k in self.menus},
                self._extra_state())

    def mark_untouched(self) -> None:
        """Remember the form as it opened: :meth:`touched` compares with this."""
        self.baseline = self._values()

    def touched(self) -> bool:
        """Has the GM typed or chosen anything since the form opened? (Such a form is never thrown
        away by a click elsewhere: review10prep, a typed "Goblins" vanished without a word.)"""
        return self.baseline is not None and self.alive() and self._values() != self.baseline

    def alive(self) -> bool:
        return self.window.alive()

    def command(self) -> Any:
        """The engine command for what was typed (raises FormError naming the box at fault)."""
        raise NotImplementedError

    def focused(self) -> bool:
        """Does one of this form's text boxes have the keyboard?"""
        return self.alive() and any(e.is_focused for e in self.entries.values())

    def close(self) -> None:
        if self.window.alive():
            self.window.kill()

    def owns(self, element: Any) -> bool:
        return element is self.window or element in self.actions or element in self.menus.values() \
            or element in self.entries.values()


class CombatantForm(Form):
    """Add a combatant (``who`` None) or edit one: from a bundled sheet or a quick stat block."""

    width, height = 560, 660

    def __init__(self, manager: pygame_gui.UIManager, screen: tuple[int, int], state: EncounterState,
                 who: Combatant | None, on_ok: Callable[..., object], on_cancel: Callable[..., object],
                 on_choose_art: Callable[..., object]) -> None:
        self.title = "Add a combatant" if who is None else f"Edit {who.name}"
        super().__init__(manager, screen)
        self.state = state
        self.who = who
        self.team_chosen = False
        armoury = default_armoury()
        sheets = {"Quick stat block": QUICK}
        for sid, sheet in armoury.sheets.items():
            sheets[f"{sheet.title} ({sheet.class_})" if sheet.class_ else sheet.title] = sid
        current = QUICK
        if who is not None and isinstance(who.sheet, Sheet) and isinstance(sheet_ref(who.sheet), str):
            current = who.sheet.name
        self.menu("sheet", "From", sheets, current)
        self.next_row()
        self.entry("name", "Name", who.name if who is not None else "")
        self.next_row()
        self.menu("team", "Team", self.team_options(), who.team if who is not None else self._default_team())
        self.next_row()
        left, right = px(LABEL_W), self.inner_w - px(12)  # the boxes' column
        if who is None:  # a pack of the same creature in one go: "Space Bear 1" ... "Space Bear 4"
            self.entry("copies", "How many", "1", numbers=True, width=px(80))
            self.note("(more than 1: numbered names)", left + px(90), right - left - px(90))
            self.next_row()
        half = (right - left - px(110)) // 2
        second = left + half + px(60)  # the second box of a row of two (AC, WIS)
        self.entry("hp", "Hit points", "", numbers=True, width=half)
        self.note("AC", left + half + px(10), px(50), None)
        self.box("ac", second, half, numbers=True)
        self.next_row()
        weapons = {f"{wpn.title} ({wpn.damage}, {wpn.kind})": wid for wid, wpn in armoury.weapons.items()}
        self.menu("weapon", "Attack", weapons, "unarmed")
        self.next_row()
        self.entry("dex", "DEX score", "", numbers=True, width=half)
        self.note("WIS", left + half + px(10), px(50), None)
        self.box("wis", second, half, numbers=True)
        self.next_row()
        self.entry("art", "Picture", (who.art or "") if who is not None else "", width=right - left - px(110))
        self.button("Choose...", right - px(100), px(100), on_choose_art)
        self.next_row()
        self.hidden = bool(who.hidden) if who is not None else False
        self.label("Players see it")
        self.hidden_button = self.button("", left, right - left, self.toggle_hidden)
        self._show_hidden()
        self.next_row(4)
        self.finish_rows("Add" if who is None else "Save changes", on_ok, on_cancel)
        self.fill_from_sheet(who.sheet if who is not None and isinstance(who.sheet, Sheet) else None, who)
        self.focus("name")

    def _extra_state(self) -> dict[str, Any]:
        return {"hidden": self.hidden, "team_chosen": self.team_chosen}

    def _restore_extra(self, extra: dict[str, Any]) -> None:
        self.team_chosen = extra["team_chosen"]
        if extra["hidden"] != self.hidden:
            self.toggle_hidden()

    # -- choices -----------------------------------------------------------------------------
    def team_options(self) -> dict[str, str]:
        """Every team, then the stock ones not made yet ("Foes (GM, new)"), for Add and Edit alike:
        a spawn that came in on the wrong side can be moved to the enemy team in one step."""
        out = {f"{t.name} ({'players' if t.players else 'GM'})": t.id for t in self.state.teams.values()}
        names = {t.name.lower() for t in self.state.teams.values()}
        for tid, (name, _, players) in STOCK_TEAMS.items():
            if tid not in self.state.teams and name.lower() not in names:
                out[f"{name} ({'players' if players else 'GM'}, new)"] = tid
        return out

    def new_team_spec(self, team: str) -> dict[str, Any] | None:
        """The stock team ``team`` to create with the command, when it does not exist yet."""
        if team in self.state.teams or team not in STOCK_TEAMS:
            return None
        tname, colour, players = STOCK_TEAMS[team]
        return {"name": tname, "colour": list(colour), "players": players}

    def _default_team(self, sheet: Sheet | None = None) -> str:
        """The team a new combatant starts on, from its sheet's ``kind`` (creatures.toml): a
        creature the GM's side (the first team the players do not play, else the stock Foes,
        made with it), a character the players' side (the first team they play, else the stock
        Party); a quick stat block the last team made (else the Party)."""
        teams = list(self.state.teams.values())
        if sheet is not None:
            gm_side = sheet.kind == "creature"
            side = next((t.id for t in teams if bool(t.players) != gm_side), None)
            if side is not None:
                return side
            stock = next(tid for tid, (_, _, players) in STOCK_TEAMS.items() if players != gm_side)
            return stock if stock in self.team_options().values() else (teams[-1].id if teams else "party")
        return teams[-1].id if teams else "party"

    def team_changed(self) -> None:
        """The GM chose the team: another sheet no longer moves it."""
        self.team_chosen = True

    def toggle_hidden(self) -> None:
        self.hidden = not self.hidden
        self._show_hidden()

    def _show_hidden(self) -> None:
        self.hidden_button.set_text("No: hidden from the players (click to show)" if self.hidden
                                    else "Yes (click to hide it from the players)")

    def sheet_changed(self) -> None:
        """Another sheet was chosen: its numbers (and a free name) go into the boxes."""
        sid = self.value("sheet")
        sheet = default_armoury().sheets.get(sid) if sid != QUICK else None
        self.fill_from_sheet(sheet, None)
        if self.who is None and not self.team_chosen:  # a bear joins the GM's side, a hero the players'
            self._select("team", self._default_team(sheet))
        if sheet is not None and (self.who is None or not self.text("name").strip()):
            self.entries["name"].set_text(self.free_name(sheet.title))

    def free_name(self, base: str) -> str:
        names = {c.name for c in self.state.combatants.values()}
        if base not in names:
            return base
        n = 2
        while f"{base} {n}" in names:
            n += 1
        return f"{base} {n}"

    def fill_from_sheet(self, sheet: Sheet | None, who: Combatant | None) -> None:
        hp = who.max_hp if who is not None else (sheet.hp if sheet is not None else sheet_defaults().hp)
        self.entries["hp"].set_text(str(hp))
        self.entries["ac"].set_text(str(sheet.ac if sheet is not None else sheet_defaults().ac))
        self.entries["dex"].set_text(str(sheet.score("DEX") if sheet is not None else 10))
        self.entries["wis"].set_text(str(sheet.score("WIS") if sheet is not None else 10))
        weapon = sheet.weapons[0] if sheet is not None and sheet.weapons else "unarmed"
        if weapon in self.choices["weapon"].values():
            self._select("weapon", weapon)

    # -- the command ------------------------------------------------------------------------------
    def sheet_reference(self, name: str) -> tuple[Any, int]:
        """The sheet to use (an id when the bundled one is unchanged) and the hit points typed."""
        hp = _number(self.text("hp"), "Hit points", 1, 10_000)
        ac = _number(self.text("ac"), "AC", 0, 60)
        dex = _number(self.text("dex"), "DEX score", 1, 40)
        wis = _number(self.text("wis"), "WIS score", 1, 40)
        weapon = self.value("weapon")
        sid = self.value("sheet")
        bundled = default_armoury().sheets.get(sid) if sid != QUICK else None
        if bundled is None:
            return quick_sheet(name, hp=hp, ac=ac, weapon=weapon, dex=dex, wis=wis), hp
        first = bundled.weapons[0] if bundled.weapons else "unarmed"
        if (ac, dex, wis, weapon) == (bundled.ac, bundled.score("DEX"), bundled.score("WIS"), first):
            return sid, hp
        fields = bundled.model_dump(by_alias=True, exclude_defaults=True) | {"name": bundled.name}
        fields["ac"] = ac
        fields["abilities"] = {**bundled.abilities, "DEX": dex, "WIS": wis}
        if weapon != first:
            known = default_armoury().weapons[weapon]
            fields["weapons"] = [weapon] + [w for w in bundled.weapons if w != weapon]
            fields["proficiencies"] = sorted(set(bundled.proficiencies) | {known.group or known.name})
        return fields, hp

    def command(self) -> Any:
        """The engine command for what the form says; :class:`FormError` for a box that cannot be read."""
        name = " ".join(self.text("name").split())
        if not name:
            raise FormError("Name: type the combatant's name")
        sheet, hp = self.sheet_reference(name)
        team = self.value("team")
        art = self.text("art").strip() or None
        if self.who is None:
            new_team = self.new_team_spec(team)
            copies = _number(self.text("copies") or "1", "How many", 1, 20)
            return AddCombatant(name, team, sheet=sheet, hp=hp, art=art, hidden=self.hidden,
                                combatant=slug(name, self.state.combatants) if copies == 1 else None,
                                new_team=new_team, copies=copies)
        who = self.who
        changes: dict[str, Any] = {}
        if name != who.name:
            changes["name"] = name
        if team != who.team:
            changes["team"] = team
        untouched = (self.value("sheet") == QUICK and self.value("weapon") == "unarmed"
                     and [self.text(k).strip() for k in ("ac", "dex", "wis")] == [str(sheet_defaults().ac), "10", "10"])
        if not (who.sheet is None and untouched) and not _same_sheet(sheet, who.sheet):  # a bare token keeps none
            changes["sheet"] = sheet
        if hp != who.max_hp:
            changes["max_hp"] = hp
            changes["hp"] = hp
        if (art or None) != (who.art or None):
            changes["art"] = art
        if self.hidden != who.hidden:
            changes["hidden"] = self.hidden
        return EditCombatant(who.id, changes, new_team=self.new_team_spec(team) if "team" in changes else None)


def _same_sheet(ref: Any, sheet: Any) -> bool:
    """Does the reference ``ref`` make the very sheet a combatant has (whatever way it is written)?"""
    if not isinstance(sheet, Sheet):
        return False
    try:
        return default_armoury().sheet_from(ref) == sheet
    except Exception:  # noqa: BLE001 - not a sheet at all: the engine will say why
        return False


class TeamForm(Form):
    """Add a team (``team_id`` None) or edit one: its name, colour and who controls it."""

    width, height = 500, 330

    def __init__(self, manager: pygame_gui.UIManager, screen: tuple[int, int], state: EncounterState,
                 team_id: str | None, on_ok: Callable[..., object], on_cancel: Callable[..., object]) -> None:
        team = state.teams.get(team_id) if team_id else None
        self.title = "New team" if team is None else f"Edit {team.name}"
        super().__init__(manager, screen)
        self.state = state
        self.team = team
        self.entry("name", "Name", team.name if team is not None else "")
        self.next_row()
        colours = {name: name for name in TEAM_COLOURS}
        used = {tuple(t.colour) for t in state.teams.values()}
        current = next((n for n, c in TEAM_COLOURS.items() if team is not None and tuple(team.colour) == c), None)
        if current is None:
            current = next((n for n, c in TEAM_COLOURS.items() if c not in used), "Blue")
        self.menu("colour", "Colour", colours, current)
        self.next_row()
        control = {"the players": "players", "the GM": "gm"}
        self.menu("control", "Played by", control, "players" if team is not None and team.players else "gm")
        self.next_row(6)
        self.finish_rows("Add team" if team is None else "Save changes", on_ok, on_cancel)
        self.focus("name")

    def colour(self) -> tuple[int, int, int]:
        return TEAM_COLOURS[self.value("colour")]

    def command(self) -> Any:
        name = " ".join(self.text("name").split())
        if not name:
            raise FormError("Name: type the team's name")
        players = self.value("control") == "players"
        if self.team is None:
            return AddTeam(name, list(self.colour()), players=players)
        return EditTeam(self.team.id, name, list(self.colour()), players)


__all__ = ["CombatantForm", "FormError", "QUICK", "STOCK_TEAMS", "TeamForm"]
