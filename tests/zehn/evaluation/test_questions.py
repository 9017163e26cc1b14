"""Question files: both formats detected per line; malformed input is rejected with file and line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from extraction.errors import InputRejected
from zehn.evaluation.questions import UNREADABLE_EXPECT, BenchQuestion, GraphQuestion, as_read_by, load_questions

BENCH = {"id": "q1", "category": "Basic", "question": "Who owns geo-index?", "answer": "The Routing team.",
         "gold_doc_ids": ["lark_confluence_platform-architecture"], "answer_facts": ["The Routing team owns it."]}
NOT_FOUND = {"id": "q2", "category": "Info Not Found", "question": "What is the CEO's salary?",
             "answer": "Not answerable.", "gold_doc_ids": []}
GRAPH = {"id": "g1", "kind": "ownership", "question": "Who owns geo-index?", "expect_status": ["answered"],
         "expected_answer_terms": ["Routing"], "gold_doc_ids": ["lark_confluence_platform-architecture"]}


def write(tmp_path: Path, *lines: object) -> Path:
    path = tmp_path / "q.jsonl"
    path.write_text("\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    return path


def test_both_formats_in_one_file(tmp_path: Path) -> None:
    qs = load_questions(write(tmp_path, BENCH, "", NOT_FOUND, GRAPH))
    assert [type(q) for q in qs] == [BenchQuestion, BenchQuestion, GraphQuestion]
    assert qs[0].answerable and not qs[1].answerable and qs[2].answerable
    assert isinstance(qs[0], BenchQuestion) and qs[0].answer_facts == ("The Routing team owns it.",)
    decline = GraphQuestion("g2", "unstated", "Who owns x?", ("abstained", "not_in_graph"), (), ())
    assert not decline.answerable


@pytest.mark.parametrize(("line", "message"), [
    ("{not json", "not JSON"),
    ({"id": "x", "question": "?"}, "neither"),
    ({**GRAPH, "expect_status": "answered"}, "list of strings"),
    ({**BENCH, "question": "  "}, "non-blank"),
])
def test_malformed_lines_are_rejected_with_the_line(tmp_path: Path, line: object, message: str) -> None:
    with pytest.raises(InputRejected, match=rf"q.jsonl:2: .*{message}"):
        load_questions(write(tmp_path, BENCH, line))


def test_duplicate_ids_and_empty_files_are_rejected(tmp_path: Path) -> None:
    with pytest.raises(InputRejected, match="duplicate"):
        load_questions(write(tmp_path, BENCH, BENCH))
    with pytest.raises(InputRejected, match="no questions"):
        load_questions(write(tmp_path, ""))


def test_a_line_answerable_only_by_an_every_document_reader_expects_a_decline_from_a_public_reader(
        tmp_path: Path) -> None:
    hidden = GRAPH | {"id": "g2", "reader": "all"}
    qs = load_questions(write(tmp_path, GRAPH, hidden, BENCH))
    public = as_read_by(qs, "public")
    assert public[0] == qs[0] and public[2] == qs[2]
    declined = public[1]
    assert isinstance(declined, GraphQuestion) and not declined.answerable
    assert declined.expect_status == UNREADABLE_EXPECT and declined.expected_answer_terms == ()
    assert as_read_by(qs, "all") == qs


def test_reader_defaults_to_public_and_an_unknown_reader_is_rejected(tmp_path: Path) -> None:
    assert load_questions(write(tmp_path, GRAPH))[0] == GraphQuestion(
        id="g1", kind="ownership", question="Who owns geo-index?", expect_status=("answered",),
        expected_answer_terms=("Routing",), gold_doc_ids=("lark_confluence_platform-architecture",), reader="public")
    with pytest.raises(InputRejected, match="reader"):
        load_questions(write(tmp_path, GRAPH | {"reader": "admins"}))


def test_what_an_answer_must_not_say_is_kept_apart_from_the_facts_it_must_carry(tmp_path: Path) -> None:
    line = dict(BENCH, answer_facts=["The Routing team owns it.",
                                     "The answer must not attribute ownership to the Search team (a later reorg).",
                                     "the answer should not name the 2024 owner."])
    (q,) = load_questions(write(tmp_path, line))
    assert isinstance(q, BenchQuestion)
    assert q.answer_facts == ("The Routing team owns it.",)
    assert q.exclusions == ("The answer must not attribute ownership to the Search team (a later reorg).",
                            "the answer should not name the 2024 owner.")


@pytest.mark.parametrize(("facts", "exclusions"), [
    # a key closing on two or more orders to whoever answers: those are what the answer must leave out
    (("The Routing team owns it.", "Do not present the draft plan as the shipped fix.",
      "Don't name the old on-call rota."),
     ("Do not present the draft plan as the shipped fix.", "Don't name the old on-call rota.")),
    # one closing order is guidance the document gives, a fact to carry
    (("Keep headers under 8 KB.", "Do not rotate cookies within one streaming request."), ()),
    # an order (or a field named like one) before the facts is a fact
    (("Do Not Contact was set to true.", "Do not say we track you.", "The task was removed."), ()),
])
def test_closing_orders_to_the_answerer_are_exclusions_and_other_do_not_lines_are_facts(
        tmp_path: Path, facts: tuple[str, ...], exclusions: tuple[str, ...]) -> None:
    (q,) = load_questions(write(tmp_path, dict(BENCH, answer_facts=list(facts))))
    assert isinstance(q, BenchQuestion)
    assert q.exclusions == exclusions
    assert q.answer_facts == tuple(f for f in facts if f not in exclusions)
