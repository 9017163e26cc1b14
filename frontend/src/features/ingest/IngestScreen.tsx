/**
 * Ingest: upload files or a whole folder; the server ingests them as `zehn ingest` would (same rules, same code
 * path) and reports each file: ingested, unchanged, failed (why) or rejected before reading (why). Progress is
 * polled; one ingest runs at a time.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { api, unwrap } from "../../api/client";
import type { FileProgress, IngestJobOut } from "../../api/types";
import { ErrorNotice } from "../../shared/ErrorNotice";
import { documentsHref } from "../../shared/links";

const POLL_MS = 1000;

const STATUS_WORDS: Record<FileProgress["status"], string> = {
  waiting: "Waiting", processed: "Read", ingested: "Ingested", unchanged: "Unchanged (already ingested)",
  failed: "Failed", rejected: "Not accepted",
};

/** The multipart body: each file under "files", named by its path inside the chosen folder when there is one. */
export function uploadForm(files: File[]): FormData {
  const form = new FormData();
  for (const f of files) form.append("files", f, f.webkitRelativePath || f.name);
  return form;
}

function JobView({ job }: { job: IngestJobOut }) {
  const done = job.state !== "running";
  const counts = job.files.reduce<Record<string, number>>((acc, f) => ({ ...acc, [f.status]: (acc[f.status] ?? 0) + 1 }), {});
  return (
    <section className="panel" aria-label="Ingest progress" data-testid="ingest-job" data-state={job.state}>
      <h2>{job.state === "running" ? "Ingesting…" : job.state === "done" ? "Finished" : "Stopped by an error"}</h2>
      <p role="status">
        {job.processed} of {job.total} file{job.total === 1 ? "" : "s"} read
        {done && <> · {counts.ingested ?? 0} ingested, {counts.unchanged ?? 0} unchanged, {counts.failed ?? 0} failed,{" "}
          {counts.rejected ?? 0} not accepted</>}
      </p>
      {job.total > 0 && <progress max={job.total} value={job.processed} aria-label="Files read" />}
      {job.state === "failed" && (
        <p className="notice notice-error">The ingest stopped: the graph stopped answering or the server failed.
          Files not yet read were not ingested; upload them again when the graph is back.</p>
      )}
      <table className="history-table">
        <thead><tr><th scope="col">File</th><th scope="col">Size</th><th scope="col">Result</th></tr></thead>
        <tbody>
          {job.files.map((f) => (
            <tr key={f.name} className={`file-${f.status}`} data-testid="ingest-file" data-status={f.status}>
              <td><code className="wrap">{f.name}</code></td>
              <td>{f.size.toLocaleString()} B</td>
              <td>{STATUS_WORDS[f.status]}{f.reason && <span className="muted"> — {f.reason}</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {done && (counts.ingested ?? 0) > 0 && (
        <p><Link to={documentsHref()}>See the documents</Link> · <Link to="/">Ask about them</Link></p>
      )}
    </section>
  );
}

export function IngestScreen() {
  const [files, setFiles] = useState<File[]>([]);
  const [job, setJob] = useState<IngestJobOut | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [sending, setSending] = useState(false);
  const folderInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    folderInput.current?.setAttribute("webkitdirectory", "");
  }, []);

  useEffect(() => {
    if (!job || job.state !== "running") return;
    const ctrl = new AbortController();
    const t = window.setTimeout(() => {
      unwrap(api.GET("/api/ingest/{job_id}", { params: { path: { job_id: job.id } }, signal: ctrl.signal }))
        .then(setJob, (err: unknown) => { if (!ctrl.signal.aborted) setError(err); });
    }, POLL_MS);
    return () => { ctrl.abort(); window.clearTimeout(t); };
  }, [job]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!files.length) return;
    setSending(true);
    setError(null);
    try {
      setJob(await unwrap(api.POST("/api/ingest", { body: uploadForm(files) as never })));
      setFiles([]);
    } catch (err) {
      setError(err);
    } finally {
      setSending(false);
    }
  };
  const busy = sending || job?.state === "running";
  const size = files.reduce((n, f) => n + f.size, 0);

  return (
    <div className="screen">
      <h1>Ingest</h1>
      <p className="lede">Add Markdown (with or without front matter) or plain-text files. They are read exactly as
        <code> zehn ingest</code> reads them: a file already ingested unchanged is skipped, a changed one replaces its
        old version, and a file that cannot be read is reported with the reason.</p>
      <form className="upload-form" onSubmit={submit} aria-label="Upload documents">
        <div className="upload-pickers">
          <label className="btn" htmlFor="upload-files">Choose files…</label>
          <input id="upload-files" className="visually-hidden" type="file" multiple accept=".md,.markdown,.txt,text/*"
            onChange={(e) => setFiles([...(e.target.files ?? [])])} disabled={busy} data-testid="upload-files" />
          <label className="btn" htmlFor="upload-folder">Choose a folder…</label>
          <input id="upload-folder" ref={folderInput} className="visually-hidden" type="file" multiple
            onChange={(e) => setFiles([...(e.target.files ?? [])])} disabled={busy} />
        </div>
        <p role="status">{files.length ? `${files.length} file${files.length === 1 ? "" : "s"} chosen, ` +
          `${size.toLocaleString()} bytes` : "No files chosen."}</p>
        <button type="submit" className="btn btn-primary" disabled={!files.length || busy}>
          {sending ? "Uploading…" : "Upload and ingest"}
        </button>
      </form>
      {error !== null && <ErrorNotice error={error} />}
      {job && <JobView job={job} />}
    </div>
  );
}
