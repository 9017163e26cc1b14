"""A requirement asked of a person or a team ("what did Legal require before the launch", "what does the auditor
demand"): the party's demand, which documents state in prose (a condition set, an approval asked for), not a
dependency between systems, which the DEPENDS_ON walk answers. Read after stage 2 (resolve): only the graph knows
whether the subject is a party, and a name that is both a team and a component ("Security") is, as the subject of
a demand, the team. Such a question is answered from passages, as one that names no entity relation."""

from __future__ import annotations

from dataclasses import replace

from zehn.agent.passage_routes import passage_route
from zehn.agent.question import Analysis
from zehn.agent.resolve import Subjects
from zehn.agent.stops import Stop

# Verbs by which a party states a condition of its own (the verbs of a system's need, "use", "call", "rely on",
# stay dependencies).
DEMAND_VERBS = frozenset({"require", "demand", "mandate", "insist", "stipulate", "request"})
PARTY_TYPES = frozenset({"Person", "Team"})


def party_demand(analysis: Analysis, resolved: Subjects | Stop) -> Analysis | None:
    """The analysis to answer from passages when a dependency question asks what a party (a person or a team, or a
    name one of whose candidates is one) demands; None otherwise."""
    if analysis.route != "dependency" or not analysis.asks or analysis.asks[0].predicate not in DEMAND_VERBS:
        return None
    if isinstance(resolved, Stop):
        types = {c.type for c in resolved.candidates} if resolved.status == "ambiguous" else set()
    else:
        entity = resolved.subject.entity if resolved.subject is not None else None
        types = {entity.type} if entity is not None else set()
    if not types & PARTY_TYPES:
        return None
    return replace(analysis, route=passage_route(analysis.asks), subject=None, other=None, rel_type=None)
