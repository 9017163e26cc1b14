"""zehn.history: answers as graph nodes (Question, Answer, CITES -> Evidence), on the session FalkorDB."""

from __future__ import annotations

from pathlib import Path

import pytest

from extraction.errors import GraphUnavailable
from extraction.graph_client import open_graph
from zehn.answers.model import Answer, Citation, PolicyOut
from zehn.graph_server import EmbeddedFalkorDB
from zehn.history import AnswerStore, question_id, should_persist


def _answer(answer_id: str, status: str = "answered", evidence: tuple[str, ...] = (), question: str = "q?",
            created_at: str | None = None) -> Answer:
    citations = [Citation(evidence_id=e, document_id="d1", document_title="Doc", start=0, end=4, text="text")
                 for e in evidence]
    return Answer(id=answer_id, question=question, status=status, text="t", citations=citations,  # type: ignore[arg-type]
                  policy=PolicyOut(name="default", hash="h", evaluation_mode=False), mode="deterministic",
                  created_at=created_at)


@pytest.fixture
def store(falkordb_server: EmbeddedFalkorDB, graph_name: str) -> AnswerStore:
    assert falkordb_server.port is not None
    return AnswerStore(open_graph("127.0.0.1", falkordb_server.port, graph_name))


def test_a_graph_never_written_has_no_history(store: AnswerStore) -> None:
    assert store.list() == []
    assert store.get("a1") is None


def test_save_get_list_newest_first(store: AnswerStore) -> None:
    store.graph.query("CREATE (:Evidence {id: 'ev_1'}), (:Evidence {id: 'ev_2'})")
    first = store.save(_answer("a1", evidence=("ev_1", "ev_2", "ev_missing"), created_at="2024-01-01T00:00:00+00:00"))
    second = store.save(_answer("a2", status="abstained", question="other?"))
    third = store.save(_answer("a3", status="refused", question="q?"))
    assert second.created_at and third.created_at
    got = store.get("a1")
    assert got is not None and got.model_copy(update={"stale": False, "stale_reasons": []}) == first
    # a cited row that is not in the graph (here: never was; in use: purged) makes the answer stale, "removed"
    assert got.stale and [(r.evidence_id, r.change) for r in got.stale_reasons] == [("ev_missing", "removed")]
    assert store.get("nope") is None
    entries = store.list()
    assert [e.id for e in entries] == ["a3", "a2", "a1"]
    assert [e.citations for e in entries] == [0, 0, 2]  # ev_missing has no node: named in the JSON, no edge
    assert [e.id for e in store.list(limit=1)] == ["a3"]
    questions = store.graph.query("MATCH (q:Question)-[:ANSWERED_BY]->(a:Answer) RETURN q.id, count(a) "
                                  "ORDER BY q.id").result_set
    assert sorted(questions) == sorted([[question_id("q?"), 2], [question_id("other?"), 1]])


def test_saving_twice_keeps_one_node(store: AnswerStore) -> None:
    answer = store.save(_answer("a1"))
    store.save(answer)
    assert len(store.list()) == 1


def test_unavailable_answers_are_not_persisted(store: AnswerStore) -> None:
    unavailable = _answer("a1", status="unavailable")
    assert not should_persist(unavailable)
    assert all(should_persist(_answer("x", status=s)) for s in
               ("answered", "abstained", "refused", "ambiguous", "unknown_entity", "not_in_graph"))
    with pytest.raises(ValueError):
        store.save(unavailable)


def test_a_down_server_raises_instead_of_an_empty_history(tmp_path: Path) -> None:
    with EmbeddedFalkorDB(tmp_path / "db") as server:
        assert server.port is not None
        store = AnswerStore(open_graph("127.0.0.1", server.port, "h", socket_timeout_s=5.0))
        store.save(_answer("a1"))
    with pytest.raises(GraphUnavailable):
        store.list()
    with pytest.raises(GraphUnavailable):
        store.get("a1")
    with pytest.raises(GraphUnavailable):
        store.save(_answer("a1"))
