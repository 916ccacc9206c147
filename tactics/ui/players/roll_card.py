"""The players' "Last roll" card, compact: the dice of a public roll in a few large rows.

Why it exists (outside review 17, N7): the card drew the GM's resolve panel (a title line, a row
of dice, the outcome word on a line of its own, the advantages, the damage's title, its dice) and
covered a quarter of the map after an attack. The table reads the dice from across the room but
looks at the map: here each roll is one row of its dice, modifiers, total and outcome ("[d20 17]
- [d2 2] DEX +4 weapon +1 = 20 MAJOR HIT"), under a short line saying who rolled what, and the
card is as wide as its rows (``layout`` wraps them to the room it is given: a margin of the map,
or a corner). What is said is the GM's resolve panel's (:func:`check_parts`), so the two never
disagree; the events are the public roll's (N-SEEN-6), a GM creature's AC is left out (N-SEEN-1).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Sequence, Union

import pygame

from tactics.engine.combat.queries import describe
from tactics.engine.core.journal import Event
from tactics.engine.core.state import EncounterState
from tactics.engine.hazards.log import scatter_legend
from tactics.ui import theme
from tactics.ui import widgets as w
from tactics.ui.panels import rolls
from tactics.ui.panels.resolve import check_parts

Colour = tuple[int, int, int]
TITLE = "Last roll"
CUT_ROLL = "+ more"  # the last row of a roll cut by a small window
DIE = 36  # a die's side (at scale 1)
GAP = 7  # between the pieces of a row


@dataclass(frozen=True)
class Words:
    """Text in a row; ``split``: a sentence that may wrap at its spaces (else kept whole)."""

    text: str
    size: int = 17
    colour: Colour = theme.TEXT
    weight: str = "semibold"
    split: bool = False


@dataclass(frozen=True)
class Die:
    """One die's face (``spent``: a roll not kept, drawn dim)."""

    sides: int
    face: int
    highlight: Colour | None = None
    spent: bool = False


@dataclass(frozen=True)
class Chip:
    """A modifier: "DEX +4"."""

    text: str


@dataclass(frozen=True)
class Tie:
    """Pieces kept on one line ("[d20 17] - [d2 2]", "[7] / [4]"): a row breaks before or after them."""

    pieces: tuple[Union[Words, Die, Chip], ...]


Piece = Union[Words, Die, Chip]
Row = tuple[Union[Piece, Tie], ...]


def _name(state: EncounterState, cid: Any) -> str:
    who = state.combatants.get(cid) if isinstance(cid, str) else None
    return who.name if who is not None else str(cid)


def _sides(expr: str) -> int:
    m = re.search(r"d(\d+)", expr)
    return int(m.group(1)) if m else 6


def _check_row(roll: Any, against: str, outcome: str, word: str, lead: Piece | None = None) -> Row:
    """A d20 roll's dice (after ``lead``, kept with them), its modifiers, its total (against
    what) and what came of it."""
    colour = rolls.OUTCOME_COLOURS.get(outcome, theme.TEXT)
    dice: list[Piece] = [lead] if lead is not None else []
    dice.append(Die(20, int(roll.d20), highlight=colour if outcome == "critical" else None))
    sides, face, sign = roll.extra
    if sides:  # the advantage die, with the sign as the operator before it
        dice += [Words("+" if sign > 0 else "-", 22, theme.TEXT, "bold"), Die(int(sides), int(face))]
    out: list[Piece | Tie] = [Tie(tuple(dice))]
    out += [Chip(f"{label} {value:+d}") for label, value in roll.modifiers]
    out.append(Words(f"= {roll.total} {against}".rstrip(), 22, theme.TEXT, "bold"))
    if word:
        out.append(Words(word, 24, colour, "bold"))
    return tuple(out)


def _roll_dict(roll: dict[str, Any]) -> Any:
    from types import SimpleNamespace

    return SimpleNamespace(d20=int(roll.get("d20", 1)), extra=list(roll.get("extra", [0, 0, 0])),
                           modifiers=list(roll.get("modifiers", [])), total=int(roll.get("total", 0)))


def _head(text: str) -> Row:
    return (Words(text, 16, theme.TEXT, "semibold", split=True),)


def _advantages(d: Event) -> Words | None:
    why = ", ".join(f"{label} {v:+d}".replace(" ", "\u00a0") for label, v in getattr(d, "advantages", ()) or ())  # each kept whole
    return Words(f"({why})", 15, theme.TEXT_DIM, "regular", split=True) if why else None


def _damage_rows(d: Any, state: EncounterState) -> list[Row]:
    """"Damage to Bear 1: 1d8 [7] / [4] keep higher = 7" (each roll's faces, the one not kept dim)."""
    out: list[Piece | Tie] = [Words(f"Damage to {_name(state, d.target)}: {d.expr}", 17, split=True)]
    sides = _sides(d.expr)
    dice: list[Piece] = []
    for i, (faces, total) in enumerate(d.rolls):
        if i:
            dice.append(Words("/", 20, theme.TEXT_DIM, "bold"))
        kept = len(d.rolls) == 1 or total == d.kept
        dice += [Die(sides, int(face), spent=not kept) for face in faces]
    out.append(Tie(tuple(dice)))
    how = " keep higher" if len(d.rolls) > 1 else ""
    how += f" x{d.multiplier}" if d.multiplier != 1 else ""
    how += " halved" if d.halved else ""
    out.append(Words(f"{how} = {d.amount}".strip(), 22, theme.BAD, "bold"))
    return [tuple(out)]


def _hp_rows(d: Any, state: EncounterState) -> list[Row]:
    patient = state.combatants.get(d.combatant)
    if patient is None or not state.numbers_shown_to_players(patient):
        return []  # a GM creature's hit points are the GM's (N-SEEN-1)
    head = f"{'Healing for' if d.heal else 'Damage to'} {patient.name}: {d.expr}"
    dice = [Die(_sides(d.expr), int(face)) for face in d.faces]
    total = Words(f"= {'+' if d.heal else '-'}{d.total} hp", 22, theme.GOOD if d.heal else theme.BAD, "bold")
    return [(Words(head, 17, split=True), *dice, total)]


def _throw_rows(d: Any, state: EncounterState) -> list[Row]:
    """"James throws a Frag grenade" over its two scatter d10s, what they did and where it landed."""
    if not d.dice:
        return [_head(describe(d, state))]
    moved = scatter_legend(d.scatter).removeprefix("scatter d10s: ")
    wall = ", stopped by a wall" if d.stopped else ""
    return [_head(f"{_name(state, d.thrower)} throws a {d.label}"),
            (Words("scatter", 17), Tie((Die(10, int(d.dice[0])), Die(10, int(d.dice[1])))),
             Words(moved, 20, theme.TEXT, "bold", split=True)),
            (Words(f"lands at {tuple(d.cell)}{wall}", 20, theme.TEXT, "bold", split=True),)]


def _blast_rows(d: Any, state: EncounterState) -> list[Row]:
    head = f"{d.label} blast" if d.explosive else f"The {d.label} strikes"
    out: list[Piece | Tie] = [Words(head, 17, split=True)]
    dmg = d.damage
    if dmg:
        out += [Die(_sides(str(dmg["expr"])), int(face)) for face in dmg["faces"]]
        out.append(Words(f"= {dmg['total']}", 22, theme.BAD, "bold"))
    if d.dc is not None and d.save != "none":
        out.append(Words(f"{d.save} DC {d.dc} " + ("for half" if dmg else "to resist"), 17, theme.TEXT_DIM, split=True))
    return [tuple(out)]


def _hit_rows(d: Any, state: EncounterState) -> list[Row]:
    """One creature in a blast: its save's dice, saved or not, the damage it took."""
    if not isinstance(d.save, dict):
        return [_head(str(d.text))]
    word = "SAVED" if d.saved else "FAILED"  # (the DC is on the blast's row)
    out: list[Piece | Tie] = list(_check_row(_roll_dict(d.save), "", "hit" if d.saved else "miss", word,
                                             lead=Words(f"{_name(state, d.combatant)}:", 17)))
    if d.damage:
        out.append(Words(f"takes {d.damage}" + (" (half)" if d.saved else ""), 20, theme.BAD, "bold"))
    out += [Words(f"{c['name']}", 18, theme.CONDITION, "bold") for c in d.conditions]
    return [tuple(out)]


def _roll_of(d: Any, state: EncounterState, head: str, word: str, outcome: str = "hit") -> list[Row]:
    roll = d.roll
    against = f"vs DC {roll['dc']}" if roll.get("dc") is not None else ""
    return [_head(head), _check_row(_roll_dict(roll), against, outcome, word)]


def rows_of(events: Sequence[Event], seen: EncounterState) -> list[Row]:
    """The card's rows for a public roll's ``events`` (the players' copy of the state: ``seen``)."""
    out: list[Row] = []
    for event in events:
        d: Any = event  # (each kind's fields are read by its kind)
        k = d.kind
        parts = check_parts(d, seen, players=True)
        if parts is not None:
            title, roll, against, outcome, word = parts
            why = _advantages(d)
            out += [_head(title) + ((why,) if why else ()), _check_row(roll, against, outcome, word)]
        elif k == "damage.rolled":
            out += _damage_rows(d, seen)
        elif k == "hp.rolled":
            out += _hp_rows(d, seen)
        elif k in ("action.failed", "action.lost"):
            out.append((Words(f"{'Fails' if k == 'action.failed' else 'Lost'}: {getattr(d, 'reason', '')}", 18,
                              theme.BAD, split=True),))
        elif k == "condition.added":
            rounds = getattr(d, "rounds", None)
            said = f" for {rounds} round{'s' if rounds != 1 else ''}" if rounds else ""
            out.append((Words(f"{_name(seen, getattr(d, 'combatant', ''))} is {getattr(d, 'name', '')}{said}", 18,
                              theme.CONDITION, "bold", split=True),))
        elif k == "combatant.downed":
            out.append((Words(f"{_name(seen, getattr(d, 'combatant', ''))} is down!", 20, theme.BAD, "bold"),))
        elif k == "grenade.thrown":
            out += _throw_rows(d, seen)
        elif k == "grenade.cooked":
            words = {"early": "GOES OFF AT THE TURN'S START", "dud": "A DUD", "in_hand": "GOES OFF IN HAND!"}
            out += _roll_of(d, seen, f"{_name(seen, d.thrower)} cooks the grenade", words.get(d.result, d.result.upper()),
                            "miss" if d.result == "in_hand" else "hit")
        elif k == "hazard.blast":
            out += _blast_rows(d, seen)
        elif k == "hazard.hit":
            out += _hit_rows(d, seen)
        elif k == "trap.search":
            found = len(d.found)
            word = f"FINDS {found} TRAP{'S' if found != 1 else ''}" if found else "NOTHING FOUND"
            out += _roll_of(d, seen, f"{_name(seen, d.combatant)} searches {d.radius_ft} ft around", word)
        elif k == "grenade.exploded" and not any(e.kind == "hazard.blast" for e in events):
            out.append(_head(describe(d, seen)))  # (else the blast's row says it)
    return out


# -- laying the rows out --------------------------------------------------------------------------
def _runs(row: Row) -> list[list[tuple[Piece, bool]]]:
    """The row cut where it may go on to a next line: a sentence at its spaces, a :class:`Tie` never
    inside; each run's pieces as (piece, joined to the one before by a space, not a gap)."""
    out: list[list[tuple[Piece, bool]]] = []
    for piece in row:
        if isinstance(piece, Tie):
            out.append([(p, False) for p in piece.pieces])
        elif isinstance(piece, Words) and piece.split and " " in piece.text:
            out += [[(Words(word, piece.size, piece.colour, piece.weight), i > 0)]
                    for i, word in enumerate(piece.text.split(" "))]
        else:
            out.append([(piece, False)])
    return out


def _size(piece: Piece) -> tuple[int, int]:
    if isinstance(piece, Die):
        side = max(theme.px(DIE), 32)
        return side + theme.px(2), side + theme.px(3)  # its shadow
    if isinstance(piece, Chip):
        return w.text_width(piece.text, 17) + 2 * theme.px(8), w.line_h(17) + 2 * theme.px(4)
    return w.text_width(piece.text, piece.size, piece.weight), w.line_h(piece.size, piece.weight)


@dataclass
class Laid:
    """The rows laid out: each piece's rectangle (from the card's content origin), the size used,
    and the y where each row ends (a cut keeps whole rows)."""

    placed: list[tuple[Piece, pygame.Rect, int]]  # (piece, where, its row)
    size: tuple[int, int]
    row_bottoms: list[int]


def _close(line: list[tuple[Piece, pygame.Rect]], y: int, row: int, placed: list[tuple[Piece, pygame.Rect, int]]) -> int:
    """Put one line's pieces at ``y``, centred on its height; the y below it."""
    height = max((rect.height for _, rect in line), default=0)
    for piece, rect in line:
        placed.append((piece, rect.move(0, y + (height - rect.height) // 2), row))
    return y + height


def layout(rows: Sequence[Row], width: int) -> Laid:
    """Each row from the left, its pieces in lines no wider than ``width`` (a row goes on to a
    next line where it must), each line as tall as its tallest piece, the pieces centred on it."""
    gap, row_gap = theme.px(GAP), theme.px(6)
    placed: list[tuple[Piece, pygame.Rect, int]] = []
    bottoms: list[int] = []
    y = used = 0
    for r, row in enumerate(rows):
        line: list[tuple[Piece, pygame.Rect]] = []
        x = 0
        for run in _runs(row):
            steps = [(w.text_width(" ", p.size, p.weight) if joined and isinstance(p, Words) else gap) for p, joined in run]
            sizes = [_size(p) for p, _ in run]
            wide = sum(pw for pw, _ in sizes) + sum(steps[1:])
            if line and x + steps[0] + wide > width:
                y = _close(line, y, r, placed) + theme.px(2)
                line, x = [], 0
            for k, ((piece, _), (pw, ph)) in enumerate(zip(run, sizes)):
                step = steps[k] if line else 0
                line.append((piece, pygame.Rect(x + step, 0, pw, ph)))
                x += step + pw
            used = max(used, x)
        y = _close(line, y, r, placed)
        bottoms.append(y)
        y += row_gap
    return Laid(placed, (min(used, width) if rows else 0, bottoms[-1] if bottoms else 0), bottoms)


def _paint_piece(s: pygame.Surface, piece: Piece, rect: pygame.Rect) -> None:
    if isinstance(piece, Die):
        rolls.die_face(s, rect.topleft, piece.sides, piece.face, size=DIE,
                       highlight=theme.SPENT if piece.spent else piece.highlight)
    elif isinstance(piece, Chip):
        w.chip(s, rect.topleft, piece.text, size=17)
    else:
        w.text(s, piece.text, rect.topleft, piece.size, piece.colour, piece.weight)


def paint(rows: Sequence[Row], width: int, max_height: int) -> pygame.Surface:
    """The card: "Last roll" leading its first row, then the rows, no wider than ``width`` (as
    narrow as its rows) and no taller than ``max_height`` (whole rows kept, the last said as
    "+ more" when some are cut)."""
    pad = theme.PANEL_PAD
    rows = [(Words(TITLE, 15, theme.TEXT_DIM, "bold"), *rows[0]), *rows[1:]] if rows else [(Words(TITLE, 15, theme.TEXT_DIM, "bold"),)]
    laid = layout(rows, max(theme.px(60), width - 2 * pad))
    room = max_height - 2 * pad
    cut_h = w.line_h(16, "bold")
    keep = len(rows)
    if laid.size[1] > room:  # the whole roll does not fit: whole rows, then "+ more"
        keep = max([i + 1 for i, bottom in enumerate(laid.row_bottoms) if bottom + cut_h + theme.px(4) <= room] or [1])
    shown = [(p, rect) for p, rect, r in laid.placed if r < keep]
    cut = keep < len(rows)
    height = laid.row_bottoms[keep - 1] + (cut_h + theme.px(4) if cut else 0)
    inner_w = max(laid.size[0], w.text_width(CUT_ROLL, 16, "bold") if cut else 0)
    size = (inner_w + 2 * pad, min(max(1, max_height), height + 2 * pad))
    card = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(card, (*theme.SHADOW, 235), card.get_rect(), border_radius=theme.PANEL_RADIUS)
    pygame.draw.rect(card, (*theme.TEXT_DIM, 255), card.get_rect(), 1, border_radius=theme.PANEL_RADIUS)
    for piece, rect in shown:
        _paint_piece(card, piece, rect.move(pad, pad))
    if cut:
        w.text(card, CUT_ROLL, (pad, pad + height - cut_h), 16, theme.TEXT_DIM, "bold")
    return card


def dice_of(rows: Sequence[Row]) -> list[tuple[int, int]]:
    """Every die the rows show, as (sides, face), in order (tests compare them with the log's)."""
    return [(p.sides, p.face) for row in rows for run in _runs(row) for p, _ in run if isinstance(p, Die)]


__all__ = ["CUT_ROLL", "Chip", "Die", "Row", "TITLE", "Tie", "Words", "dice_of", "layout", "paint", "rows_of"]
