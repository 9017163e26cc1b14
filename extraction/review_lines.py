"""A line of a review conversation (read by `extraction.lines`): who reviewed or approved the document.

In a pull request, a merge request, or under a heading about review or approval, "Name (team): comment" says the
person REVIEWED the document and "Name: Approved" / "Name: LGTM" that they APPROVED it. The document's authors,
and a speaker tagged as the author, review nothing of their own. A speaker is a person when the document's
metadata names them, or when the name is written in full ("Dana Ruiz").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from extraction.extraction_types import Mention
from extraction.line_shapes import PERSON_NAME, REVIEW_SOURCES, SPEAKER

if TYPE_CHECKING:
    from extraction.doc_context import DocumentContext


def review_relation(text: str, line: tuple[int, int], ctx: DocumentContext, mentions: list[Mention]) -> tuple[
        Mention, Mention, str, tuple[int, int]] | None:
    """(reviewer, document, REVIEWED or APPROVED, predicate span) for a review line, else None."""
    doc, own = ctx.document, ctx.own
    heading = ctx.heading_at(line[0])
    in_review = doc.source_type in REVIEW_SOURCES or any(w in heading for w in ("review", "approv", "convers"))
    m = SPEAKER.match(text[line[0] : line[1]])
    if own is None or not in_review or m is None:
        return None
    s, e = line[0] + m.start("name"), line[0] + m.end("name")
    person = next((p for p in mentions if p.type == "Person" and (p.start, p.end) == (s, e)), None)
    if person is None and PERSON_NAME.match(text[s:e]):
        person = Mention(text[s:e], "Person", s, e)  # a speaker of a review is a person
    people = ctx.people
    known = person is not None and (person.name in people.full_names or person.name in people.handles
                                    or " " in person.name)
    tag = text[e : line[0] + m.end()].casefold()
    if person is None or not known or person.name in doc.authors or "author" in tag:
        return None
    rel = "APPROVED" if m.group("verdict") else "REVIEWED"
    return person, own, rel, (person.start, line[0] + m.end())
