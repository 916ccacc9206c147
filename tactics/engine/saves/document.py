"""Saving and loading encounters so that a game is never lost.

A save is the encounter's *definition* (its start state: teams, combatants,
settings, traps, ships ...), its map (a path to the map file, or the native map
dict when the map did not come from a file), the dice seed and the journal's
entries (plus the redo stack). Loading rebuilds the start state from the
definition and replays every entry's events, so a save is exactly what the
journal already knows and works for every part of the game without knowing
about it. The format is described in ``docs/save-format.md``.

* Writes are atomic (:func:`atomic_write_text`): a crash while saving leaves
  the old file or the new one, never half of each.
* Anything wrong with a file (not JSON, cut off, hand-edited, an event kind no
  one handles, entries that no longer apply) is refused with :class:`SaveError`
  naming the line/column or the field path, e.g.
  ``game.json: entries[12].events[0]: unknown event kind 'foo'``. No pickle, no
  eval: a save is plain JSON and is only ever read as data.
* Older versions are migrated step by step (:data:`MIGRATIONS`).
"""

from __future__ import annotations

import copy
import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Annotated, Any, Callable

from tactics.rules.plain_model import ConfigDict, Field, validation_error

from tactics.engine.saves import jsontext as saves_json
from tactics.engine.saves import replay
from tactics.engine.saves.kinds import not_a_save_target
from tactics.engine.core.encounter import Encounter
from tactics.engine.core.events import event_class
from tactics.engine.core.journal import Entry
from tactics.engine.features import ENCOUNTER_REDUCER
from tactics.jsonbudget import JsonBudget, over_budget
from tactics.rules.data import DataError, DataModel, field_name
from tactics.atomicfiles import atomic_write_text as atomic_write_text  # re-exported: the saves' writer
from tactics.safefiles import FileRefused, read_regular

FORMAT = "tactics-encounter"
VERSION = 1
#: Permissions of saves and autosaves: they hold every secret (hidden foes, traps), so owner only.
SECRET_MODE = 0o600
#: The pre-release format (version 0) called itself this.
OLD_FORMAT = "tactics-save"
#: A save holds a journal of a few hundred bytes an entry: a long campaign is a few MB, and a
#: journal of :data:`MAX_ENTRIES` commands some 40 MB.
MAX_SAVE_BYTES = 128 * 1024 * 1024
#: What a save's JSON may hold, counted before it is parsed (:mod:`tactics.jsonbudget`): a journal of
#: :data:`MAX_ENTRIES` moves is 3.6 million values, 0.8 million objects and as many lists. Review 13:
#: a 256 MB save of ``[],`` was parsed into 6 GB of lists before its 200,000-entry limit was checked.
SAVE_JSON = JsonBudget(values=6_000_000, objects=1_500_000, lists=1_500_000)
#: Events in a save's journal and redo list together: each is replayed at loading (some 20 µs each).
MAX_EVENTS = 1_000_000
#: Commands one save's journal (or its redo list) may hold: a night of play makes a few thousand
MAX_ENTRIES = 200_000


class SaveError(ValueError):
    """A save that cannot be written or read: the file, where, and what is wrong."""

    def __init__(self, path: str | Path, where: str, problem: str) -> None:
        self.path = str(path)
        self.where = where
        self.problem = problem
        super().__init__(f"{self.path}: {where}: {problem}" if where else f"{self.path}: {problem}")


# -- writing -------------------------------------------------------------------


def _map_file(encounter: Encounter, save_path: Path) -> Path | None:
    """The file the encounter's map came from, if a save can point at it (else the map is embedded)."""
    source = Path(encounter.map.source).resolve() if encounter.map.source else None
    return source if source is not None and source.is_file() and source != save_path.resolve() else None


def _map_reference(encounter: Encounter, save_path: Path, *, absolute: bool = False) -> dict[str, Any]:
    """``{"path": ...}`` for a map from a file, else the embedded native map dict.

    The path is relative when the map lies in the save's folder (or below), so
    a folder holding both can be moved; otherwise (and in autosaves) absolute.
    """
    battle_map = encounter.map
    folder = save_path.resolve().parent
    source = _map_file(encounter, save_path)
    if source is not None:
        shown = str(source)
        if not absolute and source.is_relative_to(folder):
            shown = source.relative_to(folder).as_posix()
        ref: dict[str, Any] = {"path": shown}
        if shown != str(source):
            ref["absolute"] = str(source)  # found again when the save alone is copied elsewhere
        from tactics.assets import bundled_name

        name = bundled_name(source)
        if name is not None:  # a map shipped with the app: found again after a reinstall
            ref["bundled"] = name
        from tactics.maps import IMAGE_SUFFIXES

        if battle_map.image is not None and source.suffix.lower() in IMAGE_SUFFIXES:
            # a plain image map: keep the grid scale it was opened with
            ref["pixels_per_cell"] = float(battle_map.image.pixels_per_cell)
        return ref
    from tactics.maps.native import map_to_dict

    return map_to_dict(battle_map, base_dir=folder)


def _head(
    encounter: Encounter, save_path: Path, *, autosave: bool, absolute: bool | None, now: datetime | None,
    cache: saves_json.EntryLines | None = None,
) -> dict[str, Any]:
    """The save's values before its journal; with ``cache``, the definition and an embedded map
    are written once while they stay the same objects (an autosave after every command)."""
    when = now or datetime.now(timezone.utc)
    absolute = autosave if absolute is None else absolute
    if cache is not None:
        definition = encounter.definition
        written: dict[str, Any] = {"definition": cache.head_value("definition", definition, (), lambda: definition)}
        if _map_file(encounter, save_path) is None:  # embedded: the whole map as a native document
            written["map"] = cache.head_value("map", encounter.map, (str(save_path.resolve().parent), absolute),
                                              lambda: _map_reference(encounter, save_path, absolute=absolute))
    else:
        written = {}
    return {
        "format": FORMAT,
        "version": VERSION,
        "saved_at": when.isoformat(timespec="seconds"),
        "source": encounter.source,
        "autosave": autosave,
        "definition": written.get("definition", encounter.definition),
        "map": written["map"] if "map" in written else _map_reference(encounter, save_path, absolute=absolute),
        "seed": encounter.seed,
    }


def encounter_to_dict(
    encounter: Encounter,
    save_path: str | Path,
    *,
    autosave: bool = False,
    absolute: bool | None = None,
    now: datetime | None = None,
) -> dict[str, Any]:
    """The save document of an encounter to be written at ``save_path``.

    JSON-able if the encounter's definition and events are; :func:`save_text`
    checks that. A map file is referenced by an absolute path if ``absolute``
    (default: in autosaves), else relative when it lies in the save's folder.
    """
    doc = _head(encounter, Path(save_path), autosave=autosave, absolute=absolute, now=now)
    doc["entries"] = [e.to_dict() for e in encounter.journal.entries]
    doc["redo"] = [e.to_dict() for e in encounter.journal.redo_stack]
    return doc


def save_text(doc: dict[str, Any], path: str | Path = "<save>") -> str:
    """The JSON text of a save document: one journal entry per line.

    Refuses (SaveError naming the field) anything JSON would not give back as
    it was: sets, objects, non-text keys, NaN.
    """
    head = {k: v for k, v in doc.items() if k not in ("entries", "redo")}
    try:
        lists = {
            name: [saves_json.entry_line(raw, f"{name}[{i}]") for i, raw in enumerate(doc.get(name, []))]
            for name in ("entries", "redo")
        }
        return _text(head, lists)
    except saves_json.Unsaveable as exc:
        raise SaveError(path, exc.where, exc.problem) from None


def encounter_text(
    encounter: Encounter,
    save_path: str | Path,
    *,
    autosave: bool = False,
    now: datetime | None = None,
    cache: saves_json.EntryLines | None = None,
) -> str:
    """The save file text of an encounter (what :func:`save_encounter` writes).

    ``cache`` keeps encoded entries between calls (the Autosaver passes one).
    """
    path = Path(save_path)
    journal = encounter.journal
    try:
        head = _head(encounter, path, autosave=autosave, absolute=None, now=now, cache=cache)
        lists = (cache or saves_json.EntryLines()).encode({"entries": journal.entries, "redo": journal.redo_stack})
        return _text(head, lists)
    except saves_json.Unsaveable as exc:
        raise SaveError(path, exc.where, exc.problem) from None


def _text(head: dict[str, Any], lists: dict[str, list[str]]) -> str:
    for key, value in head.items():
        if not isinstance(value, saves_json.Written):  # (checked when it was written)
            saves_json.check(value, key)
    try:
        return saves_json.document_text(head, lists)
    except (RecursionError, ValueError, TypeError) as exc:
        raise saves_json.Unsaveable("(top)", f"cannot be written as JSON: {exc}") from None


def save_encounter(encounter: Encounter, path: str | Path, *, now: datetime | None = None) -> Path:
    """Save ``encounter`` to ``path`` atomically; the encounter's source becomes ``path``.

    Raises SaveError (nothing is written) if ``path`` holds anything but a save
    (an encounter file, a map, a picture: a save there would destroy it; a save
    there is replaced), if the encounter holds something that cannot be saved, or
    OSError if the file cannot be written (the old file stays).
    """
    path = Path(path)
    refused = not_a_save_target(path)
    if refused is not None:
        raise SaveError(path, "", refused)
    atomic_write_text(path, encounter_text(encounter, path, now=now), mode=SECRET_MODE)
    encounter.source = str(path)
    return path


# -- reading -------------------------------------------------------------------


class _Strict(DataModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _EventDoc(_Strict):
    kind: Annotated[str, Field(min_length=1)]
    data: dict[str, Any] = {}


class _EntryDoc(_Strict):
    command: str
    args: dict[str, Any] = {}
    events: list[_EventDoc] = Field(fail_fast=True)
    dice: Annotated[list[Annotated[int, Field(ge=0)]], Field(min_length=2, max_length=2)]


class _SaveDoc(_Strict):
    format: str
    version: int
    saved_at: str | None = None
    source: str | None = None
    autosave: bool = False
    definition: dict[str, Any]
    map: dict[str, Any]
    seed: int
    # (fail_fast: the first bad entry is the error; collecting one error for every field of every
    # entry took 9.9 GB for 12 MB of empty entries: review 12)
    entries: list[_EntryDoc] = Field(fail_fast=True)
    redo: list[_EntryDoc] = Field(default_factory=list, fail_fast=True)


def field_path(loc: tuple[Any, ...] | list[Any]) -> str:
    """('entries', 12, 'events', 0) -> 'entries[12].events[0]'."""
    return field_name(loc)


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not a number a save can hold")


def decode_save_text(text: str, path: str | Path = "<save>") -> Any:
    """Parse a save's JSON text; errors name the line and column."""
    if not text.strip():
        raise SaveError(path, "", "the file is empty (the save was cut off)")
    over = over_budget(text, SAVE_JSON)
    if over is not None:
        raise SaveError(path, "", f"holds {over}; no save needs that many")
    try:
        return json.loads(text, parse_constant=_no_constants)
    except json.JSONDecodeError as exc:
        # A string left open runs to the end of the text: that too is a file cut off.
        cut = exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string")
        hint = " (the file ends too early: it was cut off)" if cut else ""
        raise SaveError(path, f"line {exc.lineno}, column {exc.colno}", exc.msg + hint) from None
    except RecursionError:
        raise SaveError(path, "", "the JSON is nested too deeply to be a save") from None
    except ValueError as exc:  # NaN / Infinity, a number too long to read
        from tactics.jsonbudget import value_problem

        raise SaveError(path, "", value_problem(exc)) from None


def read_save_text(path: str | Path) -> str:
    path = Path(path)
    try:
        raw = read_regular(path, MAX_SAVE_BYTES)  # never /dev/zero or a FIFO
    except FileRefused as exc:
        if "folder" in exc.problem:
            raise SaveError(path, "", "is a folder, not a save file") from None
        raise SaveError(path, "", exc.problem) from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SaveError(path, f"byte {exc.start}", "not UTF-8 text (damaged or not a save)") from None


def _migrate_0_to_1(doc: dict[str, Any], path: str | Path) -> dict[str, Any]:
    """Version 0 (pre-release): ``map_path``, and a ``log`` of entries that kept
    only the dice cursor after each command. Version 1 keeps ``[before, after]``,
    the redo stack and the time of saving."""
    log = doc.get("log")
    if not isinstance(log, list):
        raise SaveError(path, "log", "expected a list of entries")
    entries = []
    cursor = 0
    for i, raw in enumerate(log):
        if not isinstance(raw, dict):
            raise SaveError(path, f"log[{i}]", "expected an object")
        after = raw.get("dice_cursor", cursor)
        if not isinstance(after, int) or isinstance(after, bool) or after < cursor:
            raise SaveError(path, f"log[{i}].dice_cursor", f"expected a whole number of at least {cursor}")
        entry = {k: v for k, v in raw.items() if k != "dice_cursor"}
        entry["dice"] = [cursor, after]
        entries.append(entry)
        cursor = after
    if "map_path" in doc:
        if not isinstance(doc["map_path"], str):
            raise SaveError(path, "map_path", "expected the map's file name")
        map_ref: Any = {"path": doc["map_path"]}
    else:
        map_ref = doc.get("map")
    out = {k: v for k, v in doc.items() if k not in ("log", "map_path")}
    out.update(format=FORMAT, version=1, saved_at=doc.get("saved_at"), map=map_ref, entries=entries)
    out.setdefault("redo", [])
    return out


#: version n -> function giving version n+1. Add one per format change.
MIGRATIONS: dict[int, Callable[[dict[str, Any], str | Path], dict[str, Any]]] = {0: _migrate_0_to_1}


def upgrade(doc: object, path: str | Path = "<save>") -> dict[str, Any]:
    """Bring a decoded save document of any known version up to :data:`VERSION`."""
    if not isinstance(doc, dict):
        raise SaveError(path, "", "not a Tactics save (the top level must be an object)")
    fmt = doc.get("format")
    if fmt == OLD_FORMAT and "version" not in doc:
        doc = dict(doc, version=0)
    elif fmt not in (FORMAT, OLD_FORMAT):
        raise SaveError(path, "format", f"not a Tactics save (format is {fmt!r}, expected {FORMAT!r})")
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise SaveError(path, "version", f"expected a whole number, not {version!r}")
    if version > VERSION:
        raise SaveError(
            path, "version", f"version {version} was written by a newer Tactics; this one reads up to {VERSION}"
        )
    while version < VERSION:
        try:
            doc = MIGRATIONS[version](doc, path)
        except SaveError:
            raise
        except Exception as exc:  # a migration meeting a shape it did not expect
            raise SaveError(path, "", f"cannot upgrade from version {version}: {exc!r}") from None
        version += 1
    if doc.get("format") != FORMAT:
        raise SaveError(path, "format", f"expected {FORMAT!r} for version {VERSION}")
    return doc


def check_save(doc: dict[str, Any], path: str | Path = "<save>") -> _SaveDoc:
    """Validate the shape of an upgraded save; errors name the field path."""
    for name in ("entries", "redo"):
        listed = doc.get(name) if isinstance(doc, dict) else None
        if isinstance(listed, list) and len(listed) > MAX_ENTRIES:
            raise SaveError(path, name, f"{len(listed):,} entries; a save holds at most {MAX_ENTRIES:,}")
    lists = [doc.get(name) for name in ("entries", "redo")] if isinstance(doc, dict) else []
    events = sum(len(entry["events"]) for listed in lists if isinstance(listed, list)
                 for entry in listed if isinstance(entry, dict) and isinstance(entry.get("events"), list))
    if events > MAX_EVENTS:
        raise SaveError(path, "entries", f"{events:,} events in all; a save holds at most {MAX_EVENTS:,}")
    try:
        parsed = _SaveDoc.model_validate(doc)
    except validation_error() as exc:
        first = exc.errors()[0]
        raise SaveError(path, field_path(first.get("loc", ())) or "(top)", first.get("msg", "invalid")) from None
    known = ENCOUNTER_REDUCER.knows  # every part registers its reducers there (features.py)
    for name, entries in (("entries", parsed.entries), ("redo", parsed.redo)):
        for i, entry in enumerate(entries):
            before, after = entry.dice
            if after < before:
                raise SaveError(path, f"{name}[{i}].dice", f"the dice cursor goes back from {before} to {after}")
            for j, event in enumerate(entry.events):
                if not known(event.kind) or event_class(event.kind) is None:
                    raise SaveError(path, f"{name}[{i}].events[{j}]", f"unknown event kind {event.kind!r}")
    return parsed


def _open_map(ref: dict[str, Any], path: Path) -> Any:
    from tactics.maps import MapError, load as load_map

    try:
        if "format" in ref:  # an embedded native map
            from tactics.maps.native import map_from_dict

            battle_map = map_from_dict(ref, f"{path}: map", base_dir=path.parent)
            battle_map.source = None  # not from a file of its own: embed it again
            return battle_map
        where = ref.get("path")
        if not isinstance(where, str) or not where:
            raise SaveError(path, "map.path", "expected the map's file name")
        shipped = _bundled_map(ref.get("bundled"), path)
        ppc = ref.get("pixels_per_cell")
        if ppc is not None and (not isinstance(ppc, (int, float)) or isinstance(ppc, bool) or not ppc > 0):
            raise SaveError(path, "map.pixels_per_cell", "expected a positive number")
        map_path = Path(where)
        if not map_path.is_absolute():
            map_path = path.parent / map_path
        if shipped is not None:
            map_path = shipped  # this install's copy of the bundled map (the path may name an old install)
        elif not map_path.exists() and (path.parent / map_path.name).exists():
            map_path = path.parent / map_path.name  # the save and its map moved together
        elif not map_path.exists() and _same_map(ref.get("absolute"), where):
            map_path = Path(ref["absolute"])  # the save alone was copied elsewhere
        return load_map(map_path, pixels_per_cell=ppc)
    except SaveError:
        raise
    except MapError as exc:
        raise SaveError(path, "map", str(exc)) from None
    except DataError as exc:  # the table's terrain.toml: named as itself (review 21)
        raise SaveError(path, "map", f"cannot open the map: {exc}") from None
    except Exception as exc:
        raise SaveError(path, "map", f"cannot open the map: {exc!r}") from None


def _bundled_map(name: Any, path: Path) -> Path | None:
    """The bundled map a save names by ``map.bundled`` (None: none named, or not in this install)."""
    if name is None:
        return None
    from tactics.assets import bundled_named

    if not isinstance(name, str) or not name.strip():
        raise SaveError(path, "map.bundled", "expected the name of a map bundled with the app")
    try:
        found = bundled_named(name)
    except ValueError as exc:
        raise SaveError(path, "map.bundled", str(exc)) from None
    return found if found.is_file() else None


def _same_map(absolute: Any, relative: str) -> bool:
    """Is ``absolute`` an existing file that the relative reference names (same file name)?

    A hand-edited reference to another map is not silently swapped back.
    """
    return (isinstance(absolute, str) and Path(absolute).name == Path(relative).name
            and Path(absolute).is_file())


def encounter_from_save(doc: Any, path: str | Path = "<save>") -> Encounter:
    """An encounter from a decoded save document (any known version)."""
    path = Path(path)
    doc = upgrade(doc, path)
    parsed = check_save(doc, path)
    battle_map = _open_map(parsed.map, path)
    source = parsed.source if parsed.autosave else str(path)
    try:
        encounter = Encounter(copy.deepcopy(parsed.definition), battle_map, seed=parsed.seed, source=source)
    except DataError as exc:
        if exc.path == str(source) and exc.field:  # a field of the definition itself
            raise SaveError(path, f"definition.{exc.field}", exc.problem) from None
        raise SaveError(path, "definition", f"cannot build the encounter: {exc}") from None
    except Exception as exc:  # MapError, or a builder meeting bad data
        raise SaveError(path, "definition", f"cannot build the encounter: {_why(exc)}") from None
    journal = encounter.journal
    try:
        replay.check_state(journal.state)
    except replay.ReplayProblem as exc:
        raise SaveError(path, f"definition: {exc.where}", exc.problem) from None
    for i, doc in enumerate(parsed.entries):
        where = f"entries[{i}]"
        try:
            entry = _entry(doc, where)  # every event validated against its kind's class
            journal.commit(entry)
            replay.check_after_entry(entry.events, journal.state, where)
        except replay.ReplayProblem as exc:
            raise SaveError(path, exc.where, f"{doc.command!r} cannot be replayed: {exc.problem}") from None
        except Exception as exc:
            raise SaveError(path, where, f"{doc.command!r} cannot be replayed: {_why(exc)}") from None
    redo: list[Entry] = []
    scratch = copy.deepcopy(journal.state)
    for k in range(len(parsed.redo) - 1, -1, -1):  # the last of the stack is redone first
        where, doc = f"redo[{k}]", parsed.redo[k]
        try:
            entry = _entry(doc, where)
            for event in entry.events:
                journal.reducer.apply(scratch, event)
            replay.check_after_entry(entry.events, scratch, where)
        except replay.ReplayProblem as exc:
            raise SaveError(path, exc.where, f"{doc.command!r} cannot be redone: {exc.problem}") from None
        except Exception as exc:
            raise SaveError(path, where, f"{doc.command!r} cannot be redone: {_why(exc)}") from None
        redo.append(entry)
    redo.reverse()  # (not insert(0, ...) for each: 150,000 redo entries took 4 s of list shifting, review 21)
    journal.redo_stack = redo
    return encounter


def _entry(doc: _EntryDoc, where: str) -> Entry:
    events = [replay.event_of({"kind": saved.kind, "data": saved.data}, f"{where}.events[{j}]")
              for j, saved in enumerate(doc.events)]
    return Entry(doc.command, doc.args, events, doc.dice[0], doc.dice[1])


def _why(exc: Exception) -> str:
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def load_save(path: str | Path) -> Encounter:
    """Open a save file; anything wrong with it is a :class:`SaveError`."""
    path = Path(path)
    return encounter_from_save(decode_save_text(read_save_text(path), path), path)


def reloaded(encounter: Encounter) -> Encounter:
    """The encounter saved to JSON text and loaded back, without touching the disk.

    For tests of the parts of the game: ``reloaded(enc).state == enc.state``
    shows that a part's state survives a save (e.g. no tuple turning into a list).
    """
    where = Path.cwd() / "(in memory).json"
    text = save_text(encounter_to_dict(encounter, where, absolute=True), where)
    back = encounter_from_save(decode_save_text(text, where), where)
    back.source = encounter.source
    return back


def saved_at(path: str | Path) -> datetime | None:
    """When a save says it was written (None if unknown or unreadable)."""
    try:
        doc = decode_save_text(read_save_text(path), path)
        return datetime.fromisoformat(doc["saved_at"])
    except (SaveError, KeyError, TypeError, ValueError):
        return None
