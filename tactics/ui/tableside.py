"""At the table (issue 7): the parts of the window that make it trustworthy at a real table.

:func:`attach_table` gives an App its add-ons, in the order they see events:
saving (Ctrl+S, autosave, restore prompts), the table settings dialog
(Ctrl+T), the players' window (Ctrl+P) and the hot-seat banner with its End
turn button (E). The App calls their optional hooks (``route``, ``ui_event``,
``key``, ``handle``, ``fallback``, ``draw``, ``update``, ``opened``,
``open_failed``, ``busy``, ``closing``); see ``App._addons``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tactics.ui.panels.hotseat import HotseatBanner
from tactics.ui.players.control import PlayersControl
from tactics.ui.players.displays import Displays
from tactics.ui.players.table_dialog import TableDialog
from tactics.ui.saving import Saving

if TYPE_CHECKING:
    from tactics.ui.app import App


def attach_table(app: "App", *, displays: Displays | None = None) -> None:
    """Give ``app`` its at-the-table add-ons (``app.saving``, ``app.players``, ``app.hotseat``, ``app.table``)."""
    app.saving = Saving(app)
    app.players = PlayersControl(app, displays)
    app.table = TableDialog(app, app.players)
    app.hotseat = HotseatBanner(app)
    app.addons = [app.saving, app.table, app.players, app.hotseat]
