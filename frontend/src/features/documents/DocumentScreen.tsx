/**
 * One source document: its metadata as a table, its body as formatted Markdown, and the cited character range
 * highlighted, scrolled into view and focused (in the table when the citation is a metadata line). "Exact text"
 * shows the characters as stored, which every offset refers to. Steps through the citations of the answer that
 * led here.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { api, unwrap } from "../../api/client";
import type { DocumentOut } from "../../api/types";
import { ErrorNotice, Loading } from "../../shared/ErrorNotice";
import { Markdown } from "../../shared/Markdown";
import { useApi } from "../../shared/useApi";
import { CitationSteps } from "./CitationSteps";
import { keyWords, splitFrontMatter, type MetaRow } from "./frontMatter";
import { rehypeHighlightRange } from "./highlightRange";

function parseOffset(v: string | null): number | undefined {
  if (v === null || v.trim() === "") return undefined;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

export function HighlightedText({ text, start, end }: { text: string; start?: number; end?: number }) {
  if (start === undefined || end === undefined) return <div className="doc-text">{text}</div>;
  return (
    <div className="doc-text">
      {text.slice(0, start)}
      <mark className="cited" tabIndex={-1} data-testid="cited-range"
        aria-label={`Cited range, characters ${start} to ${end}`}>{text.slice(start, end)}</mark>
      {text.slice(end)}
    </div>
  );
}

function MetaTable({ doc, rows, start, end }: { doc: DocumentOut; rows: MetaRow[]; start?: number; end?: number }) {
  const shown: MetaRow[] = rows.length > 0 ? rows : [
    { key: "source_type", value: doc.source_type, start: -1, end: -1 },
    { key: "authors", value: (doc.authors ?? []).join(", "), start: -1, end: -1 },
    { key: "created", value: doc.created ?? "", start: -1, end: -1 },
  ].filter((r) => r.value);
  if (shown.length === 0) return null;
  return (
    <table className="meta-table" aria-label="Document metadata">
      <tbody>
        {shown.map((r, i) => {
          const cited = start !== undefined && end !== undefined && r.start >= 0 && start < r.end && r.start < end;
          return (
            <tr key={i} className={cited ? "cited-row" : undefined}>
              <th scope="row">{r.group ? <span className="muted">{keyWords(r.group)} · </span> : null}{keyWords(r.key)}</th>
              <td>{cited
                ? <mark className="cited" tabIndex={-1} data-testid="cited-range">{r.value}</mark>
                : r.value}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function DocumentBody({ doc, start, end }: { doc: DocumentOut; start?: number; end?: number }) {
  const [exact, setExact] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const { rows, bodyStart } = useMemo(() => splitFrontMatter(doc.text), [doc.text]);
  const body = doc.text.slice(bodyStart);
  const inBody = start !== undefined && end !== undefined && end > bodyStart;
  const plugins = useMemo(() => (inBody && start !== undefined && end !== undefined
    ? [[rehypeHighlightRange, { source: body, start: start - bodyStart, end: end - bodyStart }] as const]
    : []), [inBody, body, start, end, bodyStart]);

  useEffect(() => {
    const mark = box.current?.querySelector<HTMLElement>('[data-testid="cited-range"]');
    if (!mark) return;
    if (typeof mark.scrollIntoView === "function") mark.scrollIntoView({ block: "center" });
    mark.focus({ preventScroll: true });
  }, [doc.text, start, end, exact]);

  return (
    <div ref={box}>
      <MetaTable doc={doc} rows={rows} start={exact ? undefined : start} end={exact ? undefined : end} />
      <p>
        <button type="button" className="btn btn-small" aria-pressed={exact} onClick={() => setExact((x) => !x)}>
          {exact ? "Show formatted" : "Show exact text"}
        </button>{" "}
        <span className="muted">{exact ? "The characters exactly as stored; every citation offset points into them."
          : "Formatted for reading."}</span>
      </p>
      {exact
        ? <HighlightedText text={doc.text} start={start} end={end} />
        : <Markdown className="doc-markdown" rehypePlugins={plugins as never}>{body}</Markdown>}
    </div>
  );
}

export function DocumentScreen() {
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const start = parseOffset(params.get("start"));
  const end = parseOffset(params.get("end"));
  const ev = params.get("ev");
  const answerId = params.get("answer");
  const [doc, reload] = useApi((signal) => unwrap(api.GET("/api/documents/{document_id}", {
    params: { path: { document_id: id } }, signal })), [id]);
  const rangeOk = doc.state !== "ok" || start === undefined ||
    (end !== undefined && start < end && end <= doc.data.text.length);

  return (
    <div className="screen document-screen">
      <p className="back-links">
        <button type="button" className="btn-link" onClick={() => navigate(-1)}>← Back</button> ·{" "}
        <Link to="/">Ask</Link> · <Link to="/documents">All documents</Link>
      </p>
      {doc.state === "loading" && <Loading what="the document" />}
      {doc.state === "error" && <ErrorNotice error={doc.error} onRetry={reload} />}
      {doc.state === "ok" && (
        <>
          <h1>{doc.data.title}</h1>
          <p className="muted">{doc.data.source_type}
            {start !== undefined && end !== undefined && rangeOk && <> · cited characters {start}–{end}</>}</p>
          {answerId && <CitationSteps answerId={answerId} evidenceId={ev} />}
          {!rangeOk && (
            <p className="notice notice-error" role="alert">
              The requested range {start}–{end ?? "?"} is outside this document ({doc.data.text.length} characters).
            </p>
          )}
          <DocumentBody doc={doc.data} start={rangeOk ? start : undefined} end={rangeOk ? end : undefined} />
        </>
      )}
    </div>
  );
}
