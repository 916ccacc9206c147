"""The encounter itself: the journal (commands -> events), the state, settings, and the
explicit list of features an encounter is built from (:mod:`tactics.engine.features`).
"""
