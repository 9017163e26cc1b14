"""The question's names: where they meet decides which documents are read; how many a document holds, its rank."""

from __future__ import annotations

from zehn.agent.question import Analysis
from zehn.agent.question_names import NAMED_LIMIT, name_shares, named_documents, question_names
from zehn.agent.text_index import TextIndex


class _Mentions:
    def __init__(self, found: dict[str, list[tuple[str, str]]]) -> None:
        self.found = found
        self.asked: list[str] = []

    def __call__(self, names: list[str]) -> dict[str, list[tuple[str, str]]]:
        self.asked += names
        return {n: self.found[n] for n in names if n in self.found}


def test_each_name_and_every_two_of_them_are_looked_up_in_one_call() -> None:
    mentions = _Mentions({})
    named_documents(["a-b", "c-d", "e-f"], mentions)
    assert mentions.asked == ["a-b", "c-d", "e-f", "a-b c-d", "a-b e-f", "c-d e-f"]


def test_the_documents_of_whole_look_ups_come_back_in_id_order_and_cut_ones_are_left_out() -> None:
    common = [(f"c{n:02d}", "text") for n in range(NAMED_LIMIT)]
    mentions = _Mentions({"x-y": common, "x-y z-w": [("d2", "text"), ("d1", "text")]})
    assert named_documents(["x-y", "z-w"], mentions) == ["d1", "d2"]


def test_a_question_without_names_looks_nothing_up() -> None:
    mentions = _Mentions({})
    assert named_documents([], mentions) == [] and mentions.asked == []


def test_a_phrase_that_only_compares_numbers_is_no_name() -> None:
    analysis = Analysis("q", "attribute", (), None, None, None, ("ENG-12",), ("512-vs-1024", "billing-export"), (),
                        ())
    assert question_names(analysis) == ["billing-export", "ENG-12"]


def test_a_document_s_share_is_the_part_of_the_names_it_mentions_whatever_the_separator() -> None:
    indexes = {"both": TextIndex("The billing export feeds ENG-12."), "one": TextIndex("The billing-export job."),
               "none": TextIndex("Nothing here.")}
    assert name_shares(["billing-export", "ENG-12"], indexes) == {"both": 1.0, "one": 0.5, "none": 0.0}
    assert name_shares([], indexes) == {"both": 0.0, "one": 0.0, "none": 0.0}
