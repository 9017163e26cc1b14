/** History: stored answers, newest first; searchable by question words, filterable by status; open or ask again.
 * The search and the filter live in the URL, so Back returns to the same list. */
import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { api, unwrap } from "../../api/client";
import type { AnswerStatus } from "../../api/types";
import { ErrorNotice, Loading } from "../../shared/ErrorNotice";
import { answerHref } from "../../shared/links";
import { useApi } from "../../shared/useApi";
import { STATUS_LABEL } from "../ask/AnswerView";

const STATUSES = Object.keys(STATUS_LABEL).filter((s) => s !== "unavailable") as AnswerStatus[];

export function HistoryScreen() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const q = params.get("q") ?? "";
  const raw = params.get("status");
  const status = STATUSES.includes(raw as AnswerStatus) ? (raw as AnswerStatus) : undefined;
  const show = params.get("show");  // "stale": a cited sentence changed since; "current": none did
  const stale = show === "stale" ? true : show === "current" ? false : undefined;
  const [input, setInput] = useState(q);
  useEffect(() => setInput(q), [q]);
  const [history, reload] = useApi((signal) => unwrap(api.GET("/api/history", {
    params: { query: { limit: 200, q: q || undefined, status, stale } }, signal })), [q, status, stale]);

  const set = (key: string, value: string) => setParams((p) => {
    if (value) p.set(key, value);
    else p.delete(key);
    return p;
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    set("q", input.trim());
  };

  return (
    <div className="screen">
      <h1>History</h1>
      <p className="lede">Every final answer is kept, abstentions and refusals included. Answers given while the graph
        was down are not stored.</p>
      <form className="inline-form" onSubmit={submit} role="search" aria-label="Search history">
        <label htmlFor="history-q">Question contains</label>
        <input id="history-q" className="input" value={input} onChange={(e) => setInput(e.target.value)}
          placeholder="e.g. geo-index" autoComplete="off" />
        <label htmlFor="history-status">Status</label>
        <select id="history-status" className="input select" value={status ?? ""}
          onChange={(e) => set("status", e.target.value)}>
          <option value="">Any</option>
          {STATUSES.map((s) => <option key={s} value={s}>{STATUS_LABEL[s]}</option>)}
        </select>
        <label htmlFor="history-show">Sources</label>
        <select id="history-show" className="input select" value={show ?? ""} onChange={(e) => set("show", e.target.value)}>
          <option value="">Any</option>
          <option value="stale">Stale (a cited sentence changed)</option>
          <option value="current">Current</option>
        </select>
        <button type="submit" className="btn btn-primary">Search</button>
      </form>
      {history.state === "loading" && <Loading what="history" />}
      {history.state === "error" && <ErrorNotice error={history.error} onRetry={reload} />}
      {history.state === "ok" && history.data.answers.length === 0 && (
        <p className="muted" data-testid="history-empty">
          {q || status || show ? "No stored answer matches." : "No answers yet. Ask something first."}
        </p>
      )}
      {history.state === "ok" && history.data.answers.length > 0 && (
        <table className="history-table">
          <thead>
            <tr><th scope="col">When</th><th scope="col">Question</th><th scope="col">Status</th>
              <th scope="col">Sources</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr>
          </thead>
          <tbody>
            {history.data.answers.map((a) => (
              <tr key={a.id}>
                <td>{new Date(a.created_at).toLocaleString()}</td>
                <td><Link to={answerHref(a.id)}>{a.question}</Link></td>
                <td><span className={`status status-${a.status}`}>{STATUS_LABEL[a.status]}</span>
                  {a.stale && <span className="badge badge-stale" data-testid="stale-badge">stale</span>}</td>
                <td>{a.citations}</td>
                <td>
                  <button type="button" className="btn btn-small"
                    onClick={() => navigate(`/?ask=${encodeURIComponent(a.question)}`)}
                    aria-label={`Ask again: ${a.question}`}>Ask again</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
