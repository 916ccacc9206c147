"""The encounter builder's engine part: setting up a fight in the app (commands) and saving it as a file.

:mod:`~tactics.engine.builder.commands`: add, edit and remove combatants and
teams (events, so undo, autosave and replay work as for every command);
:mod:`~tactics.engine.builder.writer`: the encounter file writer;
:mod:`~tactics.engine.builder.tomltext`: TOML text from plain data.
"""
