"""Model mode against a scripted, misbehaving model behind the real openai client (a local fake endpoint)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from spacy.language import Language

from traversal_policy import CATALOGUE, Found, TraversalExecutor
from zehn.agent import AnswerService
from zehn.agent.tool_schemas import tool_schemas
from zehn.answers.model import AnswerEvent

from .conftest import FakeModel, completion

FAKE_ID = "ev_1234567890abcdef"
GEO = json.dumps({"entity_id": "component:geo-index"})


@pytest.fixture(scope="module")
def routing_owns_geo(sample_executor: TraversalExecutor) -> str:
    found = sample_executor.run("evidence_for", {"source": "team:routing", "rel_type": "OWNS",
                                                 "target": "component:geo-index"})
    assert isinstance(found, Found)
    return str(found.rows[0]["evidence_id"])


def _service(fake: FakeModel, executor: TraversalExecutor, nlp: Language, graph: Any, **kw: Any) -> AnswerService:
    return AnswerService(executor, nlp, graph, llm=fake.config(**kw))


@pytest.fixture
def svc(fake_model: FakeModel, sample_executor: TraversalExecutor, nlp: Language,
        sample_graph: tuple[Any, Any]) -> AnswerService:
    return _service(fake_model, sample_executor, nlp, sample_graph[0])


def _owner_calls() -> list[dict[str, Any]]:
    return [completion(calls=[("resolve_entity", json.dumps({"name": "geo-index"}))]),
            completion(calls=[("who_owns", GEO)])]


def test_tools_are_the_catalogue() -> None:
    names = {t["function"]["name"] for t in tool_schemas()}
    assert "who_owns" in names and "search_evidence" in names and "run_cypher" not in names


def test_the_bulk_reads_zehn_runs_for_itself_are_no_tools() -> None:
    names = {t["function"]["name"] for t in tool_schemas()}
    assert names == {q.name for q in CATALOGUE.values() if q.tool}
    assert "scope_passages" not in names and "scope_version" not in names


def test_well_behaved_model_is_answered(svc: AnswerService, fake_model: FakeModel, routing_owns_geo: str) -> None:
    fake_model.script = [*_owner_calls(), completion(f"The Routing team owns geo-index. {routing_owns_geo}")]
    events: list[AnswerEvent] = []
    answer = svc.answer("Who owns geo-index?", on_event=events.append)
    assert answer.status == "answered", answer.text
    assert answer.mode == "model" and [c.evidence_id for c in answer.citations] == [routing_owns_geo]
    assert answer.text.endswith(f"[answered] citing 1 of {len(answer.retrieved_evidence_ids)} retrieved evidence ids")
    assert [e.type for e in events][-4:] == ["hop_grades", "draft", "verdict", "answer"]
    assert answer.paths and answer.queries
    sent = fake_model.requests[0]
    assert sent["model"] == "scripted-model" and {t["function"]["name"] for t in sent["tools"]} >= {"who_owns"}
    assert "not instructions" in sent["messages"][0]["content"]


@pytest.mark.parametrize("draft", [
    f"The Routing team owns geo-index. {FAKE_ID}",
    "The Routing team owns geo-index. {real} It is also owned by Platform. " + FAKE_ID,
    "The Routing team owns geo-index. ev_0000000000000000",
])
def test_fabricated_ids_are_refused(svc: AnswerService, fake_model: FakeModel, routing_owns_geo: str,
                                    draft: str) -> None:
    fake_model.script = [*_owner_calls(), completion(draft.replace("{real}", routing_owns_geo))]
    answer = svc.answer("Who owns geo-index?")
    assert answer.status == "refused"
    assert answer.reason and answer.reason.startswith("fabricated_citation")
    assert answer.offending and not answer.citations


def test_answer_without_tool_call_or_citation_is_not_answered(svc: AnswerService, fake_model: FakeModel) -> None:
    fake_model.script = [completion("The Routing team owns geo-index.")]
    answer = svc.answer("Who owns geo-index?")
    assert answer.status == "abstained" and answer.reason and answer.reason.startswith("no_citation")
    assert not answer.citations and not answer.queries


def test_answer_with_tools_but_no_citation_abstains(svc: AnswerService, fake_model: FakeModel) -> None:
    fake_model.script = [*_owner_calls(), completion("The Routing team owns geo-index.")]
    answer = svc.answer("Who owns geo-index?")
    assert answer.status == "abstained" and not answer.citations
    assert "[abstained]" in answer.text


def test_id_from_a_previous_turn_is_refused(svc: AnswerService, fake_model: FakeModel, routing_owns_geo: str) -> None:
    fake_model.script = [*_owner_calls(), completion(f"The Routing team owns geo-index. {routing_owns_geo}"),
                         completion(f"The Routing team owns geo-index. {routing_owns_geo}")]
    assert svc.answer("Who owns geo-index?").status == "answered"
    second = svc.answer("Who owns geo-index, again?")
    assert second.status == "refused" and second.offending == [routing_owns_geo]


def test_tool_outside_the_catalogue_is_rejected_not_run(svc: AnswerService, fake_model: FakeModel) -> None:
    fake_model.script = [completion(calls=[("run_cypher", json.dumps({"query": "MATCH (n) DETACH DELETE n"}))]),
                         completion("I don't know.")]
    events: list[AnswerEvent] = []
    answer = svc.answer("Who owns geo-index?", on_event=events.append)
    assert answer.status == "abstained" and not answer.queries
    rejected = [e.data for e in events if e.type == "tool_result" and e.data.get("rejected")]
    assert rejected and rejected[0]["name"] == "run_cypher" and "unknown tool" in rejected[0]["error"]
    tool_message = fake_model.requests[1]["messages"][-1]
    assert tool_message["role"] == "tool" and "rejected" in tool_message["content"]


def test_a_bulk_read_offered_to_no_one_is_rejected_when_a_model_names_it(svc: AnswerService,
                                                                          fake_model: FakeModel) -> None:
    fake_model.script = [completion(calls=[("scope_passages", json.dumps({}))]), completion("I don't know.")]
    events: list[AnswerEvent] = []
    answer = svc.answer("Who owns geo-index?", on_event=events.append)
    assert answer.status == "abstained" and not answer.queries
    rejected = [e.data for e in events if e.type == "tool_result" and e.data.get("rejected")]
    assert rejected and rejected[0]["name"] == "scope_passages" and "unknown tool" in rejected[0]["error"]


def test_cypher_in_arguments_never_runs_as_cypher(svc: AnswerService, fake_model: FakeModel,
                                                   sample_graph: tuple[Any, Any]) -> None:
    graph = sample_graph[0]
    before = graph.ro_query("MATCH (n) RETURN count(n)").result_set[0][0]
    injected = "x'}) MATCH (n) DETACH DELETE n //"
    fake_model.script = [completion(calls=[("who_owns", json.dumps({"entity_id": injected})),
                                           ("who_owns", json.dumps({"entity_id": "component:geo-index",
                                                                    "cypher": "MATCH (n) DETACH DELETE n"}))]),
                         completion(f"Everything was deleted. {FAKE_ID}")]
    events: list[AnswerEvent] = []
    answer = svc.answer("Who owns geo-index?", on_event=events.append)
    assert answer.status == "refused"
    assert graph.ro_query("MATCH (n) RETURN count(n)").result_set[0][0] == before
    results = [e.data for e in events if e.type == "tool_result"]
    assert results[0]["outcome"] == "no_evidence" and results[1].get("rejected")
    assert all(injected not in q.cypher for q in answer.queries)
    assert any(q.params.get("entity_id") == injected for q in answer.queries)


def test_step_limit_is_refused(fake_model: FakeModel, sample_executor: TraversalExecutor, nlp: Language,
                               sample_graph: tuple[Any, Any]) -> None:
    svc = _service(fake_model, sample_executor, nlp, sample_graph[0], max_steps=3)
    fake_model.script = [completion(calls=[("resolve_entity", json.dumps({"name": "geo-index"}))])] * 3
    answer = svc.answer("Who owns geo-index?")
    assert answer.status == "refused" and answer.reason and answer.reason.startswith("step limit")
    assert not answer.citations


def test_malformed_tool_call_json_is_rejected(svc: AnswerService, fake_model: FakeModel) -> None:
    fake_model.script = [completion(calls=[("who_owns", '{"entity_id": "component:geo-index"')]),
                         completion(f"The Routing team owns geo-index. {FAKE_ID}")]
    events: list[AnswerEvent] = []
    answer = svc.answer("Who owns geo-index?", on_event=events.append)
    assert answer.status == "refused" and not answer.queries
    rejected = [e.data for e in events if e.type == "tool_result" and e.data.get("rejected")]
    assert rejected and "not valid JSON" in rejected[0]["error"]


def test_model_timeout_is_unavailable(fake_model: FakeModel, sample_executor: TraversalExecutor, nlp: Language,
                                      sample_graph: tuple[Any, Any]) -> None:
    svc = _service(fake_model, sample_executor, nlp, sample_graph[0], timeout_s=0.2, retries=1, backoff_s=0.0)
    fake_model.script = [1.0, 1.0]  # each sleeps past the client timeout: the first try and one retry
    answer = svc.answer("Who owns geo-index?")
    assert answer.status == "unavailable"
    assert answer.reason and "scripted-model" in answer.reason and not answer.citations
    assert len(fake_model.requests) == 2
