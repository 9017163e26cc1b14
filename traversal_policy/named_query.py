"""A named query (fixed Cypher texts, typed parameters, a hop cap) and the fragments every catalogue module shares.

Fragments are constants concatenated at import, never with input. Chunks and evidence are read only through a
ready document the caller may read (:func:`extraction.schema.ready_document`), which :data:`READY_OWNER` applies to
the ``node`` a full-text or vector call yields.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from extraction.schema import ready_document

from .params import ParamSpec

ROW_LIMIT = 200


@dataclass(frozen=True)
class NamedQuery:
    name: str
    description: str
    params: tuple[ParamSpec, ...]
    cypher: Mapping[str, str]  # variant key -> fixed text
    max_hops: int
    # Offered to a model and to MCP clients as a tool (zehn/agent/tool_schemas.py). False for a query ZEHN runs for
    # itself (a cache's bulk read), whose rows no one would read one by one.
    tool: bool = True

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "description": self.description, "params": [p.to_dict() for p in self.params],
                "cypher": dict(self.cypher), "max_hops": self.max_hops, "tool": self.tool}


READY_OWNER = f"MATCH (owner:Document {{id: node.document_id}}) WHERE {ready_document('owner', 'node')} "


# Full-text heads: RediSearch scores every match (an OR of a question's words matches most of a corpus), and reading
# each match's owner document costs an index lookup per match, so it grew with the corpus. A head sorts the matches
# by (score, id) first and checks owners only for the best ``$pool``: when at least ``$limit`` of them survive the
# owner check, they are exactly the first ``$limit`` rows of the full text (whose order is the same (score, id)),
# because the visible rows keep the order of all rows. Otherwise the caller runs the full text
# (traversal_policy/search.py ``ranked_fulltext``): the same rows either way.
def fulltext_head(label: str) -> str:
    return (f"CALL db.idx.fulltext.queryNodes('{label}', $query) YIELD node, score "
            "WITH node, score ORDER BY score DESC, node.id LIMIT $pool ")
