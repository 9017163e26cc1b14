"""One model pass per passage: chunk and sentence vectors are read off it, and what it did not read is embedded."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from extraction.chunker import chunk_document
from extraction.embeddings import LocalEmbedder
from extraction.loaders import load_file
from extraction.pipeline import CHUNK_CHARS, IngestReport
from extraction.span_vectors import DocumentTokens, KnownVectors, chunk_vectors, embed_passages, span_vectors

DOC = """---
title: Cache notes
---
# Notes

The nightly export job writes invoices to the archive bucket. The on-call rota for the team changes every Monday.
"""
# About 40 words a sentence: the single prose block (over 90 words) is one passage, cut at 128 word pieces.
LONG = " ".join(f"Sentence {n} says the replication worker copies ledger rows to the standby region every few "
                f"minutes, and that the copy is checked against the primary before the old rows are removed."
                for n in range(1, 7))


def _fresh(embedder: LocalEmbedder) -> LocalEmbedder:
    return embedder.with_empty_cache()


class RecordingEmbedder:
    """The real embedder's interface, recording what reaches the model (no weights of its own)."""

    def __init__(self, real: LocalEmbedder) -> None:
        self.real = real
        self.embedded: list[str] = []
        self.model_name = real.model_name
        self.dimension = real.dimension

    def embed_with_tokens(self, texts: list[str]) -> Any:
        self.embedded.extend(texts)
        return self.real.embed_with_tokens(texts)

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        self.embedded.extend(texts)
        return self.real.embed_documents(texts)


def _document(tmp_path: Path, text: str) -> Any:
    path = tmp_path / "notes.md"
    path.write_text(text, encoding="utf-8")
    return load_file(path)


def test_a_passage_pass_gives_the_embed_documents_vector_and_pieces_that_slice_the_text(
        embedder: LocalEmbedder) -> None:
    texts = ["Owners: the storage team (primary), the platform team", "The export job retries twice."]
    passes = _fresh(embedder).embed_with_tokens(texts)
    plain = _fresh(embedder).embed_documents(texts)
    for text, found, vector in zip(texts, passes, plain, strict=True):
        assert np.allclose(found.vector, vector, atol=1e-5)
        assert len(found.spans) == len(found.tokens) > 3
        assert all(text[a:b].strip() and text[a:b].lower() in text.lower() for a, b in found.spans)
    assert passes[1].spans[0].tolist() == [0, 3]  # "The"


def test_a_sentence_read_off_its_passage_is_nearest_its_own_vector(embedder: LocalEmbedder, tmp_path: Path) -> None:
    document = _document(tmp_path, DOC)
    embedded, tokens = embed_passages(document, _fresh(embedder))
    first, second = "The nightly export job writes invoices to the archive bucket.", \
        "The on-call rota for the team changes every Monday."
    spans = [(document.text.index(s), document.text.index(s) + len(s), s) for s in (first, second)]
    derived = [tokens.vector(a, b) for a, b, _ in spans]
    own = _fresh(embedder).embed_documents([first, second])
    assert derived[0] is not None and derived[1] is not None
    assert float(np.dot(derived[0], own[0])) > float(np.dot(derived[0], own[1]))
    assert float(np.dot(derived[1], own[1])) > float(np.dot(derived[1], own[0]))
    assert any(e.slice.kind == "metadata" for e in embedded)


def test_a_long_passage_keeps_its_first_pass_vector_and_what_it_did_not_read_gets_its_own_pass(
        embedder: LocalEmbedder, tmp_path: Path) -> None:
    document = _document(tmp_path, f"# Replication\n\n{LONG}\n")
    recording = RecordingEmbedder(_fresh(embedder))
    embedded, tokens = embed_passages(document, recording)
    (passage,) = [e for e in embedded if LONG in e.text]
    assert recording.embedded == [e.text for e in embedded]  # one pass per passage, nothing else
    assert np.allclose(passage.vector, embedder.embed_documents([passage.text])[0], atol=1e-5)
    spans = []
    for opening in ("Sentence 1 says", "Sentence 6 says"):
        start = document.text.index(opening)
        end = document.text.index(".", start) + 1
        spans.append((start, end, document.text[start:end]))
    assert tokens.vector(*spans[0][:2]) is not None and tokens.vector(*spans[1][:2]) is None
    recording.embedded.clear()
    vectors = span_vectors(tokens, spans, recording)
    assert recording.embedded == [spans[1][2]]  # only the sentence past the first 128 word pieces
    assert np.allclose(vectors[1], embedder.embed_documents([spans[1][2]])[0], atol=1e-5)


def test_a_chunk_past_its_passages_cut_gets_one_pass_that_also_gives_the_sentences_in_it_their_vectors(
        embedder: LocalEmbedder, tmp_path: Path) -> None:
    longer = LONG + " " + LONG.replace("Sentence ", "Part ")  # two prose chunks past the first 128 word pieces
    document = _document(tmp_path, f"# Replication\n\n{longer}\n")
    recording = RecordingEmbedder(_fresh(embedder))
    _, tokens = embed_passages(document, recording)
    chunks = [(c.start, c.end, c.text) for c in chunk_document(document, CHUNK_CHARS) if c.kind == "body"]
    unread = [c for c in chunks if tokens.vector(c[0], c[1], 0.2) is None]
    assert unread and len(unread) < len(chunks)
    recording.embedded.clear()
    vectors, more = chunk_vectors(tokens, chunks, recording)
    assert recording.embedded == [text for _, _, text in unread]  # one pass per unread chunk, nothing else
    for start, end, text in chunks:
        if (start, end, text) in unread:
            assert np.allclose(vectors[text], embedder.embed_documents([text])[0], atol=1e-5)
        else:
            assert vectors[text] == tokens.vector(start, end, 0.2)
    start = document.text.index("Part 5 says")
    sentence = (start, document.text.index(".", start) + 1, document.text[start:document.text.index(".", start) + 1])
    assert tokens.vector(sentence[0], sentence[1]) is None  # past the passage's first 128 word pieces
    recording.embedded.clear()
    (vector,) = span_vectors(more, [sentence], recording)
    assert recording.embedded == []  # read off its chunk's pass
    assert float(np.dot(vector, embedder.embed_documents([sentence[2]])[0])) > 0.8
    assert len(more.spans) == len(np.unique(more.spans, axis=0))  # no word piece read twice


def test_a_span_no_passage_read_is_embedded_with_a_pass_of_its_own(embedder: LocalEmbedder, tmp_path: Path) -> None:
    document = _document(tmp_path, DOC)
    recording = RecordingEmbedder(_fresh(embedder))
    _, tokens = embed_passages(document, recording)
    heading = (document.text.index("# Notes"), document.text.index("# Notes") + len("# Notes"), "# Notes")
    sentence = "The on-call rota for the team changes every Monday."
    spans = [heading, (document.text.index(sentence), document.text.index(sentence) + len(sentence), sentence)]
    recording.embedded.clear()
    vectors = span_vectors(tokens, spans, recording)
    assert recording.embedded == ["# Notes"]  # the heading line is in no passage body; the sentence was read
    assert np.allclose(vectors[0], embedder.embed_documents(["# Notes"])[0], atol=1e-5)
    assert vectors[1] == tokens.vector(spans[1][0], spans[1][1])


def test_known_chunk_texts_skip_the_model_only_while_their_document_is_in_flight(
        embedder: LocalEmbedder, tmp_path: Path) -> None:
    document = _document(tmp_path, DOC)
    recording = RecordingEmbedder(_fresh(embedder))
    _, tokens = embed_passages(document, recording)
    body = document.text.index("The nightly")
    chunk = (body, len(document.text.rstrip()), document.text[body:].rstrip())
    known = KnownVectors(recording)
    assert known.model_name == embedder.model_name and known.dimension == embedder.dimension
    recording.embedded.clear()
    vectors, _ = chunk_vectors(tokens, [chunk], recording)
    assert recording.embedded == []  # the passage pass read the chunk
    with known.known(vectors):
        inside = known.embed_documents([chunk[2], "a text no passage read"])
    assert recording.embedded == ["a text no passage read"]
    assert inside[0] == tokens.vector(chunk[0], chunk[1])
    known.embed_documents([chunk[2]])
    assert recording.embedded[-1] == chunk[2]


def test_every_chunk_passage_and_related_sentence_of_the_sample_corpus_has_a_vector(
        sample_graph: tuple[Any, IngestReport]) -> None:
    graph, _ = sample_graph
    for label, where in (("Chunk", ""), ("Passage", ""), ("Evidence", "AND n.relations <> '[]' ")):
        total, missing = graph.query(f"MATCH (n:{label}) WHERE true {where}"
                                     "RETURN count(n), sum(CASE WHEN n.embedding IS NULL THEN 1 ELSE 0 END)"
                                     ).result_set[0]
        assert total > 0 and missing == 0, label


def test_text_two_passes_both_read_counts_once_in_a_spans_read_share() -> None:
    first = DocumentTokens(np.array([[0, 50]]), np.ones((1, 4), np.float32), [(0, 50)], [(0, 100)])
    again = DocumentTokens(np.array([[10, 40], [60, 70]]), np.ones((2, 4), np.float32), [(0, 50), (60, 70)])
    both = first.plus(again)
    assert both.read == ((0, 50), (60, 70))
    assert both.read_share(0, 100) == 0.6  # not 1.1 (or a clamped 1.0) from counting 0-50 twice
