"""The screens and panel states the layout test renders, each staged through the real app.

Why it exists: ``test_ui_layout.py`` (and a developer looking at screenshots)
needs every panel state a GM meets in a game night: the initiative panel,
declaring, resolving with many actions, the Counter Phase, the GM's menu, the
F1 card, the table settings, the starship phases, the individual-turn panels.
Each stager takes a fresh :class:`App` and gets it there with clicks and keys
where they are cheap, engine commands where the clicks are tested elsewhere.
"""

from __future__ import annotations

from typing import Callable

import pygame

from tactics.assets import bundled
from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.engine.combat.gm import ApplyCondition
from tactics.engine.combat.queries import acting_combatants, combat_of
from tactics.engine.combat.team import Advance
from tactics.ui.app import App
from tactics.ui.opening import open_path

from ui_driver import click, key

SIZES = [(1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160)]


def encounter(name: str = "space-bears.encounter.toml", seed: int = 3):
    return open_path(bundled(name), seed=seed)


def press(app: App, button_key: str) -> None:
    rect = app.battle.combat.button_rect(button_key)
    assert rect is not None, f"no {button_key!r} button on screen"
    click(app, rect.center)


def _start(app: App) -> None:
    press(app, "start")


def _to_action(app: App) -> None:
    _start(app)
    press(app, "banner-advance")  # the Advantages Phase done: the first group acts


def initiative(app: App) -> None:
    """Before the fight: who is aware, Start combat."""


def declaring(app: App) -> None:
    """The first group acts; its first member is selected and a weapon is aimed."""
    _to_action(app)
    cid = acting_combatants(app.battle.state)[0]
    press(app, f"who:{cid}")


def advantages(app: App) -> None:
    """Round 0's Advantages Phase: the phase card with its one button."""
    _start(app)


def resolving_many(app: App) -> None:
    """Every member of the acting group has declared moves and actions: a long Resolve list."""
    _to_action(app)
    enc = app.battle.encounter
    state = enc.state
    for cid in acting_combatants(state):
        who = state.combatants[cid]
        c, r = who.cell
        for step in ([(c + 1, r)], [(c + 1, r), (c + 2, r)]):
            try:
                enc.submit(Declare(cid, Action("simple", path=step, effect="step")))
                break
            except Exception:  # noqa: BLE001 - a step that cannot be declared is left out
                continue
        for kind in ("standard-move", "bonus-move"):
            try:
                enc.submit(Declare(cid, Action(kind, path=[(c, r + 1)])))
            except Exception:  # noqa: BLE001
                pass
    press(app, f"who:{acting_combatants(state)[0]}")


def advantages_collapsed(app: App) -> None:
    """The Advantages card folded to its title: the hot-seat banner carries the step's button."""
    _start(app)
    press(app, "banner-collapse")


def resolved_attack(app: App) -> None:
    """A critical hit rolled with typed dice: the roll card, its modifiers and the damage dice."""
    from tactics.engine.core.table import ChangeTableSetting

    _to_action(app)
    enc = app.battle.encounter
    cid = acting_combatants(enc.state)[0]
    weapon = enc.state.combatants[cid].sheet.weapons[0]
    enc.submit(ChangeTableSetting("dice", "everyone"))
    enc.submit(Declare(cid, Action("standard-attack", weapon=weapon, target="bear1")))
    enc.submit(ResolveNext(), typed=[20, 2, 6, 6])
    press(app, f"who:{cid}")


def counters(app: App) -> None:
    """The Counter Phase after Round 1 (the phase card lists counters, Katie may join)."""
    enc = app.battle.encounter
    _start(app)
    for _ in range(20):
        combat = combat_of(enc.state)
        if combat.phase == "counters":
            break
        enc.submit(Advance())
    app.step()


def conditions(app: App) -> None:
    """Long condition names on tokens and in the tracker (badges, counters)."""
    enc = app.battle.encounter
    for cid in ("james", "bear1"):
        enc.submit(ApplyCondition(cid, "Shaken", 2, source="test"))
        enc.submit(ApplyCondition(cid, "Stunned", 1, source="test"))
    _to_action(app)


def gm_menu(app: App) -> None:
    who = app.battle.state.combatants["james"]
    assert app.gm_menu.open_at(who.cell)
    app.step()


def regroup(app: App) -> None:
    """After Start combat, a name selected: the tracker's "Move ... to the Rearguard" (R-INIT-3)."""
    _start(app)
    cid = max(app.battle.state.combat.turn_order()[0].members, key=len)  # the longest id: a long button
    press(app, f"who:{cid}")


def gm_menu_in_play(app: App) -> None:
    """The GM menu of a token once play has started: "Move to the ..." greyed with the engine's reason."""
    _to_action(app)
    who = app.battle.state.combatants["james"]
    assert app.gm_menu.open_at(who.cell)
    app.step()


def help_card(app: App) -> None:
    key(app, pygame.K_F1)


def table_settings(app: App) -> None:
    key(app, pygame.K_t, pygame.KMOD_LCTRL)


def question(app: App) -> None:
    """A question with buttons over the dimmed map (an autosave newer than the file)."""
    app.saving.ask("A newer autosave", "An autosave from 16:42 is newer than this file: open it instead?",
                   ["Restore", "Ignore"], lambda choice: None)
    app.step()


def starship(app: App) -> None:
    app.show_starship()
    app.step()


def starship_phase(app: App) -> None:
    """The starship screen after its first phase began (who can still act, the crew dialogs)."""
    app.show_starship()
    app.step()
    screen = app.starship
    screen.begin()
    app.step()


def starship_warning(app: App) -> None:
    """Ending the phase while crew can still act: the warning naming them."""
    starship_phase(app)
    app.starship.end_phase()
    app.step()


def starship_five_posts(app: App) -> None:
    """Round 1's Action Phase with the Red Maw's Science Officer held: five of its posts act at
    once (Science, Helm, Sensors/Comms, Weapons, and the Chief Engineer, whose choice comes first);
    the walker once dropped the fifth chip at 1280x720 (review 9)."""
    from tactics.engine.starship.commands import EndPhase, TakeAction

    starship_phase(app)
    screen = app.starship
    screen.submit(EndPhase())  # the surprise round
    screen.submit(TakeAction("red_maw", "science", "hold"))
    screen.submit(EndPhase())  # round 1's Support Phase
    screen.dialog = None
    app.step()


def template(app: App) -> None:
    """Out of a fight: a token selected and a radius template over the bears (the side card)."""
    from tactics.ui.tools.registry import TOOL_CLASSES  # noqa: F401 - the tools are registered

    view = app.battle
    view.select("james")
    view.set_tool("radius")
    bear = view.state.combatants["bear1"].cell
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=view.camera.to_screen(bear), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.step()


def _hover_bear(app: App) -> None:
    """The pointer rests on Bear 1 (again after a resize: the board moved under it)."""
    view = app.battle
    where = view.camera.to_screen(view.state.combatants["bear1"].cell)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=where, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()


def attack_card(app: App) -> None:
    """The first to act aims an attack at Bear 1: the card beside the target with the dice, modifiers,
    advantages and the odds bar with its legend (at 2560x1440 and 4K its lines overprinted each other
    and the legend fell out of the card: fixed pixels under fonts that scale, review 12)."""
    declaring(app)
    app.battle.set_tool("attack")
    _hover_bear(app)


attack_card.after_resize = _hover_bear  # type: ignore[attr-defined]


def starship_dialog(app: App) -> None:
    """The dialog of the next post that acts (its choices and their odds)."""
    starship_phase(app)
    app.starship.open_next()
    app.step()


def individual(app: App) -> None:
    """Individual turns: the turn panels of the first combatant, its turn begun (the actions, the
    8 facing chips: "SW" and "NW" were shortened to "S..." and "..." at 1280x720)."""
    rect = app.battle.turns.button_rect("start-table")
    assert rect is not None
    click(app, rect.center)
    assert app.battle.turns.button_rect("face:SW") is not None


def individual_over(app: App) -> None:
    """Individual turns: the fight is over; the tracker's title "Fight over (round N)" ran under
    its pip legend at every size (review 9)."""
    from tactics.engine.combat.individual.procedure import EndTurns

    individual(app)
    app.battle.encounter.submit(EndTurns())
    app.step()
    assert app.battle.state.combat.phase == "ended"


def individual_roll(app: App) -> None:
    """Individual turns: the first character's attack on the nearest foe rolled, so the Last roll
    card shows its dice and damage (they were cut off at 1280x720 under a fixed third of the board)."""
    from tactics.engine.combat.individual.actions import TakeAction, TurnAction

    from tactics.engine.core.journal import Refused

    individual(app)
    state = app.battle.state
    who = state.combatants[state.combat.current]
    for foe in state.enemies_of(who):  # the first foe in sight and range
        try:
            app.battle.encounter.submit(TakeAction(who.id, TurnAction("attack", weapon=who.sheet.weapons[0],
                                                                      target=foe.id)))
            break
        except Refused:
            continue
    else:
        raise AssertionError(f"{who.name} can attack no one")
    app.battle.select(who.id)
    app.step()


def setup_panel(app: App) -> None:
    """Before the fight, U: the Set up panel with its teams, rows, buttons and hint lines."""
    key(app, pygame.K_u)
    app.step()
    assert app.builder.panel.rect is not None


def _setup_button(app: App, button_key: str) -> None:
    setup_panel(app)
    rect = app.builder.panel.button_rect(button_key)
    assert rect is not None, f"no {button_key!r} on the Set up panel"
    click(app, rect.center)
    assert app.builder.form is not None and app.builder.form.alive()
    app.step()


def add_form(app: App) -> None:
    """The Add combatant form (its labels, the pack's note, the Players see it switch)."""
    _setup_button(app, "add")


def edit_form(app: App) -> None:
    """The Edit form of a bundled character."""
    _setup_button(app, "edit:james")


def team_form(app: App) -> None:
    """The New team form."""
    _setup_button(app, "new-team")


def picture_dialog(app: App) -> None:
    """Set up's file dialog for a token picture, on the bundled maps' folder (a list of files)."""
    setup_panel(app)
    app.builder.choose_art(str(bundled("")))
    app.step()
    assert app.builder.art_dialog is not None and app.builder.art_dialog.file_selection_list.item_list


STATES: dict[str, tuple[str, Callable[[App], None]]] = {
    "initiative": ("space-bears.encounter.toml", initiative),
    "advantages": ("space-bears.encounter.toml", advantages),
    "declaring": ("space-bears.encounter.toml", declaring),
    "resolving-many": ("space-bears.encounter.toml", resolving_many),
    "advantages-collapsed": ("space-bears.encounter.toml", advantages_collapsed),
    "resolved-attack": ("space-bears.encounter.toml", resolved_attack),
    "counters": ("space-bears.encounter.toml", counters),
    "conditions": ("space-bears.encounter.toml", conditions),
    "gm-menu": ("space-bears.encounter.toml", gm_menu),
    "regroup": ("space-bears.encounter.toml", regroup),
    "gm-menu-in-play": ("space-bears.encounter.toml", gm_menu_in_play),
    "help": ("space-bears.encounter.toml", help_card),
    "table-settings": ("space-bears.encounter.toml", table_settings),
    "question": ("space-bears.encounter.toml", question),
    "starship": ("pirate-corvette.encounter.toml", starship),
    "starship-phase": ("pirate-corvette.encounter.toml", starship_phase),
    "starship-warning": ("pirate-corvette.encounter.toml", starship_warning),
    "starship-dialog": ("pirate-corvette.encounter.toml", starship_dialog),
    "starship-five-posts": ("pirate-corvette.encounter.toml", starship_five_posts),
    "template": ("space-bears-individual.encounter.toml", template),
    "attack-card": ("space-bears.encounter.toml", attack_card),
    "individual": ("space-bears-individual.encounter.toml", individual),
    "individual-over": ("space-bears-individual.encounter.toml", individual_over),
    "individual-roll": ("space-bears-individual.encounter.toml", individual_roll),
    "setup-panel": ("space-bears.encounter.toml", setup_panel),
    "add-form": ("space-bears.encounter.toml", add_form),
    "edit-form": ("space-bears.encounter.toml", edit_form),
    "team-form": ("space-bears.encounter.toml", team_form),
    "picture-dialog": ("space-bears.encounter.toml", picture_dialog),
}


def resize(app: App, size: tuple[int, int]) -> None:
    """The window is resized to ``size`` (as a window manager would), then one frame runs."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.step()
    app.battle.fit()
    app.dirty = True
