"""A document's lines as the shape readers see them, including bodies exported with escaped line breaks."""

from __future__ import annotations

from tests.zehn.agent.markdown_view import markdown_view
from zehn.agent.doc_lines import lines

ESCAPED = ("# Ticket\n\n## follow_up_actions\n\n"
           "- Ops to land the patch.\\n- Docs team to add examples.\\n- Monitor it.\n")


def test_a_body_with_several_escaped_breaks_is_split_there() -> None:
    view = markdown_view(ESCAPED, "Ticket")
    body = [line for line in lines(view) if not line.is_heading]
    assert [line.text for line in body] == ["- Ops to land the patch.", "- Docs team to add examples.", "- Monitor it."]
    assert all(ESCAPED[line.start:line.end] == line.text for line in body)


def test_one_escaped_break_alone_is_left_in_its_line() -> None:
    text = "# Notes\n\n## paths\n\nThe share is at C:\\new\\data on the host.\n"
    body = [line.text for line in lines(markdown_view(text, "Notes")) if not line.is_heading]
    assert body == ["The share is at C:\\new\\data on the host."]
