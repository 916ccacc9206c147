"""Saves, autosaves and their JSON: nothing is lost when the laptop dies.
"""
