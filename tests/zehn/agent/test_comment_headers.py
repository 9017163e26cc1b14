"""Comment header lines in the shapes trackers, review tools and chat exports write them (pure)."""

from __future__ import annotations

import pytest

from zehn.agent.comment_headers import header

PEOPLE = 'participants: ["Dana Kerr", "Lars Moe"]'


@pytest.mark.parametrize(("line", "author", "body"), [
    ("2026-03-02 08:15Z — Dana Kerr", "Dana Kerr", ""),
    ("2026-03-02 08:15 — Dana Kerr (SRE): Drained the node", "Dana Kerr", "Drained the node"),
    ("[2026-03-02 08:15] Dana Kerr: Approved. Merging now.", "Dana Kerr", "Approved. Merging now."),
    ("Dana Kerr — 2026-03-02:", "Dana Kerr", ""),
    ("Dana Kerr, 2026-03-02 08:15:", "Dana Kerr", ""),
    ("**Dana Kerr** - 2026-03-02", "Dana Kerr", ""),
    ("**Dana Kerr** (2026-03-02): Rebuilt the index", "Dana Kerr", "Rebuilt the index"),
    ("**Dana Kerr** wrote:", "Dana Kerr", ""),
    ("Lars Moe commented:", "Lars Moe", ""),
    ("Reply from Lars Moe (2026-03-03):", "Lars Moe", ""),
    ("Comment by @lars.moe", "lars.moe", ""),
    ("@lars.moe commented:", "lars.moe", ""),
    ("lars replied:", "lars", ""),
    ("From: Dana Kerr <dana@example.com>", "Dana Kerr", ""),
    ("On 2026-03-02 08:15, Lars Moe wrote:", "Lars Moe", ""),
])
def test_a_header_names_its_author_and_where_its_body_starts(line: str, author: str, body: str) -> None:
    found = header(line)
    assert found is not None
    assert found.author == author
    assert line[found.body_at:] == body


def test_a_name_alone_is_a_header_only_in_a_thread_and_for_a_person_of_the_document() -> None:
    assert header("Dana Kerr", "Comments", PEOPLE) is not None
    assert header("Dana Kerr", "Summary", PEOPLE) is None  # not a conversation
    assert header("Next Steps", "Comments", PEOPLE) is None  # not a person of the document
    assert header("Wendell Quist", "Comments", PEOPLE) is None


@pytest.mark.parametrize("line", [
    "Root Cause: the cache expired early",
    "Approved by: Dana Kerr",
    "- 10:05 The relay was restarted by Dana Kerr",
    "10:05 deploy: done",
    "Summary",
])
def test_labels_and_timeline_lines_are_not_headers(line: str) -> None:
    assert header(line, "Comments", PEOPLE) is None


def test_a_mail_quote_header_owns_its_quoted_lines_and_a_tracker_reply_does_not() -> None:
    mail = header("On Tue, 3 Mar 2026 at 10:02, Lars Moe <lars@example.com> wrote:")
    reply = header("**Lars Moe** wrote:")
    assert mail is not None and mail.quotes
    assert reply is not None and not reply.quotes


def test_a_lowercase_chat_line_is_spoken_only_by_a_handle_the_metadata_lists() -> None:
    from zehn.agent.speakers import roster
    speakers = roster(['participants: ["tove", "oskar (sre)"]'])
    tove = header("tove: rebuilt the search index", speakers=speakers)
    oskar = header("oskar: drained the node", speakers=speakers)
    assert tove is not None and tove.author == "tove" and tove.body_at == len("tove: ")
    assert oskar is not None and oskar.role == "sre"
    assert header("note: rebuilt the search index", speakers=speakers) is None  # a label, not a listed handle
    assert header("tove: rebuilt the search index") is None  # no metadata: no speaker
