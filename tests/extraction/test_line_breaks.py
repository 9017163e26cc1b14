"""Where lines end: real breaks everywhere, written-out ones only on an exported body's line."""

from __future__ import annotations

import pytest

from extraction.line_breaks import (
    blank_line_ends,
    escaped_breaks,
    line_before,
    line_start,
    stored_lines,
    text_lines,
    trim,
)

EXPORTED = ("# Ticket export\n\nSummary:\\n\\nThe cache tier stalled under load.\\n\\nOwner: Dana Ruiz\\n"
            "Next steps:\\n- add a breaker\\n  - verify it in staging\\n- page the storage team\n")


def _texts(text: str) -> list[str]:
    return [text[a:b] for a, b in text_lines(text)]


def test_an_exported_body_reads_as_the_lines_its_escapes_stand_for() -> None:
    assert _texts(EXPORTED) == ["# Ticket export", "Summary:", "The cache tier stalled under load.",
                                "Owner: Dana Ruiz", "Next steps:", "- add a breaker", "  - verify it in staging",
                                "- page the storage team"]


def test_every_line_of_an_exported_body_is_a_slice_without_an_escape_at_its_edges() -> None:
    for a, b in text_lines(EXPORTED):
        line = EXPORTED[a:b]
        assert not line.startswith("\\") and not line.endswith(("\\n", "\\"))


def test_one_escape_in_a_normal_line_splits_nothing() -> None:
    text = "Split records with the regex `[^,]+` and a trailing \\n before the next field.\nSecond line.\n"
    assert _texts(text) == ["Split records with the regex `[^,]+` and a trailing \\n before the next field.",
                            "Second line."]


@pytest.mark.parametrize("text", [
    'Keep-alive frames (": ping\\n\\n") go out every 15 seconds to keep proxies from buffering.\n',  # one run
    "Run this:\n```\nprintf 'a\\nb\\nc\\n' | sort\n```\nDone.\n",  # in a fenced code block
    "Use `split('\\n')` or `lines('\\n')` to read the file; both keep the header row.\n",  # in inline code
    "Paths: C:\\\\new\\\\node and C:\\\\next\\\\notes are shares on the build host.\n",  # escaped backslashes
])
def test_escapes_that_stand_for_no_line_break_split_nothing(text: str) -> None:
    assert escaped_breaks(text) == []
    assert len(_texts(text)) == text.count("\n")


def test_a_written_out_carriage_return_and_line_feed_is_one_break() -> None:
    text = "Status: open\\r\\nOwner: Dana Ruiz\\r\\nPriority: high"
    assert _texts(text) == ["Status: open", "Owner: Dana Ruiz", "Priority: high"]


def test_trim_leaves_out_escapes_and_tabs_at_a_quotes_edges() -> None:
    text = "\\n\\tOwner: Dana Ruiz.\\n\\n"
    a, b = trim(text, 0, len(text))
    assert text[a:b] == "Owner: Dana Ruiz."


def test_a_blank_line_written_out_starts_a_paragraph() -> None:
    at = blank_line_ends(EXPORTED)
    assert [EXPORTED[x : x + 9] for x in at] == ["Summary:\\", "The cache", "Owner: Da"]


def test_line_start_and_the_line_before_follow_escaped_breaks() -> None:
    at = EXPORTED.index("verify")
    start = line_start(EXPORTED, at)
    assert EXPORTED[start:at] == "  - "
    above = line_before(EXPORTED, start)
    assert above is not None and EXPORTED[slice(*above)] == "- add a breaker"


def test_a_stored_passage_is_split_at_escapes_only_when_stored_as_escaped() -> None:
    body = "- add a breaker\\n- page the storage team"
    assert [body[a:b] for a, b in stored_lines(body, True)] == ["- add a breaker", "- page the storage team"]
    assert [body[a:b] for a, b in stored_lines(body, False)] == [body]
