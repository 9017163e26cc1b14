"""Pure graders: one question and one answer record in, a grade out; grades in, summary figures out.

Status buckets: ``answered``; ``abstained`` (abstained, unknown_entity, not_in_graph); ``refused`` (the citation
gate rejected the draft); ``other`` (ambiguous, unavailable, error). A question counts as **declined** when it was
not answered and the system did not fail (status not ``unavailable`` / ``error``): abstaining, refusing and asking
back (ambiguous) all decline to assert an answer.

Figures over benchmark questions (``None`` where nothing was counted):

- ``abstention_recall``: declined ÷ Info-Not-Found questions;
- ``false_abstention``: declined ÷ answerable questions;
- ``cited_doc_precision``: answered answerable questions whose citations (at least one) are all gold documents,
  ÷ answered answerable questions;
- ``gold_doc_recall``: answerable questions with at least one gold document cited ÷ answerable questions;
- ``support_recall``: mean over answerable questions of the share of key terms (see ``terms``) found in the
  cited sentences; a declined question scores 0, so declining is never rewarded here;
- ``facts_covered``: mean over answerable questions of the share of reference facts the cited text carries (see
  ``facts``; a declined question scores 0); ``answered_right``: answered answerable questions covering at least half
  of their facts ÷ answerable questions; ``median_cited_words``: median length of the cited text of answered
  answerable questions;
- ``exclusions_cited``: answered answerable questions whose answer key lists exclusions and whose cited text carries
  one (see ``facts``) ÷ answered answerable questions whose key lists any (``None`` when no key lists one);
- ``fabricated_citations``: cited spans that did not resolve or whose text is not the document slice (must be 0).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .facts import answered_right, carries_exclusion, grade_facts, reference_facts, word_count
from .questions import BenchQuestion, GraphQuestion
from .records import AnswerRecord
from .terms import key_terms, support, term_found, token_keys

ABSTAINED = frozenset({"abstained", "unknown_entity", "not_in_graph"})
FAILED = frozenset({"unavailable", "error"})
_NEGATED_OR_PLANNED = re.compile(
    r"\b(?:not|never|no|no longer|planned|plans?|will|future|roadmap|later|yet)\b|n't\b", re.IGNORECASE)
_SENTENCE_SPLIT = re.compile(r"(?<=[.!?])\s+|\n+")


def bucket(status: str) -> str:
    if status == "answered":
        return "answered"
    if status in ABSTAINED:
        return "abstained"
    if status == "refused":
        return "refused"
    return "other"


def declined(status: str) -> bool:
    return status != "answered" and status not in FAILED


def percentile(values: Sequence[float], q: float) -> float | None:
    """Linear-interpolated percentile (q in 0..100); None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100.0
    lo, hi = math.floor(pos), math.ceil(pos)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def _ratio(num: int, den: int) -> float | None:
    return round(num / den, 4) if den else None


@dataclass(frozen=True)
class BenchGrade:
    question_id: str
    category: str
    answerable: bool
    bucket: str
    declined: bool
    all_cited_gold: bool  # answered, at least one citation, every cited document gold
    gold_cited: bool
    support: float | None  # None for questions that must be declined
    facts_covered: float | None  # None for questions that must be declined
    answered_right: bool
    cited_words: int | None  # None unless answered
    excluded_cited: bool | None  # None unless answered with an answer key that lists exclusions
    missing_terms: tuple[str, ...]
    fabricated: int
    latency_ms: float


def grade_bench(question: BenchQuestion, record: AnswerRecord) -> BenchGrade:
    gold = frozenset(question.gold_doc_ids)
    cited = record.cited_documents
    answered = record.status == "answered"
    score: float | None = None
    covered: float | None = None
    right = False
    missing: tuple[str, ...] = ()
    if question.answerable:
        terms = key_terms(question.answer_facts or (question.answer,))
        found, lost = support(terms, record.cited_text if answered else "")
        score = len(found) / len(terms) if terms else (1.0 if answered else 0.0)
        missing = tuple(t.text for t in lost)
        facts = grade_facts(reference_facts(question.answer_facts, question.answer), record.cited_text, answered)
        covered, right = facts.share, answered_right(facts, answered)
    words = word_count(record.cited_text) if answered else None
    excluded = carries_exclusion(question.exclusions, record.cited_text, answered) \
        if answered and question.exclusions else None
    return BenchGrade(
        question.id, question.category, question.answerable, bucket(record.status), declined(record.status),
        answered and bool(cited) and cited <= gold, answered and bool(cited & gold), score, covered, right, words,
        excluded, missing, len(record.unresolved), record.latency_ms)


def summarise(grades: Iterable[BenchGrade]) -> dict[str, Any]:
    items = list(grades)
    answerable = [g for g in items if g.answerable]
    not_found = [g for g in items if not g.answerable]
    answered_ok = [g for g in answerable if g.bucket == "answered"]
    latencies = [g.latency_ms for g in items]
    supports = [g.support or 0.0 for g in answerable]
    covered = [g.facts_covered or 0.0 for g in answerable]
    words = [float(g.cited_words) for g in answered_ok if g.cited_words is not None]
    p50, p95 = percentile(latencies, 50), percentile(latencies, 95)
    median_words = percentile(words, 50)
    keyed = [g for g in answered_ok if g.excluded_cited is not None]
    return {
        "questions": len(items),
        "answered": sum(g.bucket == "answered" for g in items),
        "abstained": sum(g.bucket == "abstained" for g in items),
        "refused": sum(g.bucket == "refused" for g in items),
        "other": sum(g.bucket == "other" for g in items),
        "abstention_recall": _ratio(sum(g.declined for g in not_found), len(not_found)),
        "false_abstention": _ratio(sum(g.declined for g in answerable), len(answerable)),
        "cited_doc_precision": _ratio(sum(g.all_cited_gold for g in answered_ok), len(answered_ok)),
        "gold_doc_recall": _ratio(sum(g.gold_cited for g in answerable), len(answerable)),
        "support_recall": round(sum(supports) / len(supports), 4) if supports else None,
        "facts_covered": round(sum(covered) / len(covered), 4) if covered else None,
        "answered_right": _ratio(sum(g.answered_right for g in answerable), len(answerable)),
        "median_cited_words": None if median_words is None else round(median_words, 1),
        "exclusions_cited": _ratio(sum(bool(g.excluded_cited) for g in keyed), len(keyed)),
        "fabricated_citations": sum(g.fabricated for g in items),
        "p50_ms": None if p50 is None else round(p50, 1),
        "p95_ms": None if p95 is None else round(p95, 1),
    }


def by_category(grades: Iterable[BenchGrade]) -> dict[str, dict[str, Any]]:
    groups: dict[str, list[BenchGrade]] = {}
    for g in grades:
        groups.setdefault(g.category, []).append(g)
    return {name: summarise(group) for name, group in sorted(groups.items())}


@dataclass(frozen=True)
class GraphGrade:
    question_id: str
    kind: str
    answerable: bool
    answered_right: bool
    declined_right: bool
    declined_by_status: bool  # the strict reading: status in expect_status, no negated/planned answer credited
    status: str
    missing_terms: tuple[str, ...]
    fabricated: int
    latency_ms: float


def says_negated_or_planned(text: str, question: str) -> bool:
    """True when one sentence of ``text`` both carries a negation / plan marker (not, never, no longer, planned,
    will, future, yet ...) and names a key term of the question. Keyword-based: it can credit an answer whose
    negation is about something else in the same sentence, hence the status-only rate next to it."""
    terms = key_terms([question])
    for sentence in _SENTENCE_SPLIT.split(text):
        if _NEGATED_OR_PLANNED.search(sentence):
            keys = token_keys(sentence)
            if any(term_found(t, keys) for t in terms):
                return True
    return False


def grade_graph(question: GraphQuestion, record: AnswerRecord) -> GraphGrade:
    """Answered right: status answered, every expected term in the answer or its cited sentences (case-insensitive),
    and a gold document cited. Declined right: status in ``expect_status``; for ``negated_or_plan`` also a cited
    answer (a gold document among the citations, when gold documents are given) whose text says not / planned."""
    haystack = f"{record.text}\n{record.cited_text}".casefold()
    missing = tuple(t for t in question.expected_answer_terms if t.casefold() not in haystack)
    gold = frozenset(question.gold_doc_ids)
    answered = record.status == "answered"
    gold_hit = bool(record.cited_documents & gold)
    right = question.answerable and answered and not missing and gold_hit
    declined_ok = False
    if not question.answerable:
        declined_ok = record.status in question.expect_status
        if question.kind == "negated_or_plan" and answered and record.citations and (gold_hit or not gold):
            declined_ok = declined_ok or says_negated_or_planned(record.text, question.question)
    by_status = not question.answerable and record.status in question.expect_status
    return GraphGrade(question.id, question.kind, question.answerable, right, declined_ok, by_status,
                      record.status, missing, len(record.unresolved), record.latency_ms)


def summarise_graph(grades: Iterable[GraphGrade]) -> dict[str, Any]:
    items = list(grades)
    kinds: dict[str, list[GraphGrade]] = {}
    for g in items:
        kinds.setdefault(g.kind, []).append(g)

    def rates(group: list[GraphGrade]) -> dict[str, Any]:
        must_answer = [g for g in group if g.answerable]
        must_decline = [g for g in group if not g.answerable]
        return {"questions": len(group),
                "answered_right": _ratio(sum(g.answered_right for g in must_answer), len(must_answer)),
                "declined_right": _ratio(sum(g.declined_right for g in must_decline), len(must_decline)),
                "declined_by_status": _ratio(sum(g.declined_by_status for g in must_decline), len(must_decline)),
                "fabricated_citations": sum(g.fabricated for g in group)}

    return {"overall": rates(items), "by_kind": {k: rates(v) for k, v in sorted(kinds.items())}}
