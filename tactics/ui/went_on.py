"""The window's side of "this game went on in a save": remember Save as, and offer the save.

Why (an outside review): after Save as, more play and a crash, reopening the encounter file
offered its autosave from the moment of saving as "newer than this file" and said nothing of the
game that went on in the save. Now Save as is remembered (:mod:`tactics.engine.saves.continued`)
and reopening the file asks "This encounter went on in night.tactics.json (saved 18:10, 2 more
actions since): Open it / Start fresh". Open it opens the save's newest state (its autosave when
play went on after the save); Start fresh plays the file and stops asking (the save and every
autosave are kept).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tactics.engine.core.encounter import Encounter
from tactics.engine.saves.continued import WentOn, dismiss, record
from tactics.logs import logger

if TYPE_CHECKING:
    from tactics.ui.saving import Saving

OPEN = "Open it"
FRESH = "Start fresh"


def remember_save_as(source: str | Path, save: Path, folder: str | Path | None) -> None:
    """The game from ``source`` was just saved as ``save`` (nothing to do for the same file).
    A failure to remember is logged: the save itself was written."""
    try:
        record(source, save, folder=folder)
    except OSError as exc:
        logger(__name__).warning("could not remember that %s went on in %s: %s", source, save, exc)


def went_on_text(went: WentOn, saved: Encounter, newest: Encounter, opened: Encounter) -> str:
    """The prompt's words: where the game went on, when it was saved, what was played since."""
    from tactics.ui.saving import _escape, full_stop, played_since, when_text

    more, last, rnd = played_since(saved, newest)
    since = f", {more} more action{'s' if more != 1 else ''} since" if more > 0 else ""  # (-1: not known)
    then = full_stop(f" The last: {last}" + (f" (round {rnd})" if rnd is not None else "")) if last else ""
    here = Path(opened.source).name if opened.source else "this file"
    return _escape(f"This encounter went on in {went.save.name} (saved {when_text(went.save)}{since}).{then} "
                   f"Open it there, or start fresh from {here}? The save and its autosaves are kept either way.")


def offer_went_on(saving: "Saving", went: WentOn, opened: Encounter) -> None:
    """Ask "Open it / Start fresh" for the save the game opened from ``opened.source`` went on in."""
    from tactics.engine.saves.document import SaveError, load_save
    from tactics.ui.opening import OpenError, is_save_file, open_path

    try:
        # an encounter file the builder's Save encounter wrote is opened as ``tactics`` opens it
        saved = load_save(went.save) if is_save_file(went.save) else open_path(went.save)
        newest = saved if went.newest == went.save else load_save(went.newest)
    except (SaveError, OpenError) as exc:
        logger(__name__).warning("not offering %s: %s", went.newest, exc)
        return
    source = opened.source or ""

    def answer(choice: str) -> None:
        if choice == OPEN:
            _open(saving, went, newest)
        elif source:
            try:
                dismiss(source, folder=saving.folder)
            except OSError as exc:
                logger(__name__).warning("could not set aside the autosaves of %s: %s", source, exc)
            saving.app.battle.say(f"Starting fresh from {Path(source).name}. {went.save.name} is kept "
                                  "(Ctrl+O opens it).", "info")

    saving.ask("This encounter went on", went_on_text(went, saved, newest, opened), [OPEN, FRESH], answer)


def _open(saving: "Saving", went: WentOn, newest: Encounter) -> None:
    """Show the save's newest state: the save itself, or its autosave (as a restore would)."""
    from tactics.ui.saving import when_text

    if went.newest == went.save:
        saving.app.open_file(went.save)
        return
    saving._restore(newest, went.newest, f"Opened {went.save.name} as autosaved at {when_text(went.newest)} "
                                         "(after its last save).")
