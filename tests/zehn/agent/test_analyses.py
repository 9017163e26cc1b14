"""The kept analyses: a question asked again is not analysed again, and what is kept is the analysis ``analyse``
gives the text (same asks, route, terms and parse), within a bounded size."""

from __future__ import annotations

from spacy.language import Language

from zehn.agent.analyse import analyse
from zehn.agent.analyses import kept as kept_analyses
from zehn.agent.question import Analysis

QUESTIONS = ("Who approved the rollback of the billing service?",
             "What was the root cause of the outage, and how long did it last?",
             "Does the gateway depend on the token service?")


def test_a_kept_analysis_is_the_one_analyse_gives(nlp: Language) -> None:
    kept = kept_analyses(lambda q: analyse(q, nlp))
    for question in QUESTIONS:
        first, again, fresh = kept(question), kept(question), analyse(question, nlp)
        assert again is first
        assert first == fresh  # every field the stages read (the parse is left out of equality)
        assert first.parse is not None and fresh.parse is not None
        assert [(t.text, t.lemma_, t.tag_, t.dep_, t.head.i) for t in first.parse] == \
            [(t.text, t.lemma_, t.tag_, t.dep_, t.head.i) for t in fresh.parse]


def test_each_distinct_question_is_analysed_once(nlp: Language) -> None:
    asked: list[str] = []

    def counting(question: str) -> Analysis:
        asked.append(question)
        return analyse(question, nlp)

    kept = kept_analyses(counting)
    for question in (*QUESTIONS, *QUESTIONS, QUESTIONS[0]):
        kept(question)
    assert asked == list(QUESTIONS)


def test_past_its_size_the_least_recently_asked_question_goes_first(nlp: Language) -> None:
    asked: list[str] = []

    def counting(question: str) -> Analysis:
        asked.append(question)
        return analyse(question, nlp)

    kept = kept_analyses(counting, size=2)
    kept(QUESTIONS[0])
    kept(QUESTIONS[1])
    kept(QUESTIONS[0])  # now the most recent: the next new question drops QUESTIONS[1]
    kept(QUESTIONS[2])
    kept(QUESTIONS[0])
    kept(QUESTIONS[1])
    assert asked == [QUESTIONS[0], QUESTIONS[1], QUESTIONS[2], QUESTIONS[1]]
