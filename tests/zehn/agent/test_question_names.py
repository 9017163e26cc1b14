"""The question's names: where they meet decides which documents are read; how many a document holds, its rank."""

from __future__ import annotations

from zehn.agent.question import Analysis
from zehn.agent.question_names import NAMED_LIMIT, name_forms, name_shares, named_documents, question_names
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


def test_a_plural_name_counts_where_a_document_writes_its_singular() -> None:
    indexes = {"singular": TextIndex("Two follow up tickets were opened; the SDK was pinned."),
               "plural": TextIndex("The follow-ups and SDKs are tracked."), "none": TextIndex("Nothing here.")}
    assert name_shares(["follow-ups", "SDKs"], indexes) == {"singular": 1.0, "plural": 1.0, "none": 0.0}


def test_only_a_lower_case_plural_after_letters_is_folded() -> None:
    assert name_forms("follow-ups") == ("follow-ups", "follow-up")
    assert name_forms("SDKs") == ("SDKs", "SDK")
    assert name_forms("policies") == ("policies", "policy")
    assert name_forms("KMS") == ("KMS",)  # an acronym ending in S is the name itself
    assert name_forms("k8s") == ("k8s",)  # an identifier, not a plural
    assert name_forms("status") == ("status",)  # Harman's folding keeps "-us"
    assert name_forms("perf-canary") == ("perf-canary",)
