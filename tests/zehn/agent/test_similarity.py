"""Term similarity from the local embedder: inflections and derivations meet, unrelated words do not. These pairs
are general English, chosen before WORD_MATCH and SYNONYM_MATCH were set (zehn/agent/similarity.py)."""

from __future__ import annotations

import numpy as np
import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from zehn.agent.lemmas import compounds_apart, irregular_forms
from zehn.agent.similarity import POOL_CACHED, STEM_PREFIX, Similarity

RELATED = [("retention", "retained"), ("retain", "retention"), ("mitigation", "mitigated"), ("assignee", "assign"),
           ("restore", "restoration"), ("require", "required"), ("emit", "emitted"), ("increment", "incrementing")]
UNRELATED = [("retention", "return"), ("field", "fifth"), ("owner", "output"), ("cause", "cache"),
             ("deploy", "depend"), ("approve", "append")]


@pytest.fixture(scope="module")
def similarity(embedder: LocalEmbedder) -> Similarity:
    return Similarity(embedder)


@pytest.mark.parametrize(("term", "word"), RELATED)
def test_inflections_and_derivations_match(similarity: Similarity, term: str, word: str) -> None:
    assert similarity.matches([term], [word]) == {term}


@pytest.mark.parametrize(("term", "word"), UNRELATED)
def test_unrelated_words_sharing_letters_do_not(similarity: Similarity, term: str, word: str) -> None:
    assert similarity.matches([term], [word]) == set()


# Words cut short as documents write keys and chat lines; and short starts of other words that are no abbreviation.
CLIPPED = [("dimension", "dim"), ("configuration", "config"), ("maximum", "max"), ("parameter", "param"),
           ("repository", "repo")]
NOT_CLIPPED = [("restore", "rest"), ("deployment", "dep"), ("patch", "pat"), ("artifact", "art"),
               ("retention", "ret"), ("period", "per")]


@pytest.mark.parametrize(("term", "word"), CLIPPED)
def test_a_word_cut_short_matches_the_word_it_starts(similarity: Similarity, term: str, word: str) -> None:
    assert similarity.matches([term], [word]) == {term}


@pytest.mark.parametrize(("term", "word"), NOT_CLIPPED)
def test_a_short_start_of_another_word_does_not(similarity: Similarity, term: str, word: str) -> None:
    assert similarity.matches([term], [word]) == set()


def test_synonyms_meet_only_by_the_full_model(similarity: Similarity) -> None:
    assert similarity.synonym("affected", ["impacted"])
    assert not similarity.synonym("affected", ["added", "mentioned"])


def test_without_an_embedder_only_equal_words_match() -> None:
    bare = Similarity(None)
    assert bare.matches(["retain", "log"], ["retained", "log"]) == {"log"}
    assert bare.texts(["anything"]) == []


def test_an_irregular_form_matches_its_lemma_without_an_embedder(nlp: Language) -> None:
    forms = irregular_forms(nlp)
    assert forms["ran"] == "run" and forms["broke"] == "break" and forms["children"] == "child"
    bare = Similarity(None, irregular=forms)
    assert bare.matches(["run", "break", "canary"], ["ran", "the", "canary"]) == {"run", "canary"}
    assert bare.matches(["write"], ["wrote"]) == {"write"} and bare.matches(["write"], ["ran"]) == set()


def test_a_short_and_a_long_word_list_match_the_same_terms(similarity: Similarity) -> None:
    # A list of POOL_CACHED words or more is grouped once and cached; a shorter one is grouped only when a term is
    # not in it as written: both must give the same verdicts.
    words = ["retained", "the", "log", "field", "output"]
    filler = [f"filler{n}" for n in range(POOL_CACHED)]
    terms = ["retention", "log", "fifth", "owner", "ab"]
    assert similarity.matches(terms, words) == similarity.matches(terms, words + filler) == {"retention", "log"}
    assert similarity.matches(["log"], ["log"]) == {"log"}


# A gerund a tagger read as a verb gets a clipped lemma ("routing" -> "rout"); its vector is far from the noun's.
INFLECTED = [("rout", "routing"), ("routing", "rout"), ("stag", "staging")]


@pytest.mark.parametrize(("term", "word"), INFLECTED)
def test_a_regular_inflection_matches_whatever_its_vector(similarity: Similarity, term: str, word: str) -> None:
    assert similarity.matches([term], [word]) == {term}


def test_a_longer_word_that_is_no_inflection_does_not_match_by_spelling(similarity: Similarity) -> None:
    assert similarity.matches(["port"], ["portal"]) == set()


class Spying:
    """The embedder, counting the words the model is run on."""

    def __init__(self, embedder: LocalEmbedder) -> None:
        self.embedder = embedder
        self.embedded: list[str] = []

    def embed_each(self, texts: list[str]) -> list[list[float]]:
        return self.embedder.embed_each(texts)

    def word_vectors(self, words: list[str]) -> list[list[float]]:
        return self.embedder.word_vectors(words)

    def embed_words(self, words: list[str]) -> list[list[float]]:
        self.embedded.extend(words)
        return self.embedder.embed_words(words)


def test_stored_word_vectors_are_read_before_the_model_runs(embedder: LocalEmbedder) -> None:
    stored = {w: np.asarray(v, dtype=np.float32)
              for w, v in zip(["impacted", "added"], embedder.embed_words(["impacted", "added"]), strict=True)}
    asked: list[list[str]] = []

    def read(words: list[str]) -> dict[str, np.ndarray]:
        asked.append(list(words))
        return {w: stored[w] for w in words if w in stored}

    spy = Spying(embedder)
    similarity = Similarity(spy, stored=read)
    assert similarity.synonym("affected", ["impacted"])
    assert not similarity.synonym("affected", ["added"])
    assert asked == [["affected", "impacted"], ["added"]]  # each word looked up once, then kept
    assert spy.embedded == ["affected"]  # the one word no ingest stored


class OnePassPerPhrase:
    """The embedder for :meth:`Similarity.phrases`: batched calls only, each phrase at most once (a second request
    for one, or a pass of its own, fails the test)."""

    def __init__(self, embedder: LocalEmbedder) -> None:
        self.embedder = embedder
        self.batches: list[list[str]] = []

    def embed_each(self, texts: list[str]) -> list[list[float]]:
        raise AssertionError(f"phrases embedded one pass each: {texts}")

    def word_vectors(self, words: list[str]) -> list[list[float]]:
        raise AssertionError("no word table look-up expected")

    def embed_words(self, words: list[str]) -> list[list[float]]:
        again = {w for batch in self.batches for w in batch} & set(words)
        assert not again, f"embedded again: {again}"
        self.batches.append(list(words))
        return self.embedder.embed_words(words)


def test_phrases_not_seen_yet_are_embedded_in_one_batch_and_kept(embedder: LocalEmbedder) -> None:
    spy = OnePassPerPhrase(embedder.with_empty_cache())
    similarity = Similarity(spy)
    first = similarity.phrases(["to roll back", "to spot", "to roll back"])
    second = similarity.phrases(["to spot", "to sign off on"])
    assert spy.batches == [["to roll back", "to spot"], ["to sign off on"]]
    assert first[1] is second[0]  # the kept vector, not a new pass
    # The same bits as each phrase's own unpadded pass (what :meth:`Similarity.texts` gives).
    alone = Similarity(embedder.with_empty_cache()).texts(["to roll back", "to spot", "to sign off on"])
    assert [v.tobytes() for v in (first[0], first[1], second[1])] == [v.tobytes() for v in alone]
    assert Similarity(None).phrases(["to spot"]) == []


# Hyphenated compounds that share their first part and then go apart are other words; the context-free vector of a
# compound leans on its first piece, so these pairs came out alike before the parts were compared.
APART = [("per-user", "per-device"), ("read-only", "read-write"), ("self-serve", "self-signed"),
         ("rack-7", "rack-9"), ("zone-b-1", "zone-b-12")]
TOGETHER = [("sign-up", "sign-ups"), ("per-user", "per-user"), ("cross-team", "cross-teams")]


@pytest.mark.parametrize(("term", "word"), APART)
def test_compounds_that_part_after_a_shared_first_part_do_not_match(similarity: Similarity, term: str,
                                                                     word: str) -> None:
    assert compounds_apart(term, word, STEM_PREFIX)
    assert similarity.matches([term], [word]) == set()


@pytest.mark.parametrize(("term", "word"), TOGETHER)
def test_a_compound_matches_its_own_inflection(similarity: Similarity, term: str, word: str) -> None:
    assert not compounds_apart(term, word, STEM_PREFIX)
    assert similarity.matches([term], [word]) == {term}


def test_compounds_whose_differing_parts_start_alike_are_left_to_the_vector() -> None:
    assert not compounds_apart("per-seat", "per-seating", STEM_PREFIX)  # a derivation of the part: the vector decides
    assert not compounds_apart("read-only", "readonly", STEM_PREFIX)  # one is no compound: the vector decides
