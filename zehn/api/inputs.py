"""What a request may carry, checked at the edge, before anything reaches the graph.

Every id and every piece of text is a pattern in the OpenAPI spec, and the same pattern is what is enforced, so
the spec and the behaviour agree by construction: no control characters (a NUL byte would cut the falkordb
client's parameter header short, and FalkorDB's parser message would be the only explanation), nothing blank.
Tab and line breaks are allowed in a question only. A rejected value is a 422 ``invalid_input`` that names the
field and the rule, never the parser's words.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Path, Query

from extraction.validity import AS_OF_PATTERN

_CONTROL = r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"  # Unicode Cc, less tab, line feed, carriage return
_ANY_CONTROL = r"\x00-\x1f\x7f-\x9f"
TEXT = rf"^[^{_CONTROL}]*[^\s{_ANY_CONTROL}][^{_CONTROL}]*$"  # a question: may span lines; not blank
NAME = rf"^[^{_ANY_CONTROL}]*[^\W_][^{_ANY_CONTROL}]*$"  # a name: one line, at least one letter or digit
ID = rf"^[^{_ANY_CONTROL}]*[^\s{_ANY_CONTROL}][^{_ANY_CONTROL}]*$"  # an id: one line; not blank

RULES = {
    AS_OF_PATTERN: "must be a date (2026-03-05) or an ISO date-time (2026-03-05T14:30:00Z)",
    TEXT: "must not be blank or hold control characters (NUL, escape, ...)",
    NAME: "must hold a letter or digit and no control characters or line breaks",
    ID: "must not be blank or hold control characters or line breaks",
}

EvidenceId = Annotated[str, Path(max_length=200, pattern=ID, description="An evidence id (ev_ + 16 hex).")]
DocumentId = Annotated[str, Path(max_length=500, pattern=ID, description="A document id.")]
AnswerId = Annotated[str, Path(max_length=200, pattern=ID, description="An answer id.")]
ReviewId = Annotated[str, Path(max_length=200, pattern=ID, description="A change review id (cr_ + 16 hex).")]
EntityName = Annotated[str, Query(min_length=1, max_length=500, pattern=NAME,
                                  description="An entity name as a person types it.")]
OptionalName = Annotated[str | None, Query(min_length=1, max_length=500, pattern=NAME, description=(
    "An entity name as a person types it (resolved; an ambiguous name lists its candidates). "
    "Give this or entity_id."))]
EntityId = Annotated[str | None, Query(min_length=1, max_length=500, pattern=ID, description=(
    "An entity id, e.g. a candidate's id from an ambiguous name (team:atlas); used instead of entity when "
    "given. 404 when no entity has it."))]


def rule_for(pattern: object) -> str | None:
    """The plain-words rule behind one of the patterns above (for the 422 message)."""
    return RULES.get(pattern) if isinstance(pattern, str) else None
AsOf = Annotated[str | None, Query(max_length=40, pattern=AS_OF_PATTERN, description=(
    "Read the graph as it stood then: a date (2026-03-05, the end of that day, UTC) or an ISO date-time. "
    "Default: now."))]
