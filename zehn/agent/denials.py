"""A name the question gives that the document mentions only to deny it (part of stage 4, bind).

Status pages and incident notes name what was spared ("The US and APAC regions are not affected."). A question that
asks what happened to a name such a document only rules out ("what caused the errors in APAC") is not answered by
it: the document's causes and fixes are about the case it does describe.
"""

from __future__ import annotations

from spacy.tokens import Doc

from zehn.agent.lemmas import words
from zehn.agent.parses import Parses
from zehn.agent.question import Analysis
from zehn.agent.retrieve import DocView


def denied(mentions: list[Doc]) -> bool:
    """Every one of the sentences denies its main verb (and there is at least one)."""
    return bool(mentions) and all(any(t.dep_ == "neg" and t.head.dep_ == "ROOT" for t in m) for m in mentions)


def ruled_out(analysis: Analysis, view: DocView, parses: Parses) -> str | None:
    """The first name of the question (an anchor, an acronym, a hyphenated word) whose every mention in the document
    is denied; None when there is none, or when the question asks about a denial itself ("which regions were not
    affected")."""
    if any(a.negated for a in analysis.asks):
        return None
    for name in dict.fromkeys((*analysis.anchors, *analysis.names)):
        said = [s for s in view.sentences if s.kind == "sentence" and name.casefold() in words(s.text)]
        docs = parses.of(said)
        if denied([docs[s.id] for s in said]):
            return name
    return None
