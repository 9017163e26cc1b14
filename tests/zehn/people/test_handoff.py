"""Hand-off plans and approvals on a writable copy of the people fixtures: proposals rest on evidence, approved
items become HANDED_OFF_TO edges (never RELATES, never a quote) and the departure shows them handed off."""

from __future__ import annotations

from typing import Any

import pytest

from extraction.errors import InputRejected
from extraction.graph_client import open_graph as open_rw_graph
from traversal_policy import NoEvidence, TraversalExecutor, load_policy, open_graph
from traversal_policy.expertise import is_catch_all
from zehn.people.departure import departure
from zehn.people.handoff import ApprovalRequest, HandoffItem, approval, approve, plan

ODILE, TOMASZ = "person:odile-brandt", "person:tomasz-wierzbicki"


@pytest.fixture(scope="module")
def graphs(fresh_people_graph: tuple[int, str]) -> tuple[TraversalExecutor, Any]:
    port, name = fresh_people_graph
    return TraversalExecutor(open_graph("127.0.0.1", port, name), load_policy()), open_rw_graph("127.0.0.1", port, name)


def test_catch_all_buckets_by_name_or_slug() -> None:
    assert all(is_catch_all(n) for n in ("Unspecified", "n-a", "N/A", "misc", "-"))
    assert not is_catch_all("tax-engine")


def test_the_plan_proposes_from_evidence_and_never_guesses(graphs: tuple[TraversalExecutor, Any]) -> None:
    executor, _ = graphs
    out = plan(executor, ODILE)
    by_item = {p.item.name: p for p in out.proposals}
    assert set(by_item) == {"QF-101", "QF-103"}
    renderer = by_item["QF-101"]
    assert renderer.proposed is not None and renderer.proposed.id == TOMASZ  # resolved work beats a review
    assert renderer.evidence and all(p.node_ids[-1] == "component:invoice-renderer" for p in renderer.evidence)
    assert {a.name for a in renderer.alternatives} == {"Amara Okonkwo", "Yusuf Demir"}
    bucket = by_item["QF-103"]
    assert bucket.proposed is None and bucket.reason and "catch-all" in bucket.reason
    assert out.commitments and all(c.reassign is False for c in out.commitments)


def test_an_approved_handoff_shows_on_both_sides_and_cites_the_approval(graphs: tuple[TraversalExecutor, Any],
                                                                       ) -> None:
    executor, writable = graphs
    request = ApprovalRequest(person_id=ODILE, items=[HandoffItem(item_id="ticket:qf-101", to_person_id=TOMASZ)],
                              note="covering while she is away")
    record = approve(executor, writable, request, approved_by="test lead")
    assert record.id.startswith("ho_") and record.approved_by == "test lead"
    assert approval(writable, record.id).items == request.items

    after = departure(executor, person_id=ODILE, depth=2)
    handed = next(w for w in after.open_work if w.item.name == "QF-101")
    assert handed.state == "handed_off" and handed.handed_off_to[0].to.id == TOMASZ
    assert handed.handed_off_to[0].approval_id == record.id and handed.handed_off_to[0].approved_by == "test lead"
    assert [c.customer.name for c in after.customers] == ["Northgate Clinics"]  # QF-101's customer moved with it

    theirs = departure(executor, person_id=TOMASZ, depth=1)
    received = next(w for w in theirs.open_work if w.item.name == "QF-101")
    assert received.via == "handoff" and received.grade == "approval_record"
    edge = received.path.edges[0]
    assert edge.via == "handoff" and edge.approval_id == record.id and edge.evidence_ids == []
    assert received.received is not None and received.received.approved_by == "test lead"

    # Not a RELATES edge: no walk or citation can take it for something a document said.
    quote = executor.run("evidence_for", {"source": "ticket:qf-101", "rel_type": "ASSIGNED_TO", "target": TOMASZ})
    assert isinstance(quote, NoEvidence) and quote.reason == "no_such_edge"


def test_invalid_approvals_write_nothing(graphs: tuple[TraversalExecutor, Any]) -> None:
    executor, writable = graphs
    before = writable.query("MATCH (a:HandoffApproval) RETURN count(a)").result_set[0][0]
    bad = [
        [HandoffItem(item_id="ticket:qf-102", to_person_id=TOMASZ)],  # resolved: not open work
        [HandoffItem(item_id="ticket:qf-103", to_person_id="customer:northgate-clinics")],  # not a person
        [HandoffItem(item_id="ticket:qf-103", to_person_id=ODILE)],  # to herself
        [HandoffItem(item_id="ticket:qf-103", to_person_id=TOMASZ)] * 2,  # twice
    ]
    for items in bad:
        with pytest.raises(InputRejected):
            approve(executor, writable, ApprovalRequest(person_id=ODILE, items=items), approved_by="x")
    assert writable.query("MATCH (a:HandoffApproval) RETURN count(a)").result_set[0][0] == before
