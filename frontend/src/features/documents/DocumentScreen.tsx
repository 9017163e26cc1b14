/** A source document with the cited character range highlighted and scrolled into view. */
import { useEffect, useRef } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { apiGet } from "../api/client";
import type { DocumentOut } from "../api/types";
import { ErrorNotice, Loading } from "../components/ErrorNotice";
import { useApi } from "../components/useApi";

function parseOffset(v: string | null): number | undefined {
  if (v === null || v.trim() === "") return undefined;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

export function HighlightedText({ text, start, end }: { text: string; start?: number; end?: number }) {
  const markRef = useRef<HTMLElement>(null);
  const valid = start !== undefined && end !== undefined && start < end && end <= text.length;
  useEffect(() => {
    const mark = markRef.current;
    if (!mark) return;
    if (typeof mark.scrollIntoView === "function") mark.scrollIntoView({ block: "center" });
    mark.focus({ preventScroll: true });
  }, [text, start, end]);
  if (!valid) {
    return (
      <>
        {start !== undefined && (
          <p className="notice notice-error" role="alert">
            The requested range {start}–{end ?? "?"} is outside this document ({text.length} characters).
          </p>
        )}
        <div className="doc-text">{text}</div>
      </>
    );
  }
  return (
    <div className="doc-text">
      {text.slice(0, start)}
      <mark ref={markRef} className="cited" tabIndex={-1} data-testid="cited-range"
        aria-label={`Cited range, characters ${start} to ${end}`}>
        {text.slice(start, end)}
      </mark>
      {text.slice(end)}
    </div>
  );
}

function Meta({ doc }: { doc: DocumentOut }) {
  const rows: [string, string | undefined | null][] = [
    ["Source", doc.source_type],
    ["Authors", (doc.authors ?? []).join(", ")],
    ["Participants", (doc.participants ?? []).join(", ")],
    ["Created", doc.created],
    ["Updated", doc.updated],
    ["Path", doc.original_path ?? doc.path],
  ];
  return (
    <dl className="meta-grid">
      {rows.filter(([, v]) => v).map(([k, v]) => (
        <div key={k} className="meta-row"><dt>{k}</dt><dd>{v}</dd></div>
      ))}
    </dl>
  );
}

export function DocumentScreen() {
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const start = parseOffset(params.get("start"));
  const end = parseOffset(params.get("end"));
  const ev = params.get("ev");
  const [doc, reload] = useApi((signal) => apiGet("/api/documents/{document_id}", { path: { document_id: id }, signal }), [id]);

  return (
    <div className="screen document-screen">
      {doc.state === "loading" && <Loading what="the document" />}
      {doc.state === "error" && <ErrorNotice error={doc.error} onRetry={reload} />}
      {doc.state === "ok" && (
        <>
          <h1>{doc.data.title}</h1>
          <p className="muted">
            <code>{doc.data.id}</code>
            {start !== undefined && end !== undefined && <> · cited characters {start}–{end}</>}
            {ev && <> · evidence <code>{ev}</code></>}
          </p>
          <Meta doc={doc.data} />
          <HighlightedText text={doc.data.text} start={start} end={end} />
          <p><Link to="/">Back to Ask</Link></p>
        </>
      )}
    </div>
  );
}
