"""The players' "Last roll" card is small and out of the map's way (outside review 17, N7).

Why: after an attack the card drew the GM's resolve panel over about a quarter of the projected
map. What is tested, on the bundled Space Bears encounter with the players' window open at
1280x720 and 1920x1080, after an attack and after a grenade throw:

* with the whole map in view the card sits in the board's margin beside the map: it covers
  nothing of the map; with the GM zoomed in on the fight (the map fills the players' window)
  it covers at most 8% of the map in view;
* it never covers a token, a name or a condition word, a live grenade's marker or blast
  squares, nor a template the GM pinned;
* the dice it draws are the roll's dice in the journal (every face, in order);
* a hidden creature's roll never reaches it (N-SEEN-6): after a hidden bear's throw it still
  shows the last public roll, and no hidden name.
"""

from __future__ import annotations

import re

import pygame
import pytest

from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.engine.combat.gm import Hide
from tactics.engine.combat.team import BeginActions, StartCombat
from tactics.engine.hazards.commands import ThrowGrenade
from tactics.ui.app import App
from tactics.ui.layers.hazards import blast_cells_of
from tactics.ui.opening import open_default

from ui_driver import app_session, centre, click, key, move, players_window_drawn, post

SIZES = ((1280, 720), (1920, 1080))
MAP_SHARE = 0.08  # the most of the map in view the card may cover (the review's "small share")


def _fight(kind: str, *, hide: str | None = None):
    enc = open_default(seed=3)
    if hide:
        enc.submit(Hide(hide, 30))
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    if kind == "attack":
        enc.submit(Declare("brandon", Action("standard-attack", weapon="silenced_pistol", target="bear1")))
        enc.submit(ResolveNext(others_pass=True))
    else:
        enc.submit(ThrowGrenade("james", enc.state.combatants["bear2"].cell, "frag"))
        enc.submit(ResolveNext(others_pass=True), typed=[5, 5])
    return enc


def _zoom_in(app: App, notches: int = 12) -> None:
    """The GM's wheel over the bears' side of the fight (the players' window follows the GM)."""
    for _ in range(notches):
        move(app, centre(app, (20, 4)))
        post(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, precise_x=0.0, precise_y=1.0, flipped=False))


def _frame(app: App) -> list:
    """The players' window drawn once: what the layout probe saw on it."""
    return players_window_drawn(app)[1]


def _map_in_view(app: App) -> pygame.Rect:
    pw = app.players.window
    cam, m = pw.camera, app.battle.encounter.map
    return pygame.Rect(cam.to_screen((0, 0)), (m.width * cam.cell_px, m.height * cam.cell_px)).clip(pw.board_rect())


def _drawn_dice(marks: list, card: pygame.Rect) -> list[tuple[int, int]]:
    """The dice drawn on the card, as (sides, face): each die's "dN" label, then its face."""
    texts = [m.label for m in marks if m.kind == "text" and card.contains(m.rect)]
    return [(int(label.lstrip("-d")), int(face)) for label, face in zip(texts, texts[1:])
            if re.fullmatch(r"-?d\d+", label) and face.isdigit()]


def _logged_dice(app: App) -> list[tuple[int, int]]:
    """The dice of the journal's newest roll, as the GM's log holds them."""
    out: list[tuple[int, int]] = []
    for e in app.battle.encounter.journal.entries[-1].events:
        if e.kind == "attack.rolled":
            out.append((20, e.d20))
            sides, face, _ = e.extra
            if sides:
                out.append((sides, face))
        elif e.kind == "damage.rolled":
            sides = int(re.search(r"d(\d+)", e.expr).group(1))
            out += [(sides, face) for faces, _ in e.rolls for face in faces]
        elif e.kind == "grenade.thrown":
            out += [(10, face) for face in e.dice]
    return out


def _covered(app: App, card: pygame.Rect) -> list:
    """The tokens, names and condition words of the players' window under ``card``, and the
    squares of a live grenade (its marker, its blast)."""
    pw = app.players.window
    seen = pw.drawn_state
    squares = {who.name: pygame.Rect(pw.camera.cell_rect(who.cell)) for who in seen.on_map()}
    for grenade in seen.grenades.values():
        if grenade.status == "live":
            for cell in blast_cells_of(seen, grenade) | {tuple(grenade.cell)}:
                squares[f"{grenade.label} at {cell}"] = pygame.Rect(pw.camera.cell_rect(cell))
    words = pw._renderer().tokens.drawn_words()
    return [name for name, square in squares.items() if card.colliderect(square)] + [
        w for w in words if card.colliderect(w)]


@pytest.mark.parametrize("kind", ["attack", "grenade"])
def test_the_last_roll_card_is_small_clear_of_the_tokens_and_shows_the_logged_dice(kind: str) -> None:
    for app in app_session(App(_fight(kind), size=(1600, 900)), closing=True):
        app.players.open(size=SIZES[0])
        pw = app.players.window
        logged = _logged_dice(app)
        assert logged, "the roll has dice"
        for zoomed in (False, True):
            if zoomed:
                _zoom_in(app)
            for size in SIZES:
                pw.window.size = size
                pw.fit()
                marks = _frame(app)
                texts = [m.label for m in marks if m.kind == "text"]
                card = pw.cards.roll_rect
                assert "Last roll" in texts and card is not None, f"{size}: the roll's card is shown"
                seen = _map_in_view(app)
                share = card.clip(seen).width * card.clip(seen).height / (seen.width * seen.height)
                where = f"{kind}, {size}, {'zoomed in' if zoomed else 'whole map'}: the card {card}"
                if not zoomed:  # the map leaves a margin beside it: the card is there, over none of it
                    assert pw.cards.in_margin and share == 0, f"{where} covers {share:.1%} of the map {seen}"
                assert share <= MAP_SHARE, f"{where} covers {share:.1%} of the map in view"
                assert pw.board_rect().contains(card), f"{where} runs off the board"
                assert not _covered(app, card), f"{where} covers {_covered(app, card)}"
                assert _drawn_dice(marks, card) == logged, f"{where} shows other dice than the log's"


def test_the_last_roll_card_keeps_off_a_pinned_template() -> None:
    """With the GM zoomed in the card sits at the bottom of the players' window; a template the
    GM pins there (B, a click) sends it elsewhere: over neither its squares nor its label."""
    for app in app_session(App(_fight("attack"), size=(1600, 900)), closing=True):
        app.players.open(size=SIZES[1])
        pw = app.players.window
        _zoom_in(app)
        _frame(app)
        card = pw.cards.roll_rect
        assert card is not None and not pw.cards.in_margin
        at = tuple(int(v) for v in pw.camera.to_grid(card.center))
        key(app, pygame.K_b, text="b")
        move(app, centre(app, at))
        click(app, centre(app, at))
        key(app, pygame.K_s, text="s")  # back to the select tool
        assert app.battle.pinned and at in app.battle.pinned[0].cells
        marks = _frame(app)
        card = pw.cards.roll_rect
        cells = [pygame.Rect(pw.camera.cell_rect(c)) for c in app.battle.pinned[0].cells]
        label = [m.rect for m in marks if m.kind == "text" and m.label.startswith(app.battle.pinned[0].label)]
        assert label, "the pin's label is drawn"
        assert card.collidelist(cells) == -1, f"the card {card} covers the pinned squares"
        assert card.collidelist(label) == -1, f"the card {card} covers the pin's label {label}"
        assert not _covered(app, card)


def test_a_hidden_creatures_throw_leaves_the_last_public_roll_on_the_card() -> None:  # N-SEEN-6
    enc = _fight("attack", hide="bear2")
    for app in app_session(App(enc, size=(1600, 900)), closing=True):
        app.players.open(size=SIZES[0])
        pw = app.players.window
        marks = _frame(app)
        before = _drawn_dice(marks, pw.cards.roll_rect)
        assert before == _logged_dice(app)
        to_bears = [g for g in enc.state.combat.turn_order() if "bear2" in g.members]
        assert to_bears
        from test_ground_audit import to_group

        to_group(enc, to_bears[0].key)
        enc.submit(Declare("bear2", Action("use-item", item="grenade", target_cell=tuple(enc.state.combatants["james"].cell),
                                           grenade="frag")))
        enc.submit(ResolveNext(others_pass=True), typed=[5, 5])
        assert any(e.kind == "grenade.thrown" for e in enc.journal.entries[-1].events)  # the GM's log has it
        app.step()
        marks = _frame(app)
        texts = " ".join(m.label for m in marks if m.kind == "text")
        assert _drawn_dice(marks, pw.cards.roll_rect) == before  # still the attack's dice
        assert "Bear 2" not in texts and "throws" not in texts
