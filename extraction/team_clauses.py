""""We" as the doer of a data flow, read in word order: "we persist the adjusted totals to inventory-db".

A write-up about one system speaks for it in the first person plural (`relation_patterns.team_doer` reads the parse
the same way). The small model often takes an identifier after "to" for a verb ("to ledger-db" parses as an
infinitive), so the flow is lost from the parse, and with it often the verbs joined to the first ("we reconcile the
counts, ... and persist the totals to X"). Here each verb of the clause "we" opens is read by the surface reader, in
word order, with the system the section or document is about as its subject. Only the relations of data flow
(`TEAM_DOER_RELATIONS`): "we rolled back X" or "we own X" says what the team did or holds, not what its system does.
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from extraction.causal import SYSTEM_TYPES
from extraction.extraction_types import Mention
from extraction.surface_parts import SurfaceTriple
from extraction.surface_relations import clause_after_subject
from extraction.vocabulary import TEAM_DOER_RELATIONS, VERB_RULES

_BARE_VERBS = frozenset(v for v, _ in VERB_RULES)  # the rule table's verbs, as written after "we"
# Words that end the clause "we" is the subject of: another clause begins ("..., but", "before they ...").
_CLAUSE_ENDS = frozenset({";", "but", "because", "so", "if", "when", "while", "before", "after", "until", "once",
                          "which", "that", "unless", "though", "although"})


def _verb_slots(sent: Span, we: Token) -> list[int]:
    """Where a verb of "we" may stand: right after it ("we persist", "we do not write") and after each "and" or comma
    of the same clause ("we validate X, strip Y, and persist Z to W")."""
    doc, end = sent.doc, sent.end
    slots = [we.i + 1 + (we.i + 1 < end and doc[we.i + 1].lower_ == "do")]
    for j in range(we.i + 1, end):
        if doc[j].lower_ in _CLAUSE_ENDS or (doc[j].dep_ in ("nsubj", "nsubjpass") and doc[j].lower_ != "we"):
            break
        if doc[j].lower_ in ("and", ",") and j + 1 < end:
            slots.append(j + 1 + (j + 2 < end and doc[j].text == "," and doc[j + 1].lower_ == "and"))
    return slots


def team_triples(sent: Span, starts: dict[int, tuple[int, Mention]], topic: Mention | None) -> list[SurfaceTriple]:
    """Flows of ``topic`` (the system the section or document is about) that the sentence states with "we", in the
    present: "we pulled the logs from X" tells what responders did once, "we read events from X" how the system
    works, so only the bare form of a rule's verb counts."""
    if topic is None or topic.type not in SYSTEM_TYPES:
        return []
    found: list[SurfaceTriple] = []
    for we in sent:
        if we.lower_ != "we":
            continue
        for k in _verb_slots(sent, we):
            if k >= sent.end or k in starts:
                continue
            triples, _ = clause_after_subject(sent, [topic], k, starts, bare=True)
            found += [t for t in triples if t.rel_type in TEAM_DOER_RELATIONS and t.object.name != topic.name
                      and t.predicate[0].lower_ in _BARE_VERBS]
    return found
