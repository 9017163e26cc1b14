"""People: what a departure leaves behind, hand-offs, the collaboration projection and its centrality, who to ask.

The query ``if_person_leaves`` lives in the catalogue (``traversal_policy``); this package resolves people, types
its rows, and adds what is not a catalogue read: commitments, the projection, cards, experts and hand-off writes.
"""
