"""Ingest jobs started by uploads: one at a time, run in a worker thread, their progress read by polling.

A job ingests one folder of saved uploads with the same code path and rules as ``zehn ingest <folder>``
(:class:`extraction.pipeline.Ingestor`): document ids are relative to that folder, unchanged documents are skipped,
a bad file is reported and skipped. Per-file state moves ``waiting`` -> ``processed`` (as each document finishes)
and, when the run ends, to ``ingested``, ``unchanged`` or ``failed`` (with the reason). A file refused before the
run (too large, unsafe name) is ``rejected`` from the start. A graph that stops answering fails the whole job.
"""

from __future__ import annotations

import logging
import os
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel

from extraction.errors import ZehnError
from extraction.ingest_report import IngestReport
from zehn.api.deps import DocumentIngest

log = logging.getLogger("zehn.api.ingest")
FileStatus = Literal["waiting", "processed", "ingested", "unchanged", "failed", "rejected"]
JobState = Literal["running", "done", "failed"]


class FileProgress(BaseModel):
    name: str
    size: int
    status: FileStatus
    reason: str | None = None


class IngestJobOut(BaseModel):
    id: str
    state: JobState
    created_at: str
    finished_at: str | None = None
    files: list[FileProgress]
    processed: int
    total: int
    documents: int = 0
    message: str | None = None


class JobBusy(ZehnError):
    """Another ingest job is still running."""


@dataclass(frozen=True)
class SavedFile:
    name: str  # the uploaded relative path
    path: Path | None  # where it was saved; None when it was rejected before the run
    size: int
    reason: str | None = None


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class IngestJobs:
    """The running (or last) job. Callers read snapshots (:meth:`get`); only the worker changes a job."""

    def __init__(self, ingestor: DocumentIngest) -> None:
        self._ingestor = ingestor
        self._lock = threading.Lock()
        self._jobs: dict[str, IngestJobOut] = {}
        self._running: str | None = None

    @property
    def busy(self) -> bool:
        with self._lock:
            return self._running is not None

    def get(self, job_id: str) -> IngestJobOut | None:
        with self._lock:
            job = self._jobs.get(job_id)
            return job.model_copy(deep=True) if job else None

    def latest(self) -> IngestJobOut | None:
        with self._lock:
            last = next(reversed(self._jobs.values()), None)
            return last.model_copy(deep=True) if last else None

    def start(self, job_id: str, folder: Path, files: list[SavedFile]) -> IngestJobOut:
        """Start ingesting ``folder`` in a worker thread; ``JobBusy`` while another job runs."""
        job = IngestJobOut(id=job_id, state="running", created_at=_now(), processed=0,
                           total=sum(1 for f in files if f.path is not None),
                           files=[FileProgress(name=f.name, size=f.size, status="rejected" if f.path is None
                                               else "waiting", reason=f.reason) for f in files])
        with self._lock:
            if self._running is not None:
                raise JobBusy(f"ingest job {self._running} is still running: wait for it to finish")
            self._running = job_id
            self._jobs[job_id] = job
        # The pipeline names a document by its path inside the folder (a load failure by the file's full path).
        by_path: dict[str, str] = {}
        for f in files:
            if f.path is not None:
                by_path[os.path.realpath(f.path)] = f.name
                by_path[f.path.relative_to(folder).as_posix()] = f.name
        threading.Thread(target=self._run, args=(job_id, folder, by_path), name=f"zehn-ingest-{job_id}",
                         daemon=True).start()
        return self.get(job_id) or job

    def _update(self, job_id: str, name: str | None, status: FileStatus, reason: str | None = None) -> None:
        with self._lock:
            job = self._jobs[job_id]
            for f in job.files:
                if f.name == name and f.status not in ("rejected", "failed"):
                    f.status, f.reason = status, reason

    def _run(self, job_id: str, folder: Path, by_path: dict[str, str]) -> None:
        def name_of(path: str) -> str:
            return by_path.get(path) or by_path.get(os.path.realpath(folder / path)) or path

        def progress(path: str, _index: int, _total: int) -> None:
            self._update(job_id, name_of(path), "processed")
            with self._lock:
                job = self._jobs[job_id]
                job.processed = sum(1 for f in job.files if f.status == "processed")

        report: IngestReport | None = None
        message: str | None = None
        try:
            report = self._ingestor.ingest([folder], progress) if by_path else IngestReport()
        except ZehnError as exc:
            message = str(exc)
            log.warning("ingest job %s failed: %s", job_id, exc)
        except Exception as exc:  # the job must end in a state a client can read, never stay "running"
            message = "internal error (see the server log)"
            log.exception("ingest job %s failed", job_id, exc_info=exc)
        with self._lock:
            job = self._jobs[job_id]
            if report is not None:
                failed = {name_of(e["path"]): e["reason"] for e in report.errors}
                for f in job.files:
                    if f.name in failed:
                        f.status, f.reason = "failed", failed[f.name]
                    elif f.status == "processed":
                        f.status = "ingested"
                    elif f.status == "waiting":
                        f.status = "unchanged"
                job.documents = report.documents
            job.state = "done" if report is not None else "failed"
            job.message = message
            job.processed = sum(1 for f in job.files if f.status not in ("waiting", "rejected"))
            job.finished_at = _now()
            self._running = None
