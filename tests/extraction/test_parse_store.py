"""The parse store: ingest keeps each evidence row's parse of its own text, and a reader rebuilds exactly the parse
spaCy gives that text, only for rows its pipeline parsed, and says so when the graph is down."""

from __future__ import annotations

from typing import Any

import pytest
import redis
from spacy.language import Language
from spacy.tokens import Doc

from extraction.access import EVERYTHING, ScopedGraph
from extraction.nlp import extractor_version
from extraction.parse_store import (
    ParseCache,
    ParsesUnavailable,
    decode,
    decode_lemmas,
    encode,
    parse_texts,
    read_lemmas,
    read_parses,
    shared_cache,
)


def everything(doc: Doc) -> list[Any]:
    """Every attribute a reader of a parse may look at: tokens, spaces, tags, morphology, lemmas, norms, heads,
    sentences, entities."""
    return [[(t.text, t.whitespace_, t.idx, t.tag_, t.pos_, str(t.morph), t.lemma_, t.norm_, t.lower_, t.dep_,
              t.head.i, t.is_sent_start, t.ent_iob_, t.ent_type_) for t in doc],
            [(s.start, s.end) for s in doc.sents], [(e.start, e.end, e.label_) for e in doc.ents]]


TEXTS = [
    "The rate-engine team owns the nightly export job since March 2024.",
    "- Owner: Mara Olsen (payments)",
    "Rollback steps:\\nrevert the flag, then page the on-call engineer.",
    "Why did the us-east-1 deploy fail on Tuesday?",
]


def evidence_rows(graph: Any, n: int) -> list[tuple[str, str]]:
    rows = graph.ro_query("MATCH (e:Evidence) WHERE e.kind = 'sentence' RETURN e.id, e.text ORDER BY e.id LIMIT $n",
                          {"n": n}).result_set
    return [(row[0], row[1]) for row in rows]


def test_a_stored_parse_rebuilds_the_parse_spacy_gives_its_text(nlp: Language) -> None:
    stored = parse_texts(nlp, TEXTS)
    assert list(stored) == TEXTS
    for text in TEXTS:
        assert everything(decode(stored[text], nlp.vocab)) == everything(nlp(text))


def test_a_stored_parses_text_and_lemmas_are_read_without_rebuilding_it(nlp: Language) -> None:
    stored = parse_texts(nlp, TEXTS)
    for text in TEXTS:
        assert decode_lemmas(stored[text]) == (text, tuple(t.lemma_ for t in nlp(text)))
    words = [f"w{i}" for i in range(70_000)]  # four-byte indexes
    doc = Doc(nlp.vocab, words=words, lemmas=[f"l{i}" for i in range(70_000)])
    assert decode_lemmas(encode(doc)) == (doc.text, tuple(f"l{i}" for i in range(70_000)))


def test_a_parse_too_long_for_two_byte_fields_is_stored_whole(nlp: Language) -> None:
    words = [f"w{i}" for i in range(70_000)]  # more distinct strings than a 2-byte index, heads past 2 bytes
    doc = Doc(nlp.vocab, words=words, heads=[0] * len(words), deps=["dep"] * len(words))
    assert everything(decode(encode(doc), nlp.vocab)) == everything(doc)


def test_an_empty_parse_is_stored(nlp: Language) -> None:
    assert everything(decode(encode(nlp("")), nlp.vocab)) == everything(nlp(""))


def test_each_distinct_text_is_parsed_once(nlp: Language) -> None:
    assert list(parse_texts(nlp, [TEXTS[0], TEXTS[1], TEXTS[0]])) == [TEXTS[0], TEXTS[1]]


def test_the_cache_parses_a_text_once_across_calls_and_gives_the_parse_a_fresh_pass_gives(nlp: Language) -> None:
    cache = ParseCache(nlp)
    first = cache.parses([TEXTS[0], TEXTS[1]])
    again = cache.parses([TEXTS[1], TEXTS[2], TEXTS[1]])
    assert list(again) == [TEXTS[1], TEXTS[2]]
    assert (cache.parsed, cache.reused) == (3, 1)
    assert again[TEXTS[1]] == first[TEXTS[1]] == parse_texts(nlp, [TEXTS[1]])[TEXTS[1]]
    assert again[TEXTS[2]] == parse_texts(nlp, [TEXTS[2]])[TEXTS[2]]


def test_the_cache_forgets_the_least_recently_used_text_beyond_its_size(nlp: Language) -> None:
    cache = ParseCache(nlp, size=2)
    cache.parses([TEXTS[0], TEXTS[1]])
    cache.parses([TEXTS[0]])  # TEXTS[0] is now the most recently used
    cache.parses([TEXTS[2]])  # TEXTS[1] goes
    cache.parses([TEXTS[0], TEXTS[1]])
    assert (cache.parsed, cache.reused) == (4, 2)


def test_a_texts_parse_does_not_depend_on_the_batch_it_is_parsed_in(nlp: Language) -> None:
    together = parse_texts(nlp, TEXTS)
    assert all(parse_texts(nlp, [text])[text] == together[text] for text in TEXTS)


def test_the_cache_gives_docs_a_fresh_parse_gives_and_keeps_them_for_the_store(nlp: Language) -> None:
    cache = ParseCache(nlp)
    docs = cache.docs([TEXTS[0], TEXTS[1], TEXTS[0]])
    assert list(docs) == [TEXTS[0], TEXTS[1]] and (cache.parsed, cache.reused) == (2, 0)
    assert all(everything(docs[text]) == everything(nlp(text)) for text in docs)
    stored = cache.parses([TEXTS[1], TEXTS[2]])  # the row of a text extraction parsed: only encoded
    assert (cache.parsed, cache.reused) == (3, 1)
    assert stored[TEXTS[1]] == parse_texts(nlp, [TEXTS[1]])[TEXTS[1]]


def test_a_remembered_text_comes_back_as_the_doc_it_was(nlp: Language) -> None:
    cache = ParseCache(nlp)
    cache.parses([TEXTS[2]])
    again = cache.docs([TEXTS[2]])[TEXTS[2]]  # rebuilt from memory, not parsed
    assert (cache.parsed, cache.reused) == (1, 1)
    assert everything(again) == everything(nlp(TEXTS[2]))


def test_one_cache_serves_a_pipeline_across_the_process(nlp: Language) -> None:
    assert shared_cache(nlp) is shared_cache(nlp)


def test_ingest_keeps_every_evidence_rows_parse_of_its_own_text(sample_graph: tuple[Any, Any], nlp: Language) -> None:
    graph = sample_graph[0]
    rows = graph.ro_query("MATCH (e:Evidence) RETURN e.text, e.parse").result_set
    assert rows and all(parse is not None for _, parse in rows)
    for text, parse in rows[:25]:
        assert everything(decode(parse, nlp.vocab)) == everything(nlp(text))


def test_a_reader_gets_the_parses_of_the_rows_it_names_by_id(sample_graph: tuple[Any, Any], nlp: Language) -> None:
    graph = ScopedGraph(sample_graph[0], EVERYTHING)
    rows = evidence_rows(graph, 3)
    wanted = dict(rows) | {"ev_0000000000000000": "A sentence no row holds."}
    found = read_parses(graph, wanted, nlp.vocab, extractor_version(nlp))
    assert set(found) == {ev_id for ev_id, _ in rows}
    for ev_id, text in rows:
        assert everything(found[ev_id]) == everything(nlp(text))


def test_a_reader_gets_no_parse_of_another_text_or_another_pipeline(sample_graph: tuple[Any, Any],
                                                                     nlp: Language) -> None:
    graph = ScopedGraph(sample_graph[0], EVERYTHING)
    (first, text), (second, _) = evidence_rows(graph, 2)
    assert read_parses(graph, {first: text, second: text + " (edited)"}, nlp.vocab, extractor_version(nlp)) \
        .keys() == {first}
    assert read_parses(graph, {first: text}, nlp.vocab, "spacy-0.0.0/en_other-0/zehn-rules-0") == {}


def test_a_lemma_reader_gets_the_rows_and_only_the_rows_the_parse_reader_does(sample_graph: tuple[Any, Any],
                                                                              nlp: Language) -> None:
    graph = ScopedGraph(sample_graph[0], EVERYTHING)
    (first, text), (second, other) = evidence_rows(graph, 2)
    wanted = {first: text, second: other + " (edited)", "ev_0000000000000000": "A sentence no row holds."}
    assert read_lemmas(graph, wanted, extractor_version(nlp)) == {first: tuple(t.lemma_ for t in nlp(text))}
    assert read_lemmas(graph, wanted, "spacy-0.0.0/en_other-0/zehn-rules-0") == {}


class Refusing:
    """The read-only graph interface of a server that went away."""

    name = "gone"

    def ro_query(self, q: str, params: dict[str, object] | None = None, timeout: int | None = None) -> Any:
        raise redis.ConnectionError("Connection refused (the test took the graph away)")


def test_a_reader_of_a_graph_that_is_down_is_told_so(nlp: Language) -> None:
    with pytest.raises(ParsesUnavailable):
        read_parses(Refusing(), {"ev_0000000000000001": "Some sentence."}, nlp.vocab, extractor_version(nlp))
    with pytest.raises(ParsesUnavailable):
        read_lemmas(Refusing(), {"ev_0000000000000001": "Some sentence."}, extractor_version(nlp))


def test_a_parse_is_a_plain_string_for_the_graph(nlp: Language) -> None:
    assert encode(nlp(TEXTS[0])).isascii()
