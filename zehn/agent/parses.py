"""Each sentence is parsed once: at ingest (the parse store), else one spaCy pass over the sentences a stage asks
for; the docs kept by text.

:class:`ParseCache` lives as long as the answering service (one per process) and keeps the parses of the last
:data:`CACHE_SIZE` distinct sentence texts: the documents that answer one question are read again by the next
questions about them, and a sentence's parse depends on its text alone (the model is fixed for the process). A
:class:`Parses` is one turn's view of it, by evidence id. Nothing downstream changes a cached ``Doc`` (no stage
retokenises or sets entities on a sentence it reads), so sharing one is safe.

A turn's :class:`Parses` first reads the parses ingest stored with the evidence rows it misses
(extraction/parse_store.py: one graph read, ~0.3 ms to rebuild a sentence against ~2 ms to parse it, and no
per-batch pipeline overhead); only rows without one are parsed here. A stored parse is the parse of the same text
by the same pipeline, so what a stage reads is the same either way.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from typing import Protocol, TypeVar

from spacy.tokens import Doc

from zehn.agent.lemmas import folded, lemmas_of
from zehn.agent.rows import Sentence

_T = TypeVar("_T")
PARSE_BATCH = 64
# Distinct sentence texts kept: a few hundred documents' worth (a parsed short sentence holds ~10-20 kB).
CACHE_SIZE = 8192


class Pipe(Protocol):
    """What the cache needs of a spaCy ``Language``: batched parsing."""

    def pipe(self, texts: Iterable[str], *, batch_size: int) -> Iterable[Doc]: ...


class ParseCache:
    def __init__(self, nlp: Pipe, size: int = CACHE_SIZE) -> None:
        self.nlp = nlp
        self.size = size
        self._docs: OrderedDict[str, Doc] = OrderedDict()
        self._lemmas: OrderedDict[str, tuple[str, ...]] = OrderedDict()  # of texts read for their lemmas alone
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._docs)

    def docs(self, texts: Iterable[str], stored: Callable[[list[str]], Mapping[str, Doc]] | None = None,
             ) -> dict[str, Doc]:
        """Parses of ``texts`` by text: those cached are looked up, then those ``stored`` has (given the texts not
        cached, it returns parses by text), and the rest are parsed in one batch."""
        wanted = list(dict.fromkeys(texts))
        with self._lock:  # answers run in worker threads: look-ups and evictions must not interleave
            out = {t: self._docs[t] for t in wanted if t in self._docs}
            for text in out:
                self._docs.move_to_end(text)
        todo = [t for t in wanted if t not in out]
        if todo:
            parsed = dict(stored(todo)) if stored is not None else {}
            rest = [t for t in todo if t not in parsed]
            if rest:  # (an empty batch still set the pipeline up: ~0.1-0.2 ms, in most turns' many reads)
                parsed.update(zip(rest, self.nlp.pipe(rest, batch_size=PARSE_BATCH), strict=True))
            with self._lock:
                self._docs.update(parsed)
                while len(self._docs) > self.size:
                    self._docs.popitem(last=False)
            out.update(parsed)
        return {t: out[t] for t in wanted}


    def lemmas(self, texts: Iterable[str], stored: Callable[[list[str]], Mapping[str, tuple[str, ...]]] | None = None,
               ) -> dict[str, tuple[str, ...]]:
        """The folded lemmas (:func:`zehn.agent.lemmas.folded`) of ``texts`` by text: a cached parse's, those read
        for their lemmas before, then the lemmas ``stored`` has (given the texts not cached, the stored parses' token
        lemmas by text, no ``Doc`` rebuilt), and the rest's parses (:meth:`docs`)."""
        wanted = list(dict.fromkeys(texts))
        with self._lock:
            out = {t: lemmas_of(self._docs[t]) for t in wanted if t in self._docs}
            out |= {t: self._lemmas[t] for t in wanted if t not in out and t in self._lemmas}
            for text in out:
                (self._docs if text in self._docs else self._lemmas).move_to_end(text)
        todo = [t for t in wanted if t not in out]
        if todo:
            read = {t: folded(raw) for t, raw in (stored(todo) if stored is not None else {}).items()}
            with self._lock:
                self._lemmas.update(read)
                while len(self._lemmas) > self.size:
                    self._lemmas.popitem(last=False)
            out |= read
            out |= {t: lemmas_of(doc) for t, doc in self.docs(t for t in todo if t not in read).items()}
        return {t: out[t] for t in wanted}


class CachedParse:
    """:data:`verify.parsing.Parse` over a :class:`ParseCache`, for the hop grader: a sentence a turn already read
    is not parsed again, and the grader's masked copy of a sentence is parsed once per process (the same
    sentence is graded again by the next question that walks its edge)."""

    def __init__(self, cache: ParseCache) -> None:
        self.cache = cache

    def __call__(self, text: str) -> Doc:
        return self.cache.docs((text,))[text]


# Stored parses of evidence rows (id -> text), by id: extraction.parse_store.read_parses bound to a turn's graph;
# and their tokens' lemmas alone (extraction.parse_store.read_lemmas).
StoredReader = Callable[[dict[str, str]], Mapping[str, Doc]]
StoredLemmas = Callable[[dict[str, str]], Mapping[str, tuple[str, ...]]]


class Parses:
    """One turn's parses by evidence id, read through the process's :class:`ParseCache` and, for texts it has not
    cached, the parses stored with the evidence rows (``stored``)."""

    def __init__(self, cache: ParseCache, stored: StoredReader | None = None,
                 stored_lemmas: StoredLemmas | None = None) -> None:
        self.cache = cache
        self.stored = stored
        self.stored_lemmas = stored_lemmas

    def of(self, sentences: Iterable[Sentence]) -> dict[str, Doc]:
        """Parses of ``sentences`` by evidence id (one read of the stored ones, those without in one batch)."""
        wanted = list({s.id: s for s in sentences}.values())
        stored = _by_text(wanted, self.stored) if self.stored is not None else None
        docs = self.cache.docs((s.text for s in wanted), stored)
        return {s.id: docs[s.text] for s in wanted}

    def lemmas(self, sentences: Iterable[Sentence]) -> dict[str, tuple[str, ...]]:
        """The folded lemmas of ``sentences`` by evidence id, for a stage that compares words and reads nothing else
        of a parse: a sentence no stage of the process parsed is read from its stored parse's lemmas, no ``Doc``
        rebuilt (the rest as :meth:`of`)."""
        wanted = list({s.id: s for s in sentences}.values())
        found = self.cache.lemmas((s.text for s in wanted),
                                  _by_text(wanted, self.stored_lemmas) if self.stored_lemmas is not None else None)
        return {s.id: found[s.text] for s in wanted}



def _by_text(wanted: list[Sentence], reader: Callable[[dict[str, str]], Mapping[str, _T]],
             ) -> Callable[[list[str]], dict[str, _T]]:
    """``reader`` (by evidence id) asked by text: one row of ``wanted`` per text is enough."""
    def read(texts: list[str]) -> dict[str, _T]:
        missing = set(texts)
        one = {s.text: s.id for s in reversed(wanted) if s.text in missing}
        ids = {ev_id: text for text, ev_id in one.items()}
        return {ids[ev_id]: found for ev_id, found in reader(ids).items()}
    return read
