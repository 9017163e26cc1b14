"""A DocView built from a small Markdown text for unit tests: one passage per heading, one citable sentence per
non-blank body line (offsets are the text's own; a passage on an exported body's line is ``escaped`` as ingest
marks it), so the shape readers see lines and sections as ingest gives them."""

from __future__ import annotations

from extraction.line_breaks import escaped_breaks
from zehn.agent.retrieve import DocView
from zehn.agent.rows import DocPassage, DocumentInfo, Sentence


def markdown_view(text: str, title: str, doc_id: str = "doc_1") -> DocView:
    passages: list[DocPassage] = []
    sentences: list[Sentence] = []
    heading, body_start, at = "", 0, 0

    def close(end: int) -> None:
        if end > body_start:
            passages.append(DocPassage(f"p{len(passages)}", doc_id, heading, "section", body_start, end,
                                       f"{heading}\n{text[body_start:end]}", (0.5,),
                                       bool(escaped_breaks(text, body_start, end))))

    for line in text.split("\n"):
        if line.startswith("#"):
            close(max(body_start, at - 1))
            heading, body_start = line.lstrip("# ").strip(), at + len(line) + 1
        elif line.strip():
            sentences.append(Sentence(f"ev_{len(sentences):016x}", line, doc_id, at, at + len(line), "sentence"))
        at += len(line) + 1
    close(len(text))
    info = DocumentInfo(doc_id, title, "confluence", None, None)
    return DocView(info, tuple(passages), 1.0, True, lambda: sentences)
