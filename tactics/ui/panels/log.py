"""The log panel: every event of the journal as a readable line, scrollable and exportable.

Lines are ``ground_queries.describe(event, state)``, newest at the bottom. The
wheel (or Page Up / Page Down over the panel) scrolls; new lines bring the view
back to the bottom unless the reader scrolled up. Ctrl+E or the Export button
writes every line to a ``.txt`` file in ``<data dir>/logs`` atomically (a
temporary file renamed over the target), so a crash never leaves half a log.
Undo and redo walk the journal, so the log follows them.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Protocol

import pygame

from tactics.engine.core.board_events import SettingsChanged
from tactics.engine.core.table import TABLE_SETTINGS
from tactics.engine.core.touched import touched_combatants
from tactics.engine.saves.autosave import data_dir
from tactics.engine.combat.queries import describe
from tactics.atomicfiles import atomic_write_text
from tactics.ui import layout_probe as probe
from tactics.ui import theme
from tactics.ui.theme import px
from tactics.ui import widgets as w

if TYPE_CHECKING:
    from datetime import datetime

#: What the log says before its first line.
EMPTY_WORDS = "Nothing yet: every move, roll and change will be listed here, newest at the bottom."


class LogOwner(Protocol):
    """What the log asks of the column it sits in (the team-combat panels or the turns column)."""

    @property
    def encounter(self) -> Any: ...

    @property
    def view(self) -> Any: ...

    def local_hover(self, origin: tuple[int, int]) -> tuple[int, int] | None: ...

LINE_SIZE = 15
LINE_H = 21

KIND_COLOURS: dict[str, tuple[int, int, int]] = {
    "attack.rolled": theme.TEXT,
    "combat.check": theme.TEXT,
    "damage.rolled": theme.BAD_SOFT,
    "hp.changed": theme.BAD_SOFT,
    "combatant.downed": theme.BAD,
    "action.failed": theme.BAD,
    "action.lost": theme.BAD,
    "combat.started": theme.ACCENT,
    "round.started": theme.ACCENT,
    "actions.began": theme.ACCENT,
    "group.started": theme.INFO,
    "counters.ticked": theme.CONDITION,
    "combat.ended": theme.ACCENT,
    "condition.added": theme.CONDITION,
    "condition.removed": theme.CONDITION,
}


def setting_line(key: str, value: str, was: str) -> str:
    """A table setting's change in plain words: "Who rolls the dice: players type in their own
    physical dice; the app rolls for the GM (before: the app rolls every die)." (review 16, F16f:
    "Table setting dice: players (was app)." read as code)."""
    meanings = TABLE_SETTINGS.get(key, {})
    if value not in meanings or was not in meanings:
        return f"Table setting {key}: {value} (before: {was})."
    what = {"dice": "Who rolls the dice"}.get(key, f"Table setting {key}")
    now, before = meanings[value], meanings[was]
    return f"{what}: {now[:1].lower() + now[1:]} (before: {before[:1].lower() + before[1:]})."


def line_for(event, state) -> str:
    """The engine's sentence for an event (a table setting change is worded here)."""
    if isinstance(event, SettingsChanged):
        return setting_line(event.key, event.value, event.was)
    return describe(event, state)


def log_lines(encounter) -> list[tuple[str, str]]:
    """(event kind, line) for every committed event that says something, oldest first (an event
    whose sentence another one's said, e.g. a passed-over group's end, makes no blank line)."""
    state = encounter.state
    return [(e.kind, line) for e in encounter.journal.events if (line := line_for(e, state))]


def export_text(encounter) -> str:
    """The whole log as text: a title line, the dice seed (a new game draws a fresh one: the same
    seed and commands give the same dice), then one line per event."""
    head = f"Tactics log: {encounter.state.name}"
    seed = f"Dice seed {encounter.seed}."
    return "\n".join([head, "=" * len(head), seed] + [line for _, line in log_lines(encounter)]) + "\n"


def export_log(encounter, folder: str | Path | None = None, *, now: datetime | None = None) -> Path:
    """Write the log to ``folder`` (default ``<data dir>/logs``) atomically; the file's path."""
    from datetime import datetime  # (at an export: not for the first frame)

    folder = Path(folder) if folder is not None else data_dir() / "logs"
    folder.mkdir(parents=True, exist_ok=True)
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    slug = re.sub(r"[^A-Za-z0-9]+", "-", encounter.state.name).strip("-").lower() or "encounter"
    path = folder / f"{slug}-log-{stamp}.txt"
    atomic_write_text(path, export_text(encounter))
    return path


def export_said(encounter, say: Callable[[str, str], None], folder: str | Path | None = None) -> Path | None:
    """Ctrl+E: the whole log written (:func:`export_log`) and where it went, or why it could not be,
    said with ``say`` (the battle map's and the starship screen's one message); the file's path."""
    try:
        path = export_log(encounter, folder)
    except OSError as exc:
        say(f"Could not export the log: {exc}", "error")
        return None
    say(f"Log exported to {path}", "good")
    return path


class LogPanel(w.Panel):
    def __init__(self, ui: LogOwner) -> None:
        super().__init__(title="Log")
        self.ui = ui
        self.scroll = 0  # wrapped lines scrolled up from the bottom
        self.folder: Path | None = None  # where exports go (None: the data dir)
        self.last_export: Path | None = None
        self._cache_key: tuple | None = None
        self._wrapped: list[tuple[str, str]] = []
        self._seen = 0
        self._events = 0  # events in the journal, as the title counts them (worked out with the lines)
        self._last_entry: Any = None  # the journal's last entry when the lines were worked out

    def empty(self) -> bool:
        """Nothing logged yet (the panel then says what it will hold: :data:`EMPTY_WORDS`)."""
        return not self.ui.encounter.journal.entries

    # -- commands --------------------------------------------------------------------
    def export(self) -> Path | None:
        path = export_said(self.ui.encounter, self.ui.view.say, self.folder)
        if path is not None:
            self.last_export = path
        return path

    def wheel(self, steps: float) -> None:
        self.scroll = max(0, min(self.scroll + round(steps * 3), max(0, len(self._wrapped) - 3)))

    def page(self, direction: int) -> None:
        self.wheel(direction * 3)

    # -- drawing ---------------------------------------------------------------------------
    def wrapped(self, width: int) -> list[tuple[str, str]]:
        journal = self.ui.encounter.journal
        # (the view's revision last: the state's id and the journal's lengths can match another state
        # after an undo and another command, an id being reused: review 12)
        key = (id(journal.state), len(journal.entries), len(journal.redo_stack), width,
               getattr(self.ui.view, "revision", None))
        if key != self._cache_key:
            added = self._added(journal, key)
            lines = log_lines(self.ui.encounter) if added is None else [
                (e.kind, line) for e in added if (line := line_for(e, journal.state))]
            out: list[tuple[str, str]] = [] if added is None else list(self._wrapped)
            # the title's count of events, counted again only when every line is (a list of every
            # event of the journal was made at each drawing)
            self._events = len(journal.events) if added is None else self._events + len(added)
            for kind, line in lines:
                for i, part in enumerate(w.wrap(line, LINE_SIZE, width, "regular")):
                    out.append((kind, part if i == 0 else "   " + part))
            self._last_entry = journal.entries[-1] if journal.entries else None
            if len(out) > self._seen and self.scroll:
                self.scroll += len(out) - self._seen  # keep the reader's place
            self._seen = len(out)
            self._wrapped = out
            self._cache_key = key
            self.scroll = min(self.scroll, max(0, len(out) - 3))
        return self._wrapped

    def _added(self, journal: Any, key: tuple) -> list[Any] | None:
        """The events of the one entry committed since the lines were last worked out, when the
        lines before stay as they were (else None: all are worked out again): an entry that
        changed only squares, hit points, facings or doors (``touched_combatants``: no name, team
        or anything else a log sentence reads), committed on the entry last seen. After 200
        moves every move described the 200 entries before it again."""
        kept = self._cache_key
        entries = journal.entries
        if (kept is None or kept[0] != key[0] or kept[3] != key[3] or key[2] != 0 or key[1] != kept[1] + 1
                or len(entries) < 2 or entries[-2] is not self._last_entry):
            return None
        events = entries[-1].events
        return list(events) if touched_combatants(events) is not None else None

    def draw(self, surface: pygame.Surface, x: int, bottom: int, width: int, height: int) -> pygame.Rect:
        self.begin()
        line_h = w.line_h(LINE_SIZE, "regular") + px(2)
        if self.collapsed:
            height = px(48)
        y = bottom - height
        canvas = w.canvas(self, (width, height))
        rect = canvas.get_rect()
        lines = self.wrapped(width - 2 * theme.PANEL_PAD - px(10))
        export = pygame.Rect(rect.right - px(150), rect.y + px(8), px(102), px(28))
        title = f"Log ({self._events})"
        top = w.header(self, canvas, pygame.Rect(rect.x, rect.y, export.x - rect.x + px(44), rect.height), title,
                       collapsible=False)
        w.header(self, canvas, rect, "", collapsible=True)
        w.button(self, canvas, export, "Export  ^E", "export",
                 self.export, style="chip", size=14, hover=self.ui.local_hover((x, y)))
        if not self.collapsed:
            top = max(top, export.bottom + px(8))
            rows = max(1, (rect.height - (top - rect.y) - px(10)) // line_h)
            if self.scroll and rows > 1:
                rows -= 1  # the last row says how many newer lines are below
            end = len(lines) - self.scroll
            start = max(0, end - rows)
            ly = top
            if not lines:  # the empty log says what it will hold
                for line in w.wrap(EMPTY_WORDS, LINE_SIZE, rect.width - 2 * theme.PANEL_PAD, "regular")[:rows]:
                    w.text(canvas, line, (rect.x + theme.PANEL_PAD, ly), LINE_SIZE, theme.TEXT_DIM, "regular")
                    ly += line_h
            for kind, line in lines[start:end]:
                w.text(canvas, line, (rect.x + theme.PANEL_PAD, ly), LINE_SIZE, KIND_COLOURS.get(kind, theme.TEXT_DIM), "regular")
                ly += line_h
            if len(lines) > rows:  # a scroll bar
                track = pygame.Rect(rect.right - px(10), top, px(5), rows * line_h)
                pygame.draw.rect(canvas, theme.TRACK, track, border_radius=px(3))
                frac = rows / len(lines)
                th = max(px(18), int(track.height * frac))
                pos = 1 - (end / len(lines))
                ty = track.bottom - th - int((track.height - th) * pos / max(1e-9, 1 - frac))
                pygame.draw.rect(canvas, theme.TEXT_DIM, (track.x, max(track.y, ty), px(5), th), border_radius=px(3))
            if self.scroll:
                w.text(canvas, f"{self.scroll} newer lines below", (rect.centerx, rect.bottom - px(6)), 13,
                       theme.ACCENT, "semibold", "midbottom")
        final = pygame.Rect(x, y, width, height)
        w.card(surface, final)
        surface.blit(canvas, final.topleft)
        probe.panel(surface, final, "Log")
        probe.composite(canvas, surface, final.topleft, name="Log")
        for h in self.hits:
            h.rect.move_ip(x, y)
        self.rect = final
        return final
