"""The players' window type grows with the window (review 4, finding 11).

At 1920x1080 with Large type on, the banner's second line and a grenade's fuse card ("explodes
at the end of ...", the one label the players act on) were the same 12-16 px as at 1280x720,
unreadable across a room. What is tested: the players' window is opened at both sizes with a
live grenade on the map; the banner's second line (the layout probe's record of the frame) and
the fuse card (its pixels, the card's own colour) are taller at 1920x1080 than at 1280x720, and
at 1920x1080 the second line is at least 24 px tall, and the card's two lines are at least 26 px each.
"""

from __future__ import annotations

import pygame

from tactics.engine.combat.individual.actions import TakeAction, TurnAction
from tactics.ui import layout_probe as probe
from tactics.ui import theme
from tactics.ui.app import App
from tactics.ui.panels.hotseat import turn_banner

from test_turns import current, started
from ui_driver import app_session


def players_picture(size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """(the banner's second line, the fuse card) as the players' window draws them at ``size``."""
    enc = started()
    enc.submit(TakeAction(current(enc.state), TurnAction("use-item", item="grenade", target_cell=(9, 6),
                                                         options={"grenade": "frag"})), typed=[5, 5])
    gen = app_session(App(enc, size=size))
    app = next(gen)
    try:
        window = app.players.open(None, fullscreen=False, size=size)
        assert window.room, "Large type is the players' window's default"
        app.step()
        surface = pygame.Surface(size)
        rec = probe.start()
        try:
            window.render(surface)
        finally:
            probe.stop()
        detail = turn_banner(enc.state, for_players=True).detail
        (line,) = [m.rect for m in rec.on(surface) if m.kind == "text" and m.label == detail]
        card = _card_box(surface)
        return line, card
    finally:
        gen.close()


def _card_box(surface: pygame.Surface) -> pygame.Rect:
    """The bounding box of the fuse card's fill (theme.FUSE_CARD_BG, nearly opaque) on ``surface``."""
    r0, g0, b0 = theme.FUSE_CARD_BG
    xs, ys = [], []
    w, h = surface.get_size()
    for y in range(0, h, 2):
        for x in range(0, w, 2):
            r, g, b, *_ = surface.get_at((x, y))
            if abs(r - r0) <= 12 and abs(g - g0) <= 12 and abs(b - b0) <= 12:
                xs.append(x)
                ys.append(y)
    assert ys, "no fuse card on the players' window"
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def test_the_banner_line_and_the_fuse_card_grow_with_the_players_window():
    small_line, small_card = players_picture((1280, 720))
    big_line, big_card = players_picture((1920, 1080))
    assert big_line.height >= 24, f"the banner's second line is {big_line.height} px at 1920x1080"
    assert big_line.height >= small_line.height * 1.2
    assert big_card.height >= 2 * 26, f"the fuse card is {big_card.height} px tall at 1920x1080"
    assert big_card.height >= small_card.height * 1.2


def test_condition_words_and_initials_never_outgrow_a_small_token_on_the_players_window() -> None:
    """Review 12: at 25 px a square the players' window drew 20 px condition pills and 24 px initials
    over ~22 px discs ("G2G3G4" ran together under "Fl" pills). From about 44 px a square up they keep
    their across-the-room sizes (20-32 px words, 24 px initials)."""
    import pygame

    from tactics.ui.players.style import RoomTokenPainter
    from tactics.ui.tokens import TOKEN_RADIUS

    pygame.font.init()
    painter = RoomTokenPainter()
    for px in (16, 20, 25, 30, 36):
        disc = 2 * TOKEN_RADIUS * px
        assert painter.badge_size(px) <= 0.6 * disc, px
        assert painter.initials_px(px) <= 0.7 * disc, px
    for px in (48, 60, 80, 120):
        assert 20 <= painter.badge_size(px) <= 32 and painter.initials_px(px) >= 24, px
