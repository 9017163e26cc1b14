"""Question-time binding of a dependency or impact the graph lacks: the relation's cue words pick the sentences, the
cue's own argument is the unknown end, and the hop grader decides. Documents and questions here are our own."""

from __future__ import annotations

from spacy.language import Language

from zehn.agent.analyse import analyse
from zehn.agent.documents import judge
from zehn.agent.parses import ParseCache, Parses
from zehn.agent.relation_scan import ends, scan
from zehn.agent.retrieve import DocView
from zehn.agent.rows import DocumentInfo, Sentence
from zehn.agent.similarity import Similarity

TITLE = "Design: scoring engine signal intake"


def _view(lines: list[str], title: str = TITLE) -> DocView:
    sentences, at = [], 0
    for n, line in enumerate(lines):
        sentences.append(Sentence(f"ev_{n:016x}", line, "doc_1", at, at + len(line), "sentence"))
        at += len(line) + 1
    info = DocumentInfo("doc_1", title, "confluence", None, None)
    return DocView(info, (), 1.0, False, lambda: sentences)


def _scan(nlp: Language, question: str, lines: list[str], title: str = TITLE) -> list[tuple[str, str, str]]:
    analysis = analyse(question, nlp)
    assert analysis.subject is not None
    order = [judge(analysis, _view(lines, title), Similarity(None))]
    found = scan(analysis, analysis.subject, order, Parses(ParseCache(nlp)), Similarity(None), nlp)
    return [(p.entity_name, p.hops[0].grade, p.items[0].text if p.items[0] else "") for p in found.paths]


def _ends(nlp: Language, sentence: str, cue: str, route: str) -> list[str]:
    doc = nlp(sentence)
    token = next(t for t in doc if t.lemma_ == cue)
    return [sentence[a:b] for a, b, _ in ends(token, route)]


def test_the_source_of_a_consumed_thing_is_the_end(nlp: Language) -> None:
    assert _ends(nlp, "We consume hourly signals from the fleet monitor.", "consume", "dependency") == [
        "fleet monitor"]


def test_an_impact_cue_without_object_names_what_it_affected(nlp: Language) -> None:
    assert _ends(nlp, "The shared worker pool saturated within minutes.", "saturate", "impact") == [
        "shared worker pool"]


def test_what_must_come_first_is_the_subject_of_the_need(nlp: Language) -> None:
    assert _ends(nlp, "The schema migration needs to be merged before the rollout.", "need", "dependency") == [
        "schema migration"]


def test_a_dependency_stated_about_the_document_subject_is_inferred(nlp: Language) -> None:
    found = _scan(nlp, "Where does the scoring engine get its signals from?", [
        "The scoring engine ranks each request.", "We consume hourly signals from the fleet monitor."])
    assert found and found[0][0] == "fleet monitor"
    assert found[0][1] == "inferred"  # read as about the document's subject, never better


def test_a_sentence_naming_the_subject_comes_before_an_inferred_one(nlp: Language) -> None:
    found = _scan(nlp, "What does the scoring engine depend on?", [
        "Our batch jobs rely on the queue.", "The scoring engine depends on the feature store."])
    assert found[0][0] == "feature store"


def test_a_negated_dependency_does_not_answer(nlp: Language) -> None:
    assert _scan(nlp, "What does the scoring engine depend on?", [
        "The scoring engine does not depend on the feature store anymore."]) == []


def test_a_document_not_about_the_subject_is_not_read(nlp: Language) -> None:
    assert _scan(nlp, "What does the scoring engine depend on?",
                 ["We consume hourly signals from the fleet monitor."], title="Runbook: fleet monitor") == []


def test_a_kind_of_thing_is_not_what_the_documents_subject_depends_on(nlp: Language) -> None:
    # Read as about the document's subject, a plural of plain words names no system.
    assert _scan(nlp, "What does the scoring engine depend on?", [
        "The scoring engine ranks each request.", "Ranking reads its sizes from request samples."]) == []


def test_a_system_named_by_an_identifier_is_what_the_documents_subject_depends_on(nlp: Language) -> None:
    found = _scan(nlp, "What does the scoring engine depend on?", [
        "The scoring engine ranks each request.", "Ranking reads its weights from weights-db."])
    assert [f[0] for f in found] == ["weights-db"]
