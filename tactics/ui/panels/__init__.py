"""One module per panel around the board: toolbar, status bar, side panel, help."""
