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
    FIGHTING, SETUP, ENDED, BattleDamage, Ship, SpaceState, crew_acted, disabled_posts, injured_posts,
)
from tactics.engine.starship.commands import posts_in_phase
from tactics.engine.starship.seen import crew_shown, ships_shown, surprise_hidden
from tactics.engine.starship.view import engineer_phases, idle_words, posts_acting_now, science_phases
from tactics.rules.starship import PHASE_NAMES, PHASE_POSTS, PHASES, POST_NAMES, POSTS
from tactics.ui import theme
from tactics.ui.theme import fs, px
from tactics.ui.widgets import Hotspots, card, text

NPC_CHIP = "@npc"
SHORT_NAMES = {"science": "Science", "sensors": "Sensors", "weapons": "Weapons", "medical": "Medical", "engineer": "Engineer"}

# post tags
ACT, ACTED, HELD, VACANT, IDLE, DISABLED, OUT, READY = (
    "act", "acted", "held", "vacant", "idle", "disabled", "out", "ready")

TAG_COLOURS = {
    ACT: (theme.INK, theme.ACCENT),
    ACTED: (theme.DONE_TEXT, theme.DONE_BG),
    HELD: (theme.HELD_TEXT, theme.HELD_BG),
    VACANT: (theme.TEXT_DIM, theme.ROW_BG),
    IDLE: (theme.TEXT_DIM, theme.IDLE_BG),
    DISABLED: (theme.HURT_TEXT, theme.HURT_BG),
    OUT: (theme.OUT_TEXT, theme.OUT_BG),
    READY: (theme.READY_TEXT, theme.ROW_BG),
}


def post_column(size: int) -> int:
    """The width of a crew card's post column: 160 px, or the widest post's name and a gap (review
    14 F10: at 1280x720 "Sensors/Comms" was cut to "Sensors/Com..." by a few pixels)."""
    widest = max(theme.font(fs(size), "semibold").size(name)[0] for name in POST_NAMES.values())
    return max(px(160), widest + px(10))


def phase_of(post: str) -> str:
    for phase, posts in PHASE_POSTS.items():
        if post in posts:
            return phase
    return "action"


def post_tag(space: SpaceState, ship: Ship, post: str, *, quiet: bool = False) -> tuple[str, str]:
    """The tag shown beside a post: (kind, words); ``quiet``: a surprise round the viewer may not
    know of (N-SEEN-4), so the posts show their phase as before the battle."""
    crewed = post in ship.crew
    if space.phase == SETUP or (quiet and ship.status == FIGHTING):
        return (READY, phase_words(space, ship, post, whole_round=True)) if crewed else (VACANT, "vacant")
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
        return IDLE, idle_words(space, ship.id, post)  # "nothing to repair", "nothing to treat" (the engine's)
    return IDLE, phase_words(space, ship, post, whole_round=space.phase == "support")


def phase_words(space: SpaceState, ship: Ship, post: str, *, whole_round: bool) -> str:
    """The phase a post acts in, as its tag says it: "Response Phase", or "Action/Response" for a
    Chief Engineer the engine lets act in the Action Phase on this ship (N-SHIP-2), "Support/Action"
    for a Science Officer who may hold for Action-Phase work, while that choice is still ahead
    (``whole_round``: before the battle or in the Support Phase)."""
    if post in ("engineer", "science") and whole_round:
        phases = (engineer_phases if post == "engineer" else science_phases)(space, ship.id)
        if len(phases) > 1:
            return "/".join(PHASE_NAMES[p] for p in phases)
    return f"{PHASE_NAMES[phase_of(post)]} Phase"


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
    out.append(RosterEntry(NPC_CHIP, "+ NPC crew", theme.TEXT_FAINT))
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
        pygame.draw.rect(surface, theme.CHROME, rect)
        pygame.draw.line(surface, theme.CHROME_EDGE, rect.topleft, rect.bottomleft, 2)
        x, y = rect.x + px(16), rect.y + px(12)
        text(surface, "CREW POSTS", (x, y), 18, theme.TEXT_DIM, "bold")
        if controls:
            text(surface, "drag a character onto a post", (rect.right - px(16), y + px(2)), 16, theme.TEXT_DIM,
                 "regular", anchor="topright")
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
            pygame.draw.rect(surface, theme.OUTLINE, chip.move(0, 3), border_radius=px(18))
            pygame.draw.rect(surface, fill, chip, border_radius=px(18))
            text(surface, entry.name, chip.center, 19, theme.INK_LIGHT, "bold", anchor="center")
            hotspots.add(chip, "chip", crew=entry.crew, name=entry.name)
            cx += img_w + px(10)
        y += px(52)
        # the players' view lists no ship their sensors cannot see (N-SEEN-3), and of a GM ship
        # not who sits at which post (N-SEEN-5)
        ships = ships_shown(state, viewer)
        self.cards_rect = area = pygame.Rect(rect.x + px(2), y, rect.width - px(2), rect.bottom - y)
        row_h = px(38) if len(ships) <= 2 else px(31)
        heights = [self.card_height(ship, row_h, crew_shown(state, ship, viewer)) for ship in ships]
        total = sum(h + px(10) for h in heights)
        self.scroll = max(0, min(self.scroll, total - area.height))
        old_clip = surface.get_clip()
        surface.set_clip(area)
        y = area.y - self.scroll
        for ship, height in zip(ships, heights):
            box = pygame.Rect(rect.x + px(12), y, rect.width - px(24), height)
            if box.bottom > area.y and box.top < area.bottom:
                self._ship_card(surface, box, space, ship, colours.get(ship.side, theme.NEUTRAL), hotspots, hover,
                                dragging, state, row_h, area, viewer)
            y += height + px(10)
        surface.set_clip(old_clip)
        if total > area.height:  # a scroll bar
            bar_h = max(px(40), area.height * area.height // total)
            bar_y = area.y + (area.height - bar_h) * self.scroll // max(1, total - area.height)
            pygame.draw.rect(surface, theme.SCROLL_THUMB, (rect.right - px(7), bar_y, 5, bar_h), border_radius=px(3))

    @staticmethod
    def card_height(ship: Ship, row_h: int, crew: bool = True) -> int:
        """A card's height: seven post rows, or one "crew unknown" line (``crew`` False)."""
        return px(56) + (row_h * len(POSTS) if crew else px(34)) + px(44) * len(ship.battle_damage) + px(6)

    def _ship_card(self, surface: pygame.Surface, rect: pygame.Rect, space: SpaceState, ship: Ship,
                   colour: tuple[int, int, int], hotspots: Hotspots, hover: tuple | None, dragging: bool,
                   state: Any, row_h: int, visible: pygame.Rect, viewer: str = "gm") -> None:
        damage = list(ship.battle_damage)
        card(surface, rect, fill=theme.CARD, edge=theme.CHROME_EDGE, alpha=255, radius=12)
        pygame.draw.rect(surface, colour, (rect.x, rect.y, 8, rect.height), border_top_left_radius=12,
                         border_bottom_left_radius=px(12))
        team = state.teams.get(ship.side)
        side = team.name if team is not None else ship.side.replace("_", " ").title()
        name = text(surface, ship.name, (rect.x + px(22), rect.y + px(10)), 26, theme.TEXT, "bold")
        tag = text(surface, side, (name.right + px(12), name.bottom - px(4)), 17, colour, "semibold",
                   anchor="bottomleft")
        if controller_of(state, ship.side) is not None:  # solo play: the app's crew (F6 changes it)
            text(surface, "· played by the app", (tag.right + px(8), tag.bottom), 17, theme.TEXT_DIM, "regular",
                 anchor="bottomleft")
        status = ship.status if ship.status != FIGHTING else f"BD {ship.damage}/{ship.maximum}"
        text(surface, status.upper(), (rect.right - px(16), rect.y + px(16)), 17,
             theme.TEXT_DIM if ship.status == FIGHTING else theme.BAD, "bold", anchor="topright")
        y = rect.y + px(52)
        crew = crew_shown(state, ship, viewer)
        quiet = surprise_hidden(state, viewer)
        if not crew:  # a GM ship on the players' screens: what it is, not who mans it (N-SEEN-5)
            text(surface, "Crew unknown", (rect.x + px(22), y + px(4)), 18, theme.TEXT_FAINT, "semibold")
            y += px(34)
        for n, post in enumerate(POSTS if crew else (), start=1):
            row = pygame.Rect(rect.x + px(16), y, rect.width - px(28), row_h - px(4))
            kind, words = post_tag(space, ship, post, quiet=quiet)
            key = ("post", ship.id, post)
            hot = hover == key
            if kind == ACT:
                pygame.draw.rect(surface, theme.PICKED_BG, row, border_radius=px(8))
                pygame.draw.rect(surface, theme.ACCENT, row, 2, border_radius=px(8))
            elif hot and dragging:
                pygame.draw.rect(surface, theme.PLAN_BG, row, border_radius=px(8))
                pygame.draw.rect(surface, theme.PLANNED, row, 2, border_radius=px(8))
            elif hot:
                pygame.draw.rect(surface, theme.ROW_BG, row, border_radius=px(8))
            mid = row.centery
            pygame.draw.circle(surface, theme.CHIP_LIT, (row.x + px(16), mid), px(13))
            text(surface, str(n), (row.x + px(16), mid), 16, theme.TEXT, "bold", anchor="center")
            narrow = row.width < px(470)
            label_size = 18 if row_h > px(32) else 17
            name_x = row.x + px(38) + (px(100) if narrow else post_column(label_size))
            label = SHORT_NAMES.get(post, POST_NAMES[post]) if narrow else POST_NAMES[post]
            text(surface, label, (row.x + px(38), mid), label_size, theme.TEXT_DIM, "semibold",
                 anchor="midleft", max_width=name_x - px(8) - (row.x + px(38)))
            who = ship.crew_names.get(post)
            tag_w = px(130) if narrow else px(150)
            if who:
                text(surface, who, (name_x, mid), 20, theme.TEXT, "bold", anchor="midleft",
                     max_width=row.right - tag_w - name_x - px(8))
            else:
                text(surface, "empty", (name_x, mid), 18, theme.TEXT_FAINT, "regular", anchor="midleft")
            ink, fill = TAG_COLOURS[kind]
            if narrow:
                words = words.replace(" Phase", "")
            tag = pygame.Rect(row.right - tag_w, row.y + px(3), tag_w - px(4), row.height - px(6))
            pygame.draw.rect(surface, fill, tag, border_radius=tag.height // 2)
            text(surface, words.upper() if kind == ACT else words, tag.center, 15, ink, "bold", anchor="center",
                 max_width=tag.width - px(10))
            if visible.contains(row):
                hotspots.add(row, "post", ship=ship.id, post=post)
            y += row_h
        for bd in damage:
            what, when = damage_text(space, bd)
            active = bd.active(space.now)
            pygame.draw.circle(surface, theme.DANGER_MARK if active else theme.DANGER_MARK_DIM, (rect.x + px(30), y + px(11)), 8)
            text(surface, what, (rect.x + px(46), y), 16, theme.TEXT if active else theme.TEXT_DIM, "semibold",
                 max_width=rect.width - px(62))
            text(surface, when, (rect.x + px(46), y + px(20)), 15, theme.TEXT_DIM, "regular",
                 max_width=rect.width - px(62))
            y += px(44)
