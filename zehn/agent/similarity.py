"""Term similarity from the local MiniLM embedder (loaded once, shared with search): no suffix stemmers.

Three levels, all cached for the life of the process (bounded):

- :meth:`Similarity.matches` compares single words: equal lemmas match; otherwise the cosine of the model's
  context-free word vectors (a table look-up, no forward pass), which is high for inflections and derivations
  ("retention" ~ "retain", "assignee" ~ "assign", "mitigation" ~ "mitigate") and low for unrelated words.
- :meth:`Similarity.texts` embeds short texts with the full model, each the vector of its own forward pass
  (questions, asks): the level at which synonyms meet ("signed off" ~ "approved", "page" ~ "on-call").
- An **abbreviation** made by cutting a word short ("dims" for "dimensions", "config" for "configuration", "max"
  for "maximum"), as enterprise documents write field names and chat lines, matches the word it is the start of
  when the full model also judges them alike (:data:`SYNONYM_MATCH`): the context-free vectors of a clipped word are
  weak ("dim" ~ "dimension" 0.34, under WORD_MATCH), the full model's are not (it tells "dim" ~ "dimension" from
  "dep" ~ "deployment").
- Hyphenated compounds that part after a shared first part are other words (:func:`lemmas.compounds_apart`).
- :meth:`Similarity.synonym` compares single words by the full model. A word's vector depends on its text alone,
  so each distinct word is embedded once per process (its own LRU, apart from the texts'); the words not cached
  yet go to the model in one batched call (:meth:`Similarity.prefetch` takes a whole ask's words at once: one
  model call where there was one per sentence checked). Ingest stores the vectors of the words the documents' sentences
  hold (extraction/term_store.py): ``stored`` reads those first, and only the rest go to the model.

:data:`WORD_MATCH` was set from general English word pairs (inflections, derivations, unrelated words that share
letters; tests/zehn/agent/test_similarity.py), not from any question set: related pairs scored 0.38-0.91
(emit/emitted lowest), unrelated ones -0.05-0.33 (rate/ratio highest).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from functools import lru_cache
from typing import Protocol

import numpy as np

from zehn.agent.lemmas import compounds_apart, cut_short, inflects
from zehn.agent.vector_cache import VectorCache

WORD_MATCH = 0.36
SYNONYM_MATCH = 0.55  # single words by the full model: affect~impact 0.59, restore~recover 0.67, affect~add 0.22
STEM_PREFIX = 3  # words compared by vector must share this many first letters (a cheap filter, then the vector)
ABBREVIATION_MIN = 3  # a clipped word this long or longer may stand for the word it starts ("max"; not "re", "de")
CACHE_SIZE = 50_000
PAIR_CACHE_SIZE = 200_000  # word pairs' verdicts kept (a tuple key and a bool each)
POOL_CACHE_SIZE = 2048  # long word sequences (passages, documents) kept as look-up sets (:meth:`_pool`)
POOL_CACHED = 64  # a sequence this long is looked up in that cache; a shorter one (a sentence) is cheaper to rebuild
# (terms, words) calls' answers kept (:meth:`Similarity.matches`): a turn matches the same sentence's words against the
# same ask's terms from several readers, and the next question about the same documents does it again. A key holds
# its words: calls with a sentence's words (under POOL_CACHED) keep this many, calls with a passage's or a document's
# words as many as the pools (POOL_CACHE_SIZE).
MATCH_CACHE_SIZE = 32_768
TERM_CACHE_SIZE = 20_000  # single words' full-model vectors (384 float32 each: ~30 MB when full)
# The vectors ingest stored for some of the given words, by word (extraction/term_store.py: read_terms).
StoredTerms = Callable[[list[str]], Mapping[str, np.ndarray]]


class WordEmbedder(Protocol):
    def embed_each(self, texts: list[str]) -> list[list[float]]: ...

    def embed_words(self, words: list[str]) -> list[list[float]]: ...

    def word_vectors(self, words: list[str]) -> list[list[float]]: ...


class Similarity:
    def __init__(self, embedder: WordEmbedder | None, term_cache_size: int = TERM_CACHE_SIZE,
                 irregular: Mapping[str, str] | None = None, stored: StoredTerms | None = None) -> None:
        """Without an embedder only equal lemmas match and no text is embedded (search runs full-text only).
        ``irregular`` maps irregular word forms to their lemmas (:func:`zehn.agent.lemmas.irregular_forms`);
        ``stored`` reads the words' vectors ingest stored (made by ``embedder``'s model), asked before the model."""
        self.embedder = embedder
        self.stored = stored
        self.irregular: Mapping[str, str] = irregular or {}
        self._irregular_forms = frozenset(self.irregular)  # intersected with a pool (in C), not looped over
        self._pools: dict[tuple[str, ...], frozenset[str]] = {}  # :meth:`_pool`
        self._words = VectorCache(CACHE_SIZE)
        self._texts = VectorCache(CACHE_SIZE // 10)
        self._terms = VectorCache(term_cache_size)
        self._pairs: dict[tuple[str, str], bool] = {}  # (term, word) -> word vectors within WORD_MATCH
        # :meth:`matches`'s answers, for a sentence's words and for longer sequences apart (each bounded)
        self._matched: dict[tuple[tuple[str, ...], tuple[str, ...]], frozenset[str]] = {}
        self._matched_long: dict[tuple[tuple[str, ...], tuple[str, ...]], frozenset[str]] = {}
        self._pending: dict[str, Future[None]] = {}  # texts being embedded in the background (:meth:`start`)
        self._lock = threading.Lock()
        self._worker: ThreadPoolExecutor | None = None

    @property
    def available(self) -> bool:
        return self.embedder is not None

    def _word_vectors(self, words: Iterable[str]) -> dict[str, np.ndarray]:
        if self.embedder is None:
            return {}
        wanted = list(dict.fromkeys(w for w in words if w))
        missing = [w for w in wanted if self._words.get(w) is None]
        if missing:
            for word, vector in zip(missing, self.embedder.word_vectors(missing), strict=True):
                self._words.put(word, np.asarray(vector, dtype=np.float32))
        return {w: v for w in wanted if (v := self._words.get(w)) is not None}

    def word(self, a: str, b: str) -> float:
        if a == b:
            return 1.0
        vectors = self._word_vectors((a, b))
        return float(vectors[a] @ vectors[b]) if len(vectors) == 2 else 0.0

    def matches(self, terms: Sequence[str], words: Iterable[str]) -> set[str]:
        """The ``terms`` that some word of ``words`` matches: the same lemma (an irregular form counts as its lemma:
        "ran" matches "run"), or a word that shares its first
        :data:`STEM_PREFIX` letters (inflections and derivations do) and whose word vector is within WORD_MATCH
        ("retention" ~ "retained", "owner" ~ "owned", not "return" ~ "retention"). Each pair's verdict is kept
        (a few words recur in every sentence a question reads), and so is each call's answer: it depends on the
        terms and the words alone, and a turn matches one sentence against one ask's terms from several readers
        (the next question about the same documents again)."""
        listed = words if isinstance(words, tuple) else tuple(words)
        key = (terms if isinstance(terms, tuple) else tuple(terms), listed)
        kept, size = (self._matched, MATCH_CACHE_SIZE) if len(listed) < POOL_CACHED else \
            (self._matched_long, POOL_CACHE_SIZE)
        found = kept.get(key)
        if found is None:
            found = frozenset(self._matches(key[0], listed))
            if len(kept) >= size:
                kept.clear()
            kept[key] = found
        return set(found)  # a set of the caller's own: it may add to it

    def _matches(self, terms: Sequence[str], listed: tuple[str, ...]) -> set[str]:
        """:meth:`matches`, worked out."""
        # Long sequences recur (a passage read for every ask): their word sets are kept; prefix groups by word set.
        pool = self._pool(listed) if len(listed) >= POOL_CACHED else self._word_set(listed)
        terms = [t for t in terms if t]
        direct = {t for t in terms if t in pool}
        rest = [t for t in terms if t not in direct and len(t) >= STEM_PREFIX]
        if not rest or not pool or self.embedder is None:
            return direct
        # Built when some term is not there as written: a long pool's grouping is kept per word set; a sentence's
        # (rebuilt for every call, rarely met again) groups only the words that share a prefix with a term.
        by_prefix = _by_prefix(pool) if len(pool) >= POOL_CACHED else _prefixed(pool, {t[:STEM_PREFIX] for t in rest})
        nearby = {term: near for term in rest if (near := [w for w in by_prefix.get(term[:STEM_PREFIX], ())
                                                          if not compounds_apart(term, w, STEM_PREFIX)])}
        # A regular inflection is the same word whatever its vector ("rout", the lemma a tagger gives a gerund read
        # as a verb, is the question's "routing": a document's noun "routing" is not the battle word's neighbour).
        inflected = {term for term, near in nearby.items() if any(inflects(term, w) or inflects(w, term) for w in near)}
        nearby = {term: near for term, near in nearby.items() if term not in inflected}
        return direct | inflected | self._near(nearby) if nearby else direct | inflected

    def _word_set(self, words: Sequence[str]) -> frozenset[str]:
        """The words as a set, with the lemmas of irregular forms."""
        pool = set(words)
        pool.discard("")
        pool |= {self.irregular[w] for w in pool & self._irregular_forms}
        return frozenset(pool)

    def _pool(self, words: Sequence[str]) -> frozenset[str]:
        """:meth:`_word_set`, built once per distinct long word sequence: a document's or a passage's words are
        matched again for every ask and every document view of a turn, and by the next question that reads them."""
        key = words if isinstance(words, tuple) else tuple(words)
        found = self._pools.get(key)
        if found is not None:
            return found
        found = self._word_set(key)
        if len(self._pools) >= POOL_CACHE_SIZE:
            self._pools.clear()
        self._pools[key] = found
        return found

    def _near(self, nearby: Mapping[str, Sequence[str]]) -> set[str]:
        """The terms some word of whose ``nearby`` list is within :data:`WORD_MATCH` (each pair's verdict kept); the
        vectors of all pairs not judged before are read in one look-up (one tokenizer call, not one per term)."""
        pairs = [(term, w) for term, near in nearby.items() for w in near]
        with self._lock:  # the background embedder's thread shares this instance (:meth:`start`)
            known = {pair: self._pairs.get(pair) for pair in pairs}
        unknown = [pair for pair, verdict in known.items() if verdict is None]
        if unknown:
            vectors = self._word_vectors(w for pair in unknown for w in pair)
            fresh = {(t, w): float(vectors[t] @ vectors[w]) >= WORD_MATCH for t, w in unknown}
            clipped = [(t, w) for (t, w), alike in fresh.items() if not alike and cut_short(w, t, ABBREVIATION_MIN)]
            if clipped:  # "dim" for "dimension": the full model, one batched call for the turn's new pairs
                both = list(dict.fromkeys(x for pair in clipped for x in pair))
                full = dict(zip(both, self._term_vectors(both), strict=True))
                fresh.update({(t, w): float(full[t] @ full[w]) >= SYNONYM_MATCH for t, w in clipped})
            known.update(fresh)
            with self._lock:
                if len(self._pairs) > PAIR_CACHE_SIZE:
                    self._pairs.clear()
                self._pairs.update(fresh)
        return {term for (term, _), verdict in known.items() if verdict}

    def synonym(self, word: str, words: Iterable[str]) -> bool:
        """Some word of ``words`` means nearly the same as ``word`` by the full model (each word embedded alone,
        cached): "affected" ~ "impacted", "restore" ~ "recover". Stricter than :data:`WORD_MATCH` because
        single words out of context are noisy."""
        pool = [w for w in dict.fromkeys(words) if w and w != word]
        if not pool or self.embedder is None:
            return False
        vectors = self._term_vectors([word, *pool])
        return max(float(vectors[0] @ v) for v in vectors[1:]) >= SYNONYM_MATCH

    def prefetch(self, words: Iterable[str]) -> None:
        """Embed the words :meth:`synonym` will be asked about that are not cached yet, in one model call."""
        if self.embedder is not None:
            self._term_vectors([w for w in words if w])

    def _term_vectors(self, words: Sequence[str]) -> list[np.ndarray]:
        assert self.embedder is not None
        found = {w: v for w in dict.fromkeys(words) if (v := self._terms.get(w)) is not None}
        missing = [w for w in dict.fromkeys(words) if w not in found]
        if missing and self.stored is not None:  # one graph read where a model call cost ~8 ms
            for term, vector in self.stored(missing).items():
                self._terms.put(term, vector)
                found[term] = vector
            missing = [w for w in missing if w not in found]
        if missing:
            # One padded batch: single words are a few word pieces each, so padding costs nothing and one
            # forward pass replaces one per word.
            for term, raw in zip(missing, self.embedder.embed_words(missing), strict=True):
                vector = np.asarray(raw, dtype=np.float32)
                self._terms.put(term, vector)
                found[term] = vector
        return [found[w] for w in words]

    def start(self, texts: Sequence[str]) -> None:
        """Begin embedding ``texts`` in the background and return at once; :meth:`texts` waits for them. The
        model runs outside the interpreter lock, so the question is embedded while it is parsed and its asks
        while the first searches run: the same vectors, sooner. An embedder failure is raised by the
        :meth:`texts` call that needs the vectors, in the caller's thread."""
        if self.embedder is None:
            return
        with self._lock:
            missing = [t for t in dict.fromkeys(texts) if t not in self._pending and self._texts.get(t) is None]
            if not missing:
                return
            if self._worker is None:
                self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="zehn-embed")
            future = self._worker.submit(self._embed_texts, missing)
            for text in missing:
                self._pending[text] = future

    def _embed_texts(self, texts: list[str]) -> None:
        assert self.embedder is not None
        try:
            for text, raw in zip(texts, self.embedder.embed_each(texts), strict=True):
                self._texts.put(text, np.asarray(raw, dtype=np.float32))
        finally:
            with self._lock:
                for text in texts:
                    self._pending.pop(text, None)

    def phrases(self, texts: Sequence[str]) -> list[np.ndarray]:
        """:meth:`texts` for a few short phrases ("to roll back"), those not cached in one padded batch (masked: each
        vector is its own pass's to the last bit); CPU, one thread, 70 act phrases: ~1.3 ms each batched, ~4.3 alone."""
        return self._embedded(texts, self.embedder.embed_words) if self.embedder is not None else []

    def texts(self, texts: Sequence[str]) -> list[np.ndarray]:
        """Full-model embeddings of short texts (one model call for those not cached; each text's vector
        the one its own forward pass gives: :meth:`extraction.embeddings.LocalEmbedder.embed_each`)."""
        if self.embedder is None:
            return []
        with self._lock:
            waiting = {id(f): f for t in texts if (f := self._pending.get(t)) is not None}
        for future in waiting.values():
            future.result()  # re-raises the embedder's error here
        return self._embedded(texts, self.embedder.embed_each)

    def _embedded(self, texts: Sequence[str], embed: Callable[[list[str]], list[list[float]]]) -> list[np.ndarray]:
        missing = list(dict.fromkeys(t for t in texts if self._texts.get(t) is None))
        for text, raw in zip(missing, embed(missing) if missing else [], strict=True):
            self._texts.put(text, np.asarray(raw, dtype=np.float32))
        out: list[np.ndarray] = []
        for text in texts:
            found = self._texts.get(text)
            assert found is not None
            out.append(found)
        return out


def _prefixed(pool: frozenset[str], prefixes: set[str]) -> dict[str, list[str]]:
    """The words of ``pool`` that start with one of ``prefixes`` (:data:`STEM_PREFIX` letters), grouped by it: the
    part of :func:`_by_prefix` a call reads."""
    out: dict[str, list[str]] = {}
    for word in pool:
        if word[:STEM_PREFIX] in prefixes:
            out.setdefault(word[:STEM_PREFIX], []).append(word)
    return out


PREFIX_CACHE_SIZE = 4096  # sentences' word sets kept grouped: a turn matches each read sentence for several asks


@lru_cache(maxsize=PREFIX_CACHE_SIZE)
def _by_prefix(pool: frozenset[str]) -> dict[str, tuple[str, ...]]:
    """The words grouped by their first :data:`STEM_PREFIX` letters (shared between calls: read, never changed).
    Tuples, not lists: the cyclic collector stops tracking a tuple of strings (and then the dict that holds only
    such tuples), so the few thousand kept groupings cost no full collection anything (lists it walks each time)."""
    out: dict[str, list[str]] = {}
    for word in pool:
        out.setdefault(word[:STEM_PREFIX], []).append(word)
    return {prefix: tuple(group) for prefix, group in out.items()}
