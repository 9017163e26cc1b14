"""The parse cache: each distinct sentence text is parsed once for the life of the service, the misses of one
request in one batch, and a cached parse is the parse spaCy gives the text."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest
from spacy.language import Language
from spacy.tokens import Doc

from extraction.access import EVERYTHING, ScopedGraph
from extraction.nlp import extractor_version
from extraction.parse_store import read_lemmas, read_parses
from zehn.agent.lemmas import lemmas_of
from zehn.agent.parses import CachedParse, ParseCache, Parses
from zehn.agent.rows import Sentence


class CountingNlp:
    """The real pipeline behind the cache's interface, counting what it is asked to parse."""

    @property
    def vocab(self) -> Any:
        return self.nlp.vocab

    def __init__(self, nlp: Language) -> None:
        self.nlp = nlp
        self.parsed: list[str] = []
        self.batches = 0

    def pipe(self, texts: Iterable[str], *, batch_size: int) -> Iterable[Doc]:
        texts = list(texts)
        self.batches += 1
        self.parsed += texts
        return self.nlp.pipe(texts, batch_size=batch_size)


def sentence(n: int, text: str) -> Sentence:
    return Sentence(id=f"ev_{n:016x}", text=text, document_id="doc", start=0, end=len(text), kind="sentence")


A = "The billing team owns the export job."
B = "Alice approved the rollback on Tuesday."
C = "The retry wrapper was not changed."


@pytest.fixture
def counting(nlp: Language) -> CountingNlp:
    return CountingNlp(nlp)


def test_each_distinct_text_is_parsed_once_across_turns(counting: CountingNlp) -> None:
    cache = ParseCache(counting)
    first = Parses(cache).of([sentence(1, A), sentence(2, B), sentence(3, A)])  # two ids, one text
    again = Parses(cache).of([sentence(1, A), sentence(4, C)])  # the next turn reads A again
    assert sorted(counting.parsed) == sorted([A, B, C])
    assert set(first) == {sentence(n, "").id for n in (1, 2, 3)}
    assert first[sentence(1, A).id] is first[sentence(3, A).id] is again[sentence(1, A).id]


def test_the_misses_of_one_request_are_parsed_in_one_batch(counting: CountingNlp) -> None:
    cache = ParseCache(counting)
    cache.docs([A])
    cache.docs([A, B, C])
    assert counting.batches == 2
    assert counting.parsed == [A, B, C]
    cache.docs([C, A])
    assert counting.batches == 2  # everything cached: the pipeline is not called


def test_a_request_whose_texts_are_all_stored_runs_no_pipeline_batch(counting: CountingNlp, nlp: Language) -> None:
    stored = {A: nlp(A), B: nlp(B)}
    docs = ParseCache(counting).docs([A, B], lambda texts: {t: stored[t] for t in texts})
    assert counting.batches == 0  # no empty batch either
    assert docs[A] is stored[A] and docs[B] is stored[B]


def test_a_cached_parse_is_the_parse_of_its_text(counting: CountingNlp, nlp: Language) -> None:
    cached = ParseCache(counting).docs([B, C])
    for text, doc in cached.items():
        fresh = nlp(text)
        assert [(t.text, t.lemma_, t.dep_, t.head.i, t.ent_type_) for t in doc] == \
            [(t.text, t.lemma_, t.dep_, t.head.i, t.ent_type_) for t in fresh]


def test_the_cache_stays_within_its_size_and_keeps_the_recently_used(counting: CountingNlp) -> None:
    cache = ParseCache(counting, size=2)
    cache.docs([A, B])
    cache.docs([A])  # A is now the most recently used
    cache.docs([C])  # evicts B
    assert len(cache) == 2
    counting.parsed.clear()
    cache.docs([A, C, B])
    assert counting.parsed == [B]


def _stored_rows(sample_graph: tuple[Any, Any]) -> tuple[ScopedGraph, list[Sentence]]:
    """The sample graph and two of its sentence rows (each has a stored parse)."""
    graph = ScopedGraph(sample_graph[0], EVERYTHING)
    rows = graph.ro_query("MATCH (e:Evidence) WHERE e.kind = 'sentence' RETURN e.id, e.text ORDER BY e.id LIMIT 2"
                          ).result_set
    return graph, [Sentence(id=r[0], text=r[1], document_id="doc", start=0, end=len(r[1]), kind="sentence")
                   for r in rows]


def test_parses_stored_with_the_evidence_are_read_and_only_the_rest_is_parsed(
        counting: CountingNlp, nlp: Language, sample_graph: tuple[Any, Any]) -> None:
    graph, stored = _stored_rows(sample_graph)
    reads: list[dict[str, str]] = []

    def read(ids: dict[str, str]) -> dict[str, Doc]:
        reads.append(ids)
        return read_parses(graph, ids, nlp.vocab, extractor_version(nlp))

    docs = Parses(ParseCache(counting), read).of([*stored, sentence(9, A)])
    assert counting.parsed == [A]  # the sentence no row holds; the stored two are rebuilt, not parsed
    assert reads == [{s.id: s.text for s in stored} | {sentence(9, A).id: A}]  # one read for the turn
    for s in stored:
        assert [(t.text, t.lemma_, t.dep_, t.head.i, t.ent_type_) for t in docs[s.id]] == \
            [(t.text, t.lemma_, t.dep_, t.head.i, t.ent_type_) for t in nlp(s.text)]
    Parses(ParseCache(counting), read).of([])
    assert len(reads) == 1  # nothing to parse: no read


def test_lemmas_come_from_a_cached_parse_else_the_stored_lemmas_else_a_parse(
        counting: CountingNlp, nlp: Language, sample_graph: tuple[Any, Any]) -> None:
    graph, stored = _stored_rows(sample_graph)
    reads: list[dict[str, str]] = []

    def read(ids: dict[str, str]) -> dict[str, tuple[str, ...]]:
        reads.append(ids)
        return read_lemmas(graph, ids, extractor_version(nlp))

    cache = ParseCache(counting)
    Parses(cache).of([sentence(1, A)])  # an earlier stage parsed A
    found = Parses(cache, stored_lemmas=read).lemmas([sentence(1, A), *stored, sentence(2, B)])
    assert counting.parsed == [A, B]  # B: no row holds it; the stored two are read, not parsed
    assert reads == [{s.id: s.text for s in stored} | {sentence(2, B).id: B}]  # A's parse was cached
    for s in (sentence(1, A), *stored, sentence(2, B)):
        assert found[s.id] == lemmas_of(nlp(s.text))
    assert Parses(cache, stored_lemmas=read).lemmas(stored) == {s.id: found[s.id] for s in stored}
    assert len(reads) == 1  # lemmas read once are kept for the next turn


def test_the_graders_parser_parses_each_text_once_and_reuses_a_turns_parse(counting: CountingNlp,
                                                                           nlp: Language) -> None:
    cache = ParseCache(counting)
    read = Parses(cache).of([sentence(1, A)])[sentence(1, A).id]  # the bind stage read A this turn
    parse = CachedParse(cache)
    masked = "The Xxxxxxx team owns the export job."
    assert parse(A) is read
    first = parse(masked)
    assert parse(masked) is first
    assert counting.parsed == [A, masked]
    assert [(t.text, t.dep_, t.head.i) for t in first] == [(t.text, t.dep_, t.head.i) for t in nlp(masked)]
