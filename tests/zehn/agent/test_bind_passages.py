"""Passage binding across documents retrieval cannot tell apart: when the best one states nothing asked, the next
one as near to the question is read; a document well behind it never is, but for a name of the asked kind
("which store" -> a ``*-store`` name) in lines that hold the asked words. Documents here are our own, built in
memory (a title, one passage, its sentences), so only the binding rules are under test."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from zehn.agent.analyse import analyse
from zehn.agent.bind_passages import NEAR_DOCUMENT, bind_passages
from zehn.agent.parses import ParseCache, Parses
from zehn.agent.retrieve import DocView, Retrieved
from zehn.agent.rows import DocPassage, DocumentInfo, Sentence
from zehn.agent.similarity import Similarity

QUESTION = "How long are ledger audit events retained?"
SILENT = ("Ledger audit events are exported to the archive every night.",
          "The ledger audit export runs as the books service account.")
STATES = ("Ledger audit events are retained for 400 days in the archive.",
          "Ledger audit events older than that are deleted by the nightly job.")


def _view(doc_id: str, title: str, lines: tuple[str, ...], score: float, subject: float = 0.0) -> DocView:
    body = " ".join(lines)
    heading = f"{title} > Audit events"
    passage = DocPassage(f"{doc_id}#p0", doc_id, heading, "section", 0, len(body), f"{heading}\n{body}", (0.3, 0.3))
    sentences, at = [], 0
    for n, line in enumerate(lines):
        sentences.append(Sentence(f"ev_{doc_id}{n}", line, doc_id, at, at + len(line), "sentence"))
        at += len(line) + 1
    info = DocumentInfo(doc_id, title, "confluence", None, None)
    return DocView(info, (passage,), score, False, lambda: sentences, subject=subject)


@pytest.fixture(scope="module")
def similarity(embedder: LocalEmbedder) -> Similarity:
    return Similarity(embedder)


def _bind(nlp: Language, similarity: Similarity, *views: DocView) -> tuple[str | None, tuple[str, ...]]:
    bound = bind_passages(analyse(QUESTION, nlp), Retrieved((), views, ()), Parses(ParseCache(nlp)), similarity)
    cited = tuple(s.text for f in bound.findings for s in f.sentences)
    return (bound.document.id if bound.document and bound.findings else None), cited


def test_the_best_document_answers_when_it_states_the_asked_thing(nlp: Language, similarity: Similarity) -> None:
    doc, cited = _bind(nlp, similarity, _view("a", "Ledger audit retention", STATES, 1.0),
                       _view("b", "Ledger audit export", SILENT, 0.99))
    assert doc == "a" and STATES[0] in cited


def test_a_near_tied_document_answers_when_the_best_states_nothing_asked(nlp: Language,
                                                                        similarity: Similarity) -> None:
    doc, cited = _bind(nlp, similarity, _view("a", "Ledger audit export", SILENT, 1.0),
                       _view("b", "Ledger audit retention", STATES, NEAR_DOCUMENT + 0.01))
    assert doc == "b" and STATES[0] in cited


def test_a_document_well_behind_the_best_is_never_read_for_it(nlp: Language, similarity: Similarity) -> None:
    doc, cited = _bind(nlp, similarity, _view("a", "Ledger audit export", SILENT, 1.0),
                       _view("b", "Ledger audit retention", STATES, NEAR_DOCUMENT - 0.2))
    assert doc is None and not cited


ISSUES = (("1) Tail latency after the region shift", ("- Symptoms: p95 latency rose for twelve minutes.",
                                          "- Likely cause: the region pool was saturated during the shift.")),
          ("2) Retries stalled during the flush", ("- Symptoms: retries stalled and never resumed.",
                                                  "- Likely cause: the lease renewal raced the final flush.")))


def _sections_view(doc_id: str, title: str, parent: str,
                   sections: tuple[tuple[str, tuple[str, ...]], ...], score: float = 1.0) -> DocView:
    """A document of one passage per section (heading path ``parent > heading``), one line per sentence."""
    passages, sentences, at = [], [], 0
    for n, (heading, lines) in enumerate(sections):
        body = "\n".join(lines)
        path = f"{parent} > {heading}"
        passages.append(DocPassage(f"{doc_id}#p{n}", doc_id, path, "section", at, at + len(body), f"{path}\n{body}",
                                   (0.3, 0.3)))
        for m, line in enumerate(lines):
            sentences.append(Sentence(f"ev_{doc_id}{n}{m}", line, doc_id, at, at + len(line), "sentence"))
            at += len(line) + 1
        at += 1
    info = DocumentInfo(doc_id, title, "confluence", None, None)
    return DocView(info, tuple(passages), score, False, lambda: sentences)


def _issues_view() -> DocView:
    return _sections_view("g", "Exporter automation game day", "Issues found", ISSUES)


def test_the_labelled_cause_of_the_asked_issue_answers(nlp: Language, similarity: Similarity) -> None:
    # The issue's own passage holds few of the asked words (its heading and lines say "retries", not "automation"
    # or "oscillate"): its labelled line answers for the document, as a "Root cause" section would.
    analysis = analyse("What caused the exporter automation to oscillate between retries?", nlp)
    bound = bind_passages(analysis, Retrieved((), (_issues_view(),), ()), Parses(ParseCache(nlp)), similarity)
    assert bound.findings, bound.reason
    assert bound.findings[0].bound.text == "- Likely cause: the lease renewal raced the final flush."
    assert bound.findings[0].grade == "source_backed"


def test_of_near_tied_documents_the_one_stating_the_asked_case_answers(nlp: Language, similarity: Similarity) -> None:
    # Both state a retention; only the second states it for the ledger audit events the question asks about.
    other = ("Billing exports are retained for 30 days in the bucket.", "Billing exports are written hourly.")
    doc, cited = _bind(nlp, similarity, _view("a", "Export retention", other, 1.0),
                       _view("b", "Ledger audit retention", STATES, NEAR_DOCUMENT + 0.01))
    assert doc == "b" and STATES[0] in cited


def test_of_near_tied_documents_one_more_question_word_in_the_second_leaves_the_choice_to_retrieval_order(
        nlp: Language, similarity: Similarity) -> None:
    # Both state a retention of the asked events; the second's line repeats one more of the question's words
    # ("ledger"), which is no sign that it is the one about the asked case.
    first = ("Audit events are retained for 400 days in the archive.", "Older ones are deleted nightly.")
    doc, cited = _bind(nlp, similarity, _view("a", "Retention", first, 1.0),
                       _view("b", "Retention", STATES, NEAR_DOCUMENT + 0.01))
    assert doc == "a" and first[0] in cited


def test_of_near_tied_documents_stating_the_same_the_one_whose_subject_is_the_asked_case_answers(
        nlp: Language, similarity: Similarity) -> None:
    # Both threads state the same retention lines; the second one's own subject (its opening message) is the case.
    doc, _ = _bind(nlp, similarity, _view("a", "Ledger audit retention", STATES, 1.0, subject=0.2),
                   _view("b", "Ledger audit retention", STATES, NEAR_DOCUMENT + 0.01, subject=0.8))
    assert doc == "b"


def test_a_larger_share_of_a_subject_about_neither_leaves_the_choice_to_retrieval_order(
        nlp: Language, similarity: Similarity) -> None:
    doc, _ = _bind(nlp, similarity, _view("a", "Ledger audit retention", STATES, 1.0, subject=0.2),
                   _view("b", "Ledger audit retention", STATES, NEAR_DOCUMENT + 0.01, subject=0.4))
    assert doc == "a"


# One section states both remedies; the first ask's extent cites both lines, so the second ask's line is already cited.
REMEDIES = ("Workaround applied: lowered the badge cache TTL to 5s for the tenant and revoked active sessions.",
            "Long-term fix merged: evict the badge cache on membership-change webhooks.")


def _remedy_view(section: str = "Resolution", lines: tuple[str, ...] = REMEDIES) -> DocView:
    body = "\n".join(lines)
    heading = f"Stale badge roles after a directory sync > {section}"
    passage = DocPassage("r#p0", "r", heading, "section", 0, len(body), f"{heading}\n{body}", (0.3, 0.3, 0.3))
    sentences, at = [], 0
    for n, line in enumerate(lines):
        sentences.append(Sentence(f"ev_r{n}", line, "r", at, at + len(line), "sentence"))
        at += len(line) + 1
    info = DocumentInfo("r", "Stale badge roles after a directory sync", "jira", None, None)
    return DocView(info, (passage,), 1.0, False, lambda: sentences)


def test_an_ask_answered_by_a_line_already_cited_for_an_earlier_ask_is_not_reported_missing(
        nlp: Language, similarity: Similarity) -> None:
    # General pattern: "what mitigation and what long-term fix": one section states both, and the first ask's
    # extent already cites the second's line. The second ask is answered by that line, never "not established".
    analysis = analyse("What mitigation and what long-term fix did we apply for the stale badge roles?", nlp)
    assert len(analysis.asks) == 2
    bound = bind_passages(analysis, Retrieved((), (_remedy_view(),), ()), Parses(ParseCache(nlp)), similarity)
    assert not bound.missing, [a.focus for a in bound.missing]
    assert [f.bound.text for f in bound.findings] == list(REMEDIES)


def test_a_section_naming_the_asked_kind_is_bound_by_the_line_holding_the_asked_modifier(
        nlp: Language, similarity: Similarity) -> None:
    # General pattern: a "Resolution" section lists several remedies, each labelled ("Workaround applied:", "Long-term
    # fix merged:"); a "long-term fix" ask is bound by the line that says long-term, not by the section's first line.
    analysis = analyse("What long-term fix did we apply for the stale badge roles?", nlp)
    bound = bind_passages(analysis, Retrieved((), (_remedy_view(),), ()), Parses(ParseCache(nlp)), similarity)
    assert [f.bound.text for f in bound.findings] == [REMEDIES[1]]


def test_a_modifier_the_section_heading_already_says_picks_no_other_line(nlp: Language,
                                                                       similarity: Similarity) -> None:
    # Every line under "Temporary mitigation in effect" is temporary: a later line using the word in another sense
    # ("so a temporary surge cannot drain the pool") does not displace the section's first line.
    lines = ("- Raised the badge cache worker limit from 4 to 16.",
             "- Turned on load shedding at the badge route so a temporary surge cannot drain the pool again.")
    analysis = analyse("What temporary mitigation did we apply for the stale badge roles?", nlp)
    view = _remedy_view("Temporary mitigation in effect", lines)
    bound = bind_passages(analysis, Retrieved((), (view,), ()), Parses(ParseCache(nlp)), similarity)
    assert [f.bound.text for f in bound.findings] == [lines[0]]


STEPS = tuple(f"{n}) {text} on the ledger writer pods, then watch the queue depth panel and the error rate panel for "
              f"ten minutes before the next step, and write the time of the change into the incident channel."
              for n, text in enumerate(("Scale out by two replicas", "Lower the per-client inflight limit to fifty",
                                        "Shorten the idle window lifetime to ninety seconds",
                                        "Restart the pods with the steepest memory slope first",
                                        "Move the heaviest tenants to dedicated capacity",
                                        "Pause the nightly compaction job"), start=1))
TWO_ASKS = ("What immediate mitigations should on-call apply when the ledger writer pods run out of memory, and what "
            "rollback version did the release team pick?")


def _steps_view() -> DocView:
    heading = "Ledger writer memory runbook > Immediate mitigations"
    body = "\n".join(STEPS)
    passage = DocPassage("m#p0", "m", heading, "section", 0, len(body), f"{heading}\n{body}", (0.2, 0.2, 0.2))
    sentences, at = [], 0
    for n, line in enumerate(STEPS):
        sentences.append(Sentence(f"ev_m{n}", line, "m", at, at + len(line), "sentence"))
        at += len(line) + 1
    return DocView(DocumentInfo("m", "Ledger writer memory runbook", "confluence", None, None), (passage,), 1.0,
                   False, lambda: sentences)


def test_the_share_of_an_ask_the_document_does_not_state_goes_to_the_list_it_does(
        nlp: Language, similarity: Similarity) -> None:
    analysis = analyse(TWO_ASKS, nlp)
    assert len(analysis.asks) == 2
    bound = bind_passages(analysis, Retrieved((), (_steps_view(),), ()), Parses(ParseCache(nlp)), similarity)
    assert len(bound.findings) == 1 and len(bound.missing) == 1
    cited = [s.text for s in bound.findings[0].sentences]
    assert len(" ".join(cited).split()) > 150  # more than half the budget: the missing ask's share was taken up
    assert STEPS[4] in cited


def test_a_name_of_the_asked_kind_is_read_in_a_document_behind_the_near_ones(nlp: Language,
                                                                            similarity: Similarity) -> None:
    # The best document states nothing asked; one well behind it names a store that the checkpoint writes go to.
    question = "Which store do the ledger checkpoint writes go to synchronously?"
    near = _view("doc_a", "Ledger checkpoint format", ("Ledger checkpoints are written as compressed frames.",), 1.0)
    far = _view("doc_b", "Ledger stalls", ("The worker pool blocked on synchronous ledger checkpoint writes to "
                                           "frame-store during the burst.",), 0.5)
    bound = bind_passages(analyse(question, nlp), Retrieved((), (near, far), ()), Parses(ParseCache(nlp)), similarity)
    assert [f.bound.text for f in bound.findings] == [far.sentences[0].text]
    assert bound.document is not None and bound.document.id == "doc_b"


def test_a_name_of_the_asked_kind_is_read_in_the_documents_the_search_read_beyond_those_retrieved(
        nlp: Language, similarity: Similarity) -> None:
    question = "Which vendor does the clinic want invoices exported to?"
    near = _view("doc_a", "Invoice export format", ("Invoices are exported as signed CSV files.",), 1.0)
    further = _view("doc_c", "Clinic requirements", ("Billing: wants invoices exported to their vendor (Ledgerly) "
                                                     "every night.",), 0.4)
    analysis = analyse(question, nlp)
    alone = bind_passages(analysis, Retrieved((), (near,), ()), Parses(ParseCache(nlp)), similarity)
    assert not alone.findings
    bound = bind_passages(analysis, Retrieved((), (near,), (), further=(further,)), Parses(ParseCache(nlp)),
                          similarity)
    assert [f.bound.text for f in bound.findings] == [further.sentences[0].text]




def test_a_section_headed_with_the_asked_things_name_answers_without_repeating_it(
        nlp: Language, similarity: Similarity) -> None:
    # The dated lines never say "cutover" or "schedule": the heading names what they are, as a label would.
    view = _sections_view("r", "Ledger sync 2.0 release notes", "Ledger sync 2.0 release notes", (
        ("what changed", ("Ledger sync 2.0 replays journal batches in order.",
                          "The ledger sync cutover adds a replay dashboard to the console.")),
        ("cutover_schedule", ("1) 2026-05-04: move the first ten ledger tenants.",
                              "2) 2026-05-11: move the remaining tenants once the replays match.")),
    ))
    analysis = analyse("What is the cutover schedule of the ledger sync release?", nlp)
    bound = bind_passages(analysis, Retrieved((), (view,), ()), Parses(ParseCache(nlp)), similarity)
    cited = [s.text for f in bound.findings for s in f.sentences]
    assert cited == ["1) 2026-05-04: move the first ten ledger tenants.",
                     "2) 2026-05-11: move the remaining tenants once the replays match."]


PATCHED = "Engineering shipped a patch to the badge gateway (v3.5.2) that keeps the full role header."


def test_a_version_asked_beside_a_remedy_is_answered_by_the_remedys_line_that_names_it(
        nlp: Language, similarity: Similarity) -> None:
    # General pattern: "what workaround and patch version resolved it": the remedy's section names the patch and
    # its version; the workaround's extent cites that line first, and the version ask is answered by it again,
    # not by another section's line naming the workaround's version, nor reported "not established".
    title = "Stale badge roles after a gateway upgrade"
    view = _sections_view("g", title, title, (
        ("Resolution", ("Workaround applied: the tenant rolled the badge gateway back to v3.4.1 in production.",
                        "Customer confirmed the role header is intact again after the rollback.",
                        PATCHED, "Patch PR merged and tagged for the next release train.")),
        ("Follow-ups", ("We recommend the tenant keep the badge gateway on v3.4.1 or apply the temporary patch for "
                        "stale roles until it validates the change.",
                        "- Backport the patch to the stable branch and publish an advisory."))))
    analysis = analyse("What workaround and gateway patch version resolved the stale badge roles?", nlp)
    bound = bind_passages(analysis, Retrieved((), (view,), ()), Parses(ParseCache(nlp)), similarity)
    assert not bound.missing, [a.focus for a in bound.missing]
    assert [f.bound.text for f in bound.findings if f.ask.answer_type == "version"] == [PATCHED]


def test_what_the_asks_leave_of_the_budget_finishes_a_numbered_list_their_share_cut_short(
        nlp: Language, similarity: Similarity) -> None:
    # General pattern: two asks share the budget; the first is a numbered procedure longer than its share, the
    # second a version stated in one line. What the second leaves goes to the procedure's next items, in order.
    title = "Ledger writer memory runbook"
    view = _sections_view("m", title, title, (
        ("Immediate mitigations", STEPS),
        ("Release decision", ("The release team picked ledger writer version 4.2.1 as the rollback target.",))))
    bound = bind_passages(analyse(TWO_ASKS, nlp), Retrieved((), (view,), ()), Parses(ParseCache(nlp)), similarity)
    assert not bound.missing, [a.focus for a in bound.missing]
    steps = [s.text for s in bound.findings[0].answer]
    assert steps == list(STEPS[:len(steps)]) and len(steps) >= 5, steps


def _two_sections_view(title: str, sections: tuple[tuple[str, str], ...]) -> DocView:
    passages, sentences, at = [], [], 0
    for n, (heading, line) in enumerate(sections):
        path = f"{title} > {heading}"
        passages.append(DocPassage(f"e#p{n}", "e", path, "section", at, at + len(line), f"{path}\n{line}", (0.3, 0.3)))
        sentences.append(Sentence(f"ev_e{n}", line, "e", at, at + len(line), "sentence"))
        at += len(line) + 1
    return DocView(DocumentInfo("e", title, "jira", None, None), tuple(passages), 1.0, False, lambda: sentences)


def test_an_environment_the_document_holds_need_not_be_repeated_by_the_answering_passage(
        nlp: Language, similarity: Similarity) -> None:
    view = _two_sections_view("Tenant sweeper", (
        ("Environment", "Affected environment: production, eu-west."),
        ("Rollout", "The sweeper change ships to a tenth of users first, then to everyone after six quiet hours.")))
    analysis = analyse("How do the new sweeper limits reach production?", nlp)
    assert [c.kind for c in analysis.constraints] == ["environment"]
    bound = bind_passages(analysis, Retrieved((), (view,), ()), Parses(ParseCache(nlp)), similarity)
    assert any("a tenth of users first" in s.text for f in bound.findings for s in f.sentences), bound.reason


# A near document's line bound by its section's role alone ("Root cause"), holding none of the question's words.
CAUSE_QUESTION = "What caused the ledger export to stall overnight?"
ROLE_ONLY = (("Root cause", ("A certificate expired on the proxy.",
                             "The ledger export stalled overnight until it was renewed.")),)
SCHEDULE = (("Schedule", ("The ledger export runs overnight as the books service account.",
                          "It writes one file per ledger to the archive.")),)


def _cause_bound(nlp: Language, similarity: Similarity, *views: DocView) -> tuple[str | None, bool]:
    bound = bind_passages(analyse(CAUSE_QUESTION, nlp), Retrieved((), views, ()), Parses(ParseCache(nlp)), similarity)
    return (bound.document.id if bound.document else None), bool(bound.findings)


def test_a_near_document_whose_bound_line_holds_no_question_word_does_not_answer_for_the_best_ranked_one(
        nlp: Language, similarity: Similarity) -> None:
    best = _sections_view("a", "Ledger export schedule", "Ledger export schedule", SCHEDULE)
    other = _sections_view("b", "Proxy certificate incident", "Proxy certificate incident", ROLE_ONLY,
                           NEAR_DOCUMENT + 0.01)
    assert _cause_bound(nlp, similarity, best, other) == ("a", False)  # declined, naming the best-ranked document


def test_the_best_ranked_document_answers_by_a_line_its_section_role_binds(nlp: Language,
                                                                           similarity: Similarity) -> None:
    alone = _sections_view("b", "Proxy certificate incident", "Proxy certificate incident", ROLE_ONLY)
    schedule = _sections_view("a", "Ledger export schedule", "Ledger export schedule", SCHEDULE,
                              NEAR_DOCUMENT + 0.01)
    assert _cause_bound(nlp, similarity, alone, schedule) == ("b", True)





def test_a_near_document_lacking_the_words_that_name_the_asked_case_does_not_answer_for_the_best_ranked_one(
        nlp: Language, similarity: Similarity) -> None:
    # The best-ranked one is about the asked case (the books service's ledger audit events) and states no
    # retention; the sibling states one, of ledger audit events it nowhere says are the books service's: it holds 4
    # of the 6 question words the best-ranked one holds (under NEAR_COVERAGE), another case. Declined, naming the
    # best-ranked document.
    best = ("Retention of these is set by finance.", "These are the ledger audit events of the books service.")
    sibling = ("Ledger audit events are retained for 30 days.", "Exports rotate nightly.")
    analysis = analyse("How long are ledger audit events of the books service retained?", nlp)
    views = (_sections_view("a", "Retention", "Retention", (("Events", best),)),
             _sections_view("b", "Retention", "Retention", (("Events", sibling),), NEAR_DOCUMENT + 0.01))
    bound = bind_passages(analysis, Retrieved((), views, ()), Parses(ParseCache(nlp)), similarity)
    assert bound.document is not None and bound.document.id == "a" and not bound.findings
