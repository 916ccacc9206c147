"""The crew posts panel: who sits at each post of each ship, and what each post may do now.

A roster of the party's characters (and an "NPC crew" chip) sits on top; a
character dragged onto a post takes it (an ``AssignPost`` command, so it is in
the journal and undoable). Each ship's card lists the seven posts in the text's
numbered order (R-SHIP-2) with a tag: acts now, acted, holding, vacant (skipped),
knocked out or injured by Battle Damage, or the phase the post acts in. Under the posts,
the ship's Battle Damage with its chart roll, repair DC and when its effect runs
(R-SHIP-5).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from tactics.engine.core.control import controller_of

from tactics.engine.starship.state import (
    FIGHTING, SETUP, ENDED, BattleDamage, Ship, SpaceState, crew_acted, disabled_posts, injured_posts, is_cloaked,
)
from tactics.engine.starship.commands import posts_in_phase
from tactics.engine.starship.view import posts_acting_now
from tactics.rules.starship import PHASE_NAMES, PHASE_POSTS, PHASES, POST_NAMES, POSTS
from tactics.ui import theme
from tactics.ui.theme import fs, px
from tactics.ui.starship.widgets import PANEL, PANEL_EDGE, Hotspots, card, text_at

NPC_CHIP = "@npc"
SHORT_NAMES = {"science": "Science", "sensors": "Sensors", "medical": "Medical", "engineer": "Engineer"}

# post tags
ACT, ACTED, HELD, VACANT, IDLE, DISABLED, OUT, READY = (
    "act", "acted", "held", "vacant", "idle", "disabled", "out", "ready")

TAG_COLOURS = {
    ACT: ((20, 18, 12), theme.ACCENT),
    ACTED: ((170, 230, 190), (30, 70, 44)),
    HELD: ((190, 220, 255), (30, 52, 84)),
    VACANT: ((150, 156, 168), (40, 43, 52)),
    IDLE: ((150, 156, 168), (34, 37, 46)),
    DISABLED: ((255, 200, 196), (110, 34, 30)),
    OUT: ((255, 220, 160), (90, 60, 20)),
    READY: ((200, 210, 225), (40, 46, 58)),
}


def phase_of(post: str) -> str:
    for phase, posts in PHASE_POSTS.items():
        if post in posts:
            return phase
    return "action"


def post_tag(space: SpaceState, ship: Ship, post: str) -> tuple[str, str]:
    """The tag shown beside a post: (kind, words)."""
    crewed = post in ship.crew
    if space.phase == SETUP:
        return (READY, f"{PHASE_NAMES[phase_of(post)]} Phase") if crewed else (VACANT, "vacant")
    if space.phase == ENDED:
        return (IDLE, "stand down") if crewed else (VACANT, "vacant")
    if ship.status != FIGHTING:
        return OUT, ship.status
    if not crewed:
        return VACANT, "vacant: skipped"
    if space.round == 0 and ship.id not in space.surprise:
        return OUT, "surprised"
    if post in posts_acting_now(space, ship.id):
        return ACT, "acts now"
    if crew_acted(space, ship.id, post):
        if post == "engineer" and ship.id in space.engineer_in_action:
            return ACTED, "acted in Action"
        return ACTED, "acted"
    if post in injured_posts(ship, space.now):
        return DISABLED, "injured"
    if post in disabled_posts(ship, space.now):
        return DISABLED, "knocked out"
    if post == "science" and ship.id in space.held and space.phase == "support":
        return HELD, "holds for Action"
    if post == "engineer" and ship.id in space.engineer_in_action:
        return IDLE, "gave up Response"
    if post in posts_in_phase(space, ship):
        return IDLE, ("nothing to repair" if post == "engineer" and space.phase == "response" else "nothing to do")
    if post == "engineer" and space.phase == "support":
        return IDLE, "Action/Response"
    return IDLE, f"{PHASE_NAMES[phase_of(post)]} Phase"


def phase_text(t: int) -> str:
    """A phase index (3 * round + phase) as 'round 2 Response'."""
    return f"round {t // 3} {PHASE_NAMES[PHASES[t % 3]]}"


def damage_text(space: SpaceState, bd: BattleDamage) -> tuple[str, str]:
    """One Battle Damage: what it does and when (R-SHIP-5)."""
    now = space.now
    if bd.active(now):
        when = f"active until {phase_text(bd.until)}"
    elif now < bd.active_from:
        when = f"takes effect {phase_text(bd.active_from)}"
    else:
        when = "effect over (still counts)"
    return f"2d6 {bd.result}: {bd.effect}", f"repair DC {bd.repair_dc} - {when}"


@dataclass
class RosterEntry:
    crew: str  # a combatant id, or NPC_CHIP
    name: str
    colour: tuple[int, int, int]


def roster(state: Any) -> list[RosterEntry]:
    """The characters that can be dragged onto posts: every player-side combatant, then the NPC chip."""
    out = []
    for c in state.combatants.values():
        team = state.teams.get(c.team)
        if team is not None and team.players:
            out.append(RosterEntry(c.id, c.name, tuple(team.colour)))
    out.append(RosterEntry(NPC_CHIP, "+ NPC crew", (120, 126, 140)))
    return out


def npc_name(space: SpaceState) -> str:
    """A fresh name for an NPC crew member dragged from the NPC chip."""
    taken = {who for ship in space.ships.values() for who in ship.crew.values()}
    n = 1
    while f"Deckhand {n}" in taken:
        n += 1
    return f"Deckhand {n}"


class CrewPanel:
    """Draws the roster and one card per ship; registers chips and post rows as hotspots.

    With many ships the cards scroll (the wheel over the panel).
    """

    def __init__(self) -> None:
        self.scroll = 0
        self.cards_rect = pygame.Rect(0, 0, 0, 0)

    def scroll_by(self, pixels: int) -> None:
        self.scroll = max(0, self.scroll + pixels)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, state: Any, colours: dict[str, tuple[int, int, int]],
             hotspots: Hotspots, hover: tuple | None, dragging: bool, *, viewer: str = "gm",
             controls: bool = True) -> None:
        """The crew posts; ``controls`` False (the players' window): no drag hint, no "+ NPC crew" chip."""
        space: SpaceState = state.space
        pygame.draw.rect(surface, PANEL, rect)
        pygame.draw.line(surface, PANEL_EDGE, rect.topleft, rect.bottomleft, 2)
        x, y = rect.x + px(16), rect.y + px(12)
        text_at(surface, "CREW POSTS", (x, y), 18, "bold", theme.TEXT_DIM)
        if controls:
            text_at(surface, "drag a character onto a post", (rect.right - px(16), y + px(2)), 16, "regular",
                    theme.TEXT_DIM, anchor="topright")
        y += px(30)
        cx = x
        for entry in roster(state):
            if not controls and entry.crew == NPC_CHIP:
                continue
            img_w = theme.font(fs(19), "bold").size(entry.name)[0] + px(30)
            if cx + img_w > rect.right - px(12):
                cx, y = x, y + px(44)
            chip = pygame.Rect(cx, y, img_w, px(36))
            hot = hover == ("chip", entry.crew)
            fill = tuple(min(255, c + px(30)) for c in entry.colour) if hot else entry.colour
            pygame.draw.rect(surface, (8, 9, 12), chip.move(0, 3), border_radius=px(18))
            pygame.draw.rect(surface, fill, chip, border_radius=px(18))
            text_at(surface, entry.name, chip.center, 19, "bold", (255, 255, 255), anchor="center")
            hotspots.add(chip, "chip", crew=entry.crew, name=entry.name)
            cx += img_w + px(10)
        y += px(52)
        # the players' view lists no ship their sensors cannot see (a cloaked raider, its crew)
        ships = [s for s in space.ships.values()
                 if viewer == "gm" or not is_cloaked(s, space.now) or s.revealed]
        self.cards_rect = area = pygame.Rect(rect.x + px(2), y, rect.width - px(2), rect.bottom - y)
        row_h = px(38) if len(ships) <= 2 else px(31)
        heights = [self.card_height(ship, row_h) for ship in ships]
        total = sum(h + px(10) for h in heights)
        self.scroll = max(0, min(self.scroll, total - area.height))
        old_clip = surface.get_clip()
        surface.set_clip(area)
        y = area.y - self.scroll
        for ship, height in zip(ships, heights):
            box = pygame.Rect(rect.x + px(12), y, rect.width - px(24), height)
            if box.bottom > area.y and box.top < area.bottom:
                self._ship_card(surface, box, space, ship, colours.get(ship.side, (200, 200, 200)), hotspots, hover,
                                dragging, state, row_h, area)
            y += height + px(10)
        surface.set_clip(old_clip)
        if total > area.height:  # a scroll bar
            bar_h = max(px(40), area.height * area.height // total)
            bar_y = area.y + (area.height - bar_h) * self.scroll // max(1, total - area.height)
            pygame.draw.rect(surface, (90, 96, 110), (rect.right - px(7), bar_y, 5, bar_h), border_radius=px(3))

    @staticmethod
    def card_height(ship: Ship, row_h: int) -> int:
        return 56 + row_h * len(POSTS) + px(44) * len(ship.battle_damage) + px(6)

    def _ship_card(self, surface: pygame.Surface, rect: pygame.Rect, space: SpaceState, ship: Ship,
                   colour: tuple[int, int, int], hotspots: Hotspots, hover: tuple | None, dragging: bool,
                   state: Any, row_h: int, visible: pygame.Rect) -> None:
        damage = list(ship.battle_damage)
        card(surface, rect)
        pygame.draw.rect(surface, colour, (rect.x, rect.y, 8, rect.height), border_top_left_radius=12,
                         border_bottom_left_radius=px(12))
        team = state.teams.get(ship.side)
        side = team.name if team is not None else ship.side.replace("_", " ").title()
        name = text_at(surface, ship.name, (rect.x + px(22), rect.y + px(10)), 26, "bold", theme.TEXT)
        tag = text_at(surface, side, (name.right + px(12), name.bottom - px(4)), 17, "semibold", colour,
                      anchor="bottomleft")
        if controller_of(state, ship.side) is not None:  # solo play: the app's crew (F6 changes it)
            text_at(surface, "· played by the app", (tag.right + px(8), tag.bottom), 17, "regular", theme.TEXT_DIM,
                    anchor="bottomleft")
        status = ship.status if ship.status != FIGHTING else f"BD {ship.damage}/{ship.maximum}"
        text_at(surface, status.upper(), (rect.right - px(16), rect.y + px(16)), 17, "bold",
                theme.TEXT_DIM if ship.status == FIGHTING else theme.BAD, anchor="topright")
        y = rect.y + px(52)
        for n, post in enumerate(POSTS, start=1):
            row = pygame.Rect(rect.x + px(16), y, rect.width - px(28), row_h - px(4))
            kind, words = post_tag(space, ship, post)
            key = ("post", ship.id, post)
            hot = hover == key
            if kind == ACT:
                pygame.draw.rect(surface, (62, 52, 24), row, border_radius=px(8))
                pygame.draw.rect(surface, theme.ACCENT, row, 2, border_radius=px(8))
            elif hot and dragging:
                pygame.draw.rect(surface, (40, 70, 110), row, border_radius=px(8))
                pygame.draw.rect(surface, (150, 200, 255), row, 2, border_radius=px(8))
            elif hot:
                pygame.draw.rect(surface, (40, 45, 56), row, border_radius=px(8))
            mid = row.centery
            pygame.draw.circle(surface, (50, 56, 70), (row.x + px(16), mid), px(13))
            text_at(surface, str(n), (row.x + px(16), mid), 16, "bold", theme.TEXT, anchor="center")
            narrow = row.width < px(470)
            name_x = row.x + px(38) + (px(100) if narrow else px(160))
            label = SHORT_NAMES.get(post, POST_NAMES[post]) if narrow else POST_NAMES[post]
            text_at(surface, label, (row.x + px(38), mid), 18 if row_h > px(32) else 17, "semibold", theme.TEXT_DIM,
                    anchor="midleft", max_width=name_x - px(8) - (row.x + px(38)))
            who = ship.crew_names.get(post)
            tag_w = px(130) if narrow else px(150)
            name_x = row.x + px(38) + (px(100) if narrow else px(160))
            if who:
                text_at(surface, who, (name_x, mid), 20, "bold", theme.TEXT, anchor="midleft",
                        max_width=row.right - tag_w - name_x - px(8))
            else:
                text_at(surface, "empty", (name_x, mid), 18, "regular", (110, 116, 128), anchor="midleft")
            ink, fill = TAG_COLOURS[kind]
            if narrow:
                words = words.replace(" Phase", "")
            tag = pygame.Rect(row.right - tag_w, row.y + px(3), tag_w - px(4), row.height - px(6))
            pygame.draw.rect(surface, fill, tag, border_radius=tag.height // 2)
            text_at(surface, words.upper() if kind == ACT else words, tag.center, 15, "bold", ink, anchor="center",
                    max_width=tag.width - px(10))
            if visible.contains(row):
                hotspots.add(row, "post", ship=ship.id, post=post)
            y += row_h
        for bd in damage:
            what, when = damage_text(space, bd)
            active = bd.active(space.now)
            pygame.draw.circle(surface, (235, 64, 52) if active else (120, 60, 56), (rect.x + px(30), y + px(11)), 8)
            text_at(surface, what, (rect.x + px(46), y), 16, "semibold", theme.TEXT if active else theme.TEXT_DIM,
                    max_width=rect.width - px(62))
            text_at(surface, when, (rect.x + px(46), y + px(20)), 15, "regular", theme.TEXT_DIM, max_width=rect.width - px(62))
            y += px(44)
