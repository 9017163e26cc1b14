""""Route X traffic through Y": a system named in front of its traffic, sent on through another system.

`extraction.traffic_phrases` reads traffic as a clause's subject ("requests from X are routed via Y") and leaves
"all X calls" alone, since a name in front of its traffic names the caller as often as the callee. When a
routing verb acts on that traffic and says what it passes through ("we route X traffic through Y", "send all X
requests via Y"), the system whose traffic it is depends on Y: X DEPENDS_ON Y. Which way the calls go is not
said (X may be the client whose calls pass Y, or the backend Y fronts), so no CALLS is read. The doer of the verb
(often "we") is not a party to the relation. A hedged routing ("we might route ...") is an option being weighed,
not wiring, and is left alone.
"""

from __future__ import annotations

from spacy.tokens import Span

from extraction.causal import verb_lemma
from extraction.clause_flags import clause_flags
from extraction.extraction_types import Mention
from extraction.surface_parts import DETERMINERS, SurfaceTriple, make_triples, mention_list
from extraction.traffic_phrases import PASSING_PREPS, TRAFFIC_NOUNS
from extraction.vocabulary import words

# Verbs that direct traffic somewhere: the traffic is their object, where it goes their prepositional phrase.
ROUTING_VERBS = words("route send funnel proxy pass redirect direct")
_GAP = 3  # words allowed between the traffic noun and "through" ("X traffic [for the EU tenants] through Y")


def routed_traffic(sent: Span, starts: dict[int, tuple[int, Mention]]) -> list[SurfaceTriple]:
    """X DEPENDS_ON Y for each "<routing verb> [the/all] X [and Z] <traffic noun> ... through|via|behind Y"."""
    doc, end = sent.doc, sent.end
    found: list[SurfaceTriple] = []
    for verb in sent:
        lemma = verb_lemma(verb, ROUTING_VERBS)
        if lemma not in ROUTING_VERBS or verb.pos_ not in ("VERB", "NOUN", "PROPN", "ADJ", "AUX"):
            continue
        j = verb.i + 1
        while j < end and j not in starts and doc[j].lower_ in DETERMINERS | {"all"}:
            j += 1
        owners, k = mention_list(doc, j, end, starts)
        k += k < end and doc[k].text in ("'s", "’s")
        if not owners or k >= end or doc[k].lemma_.lower() not in TRAFFIC_NOUNS:
            continue
        for p in range(k + 1, min(k + 2 + _GAP, end - 1)):
            if doc[p].is_punct or p in starts:
                break
            if doc[p].lower_ in PASSING_PREPS:
                q = p + 1 + (p + 2 < end and doc[p + 1].lower_ in DETERMINERS)
                through, _ = mention_list(doc, q, end, starts)
                flags = clause_flags(verb, sent, [])
                if not flags[1]:  # "we might route X traffic through Y": an option weighed, no wiring yet
                    found += make_triples(owners, [t for t in through if t not in owners], ("DEPENDS_ON", False),
                                          [verb, doc[p]], flags)
                break
    return found
