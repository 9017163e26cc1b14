"""POST /api/ingest: uploads go through the real ingest pipeline; limits are enforced before bodies are read;
one job at a time; each file's outcome is reported; uploads and their progress need a token."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from extraction.pipeline import Ingestor, IngestReport, Progress
from tests.zehn.api.conftest import build_services
from zehn.access import TokenStore
from zehn.api import create_app
from zehn.graph_server import EmbeddedFalkorDB

NOTE = "# Quartz notes\n\nquartz-relay depends on amber-store for message ordering.\n"


def wait_for_job(client: TestClient, job_id: str, bound_s: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + bound_s
    while time.monotonic() < deadline:
        job: dict[str, Any] = client.get(f"/api/ingest/{job_id}").json()
        if job["state"] != "running":
            return job
        time.sleep(0.1)
    raise AssertionError(f"job {job_id} still running after {bound_s}s")


@pytest.fixture
def make_upload_client(falkordb_server: EmbeddedFalkorDB, graph_name: str, nlp: Language, embedder: LocalEmbedder,
                       tmp_path: Path) -> Iterator[Callable[..., TestClient]]:
    """A client of an app that takes uploads, sending a writer's token unless ``token=False``."""
    assert falkordb_server.port is not None
    opened: list[TestClient] = []
    tokens = TokenStore(tmp_path / "tokens")
    _record, secret = tokens.create("uploader")

    def make(token: bool = True, **settings: Any) -> TestClient:
        assert falkordb_server.port is not None
        services = build_services(falkordb_server.port, graph_name, None, embedder, nlp)
        services.ingestor = Ingestor("127.0.0.1", falkordb_server.port, graph_name, nlp=nlp, embedder=embedder,
                                     max_bytes=2000)
        services.settings = services.settings.model_copy(update={"data_dir": tmp_path, "max_document_bytes": 2000,
                                                                 **settings})
        client = TestClient(create_app(services, frontend_dir=None, tokens=tokens)).__enter__()
        if token:
            client.headers["Authorization"] = f"Bearer {secret}"
        opened.append(client)
        return client

    yield make
    for client in opened:
        client.__exit__(None, None, None)


@pytest.fixture
def upload_client(make_upload_client: Callable[..., TestClient]) -> TestClient:
    return make_upload_client()


def test_uploads_and_their_progress_need_a_token(make_upload_client: Callable[..., TestClient]) -> None:
    anonymous = make_upload_client(token=False)
    refused = anonymous.post("/api/ingest", files=[("files", ("a.md", NOTE.encode(), "text/markdown"))])
    assert refused.status_code == 401 and refused.json()["kind"] == "unauthorized"
    assert anonymous.get("/api/ingest/latest").status_code == 401


def test_an_uploaded_folder_is_ingested_searchable_and_reported_per_file(upload_client: TestClient) -> None:
    files = [("files", ("notes/quartz.md", NOTE.encode(), "text/markdown")),
             ("files", ("notes/empty.md", b"", "text/markdown")),
             ("files", ("notes/huge.md", b"x" * 3000, "text/markdown"))]
    response = upload_client.post("/api/ingest", files=files)
    assert response.status_code == 202, response.text
    started = response.json()
    assert {f["name"]: f["status"] for f in started["files"]}["notes/huge.md"] == "rejected"
    job = wait_for_job(upload_client, started["id"])
    assert job["state"] == "done" and job["documents"] == 1
    status = {f["name"]: (f["status"], f["reason"]) for f in job["files"]}
    assert status["notes/quartz.md"] == ("ingested", None)
    assert status["notes/empty.md"][0] == "failed" and status["notes/empty.md"][1]
    assert "limit" in status["notes/huge.md"][1]
    found = upload_client.get("/api/documents", params={"q": "quartz-relay ordering"}).json()
    assert [d["title"] for d in found["documents"]] == ["Quartz notes"]
    assert upload_client.get("/api/ingest/latest").json()["id"] == started["id"]
    again = wait_for_job(upload_client, upload_client.post("/api/ingest", files=files[:1]).json()["id"])
    assert [(f["name"], f["status"]) for f in again["files"]] == [("notes/quartz.md", "unchanged")]


def test_a_file_name_that_leaves_its_folder_is_refused(upload_client: TestClient) -> None:
    response = upload_client.post("/api/ingest", files=[("files", ("../escape.md", NOTE.encode(), "text/markdown"))])
    job = wait_for_job(upload_client, response.json()["id"])
    assert [(f["status"], "leaves its folder" in (f["reason"] or "")) for f in job["files"]] == [("rejected", True)]


def test_an_upload_over_the_total_limit_is_refused_before_reading(
        make_upload_client: Callable[..., TestClient]) -> None:
    client = make_upload_client(max_upload_bytes=1024)
    response = client.post("/api/ingest", files=[("files", ("a.md", NOTE.encode() * 20, "text/markdown"))])
    assert response.status_code == 413 and response.json()["kind"] == "too_large"
    assert client.post("/api/ingest", files=[]).status_code in (411, 422)


class BlockingIngest:
    """Implements the ingest interface; blocks until released, so a second upload meets a running job."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.started = threading.Event()

    def ingest(self, paths: Sequence[Path], progress: Progress | None = None) -> IngestReport:
        self.started.set()
        if not self.release.wait(30):
            raise AssertionError("never released")
        return IngestReport()


def test_one_job_at_a_time(upload_client: TestClient) -> None:
    blocking = BlockingIngest()
    upload_client.app.state.services.ingestor = blocking  # type: ignore[attr-defined]
    file = [("files", ("a.md", NOTE.encode(), "text/markdown"))]
    first = upload_client.post("/api/ingest", files=file).json()
    assert blocking.started.wait(10)
    second = upload_client.post("/api/ingest", files=file)
    assert second.status_code == 409 and second.json()["kind"] == "busy"
    blocking.release.set()
    assert wait_for_job(upload_client, first["id"])["state"] == "done"


def test_without_an_ingest_pipeline_uploads_are_refused(client: TestClient) -> None:
    response = client.post("/api/ingest", files=[("files", ("a.md", NOTE.encode(), "text/markdown"))])
    assert response.status_code == 403 and response.json()["kind"] == "uploads_disabled"
    assert client.get("/api/ingest/latest").status_code == 403
