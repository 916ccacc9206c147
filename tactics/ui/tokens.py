"""Tokens: round discs in team colours, name labels, condition pills, facing, HP.

Each token's picture is drawn once per zoom and look (3x supersampled, then
smoothly scaled down for clean edges) and cached; a frame only blits.
"""

from __future__ import annotations

import heapq
import math
import unicodedata
from functools import lru_cache
from itertools import chain, compress
from operator import attrgetter, is_not, itemgetter
from typing import TYPE_CHECKING

import pygame

from tactics.engine.core.state import Combatant, EncounterState
from tactics.rules.grid import DELTAS
from tactics.ui import layout_probe as probe
from tactics.ui import theme, token_art
from tactics.ui.board_record import RecordingSurface, blit_operation
from tactics.ui.camera import Camera
from tactics.ui.placement import overlap
from tactics.ui.token_changes import TokenChanges

if TYPE_CHECKING:
    from tactics.ui.players.names import NamePlacer

SS = 3  # supersampling factor
TOKEN_RADIUS = 0.43  # of a square: the disc (with its rim) fills 0.86 of it, readable across a room

LETTERS_FREE = 0.2  # of a disc's initials, the most a condition word on the disc may cover
LABEL_MAX_PX = 480  # wider than any name pill drawn under a token (a long name at the largest size)
#: of a square's area, the most of a heat square's middle (all but its outer fifths) a name that must
#: show may cover before it is cut to its token's initials: a sliver (outside review 16 F4: the small
#: "Bear 1" above its disc lay across the lower third of the 5% square above it, an eighth of its area)
HEAT_SLIVER = 1 / 16
_BADGE_COLOURS = theme.BADGE_TINTS
#: the most tokens in view whose names are placed again all in one size (TokenPainter._one_size): every
#: change re-places them all, some 25 ms for a thousand (the bench's crowd), which keeps the
#: token-by-token placing (names left out, or a size smaller, where they have no room)
EVEN_NAMES_MAX = 200


def _lighter(colour: tuple[int, int, int], amount: float) -> tuple[int, int, int]:
    return tuple(round(c + (255 - c) * amount) for c in colour)  # type: ignore[return-value]


def _darker(colour: tuple[int, int, int], amount: float) -> tuple[int, int, int]:
    return tuple(round(c * (1 - amount)) for c in colour)  # type: ignore[return-value]


@lru_cache(maxsize=4096)
def initials(name: str) -> str:
    """``"Bear 3"`` -> ``"B3"``, ``"Brandon"`` -> ``"Br"``, ``"Art"`` -> ``"Ar"``.

    Characters that draw nothing of their own (text-direction and zero-width controls, combining
    marks) are passed over: a name starting with U+202E or U+200B had an empty disc (review 21)."""
    words = [w for w in ("".join(ch for ch in word if unicodedata.category(ch) not in _DRAW_NOTHING)
                         for word in name.split()) if w]
    if len(words) >= 2:
        tail = words[-1]
        return (words[0][0] + (tail if tail.isdigit() else tail[0])).upper()[:3]
    return words[0][:2].capitalize() if words else "?"


#: Unicode categories of characters with no glyph of their own: format controls, combining marks, controls.
_DRAW_NOTHING = frozenset({"Cf", "Mn", "Me", "Cc"})


def condition_pill_text(name: str, rounds: int | None) -> str:
    """``"Sh1"``: a condition's short form on a crowded token (its data's ``short``, its rounds left)."""
    from tactics.rules.conditions import short_of

    short = short_of(name)
    return f"{short}{rounds}" if rounds is not None else short


def is_short(name: str, rounds: int | None, text: str) -> bool:
    """Is ``text`` the condition's short form, unlike its words ("Sh1", not "Shaken 1"; a two-letter
    note reads the same both ways)?"""
    return text == condition_pill_text(name, rounds) and text != condition_word(name, rounds)


def badge_colour(name: str) -> tuple[int, int, int]:
    """The colour of a condition's badge: the same for its words and its short form, every run."""
    return _BADGE_COLOURS[sum(map(ord, name)) % len(_BADGE_COLOURS)]


class TokenPainter:
    """Draws combatants for one viewer; caches every picture per zoom and look.

    The initials sit alone in the disc; the name goes under it and the conditions (as words,
    "Shaken 1") in a row of pills over its top edge, drawn after every disc so nothing covers
    them. ``MIN_INITIALS_PX`` and the label sizes are the GM screen's; the players' window
    (``players/style.py``) sets larger ones.
    """

    MIN_INITIALS_PX = 0
    ALWAYS_WORDS = False  # True: conditions never shortened to "Sh1" (stacked instead)
    MIN_NAME_CELL_PX = 14  # below this many px per square the names would be a wall of pills
    #: names placed again in one size where token-by-token placing left one out or made it smaller
    #: (:meth:`_one_size`); the players' window places all its names at once itself
    EVEN_NAMES = True

    def __init__(self) -> None:
        self._discs: dict[tuple, pygame.Surface] = {}
        self._labels: dict[tuple, pygame.Surface] = {}
        self._placed: dict[str, tuple] = {}  # combatant id -> (its look, its pictures and their places)
        self._bodies: dict[tuple, pygame.Surface] = {}  # discs before their HP bar and hidden fade
        self._names_made: tuple[list[tuple], list[tuple]] = ([], [])
        self._made_ops: tuple[list, list, list, list] = ([], [], [], [])  # their recorded keys and boxes (words, names)
        self._ops_of: tuple[list, list] = ([], [])  # the shown tokens' disc blits as recorded: keys, boxes (by index)
        self._ids: list[str] = []  # the shown tokens' ids (by index)
        self._clip = pygame.Rect(0, 0, 0, 0)  # what the last drawing drew in (the view, or a strip of it)
        self._shorts: tuple | None = None  # short_forms(): (the drawn words read, the clip, the answer)
        self._rows: dict[int, list[tuple[int, int]]] = {}  # their squares by row: (column, index), sorted
        self._discs_of: list[pygame.Rect] = []  # and their discs (what no neighbour's words or name may cover)
        self._unnamed: set[int] = set()  # the indices of those drawn without their name
        self._near_key: tuple | None = None  # the tokens shown last time (ids in order), zoom, selection, clip
        self._near: list[list[int]] = []  # each token's neighbours among them (by index)
        self._shown: list[tuple] = []  # their pictures as placed (see draw); by index, as the lists below:
        self._cells: list[tuple[int, int]] = []  # their squares,
        self._words_of: list[list[pygame.Rect]] = []  # where their condition words went,
        self._marks_of: list[list[tuple]] = []  # the words as drawn,
        self._names_of: list[tuple | None] = []  # and their names as drawn (None: left out)
        self._order: list[int] = []  # the order the names are placed in (the selected first) ...
        self._at: list[int] = []  # ... and each token's place in it
        # What the last drawing read: (its state, frame, selection, teams), the view's change number
        # then, the tokens shown and each one's place among them (see draw: only the tokens changed
        # since are read again).
        self._read: tuple | None = None
        self._evened: tuple | None = None  # what _one_size read last and the names it placed (_even_names)
        self.quick_reads = 0  # drawings that read only the tokens changed since the last (tests, bench)
        #: Tokens drawn without their name last frame (no room beside their neighbours' discs).
        self.unnamed: frozenset[str] = frozenset()
        #: Tokens whose condition words show in their short forms ("Sh2") whatever is beside them:
        #: the one asked its facing (the prompt's arrows stand in its neighbouring squares, and
        #: "Shaken 2" across three of them pushed the top ones out: outside review 17 N1).
        self.short_words: frozenset[str] = frozenset()

    def forget_placing(self) -> None:
        """Place every token's pictures, words and name afresh next time (the pictures are kept):
        what a fresh frame does (tests compare the kept placing with it)."""
        self._near_key = None
        self._shown = []
        self._placed.clear()
        self._read = None

    def clear(self) -> None:
        self._near_key = None
        self._evened = None
        self._shown = []
        self._read = None
        self._discs.clear()
        self._labels.clear()
        self._placed.clear()
        self._bodies.clear()

    def draw(
        self,
        surface: pygame.Surface,
        camera: Camera,
        state: EncounterState,
        viewer: str,
        selected: str | None,
        highlighted: frozenset[str] = frozenset(),
        changes: TokenChanges | None = None,
        keep_off: tuple[pygame.Rect, ...] = (),
    ) -> None:
        """The tokens in the surface's clip. ``changes``: the view's record of which combatants each
        change of ``state`` touched; with it, a drawing of the same state object, frame, selection
        and teams as the last reads again only the tokens touched since (the others' kept pictures
        stand: nothing else changes what they show), not every token's fields. ``keep_off``: what
        the tool shows on the map that no name may cover (the grenade's odds), kept off as a trap's
        marker is."""
        px = camera.cell_px
        # Only tokens whose picture or name can touch the area being drawn (the view, or a
        # strip the pan uncovered): a name pill is wider than a square, so a margin of them.
        clip = surface.get_clip()
        self._clip = pygame.Rect(clip)
        ox, oy = round(camera.origin_x), round(camera.origin_y)
        side = 1 + (LABEL_MAX_PX // 2 // px if px >= self.MIN_NAME_CELL_PX else 0)  # a name pill is centred on its token
        c_lo, c_hi = (clip.left - ox) // px - side, (clip.right - ox) // px + side
        r_lo, r_hi = (clip.top - oy) // px - 2, (clip.bottom - oy) // px + 1
        probing = probe.active()
        clip_t = (clip.x, clip.y, clip.w, clip.h)
        gm = viewer == "gm"
        placed = self._placed
        # What every token's pictures share this frame (zoom, camera, viewer, the window's scale for
        # label sizes, the clip) and what each team gives them: a change to any redraws them.
        frame = (px, ox, oy, gm, theme.scale(), clip_t)
        teams = {tid: (tuple(team.colour), team.players) for tid, team in state.teams.items()}
        hidden_from_players = state.hidden_from_players

        def hit_of(who: Combatant) -> tuple | None:
            """The token's pictures and their places as shown this frame (None: not in the clip)."""
            cell = who.cell
            if cell is None or not who.present:
                return None
            c, r = cell
            if c < c_lo or c > c_hi or r < r_lo or r > r_hi:
                return None
            if not gm and hidden_from_players(who):
                return None
            # Everything the token's own pictures and their places show.
            look = (_LOOK(who), tuple((k.name, k.rounds) for k in who.conditions) if who.conditions else (),
                    who.id == selected, who.id in highlighted, teams.get(who.team))
            hit = placed.get(who.id)
            if hit is None or hit[0] != look or hit[1] != frame or probing:
                team = state.teams.get(who.team)
                pictures = self._place(surface, camera, who, team, px, who.id == selected, who.id in highlighted,
                                       gm or state.numbers_shown_to_players(who), probing)
                (disc, at), label, words, _ = pictures
                hit = (look, frame, pictures, _operations(pictures, clip, clip_t),
                       disc.get_rect(topleft=at).inflate(-4, -4),  # what no neighbour's words or name may cover
                       max([label[0].get_width() if label else 1] + [img.get_width() for img, _, _ in words]))
                placed[who.id] = hit
            return hit

        base = (frame, selected, highlighted, teams)
        read = self._read
        shown: list | None = None
        patched: list[int] | None = None  # the indices of ``shown`` read again (None: all read)
        if changes is not None and read is not None and read[0] is state and read[1] == base and not probing:
            touched = changes.since(read[2])
            if touched is not None:  # the others are shown as last time (or not at all), in the same order
                shown, at_of = list(read[3]), read[4]
                mended: list[int] = []
                for cid in touched:
                    who = state.combatants.get(cid)
                    hit = hit_of(who) if who is not None else None
                    i = at_of.get(cid)
                    if i is not None and hit is not None:
                        if shown[i] is not hit:
                            shown[i] = hit
                            mended.append(i)
                    elif i is not None or hit is not None:  # it left the clip, or came into it: read all
                        shown = None
                        break
                self.quick_reads += shown is not None
                patched = mended
        if shown is None:
            patched = None
            shown = []
            for who in state.combatants.values():  # state.on_map(), without building its list (1000 tokens)
                hit = hit_of(who)
                if hit is not None:
                    shown.append(hit)
            at_of = {hit[2][3]: i for i, hit in enumerate(shown)}
        if len(placed) > 4 * len(state.combatants) + 64:
            placed.clear()  # combatants gone for good (another encounter opened)
        self._read = None if changes is None else (state, base, changes.at, shown, at_of)
        # Condition words, then names, after every disc, placed so none covers another token (_names).
        # (patched: the tokens whose pictures changed since the last drawing, when only they were read)
        marks, names = self._names(shown, selected, highlighted, clip, clip_t,
                                   patched if self._shown is (read[3] if read is not None else None) else None,
                                   markers=trap_markers(camera, state, viewer) + keep_off)
        if isinstance(surface, RecordingSurface):  # recording: the operations the blits below would, made once per look
            keys, boxes = surface.keys, surface.boxes
            disc_keys, disc_boxes = self._ops_of
            mark_keys, mark_boxes, name_keys, name_boxes = self._made_ops
            keys.extend(disc_keys)
            boxes.extend(disc_boxes)
            keys.extend(mark_keys)
            boxes.extend(mark_boxes)
            keys.extend(name_keys)
            boxes.extend(name_boxes)
            return
        surface.fblits([hit[2][0] for hit in shown])
        badges = [mark[:3] for mark in marks]
        labels = [name[:3] for name in names]
        for group in (badges, labels):
            surface.fblits([(img, pos) for img, pos, _ in group])
            if probing:
                for img, pos, text in group:
                    probe.text(surface, img.get_rect(topleft=pos), text)

    def shortened(self, who: Combatant) -> bool:
        """Were ``who``'s condition words drawn last in their short forms ("Sh1 Fl": the words
        would have covered a neighbour or been wider than three squares)? The pointer then says
        them in full (review 16, F16b: "Sh1", "Fl", "St1" had no key)."""
        try:
            i = self._ids.index(who.id)
        except ValueError:
            return False
        short = {condition_pill_text(c.name, c.rounds) for c in who.conditions}
        words = {condition_word(c.name, c.rounds) for c in who.conditions}
        drawn = {mark[2] for mark in (self._marks_of[i] if i < len(self._marks_of) else ())}
        return bool(drawn & (short - words))

    def short_forms(self) -> list[tuple[str, int | None]]:
        """The conditions (name, rounds left) the last drawing showed in their short forms on some
        token ("Sh1" is Shaken with 1 round left), each once: what the map's key must spell out
        (review 16 F16b). Only the tokens drawn (in the view, and those this viewer sees) count.
        Worked out again only when the drawn words changed (kept with the list they were read from)."""
        marks = self._names_made[0]
        kept = self._shorts
        if kept is not None and kept[0] is marks and kept[1] == self._clip:
            return list(kept[2])
        conds_of = {hit[2][3]: hit[0][1][:3] for hit in self._shown}
        out: dict[tuple[str, int | None], None] = {}
        clip = self._clip
        for mark in marks:
            if not clip.colliderect(mark[0].get_rect(topleft=mark[1])):
                continue  # (a token just outside the view is placed with the others: its badge is not seen)
            for name, rounds in conds_of.get(mark[5], ()):
                if is_short(name, rounds, mark[2]):
                    out.setdefault((name, rounds), None)
        self._shorts = (marks, pygame.Rect(clip), list(out))
        return list(out)

    def drawn_words(self) -> list[pygame.Rect]:
        """Where the last drawing put the tokens' condition words and name labels, on screen: a name
        is wider than its square, so a card placed clear of the squares alone could still cover
        one (the players' "Last roll" card over "Bear 4", review 7)."""
        out: list[pygame.Rect] = []
        for words, name in zip(self._words_of, self._names_of):
            out.extend(words)
            if name is not None:
                out.append(name[0].get_rect(topleft=name[1]))
        return out

    def shown_by_initials(self, cid: str) -> bool:
        """Is token ``cid``'s name drawn cut to its initials (:meth:`_must_show`)? It is one of
        :attr:`unnamed` (the pointer names it), yet named on the map: the pointer's name of it
        may give way where it would cover what a tool shows (the battle view's cursor layer)."""
        if cid not in self.unnamed:
            return False
        i = self._ids.index(cid) if cid in self._ids else -1
        name = self._names_of[i] if 0 <= i < len(self._names_of) else None
        label = self._shown[i][2][1] if name is not None and i < len(self._shown) else None
        return name is not None and label is not None and _initials_only(name[2], label[2])

    def drawn_labels(self) -> tuple[list[tuple[str, pygame.Rect]], list[tuple[str, pygame.Rect, str]]]:
        """What the last drawing put round the tokens, kept apart: the condition badges (whose,
        where) and the name pills (whose, where, the text shown: the name, cut, or its initials).
        Tests check that no name lies on a badge and that no badge is left out."""
        badges = [(cid, rect) for cid, words in zip(self._ids, self._words_of) for rect in words]
        names = [(cid, name[0].get_rect(topleft=name[1]), name[2])
                 for cid, name in zip(self._ids, self._names_of) if name is not None]
        return badges, names

    def _names(self, shown: list, selected: str | None, highlighted: frozenset[str], clip: pygame.Rect,
               clip_t: tuple, patched: list[int] | None = None,
               markers: tuple[pygame.Rect, ...] = ()) -> tuple[list[tuple], list[tuple]]:
        """The condition words and the name labels to draw: (picture, place, text, recorded key,
        recorded box) each (a word also says whose it is).

        Nothing a token carries covers another token's disc. Condition words sit over their
        disc's top edge; where they would cover a neighbour they shrink to one row of short
        forms ("Sh1 Fl"). A name goes under its disc; where it would cover another disc or a
        neighbour's condition words it goes above its own (unless its condition words are
        there); where neither is free it is left out, and the disc's initials and the pointer
        name it (:attr:`unnamed`). The selected and highlighted tokens keep their name wherever a
        place off the other discs is, covering their words and names if it must.
        Why: at 22 px a square names and stacked words hid B2 and B4 (an outside reviewer's
        finding). Worked out again only for the tokens whose pictures changed since last time (a token's
        ``hit`` is kept while its look is: compared by identity) and those beside them; a name
        that moved makes the tokens after it in the order look again.

        ``patched``: the indices where ``shown`` differs from the last call's list (the others are
        the same tokens' same pictures), when the caller knows them; else they are looked for.
        ``markers``: the trap markers this viewer sees (:func:`trap_markers`): a name keeps off them
        as off a disc (a name under its token had sat on a spotted trap's marker); another set of
        markers places every name again.
        The lists kept by index (ids, discs, disc blits) are then mended there only.
        """
        last = self._shown
        n = len(shown)
        px = shown[0][1][0] if shown else 1
        key = self._near_key
        if patched is not None and key is not None and len(last) == n and key[1] == px:
            ids = self._ids  # the same tokens in the same order (the caller read only the changed ones)
            widest = key[2]
            wider = max([shown[i][5] for i in patched] + [1])
            if wider > widest or any(last[i][5] == widest for i in patched):  # the widest pill may have changed
                widest = max(max(map(itemgetter(5), shown), default=1), 1)
            where = (ids, px, widest, selected, highlighted, clip_t, markers, self.short_words)
            dirty = sorted(patched)
        else:
            ids = list(map(itemgetter(3), map(itemgetter(2), shown)))
            widest = max(max(map(itemgetter(5), shown), default=1), 1)
            where = (ids, px, widest, selected, highlighted, clip_t, markers, self.short_words)
            dirty = list(compress(range(n), map(is_not, shown, last))) if len(last) == n else []
        spread: set[int] = set()  # tokens whose disc, words or name differ: their neighbours' names look again
        if key == where and len(last) == n:  # the same tokens in view, in the same order
            if not dirty:
                self._shown = shown
                return self._names_made
            changed = set(dirty)  # tokens whose pictures differ from last time: their words and name looked at
            cells = self._cells
            moved = [i for i in dirty if shown[i][0][0][0] != cells[i]]
            if moved:
                was = {}
                for i in moved:  # its old neighbours and its new ones look again
                    changed.update(self._near[i])
                    was[i] = cells[i]
                    cells[i] = shown[i][0][0][0]
                self._near = _moved(self._near, cells, moved, px, widest, self._rows, was)
                for i in moved:
                    changed.update(self._near[i])
            for i in dirty:  # a disc moved (or grew): the words beside it look again
                if shown[i][4] != last[i][4]:
                    spread.add(i)
                    changed.update(self._near[i])
            words_of, marks_of, names_of = self._words_of, self._marks_of, self._names_of
            order, at = self._order, self._at
            discs, disc_keys, disc_boxes = self._discs_of, *self._ops_of
            for i in dirty:
                hit = shown[i]
                discs[i] = hit[4]
                disc_keys[i], disc_boxes[i] = hit[3]
            full = False
        else:
            self._ids = ids
            cells = self._cells = [hit[0][0][0] for hit in shown]
            self._rows = {}
            self._near_key, self._near = where, _neighbours(cells, px, widest, self._rows)
            changed = set(range(n))
            words_of = self._words_of = [[] for _ in range(n)]
            marks_of = self._marks_of = [[] for _ in range(n)]
            names_of = self._names_of = [None] * n
            order = self._order = sorted(range(n), key=lambda i: (ids[i] != selected, ids[i] not in highlighted))
            at = self._at = [0] * n
            for k, i in enumerate(order):
                at[i] = k
            discs = self._discs_of = list(map(itemgetter(4), shown))
            ops = list(map(itemgetter(3), shown))
            self._ops_of = (list(map(itemgetter(0), ops)), list(map(itemgetter(1), ops)))
            full = True
        self._shown = shown
        near = self._near
        marks_changed = full
        for i in sorted(changed):
            words, marks = self._words(shown[i], i, discs, near[i], clip, clip_t, ids[i])
            if words != words_of[i]:
                words_of[i] = words
                spread.add(i)
            if marks != marks_of[i]:
                marks_of[i] = marks
                marks_changed = True
        # Names in order (the selected and highlighted first): each looks at its neighbours'
        # names placed before it, so one that moves makes those after it beside it look again.
        todo = list(range(n)) if full else list({at[j] for i in spread for j in near[i]} | {at[i] for i in changed})
        heapq.heapify(todo)
        names_changed = full
        seen: set[int] = set()
        while todo:
            k = heapq.heappop(todo)
            if k in seen:
                continue
            seen.add(k)
            i = order[k]
            if not full and i not in changed and spread.isdisjoint(near[i]):
                continue  # nothing it depends on changed: the same place (or none)
            named = {j: place[0].get_rect(topleft=place[1]) for j in near[i]
                     if at[j] < k and (place := names_of[j]) is not None}
            name = self._name_place(shown[i], discs, words_of, named, near[i], i,
                                    ids[i] == selected or ids[i] in highlighted, clip, clip_t, markers)
            if full or name != names_of[i]:
                names_of[i] = name
                names_changed = True
                spread.add(i)
                for j in near[i]:  # a neighbour later in the order must look again
                    if at[j] > k:
                        heapq.heappush(todo, at[j])
        if self.EVEN_NAMES and n <= EVEN_NAMES_MAX and (names_changed or marks_changed) and self._uneven(shown, names_of):
            self._even_names(shown, names_of, selected, clip, clip_t, markers)
            names_changed = full = True  # (every token's name may have moved: who is unnamed is read again)
        # The words and names to draw, in index order, made again only where any changed
        marks, names = self._names_made
        mark_keys, mark_boxes, name_keys, name_boxes = self._made_ops
        if marks_changed:
            marks = list(chain.from_iterable(marks_of))
            mark_keys, mark_boxes = list(map(itemgetter(3), marks)), list(map(itemgetter(4), marks))
        if names_changed:
            names = list(filter(None, names_of))
            name_keys, name_boxes = list(map(itemgetter(3), names)), list(map(itemgetter(4), names))
        self._names_made = (marks, names)
        self._made_ops = (mark_keys, mark_boxes, name_keys, name_boxes)
        unnamed = self._unnamed
        if full:
            unnamed.clear()
        left_out = len(unnamed)
        for i in range(n) if full else changed | spread:  # (a name cut to its initials is named by the pointer too)
            label, name = shown[i][2][1], names_of[i]
            if label is not None and (name is None or _initials_only(name[2], label[2])):
                if i not in unnamed:
                    unnamed.add(i)
                    left_out = -1
            elif i in unnamed:
                unnamed.discard(i)
                left_out = -1
        if full or left_out != len(unnamed):  # (-1: one came in or went out)
            self.unnamed = frozenset(ids[i] for i in unnamed)
        return self._names_made

    @staticmethod
    def _uneven(shown: list, names_of: list[tuple | None]) -> bool:
        """Does a token with a name go without one, or are the names drawn in more than one size?"""
        heights = set()
        for hit, name in zip(shown, names_of):
            if hit[2][1] is None:
                continue
            if name is None:
                return True
            heights.add(name[0].get_height())
        return len(heights) > 1

    def _even_names(self, shown: list, names_of: list[tuple | None], selected: str | None, clip: pygame.Rect,
                    clip_t: tuple, markers: tuple[pygame.Rect, ...]) -> None:
        """:meth:`_one_size`, or its last result where what it reads is as it was then (the tokens'
        names, discs and words, the selection, markers and frame): a hover's highlight changes a
        token's picture, and the token-by-token placing then puts its name back in the usual size,
        but where the names go is as before."""
        texts = [hit[2][1][2] if hit[2][1] is not None else None for hit in shown]
        key = (self._ids, texts, self._discs_of, self._words_of, selected, shown[0][1], markers)  # (frame: zoom, scale, clip)
        kept = self._evened
        if kept is not None and len(kept[0]) == len(key) and all(a == b for a, b in zip(kept[0], key)):
            names_of[:] = kept[1]
            return
        self._one_size(shown, names_of, texts, selected, clip, clip_t, markers)
        self._evened = ((list(self._ids), texts, list(self._discs_of), list(self._words_of), selected, shown[0][1],
                         markers), list(names_of))

    def _one_size(self, shown: list, names_of: list[tuple | None], texts: list[str | None], selected: str | None,
                  clip: pygame.Rect, clip_t: tuple, markers: tuple[pygame.Rect, ...]) -> None:
        """Every name of the frame placed again in one size, the largest at which each has a free place
        (touching its own disc, off the other discs, every condition badge and marker, and the names
        placed before), whole, else cut shorter ("Bran…", three letters at least); the players'
        window's placing (:class:`~tactics.ui.players.names.NamePlacer`), here in the GM's sizes down
        to its small pill. A name with no such place even then keeps the place token-by-token
        placing gave it (:meth:`_must_show`: the badges never give way), if no new name lies on it.

        Why (outside review 17 N2): at 22 px a square, once the condition badges appeared, Brandon
        and James had no name at all while Art and the bears kept theirs in the large type, and
        before the fight Bear 4's name was small and the others large."""
        px = shown[0][1][0]
        rings = [disc_ring(disc, px) for disc in self._discs_of]
        chosen = [self._ids[i] == selected for i in range(len(shown))]
        # Not kept inside the clip, as token-by-token placing is not: a pan draws the tokens on a
        # surface larger than the view, and its names must be where a fresh frame puts them.
        # (The clearance from each disc as drawn: a pixel more than it from the rounded ring kept
        # "Bear 4" 4.6 px off Bear 2's disc at 23 px a square, not 5.)
        from tactics.ui.players.names import NamePlacer, frame_sizes  # (names that crowd: not at every start)

        anywhere = pygame.Rect(-(1 << 20), -(1 << 20), 1 << 21, 1 << 21)
        placer = NamePlacer(rings, self._words_of, markers, anywhere, px, name_clearance(px),
                            [disc_circle(disc, px) for disc in self._discs_of])
        sizes = frame_sizes(label_size(px), max(11, label_size(px) * 3 // 4))
        best: tuple[int, list, list, list] | None = None
        for cutting in (False, True):  # whole names in a smaller size before names cut shorter
            for size in sizes:
                pills = [self._frame_label(t, size, c) if t is not None else None for t, c in zip(texts, chosen)]
                places, missed = placer.place([p.get_size() if p is not None else None for p in pills], last_try=False)
                drawn = list(texts)
                if missed and cutting:
                    missed -= self._cut_to_fit(placer, drawn, chosen, size, pills, places)
                if best is None or missed < best[0]:
                    best = (missed, pills, places, drawn)
                if missed == 0:
                    break
            if best is not None and best[0] == 0:
                break
        assert best is not None  # (sizes is never empty)
        _, pills, places, drawn = best
        for i, (pill, place) in enumerate(zip(pills, places)):
            if pill is not None and place is not None:
                names_of[i] = (pill, place.topleft, drawn[i], *blit_operation(pill, place.topleft, clip, clip_t))
        new = [p for p in places if p is not None]
        for i, place in enumerate(places):  # none placed: the old place, where no new name covers it
            old = names_of[i]
            if place is None and old is not None and old[0].get_rect(topleft=old[1]).collidelist(new) >= 0:
                names_of[i] = None

    def _cut_to_fit(self, placer: NamePlacer, texts: list[str | None], chosen: list[bool], size: int,
                    pills: list[pygame.Surface | None], places: list[pygame.Rect | None]) -> int:
        """For each name :meth:`NamePlacer.place` found no place for, the longest cut of it ("Bran…",
        three letters at least) that has one, put into ``texts``, ``pills`` and ``places``: how many found one."""
        found = 0
        for i, text in enumerate(texts):
            if text is None or places[i] is not None:
                continue
            letters = text[:-1] if text.endswith("…") else text
            for keep in range(len(letters) - 1, 2, -1):
                pill = self._frame_label(letters[:keep].rstrip() + "…", size, chosen[i])
                place = placer.free_place(i, pill.get_size(), places)
                if place is not None:
                    texts[i], pills[i], places[i] = letters[:keep].rstrip() + "…", pill, place
                    found += 1
                    break
        return found

    def _frame_label(self, text: str, size: int, selected: bool) -> pygame.Surface:
        """A name pill in type of ``size`` (:meth:`_one_size`), the selected one in the accent colour."""
        key = ("sized", text, size, selected)
        hit = self._labels.get(key)
        if hit is None:
            hit = self._labels[key] = paint_label(text, size, theme.ACCENT if selected else theme.TEXT)
        return hit

    def _words(self, hit: tuple, i: int, discs: list[pygame.Rect], near: list[int], clip: pygame.Rect,
               clip_t: tuple, cid: str) -> tuple[list[pygame.Rect], list[tuple]]:
        """One token's condition words among its neighbours (``near``): their rectangles, and
        (picture, place, text, recorded key, recorded box, whose) each (see :meth:`_names`)."""
        badges = hit[2][2]
        if badges and cid in self.short_words:  # short, across the rim's top where that leaves its initials whole
            badges = self._short_badges(hit[0][1], discs[i].center, hit[1][0])
            inside = self._short_badges(hit[0][1], discs[i].center, hit[1][0], inside=True)
            letters = self._initials_box(discs[i], hit[1][0])
            if not any(img.get_rect(topleft=at).colliderect(letters) for img, at, _ in inside):
                badges = inside
        rects = [img.get_rect(topleft=at) for img, at, _ in badges]
        if near and rects:
            others = [discs[j] for j in near]
            if any(r.collidelist(others) >= 0 for r in rects):
                badges = self._short_badges(hit[0][1], discs[i].center, hit[1][0])
                rects = [img.get_rect(topleft=at) for img, at, _ in badges]
            # Beside a neighbour's disc (a diagonal one above) a row over the edge reads as the
            # neighbour's: Bear 3's "Fl" sat level with Bear 2 (review 4, finding 9). It goes on
            # its own disc's top instead, unmistakably its own.
            cell_px = hit[1][0]
            gap = max(2, cell_px // 3)
            if any(r.inflate(2 * gap, 0).collidelist(others) >= 0 for r in rects):
                squares = [pygame.Rect(0, 0, cell_px - 6, cell_px - 6) for _ in near]
                for sq, j in zip(squares, near):
                    sq.center = discs[j].center  # the neighbour's square, a little inside its edge
                # across the top of the rim, else beside the disc at its middle on the side away
                # from the neighbours (at a small zoom the rim has no room clear of them)
                left = sum(sq.centerx < discs[i].centerx for sq in squares) >= len(squares) / 2
                # ... and never over its own initials: a pill as tall as a small disc (the players'
                # large type at 27 px a square) across the rim's top hid "Ar" and "B3" (review 7).
                letters = self._initials_box(discs[i], cell_px)
                for side in (0, 1, -1) if left else (0, -1, 1):
                    inside = self._short_badges(hit[0][1], discs[i].center, cell_px, inside=True, side=side)
                    inner = [img.get_rect(topleft=at) for img, at, _ in inside]
                    hides = sum(overlap(r, letters) for r in inner) > LETTERS_FREE * letters.width * letters.height
                    if not hides and not any(r.collidelist(squares) >= 0 for r in inner):
                        badges, rects = inside, inner
                        break
        return rects, [(img, at, text, *blit_operation(img, at, clip, clip_t), cid) for img, at, text in badges]

    def _name_place(self, hit: tuple, discs: list[pygame.Rect], words_of: list[list[pygame.Rect]],
                    named: dict[int, pygame.Rect], near: list[int], i: int, must: bool, clip: pygame.Rect,
                    clip_t: tuple, markers: tuple[pygame.Rect, ...] = ()) -> tuple | None:
        """Where one token's name goes (see :meth:`_names`): (picture, place, text, key, box), or None.
        Under the disc, else above it, else smaller under it, else beside it (right, then left), else
        nowhere (unless it must show). No place lies on a condition badge, the token's own or a
        neighbour's: where the two cannot both fit the name gives way (:meth:`_must_show`).

        Every place touches the token's own disc and keeps :func:`name_clearance` from every other
        disc: a name merely not covering a neighbour could still lie against it, level with it, and
        read as the neighbour's (review 14 F3: at 21 px a square "Bear 1", under its disc, sat
        against B3's, and "Bear 2", above its disc with a gap, floated a quarter square off)."""
        label = hit[2][1]
        if label is None:
            return None
        img, pos, text = label
        under = img.get_rect(topleft=pos)
        rect = under
        if near or markers or words_of[i]:
            cell_px = hit[1][0]
            keep = 2 * name_clearance(cell_px)
            # the other discs, with room round them (from the rim's outer edge, its radius rounded
            # up: rounded down, a name at 24 px a square kept 5.7 px off a neighbour, not 6)
            blocked = [disc_ring(discs[j], cell_px, outer=True).inflate(keep, keep) for j in near]
            # every condition badge round it, its own too (one beside its disc, where a neighbour
            # pushed its words, lies in the way of the places beside and under it)
            badges = [r for j in near for r in words_of[j]] + words_of[i]
            names = [named[j] for j in near if j in named]
            others = blocked + badges + names
            others += markers  # (a few: the traps this viewer sees)
            if under.collidelist(others) >= 0:
                ring = disc_ring(discs[i], cell_px)
                above = img.get_rect(midbottom=(ring.centerx, ring.top + max(1, cell_px // 14)))
                small = self._small_label(text, cell_px)
                smaller = small.get_rect(midtop=(discs[i].centerx, under.top))
                edge = cell_px // 2  # beside: from its square's edge, a hair off the rim
                beside = (img.get_rect(midleft=(ring.centerx + edge, ring.centery)),
                          img.get_rect(midright=(ring.centerx - edge, ring.centery)))
                free = [place for place in beside if place.collidelist(others) < 0]
                if above.collidelist(others) < 0:
                    rect = above
                elif small.get_width() < img.get_width() and smaller.collidelist(others) < 0:
                    img, rect = small, smaller
                elif free:  # level with its own disc, on the free floor beside it (review 14: "Bear 2" had no place)
                    rect = free[0]
                elif (cut := self._cut_name(text, hit[0][2], cell_px, under, above, others)) is not None:
                    img, rect = cut
                elif not must:  # no free place (a token inside the grenade's heatmap): left out, its
                    return None  # initials and the pointer name it
                else:  # the selected name shows where it hides least (see _must_show)
                    placed = self._must_show(text, img, small, under, above, smaller, blocked + marker_cores(markers)
                                             + badges, names + list(markers), ring, cell_px)
                    if placed is None:
                        return None
                    img, rect, text = placed
        return (img, rect.topleft, text, *blit_operation(img, rect.topleft, clip, clip_t))

    def _cut_name(self, text: str, selected: bool, px: int, under: pygame.Rect, above: pygame.Rect,
                  others: list[pygame.Rect]) -> tuple[pygame.Surface, pygame.Rect] | None:
        """The name cut shorter ("WWWW…") to the longest that fits under its disc, else above it,
        clear of ``others`` (at least three letters), or None. Why: a long name between two
        neighbours two squares apart had room only raised above the row, as near the neighbours'
        discs as its own (review 14 F3: a name must touch its own token)."""
        letters = text[:-1] if text.endswith("…") else text
        best: tuple[pygame.Surface, pygame.Rect] | None = None
        low, high = 3, len(letters) - 1  # binary search on the letters kept (a wider pill meets more)
        while low <= high:
            mid = (low + high) // 2
            img = self._label(letters[:mid].rstrip() + "…", px, selected)
            rect = next((place for place in (img.get_rect(midtop=under.midtop), img.get_rect(midbottom=above.midbottom))
                         if place.collidelist(others) < 0),
                        None)
            if rect is None:
                high = mid - 1
            else:
                best, low = (img, rect), mid + 1
        return best

    def _must_show(self, text: str, img: pygame.Surface, small: pygame.Surface, under: pygame.Rect,
                   above: pygame.Rect, smaller: pygame.Rect, hard: list[pygame.Rect], soft: list[pygame.Rect],
                   ring: pygame.Rect, px: int) -> tuple[pygame.Surface, pygame.Rect, str] | None:
        """Where the name of the selected or highlighted token goes when no place is free, as
        (picture, place, the text it shows): never
        on or against another disc, a marker's core (a heat square's digits, an odds badge, a
        trap, a facing arrow) or any condition badge, its own or a neighbour's (``hard``); on as
        little as it can of the other names and the heat squares (``soft``: a token inside the
        grenade's heatmap has heat squares all round).

        Which gives way where the name and the badges cannot both fit: the name, never a badge.
        A condition badge is rules information the GM acts on ("Shaken 1" hidden under "Brandon",
        "Flat-footed" under "Bear 3": outside review 16 F4); a name only says whose the token is,
        which its disc's initials and the pointer say too. So the name is drawn whole (or a size
        smaller) where that covers at most :data:`HEAT_SLIVER` of a heat square, else cut to its
        token's initials ("B3") where those cover at most twice that, else whichever of the two
        covers least; with no
        place off every badge and disc at all it is left out (None: the initials and the pointer
        name it, :attr:`unnamed`)."""
        limit = HEAT_SLIVER * px * px
        whole = self._least_covering(img, small, under, above, smaller, hard, soft, ring, px)
        if whole is not None and whole[0] <= limit:
            return whole[1], whole[2], text
        letters = initials(text.rstrip("…"))
        short = self._small_label(letters, px)
        cut = self._least_covering(short, short, short.get_rect(midtop=under.midtop),
                                   short.get_rect(midbottom=above.midbottom), short.get_rect(midtop=under.midtop),
                                   hard, soft, ring, px)
        if cut is not None and (cut[0] <= 2 * limit or whole is None or cut[0] < whole[0]):  # (two letters, a
            return cut[1], cut[2], letters  # small pill at a square's corner, may lie on twice as much)
        return None if whole is None else (whole[1], whole[2], text)

    @staticmethod
    def _least_covering(img: pygame.Surface, small: pygame.Surface, under: pygame.Rect, above: pygame.Rect,
                        smaller: pygame.Rect, blocked: list[pygame.Rect], others: list[pygame.Rect],
                        ring: pygame.Rect, px: int) -> tuple[int, pygame.Surface, pygame.Rect] | None:
        """(what it covers, picture, place) for a name among under, above, and a size smaller
        under or above, then beside its disc: the place that meets none of ``blocked`` (the
        neighbours' discs, each with the room a name leaves round it, the markers' cores and the
        condition badges) and covers least of ``others`` (the other names and the heat squares),
        the first such in that order on a tie. None when each meets one of ``blocked``: a name on
        another token reads as that token's (review 13 F6: "Bear 3", in a template's area, lay
        across the downed James above it); at 28 px a square the selected "Art" under its disc
        had hid Bear 4's disc and hit points below it (review 10)."""
        small_above = small.get_rect(midbottom=(above.centerx, above.bottom))
        # ... then beside its disc (``ring``), on the free floor left or right of it (review 13 recheck: a
        # token in a template's area, hemmed in above and below, had no name though the squares beside were free)
        edge = px // 2  # from its square's edge, a hair off the rim
        right = img.get_rect(midleft=(ring.centerx + edge, ring.centery))
        left = img.get_rect(midright=(ring.centerx - edge, ring.centery))
        # ... and beside it lower or higher, by its square's bottom or top corner: level with its
        # middle the name lies on the heat square beside it just where that square's odds are written
        # (its top a sixth of a square below the middle: clear of the digits written there)
        low, high = ring.centery + px // 6 + 1 - right.top, ring.centery - px // 6 - 1 - right.bottom
        best: tuple[int, int, pygame.Surface, pygame.Rect] | None = None
        places = ((img, under), (img, above), (small, smaller), (small, small_above), (img, right), (img, left),
                  (img, right.move(0, low)), (img, left.move(0, low)), (img, right.move(0, high)), (img, left.move(0, high)))
        for n, (picture, rect) in enumerate(places):
            if rect.collidelist(blocked) >= 0:
                continue
            cost = sum(overlap(rect, others[k]) for k in rect.collidelistall(others))
            if best is None or cost < best[0]:
                best = (cost, n, picture, rect)
        return None if best is None else (best[0], best[2], best[3])

    def _small_label(self, name: str, px: int) -> pygame.Surface:
        """A name a size smaller, for a token whose neighbours leave no room for the usual one."""
        size = max(11, label_size(px) * 3 // 4)
        key = ("small", name, size)
        hit = self._labels.get(key)
        if hit is None:
            hit = self._labels[key] = paint_label(name, size, theme.TEXT)
        return hit

    def _initials_box(self, disc: pygame.Rect, px: int) -> pygame.Rect:
        """Where a disc's initials show (their glyphs' height, at most the disc's width): what a
        condition word placed on the disc must leave free (all but ``LETTERS_FREE`` of it: a word
        beside the rim may touch the edge of initials wider than a small disc)."""
        high = int(self.initials_px(px) * 0.75)
        box = pygame.Rect(0, 0, min(disc.width, round(high * 1.2)), high)
        box.center = disc.center
        return box

    def _short_badges(self, conds: tuple, centre: tuple[int, int], px: int, *, inside: bool = False,
                      side: int = 0) -> list[tuple[pygame.Surface, tuple[int, int], str]]:
        """Condition words as one row of short forms over the top edge of the disc centred at
        ``centre`` (``conds``: (name, rounds) pairs), for a token whose words would cover a
        neighbour; ``inside``: half on the disc, across its rim, for one whose words would sit
        beside a neighbour (clear of the initials in the middle); ``side`` 1 or -1 (with ``inside``):
        level with the disc's middle, just over its right or left rim."""
        size = self.badge_size(px)
        shown = conds[:3]
        words = [condition_pill_text(name, rounds) for name, rounds in shown]
        pills = [self._badge(text, name, size) for text, (name, _) in zip(words, shown)]
        total = sum(p.get_width() for p in pills) + 2 * (len(pills) - 1)
        top = centre[1] - int(px * TOKEN_RADIUS)  # the disc's own top, not its picture's (pad for the ring)
        h = pills[0].get_height()
        by = top - h // 2 if inside else top - h + max(1, px // 12)  # inside: half on the disc, on its rim
        bx = centre[0] - total // 2
        if inside and side:
            radius, over = int(px * TOKEN_RADIUS), max(2, px // 12)
            by = centre[1] - h // 2
            bx = centre[0] + radius - over if side > 0 else centre[0] - radius + over - total
        out = []
        for pill, text in zip(pills, words):
            out.append((pill, (bx, by), text))
            bx += pill.get_width() + 2
        return out

    def _place(self, surface: pygame.Surface, camera: Camera, who: Combatant, team, px: int, selected: bool,
               highlighted: bool, show_hp: bool, probing: bool) -> tuple:
        """One token's pictures and where they go: (disc, name label, condition badges)."""
        assert who.cell is not None  # only tokens on the map are placed (draw() takes them from on_map())
        x, y = camera.to_screen(who.cell)
        colour = tuple(team.colour) if team else theme.NEUTRAL
        disc = self._disc(who, colour, px, selected, highlighted, show_hp)
        dw, dh = disc.get_size()
        if probing:
            text = initials(who.name)
            fw, fh = theme.font(self.initials_px(px), "bold").size(text)
            gh = int(fh * 0.75)  # the glyphs, not the line's leading
            probe.text(surface, pygame.Rect(x + (px - fw) // 2, y + (px - gh) // 2, fw, gh), text, role="initials")
        label = None
        if px >= self.MIN_NAME_CELL_PX:
            shown = label_text(who.name, label_size(px), px)  # a 120-letter name: "WWWW…", selected or not
            img = self._label(shown, px, selected)
            label = (img, (x + (px - img.get_width()) // 2, y + px - max(2, px // 14)), shown)
        marks = self._badges(who, x, y, px) if who.conditions and px >= self.MIN_NAME_CELL_PX else []
        return ((disc, (x + (px - dw) // 2, y + (px - dh) // 2)), label, marks, who.id)

    def initials_px(self, px: int) -> int:
        """The font size of the initials in a disc of ``px`` per square."""
        return max(self.MIN_INITIALS_PX, int(px * TOKEN_RADIUS * 0.78))

    def name_size(self, name: str, px: int) -> tuple[int, int]:
        """The size of a token's name pill at ``px`` a square, as :meth:`_place` paints it (the trap
        tags and fuse cards keep clear of it: :func:`tactics.ui.layers.hazards.marker_obstacles`)."""
        return self._label(label_text(name, label_size(px), px), px, False).get_size()

    def footprint(self, camera: Camera, who: Combatant, near: tuple[Combatant, ...] = ()) -> dict[str, list[pygame.Rect]]:
        """Where a token's disc (first; a hidden one's eye badge too), its name (under the disc) and
        its condition words go, on screen, before any neighbour's name moves them: worked out from
        the token and its neighbours' squares (``near``: the words shrink or move to the disc's side
        beside them, as :meth:`_words` places them), so a prompt drawn round it (the facing arrows)
        can keep off them before the names are placed (they in turn keep off the arrows: review 16
        F1, the arrows lay on "Brandon" and "Shaken 1"). By part: "disc" (its eye badge too),
        "name" and "words"."""
        assert who.cell is not None  # on the map
        px = camera.cell_px
        x, y = camera.to_screen(who.cell)
        ring = pygame.Rect(0, 0, 2 * int(px * TOKEN_RADIUS), 2 * int(px * TOKEN_RADIUS))
        ring.center = (x + px // 2, y + px // 2)
        out: dict[str, list[pygame.Rect]] = {"disc": [ring], "name": [], "words": []}
        pad = max(4, px // 6)  # the picture's room round the disc (_paint_body)
        if who.hidden:  # the eye badge on the disc's upper left rim, out into the picture's corner
            side = max(10, px // 4) + 6
            corner = (x + px // 2 - (px + 2 * pad) // 2, y + px // 2 - (px + 2 * pad) // 2)
            out["disc"].append(pygame.Rect(corner[0], corner[1], pad + int(px * 0.12) + side,
                                           pad + int(px * 0.02) + side))
        if px < self.MIN_NAME_CELL_PX:
            return out
        nw, nh = self.name_size(who.name, px)
        out["name"].append(pygame.Rect(x + (px - nw) // 2, y + px - max(2, px // 14), nw, nh))
        if not who.conditions:
            return out
        badges = self._badges(who, x, y, px)
        discs = []
        for o in (who, *near):
            assert o.cell is not None  # on the map
            ox, oy = camera.to_screen(o.cell)
            disc = pygame.Rect(ox - pad, oy - pad, px + 2 * pad, px + 2 * pad).inflate(-4, -4)  # as draw() keeps it
            discs.append(disc)
        conds = tuple((k.name, k.rounds) for k in who.conditions)
        hit = ((None, conds), (px,), (None, None, badges, who.id))
        clip = pygame.Rect(-(1 << 20), -(1 << 20), 1 << 21, 1 << 21)
        out["words"], _ = self._words(hit, 0, discs, list(range(1, len(discs))), clip, tuple(clip), who.id)
        return out

    def badge_size(self, px: int) -> int:
        return int(max(11, min(theme.px(20), px * 0.24)))

    def _badges(self, who: Combatant, x: int, y: int, px: int) -> list[tuple[pygame.Surface, tuple[int, int], str]]:
        """The conditions as word pills in a row over the disc's top edge (short forms if the words
        would be wider than three squares)."""
        size = self.badge_size(px)
        conds = who.conditions[:3]
        words = [condition_word(c.name, c.rounds) for c in conds]
        pills = [self._badge(text, c.name, size) for text, c in zip(words, conds)]
        stacked = False
        if sum(p.get_width() for p in pills) > 3 * px:
            if self.ALWAYS_WORDS:
                stacked = True  # one word a row, upward: the players read words, not "Sh2"
            else:
                words = [condition_pill_text(c.name, c.rounds) for c in conds]
                pills = [self._badge(text, c.name, size) for text, c in zip(words, conds)]
        disc_top = y + int(px * (0.5 - TOKEN_RADIUS))
        by = disc_top - pills[0].get_height() + max(1, px // 12)
        out = []
        if stacked:
            for pill, text in zip(pills, words):
                out.append((pill, (x + (px - pill.get_width()) // 2, by), text))
                by -= pill.get_height() + 1
            return out
        total = sum(p.get_width() for p in pills) + 2 * (len(pills) - 1)
        bx = x + (px - total) // 2
        for pill, text in zip(pills, words):
            out.append((pill, (bx, by), text))
            bx += pill.get_width() + 2
        return out

    def _badge(self, text: str, name: str, size: int) -> pygame.Surface:
        key = ("badge", text, name, size)
        hit = self._labels.get(key)
        if hit is None:
            colour = badge_colour(name)
            hit = paint_label(text, size, theme.INK_LIGHT, (*colour, 240))
            self._labels[key] = hit
        return hit

    # -- pictures ---------------------------------------------------------------
    def _disc(self, who: Combatant, colour, px: int, selected: bool, highlighted: bool, show_hp: bool) -> pygame.Surface:
        key = (who.id, px, colour, initials(who.name), who.art, who.hidden, selected, highlighted, who.down,
               who.facing, (who.hp, who.max_hp) if show_hp else None, self.initials_px(px))
        hit = self._discs.get(key)
        if hit is None:
            if len(self._discs) > 2000:
                self._discs.clear()
                self._bodies.clear()
            # The disc without its HP bar is kept apart: a roll paints only the bar on a copy of it.
            body_key = (px, colour, initials(who.name), who.art, selected, highlighted, who.down, who.facing,
                        self.initials_px(px))
            body = self._bodies.get(body_key)
            if body is None:
                body = self._bodies[body_key] = _paint_body(who, colour, px, selected, highlighted, self.initials_px(px))
            hit = _finish_disc(body.copy(), who, px, show_hp, self.initials_px(px))
            self._discs[key] = hit
        return hit

    def _label(self, name: str, px: int, selected: bool) -> pygame.Surface:
        size = label_size(px)
        key = (name, size, selected)
        hit = self._labels.get(key)
        if hit is None:
            hit = paint_label(name, size, theme.ACCENT if selected else theme.TEXT)
            self._labels[key] = hit
        return hit


def _initials_only(shown: str, name: str) -> bool:
    """Is the name pill ``shown`` the token's initials alone, in place of its name ``name``
    (:meth:`TokenPainter._must_show`)?"""
    return shown != name and shown == initials(name.rstrip("…"))


_LOOK = attrgetter("cell", "name", "art", "hidden", "hp", "max_hp", "facing", "team")


def _operations(pictures: tuple, clip: pygame.Rect, clip_t: tuple) -> tuple:
    """A token's disc blit as the board's recording keeps it: (key, box). Its words and name are
    placed among the neighbours' each frame (:meth:`TokenPainter._names`)."""
    (disc, pos), _, _, _ = pictures
    return blit_operation(disc, pos, clip, clip_t)


def condition_word(name: str, rounds: int | None) -> str:
    """``"Shaken 1"``: a condition on a token, as a word (with its rounds left)."""
    return f"{name} {rounds}" if rounds is not None else name


def trap_markers(camera: Camera, state: EncounterState, viewer: str) -> tuple[pygame.Rect, ...]:
    """The marker of each trap ``viewer`` sees (the GM: hidden ones too; the players: known ones
    only, so no name moves round a trap they do not know), as the screen rectangle its icon takes
    in its square: token names keep off them."""
    if not state.traps:
        return ()
    from tactics.ui.layers.hazards import trap_look  # (that module imports the renderer, which imports this)

    px = camera.cell_px
    return tuple(pygame.Rect(camera.cell_rect(t.cell)).inflate(-(px // 4), -(px // 4))
                 for t in sorted(state.traps.values(), key=lambda t: t.id) if trap_look(t, viewer) is not None)


class KeepClear(pygame.Rect):
    """A marker the names keep off where they have room, and where they have none (a token inside
    the grenade's heatmap, heat squares all round) a name that must show may lie on, covering as
    little of it as it can (:meth:`TokenPainter._least_covering`): a heat square, whose digits are
    a marker of their own, which no name ever covers."""


def marker_cores(markers: tuple[pygame.Rect, ...]) -> list[pygame.Rect]:
    """The markers no name may ever cover: all but the :class:`KeepClear` ones."""
    return [m for m in markers if not isinstance(m, KeepClear)]


def name_clearance(px: int) -> int:
    """How far a name keeps from every disc but its own, at ``px`` a square: a quarter of a square
    (at least 3 px), so a name is always plainly nearer its own token than any other."""
    return max(3, px // 4)


def disc_ring(disc: pygame.Rect, px: int, outer: bool = False) -> pygame.Rect:
    """The round disc itself (its rim) inside a token's picture rectangle ``disc`` (which has room
    for the facing tick and the selection ring): where a name placed above or beside it touches
    (``outer``: every pixel the disc as drawn reaches, for keeping clear of it: the radius rounded
    up and the picture's middle unrounded, half a pixel past ``disc.center`` when its side is odd)."""
    if outer:
        cx, cy, r = disc_circle(disc, px)
        left, top = math.floor(cx - r), math.floor(cy - r)
        return pygame.Rect(left, top, math.ceil(cx + r) - left, math.ceil(cy + r) - top)
    r = int(px * TOKEN_RADIUS)
    ring = pygame.Rect(0, 0, 2 * r, 2 * r)
    ring.center = disc.center
    return ring


def disc_circle(disc: pygame.Rect, px: int) -> tuple[float, float, float]:
    """The disc as :func:`_paint_body` draws it in its picture ``disc``: its centre (the picture's
    middle, a half pixel off when its side is odd) and its radius, for the names to keep clear of."""
    return disc.x + disc.width / 2, disc.y + disc.height / 2, px * TOKEN_RADIUS


def label_size(px: int) -> int:
    """Name pills grow with the zoom, never below a size read from across the table (larger on a
    big screen: the cap follows the UI scale)."""
    return int(max(15, min(theme.px(24), px * 0.3)))


#: a name pill is at most this many squares wide (or this many of its letters' heights, at a small zoom)
LABEL_MAX_CELLS, LABEL_MAX_EMS = 3, 12


@lru_cache(maxsize=1024)
def label_text(name: str, size: int, cell_px: int) -> str:
    """``name`` as its pill shows it: whole, or cut with an ellipsis to at most
    :data:`LABEL_MAX_CELLS` squares (review 8: a 120-letter name's pill crossed the whole window,
    over the panels and the other tokens, and unselected it had no room anywhere: no name at all)."""
    room = max(LABEL_MAX_CELLS * cell_px, LABEL_MAX_EMS * size)
    f = theme.font(size, "semibold")
    if f.size(name)[0] <= room:
        return name
    low, high = 1, len(name) - 1  # binary search on the letters kept
    while low < high:
        mid = (low + high + 1) // 2
        if f.size(name[:mid].rstrip() + "…")[0] <= room:
            low = mid
        else:
            high = mid - 1
    return name[:low].rstrip() + "…"


def paint_label(text: str, size: int, colour=theme.TEXT, bg=(*theme.WELL, 215)) -> pygame.Surface:
    """Text on a dark rounded pill, legible over any art."""
    f = theme.font(size, "semibold")
    txt = f.render(text, True, colour)
    pad_x, pad_y = max(5, size // 2), max(1, size // 6)
    surf = pygame.Surface((txt.get_width() + 2 * pad_x, txt.get_height() + 2 * pad_y), pygame.SRCALPHA)
    pygame.draw.rect(surf, bg, surf.get_rect(), border_radius=surf.get_height() // 2)
    surf.blit(txt, (pad_x, pad_y))
    return surf


def _paint_disc(who: Combatant, colour, px: int, selected: bool, highlighted: bool, show_hp: bool,
                initials_px: int = 0) -> pygame.Surface:
    """A token's whole picture: its disc, HP bar and (hidden) fade."""
    return _finish_disc(_paint_body(who, colour, px, selected, highlighted, initials_px), who, px, show_hp, initials_px)


def _paint_body(who: Combatant, colour, px: int, selected: bool, highlighted: bool, initials_px: int = 0) -> pygame.Surface:
    """The disc (3x supersampled, scaled down smoothly): rim, picture or initials, facing, down cross."""
    pad = max(4, px // 6)  # room for the facing tick, selection ring and badges
    size = px + 2 * pad
    big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    cx = cy = size * SS / 2
    r = px * TOKEN_RADIUS * SS
    body = theme.TOKEN_DOWN if who.down else colour
    rim = _lighter(body, 0.7)
    # shadow
    pygame.draw.circle(big, (*theme.SHADOW, 110), (cx + 0.05 * r, cy + 0.10 * r), r * 1.04)
    if selected:
        pygame.draw.circle(big, (*theme.ACCENT, 255), (cx, cy), r * 1.24)
        pygame.draw.circle(big, theme.CLEAR, (cx, cy), r * 1.12)
    elif highlighted:
        pygame.draw.circle(big, (*theme.TARGET_RING_EDGE, 255), (cx, cy), r * 1.22)
        pygame.draw.circle(big, (*theme.TARGET_RING, 255), (cx, cy), r * 1.16)
        pygame.draw.circle(big, theme.CLEAR, (cx, cy), r * 1.1)
    # a clear rim: a dark outline (reads on light floors), a light ring (reads on dark ones)
    pygame.draw.circle(big, theme.OUTLINE, (cx, cy), r)
    pygame.draw.circle(big, rim, (cx, cy), r * 0.93)
    pygame.draw.circle(big, _darker(body, 0.3), (cx, cy), r * 0.82)
    pygame.draw.circle(big, body, (cx, cy - r * 0.03), r * 0.78)
    art = token_art.round_picture(who.art, int(r * 1.66)) if who.art else None  # the GM's picture, else initials
    if art is not None:
        pygame.draw.circle(big, body, (cx, cy), r * 0.93)  # a rim in the team's colour round the picture
        big.blit(art, art.get_rect(center=(round(cx), round(cy))))
        if who.down:
            pygame.draw.circle(big, (*theme.TOKEN_DOWN_VEIL, 170), (cx, cy), r * 0.84)
    else:  # a soft highlight on the upper half for a little depth
        gloss = pygame.Surface((int(r * 1.4), int(r * 0.7)), pygame.SRCALPHA)
        pygame.draw.ellipse(gloss, (*theme.INK_LIGHT, 38), gloss.get_rect())
        big.blit(gloss, (cx - r * 0.7, cy - r * 0.72))
    # facing tick on the rim
    if who.facing in DELTAS and not who.down:
        dx, dy = DELTAS[who.facing]
        ang = math.atan2(dy, dx)
        tip = (cx + math.cos(ang) * r * 1.22, cy + math.sin(ang) * r * 1.22)
        left = (cx + math.cos(ang + 0.32) * r * 0.96, cy + math.sin(ang + 0.32) * r * 0.96)
        right = (cx + math.cos(ang - 0.32) * r * 0.96, cy + math.sin(ang - 0.32) * r * 0.96)
        pygame.draw.polygon(big, theme.INK_LIGHT, [tip, left, right])
        pygame.draw.polygon(big, theme.INK, [tip, left, right], max(1, SS))
    if art is None:  # initials
        f = theme.font(_initials_font_px(px, initials_px), "bold")
        text = initials(who.name)
        shadow = f.render(text, True, theme.SHADOW)
        shadow.set_alpha(140)
        glyph = f.render(text, True, theme.INK_LIGHT)
        gx, gy = cx - glyph.get_width() / 2, cy - glyph.get_height() / 2 - r * 0.02
        big.blit(shadow, (gx + SS, gy + SS))
        big.blit(glyph, (gx, gy))
    if who.down:
        k = r * 0.55
        pygame.draw.line(big, theme.TOKEN_DOWN_CROSS, (cx - k, cy - k), (cx + k, cy + k), int(r * 0.16))
        pygame.draw.line(big, theme.TOKEN_DOWN_CROSS, (cx - k, cy + k), (cx + k, cy - k), int(r * 0.16))
    return pygame.transform.smoothscale(big, (size, size))


def _initials_font_px(px: int, initials_px: int) -> int:
    """The font size of a disc's initials as :func:`_paint_body` draws them (supersampled: ``SS``
    times the size they show at)."""
    return max(int(px * TOKEN_RADIUS * SS * 0.78), initials_px * SS)


@lru_cache(maxsize=1024)
def _initials_rect(name: str, px: int, initials_px: int, size: int) -> pygame.FRect:
    """Where a disc's initials show in its picture (``size`` px a side), as :func:`_paint_body`
    places them: their glyphs' ink and their shadow (a pixel down and right), and a pixel round
    for the smoothing. A picture's middle is kept as if it had them."""
    glyph = theme.font(_initials_font_px(px, initials_px), "bold").render(initials(name), True, theme.INK_LIGHT)
    ink = glyph.get_bounding_rect()
    centre, r = size * SS / 2, px * TOKEN_RADIUS * SS
    gx, gy = centre - glyph.get_width() / 2, centre - glyph.get_height() / 2 - r * 0.02
    return pygame.FRect((gx + ink.x) / SS - 1, (gy + ink.y) / SS - 1, ink.w / SS + 3, ink.h / SS + 3)


def _finish_disc(disc: pygame.Surface, who: Combatant, px: int, show_hp: bool, initials_px: int = 0) -> pygame.Surface:
    """The HP bar (crisp, not supersampled) and the hidden fade, on ``disc`` (changed in place)."""
    pad = max(4, px // 6)
    size = disc.get_width()
    # HP bar (crisp, not supersampled)
    if show_hp and who.max_hp > 0 and px >= 18:
        frac = max(0.0, min(1.0, who.hp / who.max_hp))
        bw, bh = int(px * 0.70), max(3, px // 14)
        bx, by = (size - bw) // 2, pad + int(px * 0.80)
        pygame.draw.rect(disc, (*theme.OUTLINE, 230), (bx - 1, by - 1, bw + 2, bh + 2), border_radius=2)
        col = theme.HP_HIGH if frac > 0.5 else theme.HP_MID if frac > 0.25 else theme.HP_LOW
        if frac > 0:
            pygame.draw.rect(disc, col, (bx, by, max(1, round(bw * frac)), bh), border_radius=2)
    if who.hidden:
        disc.set_alpha(None)
        faded = pygame.Surface(disc.get_size(), pygame.SRCALPHA)
        faded.blit(disc, (0, 0))
        faded.fill((*theme.INK_LIGHT, 120), special_flags=pygame.BLEND_RGBA_MULT)
        _eye_slash(faded, eye_badge(px, size, _initials_rect(who.name, px, initials_px, size)))
        disc = faded
    return disc


def eye_badge(px: int, size: int, letters: pygame.FRect) -> pygame.Rect | None:
    """Where a hidden token's eye badge goes in its picture (``size`` px a side): on the disc's
    upper left rim, a quarter of a square wide (at least 16 px), clear of the initials
    (``letters``). Where they leave no room for it there (a small disc, the players' large
    initials: on "Brandon" at 30 px a square it covered his "Br") it slides out into the
    picture's corner, and only where even that is too near them does it shrink (a small disc:
    at 22 px a square, 11 px); None (no badge: the faded disc alone says hidden) where not even a
    6 px one is clear of them (at 16 px a square or less, the players' three letters filling the disc)."""
    pad = max(4, px // 6)
    for d in range(max(10, px // 4) + 6, 5, -1):
        home = pygame.Vector2(pad + px * 0.12 + (d - 6) / 2, pad + px * 0.02 + (d - 6) / 2)
        corner = pygame.Vector2(d / 2, d / 2)
        for step in range(11):
            centre = home.lerp(corner, step / 10)
            near = pygame.Vector2(min(max(centre.x, letters.left), letters.right),
                                  min(max(centre.y, letters.top), letters.bottom))  # the letters' point nearest it
            if centre.distance_to(near) >= d / 2 + 1.5:
                badge = pygame.Rect(0, 0, d, d)
                badge.center = (round(centre.x), round(centre.y))
                return badge
    return None


def _eye_slash(surface: pygame.Surface, badge: pygame.Rect | None) -> None:
    """A small 'hidden' badge in ``badge``: an eye with a slash through it, on a dark disc (under
    14 px, the slash alone: no eye reads at that size)."""
    if badge is None:
        return
    pygame.draw.ellipse(surface, (*theme.WELL, 235), badge)
    inner = badge.inflate(-6, -6) if badge.width >= 14 else badge.inflate(-4, -4)
    size = inner.width
    if badge.width >= 14:
        eye = inner.inflate(-size // 6, -size // 2)
        pygame.draw.ellipse(surface, theme.TEXT, eye, max(1, size // 9))
        pygame.draw.circle(surface, theme.TEXT, inner.center, max(1, size // 7))
    pygame.draw.line(surface, theme.HIDDEN_SLASH, inner.topleft, inner.bottomright, max(2, size // 7))


def _moved(near: list[list[int]], cells: list[tuple[int, int]], moved: list[int], px: int,
           widest: int, rows: dict[int, list[tuple[int, int]]], was: dict[int, tuple[int, int]]) -> list[list[int]]:
    """:func:`_neighbours` after the tokens ``moved`` changed squares (the others stayed; ``was``:
    their squares before), changed in place: ``rows`` (the squares by row) mended, their lists
    made again, and they taken out of their old neighbours' lists and put into their new ones'
    (the lists are symmetric; their order does not matter)."""
    from bisect import bisect_left, insort

    reach = 2 + widest // max(1, px)
    gone = set(moved)
    for i in moved:
        for j in near[i]:
            if j not in gone and i in near[j]:
                near[j].remove(i)
    for i in moved:
        c, r = was[i]
        line = rows[r]
        del line[bisect_left(line, (c, i))]
        if not line:
            del rows[r]
        c, r = cells[i]
        insort(rows.setdefault(r, []), (c, i))
    for i in moved:
        c, r = cells[i]
        near[i] = _near_of(rows, i, c, r, reach, len(cells))
    for i in moved:
        for j in near[i]:
            if j not in gone:
                near[j].append(i)
    return near


def _near_of(rows: dict[int, list[tuple[int, int]]], i: int, c: int, r: int, reach: int, n: int) -> list[int]:
    """The tokens within two rows and ``reach`` columns of token ``i`` on (c, r), by bisection in ``rows``."""
    from bisect import bisect_left, bisect_right

    found: list[int] = []
    for rr in range(r - 2, r + 3):
        line = rows.get(rr)
        if line is None:
            continue
        lo, hi = bisect_left(line, (c - reach, -1)), bisect_right(line, (c + reach, n))
        found.extend(j for _, j in line[lo:hi] if j != i)
    return found


def _neighbours(cells: list[tuple[int, int]], px: int, widest: int,
                rows: dict[int, list[tuple[int, int]]] | None = None) -> list[list[int]]:
    """For each token (by its square), the others whose disc, words or name could meet its own:
    within two rows and as many columns as the widest pill (``widest`` px) spans. Found by rows and bisection, so
    1000 tokens cost a few thousand look-ups, not a million rectangle tests. ``rows`` (if given)
    receives the squares by row, for :func:`_moved`."""
    reach = 2 + widest // max(1, px)  # the widest name or word pill, in squares
    rows = {} if rows is None else rows
    for i, (c, r) in enumerate(cells):
        rows.setdefault(r, []).append((c, i))
    for row in rows.values():
        row.sort()
    n = len(cells)
    return [_near_of(rows, i, c, r, reach, n) for i, (c, r) in enumerate(cells)]
