"""The people features' own failure: an id (person, hand-off approval) that does not exist (a 404 in the API).

Everything else is the project's one hierarchy (``extraction.errors``): unavailable, rejected, not ingested.
"""

from __future__ import annotations

from extraction.errors import ZehnError


class PeopleNotFound(ZehnError):
    """A person id or hand-off approval id that nothing in the graph has."""
