"""if_person_leaves on documents written for it (tests/zehn/people/fixtures), through the executor and the
people layer: open work by status, waiting customers, sole-expert components, successors, namesakes."""

from __future__ import annotations

import pytest

from bench.people import Agreement, direct_open_work, graph_open_work
from extraction.loaders import Loaded, iter_documents
from tests.zehn.conftest import PEOPLE_FIXTURES
from traversal_policy import Found, NoEvidence, TraversalExecutor, load_policy, open_graph
from traversal_policy.policy import MAX_HOPS
from zehn.people.departure import departure
from zehn.people.errors import PeopleNotFound
from zehn.people.model import DepartureOut

ODILE = "person:odile-brandt"


def _doc_text(executor: TraversalExecutor, document_id: str) -> str:
    rows = executor.graph.ro_query("MATCH (d:Document {id: $id}) RETURN d.text", {"id": document_id}).result_set
    return str(rows[0][0])


@pytest.fixture(scope="module")
def deep(people_graph: tuple[int, str]) -> DepartureOut:
    executor = TraversalExecutor(open_graph("127.0.0.1", *people_graph), load_policy())
    return departure(executor, name="Odile Brandt", depth=3)


def test_open_work_is_what_is_assigned_and_not_finished(deep: DepartureOut) -> None:
    assert deep.outcome == "found" and deep.person is not None and deep.person.id == ODILE
    assert {w.item.name: w.status for w in deep.open_work} == {"QF-101": "In Progress", "QF-103": "Waiting on Customer"}
    assert all(w.grade == "source_backed" and w.via == "document" and w.state == "open" for w in deep.open_work)


def test_each_open_item_cites_its_assignee_line_and_its_status_range(deep: DepartureOut,
                                                                      people_executor: TraversalExecutor) -> None:
    for work in deep.open_work:
        assert work.evidence_ids and work.path.rel_types == ["ASSIGNED_TO"] and work.path.node_ids[-1] == ODILE
        line = work.status_line
        assert line is not None and line.key == "status"
        assert _doc_text(people_executor, line.document_id)[line.start:line.end] == line.text
        assert work.status is not None and work.status in line.text


def test_customers_waiting_are_one_row_each_with_a_two_hop_path(deep: DepartureOut) -> None:
    assert [c.customer.name for c in deep.customers] == ["Harbor Lane Foods", "Northgate Clinics"]
    for row in deep.customers:
        assert row.grade == "source_backed" and row.path.rel_types == ["ASSIGNED_TO", "CONCERNS"]
        assert row.path.node_ids[0] == ODILE and row.path.node_ids[-1] == row.customer.id


def test_sole_expert_is_only_where_nobody_else_resolved_or_owns_and_never_a_catch_all(deep: DepartureOut) -> None:
    # tax-engine: only she resolved it; pdf-export: someone else closed work there; unspecified: a bucket.
    assert [s.component.name for s in deep.sole_expert_components] == ["tax-engine"]
    sole = deep.sole_expert_components[0]
    assert sole.grade == "inferred" and sole.resolved_items == ["ticket:qf-102"]
    assert sole.path.rel_types == ["ASSIGNED_TO", "HAS_COMPONENT"]


def test_successors_rest_on_paths_to_her_components_and_rank_by_evidence(deep: DepartureOut) -> None:
    names = [s.person.name for s in deep.successors]
    assert {"Tomasz Wierzbicki", "Amara Okonkwo", "Yusuf Demir"} <= set(names) and "Odile Brandt" not in names
    assert [s.rank for s in deep.successors] == list(range(1, len(names) + 1))
    amara = next(s for s in deep.successors if s.person.name == "Amara Okonkwo")
    assert amara.counts.resolved == 1 and amara.counts.reviewed == 1  # pdf-export closed, the renderer PR reviewed
    assert names.index("Amara Okonkwo") < names.index("Yusuf Demir")  # same review, plus delivered work
    for row in deep.successors:
        assert row.grade == "inferred" and row.path.node_ids[0] == row.person.id
        assert len(row.claims) == len(row.paths)
        for path, claim in zip(row.paths, row.claims, strict=True):
            assert len(path.rel_types) <= MAX_HOPS and path.node_ids[-1] == claim.component
    reviewed = next(p for p, c in zip(amara.paths, amara.claims, strict=True) if c.kind == "reviewed")
    assert reviewed.rel_types == ["REVIEWED", "LINKED_TO", "HAS_COMPONENT"]


def test_the_cypher_that_ran_is_recorded(deep: DepartureOut) -> None:
    texts = [q.cypher for q in deep.queries if q.name == "if_person_leaves"]
    assert any("ASSIGNED_TO" in t for t in texts) and all(q.error is None for q in deep.queries)


def test_depth_is_cumulative_and_clamped(people_executor: TraversalExecutor) -> None:
    one = people_executor.run("if_person_leaves", {"person_id": ODILE, "depth": 1})
    huge = people_executor.run("if_person_leaves", {"person_id": ODILE, "depth": 99})
    assert isinstance(one, Found) and isinstance(huge, Found)
    assert {r["section"] for r in one.rows} == {"open_work"}
    assert {r["section"] for r in huge.rows} == {"open_work", "customers", "sole_expert_components", "successors"}
    assert "depth 3" in huge.notes


def test_commitments_from_meetings_and_chat_are_listed_never_reassigned(deep: DepartureOut) -> None:
    kinds = {(c.kind, c.document.source_type) for c in deep.commitments}
    assert ("action_item", "fireflies") in kinds and ("said_in_conversation", "slack") in kinds
    action = next(c for c in deep.commitments if c.kind == "action_item")
    assert action.item is not None and action.item.startswith("Odile Brandt - ") and action.grade == "source_backed"
    assert all(c.reassign is False for c in deep.commitments)
    assert all("Amara" not in (c.item or "") for c in deep.commitments)


def test_a_shared_first_name_is_ambiguous_with_role_team_and_documents(people_executor: TraversalExecutor) -> None:
    out = departure(people_executor, name="Ines", depth=1)
    assert out.outcome == "ambiguous" and out.person is None and not out.open_work
    by_id = {c.id: c for c in out.candidates}
    assert set(by_id) == {"person:ines-moreau", "person:ines-moretti"}
    assert by_id["person:ines-moreau"].teams == ["Payments Platform"]
    assert all(c.roles and c.documents for c in out.candidates)
    picked = departure(people_executor, person_id="person:ines-moreau", depth=1)
    assert picked.outcome == "found" and [w.item.name for w in picked.open_work] == ["QF-107"]
    cancelled = departure(people_executor, person_id="person:ines-moretti", depth=1)
    assert cancelled.outcome == "no_open_work" and cancelled.message  # Won't Fix is not open work


def test_unknown_names_non_people_and_missing_ids_are_told_apart(people_executor: TraversalExecutor) -> None:
    assert departure(people_executor, name="Zebulon Quartermaine").outcome == "unknown"
    assert departure(people_executor, person_id="customer:harbor-lane-foods").outcome == "not_a_person"
    with pytest.raises(PeopleNotFound):
        departure(people_executor, person_id="person:nobody-here")
    raw = people_executor.run("if_person_leaves", {"person_id": "component:tax-engine"})
    assert isinstance(raw, NoEvidence) and raw.reason == "not_a_person"


def test_open_work_equals_the_count_from_the_files_for_every_assignee(people_executor: TraversalExecutor) -> None:
    docs = [o.document for o in iter_documents([PEOPLE_FIXTURES]) if isinstance(o, Loaded)]
    for person, items in direct_open_work(docs).items():
        found, _ms = graph_open_work(people_executor, person)
        row = Agreement(person, sorted(items), sorted(found))
        assert row.agree and row.in_both == len(items), row
