"""zehn.history: answers as graph nodes (Question, Answer, CITES -> Evidence), per user, with retention, on the
session FalkorDB."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from extraction.errors import GraphUnavailable
from extraction.graph_client import open_graph
from zehn.access import ANONYMOUS, Caller
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
    assert store.list(ANONYMOUS) == []
    assert store.get("a1", ANONYMOUS) is None


ANA = Caller("ana", ("finance",), token_id="tok_1")
BEN = Caller("ben", token_id="tok_2")
ROOT = Caller("root", admin=True, token_id="tok_3")
def ago(hours: float) -> str:
    return (datetime.now(UTC) - timedelta(hours=hours)).isoformat(timespec="microseconds")


RECENT = ago(1)


def _documents(store: AnswerStore) -> None:
    store.graph.query("CREATE (:Document {id: 'd1', status: 'ready', access: ['everyone']}), "
                      "(:Document {id: 'd2', status: 'ready', access: ['admin', 'group:finance']}), "
                      "(:Evidence {id: 'ev_1', document_id: 'd1'}), (:Evidence {id: 'ev_2', document_id: 'd1'}), "
                      "(:Evidence {id: 'ev_f', document_id: 'd2'})")


def test_save_get_list_newest_first(store: AnswerStore) -> None:
    _documents(store)
    first = store.save(_answer("a1", evidence=("ev_1", "ev_2", "ev_missing"), created_at=ago(2)),
                       ANONYMOUS)
    second = store.save(_answer("a2", status="abstained", question="other?"), ANONYMOUS)
    third = store.save(_answer("a3", status="refused", question="q?"), ANONYMOUS)
    assert second.created_at and third.created_at
    got = store.get("a1", ANONYMOUS)
    assert got is not None and got.model_copy(update={"stale": False, "stale_reasons": []}) == first
    # a cited row that is not in the graph (here: never was; in use: purged) makes the answer stale, "removed"
    assert got.stale and [(r.evidence_id, r.change) for r in got.stale_reasons] == [("ev_missing", "removed")]
    assert store.get("nope", ANONYMOUS) is None
    entries = store.list(ANONYMOUS)
    assert [e.id for e in entries] == ["a3", "a2", "a1"]
    assert [e.citations for e in entries] == [0, 0, 2]  # ev_missing has no node: named in the JSON, no edge
    assert [e.id for e in store.list(ANONYMOUS, limit=1)] == ["a3"]
    questions = store.graph.query("MATCH (q:Question)-[:ANSWERED_BY]->(a:Answer) RETURN q.id, count(a) "
                                  "ORDER BY q.id").result_set
    assert sorted(questions) == sorted([[question_id("q?"), 2], [question_id("other?"), 1]])


def test_saving_twice_keeps_one_node(store: AnswerStore) -> None:
    answer = store.save(_answer("a1"), ANONYMOUS)
    store.save(answer, ANONYMOUS)
    assert len(store.list(ANONYMOUS)) == 1


def test_unavailable_answers_are_not_persisted(store: AnswerStore) -> None:
    unavailable = _answer("a1", status="unavailable")
    assert not should_persist(unavailable)
    assert all(should_persist(_answer("x", status=s)) for s in
               ("answered", "abstained", "refused", "ambiguous", "unknown_entity", "not_in_graph"))
    with pytest.raises(ValueError):
        store.save(unavailable, ANONYMOUS)


def test_each_user_sees_only_their_own_answers_and_an_admin_sees_all(store: AnswerStore) -> None:
    _documents(store)
    store.save(_answer("mine", evidence=("ev_1",), created_at=RECENT), ANA)
    store.save(_answer("his", created_at=RECENT), BEN)
    store.save(_answer("anon", created_at=RECENT), ANONYMOUS)
    assert [e.id for e in store.list(ANA)] == ["mine"]
    assert [e.id for e in store.list(BEN)] == ["his"]
    assert store.get("mine", BEN) is None and store.get("mine", ANONYMOUS) is None
    assert {e.id: e.owner for e in store.list(ROOT)} == {"mine": "ana", "his": "ben", "anon": "anonymous"}
    assert store.get("his", ROOT) is not None


def test_an_answer_is_hidden_once_its_reader_lost_the_scope_or_its_source_was_restricted(store: AnswerStore) -> None:
    _documents(store)
    store.save(_answer("secret", evidence=("ev_f",), created_at=RECENT), ANA)
    store.save(_answer("open", evidence=("ev_1",), created_at=RECENT), ANA)
    assert {e.id for e in store.list(ANA)} == {"secret", "open"}
    demoted = Caller("ana", (), token_id="tok_9")  # a new token for ana without the finance group
    assert [e.id for e in store.list(demoted)] == []  # both were read with the finance group
    store.graph.query("MATCH (d:Document {id: 'd1'}) SET d.access = ['admin', 'group:legal']")
    assert [e.id for e in store.list(ANA)] == ["secret"]  # the open one now cites a restricted sentence


def test_retention_keeps_the_newest_per_user_and_nothing_too_old(store: AnswerStore) -> None:
    capped = AnswerStore(store.graph, max_per_user=2, max_age_days=30)
    for i in range(4):
        capped.save(_answer(f"ana{i}", question=f"q{i}?", created_at=ago(10 - i)), ANA)
    capped.save(_answer("ben0", created_at=ago(24 * 31)), BEN)  # already too old: gone at once
    capped.save(_answer("ben1", created_at=ago(1)), BEN)
    assert [e.id for e in capped.list(ROOT)] == ["ben1", "ana3", "ana2"]
    questions = capped.graph.query("MATCH (q:Question) RETURN count(q)").result_set[0][0]
    assert questions == 3  # q2?, q3? and ben1's: those left without an answer went too


def test_retention_runs_on_an_owners_first_save_and_then_every_nth(store: AnswerStore) -> None:
    capped = AnswerStore(store.graph, max_per_user=1, max_age_days=0, prune_every=3)
    for i in range(3):  # the first save prunes (nothing to prune yet); the next two do not
        capped.save(_answer(f"ana{i}", created_at=ago(10 - i)), ANA)
    assert [e.id for e in capped.list(ROOT)] == ["ana2", "ana1", "ana0"]
    capped.save(_answer("ben0", created_at=ago(5)), BEN)  # ben's first save prunes ben's answers only
    assert [e.id for e in capped.list(ROOT)] == ["ben0", "ana2", "ana1", "ana0"]
    capped.save(_answer("ana3", created_at=ago(1)), ANA)  # ana's fourth save: her newest one stays
    assert [e.id for e in capped.list(ROOT)] == ["ana3", "ben0"]


def test_a_down_server_raises_instead_of_an_empty_history(tmp_path: Path) -> None:
    with EmbeddedFalkorDB(tmp_path / "db", requirepass=False) as server:
        assert server.port is not None
        store = AnswerStore(open_graph("127.0.0.1", server.port, "h", socket_timeout_s=5.0))
        store.save(_answer("a1"), ANONYMOUS)
    with pytest.raises(GraphUnavailable):
        store.list(ANONYMOUS)
    with pytest.raises(GraphUnavailable):
        store.get("a1", ANONYMOUS)
    with pytest.raises(GraphUnavailable):
        store.save(_answer("a1"), ANONYMOUS)
