"""A demand asked of a person or a team is read from passages, not walked as a dependency between systems."""

from __future__ import annotations

from spacy.language import Language

from traversal_policy import EntityCandidate
from zehn.agent.analyse import analyse
from zehn.agent.party_demands import party_demand
from zehn.agent.resolve import End, Subjects
from zehn.agent.stops import Stop, candidate_out


def _candidate(kind: str, name: str = "compliance") -> EntityCandidate:
    return EntityCandidate(id=f"{kind.lower()}:{name}", name=name, type=kind, doc_count=1, relation_count=1,
                           sample_sources=())


def test_a_demand_of_a_name_that_may_be_a_team_is_read_from_passages(nlp: Language) -> None:
    analysis = analyse("What did Compliance require before the archive could be deleted?", nlp)
    assert analysis.route == "dependency"
    ambiguous = Stop("ambiguous", "two", [candidate_out(_candidate("Component")), candidate_out(_candidate("Team"))])
    read = party_demand(analysis, ambiguous)
    assert read is not None and read.route == "attribute" and read.subject is None


def test_a_demand_of_a_person_is_read_from_passages(nlp: Language) -> None:
    analysis = analyse("What did the auditor require before the archive could be deleted?", nlp)
    assert analysis.subject is not None
    resolved = Subjects(End(analysis.subject, _candidate("Person", "auditor")))
    assert party_demand(analysis, resolved) is not None


def test_a_system_that_requires_something_stays_a_dependency(nlp: Language) -> None:
    analysis = analyse("What does the archive-writer require?", nlp)
    assert analysis.subject is not None
    resolved = Subjects(End(analysis.subject, _candidate("Service", "archive-writer")))
    assert party_demand(analysis, resolved) is None


def test_a_team_that_relies_on_a_system_stays_a_dependency(nlp: Language) -> None:
    analysis = analyse("What does the Compliance team rely on?", nlp)
    assert analysis.subject is not None
    resolved = Subjects(End(analysis.subject, _candidate("Team")))
    assert party_demand(analysis, resolved) is None
