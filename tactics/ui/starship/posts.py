"""Dropping a crew member on a post: move, swap, or ask before replacing (issue 10).

Why it exists: a drop on a taken post used to replace its occupant without a word, and a crew
member dragged from one post to another kept both for a moment (two journal entries, two posts
if the second failed). Now a drag from a post is one engine command
(:class:`~tactics.engine.starship.commands.MoveCrew`: onto an empty post the member moves, onto
a taken one the two swap), and a name dragged from the roster onto a taken post asks
"Replace Katie at Helm with Art?" first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactics.engine.starship.commands import AssignPost, MoveCrew
from tactics.engine.starship.view import describe
from tactics.rules.starship import POST_NAMES

if TYPE_CHECKING:
    from tactics.ui.starship.screen import StarshipScreen


def drop_on_post(screen: "StarshipScreen", drag: dict[str, Any], crew: str, ship_id: str, post: str) -> None:
    """``drag`` (a roster chip or a post's crew member) was let go over ``post`` of ``ship_id``."""
    space = screen.space_battle
    ship = space.ships[ship_id]
    source = drag.get("from")
    occupant = ship.crew.get(post)
    here = f"the {POST_NAMES[post]} post of the {ship.name}" if len(space.ships) > 1 else f"the {POST_NAMES[post]} post"
    if source is not None:
        entry = screen.submit(MoveCrew(source[0], source[1], ship_id, post))
        if entry is None:
            return
        if occupant is not None:
            other = ship.crew_names.get(post, occupant)
            screen.say(f"{drag['name']} and {other} swap posts: {drag['name']} now holds {here}.", "good")
        else:
            screen.say(f"{drag['name']} moves to {here}.", "good")
        return
    if occupant is None or occupant == crew:
        entry = screen.submit(AssignPost(ship_id, post, crew))
        if entry is not None:
            screen.say(describe(entry.events[0]), "good")
        return
    other = ship.crew_names.get(post, occupant)
    name = drag.get("name") or crew

    def answer(choice: str) -> None:
        if choice == "Replace":
            entry = screen.submit(AssignPost(ship_id, post, crew))
            if entry is not None:
                screen.say(f"{name} takes {here}; {other} leaves it.", "good")

    screen.app.saving.ask("Post taken", f"{_escape(other)} holds {_escape(here)}. Replace {_escape(other)} "
                                        f"with {_escape(name)}?", ["Replace", "Cancel"], answer)


def _escape(text: str) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
