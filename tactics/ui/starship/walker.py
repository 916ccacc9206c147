"""The phase walker: the round, the phase, and which posts act now on every ship.

All ships act at once in each phase (R-SHIP-1). The walker lists, for every
ship, the posts of the current phase as numbered chips in the text's suggested
order (1 Captain ... 7 Chief Engineer); that order is only the default order of
prompts (the lowest number still to act is marked NEXT, and Enter opens it), so
a click on any chip that acts now opens that post. "End the phase" applies every
roll of the phase to all ships together.
"""

from __future__ import annotations

from typing import Any

import pygame

from tactics.engine.starship.state import ENDED, FIGHTING, SETUP, SpaceState, crew_acted
from tactics.engine.starship.seen import crew_shown, ships_shown, surprise_hidden
from tactics.engine.starship.commands import posts_in_phase
from tactics.engine.starship.commands import posts_acting_now as may_act
from tactics.engine.starship.view import idle_words, posts_acting_now
from tactics.rules.starship import PHASE_NAMES, PHASES, POST_NAMES, POSTS
from tactics.ui import theme
from tactics.ui.theme import fs, px
from tactics.ui.widgets import Hotspots, button_face, text

HEAD_H = 66  # at scale 1 (px() where used)


def row_height(space: SpaceState, rows: int | None = None) -> int:
    return px(46) if (len(space.ships) if rows is None else rows) <= 2 else px(40)


def walker_height(space: SpaceState, rows: int | None = None) -> int:
    """The walker's height for ``rows`` ship rows (default: every ship; the players' view counts
    only the ships it shows, so no empty row tells of a hidden one)."""
    rows = len(space.ships) if rows is None else rows
    return px(HEAD_H) + row_height(space, rows) * rows + px(10)


def engineer_choosing(space: SpaceState, ship_id: str) -> bool:
    """Is this ship's Chief Engineer still free to choose the Action Phase (before any roll)?"""
    return (space.phase == "action" and ship_id not in space.engineer_in_action
            and "engineer" in posts_acting_now(space, ship_id))


def next_prompt(space: SpaceState) -> tuple[str, str] | None:
    """The default next prompt: the lowest-numbered post acting now, first ship first; at the
    start of the Action Phase a Chief Engineer's choice comes first (it must precede any roll)."""
    best: tuple[int, str, str] | None = None
    for ship_id in space.ships:
        for post in posts_acting_now(space, ship_id):
            rank = -1 if post == "engineer" and engineer_choosing(space, ship_id) else POSTS.index(post)
            if best is None or rank < best[0]:
                best = (rank, ship_id, post)
    return (best[1], best[2]) if best else None


def phase_title(space: SpaceState) -> str:
    if space.phase == SETUP:
        return "Space combat has not begun"
    if space.phase == ENDED:
        return "Space combat is over"
    if space.round == 0:
        return "Surprise round"
    return f"Round {space.round}"


def winner_text(state: Any, space: SpaceState) -> str:
    if space.winner is None:
        return "no side is left standing"
    team = state.teams.get(space.winner)
    return f"{team.name if team else space.winner.replace('_', ' ').title()} win"


def end_label(space: SpaceState) -> str:
    return f"End the {PHASE_NAMES.get(space.phase, '')} Phase"


#: Shorter post names for a walker row too narrow for the full ones (1280x720, five posts acting).
SHORT_POST_NAMES: dict[str, str] = {
    "captain": "Captain", "science": "Science", "helm": "Helm", "sensors": "Sensors",
    "weapons": "Weapons", "medical": "Medical", "engineer": "Engineer",
}


def fit_chips(chips: list[tuple[str, str, str]], nxt: tuple[str, str] | None, ship_id: str,
              room: int) -> tuple[list[str], int, int, int]:
    """The chips' labels, font size, padding and gap (scale 1) for a row ``room`` pixels wide:
    the full post names if they fit, else shorter names, then a smaller face, then the numbers
    alone, so every post acting now keeps its chip (a dropped chip once hid the Chief Engineer,
    whose choice comes first, at 1280x720)."""
    tiers = ((POST_NAMES, 18, 28, 10), (SHORT_POST_NAMES, 18, 24, 8), (SHORT_POST_NAMES, 16, 18, 6),
             (None, 16, 18, 6))
    for names, size, pad, gap in tiers:
        labels = []
        for post, note, _kind in chips:
            n = POSTS.index(post) + 1
            label = f"{n} {names[post]}{note}" if names else f"{n}{note}"
            if nxt == (ship_id, post):  # said in the chip: a tag under it was cut by the next row at 1280x720
                label = f"Next: {label}"
            labels.append(label)
        font = theme.font(fs(size), "bold")
        width = sum(font.size(label)[0] + px(pad) for label in labels) + px(gap) * max(0, len(labels) - 1)
        if width <= room:
            break
    return labels, size, px(pad), gap


def draw_walker(surface: pygame.Surface, rect: pygame.Rect, state: Any, colours: dict[str, tuple[int, int, int]],
                hotspots: Hotspots, hover: tuple | None, *, viewer: str = "gm", controls: bool = True) -> None:
    """The phase walker; ``controls`` False (the players' window): no buttons, no GM hint."""
    space: SpaceState = state.space
    pygame.draw.rect(surface, theme.CHROME, rect)
    pygame.draw.line(surface, theme.CHROME_EDGE, (rect.x, rect.bottom - 1), (rect.right, rect.bottom - 1), 2)
    x, y = rect.x + px(20), rect.y + px(12)
    quiet = surprise_hidden(state, viewer)  # the players may not know of this surprise round (N-SEEN-4)
    title = text(surface, "Space combat begins" if quiet else phase_title(space), (x, y), 32, theme.TEXT, "bold")
    tx = title.right + px(26)
    narrow = rect.width < px(1000)
    btn_w = px(250) if narrow else px(280)
    pill_size = 17 if narrow else 20
    if quiet:
        text(surface, "round 1 is next", (tx, y + px(10)), 20, theme.TEXT_DIM, "semibold",
             max_width=rect.right - px(40) - tx)
    elif space.started:
        phases = ["action"] if space.round == 0 else list(PHASES)
        for n, phase in enumerate(phases, start=1):
            current = phase == space.phase
            label = f"{n} {PHASE_NAMES[phase]}" if space.round else f"{PHASE_NAMES[phase]} Phase only"
            img_w = theme.font(fs(pill_size), "bold").size(label)[0] + (px(20) if narrow else px(30))
            box = pygame.Rect(tx, y + px(2), img_w, px(38))
            pygame.draw.rect(surface, theme.ACCENT if current else theme.ROW_BG, box, border_radius=px(19))
            text(surface, label, box.center, pill_size, theme.INK if current else theme.TEXT_DIM, "bold",
                 anchor="center")
            tx = box.right + px(10)
    elif space.phase == ENDED:
        text(surface, winner_text(state, space), (tx, y + px(8)), 24, theme.GOOD, "bold",
             max_width=rect.right - px(40) - tx)
    elif controls:
        text(surface, "assign the crews, then begin", (tx, y + px(10)), 20, theme.TEXT_DIM, "semibold",
             max_width=rect.right - btn_w - px(40) - tx)
    btn = pygame.Rect(rect.right - btn_w - px(20), y, btn_w, px(44))
    if not controls:
        pass
    elif space.phase == SETUP:
        button_face(surface, btn, "Begin space combat", size=21, style="primary", hovered=hover == ("begin",))
        hotspots.add(btn, "begin")
    elif space.started:
        label = "Begin round 1" if quiet else end_label(space)  # (F2: not "End the Action Phase", N-SEEN-4)
        button_face(surface, btn, label, size=19 if narrow else 21, style="primary",
                    hovered=hover == ("end_phase",))
        hotspots.add(btn, "end_phase")
    nxt = next_prompt(space) if space.started else None
    y = rect.y + px(HEAD_H)
    rows = ships_shown(state, viewer)  # the players: no ship their sensors cannot see (N-SEEN-3)
    row_h = row_height(space, len(rows))
    for ship in rows:  # the players: no ship their sensors cannot see (N-SEEN-3)
        colour = colours.get(ship.side, theme.NEUTRAL)
        pygame.draw.circle(surface, colour, (x + px(7), y + row_h // 2 - px(2)), 7)
        text(surface, ship.name, (x + px(22), y + row_h // 2 - px(2)), 21, theme.TEXT, "bold", anchor="midleft",
             max_width=px(150))
        cx = x + px(180)
        mid = y + row_h // 2 - px(2)
        if not space.started and not crew_shown(state, ship, viewer):
            text(surface, "crew unknown", (cx, mid), 19, theme.TEXT_FAINT, "semibold", anchor="midleft")
        elif not space.started:
            crewed = sum(1 for p in POSTS if p in ship.crew)
            text(surface, f"{crewed} of {len(POSTS)} posts crewed", (cx, mid), 19, theme.TEXT_DIM, "semibold",
                 anchor="midleft")
        elif ship.status != FIGHTING:
            text(surface, f"{ship.status}: the crew cannot act", (cx, mid), 19, theme.BAD, "semibold",
                 anchor="midleft")
        elif quiet and crew_shown(state, ship, viewer):
            text(surface, "ready for round 1", (cx, mid), 19, theme.TEXT_DIM, "semibold", anchor="midleft")
        elif not crew_shown(state, ship, viewer):  # a GM ship: its posts are the GM's (N-SEEN-5)
            text(surface, "crew unknown", (cx, mid), 19, theme.TEXT_FAINT, "semibold", anchor="midleft")
        elif space.round == 0 and ship.id not in space.surprise:
            text(surface, "surprised: does not act before round 1", (cx, mid), 19, theme.TEXT_DIM, "semibold",
                 anchor="midleft")
        else:
            acting = posts_acting_now(space, ship.id)
            shown = posts_in_phase(space, ship)
            if not shown:
                text(surface, "no post acts in this phase", (cx, mid), 19, theme.TEXT_DIM, "semibold",
                     anchor="midleft")
            chips = []
            for post in shown:
                who = ship.crew_names.get(post)
                if post == "engineer" and engineer_choosing(space, ship.id):
                    note, kind = ": act now?", "act"  # before any roll (R-SHIP-2)
                elif post in acting:
                    note, kind = "", "act"
                elif who is None:
                    note, kind = ": vacant", "vacant"
                elif crew_acted(space, ship.id, post):
                    note, kind = " ✓", "done"
                elif post in may_act(space, ship.id):  # free to act, but nothing it may do now
                    idle = idle_words(space, ship.id, post)  # "nothing to repair", "nothing to treat"
                    note, kind = f": {idle}", "vacant"
                else:
                    note, kind = ": out", "vacant"
                chips.append((post, note, kind))
            labels, size, pad, gap = fit_chips(chips, nxt, ship.id, rect.right - px(10) - cx)
            for i, ((post, _note, kind), label) in enumerate(zip(chips, labels)):
                chip_w = theme.font(fs(size), "bold").size(label)[0] + pad
                chip = pygame.Rect(cx, y + px(4), chip_w, row_h - px(12))
                if chip.right > rect.right - px(10):  # never silently: the rest are counted
                    text(surface, f"+{len(chips) - i} more", (cx, mid), 16,
                         theme.TEXT_DIM, "semibold", anchor="midleft")
                    break
                hot = hover == ("walker_post", ship.id, post)
                if kind == "act":
                    fill, ink = (theme.ACCENT_LIT if hot else theme.ACCENT), theme.INK
                elif kind == "done":
                    fill, ink = theme.DONE_BG, theme.DONE_TEXT
                else:
                    fill, ink = theme.IDLE_BG, theme.TEXT_FAINT
                pygame.draw.rect(surface, fill, chip, border_radius=chip.height // 2)
                if nxt == (ship.id, post):
                    pygame.draw.rect(surface, theme.INK_LIGHT, chip.inflate(6, 6), 2, border_radius=chip.height // 2 + px(3))
                text(surface, label, chip.center, size, ink, "bold", anchor="center")
                if kind == "act":
                    hotspots.add(chip, "walker_post", ship=ship.id, post=post)
                cx = chip.right + px(gap)
        y += row_h
