"""Resolving a question's subject: several entities under one name are cut by how the question writes it (a lower
case phrase describes a thing; teams, people and companies are written with capitals). Names are our own."""

from __future__ import annotations

from typing import Any

from traversal_policy import Ambiguous, EntityCandidate
from traversal_policy.outcomes import PolicyInfo
from zehn.agent.question import SubjectPhrase
from zehn.agent.resolve import End, _end
from zehn.agent.stops import Stop

POLICY = PolicyInfo("test", "0", True)
COMPONENT = EntityCandidate("component:report-builder", "report-builder", "Component", 4, 3, ())
TEAM = EntityCandidate("team:report-builder", "Report Builder", "Team", 2, 1, ())
SERVICE = EntityCandidate("service:report-builder-v2", "report builder v2", "Service", 1, 2, ())


class _Dispatcher:
    def __init__(self, *candidates: EntityCandidate) -> None:
        self.candidates = candidates

    def resolve(self, name: str) -> Any:
        return Ambiguous(name, self.candidates, "exact", (), POLICY)


def _phrase(name: str) -> SubjectPhrase:
    return SubjectPhrase(f"the {name}", name, name.split()[-1].casefold())


def test_a_lower_case_phrase_drops_the_candidate_written_as_a_proper_name() -> None:
    end = _end(_Dispatcher(COMPONENT, TEAM), _phrase("report builder"))  # type: ignore[arg-type]
    assert isinstance(end, End) and end.entity == COMPONENT


def test_a_capitalised_phrase_keeps_every_candidate() -> None:
    stopped = _end(_Dispatcher(COMPONENT, TEAM), _phrase("Report Builder"))  # type: ignore[arg-type]
    assert isinstance(stopped, Stop) and stopped.status == "ambiguous"


def test_candidates_that_are_all_common_names_stay_ambiguous() -> None:
    stopped = _end(_Dispatcher(COMPONENT, SERVICE), _phrase("report builder"))  # type: ignore[arg-type]
    assert isinstance(stopped, Stop) and stopped.status == "ambiguous"
