"""Individual turns (the second rule text): two actions, reserved actions, blocking, facing.
"""
