"""An entity picked by id (``?entity_id=``, e.g. one candidate of an ambiguous name) instead of by name.

Only named queries run, no Cypher is written here:

1. ``documents_mentioning(entity_id)`` checks that the id exists (its ``NoEvidence(reason="unknown_entity")``
   becomes :class:`NotFound`, a 404) and gives the entity's name and type;
2. ``resolve_entity`` on that name gives the same candidate row a name lookup shows (type, documents, relations,
   sample sources); the candidate with this id is kept, so "Atlas" the Team is chosen among the three Atlases.

The result is an ordinary :class:`Resolution` for exactly that entity: ``Resolved``, or ``NotInGraph`` when it
has no relation, so the endpoints continue exactly as after a name that resolved. Every query that ran is in it.
"""

from __future__ import annotations

from extraction.errors import ZehnError
from traversal_policy import (
    Ambiguous,
    Found,
    NoEvidence,
    NotInGraph,
    QueryFailed,
    Resolution,
    Resolved,
    TraversalExecutor,
)
from zehn.api.errors import NotFound


def resolve_id(executor: TraversalExecutor, entity_id: str) -> Resolution:
    """The entity with this id as a one-candidate resolution; ``NotFound`` when no entity has it."""
    mentions = executor.run("documents_mentioning", {"entity_id": entity_id})
    if isinstance(mentions, QueryFailed):
        raise mentions.error
    if isinstance(mentions, NoEvidence) and mentions.reason == "unknown_entity":
        raise NotFound(f"no entity with id {entity_id[:200]!r} is in the graph")
    subject = mentions.subject if isinstance(mentions, Found) else None
    name = str(subject.get("name") or entity_id) if subject else entity_id
    by_name = executor.resolve(name)
    if isinstance(by_name, QueryFailed):
        raise by_name.error
    queries = mentions.queries + by_name.queries
    listed = by_name.candidates if isinstance(by_name, Ambiguous) else \
        (by_name.entity,) if isinstance(by_name, Resolved | NotInGraph) else ()
    match = next((c for c in listed if c.id == entity_id), None)
    if match is None:  # every entity resolves by its own name; anything else is an inconsistent graph, not "empty"
        raise ZehnError(f"entity {entity_id[:200]!r} exists but its name {name[:200]!r} does not resolve to it")
    if match.relation_count == 0:
        return NotInGraph(name, match, queries, by_name.policy)
    return Resolved(name, match, queries, by_name.policy)
