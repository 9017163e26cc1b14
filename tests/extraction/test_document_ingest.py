"""Step 5 for one document: its steps run in DOCUMENT_STEPS order, and a failure rolls that document back alone."""

from __future__ import annotations

from pathlib import Path

from graphrag_sdk import TextChunks
from spacy.language import Language

from extraction.document_state import DOCUMENT_STEPS
from extraction.documents import SourceDocument
from extraction.errors import ZehnError
from extraction.evidence import DocumentEvidence
from extraction.evidence_reads import get_document
from extraction.pipeline import Ingestor
from extraction.sdk_strategies import SpacyExtraction

BODY = "The sorter service writes parcels to the bin store."


class _FailsOn(SpacyExtraction):
    def _extract_sync(self, chunks: TextChunks) -> DocumentEvidence:
        raise ZehnError("the rules broke on this document")


class _FailOne:
    """Deterministic extraction, except for the document ``doc_id``, whose extraction raises."""

    version = ""

    def __init__(self, doc_id: str) -> None:
        self.doc_id = doc_id

    def __call__(self, document: SourceDocument, nlp: Language) -> SpacyExtraction:
        return (_FailsOn if document.id == self.doc_id else SpacyExtraction)(document, nlp)


def _write(folder: Path, doc_id: str) -> Path:
    path = folder / f"{doc_id}.md"
    path.write_text(f'---\nid: "{doc_id}"\n---\n\n{BODY}\n')
    return path


def test_a_document_passes_its_steps_in_order(ingestor: Ingestor, tmp_path: Path) -> None:
    reached: list[tuple[str, str]] = []
    ingestor.pause = lambda step, doc: reached.append((step, doc))
    report = ingestor.ingest([_write(tmp_path, "doc__steps")])
    assert report.documents == 1 and not report.errors
    assert reached == [(step, "doc__steps") for step in DOCUMENT_STEPS]


def test_a_failing_extraction_rolls_back_its_document_and_keeps_the_others(ingestor: Ingestor, tmp_path: Path) -> None:
    _write(tmp_path, "doc__fails")
    _write(tmp_path, "doc__fine")
    ingestor.extractors = _FailOne("doc__fails")
    report = ingestor.ingest([tmp_path])
    assert report.documents == 1 and report.rolled_back == 1
    assert [e["path"] for e in report.errors] == ["doc__fails.md"]  # relative to the folder ingested
    assert "rolled back" in report.errors[0]["reason"] and "the rules broke" in report.errors[0]["reason"]
    assert get_document(ingestor.graph, "doc__fails") is None
    assert get_document(ingestor.graph, "doc__fine") is not None
