"""The ``tactics`` command: open a map or encounter in the battle map window.

``tactics [MAP]`` opens MAP (any map format, or an ``*.encounter.toml`` /
``.json`` file), else the bundled Space Bears encounter. ``--screenshot``
renders one frame headless and exits; a file that cannot be opened gives one
line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys

from tactics.rules.templates import MAX_TEMPLATE_FEET

EXIT_BAD_INPUT = 2


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = text.lower().split("x")
        size = (int(w), int(h))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1920x1080, not {text!r}") from None
    if not (64 <= size[0] <= 16384 and 64 <= size[1] <= 16384):
        raise argparse.ArgumentTypeError(f"window size {text} is out of range (64..16384)")
    return size


def _cell(text: str) -> tuple[int, int]:
    try:
        c, r = text.split(",")
        return int(c), int(r)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected COL,ROW such as 12,7, not {text!r}") from None


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="tactics",
        description="Tactics: a battle map for tabletop combat. Opens MAP, or the bundled Space Bears encounter.",
        epilog="In the window press F1 for every shortcut.",
    )
    p.add_argument("map", nargs="?", metavar="MAP",
                   help="map (.json .txt .tmx .tmj .dd2vtt .uvtt .png ...) or encounter file (*.encounter.toml/.json)")
    p.add_argument("--size", type=_size, default=None, metavar="WxH",
                   help="window size in pixels (default 1600x900; 1920x1080 for --screenshot)")
    p.add_argument("--fullscreen", action="store_true", help="start full screen (F11 toggles)")
    p.add_argument("--players", action="store_true", help="players' view: nothing hidden is drawn (F2 toggles)")
    p.add_argument("--seed", type=int, default=None, help="dice seed for a new encounter (default: a fresh one, recorded in the save and the exported log)")
    p.add_argument("--data", metavar="DIR", default=None,
                   help="a table's own rules folder: its TOML files replace the bundled ones of the same name")
    p.add_argument("--mode", choices=["team", "individual"], default=None,
                   help="turn rules of a new encounter: team groups or individual turns (overrides its file)")
    p.add_argument("--screenshot", metavar="OUT.png", help="render one frame without a window, save it and exit")
    table = p.add_argument_group("at the table")
    table.add_argument("--players-window", action="store_true",
                       help="open the players' window (only what the players may see; Ctrl+P toggles)")
    table.add_argument("--display", type=int, metavar="N", default=None,
                       help="put the players' window full screen on display N (1 = the main screen)")
    p.add_argument("--script", metavar="FILE", help=argparse.SUPPRESS)  # scripted events (tests: tactics.ui.scripted)
    stage = p.add_argument_group("staging a screenshot")
    stage.add_argument("--select", metavar="NAME", help="select this token (name or id) to show its reach")
    stage.add_argument("--tool", choices=["select", "ruler", "radius", "cone", "line", "attack", "grenade", "traps", "setup"],
                       help="active tool")
    stage.add_argument("--at", type=_cell, metavar="C,R",
                       help="put the pointer on square C,R (radius: the corner at its top left)")
    stage.add_argument("--feet", type=_feet, metavar="FT", help="template size in feet (5 ft steps)")
    stage.add_argument("--help-overlay", action="store_true", help="show the F1 shortcut card")
    stage.add_argument("--menu", metavar="NAME[/LINE...]",
                       help="open the GM's right-click menu on this token, then pick lines by key "
                            "(e.g. ann/add-condition, ann/damage)")
    stage.add_argument("--screen", choices=["battle", "starship"], default=None,
                       help="which screen to show (starship: the space battle, as after Tab); default: "
                            "the one the game was on (a save made mid space combat: starship)")
    return p


def _feet(text: str) -> int:
    try:
        feet = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of feet: {text!r}") from None
    if feet < 5 or feet % 5 or feet > MAX_TEMPLATE_FEET:
        raise argparse.ArgumentTypeError(
            f"{feet} ft: templates come in 5 ft steps, from 5 ft to {MAX_TEMPLATE_FEET} ft")
    return feet


def _writable_target(path: str) -> str | None:
    """Why a screenshot cannot be written to ``path``, checked before any window opens."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        return f"{path}: the folder {folder} does not exist"
    if not os.access(folder, os.W_OK):
        return f"{path}: the folder {folder} cannot be written to"
    if os.path.isdir(path):
        return f"{path}: is a folder, not a picture file"
    return None


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    # The engine's warnings (an autosave skipped, a house rule named) as the command's own lines,
    # "tactics: ...", not Python's bare last-resort print (no-op where logging is set up already).
    logging.basicConfig(format="tactics: %(message)s")
    if args.screenshot:
        problem = _writable_target(args.screenshot)
        if problem:
            print(f"tactics: error: --screenshot {problem}", file=sys.stderr)
            return EXIT_BAD_INPUT
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.data is not None:
        if not os.path.isdir(args.data):
            print(f"tactics: error: --data {args.data}: not a folder", file=sys.stderr)
            return EXIT_BAD_INPUT
        from tactics.rules.data import DATA_ENV

        os.environ[DATA_ENV] = os.path.abspath(args.data)  # before any rules data is read
    script = None
    if args.script:  # (read before anything opens: a file that cannot be played is refused at once)
        from tactics.ui.scripted import ScriptRefused, load_script

        try:
            script = load_script(args.script)
        except ScriptRefused as exc:
            print(f"tactics: error: --script {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
    from tactics.rules.table_folder import read_table_folder

    table_folder = read_table_folder()  # a misnamed house-rules file is named, never silently ignored
    for problem in table_folder.problems if table_folder is not None else ():
        print(f"tactics: warning: {problem}", file=sys.stderr)

    from tactics.assets import bundled_or_given
    from tactics.ui.opening import OpenError, open_default, open_path

    if args.map:
        args.map = str(bundled_or_given(args.map))
    try:
        encounter = open_path(args.map, seed=args.seed) if args.map else open_default(seed=args.seed)
    except OpenError as exc:
        print(f"tactics: error: {exc}", file=sys.stderr)
        _offer_autosave(args.map, exc)
        return EXIT_BAD_INPUT
    if args.mode is not None and args.mode != encounter.state.mode:
        from tactics.engine.combat.individual.procedure import with_mode
        from tactics.ui.opening import is_save_file

        try:
            if args.map and is_save_file(args.map):
                raise ValueError("a saved encounter keeps the turn rules it was played with")
            encounter = with_mode(encounter, args.mode)
        except ValueError as exc:
            print(f"tactics: error: --mode: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT

    try:
        from tactics.ui.app import App
    except ImportError as exc:  # pragma: no cover - broken install
        print(f"tactics: error: cannot start the window: {exc}", file=sys.stderr)
        return 1

    size = args.size or ((1920, 1080) if args.screenshot else (1600, 900))
    app = App(encounter, size=size, viewer="players" if args.players else "gm",
              fullscreen=args.fullscreen and not args.screenshot)
    if table_folder is not None:
        say_table_folder(app, table_folder)
    problem = stage(app, args)
    if problem:
        print(f"tactics: error: {problem}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if not args.screenshot:  # "An autosave from 16:42 is newer than this file: Restore / Ignore"
        app.saving.lock_games()  # one window per game: a second one opens it read-only
        app.saving.offer_restores()
    if args.players_window or args.display is not None:
        app.players.open(args.display, fullscreen=args.display is not None and not args.screenshot)
    if not args.screenshot:
        from tactics.ui.terminate import watch_terminate

        watch = watch_terminate()  # SIGTERM / SIGHUP: keep it all and close, asking nothing (review 18)
        try:
            if script is not None:
                from tactics.ui.scripted import run_script

                return run_script(app, script)
            return app.run()
        finally:
            watch.uninstall()
    if script is not None:
        from tactics.ui.scripted import run_script

        return run_script(app, script)
    app.step()  # --screenshot: one frame, no window loop
    try:
        app.screenshot(args.screenshot)
    except (OSError, pygame_error()) as exc:
        print(f"tactics: error: --screenshot {args.screenshot}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if app.players.window is not None:  # the players' window beside it: OUT-players.png
        out = args.screenshot
        stem, dot, ext = out.rpartition(".")
        app.players.window.save_picture(f"{stem}-players.{ext}" if dot else f"{out}-players")
    return 0


def say_table_folder(app, folder) -> None:
    """The status line at start: the misnamed house-rules file (an error), else which folder is in use."""
    if folder.problems:
        more = f" (and {len(folder.problems) - 1} more: see the terminal)" if len(folder.problems) > 1 else ""
        app.battle.say(folder.problems[0] + more, "error")
    else:
        app.battle.say(folder.summary(), "info")


def pygame_error() -> type[Exception]:
    import pygame

    return pygame.error


def _offer_autosave(path: str | None, exc: Exception) -> None:
    """A save that was refused: name the last good autosave so the GM can open it instead."""
    from tactics.ui.opening import SaveOpenError

    if not path or not isinstance(exc, SaveOpenError):
        return
    from tactics.engine.saves.continued import last_good_of_game

    good = last_good_of_game(path)  # never another game's (it would open a stranger)
    if good is None:
        print("tactics: nothing was changed; there is no autosave of this game", file=sys.stderr)
    else:
        print(f"tactics: nothing was changed; the last good autosave of this game is {good}\n"
              f"tactics: open it with: tactics {good}", file=sys.stderr)


def stage(app, args) -> str | None:
    """Apply the staging options (selection, tool, pointer); a problem as a sentence."""
    import pygame

    view = app.battle
    if args.select:
        wanted = args.select.lower()
        match = [c for c in view.state.combatants.values() if c.id.lower() == wanted or c.name.lower() == wanted]
        if not match:
            names = ", ".join(c.name for c in view.state.combatants.values())
            return f"--select: no token called {args.select!r} (tokens: {names})"
        view.select(match[0].id)
        if view.selected is None:
            return f"--select: {match[0].name} is not on the map"
    if args.tool:
        view.set_tool(args.tool)
    if args.feet is not None and hasattr(view.tool, "feet"):
        view.tool.feet = max(5, args.feet - args.feet % 5)
    if args.at is not None:
        c, r = args.at
        if args.tool == "radius" and not getattr(view.tool, "centre", False):
            pos = view.camera.to_screen((c, r))
        else:
            pos = view.camera.cell_centre((c, r))
        if args.tool == "ruler" and view.selected:
            start = view.state.combatants[view.selected].cell
            view.tool.points = [start]
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    screen = getattr(args, "screen", None)
    if screen == "starship":
        app.show_starship()
    elif screen is None:  # as a restore or Ctrl+O opens it: mid space combat, the starship screen
        app.show_its_screen()
    if getattr(args, "menu", None):
        name, *lines = args.menu.split("/")
        match = [c for c in view.state.combatants.values() if name.lower() in (c.id.lower(), c.name.lower())]
        if not match or match[0].cell is None or not app.gm_menu.open_at(match[0].cell):
            return f"--menu: no token called {name!r} on the map"
        for line in lines:
            if not app.gm_menu.choose(line):
                return f"--menu: no line {line!r} (lines: {', '.join(app.gm_menu.keys())})"
    if args.help_overlay:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
    return None
