"""Which side of a system a direction-worded label puts its values on: one table and one rule for every reader.

Architecture pages, catalogues and specs state a system's neighbours by direction ("Upstream:", "## Downstream
consumers", "| Downstream | ledger-db |") rather than by verb. English uses "upstream" both ways (the source a
system reads from; the caller that sends it requests), so the words alone are read only where the page fixes the
sense. Pure: words in, a side out.

Rules, in order:

1. **A side noun decides**: a label that names its side with a noun is read by that noun, whatever its direction
   word ("Upstream dependencies", "Requires" -> what the system depends on; "Downstream consumers", "Callers" ->
   what depends on it).
2. **Both directions on one page** (``paired``) describe requests flowing down: what a system lists downstream is
   what it calls (its dependencies), what it lists upstream calls it (its dependents).
3. **One direction alone** is read as a position in a flow of data: upstream is where the system's input comes
   from (a dependency), downstream is what takes its output (a dependent).

Users: the label table of the hop grader and the ingest (:mod:`verify.vocabulary`, one line and no page: rules 1
and 3), the dependency lists under a heading (``zehn.agent.components``) and the Upstream / Downstream lines of a
system's page (``zehn.agent.flow_lines``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

Side = Literal["dependency", "dependents"]

# Rule 2: requests flow downstream. Rule 3: data flows downstream.
DIRECTION_SIDE: dict[str, Side] = {"downstream": "dependency", "upstream": "dependents"}
LONE_SIDE: dict[str, Side] = {"upstream": "dependency", "downstream": "dependents"}
# Rule 1: nouns (and verbs) a label uses for what a system relies on, and for what relies on it.
DEPENDENCY_NOUNS = frozenset({"dependencies", "dependency", "depends", "prerequisites", "prerequisite", "requires",
                              "relies"})
DEPENDENT_NOUNS = frozenset({"dependents", "consumers", "callers", "clients"})


def direction(said: Iterable[str]) -> str | None:
    """The first direction word among lower-cased words, or None."""
    return next((w for w in said if w in DIRECTION_SIDE), None)


def side(said: Iterable[str], paired: bool) -> Side | None:
    """The side a label's lower-cased words put its values on (rules 1-3); ``paired``: the page names both
    directions. None when the words name neither a side nor a direction."""
    words = list(said)
    if DEPENDENCY_NOUNS.intersection(words):
        return "dependency"
    if DEPENDENT_NOUNS.intersection(words):
        return "dependents"
    named = direction(words)
    if named is None:
        return None
    return DIRECTION_SIDE[named] if paired else LONE_SIDE[named]


def names_both(directions: Iterable[str | None]) -> bool:
    """The page names both directions (rule 2 applies)."""
    return set(DIRECTION_SIDE) <= set(directions)
