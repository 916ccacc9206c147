"""Test set-up: every test runs headless (no window, no sound card needed)."""

import ctypes
import gc
import os
import sys
import tempfile
import weakref
from pathlib import Path

import pytest
from hypothesis import settings

from child_bytecode import CHILD_BYTECODE, child_bytecode_folder, kept_methods_folder
from kept_bytecode import keep_rewritten_tests, rewrite_before_the_workers

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Temporary folders (tmp_path, the autosaves) in memory where the system has a memory file
# system: the tests write saves and autosaves thousands of times, each flushed to disk by
# fsync or by the file system's rename and truncate rules, which on a disk costs milliseconds
# each (a tenth of the suite's time). What is written and read back is the same.
if sys.platform.startswith("linux") and os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK | os.X_OK):
    tempfile.tempdir = "/dev/shm"

# before the test modules import the package (tactics/method_cache.py reads its folder then)
os.environ["TACTICS_CACHE_DIR"] = str(kept_methods_folder())

keep_rewritten_tests()  # the rewritten test modules are kept outside the checkout (kept_bytecode.py)


def _keep_the_packages_bytecode() -> None:
    """The tests' own processes keep the package's compiled bytecode where its child processes do.

    Where ``PYTHONDONTWRITEBYTECODE`` is set each worker compiled every module of the package from
    source as the tests imported it (some 260 modules: ~1 s of CPU per worker and run, the same work
    each time). ``sys.pycache_prefix`` and ``sys.dont_write_bytecode`` are read at each import, so
    set here, before any test module imports the package, they keep it in the children's folder
    (``child_bytecode.py``: outside the checkout, which stays free of bytecode; Python checks each
    source file's size and time of change, so an edited module is compiled again).
    """
    if not sys.dont_write_bytecode or sys.pycache_prefix:
        return  # kept already: beside the sources or where the environment says
    sys.pycache_prefix = str(child_bytecode_folder())
    sys.dont_write_bytecode = False


_keep_the_packages_bytecode()


def pytest_configure(config: pytest.Config) -> None:
    """The run's main process rewrites the test modules not kept yet, before the workers start."""
    if not hasattr(config, "workerinput"):
        rewrite_before_the_workers(config)


# No time limit per example (Hypothesis' default 200 ms deadline): on a busy machine, or with
# the other worker on the same cores, a slow example failed a test that checks no timing
# (CI's own profile already has no deadline).
settings.register_profile("tactics", settings.get_profile(settings.get_current_profile_name()), deadline=None)
settings.load_profile("tactics")


def _quit_after_emptying_the_queue() -> None:
    """``pygame.quit`` for the tests: the event queue emptied first.

    pygame (pygame-ce 2.5.8) keeps the Python data of events still queued when it
    quits, for good (``pygame.event.clear`` keeps them too; ``get`` lets them go):
    pygame_gui's events name their element, the element its manager, the manager
    the whole window, so a test that ended with a button's event unread kept its
    window alive (20-100 MB each: the suite's memory grew by gigabytes).
    pygame_gui also keeps the first UIManager made as its default for good; it is
    let go too (each window passes its own manager to its elements).
    """
    import pygame
    from pygame_gui.core.utility import set_default_manager

    real = pygame.quit
    windows: weakref.WeakSet[pygame.Window] = weakref.WeakSet()

    class TrackedWindow(pygame.Window):  # type: ignore[misc]
        """A second window (the players' window): destroyed at the test's quit. Left alive through the
        display-only quit, a players' window collected in a later test destroyed that test's main
        window ("Invalid window": SDL had reused the freed window)."""

        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)
            windows.add(self)

    pygame.Window = TrackedWindow  # type: ignore[misc]

    real_init = pygame.init
    own_init = False  # a test called pygame.init() since the last full quit (sound, joysticks ... started too)

    def init() -> tuple[int, int]:
        nonlocal own_init
        own_init = True
        return real_init()

    pygame.init = init

    def quit() -> None:
        """All of pygame stops only after a test's own ``pygame.init()``; else the second windows still
        alive are destroyed and the display stops. (The full quit had been chosen whenever
        ``pygame.time.get_ticks()`` was not 0, to start the next window's clock at 0: but the clock runs
        from the first ``pygame.time.Clock()`` made, which every window makes, and goes on across a full
        quit too, so every window test quit all of pygame; the tests with a clock of their own set it.)"""
        global _pygame_quit
        nonlocal own_init
        _pygame_quit = True
        if pygame.display.get_init():
            pygame.event.get()
        set_default_manager(None)
        if own_init:
            own_init = False
            real()
            # The window's fonts outlive this call (the test still holds its App) and die at the collection after
            # the test: a font that dies while the font module is down keeps its file for good (pygame-ce 2.5.8
            # closes it only while the module runs: a stale font is then closed safely). Those files (pygame_gui's
            # fonts, read whole into memory for each size) grew each worker by some 60 MB over the run.
            pygame.font.init()
            return
        # else the display only: the font module runs on, so the next test's window keeps the fonts and
        # rendered texts cached by the earlier ones (theme.start_fonts): loading every font and
        # rendering every label again took a tenth of each window test's CPU
        for window in list(windows):
            window.destroy()
        pygame.display.quit()

    pygame.quit = quit


_pygame_quit = False  # pygame.quit() was called since the last test ended (the test had a window)
_quit_after_emptying_the_queue()


@pytest.fixture(autouse=True, scope="session")
def _private_data_dir(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Autosaves, the cache and other per-user files go to temporary folders, never the user's own."""
    os.environ["TACTICS_DATA_DIR"] = str(tmp_path_factory.mktemp("tactics-data"))
    os.environ["TACTICS_CACHE_DIR"] = str(tmp_path_factory.mktemp("tactics-cache"))


@pytest.fixture(autouse=True, scope="session")
def _child_processes_keep_their_bytecode() -> None:
    """Python processes the tests start write their compiled bytecode to one folder of this checkout.

    Where ``PYTHONDONTWRITEBYTECODE`` is set (as on the project's machines) every child process
    (the CLI, the crash and lock tests, the loaders under limits, the benchmark's starts) compiled
    the package from source again: about 0.5 s of CPU each, some 40 times a run. They now keep it
    in one temporary folder (``PYTHONPYCACHEPREFIX``, shared by the workers; never the
    checkout, which stays free of bytecode), so only the first compiles. The folder is kept between
    runs of this checkout (like the lint test's mypy cache: Python checks each file's size and time of
    change), so a second run compiles nothing. The tests' own process is unchanged (the setting is
    read at start).
    """
    if not os.environ.get("PYTHONDONTWRITEBYTECODE") or os.environ.get("PYTHONPYCACHEPREFIX"):
        return
    folder = child_bytecode_folder()
    folder.mkdir(exist_ok=True)
    os.environ["PYTHONPYCACHEPREFIX"] = os.environ[CHILD_BYTECODE] = str(folder)
    del os.environ["PYTHONDONTWRITEBYTECODE"]


@pytest.fixture(scope="session")
def first_start(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    """The window's first start in a fresh cache folder: (that folder, what the start imported and
    built). Shared by test_start_lazy and test_start_first_use (``first_start.py``): copy the folder
    before starting in it again."""
    from first_start import first_frame

    cache = tmp_path_factory.mktemp("first-start-cache")
    return cache, first_frame(str(cache))


@pytest.fixture
def fresh_sweep():
    """The start's check of every rules file runs afresh (a sweep that passed before is not trusted:
    every file is read), and the bundled rules are back after the test."""
    from tactics.rules import catalogue, data

    catalogue.forget()
    yield
    data.use_folder(None)
    catalogue.forget()


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's own data folder (autosaves): ``tmp_path / "data"``, set as ``TACTICS_DATA_DIR``."""
    folder = tmp_path / "data"
    monkeypatch.setenv("TACTICS_DATA_DIR", str(folder))
    return folder


def _window_test(item: pytest.Item) -> bool:
    """Did the test open the window? Its file says so, or it called ``pygame.quit()`` (files not
    named test_ui* open windows too: their windows' memory piled up in a worker, 200 MB)."""
    global _pygame_quit
    quit_called, _pygame_quit = _pygame_quit, False
    module = getattr(item, "module", None)
    return quit_called or (module is not None and module.__name__.startswith(("test_ui", "test_cli", "test_turns_ui")))


_frozen = False  # a window test's survivors were frozen since this file's tests began
_wide_fixtures = False  # a test of this file used a module, class or package fixture
_size_after_full = 0  # resident MB after the last collection of everything (frozen too)
REGROWTH_MB = 128


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None):
    """After a test that opened the window, collect its garbage at once.

    A closed App is a web of cycles (add-ons, panels, pygame_gui) holding
    megabytes of surfaces the cycle collector cannot see as large; left to the
    collector's own schedule, a dozen of them piled up (the suite peaked at
    3.5 GB). Collecting here, once pytest has let go of the test's fixtures,
    keeps the suite's peak to one window's worth.

    A full collection walks every object alive (the imported modules, pydantic's
    schemas, the fonts: 70 ms each time, a fifth of the suite's time), so what
    survives it is then frozen (``gc.freeze``): the next collection walks only
    what the following tests made. Frozen objects are never collected, so when
    a test file with module (or class) fixtures ends, its fixtures gone, they are
    unfrozen and collected once; what survives that (modules, caches) is frozen
    again at once, or the next file's first collection walked it all once more.
    A file without such fixtures leaves little to find that way (its tests' own
    garbage was collected after each): that walk of everything alive (~0.2 s)
    after each of the 67 window files was a tenth of their time. It is done for
    them only once the worker has grown by ``REGROWTH_MB`` since the last one.
    """
    global _frozen, _wide_fixtures, _size_after_full
    try:
        return (yield)
    finally:
        if "pygame" in sys.modules and _window_test(item):
            gc.collect()
            gc.freeze()
            _frozen = True
        _wide_fixtures = _wide_fixtures or _has_wide_fixtures(item)
        if nextitem is None or getattr(nextitem, "module", None) is not getattr(item, "module", None):
            grown = _resident_mb() > _size_after_full + REGROWTH_MB  # a file without windows too (a soak)
            if (_frozen and _wide_fixtures) or grown:
                gc.unfreeze()
                gc.collect()
                gc.freeze()
                _give_back_freed_memory()
                _size_after_full = _resident_mb()
            elif _frozen:
                _give_back_freed_memory()
            _frozen = _wide_fixtures = False


def _resident_mb() -> int:
    """This process's resident memory in MB (0 where /proc is missing)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 2**20
    except (OSError, ValueError, IndexError):
        return 0


def _has_wide_fixtures(item: pytest.Item) -> bool:
    """The test used a module, class or package fixture (one that outlives it but not the run)."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return True  # not known: as if it had
    return any(getattr(d, "scope", "function") in ("module", "class", "package")
               for defs in info.name2fixturedefs.values() for d in defs)


def _give_back_freed_memory() -> None:
    """Hand the memory freed by a file's windows back to the system (glibc's ``malloc_trim``).

    The C library keeps freed blocks for reuse, so a worker stayed at its largest size (the
    3840x2160 window's) for the rest of the run; trimming once per test file costs milliseconds.
    """
    if _LIBC is not None:
        _LIBC.malloc_trim(0)


def _glibc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(None)
        libc.malloc_trim  # noqa: B018  (absent outside glibc: musl has none)
    except (OSError, AttributeError):
        return None
    return libc


_LIBC = _glibc()


def pytest_collection_finish(session: pytest.Session) -> None:
    """Everything alive once the tests are collected (the package, its data models, the test
    modules) lives to the end: frozen, Python's full collections no longer walk it each time."""
    gc.collect()
    gc.freeze()


#: Test files run first: the lint test's mypy run (the longest single test, a child process of
#: 260 MB: best while both workers are small), the window at 3840x2160 (the largest memory of the
#: suite: best on a worker that has not yet grown), then the other files that draw at 3840x2160
#: (xdist's worksteal gives each worker one half of this order to start with, so these all run on
#: the first worker, one after another: left in their places they came last, and the two workers
#: drew at 4K at the same time, the suite's peak, 1020-1070 MB), and the longest single tests (a
#: long one started last keeps the other worker waiting at the end), then the slow window files.
#: Tests do not depend on their order.
RUN_FIRST = ("test_lint.py", "test_ui_layout.py", "test_ui_resize_quiet.py", "test_ui_trap_kind_list.py",
             "test_ui_trap_tag_size.py", "test_ui_token_names.py", "test_ui_builder_scale.py",
             "test_soak_turns.py", "test_ai_opponent.py", "test_soak_ground.py", "test_wheel_install.py",
             "test_move_allowance.py", "test_ui_builder.py", "test_ui_monkey.py", "test_ui_open_dialog.py",
             "test_panel_rows.py")

#: The second worker's first files: the other files with a test of a second or more (CPU,
#: tools/cpu_per_file.py), costliest first, none of them a 4K window. Where the alphabet put them
#: they ended a worker's queue (test_walls' four ~1 s tests were the run's last, test_movement's
#: Dijkstra the first worker's), and once worksteal has the two workers take tests from the end of
#: each other's queues, a long test there kept the other worker waiting. With the slow files at the
#: start of both halves, both queues end with tests of milliseconds. test_cli comes after ~9 CPU s of
#: the others: its bench, run in the worker, grows it to 250 MB (the others stay near 150-210 MB), and
#: third in the list it ran beside the layout test's 4K frames (660-680 MB): the suite's peak, 969 MB.
SECOND_HALF_FIRST = ("test_saves_fuzz.py", "test_walls.py", "test_maps_native.py", "test_maps_uvtt.py",
                     "test_table_data_folder.py", "test_reach_kept.py", "test_cli.py", "test_ai_starship.py",
                     "test_method_cache.py", "test_movement.py", "test_start_first_use.py", "test_fuzz_loaders.py",
                     "test_start_lazy.py", "test_typed_events.py", "test_source_checks.py",
                     "test_rules_checked_cache.py")


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """RUN_FIRST's files first, SECOND_HALF_FIRST's from the middle on (worksteal's first worker is
    given the first half of the order, the second worker the rest), each list in its own order;
    the other tests fill both halves in their collected order."""
    first_rank = {name: i for i, name in enumerate(RUN_FIRST)}
    second_rank = {name: i for i, name in enumerate(SECOND_HALF_FIRST)}
    first = sorted((i for i in items if i.path.name in first_rank), key=lambda i: first_rank[i.path.name])
    second = sorted((i for i in items if i.path.name in second_rank), key=lambda i: second_rank[i.path.name])
    rest = [i for i in items if i.path.name not in first_rank and i.path.name not in second_rank]
    fill = max(0, len(items) // 2 - len(first))  # the rest of the first half
    items[:] = first + rest[:fill] + second + rest[fill:]
