"""``POST /api/ingest``: upload files (or a folder's files) and ingest them as ``zehn ingest`` would.

Limits are checked before a body is read whole: the request's Content-Length against ``max_upload_bytes``
(413; 411 without one), the number of files against :data:`MAX_FILES` (the multipart parser stops there), and each
file against ``settings.max_document_bytes`` while it is copied to disk in chunks (the multipart parser spools
uploads to temporary files, not memory). A refused file is reported in the job with its reason, not dropped.

Uploads are saved under ``<data dir>/uploads/<job id>/`` with their relative paths (a folder upload keeps its
structure, so document ids are stable across uploads of the same folder) and ingested from there.
``GET /api/ingest/{job_id}`` (or ``/api/ingest/latest``) reports progress per file; one job runs at a time (409).
Every route here is a write (or its progress) and needs a token, also on loopback (:mod:`zehn.api.auth`); the guard
has already refused a body over ``settings.max_upload_bytes`` while it streamed in.
"""

from __future__ import annotations

import uuid
from pathlib import Path, PurePosixPath
from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi import Path as PathParam
from fastapi.responses import JSONResponse
from starlette.datastructures import UploadFile

from zehn.api.auth import Writer
from zehn.api.deps import ReadyServices, get_services
from zehn.api.errors import ErrorOut, NotFound
from zehn.api.ingest_jobs import IngestJobOut, IngestJobs, JobBusy, SavedFile

router = APIRouter(prefix="/api", tags=["ingest"])
Deps = ReadyServices  # no upload is taken while the graph is not ready (503)
MAX_FILES = 1000
CHUNK = 64 * 1024
ERRORS: dict[int | str, dict[str, object]] = {
    403: {"model": ErrorOut, "description": "this service takes no uploads (started without an ingest pipeline)"},
    404: {"model": ErrorOut}, 409: {"model": ErrorOut, "description": "another ingest job is running"},
    411: {"model": ErrorOut}, 413: {"model": ErrorOut}, 422: {"model": ErrorOut},
    503: {"model": ErrorOut, "description": "uploads unavailable or the graph is down"},
}


class UploadsDisabled(Exception):
    """This service was built without an ingest pipeline (a read-only embedding of the API): uploads are refused."""


def jobs_of(request: Request) -> IngestJobs:
    """The app's job registry (one per app), made on first use. Progress stays readable while the graph is down
    (the job then reports its failure)."""
    services = get_services(request)
    if services.ingestor is None:
        raise UploadsDisabled()
    registry: IngestJobs | None = getattr(request.app.state, "ingest_jobs", None)
    if registry is None:
        registry = IngestJobs(services.ingestor)
        request.app.state.ingest_jobs = registry
    return registry


Jobs = Annotated[IngestJobs, Depends(jobs_of)]


def _refuse(status: int, kind: str, message: str) -> JSONResponse:
    body = ErrorOut(status="rejected", kind=kind, message=message)
    return JSONResponse(status_code=status, content=body.model_dump())


def safe_relative(name: str) -> PurePosixPath | None:
    """The uploaded name as a relative path inside the job folder; None for an absolute or escaping name."""
    parts = [p for p in name.replace("\\", "/").split("/") if p not in ("", ".")]
    if not parts or any(p == ".." or p.startswith("~") for p in parts):
        return None
    return PurePosixPath(*parts)


async def _save(upload: UploadFile, folder: Path, max_bytes: int) -> SavedFile:
    name = upload.filename or "upload"
    relative = safe_relative(name)
    if relative is None:
        return SavedFile(name, None, 0, "the file name leaves its folder (absolute or '..'): not saved")
    target = folder / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    size = 0
    with target.open("wb") as out:
        while chunk := await upload.read(CHUNK):
            size += len(chunk)
            if size > max_bytes:
                break
            out.write(chunk)
    if size > max_bytes:
        target.unlink()
        return SavedFile(name, None, size, f"larger than the {max_bytes:,}-byte limit for one document")
    return SavedFile(name, target, size)


UPLOAD_BODY = {"required": True, "content": {"multipart/form-data": {"schema": {
    "type": "object", "required": ["files"], "properties": {"files": {
        "type": "array", "items": {"type": "string", "format": "binary"},
        "description": "The files; a file name may hold a relative path (a folder upload)."}}}}}}


# The body is parsed here, not declared as parameters: FastAPI would read the whole form before any check.
@router.post("/ingest", response_model=IngestJobOut, status_code=202, responses=ERRORS,
             openapi_extra={"requestBody": UPLOAD_BODY},
             summary="Upload files (multipart field 'files', names may hold relative paths) and ingest them")
async def start_ingest(request: Request, services: Deps, jobs: Jobs, _writer: Writer) -> IngestJobOut | JSONResponse:
    length = request.headers.get("content-length")
    if length is None or not length.isdigit():
        return _refuse(411, "length_required", "send the upload with a Content-Length header")
    cap = services.settings.max_upload_bytes
    if int(length) > cap:
        return _refuse(413, "too_large", f"the upload is {int(length):,} bytes; the limit is {cap:,} "
                                         "bytes per upload: send fewer files at a time")
    if jobs.busy:
        return _refuse(409, "busy", "another ingest is still running: wait for it to finish")
    form = await request.form(max_files=MAX_FILES, max_fields=10)
    uploads = [f for f in form.getlist("files") if isinstance(f, UploadFile)]
    if not uploads:
        return _refuse(422, "invalid_input", "no files: send them in the multipart field 'files'")
    job_id = "ing_" + uuid.uuid4().hex[:12]
    folder = services.settings.data_dir.resolve() / "uploads" / job_id
    folder.mkdir(parents=True)
    try:
        saved = [await _save(u, folder, services.settings.max_document_bytes) for u in uploads]
    finally:
        await form.close()
    try:
        return jobs.start(job_id, folder, saved)
    except JobBusy as exc:
        return _refuse(409, "busy", str(exc))


@router.get("/ingest/latest", response_model=IngestJobOut, responses=ERRORS, summary="The running or last job")
def latest_job(jobs: Jobs, _writer: Writer) -> IngestJobOut:
    job = jobs.latest()
    if job is None:
        raise NotFound("no ingest job has run since the service started")
    return job


@router.get("/ingest/{job_id}", response_model=IngestJobOut, responses=ERRORS, summary="One ingest job's progress")
def get_job(job_id: Annotated[str, PathParam(max_length=100)], jobs: Jobs, _writer: Writer) -> IngestJobOut:
    job = jobs.get(job_id)
    if job is None:
        raise NotFound(f"no ingest job {job_id!r}")
    return job


async def uploads_disabled(_request: Request, _exc: Exception) -> JSONResponse:
    return _refuse(403, "uploads_disabled", "this server takes no uploads: it was started without an ingest pipeline")
