"""Documents are ranked from what was read of them (exact distances), not from the indexes' approximate lists."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from tests.zehn.agent.read_documents import read_doc, worded_doc
from traversal_policy.params import MAX_DOCUMENTS
from zehn.agent.question import Analysis
from zehn.agent.resolve import Subjects
from zehn.agent.retrieve import (
    DOCUMENTS,
    SEARCH_K,
    DocView,
    _Reads,
    documents,
)
from zehn.agent.rows import DocPassage, DocumentInfo, PassageHit, Sentence


class _BatchDispatcher:
    def __init__(self) -> None:
        self.batches: list[list[str]] = []

    def documents(self, ids: list[str], vectors: list[list[float]]) -> list[tuple[DocumentInfo, list[DocPassage]]]:
        assert len(ids) <= MAX_DOCUMENTS  # the query's own limit
        self.batches.append(list(ids))
        return [read_doc(d, 0.4) for d in ids]


def test_more_documents_than_one_query_reads_are_read_in_batches_in_order() -> None:
    graph = _BatchDispatcher()
    ids = [f"d{n:02d}" for n in range(MAX_DOCUMENTS + 3)]
    read = _Reads(graph, [[0.1]]).documents(ids)  # type: ignore[arg-type]
    assert [i.id for i, _ in read] == ids
    assert graph.batches == [ids[:MAX_DOCUMENTS], ids[MAX_DOCUMENTS:]]


def test_a_sentence_s_list_frame_is_read_once_per_turn() -> None:
    """Every ask, and every document an ask is bound in, reads the same passages again: the frame of a sentence
    (the list items it is nested under) is read once per document view and passage."""
    body = "- Owners:\n  - the storage team"
    passage = DocPassage("d#p0", "d", "Plan", "section", 0, len(body), f"Plan\n{body}", (0.2,))
    line = Sentence("ev_d1", "the storage team", "d", body.index("the"), len(body), "sentence")
    view = DocView(DocumentInfo("d", "Plan", "confluence", None, None), (passage,), 0.8, False, lambda: [line])
    reads: list[str] = []

    def read() -> tuple[str, ...]:
        reads.append(line.id)
        return ("owners",)
    assert view.framed(passage, line, read) == ("owners",) and view.framed(passage, line, read) == ("owners",)
    assert reads == ["ev_d1"]


class _CountingDispatcher:
    """The two reads _Reads makes, counted (the rows are fixed: what a graph returns within one turn)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[str, ...]]] = []

    def documents(self, ids: list[str], vectors: list[list[float]]) -> list[tuple[DocumentInfo, list[DocPassage]]]:
        self.calls.append(("documents", tuple(ids)))
        return [read_doc(d, 0.4) for d in ids if d != "gone"]  # "gone" is not ready: never returned

    def sentences(self, document_id: str) -> list[Sentence]:
        self.calls.append(("sentences", (document_id,)))
        return [Sentence(f"ev_{document_id}", "text", document_id, 0, 4, "sentence")]


def test_a_document_read_for_the_question_is_not_read_again_as_a_linked_one() -> None:
    graph = _CountingDispatcher()
    reads = _Reads(graph, [[0.1]])  # type: ignore[arg-type]
    first = reads.documents(["a", "b", "gone"])
    again = reads.documents(["c", "a", "gone"])
    assert [i.id for i, _ in first] == ["a", "b"] and [i.id for i, _ in again] == ["c", "a"]  # the ids' order
    assert graph.calls == [("documents", ("a", "b", "gone")), ("documents", ("c", "gone"))]
    assert reads.sentences("a") == reads.sentences("a") and graph.calls[-1] == ("sentences", ("a",))
    assert sum(1 for name, _ in graph.calls if name == "sentences") == 1


def test_a_passage_s_sentences_are_those_that_overlap_it_found_once() -> None:
    loads: list[int] = []
    rows = [Sentence("ev_1", "Intro.", "d", 0, 6, "sentence"), Sentence("ev_2", "Body line.", "d", 7, 17, "sentence"),
            Sentence("ev_3", "Later.", "d", 18, 24, "sentence")]

    def load() -> list[Sentence]:
        loads.append(1)
        return rows
    view = DocView(DocumentInfo("d", "T", "page", None, None), (), 0.5, False, load)
    passage = DocPassage("d#p1", "d", "h", "section", 5, 18, "h\nx", (0.1,))
    assert [s.id for s in view.in_passage(passage)] == ["ev_1", "ev_2"]
    assert view.in_passage(passage) is view.in_passage(passage) and loads == [1]


def test_a_passage_s_sentences_keep_the_document_s_order_and_include_one_that_begins_before_it() -> None:
    rows = [Sentence("ev_3", "Tail.", "d", 30, 40, "sentence"), Sentence("ev_1", "Heading and start.", "d", 0, 12,
                                                                          "sentence"),
            Sentence("ev_2", "Inside.", "d", 12, 20, "sentence"), Sentence("ev_4", "After.", "d", 40, 45, "sentence")]
    view = DocView(DocumentInfo("d", "T", "page", None, None), (), 0.5, False, lambda: rows)
    passage = DocPassage("d#p1", "d", "h", "section", 10, 31, "h\nx", (0.1,))
    assert [s.id for s in view.in_passage(passage)] == ["ev_3", "ev_1", "ev_2"]
    empty = DocView(DocumentInfo("e", "T", "page", None, None), (), 0.5, False, lambda: [])
    assert empty.in_passage(passage) == ()


class _SearchDispatcher:
    """A search whose vector list finds two documents and whose full-text list finds a third only; every document
    is read with its passages' distances to the question."""

    def __init__(self, texts: dict[str, tuple[float, str]], hits: list[PassageHit],
                 named: dict[str, list[tuple[str, str]]] | None = None, corpus: list[str] | None = None) -> None:
        self.texts, self.hits, self.named = texts, hits, named or {}
        self.corpus = corpus or []  # what the whole-corpus word index names (zehn.agent.corpus_words)
        self.read: list[str] = []
        self.looked_up: list[str] = []

    def corpus_documents(self, question: str) -> list[str]:
        return self.corpus

    def mentions(self, names: list[str]) -> dict[str, list[tuple[str, str]]]:
        self.looked_up += names
        return {n: self.named[n] for n in names if n in self.named}

    def passages(self, text: str, k: int, embedding: list[float] | None = None) -> list[PassageHit]:
        return self.hits[:k]

    def found(self, name: str, args: dict[str, object]) -> None:
        return None  # no document mentions a resolved subject (there is none)

    def documents(self, ids: list[str], vectors: list[list[float]]) -> list[tuple[DocumentInfo, list[DocPassage]]]:
        self.read += ids
        return [worded_doc(d, *self.texts[d]) for d in ids]

    def memo(self, document_id: str) -> None:
        return None  # no service keeps documents here: each view works its values out for itself


class _Vectors:
    def start(self, texts: list[str]) -> None:
        return None

    def texts(self, texts: list[str]) -> list[np.ndarray]:
        return [np.ones(2) for _ in texts]

    def matches(self, terms: Sequence[str], words: Iterable[str]) -> set[str]:
        return set(terms) & set(words)  # words as written: these tests rank by vectors and full text only


def _hit(doc_id: str, similarity: float | None, fulltext_rank: int | None) -> PassageHit:
    return PassageHit(f"{doc_id}-p0", doc_id, "h", "section", 0, 1, 0.0, similarity,
                      0.0 if fulltext_rank is None else 1.0 / (60 + fulltext_rank))


def _analysis(question: str, names: tuple[str, ...] = ()) -> Analysis:
    return Analysis(question, "attribute", (), None, None, None, (), names, (), ())


def test_a_document_only_the_full_text_list_finds_is_read_and_ranks_by_its_words() -> None:
    vector_hits = [_hit(f"v{n:02d}", 0.60 - n / 100, None) for n in range(SEARCH_K - 1)]
    graph = _SearchDispatcher(
        {**{h.document_id: (1 - (h.similarity or 0.0), "Quarterly planning notes and the office move.")
            for h in vector_hits},
         "words": (0.45, "Ledger exports go to the archive bucket every night.")},
        [*vector_hits, _hit("words", None, 1)])
    views, _ = documents(_analysis("Where do the ledger exports go?"), Subjects(), graph,  # type: ignore[arg-type]
                         _Vectors())  # type: ignore[arg-type]
    assert "words" in graph.read  # behind every vector hit at first, read all the same
    assert views[0].info.id == "words" and len(views) == DOCUMENTS


def test_the_documents_read_are_the_same_whatever_order_the_search_returned_them_in() -> None:
    hits = [_hit(f"d{n:02d}", 0.5, n + 1) for n in range(SEARCH_K)]
    texts = {h.document_id: (0.5, f"Note {h.document_id} about queues.") for h in hits}
    first, second = _SearchDispatcher(texts, hits), _SearchDispatcher(texts, list(reversed(hits)))
    one, _ = documents(_analysis("What about queues?"), Subjects(), first, _Vectors())  # type: ignore[arg-type]
    two, _ = documents(_analysis("What about queues?"), Subjects(), second, _Vectors())  # type: ignore[arg-type]
    assert sorted(first.read) == sorted(second.read) and [v.info.id for v in one] == [v.info.id for v in two]


def test_a_short_document_behind_the_many_passages_of_a_few_long_ones_is_read_while_the_pool_has_room() -> None:
    long_ones = [_hit(f"long{n}", 0.70 - i / 1000, None) for i in range(36) for n in range(3)]
    late = _hit("short", 0.40, None)
    texts = {**{h.document_id: (0.3, "Release train planning and the staging calendar.") for h in long_ones},
             "short": (0.6, "About 2300 requests were dropped before the limit was clamped.")}
    graph = _SearchDispatcher(texts, [*long_ones[:36], late, *long_ones[36:]])
    views, _ = documents(_analysis("How many requests were dropped?"), Subjects(), graph,  # type: ignore[arg-type]
                         _Vectors())  # type: ignore[arg-type]
    assert "short" in graph.read  # the 37th passage: behind 36 of three long documents
    assert views[0].info.id == "short"


def test_every_document_the_search_found_is_read_none_cut_by_the_search_s_own_order() -> None:
    hits = [_hit(f"d{n:02d}", 0.70 - n / 100, n + 1) for n in range(20)]
    graph = _SearchDispatcher({h.document_id: (0.5, f"Note {h.document_id} about queues.") for h in hits}, hits)
    documents(_analysis("What about queues?"), Subjects(), graph, _Vectors())  # type: ignore[arg-type]
    assert sorted(graph.read) == [h.document_id for h in hits]


def test_a_document_where_two_of_the_question_s_names_meet_is_read_though_the_search_missed_it() -> None:
    hits = [_hit(f"d{n:02d}", 0.60 - n / 100, n + 1) for n in range(8)]
    texts = {**{h.document_id: (0.4, "Bench dashboards and memory limits.") for h in hits},
             "follow": (0.55, "Gate nightly builds on the low-memory smoke-bench (Build team).")}
    named = {"low-memory smoke-bench": [("follow", texts["follow"][1])]}
    graph = _SearchDispatcher(texts, hits, named)
    views, _ = documents(_analysis("Who gates builds on a low-memory smoke-bench?",
                                   ("low-memory", "smoke-bench")), Subjects(), graph,  # type: ignore[arg-type]
                         _Vectors())  # type: ignore[arg-type]
    assert "low-memory smoke-bench" in graph.looked_up and "follow" in graph.read
    assert views[0].info.id == "follow"


def test_a_name_look_up_that_came_back_cut_adds_no_document() -> None:
    hits = [_hit("d00", 0.6, 1)]
    texts = {"d00": (0.4, "Queue notes."), **{f"m{n:02d}": (0.4, "The queue-depth alert.") for n in range(25)}}
    named = {"queue-depth": [(f"m{n:02d}", "The queue-depth alert.") for n in range(25)]}  # as many as the limit
    graph = _SearchDispatcher(texts, hits, named)
    documents(_analysis("What is the queue-depth alert?", ("queue-depth",)), Subjects(), graph,  # type: ignore[arg-type]
              _Vectors())  # type: ignore[arg-type]
    assert graph.read == ["d00"]


class _LongAndShort(_SearchDispatcher):
    """Two documents whose nearest passages are equally near: one of thirty passages, one of two."""

    def documents(self, ids: list[str], vectors: list[list[float]]) -> list[tuple[DocumentInfo, list[DocPassage]]]:
        self.read += ids
        shapes = {"long": [0.30 + 0.01 * n for n in range(30)], "short": [0.30, 0.60]}
        return [read_doc(d, *shapes[d]) for d in ids]


def test_a_short_document_as_near_as_a_long_one_is_ordered_first_and_both_keep_their_score() -> None:
    # The same nearest passage: the long document's is the best of thirty draws, the short one's of two.
    graph = _LongAndShort({}, [_hit("long", 0.70, 1), _hit("short", 0.70, 2)])
    views, _ = documents(_analysis("What about queues?"), Subjects(), graph, _Vectors())  # type: ignore[arg-type]
    assert [v.info.id for v in views] == ["short", "long"]
    assert views[0].score == views[1].score  # the near-document shares compare the match itself



def test_a_document_only_the_whole_corpus_words_name_is_read_and_ranks_by_what_it_holds() -> None:
    hits = [_hit(f"v{n}", 0.50, None) for n in range(3)]
    texts = {**{h.document_id: (0.5, "Quarterly planning notes and the office move.") for h in hits},
             "rare": (0.55, "Revoked signing keys stay quarantined for seven days.")}
    graph = _SearchDispatcher(texts, hits, corpus=["rare"])
    views, _ = documents(_analysis("How long do revoked signing keys stay quarantined?"), Subjects(),
                         graph, _Vectors())  # type: ignore[arg-type]
    assert "rare" in graph.read and views[0].info.id == "rare"


def test_a_document_the_whole_corpus_words_name_does_not_displace_a_better_read_one() -> None:
    hits = [_hit("near", 0.80, 1)]
    texts = {"near": (0.2, "Revoked signing keys stay quarantined for seven days."),
             "also": (0.7, "Signing happens at build time.")}
    graph = _SearchDispatcher(texts, hits, corpus=["also"])
    views, _ = documents(_analysis("How long do revoked signing keys stay quarantined?"), Subjects(),
                         graph, _Vectors())  # type: ignore[arg-type]
    assert "also" in graph.read and [v.info.id for v in views] == ["near", "also"]


class _Timeline(_SearchDispatcher):
    """The dispatcher's reads and the vector's wait, in the order they happened."""

    def __init__(self, *args: object, events: list[str], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.events = events

    def mentions(self, names: list[str]) -> dict[str, list[tuple[str, str]]]:
        self.events.append("mentions")
        return super().mentions(names)

    def corpus_documents(self, question: str) -> list[str]:
        self.events.append("corpus")
        return super().corpus_documents(question)

    def passages(self, text: str, k: int, embedding: list[float] | None = None) -> list[PassageHit]:
        self.events.append("search")
        return super().passages(text, k, embedding)


class _WaitedVectors(_Vectors):
    def __init__(self, events: list[str]) -> None:
        self.events = events

    def texts(self, texts: list[str]) -> list[np.ndarray]:
        self.events.append("vector")
        return super().texts(texts)


def test_the_reads_that_need_no_vector_run_before_the_question_s_vector_is_waited_for_and_rank_as_before() -> None:
    """Named documents and the corpus word index's documents are read while the question is embedded; the search's
    documents still come first, then the named ones, then the corpus index's, as when they were read after it."""
    events: list[str] = []
    hits = [_hit("found", 0.6, 1)]
    texts = {d: (0.5, f"Note {d} about the ledger-export job.") for d in ("found", "named", "rare")}
    graph = _Timeline(texts, hits, named={"ledger-export": [("named", "the ledger-export job")]}, corpus=["rare"],
                      events=events)
    documents(_analysis("Where does the ledger-export job write?", ("ledger-export",)), Subjects(),
              graph, _WaitedVectors(events))  # type: ignore[arg-type]
    assert events[:4] == ["mentions", "corpus", "vector", "search"]
    assert graph.read[:3] == ["found", "named", "rare"]
