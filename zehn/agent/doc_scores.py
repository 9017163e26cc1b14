"""A read document's score, from what was read of it alone: the same on every build of the indexes, and the same
whichever other documents were read with it (:func:`exact_scores`), and the discount its passage count takes off
it when the documents are ordered (:func:`length_discount`). Used by :func:`zehn.agent.retrieve.documents`."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from zehn.agent.doc_subjects import rarity_shares, subject_shares
from zehn.agent.lexical import PASSAGE_TERMS_CACHED, lexical_scores, passage_terms, terms
from zehn.agent.question_names import NAME_WEIGHT, name_shares
from zehn.agent.rows import DocPassage, DocumentInfo
from zehn.agent.text_index import text_index

# The read documents' word match next to their vector similarity (see exact_scores). Chosen on the tune halves:
# 0.1, 0.2, 0.3 and 0.5 were measured with eval.sh (full); 0.3 and 0.5 gave the same figures on every set (0.1 and
# 0.2 less), and the gold document ranked first for about as many tune questions at any weight from 0.3 to 1.0:
# 0.5 sits inside both ranges, not at an edge.
LEXICAL_WEIGHT = 0.5
# The read documents' subject match (title, or a chat thread's opening message: zehn.agent.doc_subjects) next to
# the rest, so that among documents of one kind the one about the asked case ranks first.
SUBJECT_WEIGHT = 0.3
# A document's nearest passage and best word match are each the best of its passages: a long document (a runbook of
# fifty sections, a chat export of one passage per message, a ticket with a long comment thread) draws many times,
# and its best draw beats a short document's by chance alone, though the short one is about the asked case (a
# two-message thread, a ticket whose summary states it). Each document is ranked as if its score were lower by this
# much per natural-log unit of its passage count, the way the best of n similar draws grows. Chosen on the tune
# halves with bench/ranking.py: gold ranked first for 196 of 220 tune questions at 0.0, 198 at 0.02-0.04, 200-201
# from 0.06 to 0.15, 197 at 0.2; 0.1 sits inside that range, not at an edge. It orders the documents only: a view's
# score, which the near-document shares compare, is left as it was (lowered too, it dropped the gold document of a
# public tune question out of those shares, where binding had picked it). Re-tested with plural-folded names
# (zehn.agent.question_names.name_forms) and, offline on the same read sets, with BM25 word rarity counted over the
# whole corpus and with vectors of each ~90-word window of a long passage: without the discount 3-5 fewer tune
# questions ranked their gold document first in each case (facts3 -2, facts5, facts6, graph_own -1 each, public
# +1); 0.08 to 0.12 gave 202-203 of 220 (with plural names): it still helps, and 0.1 is not an edge value.
LENGTH_DISCOUNT = 0.1
# The share of the question's words the whole document holds, anywhere (coverage_shares), next to the rest. The
# nearest passage and the best passage's words each see one passage: among sibling documents of one topic (tickets
# of one symptom, threads of one channel) the one about the asked case holds the question's rarer words across its
# sections (the symptom in its summary, the asked fix in a comment), a sibling only the common ones. Chosen on the
# tune halves with bench/ranking.py (every set's tune half, para's whole): gold ranked first for 246 of 279
# questions without it, 249 at 0.2, 251 at 0.3, 250 at 0.5 (7 up, 2 down at 0.3); 0.3 is not an edge value.
# Counting how often a document says each word (BM25 over its whole text, saturating, idf over the first 12 read,
# the first 5 lifted by a share of their best) was tried beside it and left out: gold ranked first for 369-371 of
# 412 tune questions at weights 0.2-0.5 against 372 without, and at 0.5 zehn eval lost six right answers (six
# documents) for one gained.
COVERAGE_WEIGHT = 0.3
# The share of the words by which the question names its document ("the stream truncation ticket") that a
# document's subject holds (zehn.agent.doc_references), next to the rest. Chosen on the tune halves with
# bench/ranking.py (every set's tune half, para's whole), with the coverage weight at 0.3: gold ranked first for 251
# of 279 questions without it, 253 at 0.15, 0.3 and 0.6 alike (one named document lifted to first, another kept
# first that the coverage alone had moved down); 0.3 sits inside that range.
REFERENCE_WEIGHT = 0.3
# A document retrieval cannot tell apart from the best-ranked one (zehn.agent.bind_passages.NEAR_DOCUMENT) takes
# part in choosing the answering document only when it holds at least this share of the question's words that the
# best-ranked one holds anywhere (held_terms, each word once): a sibling on the same topic (another environment's
# canary, another customer's ticket) is scored as near by its best passage and may bind more of the words in its
# lines, yet lacks the words that name the asked case. Chosen on the tune halves (every set; para, para3, para4
# whole), from the 31 questions with two or more near documents bound: the sibling that answered in the gold's place
# held 0.57 and 0.75 of the best-ranked one's words, the gold documents that rightly answered in the best-ranked
# one's place held 1.0 to 1.29; 0.85 sits between, not at an edge. Measured with zehn eval on every tune set: one
# wrong document became the right answer, one became a decline, nothing else moved.
NEAR_COVERAGE = 0.85


def exact_scores(read: list[tuple[DocumentInfo, list[DocPassage]]], question: str, names: Sequence[str] = (),
                 subjects: dict[str, float] | None = None, referred: dict[str, float] | None = None
                 ) -> dict[str, float]:
    """Each read document's score from what was read, the same on every build of the indexes: its nearest
    passage's similarity to the question (exact distances) plus :data:`LEXICAL_WEIGHT` times its best passage's
    word match (:func:`zehn.agent.lexical.lexical_scores`, BM25 over the read passages, 1.0 for a full match) plus
    :data:`~zehn.agent.question_names.NAME_WEIGHT` times the share of the question's ``names`` it mentions plus
    :data:`SUBJECT_WEIGHT` times the share of the question its subject holds (``subjects``, else computed here)
    plus :data:`COVERAGE_WEIGHT` times the share of the question's words the whole document holds
    (:func:`coverage_shares`) plus :data:`REFERENCE_WEIGHT` times the share of the words naming the question's
    document its subject holds (``referred``: :func:`zehn.agent.doc_references.reference_shares`; none by default).
    The documents are ordered by it less their :func:`length_discount` (:func:`zehn.agent.retrieve.documents`).

    The indexes' own rankings are left out here because neither is stable across server starts of the same
    graph: the vector index is approximate and rebuilt on load, and the full-text scores of the same query over
    the same stored graph were measured to differ from one start to the next (and to change in the seconds
    after the index reports itself operational)."""
    lexical = lexical_scores(question, read)
    # A question that names nothing gives every document 0.0 (name_shares): its documents are not indexed for it.
    named = name_shares(names, {info.id: text_index(info.title + "\n" + "\n".join(p.text for p in passages))
                                for info, passages in read}) if names else dict.fromkeys((i.id for i, _ in read), 0.0)
    subject = subject_shares(question, read) if subjects is None else subjects
    covered = coverage_shares(question, read)
    named_by = referred or {}
    return {info.id: exact_nearest(passages) + LEXICAL_WEIGHT * lexical[info.id] + NAME_WEIGHT * named[info.id]
            + SUBJECT_WEIGHT * subject[info.id] + COVERAGE_WEIGHT * covered[info.id]
            + REFERENCE_WEIGHT * named_by.get(info.id, 0.0) for info, passages in read}


def coverage_shares(question: str, read: Sequence[tuple[DocumentInfo, Sequence[DocPassage]]]) -> dict[str, float]:
    """Each read document's share of the question's words (folded, :func:`zehn.agent.lexical.terms`) that its
    title or any of its passages holds, each word weighted by its rarity among the read documents
    (:func:`zehn.agent.doc_subjects.rarity_shares`): a word every candidate holds tells none apart, one only the
    asked case's document holds tells it from its siblings."""
    asked = list(dict.fromkeys(terms(question)))
    return rarity_shares(asked, {info.id: set(held_terms(asked, info, passages)) for info, passages in read})


def held_terms(asked: Sequence[str], info: DocumentInfo, passages: Sequence[DocPassage]) -> frozenset[str]:
    """The ``asked`` terms (folded, :func:`zehn.agent.lexical.terms`) that a document's title or any of its
    passages holds: what it holds of the question anywhere, however often."""
    words = set(terms(info.title)).union(*(_passage_terms(p.text) for p in passages))
    return frozenset(t for t in asked if t in words)


@lru_cache(maxsize=PASSAGE_TERMS_CACHED)
def _passage_terms(text: str) -> frozenset[str]:
    return frozenset(passage_terms(text))  # the terms lexical_scores (and the corpus index) folded for the text


def length_discount(passages: int) -> float:
    """How much a document of ``passages`` read passages is lowered for having that many best-of draws
    (:data:`LENGTH_DISCOUNT` times its natural log; 0.0 for one passage). It depends on the document alone, so a
    document's score still does not depend on which other documents were read."""
    return LENGTH_DISCOUNT * math.log(max(passages, 1))


def exact_nearest(passages: list[DocPassage]) -> float:
    """The similarity of a document's nearest passage to the question (1 - cosine distance, exact)."""
    return max((1.0 - p.distances[0] for p in passages if p.distances), default=0.0)


def holds_as_much(question: str, first: tuple[DocumentInfo, Sequence[DocPassage]],
                  other: tuple[DocumentInfo, Sequence[DocPassage]]) -> bool:
    """Whether ``other`` holds at least :data:`NEAR_COVERAGE` of the question's words that ``first`` holds anywhere
    (:func:`held_terms`)."""
    asked = list(dict.fromkeys(terms(question)))
    return len(held_terms(asked, *other)) >= NEAR_COVERAGE * len(held_terms(asked, *first))
