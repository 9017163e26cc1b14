"""A DocView built from (heading path, lines) pairs for unit tests: one section passage per pair, one citable
sentence per line, offsets laid end to end, so a section reader sees headings and lines as ingest gives them."""

from __future__ import annotations

from zehn.agent.retrieve import DocView
from zehn.agent.rows import DocPassage, DocumentInfo, Sentence


def section_view(sections: tuple[tuple[str, tuple[str, ...]], ...], title: str, source: str) -> DocView:
    passages, sentences, at = [], [], 0
    for n, (heading, lines) in enumerate(sections):
        start = at
        for k, line in enumerate(lines):
            sentences.append(Sentence(f"ev_{n}_{k}", line, "d", at, at + len(line), "sentence"))
            at += len(line) + 1
        passages.append(DocPassage(f"d#p{n}", "d", heading, "section", start, at,
                                   f"{heading}\n" + "\n".join(lines), (0.3,)))
    return DocView(DocumentInfo("d", title, source, None, None), tuple(passages), 1.0, False, lambda: sentences)
