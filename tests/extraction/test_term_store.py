"""The term store: ingest keeps the full model's vector of each word lemma and verb act phrase its sentences hold,
bit for bit what the model gives the word alone, found by word and model; a reader is told when the graph is down."""

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
    act_phrase,
    decode_vector,
    encode_vector,
    is_particle,
    missing_terms,
    model_tag,
    read_terms,
    term_words,
    write_terms,
)


def test_a_parses_words_are_its_word_lemmas_and_forms_casefolded_then_its_acts_as_infinitives(nlp: Language) -> None:
    doc = nlp("Approved: the team rolled the change back on 2026-03-01 and Shipped the new build.")
    lemmas = [form.casefold() for t in doc if t.is_alpha for form in (t.lemma_, t.text)]
    acts = [f"to {act_phrase(t.lemma_, [c.lower_ for c in t.children if is_particle(c.dep_, c.lower_)])}"
            for t in doc if t.pos_ == "VERB"]
    assert "to roll back" in acts  # the particle stays with its verb
    assert {"roll", "rolled", "approved", "approve"} <= set(lemmas)
    assert term_words(encode(doc)) == list(dict.fromkeys([*lemmas, *acts]))


def test_numbers_paths_and_punctuation_are_no_words(nlp: Language) -> None:
    assert term_words(encode(nlp("2026-03-01: 42% (v1.2.3)"))) == []


def test_a_hyphenated_word_is_one_word(nlp: Language) -> None:
    assert "sign-off" in term_words(encode(nlp("The sign-off is due.")))


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
    parses = [encode(nlp("Logs retained.")), encode(nlp("Logs retained and deleted."))]
    first = missing_terms(graph, model, parses)
    words = [w for w, _ in first]
    assert words == list(dict.fromkeys(words))  # each word once
    assert {"retain", "delete", "to retain", "to delete"} <= set(words)
    write_terms(graph, model_tag(model), first)
    asked = len(model.asked)
    second = missing_terms(graph, model, [encode(nlp("Logs deleted and old."))])
    assert [w for w, _ in second] == ["old"]  # the rest were stored
    assert model.asked[asked:] == ["old"]
    assert second == [("old", encode_vector([3.0, 1.0]))]
    assert read_terms(ScopedGraph(graph, PUBLIC), ["old", "absent"], model_tag(model)).keys() == {"old"}
    assert read_terms(graph, ["old"], "another-model/onnx") == {}


def test_ingest_stores_the_vector_the_model_gives_each_word_and_act_alone(sample_graph: tuple[Any, Any],
                                                                  embedder: LocalEmbedder) -> None:
    graph = sample_graph[0]
    rows = graph.ro_query("MATCH (t:Term) RETURN t.text, t.model ORDER BY t.text LIMIT 5").result_set
    acts = graph.ro_query("MATCH (t:Term) WHERE t.text STARTS WITH 'to ' RETURN t.text LIMIT 3").result_set
    assert rows and acts and {model for _, model in rows} == {model_tag(embedder)}
    words = [word for word, _ in rows] + [act for (act,) in acts]
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
