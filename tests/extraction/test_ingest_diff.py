"""Step 4: which loaded documents an ingest works on, judged against what the graph holds."""

from __future__ import annotations

from pathlib import Path

from extraction.ingest_diff import documents_to_ingest
from extraction.ingest_report import IngestReport
from extraction.loaders import load_file
from extraction.pipeline import Ingestor


def _write(folder: Path, name: str, doc_id: str, body: str) -> Path:
    path = folder / name
    path.write_text(f'---\nid: "{doc_id}"\ntitle: "{name}"\n---\n\n{body}\n')
    return path


def test_new_documents_are_listed_in_load_order_and_a_duplicate_id_is_reported(
        ingestor: Ingestor, tmp_path: Path) -> None:
    first = load_file(_write(tmp_path, "b.md", "doc__one", "The sorter service writes to the bin store."))
    second = load_file(_write(tmp_path, "a.md", "doc__two", "The packer service reads the bin store."))
    clash = load_file(_write(tmp_path, "c.md", "doc__one", "Another text under the first id."))
    report = IngestReport()
    todo = documents_to_ingest(ingestor.graph, [first, second, clash], ingestor.extractor_version, report)
    assert list(todo) == ["doc__one", "doc__two"]
    assert [state for _, state in todo.values()] == ["new", "new"]
    assert todo["doc__one"][0].path == first.path
    assert [e["path"] for e in report.errors] == [clash.path] and "duplicate document id" in report.errors[0]["reason"]
    assert report.skipped == 0


def test_an_ingested_document_is_skipped_and_a_changed_one_is_listed(ingestor: Ingestor, tmp_path: Path) -> None:
    kept = _write(tmp_path, "kept.md", "doc__kept", "The sorter service writes to the bin store.")
    edited = _write(tmp_path, "edited.md", "doc__edited", "The packer service reads the bin store.")
    assert ingestor.ingest([tmp_path]).documents == 2
    edited.write_text(edited.read_text().replace("reads", "empties"))
    report = IngestReport()
    todo = documents_to_ingest(ingestor.graph, [load_file(kept), load_file(edited)], ingestor.extractor_version,
                               report)
    assert {doc_id: state for doc_id, (_, state) in todo.items()} == {"doc__edited": "changed"}
    assert report.skipped == 1 and report.recovered == 0
