"""Which <kind>: a name whose last part is the asked kind, a name in a parenthesis after the kind, or the value of
a line labelled with the kind, in lines that state the asked case. Documents are our own."""

from __future__ import annotations

from spacy.language import Language

from tests.zehn.agent.markdown_view import markdown_view
from zehn.agent.analyse import analyse
from zehn.agent.kind_names import bind_kind_name, names_of_kind
from zehn.agent.parses import ParseCache, Parses
from zehn.agent.similarity import Similarity

TITLE = "Disk-full outage on the report workers"
DOC = """# Disk-full outage on the report workers

## Environment

- Scheduler version: cron-9.2, Edge router: traefik-3.1, Worker image: py-3.12

## Chat

ana: can we switch off paging while we triage?
ben: +1. per runbook we can:
1) silence the pager for an hour
2) switch off alert rules in metrics-bundle
3) lower the sampling rate

## Findings

- Edge router (Traefik) kept idle sockets open far too long.
The archive job did not write reports to report-store during the outage.
"""


def _bound(nlp: Language, question: str) -> str | None:
    view = markdown_view(DOC, TITLE)
    analysis = analyse(question, nlp)
    found = bind_kind_name(analysis.asks[0], question, view, Parses(ParseCache(nlp)), Similarity(None), set())
    return found.bound.text if found is not None else None


def _line(text: str) -> str:
    return next(line for line in DOC.split("\n") if text in line)


def test_a_name_whose_last_part_is_the_asked_kind_answers_which_kind(nlp: Language) -> None:
    assert _bound(nlp, "Which bundle holds the alert rules that were switched off during the outage?") == \
        _line("metrics-bundle")


def test_the_value_of_a_line_labelled_with_the_kind_answers_when_the_line_states_the_case(nlp: Language) -> None:
    # The parenthesis line names the kind too, but none of the asked words: the labelled line holds "workers".
    assert _bound(nlp, "Which edge router was in front of the report workers during the disk-full outage?") == \
        _line("Edge router: traefik-3.1")


def test_a_name_in_a_parenthesis_after_the_kind_answers(nlp: Language) -> None:
    assert _bound(nlp, "Which edge router kept idle sockets open during the outage?") == _line("(Traefik)")


def test_a_negated_act_answers_nothing(nlp: Language) -> None:
    assert _bound(nlp, "Which store did the archive job write reports to?") is None


def test_lines_without_the_asked_case_answer_nothing(nlp: Language) -> None:
    assert _bound(nlp, "Which bundle holds the billing dashboards for finance?") is None


def test_a_name_the_question_writes_itself_is_no_answer(nlp: Language) -> None:
    assert _bound(nlp, "Which bundle besides metrics-bundle holds the alert rules that were switched off?") is None


def test_an_asked_act_the_lines_do_not_state_answers_nothing(nlp: Language) -> None:
    assert _bound(nlp, "Which bundle encrypted the alert rules during the outage?") is None


def test_a_parenthesis_of_examples_names_no_thing_of_the_kind(nlp: Language) -> None:
    view = markdown_view("# Log export\n\n## Plan\n\nWe forward the export logs to a customer archive (e.g. cold "
                         "buckets or tape) every night.\n", "Log export")
    question = "Which archive do we forward the export logs to every night?"
    analysis = analyse(question, nlp)
    assert bind_kind_name(analysis.asks[0], question, view, Parses(ParseCache(nlp)), Similarity(None), set()) is None


def _bound_in(nlp: Language, doc: str, title: str, question: str) -> str | None:
    analysis = analyse(question, nlp)
    found = bind_kind_name(analysis.asks[0], question, markdown_view(doc, title), Parses(ParseCache(nlp)),
                           Similarity(None), set())
    return found.bound.text if found is not None else None


QUEUE_DOC = """# Queue stall on the thumbnail workers

## Chat

kim: plan is to turn prefetching off for the thumbnail pool until the fix lands.
lee: applying: `kubectl -n media patch configmap thumb-worker-cfg -p '{"prefetch":"false"}'`
kim: thanks. Opened https://code.example.com/media/thumb-renderer/pull/88 to add an alert for stalled queue depth.
"""


def test_an_identifier_written_right_after_the_kind_noun_in_a_command_answers(nlp: Language) -> None:
    bound = _bound_in(nlp, QUEUE_DOC, "Queue stall on the thumbnail workers",
                      "Which configmap got patched to turn prefetching off for the thumbnail pool?")
    assert bound is not None and "thumb-worker-cfg" in bound


def test_a_plain_word_after_the_kind_noun_names_no_thing_of_the_kind() -> None:
    assert names_of_kind("we patched the configmap again for the pool", "configmap", "configmap") == []


def test_the_repository_of_a_code_host_link_answers_which_repository(nlp: Language) -> None:
    # The question says "created", the line "opened": a change's repository is the same whatever was done to it.
    bound = _bound_in(nlp, QUEUE_DOC, "Queue stall on the thumbnail workers",
                      "In which repository was the PR created that adds an alert for stalled queue depth?")
    assert bound is not None and "thumb-renderer/pull/88" in bound


def test_a_code_host_link_names_a_repository_only_for_a_repository_ask() -> None:
    line = "see https://code.example.com/media/thumb-renderer/pull/88"
    assert names_of_kind(line, "repository", "repository") == ["thumb-renderer"]
    assert names_of_kind(line, "service", "service") == []
