"""One forward pass per passage; the vectors of chunks and evidence sentences are read off it.

Chunks (graphrag-sdk's retrieval unit), passages (the answer's) and evidence sentences cover the same text, and
embedding each granularity with its own forward pass ran the model over most words three times (87% of ingest time).
Here the model reads each passage once (:func:`embed_passages`): the passage keeps the vector the model gives it,
and every word piece it read keeps its output vector with its character range in the document. The vector of any
other span of the document (a chunk, a sentence) is the L2-normalised mean of the vectors of the pieces inside it:
the model's own mean pooling, over the span, of pieces that read their passage as context.

Measured on the Redwood corpus against a forward pass of their own (tune-half questions as queries, gold document
found in the top 10 / mean reciprocal rank): chunks 0.76 / 0.70 (own pass 0.76 / 0.72, cosine between the two vectors
0.86 on average); sentences 0.76 / 0.74 (own pass 0.72 / 0.61: a sentence's context helps find its document).

A chunk the passage passes read too little of (past a passage's first 128 word pieces) gets a pass of its own, made
with its pieces (:func:`chunk_vectors`): the evidence sentences inside it that the passage passes missed are read off
that pass (in the context of their chunk) instead of a third pass each. Only a span neither pass read enough of (a
heading line outside every passage body, the tail of a chunk past its own 128 word pieces) is embedded alone
(:data:`CHUNK_MIN_READ`, :data:`SENTENCE_MIN_READ`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, Protocol

import numpy as np
from graphrag_sdk import Embedder

from extraction.documents import SourceDocument
from extraction.embeddings import TokenVectors
from extraction.passages import EmbeddedPassage, passages

# A span gets a derived vector when the passes read at least this share of its passage text. A chunk's own pass
# reads only its first 128 word pieces too (~75% of a Redwood chunk): a fifth of it (~25 pieces, its first sentence or
# two, read in its passage's context) ranks it about as well (bench: tune-half answers unchanged), and 0.5 ran a
# pass of its own for ~200 more of Redwood's 2,197 chunks. A sentence must be read (near) whole.
CHUNK_MIN_READ = 0.2
SENTENCE_MIN_READ = 0.8


class TokenEmbedder(Protocol):
    def embed_with_tokens(self, texts: list[str]) -> list[TokenVectors]: ...

    def embed_documents(self, texts: list[str]) -> list[list[float]]: ...


class DocumentTokens:
    """The word-piece vectors of one document's passage passes, in document coordinates."""

    def __init__(self, spans: np.ndarray, tokens: np.ndarray, read: Sequence[tuple[int, int]],
                 text: Sequence[tuple[int, int]] = ()) -> None:
        self.spans = spans  # (pieces, 2) document offsets
        self.tokens = tokens  # (pieces, dim)
        self.read = tuple(read)  # the character ranges of the document the passes read
        # The ranges there were to read (the passages' bodies); empty: the read ranges themselves. Heading lines
        # and blank lines between passages are in no passage body: a span's share is of the rest.
        self.text = tuple(text) or self.read

    @classmethod
    def of(cls, passes: Sequence[tuple[int, int, TokenVectors]]) -> DocumentTokens:
        """From (base, start, pass): the pass read a text whose offset 0 is document offset ``base``; only its
        pieces from document offset ``start`` on are the document's (a passage's heading path comes before)."""
        spans: list[np.ndarray] = []
        tokens: list[np.ndarray] = []
        read: list[tuple[int, int]] = []
        for base, start, found in passes:
            body = (found.spans[:, 0] + base >= start) if len(found.spans) else np.zeros(0, bool)
            if body.any():
                spans.append(found.spans[body] + base)
                tokens.append(found.tokens[body])
                read.append((start, int(found.spans[body][-1, 1]) + base))
        if not spans:
            return cls(np.zeros((0, 2), np.int64), np.zeros((0, 0), np.float32), [])
        return cls(np.concatenate(spans), np.concatenate(tokens), read)

    def plus(self, other: DocumentTokens) -> DocumentTokens:
        """These pieces and those of ``other`` (more passes over the same document) outside the ranges these read:
        a span's vector never averages two passes' reading of one word."""
        fresh = np.ones(len(other.spans), dtype=bool)
        for start, end in self.read:
            fresh &= ~((other.spans[:, 0] >= start) & (other.spans[:, 1] <= end))
        if not fresh.any():
            return self
        if not len(self.spans):
            return DocumentTokens(other.spans, other.tokens, other.read, self.text)
        return DocumentTokens(np.concatenate([self.spans, other.spans[fresh]]),
                              np.concatenate([self.tokens, other.tokens[fresh]]), _union([*self.read, *other.read]),
                              self.text)

    def read_share(self, start: int, end: int) -> float:
        """The share of the passage text inside ``[start, end)`` that the passes read."""
        total = _overlap(self.text, start, end)
        return _overlap(self.read, start, end) / total if total else 0.0

    def vector(self, start: int, end: int, min_read: float = SENTENCE_MIN_READ) -> list[float] | None:
        """The span's vector from the pieces inside ``[start, end)``; None when the passes read too little of it."""
        if self.read_share(start, end) < min_read:
            return None
        inside = (self.spans[:, 0] >= start) & (self.spans[:, 1] <= end)
        if not inside.any():
            return None
        mean = self.tokens[inside].mean(axis=0)
        norm = float(np.linalg.norm(mean)) or 1.0
        return [float(x) / norm for x in mean]


def _union(ranges: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The ranges merged where they overlap or touch: text two passes read counts once in :func:`_overlap`."""
    out: list[tuple[int, int]] = []
    for a, b in sorted(ranges):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def _overlap(ranges: Sequence[tuple[int, int]], start: int, end: int) -> int:
    return sum(max(0, min(b, end) - max(a, start)) for a, b in ranges)


def embed_passages(document: SourceDocument, embedder: TokenEmbedder) -> tuple[list[EmbeddedPassage], DocumentTokens]:
    """The document's passages, each embedded in one forward pass (its first 128 word pieces, as before), and the
    word-piece vectors of those passes.

    Reading the rest of the longer passages too (passes over what each left unread) was measured and left out: on
    40 Redwood documents it doubled the model's CPU time (13.6 s to 27.1 s) to read the 47% of passage text past
    the cut, more than the chunk and sentence passes it would save."""
    found = passages(document)
    texts = [p.indexed_text(document) for p in found]
    first = embedder.embed_with_tokens(texts)
    embedded = [EmbeddedPassage(p, t, v.vector) for p, t, v in zip(found, texts, first, strict=True)]
    # The indexed text is the heading path, a newline, then document.text[start:end].
    passes = [(p.start - (len(t) - (p.end - p.start)), p.start, v) for p, t, v in zip(found, texts, first, strict=True)]
    whole = DocumentTokens.of(passes)
    return embedded, DocumentTokens(whole.spans, whole.tokens, whole.read, [(p.start, p.end) for p in found])


def chunk_vectors(tokens: DocumentTokens, chunks: Sequence[tuple[int, int, str]], embedder: TokenEmbedder,
                  ) -> tuple[dict[str, list[float]], DocumentTokens]:
    """Each chunk's vector by its text, and ``tokens`` with the pieces of the chunk passes added: a chunk the passage
    passes read enough of (:data:`CHUNK_MIN_READ`) gets the mean of its pieces they read; the others get one pass
    each (their first 128 word pieces, the vector ``embed_documents`` gives), whose pieces then serve the sentences
    inside them (:func:`span_vectors`)."""
    vectors: dict[str, list[float]] = {}
    unread: list[tuple[int, int, str]] = []
    for start, end, text in chunks:
        derived = tokens.vector(start, end, CHUNK_MIN_READ)
        if derived is None:
            unread.append((start, end, text))
        else:
            vectors[text] = derived
    passes = embedder.embed_with_tokens([text for _, _, text in unread]) if unread else []
    vectors.update((text, found.vector) for (_, _, text), found in zip(unread, passes, strict=True))
    own = DocumentTokens.of([(start, start, found) for (start, _, _), found in zip(unread, passes, strict=True)])
    return vectors, tokens.plus(own)


def span_vectors(tokens: DocumentTokens, spans: Sequence[tuple[int, int, str]],
                 embedder: TokenEmbedder) -> list[list[float]]:
    """A vector for each (start, end, text): read off the passage passes where they read it, else a pass of its own
    (all such texts in one call)."""
    derived = [tokens.vector(start, end) for start, end, _ in spans]
    missing = [text for (_, _, text), v in zip(spans, derived, strict=True) if v is None]
    computed = iter(embedder.embed_documents(missing) if missing else [])
    return [v if v is not None else next(computed) for v in derived]


class KnownVectors(Embedder):
    """graphrag-sdk's embedder for an ingest: a chunk text whose vector was read off its document's passage passes
    (:meth:`know`, before the SDK embeds the document's chunks) gets that vector; any other text, the model's."""

    def __init__(self, model: Any) -> None:
        self.model = model
        self._known: dict[str, list[float]] = {}

    @property
    def model_name(self) -> str:
        return str(self.model.model_name)

    @property
    def dimension(self) -> int:
        return int(self.model.dimension)

    @contextmanager
    def known(self, vectors: Mapping[str, list[float]]) -> Iterator[None]:
        """While inside, the chunk texts of ``vectors`` (:func:`chunk_vectors`) have their vectors known."""
        known = dict(vectors)
        self._known.update(known)
        try:
            yield
        finally:
            for text in known:  # a text two documents in flight share falls back to the model, never goes stale
                self._known.pop(text, None)

    def embed_query(self, text: str, **kwargs: Any) -> list[float]:
        return self.embed_documents([text])[0]

    def embed_documents(self, texts: list[str], **kwargs: Any) -> list[list[float]]:
        missing = [t for t in texts if t not in self._known]
        computed = dict(zip(missing, self.model.embed_documents(missing) if missing else [], strict=True))
        return [self._known.get(t) or computed[t] for t in texts]
