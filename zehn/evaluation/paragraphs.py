"""The paragraph baseline: plain BM25 over the documents' paragraphs, top three, never abstaining.

It reads every stored document of the evaluation graph that ZEHN may read once (ready and visible to everyone, as
``zehn eval`` asks: the same documents the sentence baseline and ZEHN see; the same text citations are checked
against), cuts
each body into paragraphs at blank lines (a list or a table without blank lines stays one paragraph), and ranks
them for a question with Okapi BM25 (``rank_bm25``) over lower-cased word tokens minus English stop words. The
answer is the top :data:`TOP` paragraphs, verbatim, each cited as its document slice. No graph structure, no
entity, no gate: what a plain passage retriever hands a reader, measured by the same graders.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any, Protocol

from rank_bm25 import BM25Okapi

from extraction.access import scoped
from extraction.schema import ready_document
from zehn.agent.lexical import tokens  # the same words ZEHN's retrieval ranks its read documents by

from .records import AnswerRecord, CitedSpan

TOP = 3
MIN_WORDS = 3  # a lone heading or a signature line is not a passage
_BLANK_LINE = re.compile(r"\n[ \t]*\n")
ALL_DOCUMENTS = f"MATCH (d:Document) WHERE {ready_document('d')} RETURN d.id, d.text, d.body_start ORDER BY d.id"


class QueryGraph(Protocol):
    def ro_query(self, q: str, params: dict[str, Any] | None = None, timeout: int | None = None) -> Any: ...


@dataclass(frozen=True)
class Paragraph:
    document_id: str
    start: int
    end: int
    text: str


def paragraphs(document_id: str, text: str, body_start: int) -> list[Paragraph]:
    """The body's paragraphs with exact offsets: ``text[p.start:p.end] == p.text``."""
    out: list[Paragraph] = []
    cut = body_start
    for gap in [*_BLANK_LINE.finditer(text, body_start), None]:
        end = len(text) if gap is None else gap.start()
        start = cut
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if len(text[start:end].split()) >= MIN_WORDS:
            out.append(Paragraph(document_id, start, end, text[start:end]))
        if gap is not None:
            cut = gap.end()
    return out


class ParagraphBaseline:
    def __init__(self, graph: QueryGraph, *, top: int = TOP) -> None:
        self.top = top
        self.paragraphs: list[Paragraph] = []
        for doc_id, text, body_start in scoped(graph).ro_query(ALL_DOCUMENTS).result_set:
            if isinstance(text, str):
                self.paragraphs.extend(paragraphs(str(doc_id), text, int(body_start or 0)))
        self._bm25 = BM25Okapi([tokens(p.text) or ["\x00"] for p in self.paragraphs]) if self.paragraphs else None

    def answer(self, question_id: str, question: str) -> AnswerRecord:
        started = time.perf_counter()
        query = tokens(question)
        if self._bm25 is None or not query:
            return AnswerRecord(question_id, "abstained", "", (), (time.perf_counter() - started) * 1000.0)
        scores = self._bm25.get_scores(query)
        order = sorted(range(len(self.paragraphs)), key=lambda i: (-float(scores[i]), i))[: self.top]
        chosen = [self.paragraphs[i] for i in order]
        citations = tuple(CitedSpan(p.document_id, p.start, p.end, p.text) for p in chosen)
        return AnswerRecord(question_id, "answered", "\n\n".join(p.text for p in chosen), citations,
                            (time.perf_counter() - started) * 1000.0)
