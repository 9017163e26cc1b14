"""Fact-level grading: how many of the reference answer's facts the cited text carries.

The reference answer is split into facts (the question's ``answer_facts`` when present, else the sentences of
``answer``). A fact is **covered** when most (more than half) of its key terms (see ``terms``: numbers,
identifiers, names and content words, matched case-insensitively on normalised tokens) occur in the cited text.
Only the cited text counts: words the system wrote around its quotes earn nothing.

- ``facts_covered`` of one answer: covered facts ÷ facts (0 when the question was declined);
- ``answered_right``: answered and covering at least :data:`RIGHT_SHARE` of the facts;
- ``cited_words``: words in the cited text, to see how much reading an answer asks of its user;
- ``carries_exclusion``: the cited text carries (by the same rule) one of the answer key's exclusions, what a right
  answer must not say (:mod:`questions`): an answer that cites the account the key rules out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .terms import key_terms, support

RIGHT_SHARE = 0.5  # the definition of a right answer: at least half of the reference facts
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9(])")
_WORD = re.compile(r"\S+")


def reference_facts(answer_facts: tuple[str, ...], answer: str) -> tuple[str, ...]:
    if answer_facts:
        return answer_facts
    return tuple(s.strip() for s in _SENTENCE_END.split(answer) if s.strip())


def fact_covered(fact: str, cited_text: str) -> bool:
    terms = key_terms([fact])
    if not terms or not cited_text:
        return False
    found, _missing = support(terms, cited_text)
    return len(found) * 2 > len(terms)


@dataclass(frozen=True)
class FactGrade:
    facts: int
    covered: int
    cited_words: int

    @property
    def share(self) -> float:
        return self.covered / self.facts if self.facts else 0.0


def carries_exclusion(exclusions: tuple[str, ...], cited_text: str, answered: bool) -> bool:
    return answered and any(fact_covered(e, cited_text) for e in exclusions)


def word_count(text: str) -> int:
    return len(_WORD.findall(text))


def grade_facts(facts: tuple[str, ...], cited_text: str, answered: bool) -> FactGrade:
    text = cited_text if answered else ""
    covered = sum(fact_covered(f, text) for f in facts)
    return FactGrade(len(facts), covered, word_count(text))


def answered_right(grade: FactGrade, answered: bool) -> bool:
    return answered and grade.facts > 0 and grade.share >= RIGHT_SHARE
