/**
 * Documents: every ingested document, filtered by source type, or searched by the words of its sentences (the
 * evidence full-text index); each hit shows its matching sentences, which open highlighted. Filter, search and
 * page live in the URL (Back returns to the same list).
 */
import { useEffect, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { api, unwrap } from "../../api/client";
import { ErrorNotice, Loading } from "../../shared/ErrorNotice";
import { documentHref } from "../../shared/links";
import { useApi } from "../../shared/useApi";

const PAGE = 25;

export function DocumentsScreen() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const type = params.get("type") ?? "";
  const page = Math.max(0, Number(params.get("page") ?? "0") || 0);
  const [input, setInput] = useState(q);
  useEffect(() => setInput(q), [q]);
  const [docs, reload] = useApi((signal) => unwrap(api.GET("/api/documents", { params: { query: {
    q: q || undefined, source_type: type || undefined, offset: page * PAGE, limit: PAGE } }, signal })), [q, type, page]);

  const set = (changes: Record<string, string>) => setParams((p) => {
    for (const [k, v] of Object.entries(changes)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    if (!("page" in changes)) p.delete("page");
    return p;
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    set({ q: input.trim() });
  };
  const total = docs.state === "ok" ? docs.data.total : 0;
  const pages = Math.max(1, Math.ceil(total / PAGE));

  return (
    <div className="screen">
      <h1>Documents</h1>
      <p className="lede">What ZEHN has read. Search finds documents by the words of their sentences.{" "}
        <Link to="/ingest">Add documents</Link></p>
      <form className="inline-form" onSubmit={submit} role="search" aria-label="Search documents">
        <label htmlFor="documents-q">Words</label>
        <input id="documents-q" className="input" value={input} onChange={(e) => setInput(e.target.value)}
          placeholder="e.g. tile cache eviction" autoComplete="off" />
        <label htmlFor="documents-type">Source</label>
        <select id="documents-type" className="input select" value={type} onChange={(e) => set({ type: e.target.value })}>
          <option value="">All sources</option>
          {docs.state === "ok" && Object.entries(docs.data.source_types).map(([t, n]) => (
            <option key={t} value={t}>{t} ({n})</option>
          ))}
          {type && docs.state === "ok" && !(type in docs.data.source_types) && <option value={type}>{type}</option>}
        </select>
        <button type="submit" className="btn btn-primary">Search</button>
        {(q || type) && <button type="button" className="btn" onClick={() => { setInput(""); set({ q: "", type: "" }); }}>Clear</button>}
      </form>
      {docs.state === "loading" && <Loading what="documents" />}
      {docs.state === "error" && <ErrorNotice error={docs.error} onRetry={reload} />}
      {docs.state === "ok" && (
        <>
          <p className="muted" data-testid="documents-count" role="status">
            {total === 0 ? (q ? "No document has a sentence with these words." : "No documents yet.")
              : `${total.toLocaleString()} document${total === 1 ? "" : "s"}${q ? " match" : ""}`}
          </p>
          <ul className="document-list">
            {docs.data.documents.map((d) => (
              <li key={d.id} className="document-item" data-testid="document-item">
                <Link to={documentHref(d.id)} className="document-title">{d.title ?? d.id}</Link>{" "}
                <span className="type-tag">{d.source_type}</span>
                {d.updated && <span className="muted"> · updated {d.updated}</span>}
                {(d.hits ?? []).length > 0 && (
                  <ul className="hit-list">
                    {(d.hits ?? []).map((h) => (
                      <li key={h.evidence_id}>
                        <Link to={documentHref(d.id, h.start, h.end, h.evidence_id)} className="hit">
                          <q className="source-quote-inline">{h.text}</q>
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav className="pager" aria-label="Pages">
              <button type="button" className="btn btn-small" disabled={page === 0}
                onClick={() => set({ page: String(page - 1) })}>← Previous</button>
              <span>Page {page + 1} of {pages}</span>
              <button type="button" className="btn btn-small" disabled={page + 1 >= pages}
                onClick={() => set({ page: String(page + 1) })}>Next →</button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
