"""Each sentence is parsed once: one spaCy pass over the sentences a stage asks for, the docs kept by text.

:class:`ParseCache` lives as long as the answering service (one per process) and keeps the parses of the last
:data:`CACHE_SIZE` distinct sentence texts: the documents that answer one question are read again by the next
questions about them, and a sentence's parse depends on its text alone (the model is fixed for the process). A
:class:`Parses` is one turn's view of it, by evidence id. Nothing downstream changes a cached ``Doc`` (no stage
retokenises or sets entities on a sentence it reads), so sharing one is safe.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable
from typing import Protocol

from spacy.tokens import Doc

from zehn.agent.rows import Sentence

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
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._docs)

    def docs(self, texts: Iterable[str]) -> dict[str, Doc]:
        """Parses of ``texts`` by text: those not cached are parsed in one batch, the rest are looked up."""
        wanted = list(dict.fromkeys(texts))
        with self._lock:  # answers run in worker threads: look-ups and evictions must not interleave
            out = {t: self._docs[t] for t in wanted if t in self._docs}
            for text in out:
                self._docs.move_to_end(text)
        todo = [t for t in wanted if t not in out]
        if todo:
            parsed = dict(zip(todo, self.nlp.pipe(todo, batch_size=PARSE_BATCH), strict=True))
            with self._lock:
                self._docs.update(parsed)
                while len(self._docs) > self.size:
                    self._docs.popitem(last=False)
            out.update(parsed)
        return {t: out[t] for t in wanted}


class Parses:
    """One turn's parses by evidence id, read through the process's :class:`ParseCache`."""

    def __init__(self, cache: ParseCache) -> None:
        self.cache = cache

    def of(self, sentences: Iterable[Sentence]) -> dict[str, Doc]:
        """Parses of ``sentences`` by evidence id (those never parsed before in one batch)."""
        wanted = list({s.id: s for s in sentences}.values())
        docs = self.cache.docs(s.text for s in wanted)
        return {s.id: docs[s.text] for s in wanted}
