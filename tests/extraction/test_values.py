"""URLs read out of a line's values."""

from __future__ import annotations

from extraction.values import url_mentions


def test_a_written_out_line_break_ends_a_url() -> None:
    text = r"Links:\n- Page: https://wiki.example.org/display/OPS/Upload+incident\n- Fix: https://git.example.org/a/b/pull/7\n"
    found = url_mentions(text, 0, len(text))
    assert [m.name for m in found] == ["https://wiki.example.org/display/OPS/Upload+incident",
                                       "https://git.example.org/a/b/pull/7"]
    assert all(text[m.start : m.end] == m.name for m in found)
