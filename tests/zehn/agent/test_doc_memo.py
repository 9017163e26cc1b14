"""A document's memo: each value worked out once per reader function and given back as it was made; kept
sentences become a turn's evidence as a read's rows would."""

from __future__ import annotations

from zehn.agent.doc_memo import DocMemo, kept_sentences
from zehn.agent.rows import Sentence


def _sentence(n: int, spans: None = None) -> Sentence:
    return Sentence(f"s{n}", f"Sentence {n}.", "doc", n * 10, n * 10 + 9, "sentence", spans)


def test_a_value_is_worked_out_once_per_function_and_given_back_the_same() -> None:
    memo, made = DocMemo(), []

    def count(view: str) -> list[str]:
        made.append(view)
        return [view.upper()]

    first = memo.of(count, "doc")
    assert memo.of(count, "doc") is first
    assert memo.of(len, "doc") == 3  # another function: its own value
    assert made == ["doc"]


def test_kept_sentences_are_read_once_and_added_to_each_turns_evidence() -> None:
    memo, reads = DocMemo(), []

    def read() -> list[Sentence]:
        reads.append(1)
        return [_sentence(1), _sentence(2)]

    first: dict[str, Sentence] = {}
    second: dict[str, Sentence] = {}
    assert kept_sentences(memo, first, read) == [_sentence(1), _sentence(2)]
    assert kept_sentences(memo, second, read) == [_sentence(1), _sentence(2)]
    assert len(reads) == 1
    assert list(second) == ["s1", "s2"]


def test_a_sentence_the_turn_read_before_stays_as_the_turn_first_read_it() -> None:
    memo = DocMemo()
    kept_sentences(memo, {}, lambda: [_sentence(1)])
    earlier = Sentence("s1", "Sentence 1.", "doc", 10, 19, "sentence", None)
    evidence = {"s0": _sentence(0), "s1": earlier}
    assert kept_sentences(memo, evidence, lambda: [])[0] is earlier
    assert list(evidence) == ["s0", "s1"]


def test_a_document_with_no_sentences_is_kept_as_such() -> None:
    memo, reads = DocMemo(), []

    def read() -> list[Sentence]:
        reads.append(1)
        return []

    assert kept_sentences(memo, {}, read) == []
    assert kept_sentences(memo, {}, read) == []
    assert len(reads) == 1
