"""The term store: ingest keeps the full model's vector of each verb and adjective its sentences hold, bit for bit
what the model gives the word alone, found by word and model; a reader is told when the graph is down."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
import redis
from spacy.language import Language

from extraction.access import PUBLIC, ScopedGraph
from extraction.embeddings import LocalEmbedder
from extraction.parse_store import encode
from extraction.schema import ensure_indexes
from extraction.term_store import (
    TermsUnavailable,
    decode_vector,
    encode_vector,
    missing_terms,
    model_tag,
    read_terms,
    term_words,
    write_terms,
)


def test_a_parses_words_are_its_verb_and_adjective_lemmas_casefolded(nlp: Language) -> None:
    doc = nlp("Approved: the team retained older logs and Shipped the new build.")
    expected = [t.lemma_.casefold() for t in doc if t.pos_ in ("VERB", "ADJ")]
    assert expected  # the sentence holds some
    assert term_words(encode(doc)) == expected


def test_a_parse_without_verbs_or_adjectives_has_no_words(nlp: Language) -> None:
    assert term_words(encode(nlp("Owner: the payments team."))) == []


def test_a_stored_vector_comes_back_bit_for_bit() -> None:
    vector = np.random.default_rng(7).standard_normal(384).astype(np.float32)
    assert np.array_equal(decode_vector(encode_vector(vector.tolist())), vector)


class Counting:
    """An embedder that counts the words it is asked for (a stand-in for the model)."""

    model_name = "test-model"
    runtime = "test"

    def __init__(self) -> None:
        self.asked: list[str] = []

    def embed_words(self, words: list[str]) -> list[list[float]]:
        self.asked.extend(words)
        return [[float(len(w)), 1.0] for w in words]


def test_only_words_not_stored_for_the_model_are_embedded(falkordb_client: Any, graph_name: str,
                                                           nlp: Language) -> None:
    graph = falkordb_client.select_graph(graph_name)
    ensure_indexes(graph)  # the graph an ingest writes to exists (a read of a missing one fails)
    model = Counting()
    parses = [encode(nlp("We retained the logs.")), encode(nlp("They retained and deleted old logs."))]
    first = missing_terms(graph, model, parses)
    assert [w for w, _ in first] == ["retain", "delete", "old"]  # each word once
    write_terms(graph, model_tag(model), first)
    assert missing_terms(graph, model, [encode(nlp("They deleted the new logs."))]) == [
        ("new", encode_vector([3.0, 1.0]))]
    assert model.asked == ["retain", "delete", "old", "new"]
    assert read_terms(ScopedGraph(graph, PUBLIC), ["old", "absent"], model_tag(model)).keys() == {"old"}
    assert read_terms(graph, ["old"], "another-model/onnx") == {}


def test_ingest_stores_the_vector_the_model_gives_each_word_alone(sample_graph: tuple[Any, Any],
                                                                  embedder: LocalEmbedder) -> None:
    graph = sample_graph[0]
    rows = graph.ro_query("MATCH (t:Term) RETURN t.text, t.model ORDER BY t.text LIMIT 5").result_set
    assert rows and {model for _, model in rows} == {model_tag(embedder)}
    words = [word for word, _ in rows]
    stored = read_terms(graph, words, model_tag(embedder))
    for word, vector in zip(words, embedder.embed_words(words), strict=True):
        assert np.array_equal(stored[word], np.asarray(vector, dtype=np.float32))


class Refusing:
    name = "gone"

    def ro_query(self, q: str, params: dict[str, object] | None = None, timeout: int | None = None) -> Any:
        raise redis.ConnectionError("Connection refused (the test took the graph away)")


def test_a_reader_of_a_graph_that_is_down_is_told_so() -> None:
    with pytest.raises(TermsUnavailable):
        read_terms(Refusing(), ["retain"], "test-model/test")
