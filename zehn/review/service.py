"""Review a change: what it touches, what that breaks, who to tell, what to re-read, what the review cannot tell.

1/6 read      a document of the graph (by id, key or URL: extraction.document_lookup) or pasted text; a unified
              diff gives its changed files and symbols, the prose around it is read as text
2/6 names     the extractor's own mention rules over the text (extraction.text_mentions)
3/6 match     each name, path name and symbol to an entity, saying how (zehn.review.matching)
4/6 impact    the graded impact of every changed system, merged into one radar (zehn.review.radar)
5/6 people    owners of changed and affected systems, on-call sentences, documents that mention them
6/6 assemble  every cited evidence id with its sentence, the documents to re-read, and the gaps
"""

from __future__ import annotations

import logging
import time
from dataclasses import replace

from extraction.document_lookup import find_documents
from extraction.errors import InputRejected, ModelUnavailable
from extraction.evidence_reads import get_document
from extraction.text_mentions import document_mentions, pasted_document
from zehn.api.deps import Services
from zehn.api.errors import NotFound
from zehn.api.views import policy_out
from zehn.review.diff import path_names, read_change
from zehn.review.gaps import documents_to_read, gaps, quotes
from zehn.review.matching import Candidate, Matcher
from zehn.review.model import ChangedFileOut, ChangeReview, ReviewInput
from zehn.review.radar import Radar, find_mentioning, find_on_call, find_owners, merge_impacts

log = logging.getLogger("zehn.review")
MAX_TEXT_CHARS = 200_000
MAX_NAMES = 40
MAX_FILES = 30
MAX_SYMBOLS = 40
REVIEW_STEPS = 6


def _step(n: int, what: str) -> None:
    log.info("step %d/%d: %s", n, REVIEW_STEPS, what)


class DocumentAmbiguous(InputRejected):
    """A key or URL names several documents; the message lists them."""


def _document_input(services: Services, ref: str) -> tuple[str, ReviewInput, str]:
    found = find_documents(services.graph, ref)
    if not found:
        raise NotFound(f"no current document is named {ref[:200]!r} (by id, key or URL)")
    if len(found) > 1:
        listed = ", ".join(f"{d.id} ({d.title})" for d in found)
        raise DocumentAmbiguous(f"{ref[:200]!r} names several documents: {listed}; give one id")
    doc = get_document(services.graph, found[0].id)
    if doc is None:  # deleted between the look-up and the read
        raise NotFound(f"document {found[0].id!r} is no longer current")
    kind = ReviewInput(kind="document", title=str(doc["title"]), document_id=str(doc["id"]),
                       source_type=doc["source_type"], characters=len(doc["text"]))
    return str(doc["text"]), kind, str(doc["id"])


class ChangeReviewer:
    """Builds a :class:`ChangeReview` through the named queries of ``services.executor`` (read only)."""

    def __init__(self, services: Services) -> None:
        if services.nlp is None:
            raise ModelUnavailable("a change review needs the spaCy pipeline (the extractor reads the text)")
        self.services = services

    def review(self, text: str | None = None, *, document: str | None = None, depth: int = 2,
               as_of: str | None = None, title: str | None = None) -> ChangeReview:
        started = time.perf_counter()
        services = self.services if as_of is None else replace(
            self.services, executor=self.services.executor.at(as_of))
        _step(1, "read the change")
        if (text is None) == (document is None):
            raise InputRejected("give the change as text, or a document id, key or URL")
        if document is not None:
            body, source, doc_id = _document_input(services, document)
            change = read_change("")
        else:
            assert text is not None
            if not text.strip():
                raise InputRejected("the change is blank: paste a PR description, a diff or a design note")
            if len(text) > MAX_TEXT_CHARS:
                raise InputRejected(f"the change is {len(text)} characters long (limit {MAX_TEXT_CHARS})")
            change = read_change(text)
            body, doc_id = (change.prose if change.is_diff else text), "pasted"
            first = next((ln.strip("# ").strip() for ln in text.splitlines() if ln.strip()), "pasted change")
            source = ReviewInput(kind="diff" if change.is_diff else "text", title=title or first[:120],
                                 characters=len(text))
        files = [ChangedFileOut(path=f.path, old_path=f.old_path, added=f.added, removed=f.removed,
                                symbols=f.symbols) for f in change.files[:MAX_FILES]]
        source.files = files
        _step(2, "find the names in the text")
        whole = text if text is not None else body
        mentions = document_mentions(pasted_document(body, source.title, doc_id), services.nlp) if body else []
        seen: dict[str, Candidate] = {}
        for m in mentions:
            surface = body[m.start:m.end]
            start = whole.find(surface) if whole is not body else m.start
            seen.setdefault(" ".join(surface.casefold().split()), Candidate(
                surface, "text", m.type, start if start >= 0 else None, start + len(surface) if start >= 0 else None))
        _step(3, f"match {len(seen)} name(s), {len(files)} file(s)")
        matcher = Matcher(services.executor, services.graph)
        for cand in list(seen.values())[:MAX_NAMES]:
            matcher.text(cand)
        symbols = 0
        for f in files:
            f.symbols = f.symbols[:max(0, MAX_SYMBOLS - symbols)]
            symbols += len(f.symbols)
        matcher.files(files, {f.path: path_names(f.path) for f in files})
        matches = sorted(matcher.out.matches.values(), key=lambda m: (not m.system, m.name.casefold()))
        systems = [m for m in matches if m.system]
        _step(4, f"impact of {len(systems)} changed system(s), depth {depth}")
        radar = Radar()
        merge_impacts(services, systems, depth, radar)
        _step(5, "owners, on-call and documents")
        owned = [m.entity_id for m in systems] + [a.entity_id for a in radar.ordered()
                                                  if a.type in {"Service", "Component", "Technology"}]
        find_owners(services.executor, owned, radar)
        find_on_call(services.executor, services.graph, systems, radar)
        find_mentioning(services.executor, systems, radar)
        _step(6, "assemble")
        evidence = quotes(services.graph, matches, radar)
        capped = len(seen) > MAX_NAMES or len(change.files) > MAX_FILES
        return ChangeReview(
            as_of=as_of, depth=depth, input=source, matches=matches, unmatched=matcher.out.unmatched,
            affected=radar.ordered(), by_hop=radar.by_hop(), owners=radar.owners, on_call=radar.on_call,
            documents=documents_to_read(matches, radar, evidence), evidence=evidence,
            gaps=gaps(services.policy, matcher.out.unmatched, files, systems, radar, capped),
            hop_grading=radar.hop_grading or "no paths to grade", policy=policy_out(services.policy.info()),
            queries=radar.query_records(matcher.out.records),
            timings={"total_ms": round((time.perf_counter() - started) * 1000.0, 1)},
        )
