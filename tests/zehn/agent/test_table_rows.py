"""A Markdown table row is read with its header row; prose, the header itself and a pipe line without a
separator under its first line have none."""

from __future__ import annotations

from zehn.agent.rows import DocPassage, Sentence
from zehn.agent.table_rows import header_of

HEADING = "Design: queue choice > Options"
BODY = (
    "We compared three queues.\n"
    "\n"
    "| Option | Throughput | Cost per month |\n"
    "|---|---|---|\n"
    "| A. Managed queue | 5k msg/s | about $400 |\n"
    "| B. Self-hosted broker | 20k msg/s | about $150 |\n"
    "\n"
    "| not a table | just pipes |\n"
    "| still | no separator |")
OFFSET = 40


def _passage() -> DocPassage:
    return DocPassage("p1", "doc", HEADING, "section", OFFSET, OFFSET + len(BODY), f"{HEADING}\n{BODY}", (0.1,))


def _line(part: str) -> Sentence:
    at = BODY.index(part)
    return Sentence(part[:8], part, "doc", OFFSET + at, OFFSET + at + len(part), "sentence")


def test_a_body_row_is_read_with_its_header_row() -> None:
    assert header_of(_passage(), _line("| B. Self-hosted broker")) == "| Option | Throughput | Cost per month |"
    assert header_of(_passage(), _line("Self-hosted broker | 20k")) == "| Option | Throughput | Cost per month |"


def test_prose_the_header_and_pipes_without_a_separator_have_no_header() -> None:
    assert header_of(_passage(), _line("We compared three queues.")) == ""
    assert header_of(_passage(), _line("| Option | Throughput")) == ""
    assert header_of(_passage(), _line("| still | no separator |")) == ""


def test_a_passage_whose_text_is_not_heading_and_body_has_no_header() -> None:
    odd = DocPassage("p2", "doc", HEADING, "section", OFFSET, OFFSET + 5, "something else", ())
    assert header_of(odd, _line("| B. Self-hosted broker")) == ""


def test_two_tables_with_no_line_between_them_each_keep_their_own_header() -> None:
    from zehn.agent.table_rows import headers
    rows = ["| Field | Value |", "|---|---|", "| Tier | 1 |", "| Direction | Service |", "|---|---|",
            "| Downstream | ledger-db |", "prose", "| a | b |"]
    found = headers(enumerate(rows))
    assert found == {2: "| Field | Value |", 5: "| Direction | Service |"}
