"""The single-word vectors :meth:`Similarity.synonym` compares are embedded once per word per process, the words
of one ask in one model call, and a cached vector gives the answer a fresh one would."""

from __future__ import annotations

import numpy as np
import pytest

from extraction.embeddings import LocalEmbedder
from extraction.errors import ModelUnavailable
from zehn.agent.similarity import POOL_CACHED, Similarity


class CountingEmbedder:
    """The real embedder, counting the batched calls and the texts each one embeds."""

    def __init__(self, real: LocalEmbedder) -> None:
        self.real = real
        self.calls: list[list[str]] = []

    def embed_each(self, texts: list[str]) -> list[list[float]]:
        raise AssertionError("single words are embedded in one batch, never one forward pass each")

    def embed_words(self, words: list[str]) -> list[list[float]]:
        self.calls.append(list(words))
        return self.real.embed_words(words)

    def word_vectors(self, words: list[str]) -> list[list[float]]:
        return self.real.word_vectors(words)

    @property
    def embedded(self) -> list[str]:
        return [t for call in self.calls for t in call]


@pytest.fixture
def counting(embedder: LocalEmbedder) -> CountingEmbedder:
    return CountingEmbedder(embedder)


def test_an_asks_words_go_to_the_model_in_one_call(counting: CountingEmbedder) -> None:
    similarity = Similarity(counting)
    similarity.prefetch(["affect", "impact", "add", "restore", "impact"])
    assert counting.calls == [["affect", "impact", "add", "restore"]]
    assert similarity.synonym("affect", ["impact", "add"])
    assert not similarity.synonym("affect", ["add"])
    assert len(counting.calls) == 1


def test_each_distinct_word_is_embedded_once_across_asks(counting: CountingEmbedder) -> None:
    similarity = Similarity(counting)
    similarity.synonym("affect", ["impact", "add"])
    similarity.synonym("affect", ["impact", "recover"])
    similarity.prefetch(["restore", "recover", "add"])
    similarity.synonym("restore", ["recover"])
    assert sorted(counting.embedded) == sorted({"affect", "impact", "add", "recover", "restore"})
    assert len(counting.calls) == 3  # the two checks and the prefetch each met a word not seen before


def test_the_least_recently_used_word_is_evicted(counting: CountingEmbedder) -> None:
    similarity = Similarity(counting, term_cache_size=2)
    similarity.prefetch(["affect", "impact"])
    similarity.prefetch(["affect"])  # used again: now "impact" is the oldest
    similarity.prefetch(["add"])
    similarity.prefetch(["affect", "impact"])
    assert counting.calls == [["affect", "impact"], ["add"], ["impact"]]


def test_cached_vectors_decide_as_fresh_ones_do(embedder: LocalEmbedder, counting: CountingEmbedder) -> None:
    pairs = [("affect", ["impact"]), ("affect", ["add", "mention"]), ("restore", ["recover"]),
             ("approve", ["sign", "append"])]
    warm = Similarity(counting)
    warm.prefetch([w for word, pool in pairs for w in (word, *pool)])
    cached = [warm.synonym(word, pool) for word, pool in pairs]
    fresh = [Similarity(CountingEmbedder(embedder)).synonym(word, pool) for word, pool in pairs]
    assert cached == fresh
    assert cached[0] and not cached[1]


def test_without_an_embedder_prefetch_embeds_nothing() -> None:
    bare = Similarity(None)
    bare.prefetch(["affect", "impact"])
    assert not bare.synonym("affect", ["impact"])


class CountingWords(CountingEmbedder):
    """Counts the words whose context-free vectors are looked up."""

    def __init__(self, real: LocalEmbedder) -> None:
        super().__init__(real)
        self.looked_up: list[str] = []

    def word_vectors(self, words: list[str]) -> list[list[float]]:
        self.looked_up += words
        return self.real.word_vectors(words)


def test_a_word_pairs_verdict_is_kept_and_gives_the_same_matches(embedder: LocalEmbedder) -> None:
    counting = CountingWords(embedder)
    similarity = Similarity(counting)
    first = similarity.matches(["retention", "owner", "return"], ["retained", "owned", "rate"])
    looked = len(counting.looked_up)
    again = similarity.matches(["retention", "owner", "return"], ["owned", "retained", "rate", ""])
    assert first == again == {"retention", "owner"}
    assert len(counting.looked_up) == looked  # no vector is read again for a pair already judged


def test_a_repeated_match_is_answered_from_the_kept_call_as_a_fresh_instance_answers(embedder: LocalEmbedder,
                                                                                     ) -> None:
    terms = ["retention", "owner", "return", "dim"]
    words = ["retained", "owned", "rate", "dimensions", "ran"]
    similarity = Similarity(CountingWords(embedder), irregular={"ran": "run"})
    first = similarity.matches(terms, words)
    worked: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
    similarity._matches = lambda t, w: worked.append((tuple(t), w)) or set()  # type: ignore[method-assign]
    again = similarity.matches(tuple(terms), iter(words))  # the same terms and words, as a tuple and an iterator
    assert worked == []  # answered from the kept call
    assert again == first == Similarity(embedder, irregular={"ran": "run"}).matches(terms, words)
    again.add("changed by its caller")
    assert similarity.matches(terms, words) == first  # each caller gets a set of its own
    similarity.matches(terms, [*words, "log"])  # other words: worked out
    assert worked == [(tuple(terms), (*words, "log"))]


def test_kept_matches_stay_within_their_bounds_for_short_and_long_word_lists(embedder: LocalEmbedder,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("zehn.agent.similarity.MATCH_CACHE_SIZE", 2)
    monkeypatch.setattr("zehn.agent.similarity.POOL_CACHE_SIZE", 1)
    similarity = Similarity(embedder)
    long_words = [f"word{n}" for n in range(POOL_CACHED)]
    for n in range(5):
        assert similarity.matches(["log"], ["log", f"extra{n}"]) == {"log"}
        assert similarity.matches(["word1"], [*long_words, f"extra{n}"]) == {"word1"}
    assert len(similarity._matched) <= 2 and len(similarity._matched_long) <= 1


class CountingTexts(CountingEmbedder):
    """Counts the texts embedded one forward pass each (questions and asks)."""

    def __init__(self, real: LocalEmbedder) -> None:
        super().__init__(real)
        self.each: list[str] = []

    def embed_each(self, texts: list[str]) -> list[list[float]]:
        self.each += texts
        return self.real.embed_each(texts)


class BrokenModel(CountingEmbedder):
    def embed_each(self, texts: list[str]) -> list[list[float]]:
        raise ModelUnavailable("the embedding model is gone")


def test_a_text_started_in_the_background_is_embedded_once_and_gives_the_same_vector(
        embedder: LocalEmbedder) -> None:
    counting = CountingTexts(embedder)
    similarity = Similarity(counting)
    question, ask = "Who approved the rollback of the export job?", "who approved"
    similarity.start([question])
    similarity.start([question, ask])
    got = similarity.texts([question, ask])
    assert sorted(counting.each) == sorted([question, ask])
    fresh = Similarity(CountingTexts(embedder.with_empty_cache())).texts([question, ask])
    assert all(np.array_equal(a, b) for a, b in zip(got, fresh, strict=True))


def test_a_background_embedding_failure_is_raised_where_the_vector_is_needed(embedder: LocalEmbedder) -> None:
    similarity = Similarity(BrokenModel(embedder))
    similarity.start(["Which team owns billing?"])  # returns at once, whatever the model does
    with pytest.raises(ModelUnavailable):
        similarity.texts(["Which team owns billing?"])


def test_a_long_word_list_read_again_matches_as_it_did_the_first_time(embedder: LocalEmbedder) -> None:
    """A passage's or a document's words are kept as a look-up pool (every ask reads them again): the pooled
    verdicts are a fresh instance's, irregular forms and prefix-near words included."""
    text = ("the retention of audit events ran for ninety days while owners retained the keys " * 5).split()
    assert len(text) >= POOL_CACHED
    pooled = Similarity(embedder, irregular={"ran": "run"})
    terms = ("retain", "run", "owner", "audit", "ratio", "return")
    first = pooled.matches(terms, text)
    assert pooled.matches(terms, list(text)) == first == Similarity(embedder, irregular={"ran": "run"}).matches(
        terms, iter(text))
    assert {"retain", "run", "owner", "audit"} <= first and "return" not in first


class CountingLookups(CountingEmbedder):
    """Counts the calls that look up context-free word vectors."""

    def __init__(self, real: LocalEmbedder) -> None:
        super().__init__(real)
        self.lookups: list[list[str]] = []

    def word_vectors(self, words: list[str]) -> list[list[float]]:
        self.lookups.append(list(words))
        return self.real.word_vectors(words)


def test_one_match_call_looks_up_its_words_vectors_once(embedder: LocalEmbedder) -> None:
    counting = CountingLookups(embedder)
    similarity = Similarity(counting)
    found = similarity.matches(["retention", "owner", "return"], ["retained", "owned", "rate"])
    assert found == {"retention", "owner"}
    assert len(counting.lookups) == 1


def test_prefix_groups_are_kept_in_a_bounded_cache() -> None:
    from zehn.agent.similarity import PREFIX_CACHE_SIZE, _by_prefix

    _by_prefix.cache_clear()
    pool = frozenset({"owner", "owned", "rate"})
    assert _by_prefix(pool) is _by_prefix(frozenset({"rate", "owned", "owner"}))
    assert _by_prefix.cache_info().maxsize == PREFIX_CACHE_SIZE
    assert sorted(_by_prefix(pool)["own"]) == ["owned", "owner"]


def test_prefix_groups_leave_the_cyclic_collector_once_collected() -> None:
    import gc

    from zehn.agent.similarity import _by_prefix

    groups = _by_prefix(frozenset({"owner", "owned", "ownership", "rate"}))
    gc.collect()
    assert not any(gc.is_tracked(group) for group in groups.values())


def test_a_short_pool_groups_only_the_prefixes_asked_and_as_the_full_grouping_does() -> None:
    from zehn.agent.similarity import _by_prefix, _prefixed

    pool = frozenset({"owner", "owned", "ownership", "rate", "ratio", "log"})
    wanted = {"own", "rat", "xyz"}
    full = {p: sorted(g) for p, g in _by_prefix(pool).items() if p in wanted}
    assert {p: sorted(g) for p, g in _prefixed(pool, wanted).items()} == full
    assert set(_prefixed(pool, wanted)) == {"own", "rat"}
