"""The whole-corpus word index: documents ranked by their best passage's BM25 (BM25Okapi's, plurals folded), one index
per reader kept until that reader's graph version moves."""

from __future__ import annotations

from typing import Any

import falkordb
from rank_bm25 import BM25Okapi

from extraction.access import ADMIN, EVERYONE, PUBLIC, Scope
from traversal_policy import TraversalExecutor, load_policy
from zehn.agent.corpus_words import CorpusIndex, CorpusWords
from zehn.agent.dispatch import Dispatcher
from zehn.agent.events import Turn
from zehn.agent.lexical import terms
from zehn.agent.reader_tables import SCOPES_KEPT
from zehn.agent.rows import ScopePassage, ScopeVersion

PASSAGES = [ScopePassage("a#1", "doc_a", "The export job runs nightly and retries twice."),
            ScopePassage("a#2", "doc_a", "Exports land in the reporting bucket."),
            ScopePassage("b#1", "doc_b", "The quarantine window for revoked keys is seven days."),
            ScopePassage("c#1", "doc_c", "Deploys run nightly after the export job."),
            ScopePassage("d#1", "doc_d", "Nothing here but lunch.")]
KEY = ("graph", ("everyone",), None)


class FakeReader:
    """Answers a version and the passages, and counts the reads (what the graph would be asked)."""

    def __init__(self, version: ScopeVersion, passages: list[ScopePassage]) -> None:
        self.versions = [version]
        self.passages = passages
        self.reads = 0

    def scope_version(self) -> ScopeVersion:
        return self.versions[0] if len(self.versions) == 1 else self.versions.pop(0)

    def scope_passages(self) -> list[ScopePassage]:
        self.reads += 1
        return self.passages


def test_the_document_holding_the_rare_words_comes_first() -> None:
    assert CorpusIndex(PASSAGES).documents("how long is the quarantine window for revoked keys?", 2)[0] == "doc_b"


def test_documents_are_ordered_by_their_best_passage_as_bm25okapi_scores_it() -> None:
    question = "which export job runs nightly?"
    scores = BM25Okapi([terms(p.text) for p in PASSAGES]).get_scores(terms(question))
    best: dict[str, float] = {}
    for passage, score in zip(PASSAGES, scores, strict=True):
        if score > 0:
            best[passage.document_id] = max(best.get(passage.document_id, 0.0), float(score))
    expected = sorted(best, key=lambda d: (-best[d], d))
    assert CorpusIndex(PASSAGES).documents(question, 10) == expected


def test_no_document_is_named_when_no_word_matches() -> None:
    assert CorpusIndex(PASSAGES).documents("zebra giraffe", 3) == []
    assert CorpusIndex([]).documents("export", 3) == []


def test_an_unchanged_graph_is_read_once() -> None:
    cache, reader = CorpusWords(), FakeReader((4, "2026-01-01T00:00:00+00:00", None), PASSAGES)
    first = cache.index(KEY, reader)
    assert cache.index(KEY, reader) is first
    assert reader.reads == 1 and cache.builds == 1


def test_a_moved_version_rebuilds_the_index_from_the_new_passages() -> None:
    cache, reader = CorpusWords(), FakeReader((4, "2026-01-01T00:00:00+00:00", None), PASSAGES)
    cache.index(KEY, reader)
    reader.versions = [(5, "2026-01-02T00:00:00+00:00", None)]
    reader.passages = [*PASSAGES, ScopePassage("e#1", "doc_e", "The zebra crossing runbook.")]
    assert cache.index(KEY, reader).documents("zebra crossing", 1) == ["doc_e"]
    assert reader.reads == 2


def test_a_document_withdrawn_from_the_scope_is_no_longer_named() -> None:
    cache, reader = CorpusWords(), FakeReader((4, "2026-01-01T00:00:00+00:00", None), PASSAGES)
    assert "doc_b" in cache.index(KEY, reader).documents("quarantine window", 3)
    reader.versions = [(3, "2026-01-01T00:00:00+00:00", None)]  # one fewer readable document, same latest stamp
    reader.passages = [p for p in PASSAGES if p.document_id != "doc_b"]
    assert "doc_b" not in cache.index(KEY, reader).documents("quarantine window", 3)


def test_each_reader_has_its_own_index() -> None:
    cache = CorpusWords()
    public = FakeReader((1, "2026-01-01T00:00:00+00:00", None), PASSAGES[:1])
    admin = FakeReader((2, "2026-01-01T00:00:00+00:00", None), PASSAGES)
    cache.index(KEY, public)
    assert cache.index(("graph", ("admin", "everyone"), None), admin).documents("quarantine", 1) == ["doc_b"]
    assert cache.index(KEY, public).documents("quarantine", 1) == []
    assert public.reads == 1 and admin.reads == 1


def test_an_index_built_while_the_graph_changed_is_not_kept() -> None:
    cache = CorpusWords()
    reader = FakeReader((4, "2026-01-01T00:00:00+00:00", None), PASSAGES)
    # The version read before the build is not the one read after it: what was read may mix both graphs.
    reader.versions = [(4, "2026-01-01T00:00:00+00:00", None), (5, "2026-01-01T00:00:01+00:00", None),
                       (4, "2026-01-01T00:00:00+00:00", None)]
    cache.index(KEY, reader)
    cache.index(KEY, reader)  # the first version again: not taken for the mixed read, built again (and kept)
    cache.index(KEY, reader)
    assert reader.reads == 2


def test_the_oldest_reader_is_dropped_past_the_limit() -> None:
    cache = CorpusWords()
    readers = [FakeReader((1, None, None), PASSAGES) for _ in range(SCOPES_KEPT + 1)]
    for at, reader in enumerate(readers):
        cache.index(("graph", (f"user:{at}",), None), reader)
    cache.index(("graph", ("user:0",), None), readers[0])
    assert readers[0].reads == 2 and readers[-1].reads == 1


def _document(graph: Any, doc_id: str, access: list[str], text: str, ingested_at: str) -> None:
    graph.query("CREATE (:Document {id: $id, title: $id, status: 'ready', access: $access, ingested_at: $at}) "
                "CREATE (:Passage {id: $id + '#p0', document_id: $id, index: 0, text: $text})",
                {"id": doc_id, "access": access, "text": text, "at": ingested_at})


def test_through_the_graph_each_scope_is_named_only_what_it_may_read_and_an_ingest_is_seen(
        falkordb_client: falkordb.FalkorDB, graph_name: str) -> None:
    graph = falkordb_client.select_graph(graph_name)
    _document(graph, "doc_open", [EVERYONE], "The export job runs nightly.", "2026-01-01T00:00:00+00:00")
    _document(graph, "doc_admin", [ADMIN], "Revoked keys stay quarantined.", "2026-01-01T00:00:00+00:00")
    for at, text in enumerate(("Lunch is at noon.", "Badges renew yearly.", "The office moves in May.")):
        # BM25 needs a few passages without a word for it to weigh anything (one of two holding it weighs 0)
        _document(graph, f"doc_filler{at}", [EVERYONE], text, "2026-01-01T00:00:00+00:00")
    cache = CorpusWords()
    executor = TraversalExecutor(graph, load_policy())

    def named(scope: Scope, question: str) -> list[str]:
        return Dispatcher(executor.scoped(scope), Turn(None, None), payloads=False, corpus=cache) \
            .corpus_documents(question)

    assert named(PUBLIC, "quarantined revoked keys") == []
    assert named(Scope((ADMIN, EVERYONE)), "quarantined revoked keys") == ["doc_admin"]
    assert named(PUBLIC, "export job") == ["doc_open"] and cache.builds == 2  # one index per scope, kept
    _document(graph, "doc_new", [EVERYONE], "Quarantined keys are purged monthly.", "2026-01-02T00:00:00+00:00")
    assert named(PUBLIC, "quarantined keys") == ["doc_new"] and cache.builds == 3
