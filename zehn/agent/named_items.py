"""Does a line list the asked kind of named thing? ("which fields are required", "what events must it emit").

A list ask whose focus noun names a kind of identifier (a field, an event, a header, a scope, a label ...) is
answered by the lines that name such things, not by any line that repeats the question's other words: specs and
runbooks write the list under a lead that names the kind ("Required fields:", "#### Baseline scopes") and give
each item as an identifier (``request_id``, ``eval.run.start``, ``X-Request-Id``). A goal line such as "Surface
the required telemetry outputs" shares the question's words and states no field at all.

So such a line answers only when the kind noun is in it, its heading or the list item it is nested under, or it
holds a name written as code that is not one of the question's own words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from spacy.tokens import Doc

from verify.fillers import identifiers
from zehn.agent.focus import FOCUS_TYPES
from zehn.agent.question import Ask
from zehn.agent.similarity import Similarity

# How a field, an event, a header or a scope is written: quoted in backticks, or built with the separators and
# capitals of code (``request_id``, ``eval.run.start``, ``config.read:diff``, ``X-Request-Id``, ``maxRetries``).
# Not an upper-case word ("SLO", "PII": abbreviations of prose) nor a lower-case hyphenated one ("tenant-sensitive",
# "cross-region": English compounds as often as names).
_CODE_SHAPED = re.compile(r"`.+`|.*[_.:/].*|.+[A-Z].*")
_ACRONYM = re.compile(r"[A-Z]{2,}\d*(?:-\d+)?")


def asks_named_items(ask: Ask) -> bool:
    """A list ask whose focus noun names a kind of identifier ("fields", "events", "scopes")."""
    return ask.answer_type == "items" and FOCUS_TYPES.get(ask.focus_head) == "identifier"


def names_items(ask: Ask, parse: Doc, read: Sequence[str], similarity: Similarity, asked: frozenset[str]) -> bool:
    """``read``: the lemmas of the line, its heading and the list items over it. True when they name the asked kind
    or the line holds an identifier the question does not."""
    if similarity.matches((ask.focus_head,), read):
        return True
    found = (parse.text[start:end] for start, end in identifiers(parse))
    return any(_CODE_SHAPED.fullmatch(name) and not _ACRONYM.fullmatch(name) and name.casefold() not in asked
               for name in found)
