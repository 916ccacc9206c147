"""The fuzz run itself, executed by ``test_fuzz_loaders.py`` in a child process under limits.

Why a child: a loader that regresses on a hostile file hangs or eats memory;
under ``RLIMIT_AS`` and a per-case alarm it fails as one reported case instead
of taking the test run (or the machine) with it.

For every loader (maps of each format, images, saves, encounter files in TOML
and JSON, rules data files, and the ``tactics`` command line) a corpus of good
files is mutated by hypothesis with a fixed seed: bytes flipped, the file cut
short, hostile tokens inserted (``/dev/zero``, a FIFO, NaN, 1e400, NUL, deep
nesting), and, for JSON documents, any value replaced by a hostile one. Each
mutant must load or be refused with the loader's own one-line error; anything
else (another exception, a hang, MemoryError) is printed as a failure. What
loads must be drawable: finite coordinates on the map, names without NUL,
tokens on squares of the map, colours in range, every log line worded. The
last line of output is JSON: ``{"cases": n, "failures": [...]}``.

Usage: ``python tests/fuzz_child.py FOLDER EXAMPLES CLI_CASES``.
"""

from __future__ import annotations

from functools import partial

import base64
import json
import math
import os
import signal
import sys
import traceback
from pathlib import Path
from typing import Any, Callable

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from hypothesis import HealthCheck, Phase, given, settings, strategies as st  # noqa: E402

from tactics.engine.core.encounter import Encounter, load_encounter  # noqa: E402
from tactics.engine.board import Place, Walk  # noqa: E402
from tactics.engine.saves.document import SaveError, load_save, save_encounter  # noqa: E402
from tactics.maps import MapError, load as load_map  # noqa: E402
from tactics.rules.data import DataError, data_path  # noqa: E402
from tactics.rules.explosives import load_grenades  # noqa: E402
from tactics.rules.sheets import load_armoury  # noqa: E402
from tactics.rules.terrain import load_terrain  # noqa: E402
from test_maps_support import png_bytes  # noqa: E402
from test_maps_tiled import tmj, tmx  # noqa: E402

CASE_SECONDS = 10
FAILURES: list[str] = []
CASES = 0
OUTCOMES: dict[str, dict[str, int]] = {}

HOSTILE_BYTES = [b"/dev/zero", b"pipe", b"nan", b"1e400", b"-1", b"99999999999999999999999", b"\x00", b'"',
                 b"[" * 300, b"<", b"&#0;", b"\xff\xfe", b"../../../../etc/passwd", b"0", b"inf", b"{", b"\n"]
DEEP: Any = []
for _ in range(400):
    DEEP = [DEEP]
HOSTILE_VALUES: list[Any] = [None, True, -1, 0, 2**70, 1e308, -1e308, "nan", "/dev/zero", "pipe", "", "\u0000",
                             [], {}, DEEP, [6], ["x", 0, 0], [300, 0, 0], "A" * 5000, 60000, 1e20, "zstd",
                             "../ships/../../weapons", {"kind": "x"}]


class Hung(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise Hung(f"no answer within {CASE_SECONDS} s")


signal.signal(signal.SIGALRM, _alarm)


def drawable_map(battle_map: Any) -> None:
    """What the window draws of a loaded map: finite coordinates near the map, drawable names."""
    w, h = battle_map.width, battle_map.height
    segments = list(battle_map.wall_segments) + [d.segment for d in battle_map.doors]
    for s in segments:
        for x, y in ((s.x1, s.y1), (s.x2, s.y2)):
            assert math.isfinite(x) and math.isfinite(y) and -1.001 <= x <= w + 1.001 and -1.001 <= y <= h + 1.001, s
    for li in battle_map.lights:
        assert math.isfinite(li.x) and math.isfinite(li.y) and li.range <= w + h + 1, li
    for name in [battle_map.name] + [sp.name for sp in battle_map.spawns] + [sp.team or "" for sp in battle_map.spawns]:
        assert isinstance(name, str) and "\x00" not in name, repr(name)
    for sp in battle_map.spawns:
        assert battle_map.in_bounds(sp.cell), sp


def map_opens(battle_map: Any) -> None:
    """A loaded map is drawable and opens as a free-play encounter (a token per spawn)."""
    from tactics.ui.opening import encounter_for_map

    drawable_map(battle_map)
    drawable_encounter(encounter_for_map(battle_map, source=battle_map.source))


def drawable_encounter(encounter: Any) -> None:
    """A loaded encounter or save: its state is what the window can draw, its log can be worded."""
    from tactics.engine.combat.queries import describe
    from tactics.engine.saves.replay import check_state

    drawable_map(encounter.map)
    check_state(encounter.state)
    for event in encounter.journal.events:
        if event.kind != "settings.changed":
            describe(event, encounter.state)


def attempt(label: str, action: Callable[[], Any], allowed: tuple[type[BaseException], ...], path: Path,
            check: Callable[[Any], None] | None = None) -> None:
    """Run one case: it may succeed or raise one of ``allowed`` with a one-line message naming ``path``
    (a MapError may name the map another file refers to)."""
    global CASES
    CASES += 1
    signal.alarm(CASE_SECONDS)
    tally = OUTCOMES.setdefault(label, {"loaded": 0, "refused": 0, "failed": 0})
    try:
        loaded = action()
        tally["loaded"] += 1
        if check is not None:
            check(loaded)
    except allowed as exc:
        tally["refused"] += 1
        message = str(exc)
        named = message.startswith(str(path)) or (isinstance(exc, MapError) and ": " in message)
        if "\n" in message or not named:
            FAILURES.append(f"{label}: refusal is not one line naming the file: {message[:300]!r}")
    except BaseException as exc:  # the bugs this looks for: tracebacks, hangs, MemoryError
        tally["failed"] += 1
        detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()[:400]
        where = traceback.extract_tb(exc.__traceback__)[-1:]
        FAILURES.append(f"{label}: {detail} at {where[0].filename}:{where[0].lineno}" if where else f"{label}: {detail}")
        keep = path.with_name(f"failure-{len(FAILURES)}{''.join(path.suffixes)}")
        try:
            keep.write_bytes(path.read_bytes())
        except OSError:
            pass
    finally:
        signal.alarm(0)


# -- mutations ------------------------------------------------------------------------------


def mutate_bytes(data: bytes, draw: Any) -> bytes:
    kind = draw(st.sampled_from(["flip", "cut", "insert", "insert", "replace"]))
    if not data:
        return data
    at = draw(st.integers(0, len(data) - 1))
    if kind == "flip":
        return data[:at] + bytes([draw(st.integers(0, 255))]) + data[at + 1:]
    if kind == "cut":
        return data[:at]
    token = draw(st.sampled_from(HOSTILE_BYTES))
    if kind == "insert":
        return data[:at] + token + data[at:]
    return data[:at] + token + data[at + len(token):]


def _nodes(doc: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _nodes(v, path + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:50]):
            out += _nodes(v, path + (i,))
    return out


def mutate_json(doc: Any, draw: Any) -> Any:
    doc = json.loads(json.dumps(doc))
    nodes = _nodes(doc)[1:]
    if not nodes:
        return draw(st.sampled_from(HOSTILE_VALUES))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(nodes))
        parent = doc
        try:
            for key in path[:-1]:
                parent = parent[key]
            if draw(st.booleans()) or not isinstance(parent, dict):
                parent[path[-1]] = draw(st.sampled_from(HOSTILE_VALUES))
            else:
                del parent[path[-1]]
        except (KeyError, IndexError, TypeError):
            pass
    return doc


def dumps(doc: Any) -> str:
    try:
        return json.dumps(doc)
    except (ValueError, RecursionError):
        return "[]"


# -- the corpus -----------------------------------------------------------------------------


class Corpus:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        (folder / "art").mkdir(exist_ok=True)
        (folder / "art" / "tiles.png").write_bytes(png_bytes(64, 32))
        if not (folder / "pipe").exists():
            os.mkfifo(folder / "pipe")
        (folder / "room.txt").write_text("......\n..#...\n..~~..\n......\n")
        self.native = {"format": "tactics-map", "version": 1, "name": "Room", "width": 6, "height": 4,
                       "terrain": ["......", "..#..."], "walls": [[0, 2, 3, 2]],
                       "doors": [{"segment": [3, 2, 4, 2], "closed": True}],
                       "lights": [{"x": 1.5, "y": 1.5, "range": 3}],
                       "spawns": [{"name": "Ann", "cell": [0, 0], "team": "party"}],
                       "image": {"path": "art/tiles.png", "pixels_per_cell": 16}}
        self.tmx = tmx().encode()
        self.tmj = tmj()
        self.uvtt = {"format": 0.3, "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 4, "y": 3},
                                                   "pixels_per_grid": 16},
                     "line_of_sight": [[{"x": 0, "y": 1}, {"x": 3, "y": 1}]],
                     "portals": [{"bounds": [{"x": 3, "y": 1}, {"x": 4, "y": 1}], "closed": True}],
                     "lights": [{"position": {"x": 1, "y": 1}, "range": 4, "color": "ffffffff"}],
                     "image": base64.b64encode(png_bytes(64, 48)).decode()}
        self.png = png_bytes(140, 70)
        self.encounter = {
            "name": "Fuzz", "map": "room.txt", "mode": "team", "seed": 3,
            "teams": {"party": {"name": "Party", "colour": [70, 140, 230], "players": True},
                      "bears": {"name": "Bears", "colour": [220, 80, 60]}},
            "combatants": [{"id": "ann", "team": "party", "cell": [0, 0], "sheet": "brandon", "hidden": True,
                            "stealth": 18},
                           {"id": "ursa", "name": "Ursa", "team": "bears", "cell": [5, 3], "sheet": "space_bear"}],
            "traps": [{"kind": "frag_mine", "cell": [3, 3]}],
            "opening": {"surprise_aware": ["ann"],
                        "conditions": [{"combatant": "ursa", "condition": "Stunned", "rounds": 1}]},
            "space": {"ships": [{"id": "w", "ship": "wayfarer", "side": "party", "crew": {"captain": "ann"}}]},
        }
        game = Encounter(json.loads(json.dumps(self.encounter)), load_map(folder / "room.txt"), seed=3,
                         source=str(folder / "fuzz.encounter.json"))
        game.submit(Walk("ann", [(1, 0), (2, 0)]))
        game.submit(Place("ursa", (4, 3)))
        game.submit(Walk("ann", [(3, 0)]))
        game.undo()
        self.save = json.loads(save_encounter(game, folder / "good.tactics.json").read_text())
        self.toml_encounter = (
            'name = "Fuzz"\nmap = "room.txt"\nseed = 2\n[teams.party]\nname = "Party"\ncolour = [1, 2, 3]\n'
            '[[combatants]]\nid = "ann"\nteam = "party"\ncell = [1, 1]\nsheet = "brandon"\nfacing = "E"\n'
            '[[traps]]\nkind = "frag_mine"\ncell = [2, 2]\n'
        ).encode()
        self.terrain = data_path("terrain.toml").read_bytes()
        self.grenades = data_path("grenades.toml").read_bytes()
        self.creatures = data_path("creatures.toml").read_bytes()


def fuzz(corpus: Corpus, examples: int) -> None:
    folder = corpus.folder
    fuzz_settings = settings(max_examples=examples, deadline=None, derandomize=not os.environ.get("FUZZ_EXPLORE"), database=None,
                             phases=[Phase.generate], suppress_health_check=list(HealthCheck))

    def write(name: str, data: bytes | str) -> Path:
        path = folder / name
        path.write_bytes(data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data)
        return path

    def map_case(label: str, name: str, data: bytes | str) -> None:
        path = write(name, data)
        attempt(label, lambda: load_map(path), (MapError,), path, map_opens)

    @fuzz_settings
    @given(st.data())
    def maps(data: Any) -> None:
        draw = data.draw
        fmt = draw(st.sampled_from(["txt", "json", "tmx", "tmj", "dd2vtt", "png", "uvtt-bytes", "tmx-bytes"]))
        if fmt == "txt":
            map_case("text map", "m.txt", mutate_bytes((folder / "room.txt").read_bytes(), draw))
        elif fmt == "json":
            map_case("native map", "m.json", dumps(mutate_json(corpus.native, draw)))
        elif fmt == "tmx":
            map_case("Tiled tmx", "m.tmx", mutate_bytes(corpus.tmx, draw))
        elif fmt == "tmx-bytes":
            text = corpus.tmx.replace(b'<image source="art/tiles.png"', b'<image source="' + draw(
                st.sampled_from([b"/dev/zero", b"pipe", b"art", b"../nope.png"])) + b'"')
            map_case("Tiled tmx image", "m2.tmx", text)
        elif fmt == "tmj":
            map_case("Tiled tmj", "m.tmj", dumps(mutate_json(corpus.tmj, draw)))
        elif fmt == "dd2vtt":
            map_case("Universal VTT", "m.dd2vtt", dumps(mutate_json(corpus.uvtt, draw)))
        elif fmt == "uvtt-bytes":
            map_case("Universal VTT bytes", "m.uvtt", mutate_bytes(dumps(corpus.uvtt).encode(), draw))
        else:
            map_case("image", "m.png", mutate_bytes(corpus.png, draw))

    @fuzz_settings
    @given(st.data())
    def encounters(data: Any) -> None:
        draw = data.draw
        if draw(st.booleans()):
            path = write("e.encounter.json", dumps(mutate_json(corpus.encounter, draw)))
        else:
            path = write("e.encounter.toml", mutate_bytes(corpus.toml_encounter, draw))
        attempt("encounter", lambda: load_encounter(path), (DataError, MapError), path, drawable_encounter)

    @fuzz_settings
    @given(st.data())
    def saves(data: Any) -> None:
        draw = data.draw
        if draw(st.integers(0, 3)) == 0:
            text = mutate_bytes(dumps(corpus.save).encode(), draw)
        else:
            text = dumps(mutate_json(corpus.save, draw)).encode()
        path = write("s.tactics.json", text)
        attempt("save", lambda: load_save(path), (SaveError,), path, drawable_encounter)

    @fuzz_settings
    @given(st.data())
    def rules_data(data: Any) -> None:
        draw = data.draw
        which = draw(st.sampled_from(["terrain", "grenades", "creatures"]))
        raw = mutate_bytes(getattr(corpus, which), draw)
        path = write(f"{which}.toml", raw)
        if which == "terrain":
            action: Callable[[], Any] = partial(load_terrain, path)
        elif which == "grenades":
            action = partial(load_grenades, path)
        else:
            action = partial(load_armoury, data_path("weapons.toml"), path)
        attempt(f"rules data {which}", action, (DataError,), path)

    for run in (maps, encounters, saves, rules_data):
        run()


def fuzz_cli(corpus: Corpus, cases: int) -> None:
    """A few mutants through the ``tactics`` command (window drawn headless): exit 0 or 2, one line."""
    import contextlib
    import io
    import random

    from tactics.cli import main

    folder = corpus.folder
    rng = random.Random(12)
    kinds = ["encounter", "save", "tmx", "native"]
    for i in range(cases):
        kind = kinds[i % len(kinds)]
        if kind == "encounter":
            doc = json.loads(json.dumps(corpus.encounter))
            doc["combatants"][0][rng.choice(["cell", "facing", "name", "hp"])] = rng.choice(HOSTILE_VALUES)
            path = folder / f"cli{i}.encounter.json"
            path.write_text(dumps(doc))
        elif kind == "save":
            doc = json.loads(json.dumps(corpus.save))
            event = doc["entries"][rng.randrange(len(doc["entries"]))]["events"][0]["data"]
            event[rng.choice(sorted(event))] = rng.choice(HOSTILE_VALUES)
            path = folder / f"cli{i}.tactics.json"
            path.write_text(dumps(doc))
        elif kind == "tmx":
            path = folder / f"cli{i}.tmx"
            path.write_bytes(corpus.tmx.replace(b'x="92"', rng.choice([b'x="nan"', b'x="1e20"', b'x="-5"'])))
        else:
            doc = json.loads(json.dumps(corpus.native))
            doc["spawns"][0]["name"] = rng.choice(["A\u0000nn", "\u0007", "Ann\n\nBob", "x" * 300])
            path = folder / f"cli{i}.json"
            path.write_text(dumps(doc))
        err = io.StringIO()
        global CASES
        CASES += 1
        signal.alarm(CASE_SECONDS * 3)
        try:
            with contextlib.redirect_stderr(err):
                code = main([str(path), "--screenshot", str(folder / "cli.png"), "--size", "480x300"])
            lines = err.getvalue().strip().splitlines()
            refused_badly = code == 2 and not (lines and lines[0].startswith("tactics: error: ")
                                                and all(x.startswith("tactics: ") for x in lines))
            if code not in (0, 2) or "Traceback" in err.getvalue() or refused_badly:
                FAILURES.append(f"cli {kind}: exit {code}: {err.getvalue()[-400:]!r}")
        except SystemExit as exc:
            if exc.code not in (0, 2):
                FAILURES.append(f"cli {kind}: exit {exc.code}")
        except BaseException as exc:
            FAILURES.append(f"cli {kind}: {type(exc).__name__}: {str(exc)[:300]}")
        finally:
            signal.alarm(0)


def main() -> None:
    folder, examples, cli_cases = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    os.environ.setdefault("TACTICS_DATA_DIR", str(folder / "data"))  # autosaves stay in the scratch folder
    corpus = Corpus(folder)
    fuzz(corpus, examples)
    fuzz_cli(corpus, cli_cases)
    print(json.dumps({"cases": CASES, "failures": FAILURES, "outcomes": OUTCOMES}))


if __name__ == "__main__":
    main()
