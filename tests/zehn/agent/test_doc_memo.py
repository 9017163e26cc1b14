"""A document's memo: each value worked out once per reader function and given back as it was made."""

from __future__ import annotations

from zehn.agent.doc_memo import DocMemo


def test_a_value_is_worked_out_once_per_function_and_given_back_the_same() -> None:
    memo, made = DocMemo(), []

    def count(view: str) -> list[str]:
        made.append(view)
        return [view.upper()]

    first = memo.of(count, "doc")
    assert memo.of(count, "doc") is first
    assert memo.of(len, "doc") == 3  # another function: its own value
    assert made == ["doc"]
